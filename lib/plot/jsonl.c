/* jsonl.c -- a small JSON reader for progress lines (jsonl.h): a
 * recursive descent over RFC 8259's grammar, strict about what it takes
 * (a progress file that is not JSON should be told, not half read).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "jsonl.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 16 };

struct parser {
    const char *start, *p;
    struct gt_json_line *out;
    char *err;
    size_t err_len;
};

static int fail(struct parser *ps, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(ps->err, ps->err_len, "column %d: %s", (int)(ps->p - ps->start) + 1, what);
    return -1;
}

static void skip_blanks(struct parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\r' || *ps->p == '\n')
        ps->p++;
}

/* What stands at p, for a message: the character, or the line's end. */
static const char *here(const struct parser *ps, char buf[8])
{
    if (!*ps->p)
        return "the end of the line";
    snprintf(buf, 8, "'%c'", *ps->p);
    return buf;
}

static int add_field(struct parser *ps, const char *key, enum gt_json_type type, double num,
                     char *str)
{
    struct gt_json_line *l = ps->out;
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 16;
        struct gt_json_field *f = realloc(l->f, sizeof *f * (size_t)cap);
        if (!f) {
            free(str);
            return fail(ps, "out of memory");
        }
        l->f = f;
        l->cap = cap;
    }
    char *k = strdup(key);
    if (!k) {
        free(str);
        return fail(ps, "out of memory");
    }
    l->f[l->n++] = (struct gt_json_field){k, type, num, str};
    return 0;
}

