/* score.c -- what scores mean: mates, decided games and margins
 * (score.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "score.h"

#include <stdlib.h>

bool gt_is_mate_score(int score) { return abs(score) >= GT_MATE_IN_MAX; }
bool gt_is_decided_score(int score) { return abs(score) >= GT_DECIDED; }

/* A margin score does not depend on the distance to the end, so the
 * transposition table stores it as it is; a win without a margin is a
 * mate score, the fastest best. */
int gt_outcome_score(const struct gt_game *g, const void *pos, enum gt_outcome o, int ply)
{
    if (o == GT_DRAW || o == GT_ONGOING)
        return 0;
    int sign = o == GT_WIN ? 1 : -1;
    if (g->final_margin) {
        int m = g->final_margin(pos);
        m = m < 1 ? 1 : m > GT_MARGIN_MAX ? GT_MARGIN_MAX : m;
        return sign * (GT_EVAL_MAX + m);
    }
    return sign * (GT_MATE - ply);
}

int gt_mate_moves(int score)
{
    return score > 0 ? (GT_MATE - score + 1) / 2 : -(GT_MATE + score) / 2;
}
