/* accum.h -- the network's accumulators on a search thread's stack
 * (accum.c).  Internal to the search rooms.
 * SPDX-License-Identifier: MIT */
#ifndef GT_ACCUM_H
#define GT_ACCUM_H

#include <gtsearch/game.h>

struct gt_worker;
struct gt_net;

/* Give the worker accumulators for net (NULL: none, the game's evaluate
 * serves).  0, or -1 when out of memory. */
int gt_accum_init(struct gt_worker *w, const struct gt_net *net);
void gt_accum_free(struct gt_worker *w);
/* Record what move m (not made yet) changes for the child at ply + 1. */
void gt_accum_move(struct gt_worker *w, int ply, gt_move m);
/* The same for a null move: nothing changes. */
void gt_accum_null(struct gt_worker *w, int ply);
/* The network's score of the position at ply (the worker's position). */
int gt_accum_evaluate(struct gt_worker *w, int ply);

#endif
