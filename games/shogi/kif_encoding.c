/* kif_encoding.c -- KIF's two encodings: UTF-8 (.kifu files) and
 * Shift_JIS (.kif files, as Kifu for Windows, cshogi and python-shogi
 * read them: Microsoft's CP932) through iconv.
 * SPDX-License-Identifier: MIT */
#include <errno.h>
#include <iconv.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "shogi.h"

/* CP932 is Shift_JIS with the characters Windows added; an iconv without
 * it (musl) may still have plain Shift_JIS, which holds every character
 * a record writes but for some names. */
static iconv_t open_sjis(bool to_sjis)
{
    static const char *const names[] = { "CP932", "SHIFT_JIS", "SJIS" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        iconv_t cd = to_sjis ? iconv_open(names[i], "UTF-8") : iconv_open("UTF-8", names[i]);
        if (cd != (iconv_t)-1) return cd;
    }
    return (iconv_t)-1;
}

/* Bytes in the UTF-8 sequence that starts with c (1 for a stray byte). */
static size_t utf8_seq_len(unsigned char c)
{
    return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
}

bool shogi_kif_sjis_ext(const char *ext)
{
    return ext && !strcasecmp(ext, "kif");
}

int shogi_kif_put_sjis(const char *text, size_t len, FILE *out)
{
    iconv_t cd = open_sjis(true);
    if (cd == (iconv_t)-1) return -1;
    char *in = (char *)text;
    size_t left = len;
    char buf[4096];
    while (left > 0) {
        char *o = buf;
        size_t room = sizeof buf;
        size_t r = iconv(cd, &in, &left, &o, &room);
        fwrite(buf, 1, (size_t)(o - buf), out);
        if (r != (size_t)-1 || errno == E2BIG) continue;
        /* A character Shift_JIS lacks (a player's name may hold one):
         * '?' for it, as a reader would show it anyway. */
        fputc('?', out);
        size_t skip = utf8_seq_len((unsigned char)*in);
        if (skip > left) skip = left;
        in += skip;
        left -= skip;
    }
    iconv_close(cd);
    return ferror(out) ? -1 : 0;
}

/* Is s (NUL-ended) well-formed UTF-8? */
static bool utf8_valid(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        if (*p < 0x80) { p++; continue; }
        size_t n = utf8_seq_len(*p);
        if (n == 1 || *p > 0xF4) return false;
        for (size_t i = 1; i < n; i++)
            if ((p[i] & 0xC0) != 0x80) return false;
        p += n;
    }
    return true;
}

static bool has_high_bytes(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 0x80) return true;
    return false;
}

const char *shogi_kif_decode_line(int *enc, const char *line, char *buf, size_t len)
{
    if (*enc == SHOGI_KIF_UNKNOWN && !strncmp(line, "#KIF", 4)) {
        /* "#KIF version=2.0 encoding=Shift_JIS" says it outright */
        const char *e = strstr(line, "encoding=");
        if (e) {
            e += strlen("encoding=");
            *enc = !strncasecmp(e, "UTF-8", 5) || !strncasecmp(e, "UTF8", 4)
                       ? SHOGI_KIF_UTF8 : SHOGI_KIF_SJIS;
        }
    }
    if (!has_high_bytes(line)) return line;
    /* Otherwise the first line beyond ASCII tells: Shift_JIS's kanji are
     * almost never well-formed UTF-8. */
    if (*enc == SHOGI_KIF_UNKNOWN) *enc = utf8_valid(line) ? SHOGI_KIF_UTF8 : SHOGI_KIF_SJIS;
    if (*enc == SHOGI_KIF_UTF8 || len == 0) return line;
    iconv_t cd = open_sjis(false);
    if (cd == (iconv_t)-1) return line;
    char *in = (char *)line, *o = buf;
    size_t left = strlen(line), room = len - 1;
    while (left > 0 && room > 0) {
        if (iconv(cd, &in, &left, &o, &room) != (size_t)-1) break;
        if (errno == E2BIG) break;
        *o++ = '?';  /* a byte that is not Shift_JIS */
        room--;
        in++;
        left--;
    }
    *o = 0;
    iconv_close(cd);
    return buf;
}
