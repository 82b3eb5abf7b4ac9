/* san.c -- Standard Algebraic Notation, the chess module's record notation
 * (PGN movetext, EPD bm/am).
 * SPDX-License-Identifier: MIT
 *
 * Both directions work from the legal move list, never from the board
 * alone: disambiguation must ignore a pinned twin (Nbd2 is plain Nd2 when
 * the f1 knight is pinned), and the reader can then accept whatever a
 * move's text pins down without re-deriving the rules.  Castling is "king
 * takes own rook" in the encoding, so O-O and O-O-O come out the same way
 * in Chess960 as in standard chess. */
#include <stdio.h>
#include <string.h>
#include "chess.h"

#define SAN_MAX 16 /* "Qa1xb2=Q+" and friends fit with room to spare */

static const char piece_letter[7] = { 0, 0, 'N', 'B', 'R', 'Q', 'K' };

static char file_char(int sq) { return (char)('a' + (sq & 7)); }
static char rank_char(int sq) { return (char)('1' + (sq >> 3)); }

/* SAN of a legal move m of p, given p's legal moves. */
static void write_san(const struct chess_pos *p, gt_move m, const gt_move *list, int n,
                      char *out)
{
    int from = MV_FROM(m), to = MV_TO(m);
    int type = TYPE_OF(p->board[from]);
    char *o = out;

    if (MV_KIND(m) == MV_CASTLE) {
        strcpy(o, to < from ? "O-O-O" : "O-O");
        o += strlen(o);
    } else if (type == PAWN) {
        /* A pawn capture always names its file, so pawns never need more. */
        if (MV_KIND(m) == MV_EP || p->board[to]) {
            *o++ = file_char(from);
            *o++ = 'x';
        }
        *o++ = file_char(to);
        *o++ = rank_char(to);
        if (MV_KIND(m) == MV_PROMO) {
            *o++ = '=';
            *o++ = piece_letter[MV_PROMO_TYPE(m)];
        }
    } else {
        *o++ = piece_letter[type];
        /* Twins: other pieces of the same kind with a legal move to `to`.
         * The file is preferred, the rank only when the file is shared,
         * both only when each alone is shared (three queens). */
        bool twin = false, same_file = false, same_rank = false;
        for (int i = 0; i < n; i++) {
            int f = MV_FROM(list[i]);
            if (f == from || MV_TO(list[i]) != to || MV_KIND(list[i]) == MV_CASTLE
                || TYPE_OF(p->board[f]) != type)
                continue;
            twin = true;
            same_file |= (f & 7) == (from & 7);
            same_rank |= (f >> 3) == (from >> 3);
        }
        if (twin && (!same_file || same_rank))
            *o++ = file_char(from);
        if (twin && same_file)
            *o++ = rank_char(from);
        if (p->board[to])
            *o++ = 'x';
        *o++ = file_char(to);
        *o++ = rank_char(to);
    }

    if (chess_gives_check(p, m)) {
        struct chess_pos after = *p;
        struct chess_undo undo;
        gt_move replies[CHESS_MAX_MOVES];
        chess_make(&after, m, &undo);
        *o++ = chess_gen_legal(&after, replies, false) ? '+' : '#';
    }
    *o = 0;
}

static bool in_list(gt_move m, const gt_move *list, int n)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

void chess_san_move_to_text(const void *pos, gt_move m, char *buf, size_t len)
{
    const struct chess_pos *p = pos;
    gt_move list[CHESS_MAX_MOVES];
    char out[SAN_MAX];
    if (!len)
        return;
    int n = chess_gen_legal(p, list, false);
    /* Outside the contract (no move, an illegal one) SAN has no answer;
     * PGN's null move, or the protocol text, beats reading a bad board. */
    if (m == GT_MOVE_NONE || m == GT_MOVE_NULL) {
        snprintf(buf, len, "--");
    } else if (!in_list(m, list, n)) {
        chess_move_to_text(pos, m, buf, len);
    } else {
        write_san(p, m, list, n, out);
        snprintf(buf, len, "%s", out);
    }
}

/* ---- reading ------------------------------------------------------------ */

/* What a SAN text pins down; -1 (or 0 for promo) where it says nothing. */
struct san_query {
    int castle;        /* 0, or 1 short, 2 long */
    int piece;         /* PAWN..KING */
    int from_file, from_rank;
    int to;
    int promo;         /* KNIGHT..QUEEN, or 0 */
};

static int letter_type(char c)
{
    switch (c) {
    case 'P': return PAWN;
    case 'N': return KNIGHT;
    case 'B': return BISHOP;
    case 'R': return ROOK;
    case 'Q': return QUEEN;
    case 'K': return KING;
    default: return NO_TYPE;
    }
}

static bool is_file(char c) { return c >= 'a' && c <= 'h'; }
static bool is_rank(char c) { return c >= '1' && c <= '8'; }

/* Length of s without what PGN readers skip at the end: check and mate
 * signs, annotation glyphs (!, ?, !!, ?!, ...) and an "e.p." mark. */
static size_t strip_suffixes(const char *s, size_t n)
{
    for (;;) {
        if (n && strchr("+#!?", s[n - 1]))
            n--;
        else if (n >= 4 && !memcmp(s + n - 4, "e.p.", 4))
            n -= 4;
        else
            return n;
    }
}

/* Castling with letter O, lower-case o or digit 0, as PGN files mix them. */
static int castle_kind(const char *s, size_t n)
{
    char t[6];
    if (n != 3 && n != 5)
        return 0;
    for (size_t i = 0; i < n; i++)
        t[i] = (s[i] == '0' || s[i] == 'o') ? 'O' : s[i];
    if (n == 3 && !memcmp(t, "O-O", 3))
        return 1;
    if (n == 5 && !memcmp(t, "O-O-O", 5))
        return 2;
    return 0;
}

