/* timeman.c -- how long to think: a soft limit (do not start another
 * iteration after it) and a hard one (stop the search at once). */
#include <config.h>
#include "search.h"

void gt_time_budget(const struct gt_limits *lim, int side, int64_t overhead,
                    int64_t *soft, int64_t *hard)
{
    *soft = *hard = 0;
    if (lim->infinite)
        return;
    if (lim->movetime > 0) {
        int64_t t = lim->movetime - overhead;
        *soft = *hard = t > 1 ? t : 1;
        return;
    }
    int64_t left = lim->time[side & 1], inc = lim->inc[side & 1];
    int64_t byo = lim->byoyomi;
    if (left <= 0 && inc <= 0 && byo <= 0)
        return;                          /* no clock: depth/nodes only */
    int moves = lim->movestogo > 0 ? lim->movestogo : 30;
    if (moves > 50)
        moves = 50;
    /* What this move may use of the main time, keeping a reserve. */
    int64_t usable = left - overhead;
    if (usable < 0)
        usable = 0;
    int64_t base = usable / moves + inc * 3 / 4;
    int64_t cap = usable / (lim->movestogo == 1 ? 1 : 3) + inc / 2;
    int64_t s = base * 6 / 10, h = base * 3;
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
