/* nullmove.h -- the decisions of null-move pruning, as pure functions:
 * may this node pass, by how much is the pass searched shallower, what may
 * a cut return, and must it be verified.  alphabeta.c does the searching.
 * SPDX-License-Identifier: MIT */
#ifndef GT_NULLMOVE_H
#define GT_NULLMOVE_H

#include <stdbool.h>
#include <gtsearch/game.h>

#include "search.h"

/* Why a node may not pass (GT_NULL_GO: it may). */
enum gt_null_veto {
    GT_NULL_GO,
    GT_NULL_OFF,              /* NullMove off, or the game has no pass */
    GT_NULL_IN_CHECK,         /* passing would leave the king in check */
    GT_NULL_PV,               /* PV nodes get a full search */
    GT_NULL_AFTER_NULL,       /* never two passes in a row (a null move
                                 or the game's real pass) */
    GT_NULL_SHALLOW,          /* depth below NullMoveMinDepth */
    GT_NULL_EVAL_BELOW_BETA,  /* passing must look good already */
    GT_NULL_MATE_BOUND,       /* beta is a mate or decided score: needs proof */
    GT_NULL_VERIFYING,        /* inside a verification search */
    GT_NULL_GAME_VETO         /* the game's null_ok said no */
};

struct gt_null_node {
    const void *pos;
    bool in_check, pv, after_null;
    int depth, eval, beta, ply;
    int nmp_min_ply;          /* verification: no null before this ply */
};

/* Every guard, in the order they are cheapest to test. */
enum gt_null_veto gt_null_veto(const struct gt_game *g, const struct gt_search_params *p,
                               const struct gt_null_node *n);

/* The reduction R for a pass at this node (at least 1). */
int gt_null_reduction(const struct gt_game *g, const struct gt_search_params *p,
                      const struct gt_null_node *n);

/* What a null-move cut returns: never an unproven mate score. */
int gt_null_cut_score(int score, int beta);

/* Must a null fail-high at this depth be verified by a real search? */
bool gt_null_must_verify(const struct gt_game *g, const struct gt_search_params *p,
                         const void *pos, int depth);

#endif
