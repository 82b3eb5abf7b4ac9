/* movetext.c -- UCI move text: e2e4, e7e8q, castling as e1g1 (standard)
 * or king-takes-rook e1h1 (UCI_Chess960, and standard where e1g1's text
 * would be an ordinary king move's).
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "chess.h"

/* Text of m in the given castling style (chess960: king takes rook).  The
 * standard style gives way to king-takes-rook where the king stands next
 * to its castling square (a Chess960 start read in standard mode): castling
 * is legal there only when the one-step king move is too, whose text the
 * standard one would be. */
static void write_move(gt_move m, bool chess960, char *out)
{
    int from = MV_FROM(m), to = MV_TO(m);
    if (MV_KIND(m) == MV_CASTLE && !chess960) {
        int king_to = (to < from ? 2 : 6) + (from & 56);
        if (king_to - from != 1 && from - king_to != 1)
            to = king_to;
    }
    out[0] = (char)('a' + from % 8);
    out[1] = (char)('1' + from / 8);
    out[2] = (char)('a' + to % 8);
    out[3] = (char)('1' + to / 8);
    out[4] = MV_KIND(m) == MV_PROMO ? "nbrq"[MV_PROMO_TYPE(m) - KNIGHT] : 0;
    out[5] = 0;
}

void chess_move_to_text(const void *pos, gt_move m, char *buf, size_t len)
{
    const struct chess_pos *p = pos;
    char out[6];
    if (m == GT_MOVE_NONE || m == GT_MOVE_NULL)
        snprintf(out, sizeof out, "0000");
    else
        write_move(m, p->chess960, out);
    if (len)
        snprintf(buf, len, "%s", out);
}

static bool is_square(const char *s)
{
    return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8';
}

gt_move chess_move_from_text(const void *pos, const char *text, char *err, size_t err_len)
{
    const struct chess_pos *p = pos;
    size_t n = text ? strlen(text) : 0;
    int shown = n > 16 ? 16 : (int)n;

    if (!text || n < 4 || n > 5 || !is_square(text) || !is_square(text + 2)
        || (n == 5 && !strchr("nbrq", text[4]))) {
        if (err && err_len)
            snprintf(err, err_len, "bad move text '%.*s'", shown, text ? text : "");
        return GT_MOVE_NONE;
    }
    gt_move list[CHESS_MAX_MOVES];
    int count = chess_gen_legal(p, list, false);
    char t[6];
    /* The position's own style first; the other castling style is accepted
     * too when no ordinary move reads the same (a GUI in the wrong mode). */
    for (int i = 0; i < count; i++) {
        write_move(list[i], p->chess960, t);
        if (!strcmp(t, text))
            return list[i];
    }
    for (int i = 0; i < count; i++) {
        if (MV_KIND(list[i]) != MV_CASTLE)
            continue;
        write_move(list[i], !p->chess960, t);
        if (!strcmp(t, text))
            return list[i];
    }
    if (err && err_len)
        snprintf(err, err_len, "illegal move %.*s", shown, text);
    return GT_MOVE_NONE;
}
