/* fen.c -- FEN / X-FEN / Shredder-FEN reading and writing.
 *
 * The reader checks everything it can see: a position it accepts has one
 * king a side, no pawn on a back rank, castling rights its king and rooks
 * allow, a possible en-passant square, the side not to move out of check
 * and sane counters.  Each fault gets its own one-line message.
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "chess.h"

static int fail(char *err, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
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

struct field {
    const char *s;
    size_t n;
};

static const char *const field_names[6] = {
    "board", "side to move", "castling rights", "en-passant square",
    "halfmove clock", "fullmove number"
};

static const char *color_name(int c) { return c == WHITE ? "white" : "black"; }

/* Square name for messages: `buf` must hold 3 bytes. */
static const char *sq_name(int sq, char *buf)
{
    buf[0] = (char)('a' + sq % 8);
    buf[1] = (char)('1' + sq / 8);
    buf[2] = 0;
    return buf;
}

static int piece_from_char(char c)
{
    static const char letters[] = "pnbrqk";
    const char *hit;
    if (c >= 'a' && c <= 'z' && (hit = strchr(letters, c)))
        return PIECE(BLACK, (int)(hit - letters) + PAWN);
    if (c >= 'A' && c <= 'Z' && (hit = strchr(letters, c - 'A' + 'a')))
        return PIECE(WHITE, (int)(hit - letters) + PAWN);
    return 0;
}

static int parse_board(struct chess_pos *p, struct field f, char *err, size_t len)
{
    int rank = 7, file = 0;
    for (size_t i = 0; i < f.n; i++) {
        char c = f.s[i];
        if (c == '/') {
            if (file < 8)
                return fail(err, len, "rank %d is too short (%d squares)", rank + 1, file);
            if (--rank < 0)
                return fail(err, len, "wrong number of ranks: more than 8");
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8)
                return fail(err, len, "rank %d is too long (%d squares)", rank + 1, file);
        } else {
            int pc = piece_from_char(c);
            if (!pc)
                return fail(err, len, "bad piece letter '%c' in rank %d", c, rank + 1);
            if (file >= 8)
                return fail(err, len, "rank %d is too long (more than 8 squares)", rank + 1);
            chess_put_piece(p, pc, rank * 8 + file);
            file++;
        }
    }
    if (rank > 0)
        return fail(err, len, "wrong number of ranks: %d (a FEN board has 8)", 8 - rank);
    if (file < 8)
        return fail(err, len, "rank 1 is too short (%d squares)", file);
    return 0;
}

/* Material a legal game can reach: at most 16 men, 8 pawns, and no more
 * extra (promoted) pieces than missing pawns. */
static int check_material(const struct chess_pos *p, char *err, size_t len)
{
    char sq[3];
    for (int c = WHITE; c <= BLACK; c++) {
        int kings = popcount(pieces_of(p, c, KING));
        if (kings == 0)
            return fail(err, len, "no %s king", color_name(c));
        if (kings == 2)
            return fail(err, len, "two %s kings", color_name(c));
        if (kings > 2)
            return fail(err, len, "%d %s kings", kings, color_name(c));
        int pawns = popcount(pieces_of(p, c, PAWN));
        if (pawns > 8)
            return fail(err, len, "%d %s pawns (at most 8)", pawns, color_name(c));
        if (popcount(p->by_color[c]) > 16)
            return fail(err, len, "%d %s pieces (at most 16)", popcount(p->by_color[c]),
                        color_name(c));
        int extra = 0;
        static const int start[7] = { 0, 0, 2, 2, 2, 1, 0 };
        for (int t = KNIGHT; t <= QUEEN; t++) {
            int n = popcount(pieces_of(p, c, t));
            if (n > start[t])
                extra += n - start[t];
        }
        if (extra > 8 - pawns)
            return fail(err, len, "%s has more promoted pieces than missing pawns",
                        color_name(c));
    }
    bb_t back = p->by_type[PAWN] & (RANK_1 | RANK_8);
    if (back)
        return fail(err, len, "pawn on the back rank (%s)", sq_name(lsb(back), sq));
    return 0;
}

/* Slot's king and rook squares fix the squares that must be empty and the
 * squares the king crosses. */
void chess_setup_castling(struct chess_pos *p, int slot, int rook_sq)
{
    int c = slot / 2;
    bool is_long = slot & 1;
    int ksq = king_sq(p, c);
    int kto = (is_long ? 2 : 6) + 56 * c, rto = (is_long ? 3 : 5) + 56 * c;
    p->castle_rook[slot] = (uint8_t)rook_sq;
    p->castle_path[slot] = chess_between[ksq][kto] | sq_bb(kto) | sq_bb(ksq);
    p->castle_empty[slot] = (chess_between[ksq][kto] | sq_bb(kto) | chess_between[rook_sq][rto]
                             | sq_bb(rto))
                          & ~(sq_bb(ksq) | sq_bb(rook_sq));
    p->castle_mask[ksq] &= (uint8_t)~(3u << (2 * c));
    p->castle_mask[rook_sq] &= (uint8_t)~(1u << slot);
    p->castling |= (uint8_t)(1u << slot);
}

