/* plot.c -- the picture of a set of progress files (plot.h): one kind,
 * then that kind's layout.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "plot.h"

#include <math.h>
#include <string.h>

#include "layout.h"

int gt_plot_need(const struct gt_progress *p, int i, const char *key, double *out, char *err,
                 size_t err_len)
{
    const struct gt_json_field *f = gt_json_find(&p->rec[i], key);
    if (!f || (f->type != GT_JSON_NUMBER && f->type != GT_JSON_NULL)) {
        snprintf(err, err_len, "%s:%d: a %s line without the number \"%s\"", p->path,
                 p->line[i], p->kind, key);
        return -1;
    }
    *out = f->type == GT_JSON_NUMBER ? f->num : NAN;
    return 0;
}

int gt_plot_write(FILE *f, const struct gt_progress *files, int n, const char *title,
                  char *err, size_t err_len)
{
    if (n < 1) {
        snprintf(err, err_len, "no progress file to draw");
        return -1;
    }
    for (int i = 1; i < n; i++)
        if (strcmp(files[i].kind, files[0].kind)) {
            snprintf(err, err_len, "%s holds %s progress and %s %s progress: one kind a "
                     "picture", files[0].path, files[0].kind, files[i].path, files[i].kind);
            return -1;
        }
    const char *k = files[0].kind;
    if (!strcmp(k, "match"))
        return gt_plot_match(f, files, n, title, err, err_len);
    if (!strcmp(k, "spsa"))
        return gt_plot_spsa(f, files, n, title, err, err_len);
    return gt_plot_loss(f, files, n, title, err, err_len);
}
