/* ending.h -- has the game ended, how, and who won: one answer from the
 * game's hooks for the referee, the protocol and the tools.
 * SPDX-License-Identifier: MIT */
#ifndef GT_ENDING_H
#define GT_ENDING_H

#include <stdbool.h>
#include <stddef.h>
#include <gtsearch/game.h>

struct gt_ending {
    enum gt_outcome outcome;   /* for the side to move; GT_ONGOING: not over */
    int winner;                /* the side that won, -1 for a draw */
    int margin;                /* final_margin of a decided game, else 0 */
    bool no_moves;             /* ended by the moves available, not a rule */
    const char *reason;        /* the game's end_reason, or a neutral one */
};

/* Has the game ended at pos?  `ply` is passed to rule_outcome (0 for a
 * game record: only the full counts of the rules end it); `buf` has room
 * for max_moves.  A game that ends both ways at once (mate on the
 * hundredth ply of the fifty-move rule) ends by the moves when the side
 * to move is in check and has lost; otherwise the rule comes first. */
bool gt_game_ended(const struct gt_game *g, const void *pos, int ply, gt_move *buf,
                   struct gt_ending *end);

/* "white wins: checkmate", "draw: stalemate", "black wins by 12: neither
 * side can move" (the margin in units of eval_unit), with the game's own
 * side names. */
void gt_ending_text(const struct gt_game *g, const struct gt_ending *end, char *buf,
                    size_t len);

/* The game's name for a side ("white", "sente"), or "first"/"second"
 * when it gives none. */
const char *gt_side_name(const struct gt_game *g, int side);

#endif
