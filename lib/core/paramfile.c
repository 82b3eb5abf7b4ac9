/* paramfile.c -- reading and writing weights files (paramfile.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "paramfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

int gt_param_count(const struct gt_param *t)
{
    int n = 0;
    while (t && t[n].name)
        n++;
    return n;
}

int gt_param_find(const struct gt_param *t, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(t[i].name, name))
            return i;
    return -1;
}

/* Blank out C comments (block and line) so that lines keep their numbers. */
static void strip_comments(char *s)
{
    for (char *p = s; *p; p++) {
        if (p[0] == '/' && p[1] == '*') {
            char *end = strstr(p + 2, "*/");
            char *stop = end ? end + 2 : p + strlen(p);
            for (; p < stop; p++)
                if (*p != '\n')
                    *p = ' ';
            p--;
        } else if ((p[0] == '/' && p[1] == '/') || p[0] == '#') {
            for (; *p && *p != '\n'; p++)
                *p = ' ';
            if (!*p)
                break;
        }
    }
}

static char *skip_space(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

static char *word_end(char *s)
{
    while (isalnum((unsigned char)*s) || *s == '_')
        s++;
    return s;
}

/* One line: "GT_PARAM(name, value, ...)" or "name value".  1 with name and
 * value text set, 0 for a blank line, -1 for neither form. */
static int split_line(char *line, char **name, char **value)
{
    char *s = skip_space(line);
    if (!*s)
        return 0;
    if (!strncmp(s, "GT_PARAM", 8) && *skip_space(s + 8) == '(') {
        s = skip_space(skip_space(s + 8) + 1);
        char *e = word_end(s);
        char *comma = skip_space(e);
        if (e == s || *comma != ',')
            return -1;
        *e = 0;
        *name = s;
        *value = skip_space(comma + 1);
        char *ve = *value;
        if (*ve == '-' || *ve == '+')
            ve++;
        while (isdigit((unsigned char)*ve))
            ve++;
        if (*skip_space(ve) != ',' && *skip_space(ve) != ')')
            return -1;
        *ve = 0;
        return 1;
    }
    char *e = word_end(s);
    if (e == s || !isspace((unsigned char)*e))
        return -1;
    *e = 0;
    *name = s;
    *value = skip_space(e + 1);
    char *ve = *value;
    while (*ve && !isspace((unsigned char)*ve))
        ve++;
    if (*skip_space(ve))
        return -1;
    *ve = 0;
    return 1;
}

int gt_params_parse(const struct gt_param *t, int n, const char *text, const char *file,
                    int32_t *values, char *err, size_t err_len)
{
    char *copy = strdup(text);
    int32_t *v = malloc(sizeof *v * (n > 0 ? (size_t)n : 1));
    if (!copy || !v) {
        free(copy);
        free(v);
        gt_errf(err, err_len, "out of memory");
        return -1;
    }
    memcpy(v, values, sizeof *v * (size_t)(n > 0 ? n : 0));
    strip_comments(copy);
    int set = 0, lineno = 0, rc = 0;
    for (char *line = copy, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        lineno++;
        char *name, *value;
        int k = split_line(line, &name, &value);
        if (k == 0)
            continue;
        if (k < 0) {
            gt_errf(err, err_len, "%s:%d: expected 'GT_PARAM(name, value, min, max)' "
                    "or 'name value'", file, lineno);
            rc = -1;
            break;
        }
        int i = gt_param_find(t, n, name);
        if (i < 0) {
            gt_errf(err, err_len, "%s:%d: unknown parameter '%s'", file, lineno, name);
            rc = -1;
            break;
        }
        char *end;
        errno = 0;
        long val = strtol(value, &end, 10);
        if (end == value || *end || errno) {
            gt_errf(err, err_len, "%s:%d: %s: '%s' is not a number", file, lineno, name,
                    value);
            rc = -1;
            break;
        }
        if (val < t[i].min || val > t[i].max) {
            gt_errf(err, err_len, "%s:%d: %s = %ld is outside its range [%ld, %ld]", file,
                    lineno, name, val, (long)t[i].min, (long)t[i].max);
            rc = -1;
            break;
        }
        v[i] = (int32_t)val;
        set++;
    }
    if (rc == 0)
        memcpy(values, v, sizeof *v * (size_t)(n > 0 ? n : 0));
    free(copy);
    free(v);
    return rc < 0 ? -1 : set;
}

int gt_params_read(const struct gt_param *t, int n, const char *path, int32_t *values,
                   char *err, size_t err_len)
{
    if (!path || !*path || !strcmp(path, "<empty>")) {
        gt_errf(err, err_len, "no weights file named");
        return -1;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        gt_errf(err, err_len, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    size_t len = 0;
    char *text = gt_read_stream(f, &len);
    int read_errno = errno;
    fclose(f);
    if (!text) {
        if (read_errno == ENOMEM)
            gt_errf(err, err_len, "out of memory reading %s", path);
        else
            gt_errf(err, err_len, "cannot read %s: %s", path, strerror(read_errno));
        return -1;
    }
    int rc = gt_params_parse(t, n, text, path, values, err, err_len);
    free(text);
    return rc;
}

int gt_params_write(const struct gt_param *t, int n, const int32_t *values,
                    const char *comment, FILE *out)
{
    if (comment) {
        fputs("/* ", out);
        for (const char *c = comment; *c; c++) {
            fputc(*c, out);
            if (*c == '\n' && c[1])
                fputs(" * ", out);
        }
        fputs(" */\n", out);
    }
    for (int i = 0; i < n; i++)
        fprintf(out, "GT_PARAM(%s, %ld, %ld, %ld)\n", t[i].name, (long)values[i],
                (long)t[i].min, (long)t[i].max);
    return ferror(out) ? -1 : 0;
}

int gt_params_rewrite(const struct gt_param *t, int n, const int32_t *values,
                      const char *text, FILE *out)
{
    int done = 0;
    for (const char *line = text; *line;) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line + 1) : strlen(line);
        char buf[512], *name, *value;
        int i = -1;
        if (len < sizeof buf) {
            memcpy(buf, line, len);
            buf[len] = 0;
            const char *s = buf;
            while (*s == ' ' || *s == '\t')
                s++;
            if (!strncmp(s, "GT_PARAM", 8) && split_line(buf, &name, &value) == 1)
                i = gt_param_find(t, n, name);
        }
        if (i >= 0) {
            fprintf(out, "GT_PARAM(%s, %ld, %ld, %ld)\n", t[i].name, (long)values[i],
                    (long)t[i].min, (long)t[i].max);
            done++;
        } else
            fwrite(line, 1, len, out);
        line += len;
    }
    return ferror(out) ? -1 : done;
}
