/* ticks.h -- an axis's ticks: a step of 1, 2 or 5 times a power of ten
 * that cuts the data's range into a handful of intervals, the range
 * widened to whole steps, and the ticks' labels.
 * SPDX-License-Identifier: MIT */
#ifndef GT_PLOT_TICKS_H
#define GT_PLOT_TICKS_H

#include <stddef.h>

struct gt_ticks {
    double lo, hi;             /* the axis: whole steps around the data */
    double step;
    int n;                     /* ticks from lo to hi, both included */
};

/* Ticks for data from lo to hi, about target intervals (at least 1), the
 * step at least min_step (1 for a count: no tick between games).  An
 * empty range (lo == hi) is opened around its value; a range that is not
 * finite becomes 0 to 1. */
void gt_ticks_choose(double lo, double hi, int target, double min_step, struct gt_ticks *t);

/* The value of tick i. */
double gt_tick_value(const struct gt_ticks *t, int i);

/* v as a tick label: as many decimals as the step needs, never "-0". */
void gt_tick_label(double v, double step, char *buf, size_t len);

#endif
