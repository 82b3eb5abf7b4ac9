/* timeman.c -- how long to think: a soft limit (do not start another
 * iteration after it) and a hard one (stop the search at once).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "search.h"

void gt_time_budget(const struct gt_limits *lim, int side, int64_t overhead,
                    const int32_t sp[GT_SP_COUNT], int64_t *soft, int64_t *hard)
{
    *soft = *hard = 0;
    if (lim->infinite)
        return;
    /* movetime is the time to use: the GUI has chosen it, lag included.
     * The overhead is kept back from clocks only. */
    if (lim->movetime > 0) {
        *soft = *hard = lim->movetime;
        return;
    }
    int64_t left = lim->time[side & 1], inc = lim->inc[side & 1];
    /* Only the opponent's clock given (a GUI's slip, or a malformed field
     * ignored): take it for ours rather than think without limit. */
    if (left <= 0 && inc <= 0 && lim->time[!(side & 1)] > 0) {
        left = lim->time[!(side & 1)];
        inc = lim->inc[!(side & 1)];
    }
    int64_t byo = lim->byoyomi;
    if (left <= 0 && inc <= 0 && byo <= 0)
        return;                          /* no clock: depth/nodes only */
    int moves = lim->movestogo > 0 ? lim->movestogo : sp[GT_SP_TIME_MOVES];
    if (moves > sp[GT_SP_TIME_MOVES_MAX])
        moves = sp[GT_SP_TIME_MOVES_MAX];
    /* What this move may use of the main time, keeping a reserve. */
    int64_t usable = left - overhead;
    if (usable < 0)
        usable = 0;
    int64_t base = usable / moves + inc * sp[GT_SP_TIME_INC] / 100;
    int64_t cap = usable / (lim->movestogo == 1 ? 1 : sp[GT_SP_TIME_HARD_CAP]) +
                  inc * sp[GT_SP_TIME_CAP_INC] / 100;
    int64_t s = base * sp[GT_SP_TIME_SOFT] / 100, h = base * sp[GT_SP_TIME_HARD] / 100;
    if (h > cap)
        h = cap;
    if (s > h)
        s = h;
    /* Byoyomi is a per-move allowance on top: lose it if unused. */
    if (byo > 0) {
        s += byo - overhead;
        h += byo - overhead;
    }
    *soft = s > 1 ? s : 1;
    *hard = h > 1 ? h : 1;
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

int gt_time_scale(const int32_t sp[GT_SP_COUNT], int best_pct, int stable, int drop_pct)
{
    /* Most of the root's nodes on one move: the others are refuted
     * quickly, and a deeper look seldom changes the choice. */
    int64_t nodes = 100;
    if (sp[GT_SP_TIME_NODES])
        nodes = (150 - clamp(best_pct, 0, 100)) * sp[GT_SP_TIME_NODES] / 100;
    /* A new best move deserves a check; one kept for many iterations
     * is likely final. */
    int64_t stability = 100 + sp[GT_SP_TIME_STABLE] * (5 - clamp(stable, 0, 10));
    /* A falling score: the trouble may lie deeper than this iteration saw. */
    int64_t drop = 100 + sp[GT_SP_TIME_DROP] * clamp(drop_pct, 0, 100) / 100;
    return (int)(nodes * stability * drop / 10000);
}

int64_t gt_time_stretch(const struct gt_limits *lim, int64_t overhead, int64_t soft,
                        int64_t hard, int pct)
{
    /* A time the GUI fixed, or byoyomi alone: nothing to move between
     * moves. */
    if (soft >= hard)
        return soft;
    int64_t s = soft * pct / 100;
    /* Byoyomi unused is lost: never stop before it is spent. */
    if (lim->byoyomi > 0 && s < lim->byoyomi - overhead)
        s = lim->byoyomi - overhead;
    if (s > hard)
        s = hard;
    return s > 1 ? s : 1;
}
