/* perft.h -- count the leaves of the legal move tree.
 * SPDX-License-Identifier: MIT */
#ifndef GT_PERFT_H
#define GT_PERFT_H

#include <stdint.h>
#include <gtsearch/game.h>

/* Called for each root move with its subtree's count (divide). */
typedef void (*gt_divide_fn)(void *ctx, gt_move m, uint64_t count);

/* Count the leaves of the depth-ply tree below pos (which is restored on
 * return).  Returns UINT64_MAX if memory ran out. */
uint64_t gt_perft(const struct gt_game *g, void *pos, int depth,
                  gt_divide_fn divide, void *ctx);

#endif
