/* util.c -- clocks, number parsing and word splitting for the core.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *gt_version(void) { return PACKAGE_VERSION; }

int64_t gt_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t gt_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

void gt_errf(char *err, size_t err_len, const char *fmt, ...)
{
    if (!err || !err_len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, err_len, fmt, ap);
    va_end(ap);
}

int gt_parse_long(const char *text, long min, long max, long *out)
{
    char *end;
    if (!text || !*text)
        return -1;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || *end || end == text || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

const char *gt_skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
        s++;
    return s;
}

int gt_next_word(const char **cursor, char *word, size_t len)
{
    const char *s = gt_skip_blanks(*cursor);
    size_t n = 0;
    if (!*s) {
        *cursor = s;
        if (len)
            word[0] = 0;
        return 0;
    }
    while (*s && !isspace((unsigned char)*s)) {
        if (n + 1 < len)
            word[n++] = *s;
        s++;
    }
    word[n] = 0;
    *cursor = s;
    return 1;
}

void gt_lower_copy(char *dst, const char *src, size_t len)
{
    size_t i = 0;
    for (; src[i] && i + 1 < len; i++)
        dst[i] = (char)tolower((unsigned char)src[i]);
    dst[i] = 0;
}

int gt_streq_nocase(const char *a, const char *b)
{
    while (*a && *b && tolower((unsigned char)*a) == tolower((unsigned char)*b))
        a++, b++;
    return *a == 0 && *b == 0;
}

char *gt_read_stream(FILE *f, size_t *len)
{
    size_t cap = 0, n = 0, got;
    char *buf = NULL;
    do {
        if (cap - n < 2) {
            char *grown = realloc(buf, cap = cap ? 2 * cap : 65536);
            if (!grown) {
                free(buf);
                errno = ENOMEM;
                return NULL;
            }
            buf = grown;
        }
        n += got = fread(buf + n, 1, cap - n - 1, f);
    } while (got > 0);
    if (ferror(f)) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}
