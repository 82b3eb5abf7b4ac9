/* features.h -- checking a game's input features (struct gt_features):
 * that a move's changes turn the active set before it into the active set
 * after it, that a pass changes nothing, and that indexes stay in range.
 * The tests and the module conformance checks call it on every move of
 * random games.
 * SPDX-License-Identifier: MIT */
#ifndef GT_FEATURES_H
#define GT_FEATURES_H

#include <stddef.h>
#include <gtsearch/game.h>

struct gt_features_checker;

struct gt_features_checker *gt_features_checker_new(const struct gt_game *g);
void gt_features_checker_free(struct gt_features_checker *c);

/* Play the legal move m on pos (the game's make, with undo) and check its
 * changes; a null move (GT_MOVE_NULL) uses make_null.  The move stays
 * made.  0, or -1 with err naming the perspective and the feature (the
 * position is then in no known state: end the walk). */
int gt_features_check_move(struct gt_features_checker *c, void *pos, gt_move m, void *undo,
                           char *err, size_t err_len);

#endif
