/* series.h -- the points a layout draws: one line (with a band, where it
 * has one) per file, per run appended in a file, per pair of engines or
 * per parameter, named for the legend.
 * SPDX-License-Identifier: MIT */
#ifndef GT_PLOT_SERIES_H
#define GT_PLOT_SERIES_H

#include <stdbool.h>
#include <stddef.h>

#include "progress.h"

struct gt_series {
    char name[192];            /* the legend's words */
    int file;                  /* which file (0-based) */
    int n, cap;
    double *x, *y, *lo, *hi;   /* lo, hi: the band's edges (NAN: none) */
};

/* A growing list of series. */
struct gt_series_list {
    int n, cap;
    struct gt_series *s;
};

/* A new empty series at the list's end, or NULL when out of memory. */
struct gt_series *gt_series_new(struct gt_series_list *l, int file, const char *name);
/* Append a point; -1 when out of memory. */
int gt_series_add(struct gt_series *s, double x, double y, double lo, double hi);
/* Does x not follow the series' last point (a run appended after another
 * starts over)? */
bool gt_series_restarts(const struct gt_series *s, double x);
/* The finite values' range over every series: x, and y with the band's
 * edges when band is set.  false when there is no finite point. */
bool gt_series_range(const struct gt_series_list *l, bool band, double *xlo, double *xhi,
                     double *ylo, double *yhi);
void gt_series_list_free(struct gt_series_list *l);

/* A series' name: what, preceded by the file's name when several files
 * are drawn and followed by "run K" for the second run of a file on. */
void gt_series_name(char *buf, size_t len, const struct gt_progress *f, int nfiles, int run,
                    const char *what);

#endif
