/* search.c -- iterative deepening with aspiration windows, run by one or
 * more threads sharing the transposition table (lazy SMP).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "search.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "history.h"
#include "tt.h"
#include "util.h"
#include "worker.h"

/* A failed aspiration window grows by this factor (structural). */
#define ASP_GROWTH 2
/* Depth beyond twice a mate's length after which it counts as proven. */
#define MATE_SPARE_PLIES 8

void gt_search_params_default(struct gt_search_params *p)
{
    *p = (struct gt_search_params){
        .threads = 1, .multipv = 1,
    };
    gt_search_param_defaults(p->sp);
}

/* Give a worker its own copy of the root, one block of memory for its
 * stack, undo records and move lists, and its thread's history tables. */
static int worker_init(struct gt_worker *w, int id, const struct gt_game *g,
                       const void *root, const struct gt_history *hist,
                       const int32_t *sp)
{
    const size_t frames = GT_MAX_PLY + 8;
    const size_t undo = (g->undo_size + 15) & ~(size_t)15;
    const size_t pos = (g->pos_size + 15) & ~(size_t)15;
    const size_t moves = (size_t)g->max_moves;
    /* + GT_SCORE_PAD: move picking reads scores a vector at a time, past
     * a list's end (movepick.c) */
    size_t bytes = pos + frames * undo + frames * moves * (sizeof(gt_move) + sizeof(int)) +
                   moves * sizeof(gt_move) + GT_SCORE_PAD * sizeof(int);
    char *mem = calloc(1, bytes);
    if (!mem)
        return -1;
    w->id = id;
    w->g = g;
    w->mem = mem;
    w->pos = mem;
    memcpy(w->pos, root, g->pos_size);
    char *cur = mem + pos;
    for (size_t i = 0; i < frames; i++, cur += undo)
        w->stack[i].undo = cur;
    for (size_t i = 0; i < frames; i++, cur += moves * sizeof(gt_move))
        w->stack[i].moves = (gt_move *)cur;
    for (size_t i = 0; i < frames; i++, cur += moves * sizeof(int))
        w->stack[i].scores = (int *)cur;
    w->scratch = (gt_move *)cur;
    w->history = hist->butterfly;
    w->counter = hist->counter;
    w->correction = hist->correction;
    w->cont = hist->cont;
    w->capture = hist->capture;
    for (size_t i = 0; i < frames; i++)
        w->stack[i].static_eval = -GT_INF;
    /* Late move reductions grow with the log of depth and of move number. */
    for (int d = 1; d < GT_LMR_TABLE; d++)
        for (int m = 1; m < GT_LMR_TABLE; m++)
            w->lmr[d][m] = (unsigned char)(sp[GT_SP_LMR_BASE] / 100.0 +
                                           log(d) * log(m) / (sp[GT_SP_LMR_DIV] / 100.0));
    return 0;
}

/* One principal variation of an iteration (MultiPV keeps several). */
struct line {
    int score, pv_len;
    gt_move pv[GT_MAX_PLY];
};

struct run {
    struct gt_worker *w;
    _Atomic int *completed;    /* deepest iteration any thread finished */
    int max_depth;
    int multipv;               /* lines to search (1 for helper threads) */
    int64_t soft_ms, hard_ms;
    int stable;                /* iterations the best move has stayed */
    gt_info_fn info;
    void *info_ctx;
    struct line lines[GT_MAX_MULTIPV];   /* this iteration's, best first */
    int prev[GT_MAX_MULTIPV];            /* the last iteration's scores */
    /* results of this thread's last completed iteration */
    gt_move best, ponder;
    int score, depth;
    bool interrupted;          /* stopped inside an iteration */
};

static void report(struct run *r, int depth, int k)
{
    struct gt_worker *w = r->w;
    const struct line *l = &r->lines[k];
    struct gt_search_info info = {
        .depth = depth, .seldepth = w->seldepth, .score = l->score, .multipv = k + 1,
        .nodes = gt_worker_all_nodes(r->w),
        .time_ms = gt_now_ms() - atomic_load(&w->ctl->report_ms),
        .hashfull = gt_tt_hashfull(w->tt),
        .pv_len = l->pv_len,
    };
    memcpy(info.pv, l->pv, sizeof(gt_move) * (size_t)info.pv_len);
    r->info(r->info_ctx, &info);
}

/* Is the main thread's time up after an iteration?  The soft limit
 * stretches for an unsettled root and shrinks for a settled one
 * (gt_time_scale), given the fall of the score since the iteration
 * before (`drop`, eval units). */
