/* worker.h -- one search thread's private state and its search stack.
 * Internal to the search rooms (search.c, alphabeta.c, movepick.c).
 * SPDX-License-Identifier: MIT */
#ifndef GT_WORKER_H
#define GT_WORKER_H

#include <stdatomic.h>
#include <stdint.h>

#include "accum.h"
#include "search.h"
#include "tt.h"

/* One ply of the search stack. */
struct gt_frame {
    gt_move move;           /* move played from this node (GT_MOVE_NULL: null) */
    unsigned move_index;    /* its history index */
    int static_eval;        /* the evaluation, corrected (correction.c) */
    int raw_eval;           /* ... as the game gave it: the table keeps it */
    int ncorr;              /* correction keys of this node, */
    uint64_t corr_keys[GT_CORRECTION_KEYS];
    gt_move killers[2];
    gt_move threat;         /* the move that refuted our null move here */
    bool mate_threat;       /* ... and it mated: passing loses */
    gt_move best;           /* best or cutoff move found at this node */
    gt_move excluded;       /* the move a singular search leaves out */
    int pv_len;
    gt_move pv[GT_MAX_PLY];
    void *undo;             /* game undo record for the move from this node */
    gt_move *moves;         /* room for max_moves */
    int *scores;
    int nscored;            /* moves[0, nscored) were scored at once; the
                             * rest are quiet, scored when first reached */
    gt_move threat_up;      /* the threat of the node above, and the counter */
    gt_move counter_move;   /* move, as this node's picking found them */
    bool marked;            /* another thread is searching this node */
    bool tt_pv;             /* this node is or was in a PV */
    /* the network's sums for this position, by perspective (accum.c) */
    int16_t *acc[2];
    bool acc_ok[2];         /* ... are worked out */
    int active[2];          /* ... and how many features they sum (where
                               acc_ok): the output bucket's measure */
    struct gt_feature_change change[2]; /* what the move here changed */
};

/* Breadcrumbs: which thread is searching which node near the root, in a
 * small table the threads of one search share (alphabeta.c). */
#define GT_CRUMBS 1024
struct gt_crumb {
    _Atomic uint64_t key;
    _Atomic int owner;      /* worker id + 1; 0: free */
};

/* The late-move-reduction table's side: depths and move numbers beyond
 * it reduce as its last row and column. */
#define GT_LMR_TABLE 64

struct gt_worker {
    int id;
    const struct gt_game *g;
    void *pos;
    struct gt_tt *tt;
    struct gt_crumb *crumbs;       /* shared; NULL with one thread */
    const struct gt_search_params *p;
    const struct gt_limits *lim;
    struct gt_search_ctl *ctl;
    gt_info_fn info;               /* the main thread's reports (currmove), or NULL */
    void *info_ctx;
    int64_t hard_ms;
    uint64_t nodes;                /* moves made, as Stockfish and YaneuraOu
                                      count: no null move, no second visit */
    uint64_t visits;               /* node and quiescence entries: the
                                      cadence of the limit checks */
    _Atomic uint64_t nodes_seen;   /* nodes, published for other threads */
    const struct gt_worker *peers;  /* every thread's worker, this one first */
    int npeers;
    int seldepth;
    int nmp_min_ply;               /* no null moves before this ply (verification) */
    int root_depth;
    gt_move root_skip[GT_MAX_MULTIPV];  /* MultiPV: root moves already */
    int root_skip_n;                    /* reported this iteration */
    uint64_t root_best_nodes;      /* the last root search: nodes under the */
    uint64_t root_all_nodes;       /* move that led it, and under all */
    struct gt_null_stats null;
    unsigned char lmr[GT_LMR_TABLE][GT_LMR_TABLE]; /* late move reductions by depth and
                                                      move number, each capped at the last */
    int16_t *history;              /* [side][move index] */
    gt_move *counter;              /* [previous move index] */
    int16_t *correction;           /* [key][side][GT_CORRECTION_SIZE] */
    int16_t *cont;                 /* [previous move index][move index] */
    int16_t *capture;              /* [move index]: noisy moves */
    struct gt_frame stack[GT_MAX_PLY + 8];
    gt_move *scratch;              /* max_moves, for reordering a list */
    void *mem;                     /* one block behind the pointers above */
    const struct gt_net *net;      /* the learned evaluation, or NULL */
    void *acc_mem;                 /* the frames' accumulators */
    uint32_t *feature_idx;         /* max_active, for a refresh */
};

