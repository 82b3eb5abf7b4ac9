/* movepick.c -- move ordering: hash move, noisy moves by the game's
 * order, killers, counter move, then quiet moves by history: the butterfly
 * table (this move, whoever played before) plus, when ContinuationHistory
 * is on, the continuation tables (this move after the opponent's last move,
 * and after our own move before that).  The quiet moves are scored only
 * when the picking reaches them, and equal ones keep the generator's order.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#ifdef __AVX2__
#include <immintrin.h>
#endif

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
    if (!w->p->sp[GT_SP_CONT_HISTORY] || ply < back)
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

/* The quiet moves that get a fixed rank above the others: killers, the
 * threat our null move met one ply up, the counter move.  Looked up once a
 * node, before any of its moves is searched. */
static void find_specials(struct gt_worker *w, int ply)
{
    struct gt_frame *f = &w->stack[ply];
    /* The reply that refuted our pass one ply up is likely strong now too. */
    f->threat_up = ply > 0 ? w->stack[ply - 1].threat : GT_MOVE_NONE;
    f->counter_move = ply > 0 && w->stack[ply - 1].move != GT_MOVE_NULL
                    ? w->counter[w->stack[ply - 1].move_index] : GT_MOVE_NONE;
}

static int special_rank(const struct gt_frame *f, gt_move m)
{
    if (m == f->killers[0]) return ORDER_KILLER + 1;
    if (m == f->killers[1]) return ORDER_KILLER;
    if (m == f->threat_up) return ORDER_KILLER + 2;
    if (m == f->counter_move) return ORDER_COUNTER;
    return 0;
}

static int noisy_rank(const struct gt_worker *w, gt_move m)
{
    int order = w->g->noisy_order ? w->g->noisy_order(w->pos, m) : 0;
    /* What this piece's noisy moves to this square did lately. */
    const int div = w->p->sp[GT_SP_CAPT_HISTORY];
    if (div)
        order += w->capture[w->g->move_index(w->pos, m)] / div;
    if (order > ORDER_TACTICAL / 2) order = ORDER_TACTICAL / 2;
    if (order < -ORDER_TACTICAL / 2) order = -ORDER_TACTICAL / 2;
    return ORDER_TACTICAL + order;
}

/* Ranks the quiet moves moves[from, n), `skip` (the hash move, already
 * searched) dropped: the special ones first, in their order, then the
 * plain ones, in theirs, for gt_next_move to score by history when the
 * picking reaches them.  Returns the list's new length. */
static int rank_quiets(struct gt_worker *w, int ply, int from, int n, gt_move skip)
{
    struct gt_frame *f = &w->stack[ply];
    int k = from, nplain = 0;
    for (int i = from; i < n; i++) {
        gt_move m = f->moves[i];
        if (m == skip)
            continue;
        int s = special_rank(f, m);
        if (!s) {
            w->scratch[nplain++] = m;
            continue;
        }
        f->moves[k] = m;
        f->scores[k++] = s;
    }
    memcpy(f->moves + k, w->scratch, sizeof *w->scratch * (size_t)nplain);
    f->nscored = k;
    return k + nplain;
}

/* Ranks a whole list: the hash move first, then the noisy moves, the
 * special quiet ones and the plain quiet ones, each group in the list's
 * order.  Most nodes are cut before the plain quiet moves, by the hash
 * move, a noisy move or a killer, and until then a pick looks at the few
 * ranked moves only.  (Listing the groups in this order keeps the picks
 * among equals the same whether the list is built at once or in stages.) */
void gt_score_moves(struct gt_worker *w, int ply, gt_move tt_move, int n)
{
    const struct gt_game *g = w->g;
    struct gt_frame *f = &w->stack[ply];
    find_specials(w, ply);
    int k = 0, nquiet = 0;
    bool tt_found = false;
    for (int i = 0; i < n; i++) {       /* k <= i: no move is overwritten */
        gt_move m = f->moves[i];
        if (m == tt_move)
            tt_found = true;
        else if (g->is_noisy(w->pos, m)) {
            f->scores[k] = noisy_rank(w, m);
            f->moves[k++] = m;
        } else
            w->scratch[nquiet++] = m;
    }
    if (tt_found) {     /* first, the noisy moves a place further */
        memmove(f->moves + 1, f->moves, sizeof *f->moves * (size_t)k);
        memmove(f->scores + 1, f->scores, sizeof *f->scores * (size_t)k);
        f->moves[0] = tt_move;
        f->scores[0] = ORDER_TT;
        k++;
    }
    memcpy(f->moves + k, w->scratch, sizeof *w->scratch * (size_t)nquiet);
    rank_quiets(w, ply, k, n, GT_MOVE_NONE);
}

