/* layout_loss.c -- train's and tune's picture: the training loss (solid)
 * and the validation loss (dashed, same colour) over the epochs, one
 * colour per file and run.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "layout.h"

#include <math.h>
#include <string.h>

#include "svg.h"

/* The series of the files: training and validation loss, in pairs. */
static int collect(const struct gt_progress *files, int n, struct gt_series_list *l,
                   char *err, size_t err_len)
{
    for (int fi = 0; fi < n; fi++) {
        const struct gt_progress *p = &files[fi];
        struct gt_series *tr = NULL, *va = NULL;
        int run = -1;
        for (int i = 0; i < p->n; i++) {
            double epoch, tl, vl;
            if (gt_plot_need(p, i, "epoch", &epoch, err, err_len) < 0 ||
                gt_plot_need(p, i, "train_loss", &tl, err, err_len) < 0)
                return -1;
            vl = gt_json_number(&p->rec[i], "validation_loss");
            if (!tr || gt_series_restarts(tr, epoch)) {
                char name[160], what[200];
                gt_series_name(name, sizeof name, p, n, ++run, "");
                snprintf(what, sizeof what, "%s, training", name);
                tr = gt_series_new(l, fi, what);
                snprintf(what, sizeof what, "%s, validation", name);
                va = tr ? gt_series_new(l, fi, what) : NULL;
                if (!va)
                    goto oom;
                tr = &l->s[l->n - 2];  /* the list may have moved */
            }
            if (gt_series_add(tr, epoch, tl, NAN, NAN) < 0 ||
                gt_series_add(va, epoch, vl, NAN, NAN) < 0)
                goto oom;
        }
    }
    return 0;
oom:
    snprintf(err, err_len, "out of memory");
    return -1;
}

int gt_plot_loss(FILE *f, const struct gt_progress *files, int n, const char *title,
                 char *err, size_t err_len)
{
    struct gt_series_list l = {0};
    if (collect(files, n, &l, err, err_len) < 0) {
        gt_series_list_free(&l);
        return -1;
    }
    bool tune = !strcmp(files[0].kind, "tune");
    double xlo, xhi, ylo, yhi;
    if (!gt_series_range(&l, false, &xlo, &xhi, &ylo, &yhi))
        xlo = ylo = NAN;       /* nothing finite: ticks.h's default range */
    struct gt_panel p = {.id = "loss", .left = GT_PLOT_LEFT, .top = GT_PLOT_TOP,
                         .width = GT_PLOT_PANEL_WIDTH, .height = 340,
                         .x_counts = true};
    int height = GT_PLOT_TOP + 340 + GT_PLOT_BOTTOM;
    gt_svg_begin(f, GT_PLOT_WIDTH, height, title ? title : tune ? "tune: loss per report"
                                                            : "train: loss per epoch");
    gt_svg_panel(f, &p, xlo, xhi, ylo, yhi, tune ? "evaluation weights' loss (Texel)"
                 : "network's loss", "epoch", "loss");
    char id[96];
    for (int i = 0; i < l.n; i++) {
        bool val = i % 2;
        gt_svg_id(id, sizeof id, val ? "validation" : "train", "", i / 2 + 1);
        gt_svg_line(f, &p, id, l.s[i].name, i / 2, val, l.s[i].x, l.s[i].y, l.s[i].n);
    }
    gt_svg_panel_end(f);
    for (int i = 0; i < l.n; i++)
        gt_svg_legend_entry(f, GT_PLOT_LEGEND_LEFT, GT_PLOT_TOP + 6, i, l.s[i].name, i / 2,
                            i % 2, false);
    gt_svg_end(f);
    gt_series_list_free(&l);
    return 0;
}
