/* movepick.c -- move ordering: hash move, tactical moves by the game's
 * order, killers, counter move, then quiet moves by history. */
#include <config.h>
#include <stdlib.h>

#include "worker.h"

enum {
    ORDER_TT = 1 << 30,
    ORDER_TACTICAL = 1 << 29,
    ORDER_KILLER = 1 << 28,
    ORDER_COUNTER = 1 << 27,
    HISTORY_MAX = 16384
};

static int side_of(const struct gt_worker *w) { return w->g->side(w->pos) & 1; }

void gt_score_moves(struct gt_worker *w, int ply, gt_move tt_move, int n)
{
    const struct gt_game *g = w->g;
    struct gt_frame *f = &w->stack[ply];
    int16_t *hist = w->history + (size_t)side_of(w) * g->move_index_count;
    /* The reply that refuted our pass one ply up is likely strong now too. */
    gt_move threat = ply > 0 ? w->stack[ply - 1].threat : GT_MOVE_NONE;
    gt_move counter = ply > 0 && w->stack[ply - 1].move != GT_MOVE_NULL
                    ? w->counter[w->stack[ply - 1].move_index] : GT_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        gt_move m = f->moves[i];
        int s;
        if (m == tt_move)
            s = ORDER_TT;
        else if (g->is_tactical(w->pos, m)) {
            int order = g->tactical_order ? g->tactical_order(w->pos, m) : 0;
            if (order > ORDER_TACTICAL / 2) order = ORDER_TACTICAL / 2;
            if (order < -ORDER_TACTICAL / 2) order = -ORDER_TACTICAL / 2;
            s = ORDER_TACTICAL + order;
        } else if (m == f->killers[0])
            s = ORDER_KILLER + 1;
        else if (m == f->killers[1])
            s = ORDER_KILLER;
        else if (m == threat)
            s = ORDER_KILLER + 2;
        else if (m == counter)
            s = ORDER_COUNTER;
        else
            s = hist[g->move_index(w->pos, m)];
        f->scores[i] = s;
    }
}

/* Selection sort, one step at a time: most nodes cut after a few moves. */
gt_move gt_pick_move(struct gt_frame *f, int n, int i)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (f->scores[j] > f->scores[best])
            best = j;
    gt_move m = f->moves[best];
    int s = f->scores[best];
    f->moves[best] = f->moves[i];
    f->scores[best] = f->scores[i];
    f->moves[i] = m;
    f->scores[i] = s;
    return m;
}

/* History "gravity": entries saturate at HISTORY_MAX, so that the table
 * keeps learning instead of freezing on old numbers. */
static void nudge(int16_t *h, int bonus)
{
    *h += (int16_t)(bonus - *h * abs(bonus) / HISTORY_MAX);
}

void gt_history_update(struct gt_worker *w, int ply, gt_move best, int depth,
                       const gt_move *quiets, int nquiets)
{
    const struct gt_game *g = w->g;
    struct gt_frame *f = &w->stack[ply];
    int16_t *hist = w->history + (size_t)side_of(w) * g->move_index_count;
    int bonus = depth * depth > 1200 ? 1200 : depth * depth;
    if (f->killers[0] != best) {
        f->killers[1] = f->killers[0];
        f->killers[0] = best;
    }
    if (ply > 0 && w->stack[ply - 1].move != GT_MOVE_NULL)
        w->counter[w->stack[ply - 1].move_index] = best;
    nudge(&hist[g->move_index(w->pos, best)], bonus);
    for (int i = 0; i < nquiets; i++)
        if (quiets[i] != best)
            nudge(&hist[g->move_index(w->pos, quiets[i])], -bonus);
}
