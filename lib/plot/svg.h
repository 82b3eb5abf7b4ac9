/* svg.h -- writing the picture: an SVG document of panels (a frame, grid
 * lines, ticks with labels, the axes' names), lines, bands and a legend.
 * Plain text, no library.  Every drawn series is an element with an id
 * and a class (series, band, bound), so that a reader (or a test) finds
 * it: a line's points are one "x,y" pair per point drawn.
 * SPDX-License-Identifier: MIT */
#ifndef GT_PLOT_SVG_H
#define GT_PLOT_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ticks.h"

/* One panel: a plotting area and its axes. */
struct gt_panel {
    const char *id;            /* names its group and clip path */
    double left, top, width, height;   /* the plotting area, in pixels */
    bool x_counts;             /* x counts games, epochs...: whole ticks */
    struct gt_ticks xt, yt;
};

/* Open the document (width x height pixels) with its title. */
void gt_svg_begin(FILE *f, int width, int height, const char *title);
void gt_svg_end(FILE *f);

/* The panel's axes for data from xlo to xhi and ylo to yhi (ticks.h
 * widens them to whole steps), drawn with the panel's title and the
 * axes' names; what follows is drawn inside it until gt_svg_panel_end. */
void gt_svg_panel(FILE *f, struct gt_panel *p, double xlo, double xhi, double ylo, double yhi,
                  const char *title, const char *xlabel, const char *ylabel);
void gt_svg_panel_end(FILE *f);

/* A line through the points whose x and y are finite, in colour number
 * color, dashed or not.  Returns the points drawn. */
int gt_svg_line(FILE *f, const struct gt_panel *p, const char *id, const char *name, int color,
                bool dashed, const double *x, const double *y, int n);
/* A band between lo and hi (the points where both are finite). */
int gt_svg_band(FILE *f, const struct gt_panel *p, const char *id, const char *name, int color,
                const double *x, const double *lo, const double *hi, int n);
/* A horizontal line across the panel at y, labelled at its right end. */
void gt_svg_hline(FILE *f, const struct gt_panel *p, const char *id, double y,
                  const char *label);

/* One legend entry, the k-th, in the column at left from top. */
void gt_svg_legend_entry(FILE *f, double left, double top, int k, const char *name, int color,
                         bool dashed, bool band);

/* Text with XML's special characters escaped. */
void gt_svg_text(FILE *f, const char *s);
/* An id from prefix, name and number: characters an XML name may not hold
 * become '_'. */
void gt_svg_id(char *buf, size_t len, const char *prefix, const char *name, int k);

#endif
