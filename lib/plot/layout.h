/* layout.h -- each kind's picture (layout_match.c, layout_loss.c,
 * layout_spsa.c), as plot.c calls them, and the measures they share.
 * SPDX-License-Identifier: MIT */
#ifndef GT_PLOT_LAYOUT_H
#define GT_PLOT_LAYOUT_H

#include <stddef.h>
#include <stdio.h>

#include "progress.h"
#include "series.h"

/* The page: the panels on the left, their legends on the right. */
enum {
    GT_PLOT_WIDTH = 980,
    GT_PLOT_LEFT = 90,         /* room for the y ticks and the axis name */
    GT_PLOT_PANEL_WIDTH = 600,
    GT_PLOT_LEGEND_LEFT = 750,
    GT_PLOT_TOP = 70,          /* the title, then the first panel's */
    GT_PLOT_GAP = 80,          /* between panels: the x ticks, the next title */
    GT_PLOT_BOTTOM = 50
};

int gt_plot_match(FILE *f, const struct gt_progress *files, int n, const char *title,
                  char *err, size_t err_len);
int gt_plot_loss(FILE *f, const struct gt_progress *files, int n, const char *title,
                 char *err, size_t err_len);
int gt_plot_spsa(FILE *f, const struct gt_progress *files, int n, const char *title,
                 char *err, size_t err_len);

/* A line's number field, or -1 with err naming the file, the line and
 * the field when it is absent (null is a number's absence: NAN). */
int gt_plot_need(const struct gt_progress *p, int i, const char *key, double *out, char *err,
                 size_t err_len);

#endif
