/* correction.c -- correction history: per part of the position (the keys
 * the game gives, in shogi its pawns and each side's other pieces), how
 * far the static evaluation tends to stand from the score the search
 * finds, learnt as the search goes and added to the evaluation.  A plain
 * evaluation (material only, say) thus gains what the search keeps
 * finding about such parts.  The idea and the update rule are
 * Stockfish's and YaneuraOu's correction history.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <stdlib.h>

#include "history.h"
#include "util.h"
#include "worker.h"

#define CORR_LIMIT 1024      /* entries stay within +-this */
#define CORR_SCALE 800       /* entries are eighths of an eval unit, the weight
                                a percentage: 8 * 100 */
#define CORR_DEPTH_DIV 8     /* a node's bonus: its error * depth / this */
#define CORR_BONUS_MAX (CORR_LIMIT / 4) /* one node moves an entry at most this */

static int16_t *entry(const struct gt_worker *w, int k, int side, uint64_t key)
{
    size_t row = ((size_t)k * 2 + (size_t)side) * GT_CORRECTION_SIZE;
    return &w->correction[row + (key & (GT_CORRECTION_SIZE - 1))];
}

/* The evaluation raw plus what the tables say of this node's parts; the
 * node's keys are kept in its frame for gt_correction_update.  An entry
 * of CORR_LIMIT is worth an eighth of it in evaluation points at the
 * default weight (100%). */
int gt_corrected_eval(struct gt_worker *w, int ply, int raw)
{
    struct gt_frame *f = &w->stack[ply];
    const int weight = w->p->sp[GT_SP_CORRECTION];
    f->raw_eval = raw;
    f->ncorr = 0;
    if (!weight || !w->g->correction_keys || gt_is_decided_score(raw))
        return raw;
    f->ncorr = w->g->correction_keys(w->pos, f->corr_keys);
    int side = w->g->side(w->pos) & 1, sum = 0;
    for (int k = 0; k < f->ncorr; k++)
        sum += *entry(w, k, side, f->corr_keys[k]);
    /* Never into the decided scores: a corrected evaluation is no mate. */
    int v = raw + sum * weight / CORR_SCALE;
    return v > GT_EVAL_MAX ? GT_EVAL_MAX : v < -GT_EVAL_MAX ? -GT_EVAL_MAX : v;
}

/* After a node's search: when its score says the corrected evaluation
 * was still off in the direction the node's result shows (a move beat
 * the evaluation, or no move reached it), move each entry towards the
 * difference, more for deeper searches; "gravity" keeps entries within
 * CORR_LIMIT and lets them forget. */
void gt_correction_update(struct gt_worker *w, int ply, int best, int depth, bool best_move)
{
    struct gt_frame *f = &w->stack[ply];
    if (!f->ncorr || gt_is_decided_score(best) || (best > f->static_eval) != best_move)
        return;
    int bonus = (best - f->static_eval) * depth / CORR_DEPTH_DIV;
    if (bonus > CORR_BONUS_MAX) bonus = CORR_BONUS_MAX;
    if (bonus < -CORR_BONUS_MAX) bonus = -CORR_BONUS_MAX;
    int side = w->g->side(w->pos) & 1;
    for (int k = 0; k < f->ncorr; k++) {
        int16_t *e = entry(w, k, side, f->corr_keys[k]);
        *e += (int16_t)(bonus - *e * abs(bonus) / CORR_LIMIT);
    }
}
