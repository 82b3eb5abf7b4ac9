/* eval_weights.h -- Connect Four's evaluation weights (connect4.c), in
 * eval_unit (100 = one disc's worth of advantage).
 *
 * One parameter a line, GT_PARAM(name, value, min, max), the weights file
 * of <gtsearch/game.h>: a tuner's output replaces this file unchanged.
 * connect4.c includes it three times (the table, the values, the enum of
 * indexes), so it has no include guard.  Each weight counts for the side
 * to move and against the opponent:
 *   line            per line of four through each own disc (a corner
 *                   cell has 3, the middle of the d column 13);
 *   threat          per threat cell (an empty cell that would complete a
 *                   four);
 *   threat_good_row more per threat on the side's good rows (odd rows for
 *                   x, the first player; even rows for o);
 *   threat_stacked  per threat right above another own threat: whoever
 *                   fills the lower one gives the upper one away.  New,
 *                   at 0 (no change) for a tuner to fill in.
 * SPDX-License-Identifier: MIT */
GT_PARAM(line, 2, 0, 20)
GT_PARAM(threat, 50, 0, 300)
GT_PARAM(threat_good_row, 50, -100, 300)
GT_PARAM(threat_stacked, 0, -100, 300)
