/* layout_spsa.c -- spsa's picture: each parameter over the iterations in
 * a panel of its own (small multiples: every parameter on its own scale),
 * one colour per file and run, the legend beside the first panel.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "svg.h"

enum { PANEL_HEIGHT = 150, MAX_PARAMS = 64 };

static const char PREFIX[] = "params.";

/* The parameters' names, in the order the files first give them. */
static int names(const struct gt_progress *files, int n, const char **out)
{
    int k = 0;
    for (int fi = 0; fi < n; fi++)
        for (int i = 0; i < files[fi].n; i++)
            for (int j = 0; j < files[fi].rec[i].n; j++) {
                const char *key = files[fi].rec[i].f[j].key;
                if (strncmp(key, PREFIX, sizeof PREFIX - 1))
                    continue;
                key += sizeof PREFIX - 1;
                int m = 0;
                while (m < k && strcmp(out[m], key))
                    m++;
                if (m == k && k < MAX_PARAMS)
                    out[k++] = key;
            }
    return k;
}

/* Parameter m's series: one per file and run, in the same order for every
 * parameter (so colour and number match across the panels). */
static int collect(const struct gt_progress *files, int n, const char *name,
                   struct gt_series_list *l, char *err, size_t err_len)
{
    char key[256];
    snprintf(key, sizeof key, "%s%s", PREFIX, name);
    for (int fi = 0; fi < n; fi++) {
        const struct gt_progress *p = &files[fi];
        struct gt_series *s = NULL;
        int run = -1;
        for (int i = 0; i < p->n; i++) {
            double it;
            if (gt_plot_need(p, i, "iteration", &it, err, err_len) < 0)
                return -1;
            if (!s || gt_series_restarts(s, it)) {
                char what[160];
                gt_series_name(what, sizeof what, p, n, ++run, "");
                if (!(s = gt_series_new(l, fi, what))) {
                    snprintf(err, err_len, "out of memory");
                    return -1;
                }
            }
            if (gt_series_add(s, it, gt_json_number(&p->rec[i], key), NAN, NAN) < 0) {
                snprintf(err, err_len, "out of memory");
                return -1;
            }
        }
    }
    return 0;
}

int gt_plot_spsa(FILE *f, const struct gt_progress *files, int n, const char *title,
                 char *err, size_t err_len)
{
    const char *param[MAX_PARAMS];
    int np = names(files, n, param);
    if (!np) {
        snprintf(err, err_len, "%s:%d: an spsa line without \"params\": no parameter to draw",
                 files[0].path, files[0].line[0]);
        return -1;
    }
    int height = GT_PLOT_TOP + np * PANEL_HEIGHT + (np - 1) * GT_PLOT_GAP + GT_PLOT_BOTTOM;
    gt_svg_begin(f, GT_PLOT_WIDTH, height, title ? title : "spsa: parameters per iteration");
    int rc = 0;
    for (int m = 0; m < np && rc == 0; m++) {
        struct gt_series_list l = {0};
        if ((rc = collect(files, n, param[m], &l, err, err_len)) < 0) {
            gt_series_list_free(&l);
            break;
        }
        double xlo, xhi, ylo, yhi;
        if (!gt_series_range(&l, false, &xlo, &xhi, &ylo, &yhi))
            xlo = ylo = NAN;
        char pid[96], id[160];
        gt_svg_id(pid, sizeof pid, "param", param[m], m + 1);
        double top = GT_PLOT_TOP + m * (PANEL_HEIGHT + GT_PLOT_GAP);
        struct gt_panel p = {.id = pid, .left = GT_PLOT_LEFT, .top = top,
                             .width = GT_PLOT_PANEL_WIDTH, .height = PANEL_HEIGHT,
                         .x_counts = true};
        gt_svg_panel(f, &p, xlo, xhi, ylo, yhi, param[m], "iteration", "value");
        for (int i = 0; i < l.n; i++) {
            gt_svg_id(id, sizeof id, "param", param[m], i + 1);
            gt_svg_line(f, &p, id, l.s[i].name, i, false, l.s[i].x, l.s[i].y, l.s[i].n);
        }
        gt_svg_panel_end(f);
        for (int i = 0; m == 0 && i < l.n; i++)
            gt_svg_legend_entry(f, GT_PLOT_LEGEND_LEFT, top + 6, i, l.s[i].name, i, false,
                                false);
        gt_series_list_free(&l);
    }
    gt_svg_end(f);
    return rc;
}