static bool out_of_soft_time(const struct run *r, int drop)
{
    const struct gt_worker *w = r->w;
    if (!r->soft_ms || atomic_load(&w->ctl->pondering))
        return false;
    const int32_t *sp = w->p->sp;
    int best_pct = r->multipv == 1 && w->root_all_nodes
                       ? (int)(w->root_best_nodes * 100 / w->root_all_nodes)
                       : 100;
    int unit = w->g->eval_unit > 0 ? w->g->eval_unit : 1;
    int pct = gt_time_scale(sp, best_pct, r->stable, drop * 100 / unit);
    int64_t soft = gt_time_stretch(w->lim, sp[GT_SP_MOVE_OVERHEAD], r->soft_ms, r->hard_ms, pct);
    return gt_now_ms() - atomic_load(&w->ctl->start_ms) >= soft;
}

/* Search the root to `depth` for its best move outside w->root_skip, in
 * aspiration windows around the last iteration's score `prev`. */
static int search_root(struct gt_worker *w, int depth, int prev)
{
    const int32_t *sp = w->p->sp;
    int window = gt_unit_pct(w->g, sp[GT_SP_ASP_WINDOW]);
    if (window < 1)
        window = 1;
    int alpha = -GT_INF, beta = GT_INF;
    if (depth >= sp[GT_SP_ASP_DEPTH] && !gt_is_decided_score(prev)) {
        alpha = prev - window > -GT_INF ? prev - window : -GT_INF;
        beta = prev + window < GT_INF ? prev + window : GT_INF;
    }
    for (;;) {
        const uint64_t start = w->nodes;
        w->root_best_nodes = 0;
        int s = gt_alphabeta(w, alpha, beta, depth, 0, false);
        w->root_all_nodes = w->nodes - start;
        if (gt_worker_should_stop(w))
            return s;
        if (s <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = s - window > -GT_INF ? s - window : -GT_INF;
        } else if (s >= beta)
            beta = s + window < GT_INF ? s + window : GT_INF;
        else
            return s;
        window *= ASP_GROWTH;
    }
}

/* The depth a thread searches after `depth`.  The main thread goes one
 * ply at a time, so that its info lines show every depth.  A helper never
 * repeats a depth that some thread has finished, and odd helpers run one
 * ply further ahead, so that the threads are not all in the same tree at
 * once: in chess at depth 16 this took 7% fewer nodes to the depth with
 * two threads than helpers that follow the main thread (tests/bench/
 * threads.sh).  The depth asked is never skipped. */
static int next_depth(const struct run *r, int depth)
{
    int next = depth + 1;
    if (r->w->id == 0)
        return next;
    int done = atomic_load_explicit(r->completed, memory_order_relaxed);
    if (next <= done)
        next = done + 1;
    next += r->w->id & 1;
    return next > r->max_depth && depth < r->max_depth ? r->max_depth : next;
}

/* Has the search settled the root for good, so that a deeper iteration
 * would only repeat it (and report depths it never needed)?  A mate seen
 * with twice its length of depth and more to spare, or a root the game's
 * length bound lets the search solve.  The answer then goes out at once
 * (or waits for stop in infinite analysis). */
static bool proven(const struct gt_worker *w, int depth, int score)
{
    if (gt_is_mate_score(score) && depth >= 2 * (GT_MATE - abs(score)) + MATE_SPARE_PLIES)
        return true;
    return w->g->max_plies_left && depth > w->g->max_plies_left(w->pos);
}

/* Iterative deepening.  With MultiPV, each iteration searches the best
 * move, then the best of the others, and so on, and reports the lines
 * best first; the answer is the first line's move. */
