/* match_tc.c -- reading a time control: cutechess-cli's and fastchess's
 * forms, so that their command lines work as they are written.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_tc.h"

#include <stdlib.h>
#include <string.h>

/* Seconds, or minutes:seconds; the number ends at `stop` (or the end). */
static int seconds(const char *text, const char *stop, double *out)
{
    char buf[64], *end;
    size_t n = stop ? (size_t)(stop - text) : strlen(text);
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, text, n);
    buf[n] = 0;
    const char *colon = strchr(buf, ':');
    double min = 0;
    if (colon) {
        min = strtod(buf, &end);
        if (end != colon || min < 0 || min != (long)min)
            return -1;
        text = colon + 1;
    } else
        text = buf;
    double s = strtod(text, &end);
    if (*end || end == text || s < 0 || s != s || (colon && s >= 60))
        return -1;
    *out = min * 60 + s;
    return *out <= 1e7 ? 0 : -1;
}

int gt_match_tc_parse(const char *text, struct gt_match_tc *tc)
{
    if (!strcmp(text, "inf") || !strcmp(text, "infinite"))
        return 1;
    const char *slash = strchr(text, '/'), *plus;
    long moves = 0;
    if (slash) {
        char *end;
        moves = strtol(text, &end, 10);
        if (end != slash || moves < 1 || moves > 1000)
            return -1;
        text = slash + 1;
    }
    plus = strchr(text, '+');
    double base, inc = 0;
    if (seconds(text, plus, &base) < 0 || (plus && seconds(plus + 1, NULL, &inc) < 0))
        return -1;
    if (base <= 0 || inc > 1e5)
        return -1;
    tc->base_ms = (int64_t)(base * 1000 + 0.5);
    tc->inc_ms = (int64_t)(inc * 1000 + 0.5);
    tc->moves = (int)moves;
    return tc->base_ms > 0 ? 0 : -1;
}
