/* search.h -- the game-agnostic alpha-beta search: limits, parameters,
 * results and the entry point.
 * SPDX-License-Identifier: MIT */
#ifndef GT_SEARCH_H
#define GT_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <gtsearch/game.h>

#include "params.h"
#include "score.h"

#define GT_MAX_MULTIPV 64      /* most lines MultiPV reports */
#define GT_MAX_SEARCHMOVES 256 /* most moves go searchmoves may name */

struct gt_tt;
struct gt_net;

/* What `go` asked for.  Zero means "no limit" for each field. */
struct gt_limits {
    int depth;
    uint64_t nodes;
    int64_t movetime;
    int64_t time[2], inc[2];   /* by side: 0 = first player */
    int movestogo;
    int64_t byoyomi;
    bool infinite, ponder;
    int mate;                  /* UCI go mate N: stop once a mate in N is found */
    int nsearchmoves;          /* go searchmoves: the root moves to choose from
                                  (legal ones), or 0 for all */
    gt_move searchmoves[GT_MAX_SEARCHMOVES];
};

/* What the options set for a search. */
struct gt_search_params {
    int32_t sp[GT_SP_COUNT];   /* the named numbers and switches (params.h) */
    int threads;
    int multipv;               /* lines to report, best first (1: one) */
    const int32_t *eval_params; /* the game's eval_params values (NULL:
                                   the compiled-in ones) */
    const struct gt_net *net;  /* the learned evaluation (net.h), or NULL:
                                  the game's evaluate */
    int16_t *correction;       /* the game's correction history, kept from
                                  one search to the next where
                                  CorrectionKeep says so
                                  (GT_CORRECTION_ENTRIES), or NULL */
    void *history;             /* the game's quiet-move histories, kept
                                  where HistoryKeep says so
                                  (gt_history_quiet_bytes), or NULL */
};

struct gt_null_stats {
    uint64_t tries, cutoffs, verifications, verify_failures;
};

/* One iteration's report. */
struct gt_search_info {
    int depth, seldepth, score;
    int multipv;               /* which line, 1 = the best (0 counts as 1) */
    bool lowerbound, upperbound;
    uint64_t nodes;
    int64_t time_ms;
    int hashfull;
    int pv_len;
    gt_move pv[GT_MAX_PLY];
    /* A progress line instead of a result: the root move now searched and
     * its number (1 = first), when currmove is not GT_MOVE_NONE. */
    gt_move currmove;
    int currmovenumber;
};

struct gt_search_result {
    gt_move best, ponder;
    int score, depth;
    uint64_t nodes;
    int64_t time_ms;
    struct gt_null_stats null;
};

/* Shared between the search and whoever controls it (protocol thread). */
struct gt_search_ctl {
    atomic_bool stop;          /* set to end the search at once */
    atomic_bool pondering;     /* while true, time limits do not apply */
    _Atomic int64_t start_ms;  /* the clock of the time limits: reset on
                                  ponderhit (the time so far was the
                                  opponent's) */
    _Atomic int64_t report_ms; /* when the search began: info lines' time
                                  and nps, which count every node */
};

typedef void (*gt_info_fn)(void *ctx, const struct gt_search_info *info);

/* Search `root` within the limits; calls info after each iteration (from
 * the calling thread).  Runs params->threads threads in all (lazy SMP).
 * Returns 0, or -1 if memory ran out. */
int gt_search(const struct gt_game *g, const void *root, struct gt_tt *tt,
              const struct gt_search_params *params, const struct gt_limits *lim,
              struct gt_search_ctl *ctl, gt_info_fn info, void *info_ctx,
              struct gt_search_result *res);

/* Default parameters (the default switches, the table's numbers). */
void gt_search_params_default(struct gt_search_params *p);

/* Soft and hard time budgets in ms for the side to move (0 = none). */
void gt_time_budget(const struct gt_limits *lim, int side, int64_t overhead,
                    const int32_t sp[GT_SP_COUNT], int64_t *soft, int64_t *hard);
/* The soft limit's scale after an iteration, in percent: from the share
 * of the root's nodes the best move took (best_pct), how many iterations
 * in a row it has been the best (stable), and how far the score fell
 * from the last iteration's, in hundredths of the game's unit (drop_pct).
 * The three parameters TimeBestNodes, TimeStability and TimeScoreDrop
 * weigh them; each at 0 leaves its part at 100. */
int gt_time_scale(const int32_t sp[GT_SP_COUNT], int best_pct, int stable, int drop_pct);
/* The soft limit scaled by pct, inside the hard one, and never short of
 * a byoyomi (it is lost unused); a fixed time (soft = hard) unchanged. */
int64_t gt_time_stretch(const struct gt_limits *lim, int64_t overhead, int64_t soft,
                        int64_t hard, int pct);

#endif