/* Append code point c to buf as UTF-8. */
static size_t put_utf8(char *buf, unsigned c)
{
    if (c < 0x80) {
        buf[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        buf[0] = (char)(0xc0 | c >> 6);
        buf[1] = (char)(0x80 | (c & 0x3f));
        return 2;
    }
    if (c < 0x10000) {
        buf[0] = (char)(0xe0 | c >> 12);
        buf[1] = (char)(0x80 | (c >> 6 & 0x3f));
        buf[2] = (char)(0x80 | (c & 0x3f));
        return 3;
    }
    buf[0] = (char)(0xf0 | c >> 18);
    buf[1] = (char)(0x80 | (c >> 12 & 0x3f));
    buf[2] = (char)(0x80 | (c >> 6 & 0x3f));
    buf[3] = (char)(0x80 | (c & 0x3f));
    return 4;
}

static int hex4(struct parser *ps, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = ps->p[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return fail(ps, "\\u needs four hexadecimal digits");
        v = v * 16 + (unsigned)d;
    }
    ps->p += 4;
    *out = v;
    return 0;
}

/* A string at p (at its opening quote) into a new buffer. */
static int parse_string(struct parser *ps, char **out)
{
    const char *q = ++ps->p;
    size_t cap = 16;
    while (*q && *q != '"')
        q += *q == '\\' && q[1] ? 2 : 1, cap++;
    char *s = malloc(cap + 4);   /* escapes only shrink, \u at most to 4 */
    size_t n = 0;
    if (!s)
        return fail(ps, "out of memory");
    for (;;) {
        unsigned char c = (unsigned char)*ps->p;
        if (!c) {
            free(s);
            return fail(ps, "a string without its closing quote");
        }
        if (c < 0x20) {
            free(s);
            return fail(ps, "a control character in a string");
        }
        ps->p++;
        if (c == '"')
            break;
        if (c != '\\') {
            s[n++] = (char)c;
            continue;
        }
        char e = *ps->p++;
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t", *at = e ? strchr(from, e) : NULL;
        if (at) {
            s[n++] = to[at - from];
            continue;
        }
        unsigned u = 0, lo = 0;
        if (e != 'u') {
            ps->p--;
            free(s);
            return fail(ps, "an unknown escape '\\%c'", e ? e : ' ');
        }
        if (hex4(ps, &u) < 0) {
            free(s);
            return -1;
        }
        /* A surrogate pair is one code point; a lone half is kept as is. */
        if (u >= 0xd800 && u < 0xdc00 && ps->p[0] == '\\' && ps->p[1] == 'u') {
            ps->p += 2;
            if (hex4(ps, &lo) < 0) {
                free(s);
                return -1;
            }
            if (lo >= 0xdc00 && lo < 0xe000)
                u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
            else
                n += put_utf8(s + n, u), u = lo;
        }
        n += put_utf8(s + n, u);
    }
    s[n] = 0;
    *out = s;
    return 0;
}

/* A number as JSON writes it (no leading zeros, no '+', no hex). */
static int parse_number(struct parser *ps, double *out)
{
    const char *q = ps->p;
    if (*q == '-')
        q++;
    if (*q == '0')
        q++;
    else if (*q >= '1' && *q <= '9')
        while (*q >= '0' && *q <= '9')
            q++;
    else
        return fail(ps, "a number needs digits");
    if (*q == '.') {
        if (!(*++q >= '0' && *q <= '9'))
            return fail(ps, "a number needs digits after its point");
        while (*q >= '0' && *q <= '9')
            q++;
    }
    if (*q == 'e' || *q == 'E') {
        q++;
        if (*q == '+' || *q == '-')
            q++;
        if (!(*q >= '0' && *q <= '9'))
            return fail(ps, "a number needs digits in its exponent");
        while (*q >= '0' && *q <= '9')
            q++;
    }
    *out = strtod(ps->p, NULL);
    ps->p = q;
    return 0;
}

static int parse_value(struct parser *ps, const char *key, int depth);

/* An object or array at p; its members' keys are key.name or key.index. */
static int parse_members(struct parser *ps, const char *key, int depth, bool array)
{
    char close = array ? ']' : '}', buf[8];
    if (depth > MAX_DEPTH)
        return fail(ps, "nested more than %d deep", MAX_DEPTH);
    ps->p++;
    skip_blanks(ps);
    if (*ps->p == close) {
        ps->p++;
        return 0;
    }
    for (int i = 0;; i++) {
        char *name = NULL, index[16];
        skip_blanks(ps);
        if (!array) {
            if (*ps->p != '"')
                return fail(ps, "expected a key in quotes, found %s", here(ps, buf));
            if (parse_string(ps, &name) < 0)
                return -1;
            skip_blanks(ps);
            if (*ps->p != ':') {
                free(name);
                return fail(ps, "expected ':' after the key, found %s", here(ps, buf));
            }
            ps->p++;
        } else
            snprintf(index, sizeof index, "%d", i);
        const char *part = array ? index : name;
        size_t len = strlen(key) + strlen(part) + 2;
        char *full = malloc(len);
        if (!full) {
            free(name);
            return fail(ps, "out of memory");
        }
        snprintf(full, len, "%s%s%s", key, *key ? "." : "", part);
        free(name);
        int rc = parse_value(ps, full, depth + 1);
        free(full);
        if (rc < 0)
            return -1;
        skip_blanks(ps);
        if (*ps->p == ',') {
            ps->p++;
            continue;
        }
        if (*ps->p == close) {
            ps->p++;
            return 0;
        }
        return fail(ps, "expected ',' or '%c', found %s", close, here(ps, buf));
    }
}

static int parse_value(struct parser *ps, const char *key, int depth)
{
    char buf[8];
    double num = 0;
    skip_blanks(ps);
    switch (*ps->p) {
    case '{':
    case '[':
        return parse_members(ps, key, depth, *ps->p == '[');
    case '"': {
        char *s;
        if (parse_string(ps, &s) < 0)
            return -1;
        return add_field(ps, key, GT_JSON_STRING, 0, s);
    }
    case 't':
    case 'f':
    case 'n': {
        const char *words[] = {"true", "false", "null"};
        for (int i = 0; i < 3; i++) {
            size_t len = strlen(words[i]);
            if (!strncmp(ps->p, words[i], len)) {
                ps->p += len;
                return add_field(ps, key, i == 2 ? GT_JSON_NULL : GT_JSON_BOOL, i == 0, NULL);
            }
        }
        return fail(ps, "expected a value, found %s", here(ps, buf));
    }
    default:
        if (*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9')) {
            if (parse_number(ps, &num) < 0)
                return -1;
            return add_field(ps, key, GT_JSON_NUMBER, num, NULL);
        }
        return fail(ps, "expected a value, found %s", here(ps, buf));
    }
}

int gt_json_parse(const char *text, struct gt_json_line *out, char *err, size_t err_len)
{
    struct parser ps = {text, text, out, err, err_len};
    char buf[8];
    memset(out, 0, sizeof *out);
    skip_blanks(&ps);
    if (*ps.p != '{')
        return fail(&ps, "expected an object ('{'), found %s", here(&ps, buf));
    if (parse_members(&ps, "", 1, false) < 0)
        return -1;
    skip_blanks(&ps);
    if (*ps.p)
        return fail(&ps, "more after the object: %s", here(&ps, buf));
    return 0;
}

void gt_json_free(struct gt_json_line *l)
{
    for (int i = 0; i < l->n; i++) {
        free(l->f[i].key);
        free(l->f[i].str);
    }
    free(l->f);
    memset(l, 0, sizeof *l);
}

const struct gt_json_field *gt_json_find(const struct gt_json_line *l, const char *key)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->f[i].key, key))
            return &l->f[i];
    return NULL;
}

double gt_json_number(const struct gt_json_line *l, const char *key)
{
    const struct gt_json_field *f = gt_json_find(l, key);
    return f && f->type == GT_JSON_NUMBER ? f->num : NAN;
}

const char *gt_json_string(const struct gt_json_line *l, const char *key)
{
    const struct gt_json_field *f = gt_json_find(l, key);
    return f && f->type == GT_JSON_STRING ? f->str : NULL;
}