/* Parse the n bytes of s (suffixes already gone).  The grammar is wider
 * than SAN on purpose: an optional piece letter (P for pawns too), an
 * optional from-file and from-rank (so "Ng1f3" and "e2e4" read), an
 * optional separator x, : or - (long algebraic), the destination and, for
 * pawns, a promotion with or without '=' in either case. */
static bool parse_san(const char *s, size_t n, struct san_query *q)
{
    size_t i = 0, j = n;
    *q = (struct san_query){ .piece = PAWN, .from_file = -1, .from_rank = -1 };

    q->castle = castle_kind(s, n);
    if (q->castle)
        return true;
    if (i < j && letter_type(s[i]) != NO_TYPE)
        q->piece = letter_type(s[i++]);
    /* A trailing letter can only be a promotion: SAN ends in a rank. */
    if (j > i && strchr("NBRQnbrq", s[j - 1])) {
        q->promo = letter_type((char)(s[j - 1] & ~0x20));
        j--;
        if (j > i && s[j - 1] == '=')
            j--;
        if (q->piece != PAWN)
            return false;
    }
    if (j < i + 2 || !is_file(s[j - 2]) || !is_rank(s[j - 1]))
        return false;
    q->to = (s[j - 2] - 'a') + 8 * (s[j - 1] - '1');
    j -= 2;
    if (j > i && strchr("x:-", s[j - 1]))
        j--;
    if (i < j && is_file(s[i]))
        q->from_file = s[i++] - 'a';
    if (i < j && is_rank(s[i]))
        q->from_rank = s[i++] - '1';
    if (i != j)
        return false;
    /* A pawn without a file moves straight up its own file: "d5" never
     * means cxd5, even with the x left out. */
    if (q->piece == PAWN && q->from_file < 0)
        q->from_file = q->to & 7;
    return true;
}

static bool matches(const struct chess_pos *p, gt_move m, const struct san_query *q)
{
    int from = MV_FROM(m);
    if (MV_KIND(m) == MV_CASTLE)
        return q->castle == (MV_TO(m) < from ? 2 : 1);
    if (q->castle || TYPE_OF(p->board[from]) != q->piece || MV_TO(m) != q->to)
        return false;
    if ((q->from_file >= 0 && (from & 7) != q->from_file)
        || (q->from_rank >= 0 && (from >> 3) != q->from_rank))
        return false;
    /* A missing promotion piece leaves all four candidates: "e8" is then
     * ambiguous rather than silently a queen. */
    return !q->promo || (MV_KIND(m) == MV_PROMO && MV_PROMO_TYPE(m) == q->promo);
}

/* The text for an error message: bounded, one line, printable. */
static void excerpt(const char *text, char *out, size_t size)
{
    size_t n = 0;
    for (; text[n] && n + 4 < size && n < 16; n++)
        out[n] = (text[n] >= 0x20 && text[n] < 0x7f) ? text[n] : '?';
    if (text[n])
        memcpy(out + n, "...", 3), n += 3;
    out[n] = 0;
}

#define TEXT_MAX 32 /* longer than any SAN with every decoration */

gt_move chess_san_move_from_text(const void *pos, const char *text, char *err,
                                 size_t err_len)
{
    const struct chess_pos *p = pos;
    char shown[24];
    if (!text)
        text = "";
    excerpt(text, shown, sizeof shown);
    if (!err || !err_len)
        err_len = 0; /* nowhere to write: every snprintf below becomes a no-op */

    size_t n = 0;
    while (n <= TEXT_MAX && text[n]) /* past TEXT_MAX only "too long" matters */
        n++;
    size_t body = n <= TEXT_MAX ? strip_suffixes(text, n) : 0;
    struct san_query q;
    if (n > TEXT_MAX || !parse_san(text, body, &q)) {
        if (err_len)
            snprintf(err, err_len, "bad SAN '%s'", shown);
        return GT_MOVE_NONE;
    }

    /* Coordinate text ("g1f3", "e7e8q", castling in either UCI style) is
     * the protocol's; its parser knows moves SAN's pawn reading does not.
     * All of it passes parse_san's wide grammar, so none is lost above. */
    if ((body == 4 || body == 5) && !q.castle) {
        char coord[6];
        memcpy(coord, text, body);
        coord[body] = 0;
        gt_move m = chess_move_from_text(p, coord, NULL, 0);
        if (m != GT_MOVE_NONE)
            return m;
    }

    gt_move list[CHESS_MAX_MOVES], found[CHESS_MAX_MOVES];
    int count = chess_gen_legal(p, list, false), nfound = 0;
    for (int i = 0; i < count; i++)
        if (matches(p, list[i], &q))
            found[nfound++] = list[i];
    if (nfound == 1)
        return found[0];
    if (!err_len)
        return GT_MOVE_NONE;
    if (nfound == 0) {
        snprintf(err, err_len, "no legal move matches '%s'", shown);
        return GT_MOVE_NONE;
    }
    /* Name the candidates: the user sees at once which letter is missing. */
    size_t o = (size_t)snprintf(err, err_len, "ambiguous move '%s' (", shown);
    for (int i = 0; i < nfound && o < err_len; i++) {
        char san[SAN_MAX];
        write_san(p, found[i], list, count, san);
        o += (size_t)snprintf(err + o, err_len - o, "%s%s", i ? ", " : "", san);
    }
    if (o < err_len)
        snprintf(err + o, err_len - o, ")");
    return GT_MOVE_NONE;
}