static void iterate(struct run *r)
{
    struct gt_worker *w = r->w;
    for (int depth = 1; depth <= r->max_depth; depth = next_depth(r, depth)) {
        w->root_depth = depth;
        w->seldepth = 0;
        int k;
        for (k = 0; k < r->multipv; k++) {
            w->root_skip_n = k;
            int s = search_root(w, depth, r->prev[k]);
            if (gt_worker_should_stop(w) || w->stack[0].pv_len == 0)
                break;
            struct line *l = &r->lines[k];
            l->score = s;
            l->pv_len = w->stack[0].pv_len;
            memcpy(l->pv, w->stack[0].pv, sizeof(gt_move) * (size_t)l->pv_len);
            w->root_skip[k] = l->pv[0];
        }
        w->root_skip_n = 0;
        if (gt_worker_should_stop(w)) {
            r->interrupted = true;
            break;      /* an unfinished iteration proves nothing */
        }
        /* Later lines searched without the first moves may still score
         * higher (a deeper look): best first, stably. */
        for (int i = 1; i < k; i++)
            for (int j = i; j > 0 && r->lines[j].score > r->lines[j - 1].score; j--) {
                struct line t = r->lines[j];
                r->lines[j] = r->lines[j - 1];
                r->lines[j - 1] = t;
            }
        for (int i = 0; i < k; i++)
            r->prev[i] = r->lines[i].score;
        if (k == 0)
            continue;
        const struct line *best = &r->lines[0];
        int drop = r->depth && !gt_is_decided_score(r->score) &&
                           !gt_is_decided_score(best->score)
                       ? r->score - best->score
                       : 0;
        r->stable = r->depth && best->pv[0] == r->best ? r->stable + 1 : 0;
        r->best = best->pv[0];
        r->ponder = best->pv_len > 1 ? best->pv[1] : GT_MOVE_NONE;
        r->score = best->score;
        r->depth = depth;
        int done = atomic_load_explicit(r->completed, memory_order_relaxed);
        while (done < depth &&
               !atomic_compare_exchange_weak_explicit(r->completed, &done, depth,
                                                      memory_order_relaxed,
                                                      memory_order_relaxed))
            ;
        if (w->id != 0) {
            /* A helper that reaches the last depth ends the search, as
             * the main thread would (not while the answer must wait):
             * its result answers as well as the main thread's. */
            if (depth >= r->max_depth && !w->lim->infinite &&
                !atomic_load(&w->ctl->pondering))
                atomic_store(&w->ctl->stop, true);
            continue;
        }
        for (int i = 0; r->info && i < k; i++)
            report(r, depth, i);
        if (w->lim->mate && r->score >= GT_MATE - 2 * w->lim->mate)
            break;
        if (proven(w, depth, r->score))
            break;
        if (out_of_soft_time(r, drop))
            break;
    }
}

/* Does the search run against a clock (as opposed to depth, nodes or
 * infinite analysis)? */
static bool on_the_clock(const struct gt_limits *lim, int side)
{
    return !lim->infinite && (lim->movetime > 0 || lim->time[side & 1] > 0 ||
                              lim->inc[side & 1] > 0 || lim->byoyomi > 0);
}

static void *helper_main(void *arg)
{
    iterate(arg);
    return NULL;
}

int gt_search(const struct gt_game *g, const void *root, struct gt_tt *tt,
              const struct gt_search_params *params, const struct gt_limits *lim,
              struct gt_search_ctl *ctl, gt_info_fn info, void *info_ctx,
              struct gt_search_result *res)
{
    int nthreads = params->threads > 0 ? params->threads : 1;
    int multipv = params->multipv < 1 ? 1 : params->multipv > GT_MAX_MULTIPV ? GT_MAX_MULTIPV
                                                                            : params->multipv;
    struct gt_worker *workers = calloc((size_t)nthreads, sizeof *workers);
    struct run *runs = calloc((size_t)nthreads, sizeof *runs);
    pthread_t *threads = calloc((size_t)nthreads, sizeof *threads);
    struct gt_crumb *crumbs = nthreads > 1 ? calloc(GT_CRUMBS, sizeof *crumbs) : NULL;
    int64_t soft = 0, hard = 0;
    int rc = 0;
    struct gt_histories hist = {0};

