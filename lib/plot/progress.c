/* progress.c -- reading progress files (progress.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "progress.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gt_progress_known_kind(const char *kind)
{
    static const char *const kinds[] = {"match", "spsa", "train", "tune"};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (!strcmp(kind, kinds[i]))
            return 1;
    return 0;
}

/* The line's kind, or NULL with err. */
static const char *kind_of(const struct gt_json_line *l, char *err, size_t err_len)
{
    const struct gt_json_field *f = gt_json_find(l, "kind");
    if (!f) {
        if (gt_json_find(l, "epoch") && gt_json_find(l, "train_loss"))
            return "train";
        snprintf(err, err_len, "no \"kind\" field: not a progress line of gtsearch "
                 "(match, spsa, train or tune --progress)");
        return NULL;
    }
    if (f->type != GT_JSON_STRING || !gt_progress_known_kind(f->str)) {
        snprintf(err, err_len, "unknown kind %s%s%s (plot draws match, spsa, train and tune)",
                 f->type == GT_JSON_STRING ? "'" : "", f->type == GT_JSON_STRING ? f->str
                 : "(not a string)", f->type == GT_JSON_STRING ? "'" : "");
        return NULL;
    }
    return f->str;
}

static int is_blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t' && *s != '\r' && *s != '\n')
            return 0;
    return 1;
}

int gt_progress_read(const char *path, struct gt_progress *p, char *err, size_t err_len)
{
    memset(p, 0, sizeof *p);
    p->path = path;
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, err_len, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL, why[300];
    size_t cap = 0;
    int lineno = 0, rc = -1, cap_rec = 0;
    while (getline(&line, &cap, f) >= 0) {
        lineno++;
        if (is_blank(line))
            continue;
        if (p->n == cap_rec) {
            cap_rec = cap_rec ? 2 * cap_rec : 64;
            struct gt_json_line *r = realloc(p->rec, sizeof *r * (size_t)cap_rec);
            if (r)
                p->rec = r;
            int *at = r ? realloc(p->line, sizeof *at * (size_t)cap_rec) : NULL;
            if (!at) {
                snprintf(err, err_len, "%s: out of memory", path);
                goto out;
            }
            p->line = at;
        }
        p->line[p->n] = lineno;
        struct gt_json_line *l = &p->rec[p->n++];
        line[strcspn(line, "\r\n")] = 0;   /* columns count on the line itself */
        if (gt_json_parse(line, l, why, sizeof why) < 0) {
            snprintf(err, err_len, "%s:%d: malformed line: %s", path, lineno, why);
            goto out;
        }
        const char *kind = kind_of(l, why, sizeof why);
        if (!kind) {
            snprintf(err, err_len, "%s:%d: %s", path, lineno, why);
            goto out;
        }
        if (!p->kind[0])
            snprintf(p->kind, sizeof p->kind, "%s", kind);
        else if (strcmp(kind, p->kind)) {
            snprintf(err, err_len, "%s:%d: a line of kind '%s' in a file of kind '%s': one "
                     "command's progress a file", path, lineno, kind, p->kind);
            goto out;
        }
    }
    if (ferror(f))
        snprintf(err, err_len, "%s: cannot read: %s", path, strerror(errno));
    else if (!p->n)
        snprintf(err, err_len, "%s: empty: no progress line in it", path);
    else
        rc = 0;
out:
    free(line);
    fclose(f);
    return rc;
}

void gt_progress_free(struct gt_progress *p)
{
    for (int i = 0; i < p->n; i++)
        gt_json_free(&p->rec[i]);
    free(p->rec);
    free(p->line);
    p->rec = NULL;
    p->line = NULL;
    p->n = 0;
}
