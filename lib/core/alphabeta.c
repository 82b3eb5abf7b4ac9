/* alphabeta.c -- principal variation search and quiescence, written as
 * numbered steps.  Every margin is a named number of params.h, in
 * hundredths of the game's eval_unit, so one search serves games whose
 * evaluations are scaled differently.  What a step is worth (Elo from
 * self-play, bench nodes with the step switched off) is measured by the
 * scripts of tests/bench and kept, with the date and command, in
 * doc/strength.md and doc/null-move.md, not here, where it would age.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <limits.h>
#include <stdlib.h>

#include "nullmove.h"
#include "util.h"
#include "worker.h"

#define NO_SCORE (-GT_INF - 1)

/* Structural constants: the shape of the search, not knobs to tune (those
 * are in params.h). */
#define MAX_QUIETS 64          /* moves of each kind a node remembers for history */
#define POLL_MASK 1023         /* the clock and the stop flag: every 1024 visits */
#define NODES_POLL_MASK 63     /* under a node limit, the counts every 64 */
#define MATE1_DEPTH_BONUS 6    /* a mate in one is stored this much deeper */
#define PROBCUT_REDUCTION 4    /* probcut confirms this many plies shallower */
#define TT_DEPTH_SLACK 3       /* an entry this much shallower still informs
                                  probcut and the singular test */
#define EXTEND_PLY_FACTOR 2    /* extensions stop at this times the root depth */
#define CURRMOVE_AFTER_MS 1000 /* root moves are reported after this long */

/* Must the search unwind now?  The first iteration always completes, so
 * that even a stopped search has a move to answer. */
bool gt_worker_should_stop(const struct gt_worker *w)
{
    return w->root_depth > 1 &&
           atomic_load_explicit(&w->ctl->stop, memory_order_relaxed);
}

uint64_t gt_worker_all_nodes(const struct gt_worker *w)
{
    uint64_t n = w->nodes;
    for (int i = 0; i < w->npeers; i++)
        if (&w->peers[i] != w)
            n += atomic_load_explicit(&w->peers[i].nodes_seen, memory_order_relaxed);
    return n;
}

/* Count a visit; enforce the node limit (every thread, on the count of
 * all of them, so that `go nodes` holds whatever the threads) and, in the
 * main thread, the time limit.  Returns true when the search must
 * unwind.  (Nodes are counted as moves made, by make_move: a null move's
 * child, razoring's quiescence and the singular test visit a node again
 * without a move.) */
static bool tick(struct gt_worker *w)
{
    w->visits++;
    const uint64_t limit = w->lim->nodes;
    /* Under a node limit the counts are published more often. */
    const uint64_t poll = limit ? NODES_POLL_MASK : POLL_MASK;
    if ((w->visits & poll) == 0)
        atomic_store_explicit(&w->nodes_seen, w->nodes, memory_order_relaxed);
    if (limit && w->root_depth > 1 && (w->npeers <= 1 || (w->visits & poll) == 0) &&
        gt_worker_all_nodes(w) >= limit)
        atomic_store(&w->ctl->stop, true);
    if (w->id == 0 && w->hard_ms && (w->visits & POLL_MASK) == 0 && w->root_depth > 1 &&
        !atomic_load(&w->ctl->pondering) &&
        gt_now_ms() - atomic_load(&w->ctl->start_ms) >= w->hard_ms)
        atomic_store(&w->ctl->stop, true);
    return gt_worker_should_stop(w);
}

static bool tt_cuts(const struct gt_tt_entry_view *e, int alpha, int beta)
{
    return e->bound == GT_BOUND_EXACT ||
           (e->bound == GT_BOUND_LOWER && e->score >= beta) ||
           (e->bound == GT_BOUND_UPPER && e->score <= alpha);
}

/* The static evaluation: the network where one is loaded. */
static int evaluate(struct gt_worker *w, int ply)
{
    return w->net ? gt_accum_evaluate(w, ply) : w->g->evaluate(w->pos, w->p->eval_params);
}

static void make_move(struct gt_worker *w, int ply, gt_move m)
{
    struct gt_frame *f = &w->stack[ply];
    f->move = m;
    f->move_index = w->g->move_index(w->pos, m);
    if (w->net)
        gt_accum_move(w, ply, m);
    w->g->make(w->pos, m, f->undo);
    w->nodes++;
    /* The child probes the table first thing: fetch its line meanwhile,
     * unless early_fetch did already. */
    if (!w->g->key_after)
        gt_tt_prefetch(w->tt, w->g->key(w->pos));
}

