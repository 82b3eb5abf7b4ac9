/* layout_match.c -- match's picture: above, each pair's Elo difference
 * (the first engine's view) over its games with the 95% interval as a
 * band; below, when an SPRT ran, its log-likelihood ratio with the bounds
 * where it stops.  One colour per file, run and pair.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "layout.h"

#include <math.h>
#include <string.h>

#include "svg.h"

enum { ELO_HEIGHT = 300, LLR_HEIGHT = 200, MAX_PAIRS = 256 };

struct match_series {
    struct gt_series_list elo, llr;
    double llr_lo[64], llr_hi[64];   /* each LLR series' bounds (64 shown) */
};

/* Pair `pair`'s series in the current run, a new one when there is none. */
static struct gt_series *pair_series(struct gt_series_list *l, int *cur, int pair,
                                     const struct gt_progress *p, int fi, int nfiles, int run,
                                     int i)
{
    if (cur[pair] >= 0)
        return &l->s[cur[pair]];
    const char *a = gt_json_string(&p->rec[i], "engine_a");
    const char *b = gt_json_string(&p->rec[i], "engine_b");
    char what[160], name[192];
    snprintf(what, sizeof what, "%s vs %s", a ? a : "?", b ? b : "?");
    gt_series_name(name, sizeof name, p, nfiles, run, what);
    struct gt_series *s = gt_series_new(l, fi, name);
    if (s)
        cur[pair] = l->n - 1;
    return s;
}

static int collect(const struct gt_progress *files, int n, struct match_series *m, char *err,
                   size_t err_len)
{
    int cur[MAX_PAIRS];
    for (int fi = 0; fi < n; fi++) {
        const struct gt_progress *p = &files[fi];
        struct gt_series *llr = NULL;
        int run = 0;
        for (int k = 0; k < MAX_PAIRS; k++)
            cur[k] = -1;
        for (int i = 0; i < p->n; i++) {
            double pair, games, pg, elo, lo, hi;
            if (gt_plot_need(p, i, "pair", &pair, err, err_len) < 0 ||
                gt_plot_need(p, i, "games", &games, err, err_len) < 0 ||
                gt_plot_need(p, i, "pair_games", &pg, err, err_len) < 0 ||
                gt_plot_need(p, i, "elo", &elo, err, err_len) < 0 ||
                gt_plot_need(p, i, "elo_lo", &lo, err, err_len) < 0 ||
                gt_plot_need(p, i, "elo_hi", &hi, err, err_len) < 0)
                return -1;
            if (!(pair >= 0 && pair < MAX_PAIRS)) {
                snprintf(err, err_len, "%s:%d: \"pair\" %g is not a pair's number", p->path,
                         p->line[i], pair);
                return -1;
            }
            int k = (int)pair;
            /* A pair's games start over: a run appended to the file. */
            if (cur[k] >= 0 && gt_series_restarts(&m->elo.s[cur[k]], pg)) {
                run++;
                for (int j = 0; j < MAX_PAIRS; j++)
                    cur[j] = -1;
                llr = NULL;
            }
            struct gt_series *s = pair_series(&m->elo, cur, k, p, fi, n, run, i);
            if (!s || gt_series_add(s, pg, elo, lo, hi) < 0)
                goto oom;
            double v = gt_json_number(&p->rec[i], "llr");
            if (!gt_json_find(&p->rec[i], "llr"))
                continue;
            if (!llr) {
                char name[192];
                gt_series_name(name, sizeof name, p, n, run, "LLR");
                if (!(llr = gt_series_new(&m->llr, fi, name)))
                    goto oom;
                int j = m->llr.n - 1;
                if (j < 64) {
                    m->llr_lo[j] = gt_json_number(&p->rec[i], "llr_lo");
                    m->llr_hi[j] = gt_json_number(&p->rec[i], "llr_hi");
                }
            }
            if (gt_series_add(llr, games, v, NAN, NAN) < 0)
                goto oom;
        }
    }
    return 0;
oom:
    snprintf(err, err_len, "out of memory");
    return -1;
}

/* The Elo panel's range: the Elo values, and the band as far as it stays
 * within the values' own span again on either side (the first games'
 * intervals are hundreds of Elo wide and would flatten the rest; the band
 * is clipped at the frame). */
static void elo_range(const struct gt_series_list *l, double *xlo, double *xhi, double *ylo,
                      double *yhi)
{
    double bxlo, bxhi, bylo, byhi;
    if (!gt_series_range(l, false, xlo, xhi, ylo, yhi)) {
        *xlo = *ylo = NAN;
        return;
    }
    if (gt_series_range(l, true, &bxlo, &bxhi, &bylo, &byhi)) {
        double span = fmax(*yhi - *ylo, 50);
        *ylo = fmax(bylo, *ylo - span);
        *yhi = fmin(byhi, *yhi + span);
    }
}

