/* ticks.c -- the ticks of an axis (ticks.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "ticks.h"

#include <math.h>
#include <stdio.h>

/* The nice step nearest raw from above: 1, 2, 5 or 10 times 10^k. */
static double nice_step(double raw)
{
    double p = pow(10, floor(log10(raw))), f = raw / p;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

void gt_ticks_choose(double lo, double hi, int target, double min_step, struct gt_ticks *t)
{
    if (!isfinite(lo) || !isfinite(hi)) {
        lo = 0;
        hi = 1;
    }
    if (lo > hi) {
        double x = lo;
        lo = hi;
        hi = x;
    }
    if (hi - lo < 1e-12 * fmax(1, fabs(lo))) {
        double half = lo ? fabs(lo) * 0.05 : 1;
        lo -= half;
        hi += half;
    }
    if (target < 1)
        target = 1;
    double step = fmax(nice_step((hi - lo) / target), min_step);
    /* The small slack keeps a value a rounding error past a tick on it. */
    double a = floor(lo / step + 1e-9), b = ceil(hi / step - 1e-9);
    t->step = step;
    t->lo = a * step;
    t->hi = b * step;
    t->n = (int)(b - a) + 1;
}

double gt_tick_value(const struct gt_ticks *t, int i)
{
    double v = t->lo + i * t->step;
    /* 0.1 + 2 * 0.1 is not 0.3: round to the step's own decimals. */
    double unit = pow(10, floor(log10(t->step)) - 3);
    v = round(v / unit) * unit;
    return v == 0 ? 0 : v;
}

void gt_tick_label(double v, double step, char *buf, size_t len)
{
    int decimals = step > 0 && step < 1 ? (int)ceil(-log10(step) - 1e-9) : 0;
    if (fabs(v) < fabs(step) * 1e-6)
        v = 0;                 /* a rounding error off the zero tick */
    if (fabs(v) >= 1e7 || (step > 0 && step < 1e-4))
        snprintf(buf, len, "%g", v);
    else
        snprintf(buf, len, "%.*f", decimals, v + 0.0);
    /* "-0", "-0.00": a rounding of a tiny negative. */
    if (buf[0] == '-') {
        const char *p = buf + 1;
        while (*p == '0' || *p == '.')
            p++;
        if (!*p)
            for (char *q = buf; (*q = q[1]); q++)
                ;
    }
}
