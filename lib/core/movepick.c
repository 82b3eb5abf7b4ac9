/* movepick.c -- move ordering: hash move, noisy moves by the game's
 * order, killers, counter move, then quiet moves by history: the butterfly
 * table (this move, whoever played before) plus, when ContinuationHistory
 * is on, the continuation tables (this move after the opponent's last move,
 * and after our own move before that).  The quiet moves are scored only
 * when the picking reaches them, and equal ones keep the generator's order.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <stdlib.h>
#include <string.h>

#include "worker.h"

enum {
    ORDER_TT = 1 << 30,
    ORDER_TACTICAL = 1 << 29,
    ORDER_KILLER = 1 << 28,
    ORDER_COUNTER = 1 << 27,
    HISTORY_MAX = 16384
};

static int side_of(const struct gt_worker *w) { return w->g->side(w->pos) & 1; }

/* The continuation row of the move played `back` plies above ply, or NULL
 * when there is none (the root is near, or that move was a pass). */
static int16_t *cont_row(const struct gt_worker *w, int ply, int back)
{
    if (!w->p->cont_history || ply < back)
        return NULL;
    const struct gt_frame *f = &w->stack[ply - back];
    if (f->move == GT_MOVE_NULL || f->move == GT_MOVE_NONE || gt_is_pass(w->g, f->move))
        return NULL;
    return w->cont + (size_t)f->move_index * w->g->move_index_count;
}

/* The history rows that score and learn this node's quiet moves, looked
 * up once per node: the side's butterfly row and the continuation rows of
 * the last two moves (NULL when absent). */
struct quiet_rows {
    int16_t *hist, *c1, *c2;
};

static struct quiet_rows quiet_rows(const struct gt_worker *w, int ply)
{
    return (struct quiet_rows){
        .hist = w->history + (size_t)side_of(w) * w->g->move_index_count,
        .c1 = cont_row(w, ply, 1),
        .c2 = cont_row(w, ply, 2),
    };
}

static int quiet_score(const struct quiet_rows *r, unsigned idx)
{
    int s = r->hist[idx];
    if (r->c1) s += r->c1[idx];
    if (r->c2) s += r->c2[idx];
    return s;
}

/* Scores the moves but for the plain quiet ones, which go after the
 * others, in their order, for gt_next_move to score when the picking
 * reaches them: most nodes are cut before, by the hash move, a noisy move
 * or a killer, and until then a pick looks at the few scored moves only. */
void gt_score_moves(struct gt_worker *w, int ply, gt_move tt_move, int n)
{
    const struct gt_game *g = w->g;
    struct gt_frame *f = &w->stack[ply];
    /* The reply that refuted our pass one ply up is likely strong now too. */
    gt_move threat = ply > 0 ? w->stack[ply - 1].threat : GT_MOVE_NONE;
    gt_move counter = ply > 0 && w->stack[ply - 1].move != GT_MOVE_NULL
                    ? w->counter[w->stack[ply - 1].move_index] : GT_MOVE_NONE;
    int k = 0, nquiet = 0;
    for (int i = 0; i < n; i++) {
        gt_move m = f->moves[i];
        int s;
        if (m == tt_move)
            s = ORDER_TT;
        else if (g->is_noisy(w->pos, m)) {
            int order = g->noisy_order ? g->noisy_order(w->pos, m) : 0;
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
        else {
            w->scratch[nquiet++] = m;
            continue;
        }
        f->moves[k] = m;
        f->scores[k++] = s;
    }
    memcpy(f->moves + k, w->scratch, sizeof *w->scratch * (size_t)nquiet);
    f->nscored = k;
}

/* The quiet moves from i on by history, when the picking reaches them. */
static void score_quiets(struct gt_worker *w, int ply, int n, int i)
{
    struct gt_frame *f = &w->stack[ply];
    const struct quiet_rows rows = quiet_rows(w, ply);
    for (; i < n; i++)
        f->scores[i] = quiet_score(&rows, w->g->move_index(w->pos, f->moves[i]));
}

/* Index of the best move from i on (the first of equals). */
static int best_from(const struct gt_frame *f, int n, int i)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (f->scores[j] > f->scores[best])
            best = j;
    return best;
}

static gt_move take(struct gt_frame *f, int best, int i)
{
    gt_move m = f->moves[best];
    int s = f->scores[best];
    f->moves[best] = f->moves[i];
    f->scores[best] = f->scores[i];
    f->moves[i] = m;
    f->scores[i] = s;
    return m;
}

/* Selection sort, one step at a time: most nodes cut after a few moves.
 * The picks come in order (i = 0, 1, ...), so the first quiet one is the
 * pick at nscored. */
gt_move gt_next_move(struct gt_worker *w, int ply, int n, int i)
{
    struct gt_frame *f = &w->stack[ply];
    if (i < f->nscored)
        return take(f, best_from(f, f->nscored, i), i);
    if (i == f->nscored)
        score_quiets(w, ply, n, i);
    return take(f, best_from(f, n, i), i);
}

/* Was the move picked at i ranked below every noisy move?  Then, the
 * list being picked in order, no noisy move is left after it. */
bool gt_move_rank_below_noisy(const struct gt_frame *f, int i)
{
    return f->scores[i] < ORDER_TACTICAL - ORDER_TACTICAL / 2;
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
    const struct quiet_rows rows = quiet_rows(w, ply);
    const int32_t *sp = w->p->sp;
    int bonus = depth * depth + sp[GT_SP_HIST_BONUS_LINEAR] * depth;
    if (bonus > sp[GT_SP_HIST_BONUS_MAX])
        bonus = sp[GT_SP_HIST_BONUS_MAX];
    if (f->killers[0] != best) {
        f->killers[1] = f->killers[0];
        f->killers[0] = best;
    }
    if (ply > 0 && w->stack[ply - 1].move != GT_MOVE_NULL)
        w->counter[w->stack[ply - 1].move_index] = best;
    for (int i = -1; i < nquiets; i++) {
        gt_move m = i < 0 ? best : quiets[i];
        if (i >= 0 && m == best)
            continue;
        unsigned idx = g->move_index(w->pos, m);
        int b = i < 0 ? bonus : -bonus;
        nudge(&rows.hist[idx], b);
        if (rows.c1) nudge(&rows.c1[idx], b);
        if (rows.c2) nudge(&rows.c2[idx], b);
    }
}