/* Start fetching the table line of the child after m as soon as the move
 * is picked: the pruning tests and make then hide part of the wait. */
static void early_fetch(const struct gt_worker *w, gt_move m)
{
    if (w->g->key_after)
        gt_tt_prefetch(w->tt, w->g->key_after(w->pos, m));
}

/* A root move not to search: one MultiPV has reported in this
 * iteration already, or one outside go searchmoves. */
static bool skipped_at_root(const struct gt_worker *w, gt_move m)
{
    if (w->lim->nsearchmoves) {     /* go searchmoves: only those */
        bool listed = false;
        for (int i = 0; i < w->lim->nsearchmoves && !listed; i++)
            listed = w->lim->searchmoves[i] == m;
        if (!listed)
            return true;
    }
    for (int i = 0; i < w->root_skip_n; i++)
        if (w->root_skip[i] == m)
            return true;
    return false;
}

static void update_pv(struct gt_worker *w, int ply, gt_move m)
{
    struct gt_frame *f = &w->stack[ply], *child = &w->stack[ply + 1];
    f->pv[0] = m;
    for (int i = 0; i < child->pv_len; i++)
        f->pv[i + 1] = child->pv[i];
    f->pv_len = child->pv_len + 1;
}

/* Does the game see a mate in one here (the side to move not in check)?
 * Then it is the node's line and table entry, stored a little deeper than
 * searched rather than as deep as it is true: it is found again at once,
 * and an entry of the greatest depth would never leave its bucket
 * (YaneuraOu stores depth + 6 for the same reason). */
static bool mate_in_one(struct gt_worker *w, uint64_t key, int ply, int depth)
{
    const struct gt_game *g = w->g;
    if (!g->mate_in_one || g->final_margin)
        return false;
    gt_move m = g->mate_in_one(w->pos);
    if (!m)
        return false;
    struct gt_frame *f = &w->stack[ply];
    f->best = f->pv[0] = m;
    f->pv_len = 1;
    gt_tt_store(w->tt, key, ply, m, GT_MATE - ply - 1, depth ? depth + MATE1_DEPTH_BONUS : 0,
                GT_BOUND_EXACT, GT_TT_NO_EVAL, false);
    return true;
}

/* Quiescence: stand pat, then the game's noisy moves (all moves when in
 * check) until the position is quiet. */
