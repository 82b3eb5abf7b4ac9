/* nullmove.c -- the guards and numbers of null-move pruning.  Passing is
 * a game-agnostic trick; each game says through null_ok, zugzwang_risk and
 * null_reduction where it is unsafe or may be bolder.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "nullmove.h"

#include <stdlib.h>

enum gt_null_veto gt_null_veto(const struct gt_game *g, const struct gt_search_params *p,
                               const struct gt_null_node *n)
{
    if (!p->sp[GT_SP_NULL_MOVE] || !g->make_null)
        return GT_NULL_OFF;
    if (n->in_check)
        return GT_NULL_IN_CHECK;
    if (n->pv)
        return GT_NULL_PV;
    if (n->after_null)
        return GT_NULL_AFTER_NULL;
    if (n->depth < p->sp[GT_SP_NMP_MIN_DEPTH])
        return GT_NULL_SHALLOW;
    if (n->eval < n->beta)
        return GT_NULL_EVAL_BELOW_BETA;
    if (gt_is_decided_score(n->beta))
        return GT_NULL_MATE_BOUND;
    if (n->ply < n->nmp_min_ply)
        return GT_NULL_VERIFYING;
    if (g->null_ok && !g->null_ok(n->pos))
        return GT_NULL_GAME_VETO;
    return GT_NULL_GO;
}

/* Adaptive R: deeper searches and larger margins over beta can afford a
 * shallower look at the pass (NullMoveAdaptiveR=false: R is fixed). */
int gt_null_reduction(const struct gt_game *g, const struct gt_search_params *p,
                      const struct gt_null_node *n)
{
    const int32_t *sp = p->sp;
    int r = sp[GT_SP_NMP_BASE_R];
    if (p->sp[GT_SP_NULL_ADAPTIVE_R]) {
        int step = gt_unit_pct(g, sp[GT_SP_NMP_MARGIN]);
        int margin = (n->eval - n->beta) / (step > 0 ? step : 1);
        int most = sp[GT_SP_NMP_MARGIN_MAX];
        r += n->depth / sp[GT_SP_NMP_DEPTH_DIV] + (margin < most ? margin : most);
    }
    if (g->null_reduction)
        r = g->null_reduction(n->pos, n->depth, n->eval - n->beta, r);
    return r < 1 ? 1 : r;
}

/* A mate or a won game found after a pass proves nothing about the real
 * position. */
int gt_null_cut_score(int score, int beta)
{
    return gt_is_decided_score(score) ? beta : score;
}

/* Verify where the game fears zugzwang, and where the cut would prune a
 * deep subtree.  From depth 10 on (NullMoveVerifyDepth) every cut is
 * verified: that solves the zugzwang suite for under 1% more bench nodes,
 * where depth 14 missed a rook-ending zugzwang no move count can flag. */
bool gt_null_must_verify(const struct gt_game *g, const struct gt_search_params *p,
                         const void *pos, int depth)
{
    if (!p->sp[GT_SP_NULL_VERIFY])
        return false;
    enum gt_zugzwang_risk risk = g->zugzwang_risk ? g->zugzwang_risk(pos) : GT_RISK_LOW;
    return risk == GT_RISK_HIGH ||
           (risk == GT_RISK_MEDIUM && depth >= p->sp[GT_SP_NMP_RISK_DEPTH]) ||
           depth >= p->sp[GT_SP_NMP_VERIFY_DEPTH];
}
