/* match_standings.c -- the standings of three or more engines.
 *
 * Each engine's Elo is that of its total score against the field, as
 * cutechess-cli computes it: its wins, losses and draws summed over all
 * the pairs it is in, turned into a score s = (W + D/2) / N and Elo
 * -400 log10(1/s - 1) with the 95% interval of gt_elo_estimate.  That
 * is its Elo relative to the average opponent it met, not a fit of all
 * the pairs' results together: in a gauntlet the first engine is rated
 * against the others' average, and each other against the first alone.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_standings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The better row first. */
static int better(const struct gt_standing *x, const struct gt_standing *y)
{
    double sx = x->elo.games ? x->elo.score : -1, sy = y->elo.games ? y->elo.score : -1;
    if (sx != sy)
        return sx > sy ? -1 : 1;
    if (x->elo.games != y->elo.games)
        return x->elo.games > y->elo.games ? -1 : 1;
    return x->engine < y->engine ? -1 : x->engine > y->engine;
}

static int compare(const void *x, const void *y) { return better(x, y); }

int gt_standings(const struct gt_match_summary *sum, int nengines, struct gt_standing *rows)
{
    for (int i = 0; i < nengines; i++)
        rows[i] = (struct gt_standing){.engine = i};
    for (int p = 0; p < sum->npairs; p++) {
        const struct gt_match_tally *t = &sum->tally[p];
        struct gt_standing *a = &rows[sum->pair_a[p]], *b = &rows[sum->pair_b[p]];
        a->wins += t->wins;
        a->losses += t->losses;
        a->draws += t->draws;
        b->wins += t->losses;
        b->losses += t->wins;
        b->draws += t->draws;
    }
    for (int i = 0; i < nengines; i++)
        gt_elo_estimate(rows[i].wins, rows[i].losses, rows[i].draws, &rows[i].elo);
    qsort(rows, (size_t)nengines, sizeof *rows, compare);
    return nengines;
}

/* Half the interval's width; "inf" where an end is infinite. */
static void margin_text(char *buf, size_t len, const struct gt_elo *e)
{
    double m = (e->elo_hi - e->elo_lo) / 2;
    if (isfinite(m))
        snprintf(buf, len, "%.1f", m);
    else
        snprintf(buf, len, "inf");
}

void gt_standings_print(FILE *out, const struct gt_match_config *c,
                        const struct gt_match_summary *sum)
{
    struct gt_standing rows[GT_MATCH_MAX_ENGINES];
    int n = gt_standings(sum, c->nengines, rows);
    int width = 4;
    for (int i = 0; i < n; i++)
        if ((int)strlen(c->engines[i].name) > width)
            width = (int)strlen(c->engines[i].name);
    fprintf(out, "Rank %-*s %8s %7s %7s %6s %6s %6s\n", width, "Name", "Elo", "+/-", "Points",
            "Games", "Score", "Draw");
    for (int i = 0; i < n; i++) {
        const struct gt_standing *r = &rows[i];
        const struct gt_elo *e = &r->elo;
        char elo[32] = "-", margin[32] = "-";
        if (e->games) {
            gt_elo_text(e->elo, elo, sizeof elo);
            margin_text(margin, sizeof margin, e);
        }
        fprintf(out, "%4d %-*s %8s %7s %7.1f %6d %5.1f%% %5.1f%%\n", i + 1, width,
                c->engines[r->engine].name, elo, margin, r->wins + 0.5 * r->draws, e->games,
                100 * e->score, e->games ? 100.0 * r->draws / e->games : 0.0);
    }
}