/* Stage one of a list built in stages: the hash move first, then the n
 * noisy moves listed from moves[1] on (the hash move among them dropped):
 * ranked as gt_score_moves would rank them.  Returns the list's length. */
int gt_score_noisy_stage(struct gt_worker *w, int ply, gt_move tt_move, int n)
{
    struct gt_frame *f = &w->stack[ply];
    find_specials(w, ply);
    int k = 0;
    if (tt_move) {
        f->moves[0] = tt_move;
        f->scores[0] = ORDER_TT;
        k = 1;
    }
    for (int i = 1; i <= n; i++) {
        gt_move m = f->moves[i];
        if (m == tt_move)
            continue;
        f->scores[k] = noisy_rank(w, m);
        f->moves[k++] = m;
    }
    f->nscored = k;
    return k;
}

/* Stage two: the n quiet moves listed from moves[from] on (the hash move
 * among them dropped), ranked after the noisy ones.  Returns the length. */
int gt_score_quiet_stage(struct gt_worker *w, int ply, gt_move tt_move, int from, int n)
{
    return rank_quiets(w, ply, from, from + n, tt_move);
}

/* The quiet moves from i on by history, when the picking reaches them. */
static void score_quiets(struct gt_worker *w, int ply, int n, int i)
{
    struct gt_frame *f = &w->stack[ply];
    const struct quiet_rows rows = quiet_rows(w, ply);
    for (; i < n; i++)
        f->scores[i] = quiet_score(&rows, w->g->move_index(w->pos, f->moves[i]));
}

/* The first index from i on whose score is top (there is one before the
 * list's end).  With AVX2, eight scores a compare: the loop's exit was a
 * branch the processor seldom guessed, and the frames' scores are padded
 * (GT_SCORE_PAD) for reads past the end. */
static int first_equal(const int *s, int i, int top)
{
#ifdef __AVX2__
    const __m256i t = _mm256_set1_epi32(top);
    for (;; i += 8) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(s + i));
        int hit = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(v, t)));
        if (hit)
            return i + __builtin_ctz((unsigned)hit);
    }
#else
    while (s[i] != top)
        i++;
    return i;
#endif
}

/* Index of the best move from i on (the first of equals).  Two plain
 * passes, the best score and then where it first is: the first is a max
 * reduction the compiler vectorises, cheaper over a shogi list of a
 * hundred moves than one pass carrying the index along. */