static int qsearch(struct gt_worker *w, int alpha, int beta, int ply)
{
    const struct gt_game *g = w->g;
    void *pos = w->pos;
    struct gt_frame *f = &w->stack[ply];

    f->pv_len = 0;
    f->best = GT_MOVE_NONE;
    if (tick(w))
        return 0;
    if (ply > w->seldepth)
        w->seldepth = ply;
    /* Step Q1: rule results, and the stack's end. */
    enum gt_outcome o = g->rule_outcome(pos, ply);
    if (o != GT_ONGOING)
        return gt_outcome_score(g, pos, o, ply);
    bool in_check = g->in_check(pos);
    if (ply >= GT_MAX_PLY)
        return in_check ? 0 : evaluate(w, ply);

    /* Step Q2: the transposition table. */
    uint64_t key = g->key(pos);
    struct gt_tt_entry_view e;
    gt_move tt_move = GT_MOVE_NONE;
    int static_eval = GT_TT_NO_EVAL;
    bool tt_hit = gt_tt_probe(w->tt, key, ply, &e);
    if (tt_hit) {
        if (tt_cuts(&e, alpha, beta))
            return e.score;
        tt_move = e.move;
        static_eval = e.eval;
    }

    int best = -GT_INF;
    /* Step Q3: the static evaluation, before the mate test (as in the
     * main search), which may reuse what the evaluation saw. */
    if (!in_check && static_eval == GT_TT_NO_EVAL)
        static_eval = evaluate(w, ply);
    /* Step Q4: a mate in one the game sees on its board, as in the main
     * search (step 5), where the table does not know the node. */
    if (!in_check && !tt_hit && w->p->sp[GT_SP_MATE1_QS] && mate_in_one(w, key, ply, 0))
        return GT_MATE - ply - 1;
    /* Step Q5: stand pat: the side to move may keep the quiet score. */
    int stand = -GT_INF;        /* the evaluation, corrected */
    if (!in_check) {
        best = stand = gt_corrected_eval(w, ply, static_eval);
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
    }

    int n = g->generate(pos, in_check ? GT_GEN_ALL : GT_GEN_NOISY, f->moves);
    if (n == 0 && in_check)
        return gt_outcome_score(g, pos, g->no_moves(pos), ply);
    gt_score_moves(w, ply, tt_move, n);

    int old_alpha = alpha;
    gt_move best_move = GT_MOVE_NONE;
    /* Step Q6: the noisy moves (all moves in check), with delta pruning:
     * a capture must win at least what the stand pat
     * lacks of alpha, less a margin; checks are held only to the
     * exchange. */
    const int qs_margin = w->p->sp[GT_SP_QS_FUTILITY];
    const int need = in_check || !qs_margin || gt_is_decided_score(alpha) ? 0
                   : alpha + 1 - stand - gt_unit_pct(g, qs_margin);
    for (int i = 0; i < n; i++) {
        gt_move m = gt_next_move(w, ply, n, i);
        early_fetch(w, m);
        /* Captures that lose material cannot raise a quiet score. */
        if (!in_check && g->see_ge &&
            !g->see_ge(pos, m, need > 0 && !(g->gives_check && g->gives_check(pos, m))
                               ? need : 0))
            continue;
        make_move(w, ply, m);
        int score = -qsearch(w, -beta, -alpha, ply + 1);
        g->unmake(pos, m, f->undo);
        if (gt_worker_should_stop(w))
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                best_move = m;
                if (score >= beta)
                    break;
            }
        }
    }
    /* Step Q7: the result, into the table. */
    enum gt_bound bound = best >= beta ? GT_BOUND_LOWER
                        : alpha > old_alpha ? GT_BOUND_EXACT : GT_BOUND_UPPER;
    f->best = best_move;
    gt_tt_store(w->tt, key, ply, best_move, best, 0, bound,
                in_check ? GT_TT_NO_EVAL : static_eval, tt_hit && e.pv);
    return best;
}

/* Null-move pruning.  Pass the turn; if the opponent, moving twice in a
 * row and searched shallower, still cannot bring the score below beta, the
 * node is cut.  Returns that score, or NO_SCORE when the node must be
 * searched.  The guards and numbers are in nullmove.c. */
static int null_move_pruning(struct gt_worker *w, int beta, int depth, int ply,
                             int eval, bool in_check, bool pv, bool cutnode)
{
    const struct gt_game *g = w->g;
    void *pos = w->pos;
    struct gt_frame *f = &w->stack[ply];
    const struct gt_null_node node = {
        .pos = pos, .in_check = in_check, .pv = pv,
        .after_null = ply == 0 || w->stack[ply - 1].move == GT_MOVE_NULL ||
                      gt_is_pass(g, w->stack[ply - 1].move),
        .depth = depth, .eval = eval, .beta = beta, .ply = ply,
        .nmp_min_ply = w->nmp_min_ply,
    };
    if (gt_null_veto(g, w->p, &node) != GT_NULL_GO)
        return NO_SCORE;
    int reduced = depth - 1 - gt_null_reduction(g, w->p, &node);

    w->null.tries++;
    f->move = GT_MOVE_NULL;
    if (w->net)
        gt_accum_null(w, ply);
    g->make_null(pos, f->undo);
    int score = -gt_alphabeta(w, -beta, -beta + 1, reduced, ply + 1, !cutnode);
    g->unmake_null(pos, f->undo);
    /* The reply that refuted the pass is the opponent's threat. */
    f->threat = w->stack[ply + 1].best;
    if (gt_worker_should_stop(w))
        return NO_SCORE;
    /* Passing gets us mated: the opponent threatens mate. */
    f->mate_threat = score <= -GT_DECIDED;
    if (score < beta)
        return NO_SCORE;
    w->null.cutoffs++;
    score = gt_null_cut_score(score, beta);
    if (!gt_null_must_verify(g, w->p, pos, depth))
        return score;

    /* Verification: the real moves at the reduced depth, with null moves
     * off below it down to 3/4 of that depth; cut only if it agrees. */
    w->null.verifications++;
    if (reduced < 0)
        reduced = 0;
    int saved = w->nmp_min_ply;
    w->nmp_min_ply = ply + 3 * reduced / 4 + 1;
    int v = gt_alphabeta(w, beta - 1, beta, reduced, ply, false);
    w->nmp_min_ply = saved;
    if (v >= beta)
        return score;
    w->null.verify_failures++;
    return NO_SCORE;
}

