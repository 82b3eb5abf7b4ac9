/* series.c -- the points of a picture (series.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "series.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gt_series *gt_series_new(struct gt_series_list *l, int file, const char *name)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 8;
        struct gt_series *s = realloc(l->s, sizeof *s * (size_t)cap);
        if (!s)
            return NULL;
        l->s = s;
        l->cap = cap;
    }
    struct gt_series *s = &l->s[l->n++];
    memset(s, 0, sizeof *s);
    s->file = file;
    snprintf(s->name, sizeof s->name, "%s", name);
    return s;
}

int gt_series_add(struct gt_series *s, double x, double y, double lo, double hi)
{
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        double *v[4] = {s->x, s->y, s->lo, s->hi};
        for (int k = 0; k < 4; k++) {
            double *p = realloc(v[k], sizeof *p * (size_t)cap);
            if (!p)
                return -1;
            v[k] = p;
            /* Each array is its own: keep the moved ones at once. */
            s->x = v[0], s->y = v[1], s->lo = v[2], s->hi = v[3];
        }
        s->cap = cap;
    }
    s->x[s->n] = x;
    s->y[s->n] = y;
    s->lo[s->n] = lo;
    s->hi[s->n] = hi;
    s->n++;
    return 0;
}

bool gt_series_restarts(const struct gt_series *s, double x)
{
    return s->n > 0 && !(x > s->x[s->n - 1]);
}

bool gt_series_range(const struct gt_series_list *l, bool band, double *xlo, double *xhi,
                     double *ylo, double *yhi)
{
    bool any = false;
    *xlo = *ylo = INFINITY;
    *xhi = *yhi = -INFINITY;
    for (int i = 0; i < l->n; i++)
        for (int k = 0; k < l->s[i].n; k++) {
            const struct gt_series *s = &l->s[i];
            double v[3] = {s->y[k], band ? s->lo[k] : NAN, band ? s->hi[k] : NAN};
            if (!isfinite(s->x[k]))
                continue;
            for (int j = 0; j < 3; j++) {
                if (!isfinite(v[j]))
                    continue;
                any = true;
                *xlo = fmin(*xlo, s->x[k]);
                *xhi = fmax(*xhi, s->x[k]);
                *ylo = fmin(*ylo, v[j]);
                *yhi = fmax(*yhi, v[j]);
            }
        }
    return any;
}

void gt_series_list_free(struct gt_series_list *l)
{
    for (int i = 0; i < l->n; i++) {
        free(l->s[i].x);
        free(l->s[i].y);
        free(l->s[i].lo);
        free(l->s[i].hi);
    }
    free(l->s);
    memset(l, 0, sizeof *l);
}

void gt_series_name(char *buf, size_t len, const struct gt_progress *f, int nfiles, int run,
                    const char *what)
{
    const char *base = strrchr(f->path, '/');
    base = base ? base + 1 : f->path;
    char r[24] = "";
    if (run > 0)
        snprintf(r, sizeof r, " (run %d)", run + 1);
    snprintf(buf, len, "%s%s%s%s", nfiles > 1 ? base : "", nfiles > 1 && *what ? ": " : "",
             nfiles > 1 || *what ? what : base, r);
}
