/* sfen.c -- SFEN text in and out.
 *
 *   <board> <side> <hand> [<move number>]
 * e.g. lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
 * Ranks a..i from gote's side, files 9..1 left to right; upper case is
 * sente, '+' promotes.  The hand is '-' or counted letters in any order on
 * input (S2Pb18p), written R B G S N L P, sente first.  A missing move number
 * reads as 1.
 *
 * Kings: the side not to move has exactly one; the side to move has one or
 * none.  No king on the side to move is a tsume problem as GUIs send it:
 * the attacker has no king and the defender holds the rest of the pieces.
 * Such a side is never in check, has no pins and never declares; nothing
 * can give it a king later (see SH_NO_KING in shogi.h).  A position with
 * the kingless side NOT to move (one ply into such a problem) is refused,
 * so to_text of it does not read back: the problem's text does.
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "shogi.h"

static const char type_letters[] = " PLNSBRGK";  /* index = type 1..8 */
static const int type_max[9] = { 0, 18, 4, 4, 4, 2, 2, 4, 2 };
static const char *const side_names[2] = { "sente", "gote" };

static int fail(char *err, size_t len, const char *fmt, ...)
{
    if (err && len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, len, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int letter_type(char c)
{
    char u = (char)(c >= 'a' && c <= 'z' ? c - 32 : c);
    const char *q = u ? strchr(type_letters + 1, u) : NULL;
    return q ? (int)(q - type_letters) : 0;
}

static void square_name(int sq, char out[3])
{
    out[0] = (char)('0' + SH_FILE(sq));
    out[1] = (char)('a' + SH_RANK(sq) - 1);
    out[2] = 0;
}

/* Split off the next space-separated field; returns its length. */
static size_t next_field(const char **s, const char **field)
{
    while (**s == ' ' || **s == '\t' || **s == '\n' || **s == '\r') (*s)++;
    *field = *s;
    while (**s && **s != ' ' && **s != '\t' && **s != '\n' && **s != '\r')
        (*s)++;
    return (size_t)(*s - *field);
}

static int parse_board(struct shogi_pos *p, const char *f, size_t n,
                       char *err, size_t err_len)
{
    int rank = 1, file = 9;  /* next square to fill */
    for (size_t i = 0; i < n; i++) {
        char c = f[i];
        if (c == '/') {
            if (file > 0)
                return fail(err, err_len, "rank %d too short (%d squares)",
                            rank, 9 - file);
            if (++rank > 9)
                return fail(err, err_len, "too many ranks (need 9)");
            file = 9;
        } else if (c >= '1' && c <= '9') {
            file -= c - '0';
            if (file < 0) return fail(err, err_len, "rank %d too long", rank);
        } else {
            bool promoted = false;
            if (c == '+') {
                if (i + 1 >= n || f[i + 1] == '/')
                    return fail(err, err_len, "'+' without a piece in rank %d",
                                rank);
                promoted = true;
                c = f[++i];
            }
            int t = letter_type(c);
            if (!t)
                return fail(err, err_len, "bad piece letter '%c' in rank %d",
                            c, rank);
            if (promoted && (t == SH_GOLD || t == SH_KING))
                return fail(err, err_len, "'%c' cannot be promoted", c);
            if (file < 1) return fail(err, err_len, "rank %d too long", rank);
            int color = c >= 'a' ? 1 : 0;
            shogi_put(p, SH_SQ(file, rank),
                      SH_PIECE(color, promoted ? t + SH_PROMOTE : t));
            file--;
        }
    }
    if (rank < 9)
        return fail(err, err_len, "wrong number of ranks: %d (need 9)", rank);
    if (file > 0)
        return fail(err, err_len, "rank %d too short (%d squares)", rank,
                    9 - file);
    return 0;
}

static int parse_hand(struct shogi_pos *p, const char *f, size_t n,
                      char *err, size_t err_len)
{
    if (n == 1 && f[0] == '-') return 0;
    size_t i = 0;
    while (i < n) {
        int count = 0;
        size_t digits = 0;
        while (i < n && f[i] >= '0' && f[i] <= '9') {
            count = count * 10 + (f[i++] - '0');
            if (++digits > 2)
                return fail(err, err_len, "bad hand: count too large");
        }
        if (digits && count < 1)
            return fail(err, err_len, "bad hand: count %d", count);
        if (!digits) count = 1;
        if (i >= n)
            return fail(err, err_len, "bad hand: count without a piece");
        char c = f[i++];
        int t = letter_type(c);
        if (!t)
            return fail(err, err_len, "bad hand: bad piece letter '%c'", c);
        if (t == SH_KING)
            return fail(err, err_len, "bad hand: a king in hand");
        int color = c >= 'a' ? 1 : 0;
        int total = p->hand[color][t] + count;
        if (total > type_max[t])
            return fail(err, err_len, "bad hand: %d '%c' (max %d)", total,
                        c, type_max[t]);
        p->hand[color][t] = (uint8_t)total;
    }
    return 0;
}

/* Piece counts, kings, nifu, dead squares. */
static int check_material(const struct shogi_pos *p, char *err, size_t err_len)
{
    int count[SH_KING] = { 0 }, kings[2] = { 0, 0 };
    for (int f = 1; f <= 9; f++) {
        int pawns[2] = { 0, 0 };
        for (int r = 1; r <= 9; r++) {
            int sq = SH_SQ(f, r), pc = p->board[sq];
            if (!pc) continue;
            int t = SH_TYPE(pc), c = SH_COLOR(pc);
            if (t == SH_KING) kings[c]++;
            else count[t > SH_KING ? t - SH_PROMOTE : t]++;
            if (t == SH_PAWN && ++pawns[c] == 2)
                return fail(err, err_len,
                            "two unpromoted %s pawns on file %d (nifu)",
                            side_names[c], f);
            if (shogi_dead[pc][sq]) {
                char name[3];
                square_name(sq, name);
                return fail(err, err_len, "%s %c on %s can never move",
                            side_names[c], type_letters[t], name);
            }
        }
    }
    for (int c = 0; c < 2; c++) {
        if (kings[c] == 0 && c != p->side)
            return fail(err, err_len,
                        "%s (the side not to move) has no king: only the "
                        "attacker may lack one", side_names[c]);
        if (kings[c] > 1)
            return fail(err, err_len, "%s has %d kings", side_names[c],
                        kings[c]);
    }
    /* Overall count only: the shared perft set holds a 19-pawn position,
     * so per-kind totals on board + hand are not enforced (hands are:
     * see parse_hand). */
    int total = kings[0] + kings[1];
    for (int t = 1; t < SH_KING; t++)
        total += count[t] + p->hand[0][t] + p->hand[1][t];
    if (total > 40)
        return fail(err, err_len, "too many pieces: %d (max 40)", total);
    return 0;
}

int shogi_from_sfen(struct shogi_pos *p, const char *text, char *err,
                    size_t err_len)
{
    if (err && err_len) err[0] = 0;
    shogi_clear(p);
    if (!text) return fail(err, err_len, "empty SFEN");
    const char *s = text, *f;
    size_t n = next_field(&s, &f);
    if (n == 4 && !strncmp(f, "sfen", 4)) n = next_field(&s, &f);
    if (!n) return fail(err, err_len, "empty SFEN");
    if (parse_board(p, f, n, err, err_len)) return -1;

    n = next_field(&s, &f);
    if (!n) return fail(err, err_len, "missing side to move (b or w)");
    if (n != 1 || (f[0] != 'b' && f[0] != 'w'))
        return fail(err, err_len, "bad side '%.*s' (need b or w)",
                    (int)(n > 8 ? 8 : n), f);
    p->side = f[0] == 'w';

    n = next_field(&s, &f);
    if (!n) return fail(err, err_len, "missing hand ('-' if empty)");
    if (parse_hand(p, f, n, err, err_len)) return -1;

    n = next_field(&s, &f);
    if (n) {
        long num = 0;
        for (size_t i = 0; i < n; i++) {
            if (f[i] < '0' || f[i] > '9' || num > 100000000)
                return fail(err, err_len, "bad move number '%.*s'",
                            (int)(n > 12 ? 12 : n), f);
            num = num * 10 + (f[i] - '0');
        }
        if (num < 1)
            return fail(err, err_len, "bad move number '%.*s'",
                        (int)(n > 12 ? 12 : n), f);
        p->move_number = (uint32_t)num;
        n = next_field(&s, &f);
        if (n)
            return fail(err, err_len, "trailing text '%.*s'",
                        (int)(n > 12 ? 12 : n), f);
    }
    if (check_material(p, err, err_len)) return -1;
    if (shogi_king_attacked(p, p->side ^ 1))
        return fail(err, err_len, "%s, not to move, is in check",
                    side_names[p->side ^ 1]);
    shogi_finish_setup(p);
    return 0;
}

void shogi_to_sfen(const struct shogi_pos *p, char *buf, size_t len)
{
    static const char hand_order[] = { SH_ROOK, SH_BISHOP, SH_GOLD, SH_SILVER,
                                       SH_KNIGHT, SH_LANCE, SH_PAWN };
    char out[256];
    size_t o = 0;
    for (int r = 1; r <= 9; r++) {
        int empty = 0;
        for (int f = 9; f >= 1; f--) {
            int pc = p->board[SH_SQ(f, r)];
            if (!pc) { empty++; continue; }
            if (empty) out[o++] = (char)('0' + empty);
            empty = 0;
            int t = SH_TYPE(pc);
            if (t > SH_KING) { out[o++] = '+'; t -= SH_PROMOTE; }
            char c = type_letters[t];
            out[o++] = SH_COLOR(pc) ? (char)(c + 32) : c;
        }
        if (empty) out[o++] = (char)('0' + empty);
        if (r < 9) out[o++] = '/';
    }
    out[o++] = ' ';
    out[o++] = p->side ? 'w' : 'b';
    out[o++] = ' ';
    size_t hand_start = o;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 7; i++) {
            int t = hand_order[i], k = p->hand[c][t];
            if (!k) continue;
            if (k > 1) o += (size_t)snprintf(out + o, 4, "%d", k);
            out[o++] = c ? (char)(type_letters[t] + 32) : type_letters[t];
        }
    if (o == hand_start) out[o++] = '-';
    snprintf(out + o, sizeof out - o, " %u", (unsigned)p->move_number);
    snprintf(buf, len, "%s", out);
}
