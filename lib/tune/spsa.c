/* spsa.c -- SPSA over engine options through the match runner (spsa.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "spsa.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

void gt_spsa_config_default(struct gt_spsa_config *c)
{
    *c = (struct gt_spsa_config){.iterations = 200, .pairs = 1, .alpha = 0.602,
                                 .gamma = 0.101, .A = -1, .seed = 1};
}

/* The JSON line of iteration k (spsa.h: progress). */
static void progress_line(FILE *f, int k, int n, const struct gt_spsa_stats *st,
                          const struct gt_spsa_param *p, int np)
{
    if (!f)
        return;
    fprintf(f, "{\"kind\": \"spsa\", \"iteration\": %d, \"iterations\": %d, \"wins\": %ld, "
            "\"losses\": %ld, \"draws\": %ld, \"params\": {", k, n, st->wins, st->losses,
            st->draws);
    /* The names are the search's (letters and digits): nothing to escape. */
    for (int i = 0; i < np; i++)
        fprintf(f, "%s\"%s\": %.4f", i ? ", " : "", p[i].name, p[i].value);
    fputs("}}\n", f);
    fflush(f);
}

static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Engine `side` (0: theta+, 1: theta-) of the iteration's match: the
 * template engine with one option per parameter added, at value +- step. */
static int perturbed_engine(struct gt_match_engine *e, const struct gt_match_engine *tmpl,
                            const struct gt_spsa_param *p, int np, const double *step,
                            int side, char (*values)[24], char *err, size_t err_len)
{
    *e = *tmpl;
    snprintf(e->name, sizeof e->name, "%s", side == 0 ? "theta+" : "theta-");
    for (int i = 0; i < np; i++) {
        if (e->noptions == GT_MATCH_MAX_EOPTIONS) {
            gt_errf(err, err_len, "too many engine options (at most %d in all)",
                    GT_MATCH_MAX_EOPTIONS);
            return -1;
        }
        double v = clamp(p[i].value + (side == 0 ? step[i] : -step[i]), p[i].min, p[i].max);
        snprintf(values[i], sizeof values[i], "%ld", lround(v));
        e->opt_name[e->noptions] = p[i].name;
        e->opt_value[e->noptions++] = values[i];
    }
    return 0;
}

int gt_spsa_run(const struct gt_match_config *match, struct gt_spsa_param *p, int np,
                const struct gt_spsa_config *c, FILE *log, struct gt_spsa_stats *st,
                char *err, size_t err_len)
{
    int n = c->iterations, rc = -1;
    size_t m = np > 0 ? (size_t)np : 1;
    double A = c->A >= 0 ? c->A : 0.1 * n;
    struct gt_match_config *mc = malloc(sizeof *mc);
    struct gt_match_summary *sum = malloc(sizeof *sum);
    double *delta = malloc(sizeof *delta * m), *step = malloc(sizeof *step * m);
    char (*vals)[24] = malloc(sizeof *vals * 2 * m);
    FILE *sink = fopen("/dev/null", "w");
    uint64_t rng = c->seed;
    memset(st, 0, sizeof *st);
    if (!mc || !sum || !delta || !step || !vals || !sink) {
        gt_errf(err, err_len, "out of memory");
        goto out;
    }
    progress_line(c->progress, 0, n, st, p, np);
    for (int k = 1; k <= n; k++) {
        *mc = *match;
        mc->nengines = 2;
        mc->games = 2 * c->pairs;
        mc->quiet = true;
        mc->sprt = false;
        mc->first_opening = (int)(gt_rand64(&rng) % 1000003);
        for (int i = 0; i < np; i++) {
            delta[i] = gt_rand64(&rng) & 1 ? 1 : -1;
            step[i] = delta[i] * p[i].c_end * pow((double)n / k, c->gamma); /* c_k d_i */
        }
        if (perturbed_engine(&mc->engines[0], &match->engines[0], p, np, step, 0, vals, err,
                             err_len) < 0 ||
            perturbed_engine(&mc->engines[1], &match->engines[0], p, np, step, 1, vals + m,
                             err, err_len) < 0 ||
            gt_match_run(mc, sink, sum, err, err_len) < 0)
            goto out;
        const struct gt_match_tally *t = &sum->tally[0];
        double result = t->wins - t->losses;   /* points+ minus points- */
        st->wins += t->wins;
        st->losses += t->losses;
        st->draws += t->draws;
        st->iterations = k;
        for (int i = 0; i < np; i++) {
            /* a_k = r_end c_end^2 ((A + N) / (A + k))^alpha; step = c_k d_i */
            double ak = p[i].r_end * p[i].c_end * p[i].c_end * pow((A + n) / (A + k), c->alpha);
            p[i].value = clamp(p[i].value + ak * result / (2 * step[i]), p[i].min, p[i].max);
        }
        if (log) {
            fprintf(log, "iteration %d/%d: +%d -%d =%d", k, n, t->wins, t->losses, t->draws);
            for (int i = 0; i < np; i++)
                fprintf(log, "  %s %.2f", p[i].name, p[i].value);
            fputc('\n', log);
            fflush(log);
        }
        progress_line(c->progress, k, n, st, p, np);
    }
    rc = 0;
out:
    if (sink)
        fclose(sink);
    free(mc);
    free(sum);
    free(delta);
    free(step);
    free(vals);
    return rc;
}