/* Probcut (step 10): the score that cuts the node, or NO_SCORE. */
static int probcut(struct gt_worker *w, int pbeta, int depth, int ply, int eval,
                   bool cutnode, gt_move tt_move, const struct gt_tt_entry_view *e,
                   uint64_t key)
{
    const struct gt_game *g = w->g;
    void *pos = w->pos;
    struct gt_frame *f = &w->stack[ply];
    /* The table already says a shallower search stays below. */
    if (e && e->depth >= depth - TT_DEPTH_SLACK && e->score < pbeta &&
        e->bound != GT_BOUND_LOWER)
        return NO_SCORE;
    int n = g->generate(pos, GT_GEN_NOISY, f->moves);
    gt_score_moves(w, ply, tt_move, n);
    for (int i = 0; i < n; i++) {
        gt_move m = gt_next_move(w, ply, n, i);
        if (!g->see_ge(pos, m, pbeta - eval))
            continue;
        early_fetch(w, m);
        make_move(w, ply, m);
        int v = -qsearch(w, -pbeta, -pbeta + 1, ply + 1);
        if (v >= pbeta && depth - PROBCUT_REDUCTION > 0)
            v = -gt_alphabeta(w, -pbeta, -pbeta + 1, depth - PROBCUT_REDUCTION, ply + 1,
                              !cutnode);
        g->unmake(pos, m, f->undo);
        if (gt_worker_should_stop(w))
            return NO_SCORE;
        if (v >= pbeta) {
            f->best = m;
            gt_tt_store(w->tt, key, ply, m, v, depth - TT_DEPTH_SLACK, GT_BOUND_LOWER,
                        f->raw_eval, false);
            return v;
        }
    }
    return NO_SCORE;
}

/* The reduction table's plies for a move after `searched` others at
 * this depth, both clamped to the table. */
static inline int lmr_base(const struct gt_worker *w, int depth, int searched)
{
    const int last = GT_LMR_TABLE - 1;
    return w->lmr[depth < last ? depth : last][searched < last ? searched : last];
}

static int search_node(struct gt_worker *w, int alpha, int beta, int depth, int ply,
                       bool cutnode);

/* After the first second, the main thread says which root move it is on,
 * as GUIs show it (UCI's currmove and currmovenumber). */
static void report_root_move(struct gt_worker *w, int depth, gt_move m, int number)
{
    if (w->id != 0 || !w->info ||
        gt_now_ms() - atomic_load(&w->ctl->report_ms) < CURRMOVE_AFTER_MS)
        return;
    struct gt_search_info info = {.depth = depth, .currmove = m, .currmovenumber = number};
    w->info(w->info_ctx, &info);
}

/* Lazy SMP's threads search the same tree.  Near the root, a thread
 * leaves a breadcrumb on the node it enters; a thread that finds another
 * one's crumb there reduces its quiet moves a ply more (Stockfish 11's
 * breadcrumbs), so that the threads spread over the tree instead of
 * repeating each other's work. */
#define CRUMB_PLIES 8

int gt_alphabeta(struct gt_worker *w, int alpha, int beta, int depth, int ply,
                 bool cutnode)
{
    /* A search of this node's own (verification, singular) at the same
     * ply leaves the node's mark as it found it. */
    bool outer = w->stack[ply].marked;
    struct gt_crumb *owned = NULL;
    w->stack[ply].marked = false;
    if (w->crumbs && ply < CRUMB_PLIES && depth > 0) {
        uint64_t key = w->g->key(w->pos);
        struct gt_crumb *c = &w->crumbs[key & (GT_CRUMBS - 1)];
        int me = w->id + 1, owner = 0;
        if (atomic_compare_exchange_strong_explicit(&c->owner, &owner, me,
                                                    memory_order_relaxed,
                                                    memory_order_relaxed)) {
            atomic_store_explicit(&c->key, key, memory_order_relaxed);
            owned = c;
        } else if (owner != me &&
                   atomic_load_explicit(&c->key, memory_order_relaxed) == key)
            w->stack[ply].marked = true;
    }
    int s = search_node(w, alpha, beta, depth, ply, cutnode);
    if (owned)
        atomic_store_explicit(&owned->owner, 0, memory_order_relaxed);
    w->stack[ply].marked = outer;
    return s;
}