static int best_from(const struct gt_frame *f, int n, int i)
{
    const int *s = f->scores;
    int top = s[i];
    for (int j = i + 1; j < n; j++)
        top = s[j] > top ? s[j] : top;
    return first_equal(s, i, top);
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

void gt_capture_history_update(struct gt_worker *w, gt_move best, int depth,
                               const gt_move *noisy, int nnoisy)
{
    const struct gt_game *g = w->g;
    const int32_t *sp = w->p->sp;
    int bonus = depth * depth + sp[GT_SP_HIST_BONUS_LINEAR] * depth;
    if (bonus > sp[GT_SP_HIST_BONUS_MAX])
        bonus = sp[GT_SP_HIST_BONUS_MAX];
    if (best)
        nudge(&w->capture[g->move_index(w->pos, best)], bonus);
    for (int i = 0; i < nnoisy; i++)
        if (noisy[i] != best)
            nudge(&w->capture[g->move_index(w->pos, noisy[i])], -bonus);
}

void gt_picker_init(struct gt_picker *pk, int ply, gt_move tt_move, bool staged)
{
    pk->ply = ply;
    pk->tt_move = tt_move;
    pk->staged = staged;
    pk->listed = GT_PICK_NOTHING;
    pk->i = -1;
    pk->n = 0;
    pk->quiet_from = pk->bad_from = INT_MAX;
    pk->checks_only = pk->no_moves = false;
    pk->nbad = 0;            /* bad[] is left as it is: only nbad are read */
}

void gt_picker_skip_quiets(struct gt_picker *pk)
{
    if (pk->listed == GT_PICK_ALL)
        pk->i = pk->n - 1;   /* the next pick is past the quiet ones */
}

/* Hold back the noisy moves of moves[0, n) that lose material (the
 * game's exchange test), the hash move and quiet moves kept, the others'
 * order kept: they come after the quiet moves, which are more often
 * good than a losing capture is.  Done on the list as generated, before
 * it is ranked, so that one list and stages (GT_FLAG_GEN_QUIET) hold
 * back the same moves.  Returns the length left. */
static int hold_back_bad(struct gt_worker *w, struct gt_picker *pk, gt_move *moves, int n)
{
    const struct gt_game *g = w->g;
    if (!w->p->sp[GT_SP_BAD_NOISY_LAST] || !g->see_ge)
        return n;
    int k = 0;
    for (int i = 0; i < n; i++) {
        gt_move m = moves[i];
        if (pk->nbad < GT_PICK_BAD_MAX && m != pk->tt_move && g->is_noisy(w->pos, m) &&
            !g->see_ge(w->pos, m, 0)) {
            /* Kept best first by the game's order (insertion: the lists
             * are short); equals in the generator's order. */
            int j = pk->nbad++, s = noisy_rank(w, m);
            for (; j > 0 && pk->bad_rank[j - 1] < s; j--) {
                pk->bad[j] = pk->bad[j - 1];
                pk->bad_rank[j] = pk->bad_rank[j - 1];
            }
            pk->bad[j] = m;
            pk->bad_rank[j] = s;
            continue;
        }
        moves[k++] = m;
    }
    return k;
}

gt_move gt_picker_next(struct gt_worker *w, struct gt_picker *pk)
{
    const struct gt_game *g = w->g;
    const int ply = pk->ply;
    struct gt_frame *f = &w->stack[ply];
    const gt_move tt_move = pk->tt_move;
    int i = ++pk->i;
    if (i == 0 && tt_move)
        return tt_move;
    if (pk->listed == GT_PICK_NOTHING) {
        /* Fresh histories: the hash move's subtree taught them. */
        if (pk->staged) {
            int k = g->generate(w->pos, GT_GEN_NOISY, f->moves + 1);
            k = hold_back_bad(w, pk, f->moves + 1, k);
            pk->n = gt_score_noisy_stage(w, ply, tt_move, k);
            pk->listed = GT_PICK_NOISY;
        } else {
            pk->n = g->generate(w->pos, GT_GEN_ALL, f->moves);
            if (pk->n == 0) {
                pk->no_moves = true;
                return GT_MOVE_NONE;
            }
            pk->n = hold_back_bad(w, pk, f->moves, pk->n);
            gt_score_moves(w, ply, tt_move, pk->n);
            pk->quiet_from = f->nscored;  /* past them, quiet moves only */
            pk->listed = GT_PICK_ALL;
        }
        if (tt_move)
            gt_next_move(w, ply, pk->n, 0);  /* the hash move, searched */
    }
    if (i >= pk->n && pk->listed == GT_PICK_NOISY) {
        int k = g->generate(w->pos, GT_GEN_QUIET, f->moves + pk->n);
        pk->quiet_from = pk->n;
        pk->n = gt_score_quiet_stage(w, ply, tt_move, pk->n, k);
        pk->listed = GT_PICK_ALL;
        if (pk->n == 0 && pk->nbad == 0) {
            pk->no_moves = true;
            return GT_MOVE_NONE;
        }
    }
    if (i >= pk->n && pk->listed == GT_PICK_ALL && pk->nbad) {
        /* The held-back noisy moves, in their order, after the rest. */
        for (int j = 0; j < pk->nbad; j++) {
            f->moves[pk->n + j] = pk->bad[j];
            f->scores[pk->n + j] = INT_MIN;
        }
        pk->bad_from = pk->n;
        pk->n += pk->nbad;
        pk->listed = GT_PICK_BAD;
    }
    if (i >= pk->n)
        return GT_MOVE_NONE;
    if (pk->checks_only || pk->listed == GT_PICK_BAD)
        return f->moves[i];
    return gt_next_move(w, ply, pk->n, i);
}

bool gt_picker_plain_quiet(const struct gt_worker *w, const struct gt_picker *pk)
{
    return pk->listed == GT_PICK_ALL && pk->i >= w->stack[pk->ply].nscored;
}