static void draw_llr(FILE *f, const struct match_series *m, double top)
{
    double xlo, xhi, ylo, yhi;
    if (!gt_series_range(&m->llr, false, &xlo, &xhi, &ylo, &yhi))
        xlo = ylo = yhi = NAN;
    for (int j = 0; j < m->llr.n && j < 64; j++) {
        if (isfinite(m->llr_lo[j]) && isfinite(ylo))
            ylo = fmin(ylo, m->llr_lo[j]);
        if (isfinite(m->llr_hi[j]) && isfinite(yhi))
            yhi = fmax(yhi, m->llr_hi[j]);
    }
    struct gt_panel p = {.id = "llr", .left = GT_PLOT_LEFT, .top = top,
                         .width = GT_PLOT_PANEL_WIDTH, .height = LLR_HEIGHT,
                         .x_counts = true};
    gt_svg_panel(f, &p, xlo, xhi, ylo, yhi, "SPRT log-likelihood ratio", "games", "LLR");
    char id[64], label[64];
    for (int j = 0; j < m->llr.n; j++) {
        const struct gt_series *s = &m->llr.s[j];
        gt_svg_id(id, sizeof id, "llr", "", j + 1);
        gt_svg_line(f, &p, id, s->name, j, false, s->x, s->y, s->n);
        /* The bounds, once for each SPRT that has its own. */
        bool seen = j >= 64;
        for (int q = 0; q < j && !seen && q < 64; q++)
            seen = m->llr_lo[q] == m->llr_lo[j] && m->llr_hi[q] == m->llr_hi[j];
        for (int side = 0; !seen && side < 2; side++) {
            double b = side ? m->llr_hi[j] : m->llr_lo[j];
            if (!isfinite(b))
                continue;
            gt_svg_id(id, sizeof id, side ? "llr-upper" : "llr-lower", "", j + 1);
            snprintf(label, sizeof label, "%s %.2f", side ? "H1" : "H0", b);
            gt_svg_hline(f, &p, id, b, label);
        }
    }
    gt_svg_panel_end(f);
    for (int j = 0; j < m->llr.n; j++)
        gt_svg_legend_entry(f, GT_PLOT_LEGEND_LEFT, top + 6, j, m->llr.s[j].name, j, false,
                            false);
}

int gt_plot_match(FILE *f, const struct gt_progress *files, int n, const char *title,
                  char *err, size_t err_len)
{
    struct match_series m = {0};
    if (collect(files, n, &m, err, err_len) < 0) {
        gt_series_list_free(&m.elo);
        gt_series_list_free(&m.llr);
        return -1;
    }
    int height = GT_PLOT_TOP + ELO_HEIGHT + GT_PLOT_BOTTOM +
                 (m.llr.n ? GT_PLOT_GAP + LLR_HEIGHT : 0);
    gt_svg_begin(f, GT_PLOT_WIDTH, height, title ? title : "match: Elo difference and SPRT");
    double xlo, xhi, ylo, yhi;
    elo_range(&m.elo, &xlo, &xhi, &ylo, &yhi);
    struct gt_panel p = {.id = "elo", .left = GT_PLOT_LEFT, .top = GT_PLOT_TOP,
                         .width = GT_PLOT_PANEL_WIDTH, .height = ELO_HEIGHT,
                         .x_counts = true};
    gt_svg_panel(f, &p, xlo, xhi, ylo, yhi, "Elo difference (first engine's view), 95% "
                 "interval", "games of the pair", "Elo");
    char id[64];
    for (int i = 0; i < m.elo.n; i++) {
        const struct gt_series *s = &m.elo.s[i];
        gt_svg_id(id, sizeof id, "elo-band", "", i + 1);
        gt_svg_band(f, &p, id, s->name, i, s->x, s->lo, s->hi, s->n);
        gt_svg_id(id, sizeof id, "elo", "", i + 1);
        gt_svg_line(f, &p, id, s->name, i, false, s->x, s->y, s->n);
    }
    gt_svg_panel_end(f);
    for (int i = 0; i < m.elo.n; i++)
        gt_svg_legend_entry(f, GT_PLOT_LEGEND_LEFT, GT_PLOT_TOP + 6, i, m.elo.s[i].name, i,
                            false, true);
    if (m.llr.n)
        draw_llr(f, &m, GT_PLOT_TOP + ELO_HEIGHT + GT_PLOT_GAP);
    gt_svg_end(f);
    gt_series_list_free(&m.elo);
    gt_series_list_free(&m.llr);
    return 0;
}