static int parse_castling(struct chess_pos *p, struct field f, char *err, size_t len)
{
    if (f.n == 1 && f.s[0] == '-')
        return 0;
    for (size_t i = 0; i < f.n; i++) {
        char ch = f.s[i];
        int c = (ch >= 'a' && ch <= 'z') ? BLACK : WHITE;
        char lc = (char)(c == WHITE ? ch - 'A' + 'a' : ch);
        if (!((lc >= 'a' && lc <= 'h') || lc == 'k' || lc == 'q'))
            return fail(err, len, "bad castling letter '%c'", ch);
        bb_t krank = RANK_1 << (56 * c);
        if (!(pieces_of(p, c, KING) & krank))
            return fail(err, len, "castling right '%c' but the %s king is not on its first rank",
                        ch, color_name(c));
        int ksq = king_sq(p, c);
        bb_t rooks = pieces_of(p, c, ROOK) & krank;
        int rsq = -1;
        if (lc == 'k') { /* outermost rook on the h side */
            bb_t r = rooks & ~((sq_bb(ksq) << 1) - 1);
            if (r)
                rsq = 63 - __builtin_clzll(r);
        } else if (lc == 'q') { /* outermost rook on the a side */
            bb_t r = rooks & (sq_bb(ksq) - 1);
            if (r)
                rsq = lsb(r);
        } else {
            int sq = 56 * c + (lc - 'a');
            if (rooks & sq_bb(sq))
                rsq = sq;
        }
        if (rsq < 0 || rsq == ksq)
            return fail(err, len, "castling right '%c' but no %s rook %s", ch, color_name(c),
                        lc == 'k' ? "on the king's h side" : lc == 'q' ? "on the king's a side"
                                                                     : "on that square");
        int slot = CASTLE_SLOT(c, rsq < ksq);
        if (p->castling & (1u << slot))
            return fail(err, len, "castling field '%.*s' gives %s %s castling twice",
                        (int)f.n, f.s, color_name(c), rsq < ksq ? "long" : "short");
        chess_setup_castling(p, slot, rsq);
    }
    return 0;
}

/* With an en-passant square the last move was that double step: every
 * checker is the pawn itself or a slider it uncovered on leaving its
 * start square. */
static bool ep_check_possible(const struct chess_pos *p, int ep)
{
    bb_t checkers = checkers_of(p);
    int ksq = king_sq(p, p->side), pawn_sq = ep ^ 8, start_sq = ep ^ 8 ^ 16;
    while (checkers) {
        int c = pop_lsb(&checkers);
        if (c != pawn_sq && !(chess_between[ksq][c] & sq_bb(start_sq)))
            return false;
    }
    return true;
}

static int parse_ep(struct chess_pos *p, struct field f, char *err, size_t len)
{
    char sq[3];
    if (f.n == 1 && f.s[0] == '-')
        return 0;
    if (f.n != 2 || f.s[0] < 'a' || f.s[0] > 'h' || f.s[1] < '1' || f.s[1] > '8')
        return fail(err, len, "bad en-passant square '%.*s'", (int)f.n, f.s);
    int ep = (f.s[1] - '1') * 8 + (f.s[0] - 'a');
    int us = p->side, them = us ^ 1;
    if (ep / 8 != (us == WHITE ? 5 : 2))
        return fail(err, len, "en-passant square %s is on the wrong rank for %s to move",
                    sq_name(ep, sq), color_name(us));
    int pawn_sq = us == WHITE ? ep - 8 : ep + 8, start_sq = us == WHITE ? ep + 8 : ep - 8;
    if (p->board[pawn_sq] != PIECE(them, PAWN))
        return fail(err, len, "en-passant square %s but no %s pawn just double-stepped to %s",
                    sq_name(ep, sq), color_name(them), sq_name(pawn_sq, (char[3]){ 0 }));
    if (p->board[ep] || p->board[start_sq])
        return fail(err, len, "en-passant square %s but the squares behind the pawn are not empty",
                    sq_name(ep, sq));
    if (!ep_check_possible(p, ep))
        return fail(err, len, "en-passant square %s but the double step cannot have given"
                    " this check", sq_name(ep, sq));
    chess_refresh_ep(p, ep);
    return 0;
}

static int parse_counter(struct field f, long max, long *out)
{
    long v = 0;
    if (f.n == 0 || f.n > 6)
        return -1;
    for (size_t i = 0; i < f.n; i++) {
        if (f.s[i] < '0' || f.s[i] > '9')
            return -1;
        v = v * 10 + (f.s[i] - '0');
    }
    if (v > max)
        return -1;
    *out = v;
    return 0;
}

static void clear_position(struct chess_pos *p)
{
    memset(p, 0, sizeof *p);
    memset(p->castle_mask, 0xF, sizeof p->castle_mask);
    p->ep = NO_SQ;
}

