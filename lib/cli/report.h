/* report.h -- search reports as text: scores, principal variations and
 * `info` lines, shared by the protocol and the command-line tools.
 * SPDX-License-Identifier: MIT */
#ifndef GT_REPORT_H
#define GT_REPORT_H

#include <stddef.h>
#include <gtsearch/game.h>

#include "core/search.h"

/* "cp 34" or "mate 3" / "mate -2"; centipawns come from the game's units. */
void gt_format_score(const struct gt_game *g, int score, char *buf, size_t len);

/* The moves of a line as protocol text, played from root; stops at the
 * first move that is not legal there.  Returns the number of moves written. */
int gt_format_line(const struct gt_game *g, const void *root, const gt_move *line,
                   int n, char *buf, size_t len);

/* A whole `info depth ... pv ...` line. */
void gt_format_info(const struct gt_game *g, const void *root,
                    const struct gt_search_info *info, char *buf, size_t len);

/* The move to answer with: the search's move if legal, else the first
 * legal move, else GT_MOVE_NONE. */
gt_move gt_safe_best_move(const struct gt_game *g, const void *root, gt_move best);

#endif