static int search_node(struct gt_worker *w, int alpha, int beta, int depth, int ply,
                       bool cutnode)
{
    const struct gt_game *g = w->g;
    const struct gt_search_params *p = w->p;
    void *pos = w->pos;
    struct gt_frame *f = &w->stack[ply];
    const bool pv = beta - alpha > 1;
    const bool root = ply == 0;
    const int32_t *sp = p->sp;

    f->pv_len = 0;
    f->best = GT_MOVE_NONE;
    const gt_move excluded = f->excluded;  /* a singular search's */
    bool in_check = g->in_check(pos);

    /* Step 1: check extension; at the horizon, quiescence.  (Not
     * measured: both are what make mates and tactics visible.) */
    if (in_check && ply < GT_MAX_PLY / 2 && depth >= sp[GT_SP_CHECK_EXT_DEPTH])
        depth++;
    if (depth <= 0)
        return qsearch(w, alpha, beta, ply);
    if (tick(w))
        return 0;
    if (ply > w->seldepth)
        w->seldepth = ply;
    /* Where the depth left reaches past the end of every game from here
     * (one ply more than the game's bound: the end is seen at a node with
     * depth left, not at the horizon), the node is solved: nothing below
     * is pruned or reduced by a guess, so what it proves is the exact
     * result.  The bound falls by a ply or more with every move, so the
     * children are solved too. */
    const bool solving = g->max_plies_left && depth > g->max_plies_left(pos);

    /* Step 2: rule results (repetition, move-count rules) and mate
     * distance pruning: no mate found here can beat one already known.
     * (Rules: correctness, not strength.) */
    if (!root) {
        enum gt_outcome o = g->rule_outcome(pos, ply);
        if (o != GT_ONGOING)
            return gt_outcome_score(g, pos, o, ply);
        if (ply >= GT_MAX_PLY)
            return in_check ? 0 : evaluate(w, ply);
        if (alpha < -GT_MATE + ply)
            alpha = -GT_MATE + ply;
        if (beta > GT_MATE - ply - 1)
            beta = GT_MATE - ply - 1;
        if (alpha >= beta)
            return alpha;
    }

    /* Step 3: transposition table. */
    uint64_t key = g->key(pos);
    struct gt_tt_entry_view e;
    bool tt_hit = gt_tt_probe(w->tt, key, ply, &e);
    gt_move tt_move = tt_hit && e.move && g->is_legal(pos, e.move) ? e.move
                                                                   : GT_MOVE_NONE;
    /* A node once in a principal variation stays interesting (the
     * table remembers it): its late moves are reduced less. */
    bool tt_pv = f->tt_pv = excluded ? f->tt_pv : pv || (tt_hit && e.pv);
    if (!pv && !excluded && tt_hit && e.depth >= depth && tt_cuts(&e, alpha, beta)) {
        f->best = tt_move;
        return e.score;
    }

    /* Step 4: the raw static evaluation.  It comes before the mate
     * test, which may reuse what the game's evaluation saw (shogi: the
     * squares around the king). */
    int raw_eval = GT_TT_NO_EVAL;
    if (!in_check)
        raw_eval = tt_hit && e.eval != GT_TT_NO_EVAL
                       ? e.eval
                       : evaluate(w, ply);

    /* Step 5: a mate in one the game sees on its own board: the search
     * might prune the move, or reach it a ply later.  Asked only where
     * the table does not already know the node. */
    if (!root && !tt_hit && !in_check && !excluded && sp[GT_SP_MATE1] &&
        mate_in_one(w, key, ply, depth))
        return GT_MATE - ply - 1;

    /* Step 6: static evaluation, corrected and sharpened by a TT bound. */
    int eval = -GT_INF;
    bool improving = false;
    if (!in_check) {
        eval = f->static_eval = gt_corrected_eval(w, ply, raw_eval);
        if (tt_hit && ((e.bound == GT_BOUND_LOWER && e.score > eval) ||
                       (e.bound == GT_BOUND_UPPER && e.score < eval)))
            eval = e.score;
        improving = ply >= 2 && w->stack[ply - 2].static_eval != -GT_INF &&
                    f->static_eval > w->stack[ply - 2].static_eval;
    } else {
        f->static_eval = -GT_INF;
        f->ncorr = 0;
    }
    w->stack[ply + 1].killers[0] = w->stack[ply + 1].killers[1] = GT_MOVE_NONE;
    f->threat = GT_MOVE_NONE;
    f->mate_threat = false;

    /* Step 7: reverse futility: far above beta near the horizon. */
    const bool guess = !pv && !in_check && !excluded && !solving;
    if (sp[GT_SP_RFP] && guess && depth <= sp[GT_SP_RFP_DEPTH] &&
        !gt_is_decided_score(beta) &&
        eval - gt_unit_pct(g, sp[GT_SP_RFP_MARGIN] * depth -
                              sp[GT_SP_RFP_IMPROVING] * improving) >= beta)
        return eval;

    /* Step 8: razoring: so far below alpha near the horizon that only
     * captures could help; if quiescence agrees, the node fails low. */
    if (guess && depth <= sp[GT_SP_RAZOR_DEPTH] &&
        !gt_is_decided_score(alpha) &&
        eval + gt_unit_pct(g, sp[GT_SP_RAZOR_MARGIN] * depth * depth) < alpha) {
        int v = qsearch(w, alpha - 1, alpha, ply);
        if (gt_worker_should_stop(w))
            return 0;
        if (v < alpha)
            return v;
    }

    /* Step 9: null-move pruning, verified where the game fears zugzwang
     * (doc/null-move.md measures both). */
    if (!root && !excluded && !solving) {
        int s = null_move_pruning(w, beta, depth, ply, eval, in_check, pv, cutnode);
        if (s != NO_SCORE)
            return s;
        /* Mate-threat extension: a node whose pass loses to a mate is
         * sharper than its eval says; search it a ply deeper (bounded, so
         * that checks and threats cannot extend forever). */
        if (f->mate_threat && sp[GT_SP_MATE_THREAT_EXT] &&
            ply < EXTEND_PLY_FACTOR * w->root_depth)
            depth++;
    }

    /* Step 10: probcut: a noisy move that beats beta by a margin in a
     * quiescence search and then in one four plies shallower would very
     * likely beat beta at full depth too. */
    if (guess && sp[GT_SP_PROBCUT_DEPTH] &&
        depth >= sp[GT_SP_PROBCUT_DEPTH] && g->see_ge && !gt_is_decided_score(beta)) {
        int s = probcut(w, beta + gt_unit_pct(g, sp[GT_SP_PROBCUT_MARGIN]),
                        depth, ply, eval, cutnode, tt_move, tt_hit ? &e : NULL, key);
        if (s != NO_SCORE)
            return s;
    }

    /* Step 11: internal iterative reduction: without a hash move this node
     * is probably not worth its full depth.  (Not measured.) */
    if (depth >= sp[GT_SP_IIR_DEPTH] && !tt_move && !solving)
        depth--;

    /* Step 12: singular extension: when every move but the hash move
     * fails well below its score in a shallower search, the hash move is
     * the only good one here and is searched a ply deeper; when even the
     * others reach beta, the node is cut at once (several moves would). */
    int tt_ext = 0;
    if (!root && !excluded && !solving && sp[GT_SP_SE_DEPTH] && depth >= sp[GT_SP_SE_DEPTH] &&
        tt_move && e.depth >= depth - TT_DEPTH_SLACK && e.bound != GT_BOUND_UPPER &&
        !gt_is_decided_score(e.score) && ply < EXTEND_PLY_FACTOR * w->root_depth) {
        int sbeta = e.score - gt_unit_pct(g, sp[GT_SP_SE_MARGIN] * depth);
        gt_move threat = f->threat;
        bool mate_threat = f->mate_threat;
        f->excluded = tt_move;
        int s = gt_alphabeta(w, sbeta - 1, sbeta, (depth - 1) / 2, ply, cutnode);
        f->excluded = GT_MOVE_NONE;
        f->threat = threat;
        f->mate_threat = mate_threat;
        if (gt_worker_should_stop(w))
            return 0;
        if (s < sbeta)
            tt_ext = 1;
        else if (sbeta >= beta)
            return sbeta;
    }

    /* Step 13: the moves: the hash move first, before the others are
     * generated, since it often cuts the node on its own.  Where the game
     * lists its quiet moves apart, the noisy moves come next and the quiet
     * ones are listed only if those do not cut the node either; the order
     * is the same as from one list (movepick.c). */
    int best = -GT_INF, old_alpha = alpha, searched = 0, nquiets = 0, nnoisy = 0;
    gt_move best_move = GT_MOVE_NONE, quiets[MAX_QUIETS], noisy[MAX_QUIETS];
    int lmp_limit = (sp[GT_SP_LMP_BASE] + depth * depth) / (improving ? 1 : 2);
    const bool spare_checks = sp[GT_SP_FUT_CHECKS] && g->gives_check;
    struct gt_picker pk;
    gt_picker_init(&pk, ply, tt_move, (g->flags & GT_FLAG_GEN_QUIET) && !in_check);
    for (gt_move m; (m = gt_picker_next(w, &pk)) != GT_MOVE_NONE;) {
        if ((root && skipped_at_root(w, m)) || m == excluded)
            continue;
        early_fetch(w, m);
        if (root)
            report_root_move(w, depth, m, searched + 1);
        /* A held-back noisy move (BadNoisyLast) is not quiet, but late. */
        const bool bad = gt_picker_bad(&pk);
        bool quiet = !bad && (pk.i >= pk.quiet_from || !g->is_noisy(pos, m));
        bool pass = gt_is_pass(g, m);
        /* In a game with margins, a win already proven here: only a
         * search to the end tells a larger one from a smaller, and no
         * static evaluation can, so no move is pruned or reduced by one.
         * (Chess and shogi keep pruning: a mate is a mate.) */
        const bool sure = solving || (g->final_margin && alpha >= GT_DECIDED);

        /* Step 14: shallow pruning of moves unlikely to matter, once one
         * move keeps us out of a mate: late move pruning, futility, and
         * moves that lose material.  (Not measured one by one.) */
        if (!root && best > -GT_DECIDED && !in_check && !sure) {
            /* Both quiet prunings only grow stronger as the loop goes on
             * (searched and alpha only rise), so once one prunes a quiet
             * move ranked below every noisy move, all that is left is
             * pruned too: stop instead of picking through them.  Where
             * futility spares checks, the rest is only looked through,
             * unsorted, for them. */
            if (quiet) {
                /* The depth futility and the exchange test judge at:
                 * the node's, or (PruneAtLMRDepth) the one the move's
                 * reduced search would have, as Stockfish's lmrDepth.
                 * It only falls as moves go by, so that both prunings
                 * still only grow stronger. */
                int pd = depth;
                if (sp[GT_SP_PRUNE_LMR_DEPTH]) {
                    pd = depth - 1 - lmr_base(w, depth, searched);
                    if (pd < 0) pd = 0;
                }
                bool lmp = sp[GT_SP_LMP] && depth <= sp[GT_SP_LMP_DEPTH] && searched >= lmp_limit;
                bool fut = !lmp && sp[GT_SP_FUTILITY] && pd <= sp[GT_SP_FUT_DEPTH] &&
                           eval + gt_unit_pct(g, sp[GT_SP_FUT_BASE] +
                                                     sp[GT_SP_FUT_PER_DEPTH] * pd) <= alpha;
                if (lmp || (fut && !(spare_checks && g->gives_check(pos, m)))) {
                    if (gt_move_rank_below_noisy(f, pk.i)) {
                        if (!fut || !spare_checks)
                            gt_picker_skip_quiets(&pk);
                        else
                            pk.checks_only = true;
                    }
                    continue;
                }
                /* Quiet moves whose history says they keep failing low
                 * (the moves picked by history only, not killers). */
                if (gt_picker_plain_quiet(w, &pk) && depth <= sp[GT_SP_HIST_PRUNE_DEPTH] &&
                    f->scores[pk.i] < -sp[GT_SP_HIST_PRUNE_MARGIN] * depth)
                    continue;
                /* Quiet moves that lose material: the margin grows with
                 * the square of the depth; a check is held to the noisy
                 * moves' margin instead (a sacrifice that checks may mate). */
                if (!pass && g->see_ge && pd <= sp[GT_SP_SEE_QUIET_DEPTH] &&
                    !g->see_ge(pos, m, -gt_unit_pct(g, sp[GT_SP_SEE_QUIET_MARGIN] * pd * pd)) &&
                    !(g->gives_check && g->gives_check(pos, m) &&
                      g->see_ge(pos, m, -gt_unit_pct(g, sp[GT_SP_SEE_MARGIN] * depth))))
                    continue;
            }
            if (!quiet && g->see_ge && depth <= sp[GT_SP_SEE_DEPTH] &&
                !g->see_ge(pos, m, -gt_unit_pct(g, sp[GT_SP_SEE_MARGIN] * depth)))
                continue;
        }

        const uint64_t move_start = w->nodes;
        make_move(w, ply, m);
        bool gives_check = g->in_check(pos);
        int new_depth = depth - 1 + (m == tt_move ? tt_ext : 0), score;
        if (searched == 0)
            score = -gt_alphabeta(w, -beta, -alpha, new_depth, ply + 1, !pv && !cutnode);
        else {
            /* Step 15: late move reductions for quiet moves (and the
             * held-back noisy ones, later still). */
            int r = 0;
            if (sp[GT_SP_LMR] && !sure && depth >= sp[GT_SP_LMR_MIN_DEPTH] &&
                (quiet || bad) && (!gives_check || sp[GT_SP_LMR_CHECKS]) && !in_check &&
                searched >= 1 + 2 * pv) {
                r = lmr_base(w, depth, searched);
                r += !improving + cutnode * sp[GT_SP_LMR_CUTNODE] - pv + f->marked -
                     tt_pv * sp[GT_SP_LMR_TTPV];
                r -= m == f->killers[0] || m == f->killers[1];
                /* Quiet moves ordered by history: good history, less. */
                if (sp[GT_SP_LMR_HISTORY] && quiet && pk.i >= f->nscored)
                    r -= f->scores[pk.i] / sp[GT_SP_LMR_HISTORY];
                if (r < 0) r = 0;
                if (r > new_depth - 1) r = new_depth - 1 > 0 ? new_depth - 1 : 0;
            }
            score = -gt_alphabeta(w, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
            if (score > alpha && r > 0) {
                /* How far the reduced search beat the best so far says
                 * how deep to look again: a ply more for a clear gain, a
                 * ply less for a bare one. */
                int d = new_depth, margin = sp[GT_SP_LMR_DEEPER];
                if (margin) {
                    d += score > best + gt_unit_pct(g, margin);
                    d -= score < best + gt_unit_pct(g, margin) / 5 && d > new_depth - r + 1;
                }
                score = -gt_alphabeta(w, -alpha - 1, -alpha, d, ply + 1, !cutnode);
            }
            if (score > alpha && score < beta && pv)
                score = -gt_alphabeta(w, -beta, -alpha, new_depth, ply + 1, false);
        }
        g->unmake(pos, m, f->undo);
        if (gt_worker_should_stop(w))
            return 0;
        searched++;

        if (score > best) {
            best = score;
            if (root)   /* the clock's measure of how settled the root is */
                w->root_best_nodes = w->nodes - move_start;
            if (score > alpha) {
                best_move = m;
                alpha = score;
                if (pv || root)
                    update_pv(w, ply, m);
                if (score >= beta) {
                    if (quiet && !pass)   /* a pass teaches no history */
                        gt_history_update(w, ply, m, depth, quiets, nquiets);
                    if (sp[GT_SP_CAPT_HISTORY] && !pass)
                        gt_capture_history_update(w, quiet ? GT_MOVE_NONE : m, depth,
                                                  noisy, nnoisy);
                    break;
                }
            }
        }
        if (quiet && !pass && nquiets < MAX_QUIETS)
            quiets[nquiets++] = m;
        else if (!quiet && !pass && nnoisy < MAX_QUIETS)
            noisy[nnoisy++] = m;
    }
    /* Step 16: the result: the game's end where no move was legal;
     * otherwise into the table, and what it teaches the correction. */
    if (pk.no_moves)
        return gt_outcome_score(g, pos, g->no_moves(pos), ply);
    enum gt_bound bound = best >= beta ? GT_BOUND_LOWER
                        : alpha > old_alpha ? GT_BOUND_EXACT : GT_BOUND_UPPER;
    f->best = best_move;
    /* Nothing here beat alpha: the move that led here was probably good,
     * and where the node above was a PV one, this one joins the tree. */
    if (bound == GT_BOUND_UPPER && !root)
        tt_pv = tt_pv || w->stack[ply - 1].tt_pv;
    if (!excluded) {
        gt_tt_store(w->tt, key, ply, best_move, best, depth, bound,
                    in_check ? GT_TT_NO_EVAL : f->raw_eval, tt_pv);
        /* What the search found, against the evaluation: unless a noisy
         * move decided it (the evaluation is of quiet positions). */
        if (f->ncorr && !in_check && !(best_move && g->is_noisy(pos, best_move)))
            gt_correction_update(w, ply, best, depth, best_move != GT_MOVE_NONE);
    }
    return best;
}