int chess_from_text(void *pos, const char *text, char *err, size_t err_len)
{
    struct chess_pos *p = pos;
    struct field f[7];
    int n = 0;

    clear_position(p);
    if (!text)
        return fail(err, err_len, "no position text");
    for (const char *s = text; *s;) {
        while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
            s++;
        if (!*s)
            break;
        const char *start = s;
        while (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
            s++;
        if (n == 6)
            return fail(err, err_len, "extra field '%.*s' after the fullmove number",
                        (int)(s - start > 40 ? 40 : s - start), start);
        f[n].s = start;
        f[n].n = (size_t)(s - start);
        n++;
    }
    if (n == 0)
        return fail(err, err_len, "empty position text");
    /* Four fields (as EPD writes them), five (a halfmove clock without the
     * move number, as some programs send) or all six. */
    if (n < 4)
        return fail(err, err_len, "missing field: %s", field_names[n]);

    if (parse_board(p, f[0], err, err_len) || check_material(p, err, err_len))
        return -1;
    if (f[1].n != 1 || (f[1].s[0] != 'w' && f[1].s[0] != 'b'))
        return fail(err, err_len, "bad side to move '%.*s' (w or b)",
                    (int)(f[1].n > 20 ? 20 : f[1].n), f[1].s);
    p->side = f[1].s[0] == 'w' ? WHITE : BLACK;
    if (parse_castling(p, f[2], err, err_len) || parse_ep(p, f[3], err, err_len))
        return -1;

    long half = 0, full = 1;
    if (n >= 5 && parse_counter(f[4], 9999, &half))
        return fail(err, err_len, "bad halfmove clock '%.*s' (0..9999)",
                    (int)(f[4].n > 20 ? 20 : f[4].n), f[4].s);
    if (n == 6) {
        if (parse_counter(f[5], 9999, &full) || full < 1)
            return fail(err, err_len, "bad fullmove number '%.*s' (1..9999)",
                        (int)(f[5].n > 20 ? 20 : f[5].n), f[5].s);
    }
    p->halfmove = (uint16_t)half;
    p->fullmove = (uint16_t)full;

    int them = p->side ^ 1;
    if (attackers_to(p, king_sq(p, them), occupied(p)) & p->by_color[p->side])
        return fail(err, err_len, "the side not to move (%s) is in check", color_name(them));
    bb_t checkers = checkers_of(p);
    if (popcount(checkers) > 2)
        return fail(err, err_len, "%s king attacked by %d pieces at once",
                    color_name(p->side), popcount(checkers));
    p->key = chess_compute_key(p);
    p->hist_pos = 0;
    p->hist_len = 0;
    p->hist[0] = p->key;
    return 0;
}

static int castle_char(const struct chess_pos *p, int slot)
{
    int c = slot / 2;
    int rsq = p->castle_rook[slot];
    bb_t rooks = pieces_of(p, c, ROOK) & (RANK_1 << (56 * c));
    /* X-FEN: K/Q when the castling rook is the outermost one on its side,
     * the rook's file letter otherwise (readable as Shredder-FEN too). */
    bb_t beyond = (slot & 1) ? (sq_bb(rsq) - 1) & rooks
                             : rooks & ~((sq_bb(rsq) << 1) - 1);
    char ch = beyond ? (char)('a' + rsq % 8) : (slot & 1) ? 'q' : 'k';
    return c == WHITE ? ch - 'a' + 'A' : ch;
}

void chess_to_text(const void *pos, char *buf, size_t len)
{
    const struct chess_pos *p = pos;
    char out[128];
    size_t o = 0;
    static const char letters[] = " pnbrqk";
    for (int r = 7; r >= 0; r--) {
        int empty = 0;
        for (int fl = 0; fl < 8; fl++) {
            int pc = p->board[r * 8 + fl];
            if (!pc) {
                empty++;
                continue;
            }
            if (empty)
                out[o++] = (char)('0' + empty);
            empty = 0;
            char ch = letters[TYPE_OF(pc)];
            out[o++] = COLOR_OF(pc) == WHITE ? (char)(ch - 'a' + 'A') : ch;
        }
        if (empty)
            out[o++] = (char)('0' + empty);
        if (r)
            out[o++] = '/';
    }
    out[o++] = ' ';
    out[o++] = p->side == WHITE ? 'w' : 'b';
    out[o++] = ' ';
    if (!p->castling)
        out[o++] = '-';
    for (int slot = 0; slot < 4; slot++)
        if (p->castling & (1u << slot))
            out[o++] = (char)castle_char(p, slot);
    out[o++] = ' ';
    if (p->ep == NO_SQ) {
        out[o++] = '-';
    } else {
        out[o++] = (char)('a' + p->ep % 8);
        out[o++] = (char)('1' + p->ep / 8);
    }
    snprintf(out + o, sizeof out - o, " %u %u", (unsigned)p->halfmove, (unsigned)p->fullmove);
    if (len)
        snprintf(buf, len, "%s", out);
}