    memset(res, 0, sizeof *res);
    if (!workers || !runs || !threads || (nthreads > 1 && !crumbs) ||
        gt_histories_alloc(&hist, g->move_index_count, nthreads) < 0) {
        rc = -1;
        goto out;
    }
    gt_time_budget(lim, g->side(root), params->sp[GT_SP_MOVE_OVERHEAD], params->sp, &soft, &hard);
    gt_tt_new_search(tt);
    for (int i = 0; i < nthreads; i++) {
        if (worker_init(&workers[i], i, g, root, &hist.set[i], params->sp) < 0 ||
            gt_accum_init(&workers[i], params->net) < 0) {
            rc = -1;
            goto out;
        }
        workers[i].tt = tt;
        workers[i].crumbs = crumbs;
        workers[i].p = params;
        workers[i].lim = lim;
        workers[i].ctl = ctl;
        workers[i].peers = workers;
        workers[i].npeers = nthreads;
        if (i == 0) {
            workers[i].info = info;
            workers[i].info_ctx = info_ctx;
        }
        workers[i].hard_ms = hard;
        runs[i] = (struct run){
            .w = &workers[i],
            .max_depth = lim->depth > 0 && lim->depth < GT_MAX_PLY ? lim->depth
                                                                   : GT_MAX_PLY - 1,
            .multipv = i == 0 ? multipv : 1,
            .soft_ms = soft, .hard_ms = hard, .info = info, .info_ctx = info_ctx,
        };
    }
    /* The corrections of the game so far, to every thread. */
    const bool keep = params->sp[GT_SP_CORRECTION_KEEP] && params->correction;
    for (int i = 0; i < nthreads && keep; i++)
        memcpy(workers[i].correction, params->correction,
               GT_CORRECTION_ENTRIES * sizeof(int16_t));
    const bool keep_quiet = params->sp[GT_SP_HIST_KEEP] && params->history;
    for (int i = 0; i < nthreads && keep_quiet; i++)
        gt_history_load(&hist.set[i], params->history, g->move_index_count);
    /* The only legal move (a forced pass, a single evasion) is played at
     * once under a clock: thinking cannot change it. */
    int root_moves = g->generate(root, GT_GEN_ALL, workers[0].stack[0].moves);
    if (lim->nsearchmoves > 0 && lim->nsearchmoves < root_moves)
        root_moves = lim->nsearchmoves;
    if (on_the_clock(lim, g->side(root)) && root_moves == 1)
        for (int i = 0; i < nthreads; i++)
            runs[i].max_depth = 1;
    /* A finished game (no legal move) has nothing to search: one report,
     * with its result, and no move. */
    bool ended = root_moves == 0;
    if (runs[0].multipv > root_moves && root_moves > 0)
        runs[0].multipv = root_moves;
    if (ended) {
        runs[0].score = gt_outcome_score(g, root, g->no_moves(root), 0);
        struct gt_search_info done = {.score = runs[0].score, .hashfull = gt_tt_hashfull(tt)};
        if (info)
            info(info_ctx, &done);
    }
    _Atomic int completed = 0;
    for (int i = 0; i < nthreads; i++)
        runs[i].completed = &completed;
    int spawned = 1;
    for (int i = 1; i < nthreads && !ended; i++, spawned++)
        if (pthread_create(&threads[i], NULL, helper_main, &runs[i]) != 0)
            break;
    if (!ended)
        iterate(&runs[0]);
    /* In infinite and ponder modes the answer waits for stop/ponderhit. */
    while ((lim->infinite || atomic_load(&ctl->pondering)) && !atomic_load(&ctl->stop)) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    atomic_store(&ctl->stop, true);
    for (int i = 1; i < spawned; i++)
        pthread_join(threads[i], NULL);

    /* The answer is the deepest finished iteration, the main thread's
     * when it is as deep; MultiPV's lines are the main thread's alone. */
    struct run *best = &runs[0];
    for (int i = 1; i < spawned && runs[0].multipv == 1; i++)
        if (runs[i].depth > best->depth && runs[i].best)
            best = &runs[i];
    if (best != &runs[0] && info) {
        workers[0].seldepth = workers[best - runs].seldepth;
        runs[0].lines[0] = best->lines[0];
        report(&runs[0], best->depth, 0);
    } else if (info && runs[0].interrupted && runs[0].multipv == 1 && runs[0].depth > 0)
        /* The answer again, with the nodes and time spent up to the stop,
         * as a GUI (and a nodes/s figure) expects. */
        report(&runs[0], runs[0].depth, 0);
    if (keep)
        memcpy(params->correction, workers[0].correction,
               GT_CORRECTION_ENTRIES * sizeof(int16_t));
    if (keep_quiet)
        gt_history_save(&hist.set[0], params->history, g->move_index_count);
    res->best = best->best;
    res->ponder = best->ponder;
    res->score = best->score;
    res->depth = best->depth;
    res->time_ms = gt_now_ms() - atomic_load(&ctl->report_ms);
    for (int i = 0; i < nthreads; i++) {
        res->nodes += workers[i].nodes;
        res->null.tries += workers[i].null.tries;
        res->null.cutoffs += workers[i].null.cutoffs;
        res->null.verifications += workers[i].null.verifications;
        res->null.verify_failures += workers[i].null.verify_failures;
    }
out:
    for (int i = 0; workers && i < nthreads; i++) {  /* zeroed where not set up */
        free(workers[i].mem);
        gt_accum_free(&workers[i]);
    }
    free(workers);
    free(runs);
    free(threads);
    free(crumbs);
    gt_histories_free(&hist);
    return rc;
}
