/* usi.c -- USI move text: 7g7f, 8h2b+, P*5e.
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "shogi.h"

static const char drop_letters[] = " PLNSBRG";

void shogi_move_to_usi(gt_move m, char *buf, size_t len)
{
    int to = SH_MOVE_TO(m), from = SH_MOVE_FROM(m);
    char tf = (char)('0' + SH_FILE(to)), tr = (char)('a' + SH_RANK(to) - 1);
    if (m & SH_MOVE_DROP)
        snprintf(buf, len, "%c*%c%c", from >= 1 && from <= 7 ? drop_letters[from] : '?',
                 tf, tr);
    else
        snprintf(buf, len, "%c%c%c%c%s", '0' + SH_FILE(from),
                 'a' + SH_RANK(from) - 1, tf, tr,
                 (m & SH_MOVE_PROMO) ? "+" : "");
}

static bool parse_square(const char *s, int *sq)
{
    if (s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i') return false;
    *sq = SH_SQ(s[0] - '0', s[1] - 'a' + 1);
    return true;
}

static gt_move fail(char *err, size_t len, const char *fmt, const char *text)
{
    if (err && len) snprintf(err, len, fmt, text);
    return GT_MOVE_NONE;
}

gt_move shogi_move_from_usi(const struct shogi_pos *p, const char *text,
                            char *err, size_t err_len)
{
    char t[16];
    if (err && err_len) err[0] = 0;
    if (!text) text = "";
    size_t n = strlen(text);
    if (n >= sizeof t) return fail(err, err_len, "bad move text '%.15s...'", text);
    memcpy(t, text, n + 1);
    gt_move m;
    int from, to;
    if (n == 4 && t[1] == '*') {
        const char *q = t[0] ? strchr(drop_letters + 1, t[0]) : NULL;
        if (!q || !parse_square(t + 2, &to))
            return fail(err, err_len, "bad move text '%s'", t);
        m = SH_MAKE_DROP((int)(q - drop_letters), to);
    } else if ((n == 4 || (n == 5 && t[4] == '+')) && parse_square(t, &from) &&
               parse_square(t + 2, &to) && from != to) {
        m = SH_MAKE_MOVE(from, to);
        if (n == 5) m |= SH_MOVE_PROMO;
    } else {
        return fail(err, err_len, "bad move text '%s'", t);
    }
    if (!shogi_is_legal(p, m)) return fail(err, err_len, "illegal move %s", t);
    return m;
}