/* alphabeta.c */
int gt_alphabeta(struct gt_worker *w, int alpha, int beta, int depth, int ply,
                 bool cutnode);
bool gt_worker_should_stop(const struct gt_worker *w);

/* alphabeta.c: every thread's nodes, its own and the others' as far as
 * they have published them. */
uint64_t gt_worker_all_nodes(const struct gt_worker *w);

/* correction.c */
int gt_corrected_eval(struct gt_worker *w, int ply, int raw);
void gt_correction_update(struct gt_worker *w, int ply, int best, int depth, bool best_move);

/* movepick.c */
/* Ints readable past the end of any frame's scores (worker_init). */
#define GT_SCORE_PAD 16
/* Held-back noisy moves a node keeps apart; any more stay with the
 * others (a chess position has seldom more than a handful). */
#define GT_PICK_BAD_MAX 32
void gt_score_moves(struct gt_worker *w, int ply, gt_move tt_move, int n);
/* The move to search at i: the best left, quiet moves scored on demand. */
gt_move gt_next_move(struct gt_worker *w, int ply, int n, int i);
/* The same list built in two stages, noisy moves then quiet ones. */
int gt_score_noisy_stage(struct gt_worker *w, int ply, gt_move tt_move, int n);
int gt_score_quiet_stage(struct gt_worker *w, int ply, gt_move tt_move, int from, int n);
bool gt_move_rank_below_noisy(const struct gt_frame *f, int i);

/* The move picker of a node: its moves one at a time, best first, listed
 * in stages behind one call.  The hash move comes before any list is
 * generated (it often cuts the node on its own); then, where the game
 * lists its quiet moves apart (GT_FLAG_GEN_QUIET) and the side is not in
 * check, the noisy moves, and the quiet ones only if those did not cut
 * the node; otherwise the whole list at once.  The order is the same
 * either way. */
struct gt_picker {
    int ply;
    gt_move tt_move;
    bool staged;               /* noisy and quiet moves listed apart */
    enum { GT_PICK_NOTHING, GT_PICK_NOISY, GT_PICK_ALL, GT_PICK_BAD } listed;
    int i;                     /* the index of the move last returned */
    int n;                     /* moves listed so far */
    int quiet_from;            /* the index where quiet moves begin */
    int bad_from;              /* the index where the held-back noisy
                                  moves begin (INT_MAX: not yet) */
    bool checks_only;          /* the rest, unsorted, for checks only */
    bool no_moves;             /* the position has no legal move */
    /* Staged with BadNoisyLast: the noisy moves that lose material (SEE),
     * held back until the quiet moves are through, best first. */
    int nbad;
    gt_move bad[GT_PICK_BAD_MAX];
    int bad_rank[GT_PICK_BAD_MAX];
};
void gt_picker_init(struct gt_picker *pk, int ply, gt_move tt_move, bool staged);
/* The quiet moves left are not wanted (late move pruning, futility): the
 * next move is the first held-back noisy one, if any. */
void gt_picker_skip_quiets(struct gt_picker *pk);
/* Is the move just returned a held-back noisy one? */
static inline bool gt_picker_bad(const struct gt_picker *pk) { return pk->i >= pk->bad_from; }
/* The next move, or GT_MOVE_NONE when there is none left (no_moves says
 * whether the position had none at all). */
gt_move gt_picker_next(struct gt_worker *w, struct gt_picker *pk);
/* Was the move just returned ranked below every noisy move (a plain
 * quiet move, ordered by history only)? */
bool gt_picker_plain_quiet(const struct gt_worker *w, const struct gt_picker *pk);

void gt_history_update(struct gt_worker *w, int ply, gt_move best, int depth,
                       const gt_move *quiets, int nquiets);
/* Capture history (CaptureHistory): a bonus to best, a noisy move that
 * cut the node (GT_MOVE_NONE: a quiet one did), and a malus to the noisy
 * moves searched before it without cutting. */
void gt_capture_history_update(struct gt_worker *w, gt_move best, int depth,
                               const gt_move *noisy, int nnoisy);

#endif
