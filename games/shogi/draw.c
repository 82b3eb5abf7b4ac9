/* draw.c -- the position as a person reads it on a terminal (the
 * protocol's `d`).
 * SPDX-License-Identifier: MIT
 *
 * Gote's hand, the board in USI coordinates (files 9..1 on top, ranks a..i
 * on the right, gote at the top), sente's hand, the side to move and the
 * SFEN.  A square is two characters: ' .' when empty, the USI letter of the
 * piece (upper case sente, lower case gote) with '+' before it when
 * promoted; squares are one blank apart:
 *
 *     gote hand: -
 *      9  8  7  6  5  4  3  2  1
 *      l  n  s  g  k  g  s  n  l  a
 *      .  r  .  .  .  .  .  b  .  b
 *      ...
 *      L  N  S  G  K  G  S  N  L  i
 *     sente hand: -
 *     side to move: sente
 *     sfen: lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
 *
 * A hand is '-' or its pieces in the order R B G S N L P, each with its
 * count before it when more than one, in the side's case: "R 2G 3P",
 * "b 2p".  Lines end with '\n' but the last; a text that does not fit is
 * cut (at a line's end when it can be). */
#include <stdio.h>
#include <string.h>

#include "shogi.h"

static const char letters[] = " PLNSBRGK";  /* by type 1..8 */

static size_t add(char *out, size_t size, size_t o, const char *text)
{
    size_t n = strlen(text);
    if (o + n >= size) return size;  /* full */
    memcpy(out + o, text, n + 1);
    return o + n;
}

static void hand_text(const struct shogi_pos *p, int c, char *buf, size_t len)
{
    static const int order[7] = { SH_ROOK, SH_BISHOP, SH_GOLD, SH_SILVER,
                                  SH_KNIGHT, SH_LANCE, SH_PAWN };
    size_t o = 0;
    buf[0] = 0;
    for (int i = 0; i < 7; i++) {
        int t = order[i], k = p->hand[c][t];
        if (!k) continue;
        char item[8];
        char l = c ? (char)(letters[t] + 32) : letters[t];
        if (k > 1) snprintf(item, sizeof item, "%s%d%c", o ? " " : "", k, l);
        else snprintf(item, sizeof item, "%s%c", o ? " " : "", l);
        o = add(buf, len, o, item);
    }
    if (!o) snprintf(buf, len, "-");
}

void shogi_draw(const struct shogi_pos *p, char *buf, size_t len)
{
    char out[1024], line[128];
    size_t o = 0;
    if (!buf || !len) return;
    out[0] = 0;
    hand_text(p, 1, line, sizeof line);
    o = add(out, sizeof out, o, "gote hand: ");
    o = add(out, sizeof out, o, line);
    o = add(out, sizeof out, o, "\n 9  8  7  6  5  4  3  2  1\n");
    for (int r = 1; r <= 9; r++) {
        size_t l = 0;
        for (int f = 9; f >= 1; f--) {
            int pc = p->board[SH_SQ(f, r)], t = SH_TYPE(pc);
            char sq[2] = { ' ', '.' };
            if (pc) {
                bool promoted = t > SH_KING;
                char c = letters[promoted ? t - SH_PROMOTE : t];
                sq[0] = promoted ? '+' : ' ';
                sq[1] = SH_COLOR(pc) ? (char)(c + 32) : c;
            }
            line[l++] = sq[0];
            line[l++] = sq[1];
            line[l++] = ' ';
        }
        line[l++] = ' ';
        line[l++] = (char)('a' + r - 1);
        line[l++] = '\n';
        line[l] = 0;
        o = add(out, sizeof out, o, line);
    }
    hand_text(p, 0, line, sizeof line);
    o = add(out, sizeof out, o, "sente hand: ");
    o = add(out, sizeof out, o, line);
    o = add(out, sizeof out, o, p->side ? "\nside to move: gote\nsfen: "
                                        : "\nside to move: sente\nsfen: ");
    shogi_to_sfen(p, line, sizeof line);
    o = add(out, sizeof out, o, line);
    (void)o;
    /* Cut to the caller's buffer, at a line's end if one fits. */
    size_t n = strlen(out);
    if (n >= len) {
        n = len - 1;
        size_t cut = n;
        while (cut > 0 && out[cut] != '\n') cut--;
        if (cut > 0) n = cut;
    }
    memcpy(buf, out, n);
    buf[n] = 0;
}
