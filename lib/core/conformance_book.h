/* conformance_book.h -- selftest's checks of a game's book format
 * (struct gt_book_codec): move codes both ways, one key for one position
 * reached by two move orders, another key for the other side to move.
 * SPDX-License-Identifier: MIT */
#ifndef GT_CONFORMANCE_BOOK_H
#define GT_CONFORMANCE_BOOK_H

#include <stddef.h>
#include <gtsearch/game.h>

/* Check g->book at pos, whose legal moves are moves[0..n).  work is room
 * for three undo records and one position (gt_book_check_size bytes).
 * 0, or -1 with the fault in err and the move it concerns in *culprit
 * (GT_MOVE_NONE: the position's, GT_MOVE_NULL: the null move's). */
size_t gt_book_check_size(const struct gt_game *g);
int gt_book_check(const struct gt_game *g, void *pos, const gt_move *moves, int n,
                  bool in_check, void *work, gt_move *culprit, char *err, size_t err_len);

#endif
