/* match_progress.c -- the match's JSON progress lines (match_progress.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_progress.h"

#include <math.h>

#include "match_elo.h"

/* A JSON string: engine names are the user's words. */
static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* A number, or null where JSON has none (an infinite Elo). */
static void json_number(FILE *f, const char *key, double v, int decimals)
{
    if (isfinite(v))
        fprintf(f, ", \"%s\": %.*f", key, decimals, v + 0.0);
    else
        fprintf(f, ", \"%s\": null", key);
}

void gt_match_progress_line(FILE *f, const struct gt_match_config *c,
                            const struct gt_match_summary *sum, int n, int p, double llr_lo,
                            double llr_hi)
{
    const struct gt_match_tally *t = &sum->tally[p];
    struct gt_elo e;
    gt_elo_estimate(t->wins, t->losses, t->draws, &e);
    fprintf(f, "{\"kind\": \"match\", \"game\": %d, \"games\": %d, \"pair\": %d, "
            "\"engine_a\": ", n + 1, sum->games_played, p);
    json_string(f, c->engines[sum->pair_a[p]].name);
    fputs(", \"engine_b\": ", f);
    json_string(f, c->engines[sum->pair_b[p]].name);
    fprintf(f, ", \"pair_games\": %d, \"wins\": %d, \"losses\": %d, \"draws\": %d", e.games,
            t->wins, t->losses, t->draws);
    json_number(f, "score", e.score, 4);
    json_number(f, "elo", e.elo, 2);
    json_number(f, "elo_lo", e.elo_lo, 2);
    json_number(f, "elo_hi", e.elo_hi, 2);
    if (c->sprt) {
        json_number(f, "llr", sum->llr, 4);
        json_number(f, "llr_lo", llr_lo, 4);
        json_number(f, "llr_hi", llr_hi, 4);
        json_number(f, "elo0", c->elo0, 2);
        json_number(f, "elo1", c->elo1, 2);
    }
    fputs("}\n", f);
    fflush(f);
}
