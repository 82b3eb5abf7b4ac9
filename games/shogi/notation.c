/* notation.c -- the shogi module's notations beside USI: KIF, CSA and the
 * text of gnushogi 1.4 (xshogi's protocol).
 * SPDX-License-Identifier: MIT
 *
 * kif     Japanese move text as in .kif files (Kakinoki's format): the
 *         destination (full-width file digit, kanji rank), the moving piece
 *         as it stands before the move, 成 / 不成 / 打, and for a board move
 *         the origin in ASCII digits:
 *             ７六歩(77)   ２二角成(88)   ２三銀不成(34)   ５五角打
 *             ５二成銀(43)   １一龍(12)
 *         不成 is written exactly when the move could have promoted.  The
 *         hook sees only the position before the move, so a recapture is
 *         written with its square, never as 同.
 *         Read back: the same, plus an optional leading side mark (▲ ☗ for
 *         sente, △ ▽ ☖ for gote), ASCII or full-width digits for the file
 *         and rank, the aliases 王 (玉), 竜 (龍), 杏 圭 全 (成香 成桂 成銀),
 *         生 (不成), and ASCII or full-width blanks around the move.  The
 *         "(from)" part may be left out, and so may 打, when only one legal
 *         move fits.  No 成 means no promotion.  同 (a capture on the square
 *         of the previous move, which the hook cannot see) is accepted when
 *         exactly one legal capture fits the rest of the text.
 * csa     CSA move text: side sign, origin (00 for a drop), destination,
 *         and the piece code after the move: +7776FU, -3334FU, +0055KA,
 *         +2822UM (a promotion shows the promoted code).  Read back with or
 *         without the sign (which must then be the side to move's), and
 *         with blanks around it.
 * xshogi  gnushogi 1.4's move text, which is USI's (7g7f, 8h2b+, P*5e).
 *         Read back: what gnushogi writes too -- a drop as P*5e or P'5e
 *         with an upper- or lower-case letter, a promotion as a '+' suffix,
 *         and anything from a '?' or '!' on (its marks of good and bad
 *         moves) ignored.  position_to_text writes the commands of its
 *         `edit` mode that set the position up:
 *             "edit\n#\n" <sente's lines> "c\n" <gote's lines> "."
 *         where a side's lines are first its board pieces, ranks a to i and
 *         in each rank files 9 to 1 (SFEN order), one "P7g\n" or "R8h+\n"
 *         (upper-case letter, file digit, rank letter, '+' if promoted)
 *         each, then one "G*\n" per piece in hand, in the order R B G S N
 *         L P.  No newline after the final '.'; the side to move is not
 *         part of it (gnushogi's `black` / `white` says that).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "shogi.h"

/* ---- shared helpers ------------------------------------------------------ */

/* A move text in a message: at most 48 bytes of it, cut at a UTF-8
 * character boundary, with "..." when cut. */
static void quote(const char *text, char *out, size_t len)
{
    size_t n = strlen(text);
    if (n <= 48) {
        snprintf(out, len, "%s", text);
        return;
    }
    n = 48;
    while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80)
        n--;
    snprintf(out, len, "%.*s...", (int)n, text);
}

/* Write a failure message naming the text: fmt has one %s for it. */
static gt_move fail(char *err, size_t err_len, const char *fmt, const char *text)
{
    if (err && err_len) {
        char q[64];
        quote(text, q, sizeof q);
        snprintf(err, err_len, fmt, q);
    }
    return GT_MOVE_NONE;
}

/* Copy a built text into the caller's buffer, cut at a UTF-8 boundary if it
 * does not fit. */
static void put_text(const char *text, char *buf, size_t len)
{
    if (!buf || !len) return;
    size_t n = strlen(text);
    if (n >= len) {
        n = len - 1;
        while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(buf, text, n);
    buf[n] = 0;
}

/* The piece type that makes the move (before it), 1..14. */
static int mover_type(const struct shogi_pos *p, gt_move m)
{
    if (m & SH_MOVE_DROP) return SH_MOVE_FROM(m);
    return SH_TYPE(p->board[SH_MOVE_FROM(m)]);
}

/* Could the move have promoted (a board move whose promoting form is legal
 * too)? */
static bool could_promote(const struct shogi_pos *p, gt_move m)
{
    return !(m & (SH_MOVE_DROP | SH_MOVE_PROMO)) &&
           shogi_is_legal(p, m | SH_MOVE_PROMO);
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

#define FW_SPACE "\xE3\x80\x80"  /* U+3000, the ideographic space */

/* If s starts with w, step past it. */
static bool eat(const char **s, const char *w)
{
    size_t n = strlen(w);
    if (strncmp(*s, w, n)) return false;
    *s += n;
    return true;
}

static void skip_blanks(const char **s)
{
    for (;;) {
        if (is_blank(**s)) (*s)++;
        else if (!eat(s, FW_SPACE)) return;
    }
}

/* The text without blanks (ASCII and U+3000) at either end, in buf. */
static const char *trim(const char *text, char *buf, size_t len)
{
    const char *s = text;
    skip_blanks(&s);
    size_t n = strlen(s);
    for (;;) {
        if (n > 0 && is_blank(s[n - 1])) n--;
        else if (n >= 3 && !memcmp(s + n - 3, FW_SPACE, 3)) n -= 3;
        else break;
    }
    if (n >= len) n = len - 1;
    memcpy(buf, s, n);
    buf[n] = 0;
    return buf;
}

/* ---- KIF ----------------------------------------------------------------- */

static const char *const kif_file[10] = {
    "", "１", "２", "３", "４", "５", "６", "７", "８", "９"
};
static const char *const kif_rank[10] = {
    "", "一", "二", "三", "四", "五", "六", "七", "八", "九"
};
/* By type 1..14: P L N S B R G K +P +L +N +S +B +R. */
static const char *const kif_piece[15] = {
    "", "歩", "香", "桂", "銀", "角", "飛", "金", "玉",
    "と", "成香", "成桂", "成銀", "馬", "龍"
};
/* What the parser reads, the two-character names first. */
static const struct { const char *name; int type; } kif_names[] = {
    { "成香", SH_PLANCE }, { "成桂", SH_PKNIGHT }, { "成銀", SH_PSILVER },
    { "歩", SH_PAWN }, { "香", SH_LANCE }, { "桂", SH_KNIGHT },
    { "銀", SH_SILVER }, { "角", SH_BISHOP }, { "飛", SH_ROOK },
    { "金", SH_GOLD }, { "玉", SH_KING }, { "王", SH_KING },
    { "と", SH_PPAWN }, { "杏", SH_PLANCE }, { "圭", SH_PKNIGHT },
    { "全", SH_PSILVER }, { "馬", SH_HORSE }, { "龍", SH_DRAGON },
    { "竜", SH_DRAGON },
};

static void kif_move_to_text(const void *pos, gt_move m, char *buf, size_t len)
{
    const struct shogi_pos *p = pos;
    int to = SH_MOVE_TO(m), from = SH_MOVE_FROM(m), t = mover_type(p, m);
    char out[64];
    const char *mark = (m & SH_MOVE_DROP) ? "打"
                     : (m & SH_MOVE_PROMO) ? "成"
                     : could_promote(p, m) ? "不成" : "";
    int n = snprintf(out, sizeof out, "%s%s%s%s", kif_file[SH_FILE(to)],
                     kif_rank[SH_RANK(to)], t >= 1 && t <= 14 ? kif_piece[t] : "?",
                     mark);
    if (!(m & SH_MOVE_DROP))
        snprintf(out + n, sizeof out - (size_t)n, "(%d%d)", SH_FILE(from),
                 SH_RANK(from));
    put_text(out, buf, len);
}

/* A file or rank digit: ASCII, full-width, or (ranks) a kanji numeral. */
static int kif_digit(const char **s, bool kanji)
{
    if (**s >= '1' && **s <= '9') return *(*s)++ - '0';
    for (int d = 1; d <= 9; d++)
        if (eat(s, kif_file[d]) || (kanji && eat(s, kif_rank[d]))) return d;
    return 0;
}

struct kif_text {
    int side;       /* -1: no side mark */
    int to;         /* 0: 同 (the previous move's square) */
    int type;       /* the moving piece, 1..14 */
    int promo;      /* -1 nothing said, 0 不成, 1 成 */
    bool drop;      /* 打 */
    int from;       /* 0: not given */
};

static bool kif_parse(const char *s, struct kif_text *k)
{
    memset(k, 0, sizeof *k);
    k->side = -1;
    k->promo = -1;
    if (eat(&s, "▲") || eat(&s, "☗")) k->side = 0;
    else if (eat(&s, "△") || eat(&s, "▽") || eat(&s, "☖")) k->side = 1;
    if (eat(&s, "同")) {
        skip_blanks(&s);
    } else {
        int f = kif_digit(&s, false), r = f ? kif_digit(&s, true) : 0;
        if (!r) return false;
        k->to = SH_SQ(f, r);
    }
    for (size_t i = 0; i < sizeof kif_names / sizeof kif_names[0]; i++)
        if (eat(&s, kif_names[i].name)) {
            k->type = kif_names[i].type;
            break;
        }
    if (!k->type) return false;
    if (eat(&s, "不成") || eat(&s, "生")) k->promo = 0;
    else if (eat(&s, "成")) k->promo = 1;
    else if (eat(&s, "打")) k->drop = true;
    if (*s == '(') {
        if (k->drop || s[1] < '1' || s[1] > '9' || s[2] < '1' || s[2] > '9' ||
            s[3] != ')')
            return false;
        k->from = SH_SQ(s[1] - '0', s[2] - '0');
        s += 4;
    }
    return *s == 0;
}

static gt_move kif_move_from_text(const void *pos, const char *text, char *err,
                                  size_t err_len)
{
    const struct shogi_pos *p = pos;
    char t[128];
    struct kif_text k;
    if (err && err_len) err[0] = 0;
    if (!text) text = "";
    if (strlen(text) >= sizeof t || !kif_parse(trim(text, t, sizeof t), &k))
        return fail(err, err_len, "bad KIF move '%s'", text);
    if (k.side >= 0 && k.side != p->side)
        return fail(err, err_len, p->side ? "no legal move matches '%s' (gote to move)"
                                          : "no legal move matches '%s' (sente to move)",
                    text);
    gt_move list[SH_MAX_MOVES], found = GT_MOVE_NONE;
    int n = shogi_generate(p, SH_GEN_ALL, list), matches = 0;
    for (int i = 0; i < n; i++) {
        gt_move m = list[i];
        int to = SH_MOVE_TO(m);
        bool drop = (m & SH_MOVE_DROP) != 0;
        if (mover_type(p, m) != k.type) continue;
        if (k.to ? to != k.to : (drop || !p->board[to])) continue;
        if (k.drop && !drop) continue;
        if (k.from && (drop || SH_MOVE_FROM(m) != k.from)) continue;
        if (((m & SH_MOVE_PROMO) != 0) != (k.promo == 1)) continue;
        found = m;
        matches++;
    }
    if (matches > 1)
        return fail(err, err_len, "ambiguous KIF move '%s'", text);
    if (!matches) return fail(err, err_len, "no legal move matches '%s'", text);
    return found;
}

/* ---- CSA ----------------------------------------------------------------- */

/* By type 1..14, as for kif_piece. */
static const char *const csa_code[15] = {
    "", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU",
    "TO", "NY", "NK", "NG", "UM", "RY"
};

/* The move without the side sign: 7776FU. */
static void csa_body(const struct shogi_pos *p, gt_move m, char out[32])
{
    int to = SH_MOVE_TO(m), from = SH_MOVE_FROM(m), t = mover_type(p, m);
    if (m & SH_MOVE_PROMO) t += SH_PROMOTE;
    if (t < 1 || t > 14) t = 0;
    if (m & SH_MOVE_DROP)
        snprintf(out, 32, "00%d%d%s", SH_FILE(to), SH_RANK(to), csa_code[t]);
    else
        snprintf(out, 32, "%d%d%d%d%s", SH_FILE(from), SH_RANK(from),
                 SH_FILE(to), SH_RANK(to), csa_code[t]);
}

static void csa_move_to_text(const void *pos, gt_move m, char *buf, size_t len)
{
    const struct shogi_pos *p = pos;
    char body[32], out[40];
    csa_body(p, m, body);
    snprintf(out, sizeof out, "%c%s", p->side ? '-' : '+', body);
    put_text(out, buf, len);
}

static gt_move csa_move_from_text(const void *pos, const char *text, char *err,
                                  size_t err_len)
{
    const struct shogi_pos *p = pos;
    char t[32];
    if (err && err_len) err[0] = 0;
    if (!text) text = "";
    const char *s = trim(text, t, sizeof t);
    int side = -1;
    if (*s == '+' || *s == '-') side = *s++ == '-';
    bool ok = strlen(text) < sizeof t && strlen(s) == 6 && s[2] >= '1' &&
              s[2] <= '9' && s[3] >= '1' && s[3] <= '9';
    if (ok)
        ok = (s[0] == '0' && s[1] == '0') ||
             (s[0] >= '1' && s[0] <= '9' && s[1] >= '1' && s[1] <= '9');
    int code = 0;
    for (int i = 1; ok && i <= 14; i++)
        if (s[4] == csa_code[i][0] && s[5] == csa_code[i][1]) code = i;
    if (!code) return fail(err, err_len, "bad CSA move '%s'", text);
    if (side >= 0 && side != p->side)
        return fail(err, err_len, p->side ? "no legal move matches '%s' (gote to move)"
                                          : "no legal move matches '%s' (sente to move)",
                    text);
    gt_move list[SH_MAX_MOVES];
    int n = shogi_generate(p, SH_GEN_ALL, list);
    for (int i = 0; i < n; i++) {
        char body[32];
        csa_body(p, list[i], body);
        if (!strcmp(body, s)) return list[i];
    }
    return fail(err, err_len, "no legal move matches '%s'", text);
}

/* ---- xshogi (gnushogi 1.4) ------------------------------------------------ */

static void xshogi_move_to_text(const void *pos, gt_move m, char *buf, size_t len)
{
    (void)pos;
    char out[16];
    shogi_move_to_usi(m, out, sizeof out);
    put_text(out, buf, len);
}

static bool xshogi_square(const char *s)
{
    return s[0] >= '1' && s[0] <= '9' && s[1] >= 'a' && s[1] <= 'i';
}

/* The forms lib/match_gnushogi.c has always read from gnushogi, turned into
 * USI text. */
static bool xshogi_to_usi(const char *in, char out[8])
{
    size_t n = strcspn(in, "?!");
    if (n < 4 || n > 5) return false;
    char piece = in[0] >= 'a' && in[0] <= 'z' ? (char)(in[0] - 32) : in[0];
    if (n == 4 && (in[1] == '*' || in[1] == '\'') && strchr("PLNSGBR", piece) &&
        xshogi_square(in + 2)) {
        snprintf(out, 8, "%c*%c%c", piece, in[2], in[3]);
        return true;
    }
    if (!xshogi_square(in) || !xshogi_square(in + 2) || (n == 5 && in[4] != '+'))
        return false;
    snprintf(out, 8, "%.*s", (int)n, in);
    return true;
}

static gt_move xshogi_move_from_text(const void *pos, const char *text, char *err,
                                     size_t err_len)
{
    char usi[8], why[64];
    if (err && err_len) err[0] = 0;
    if (!text) text = "";
    if (!xshogi_to_usi(text, usi))
        return fail(err, err_len, "bad xshogi move '%s'", text);
    gt_move m = shogi_move_from_usi(pos, usi, why, sizeof why);
    if (m == GT_MOVE_NONE) return fail(err, err_len, "no legal move matches '%s'", text);
    return m;
}

struct out_buf {
    char *buf;
    size_t len, at;
    bool full;
};

static void out_add(struct out_buf *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void out_add(struct out_buf *o, const char *fmt, ...)
{
    if (o->full) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->buf + o->at, o->len - o->at, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= o->len - o->at) {
        o->full = true;
        return;
    }
    o->at += (size_t)n;
}

static int xshogi_position_to_text(const void *pos, char *buf, size_t len)
{
    static const char letters[] = " PLNSBRGK";
    static const int hand_order[7] = { SH_ROOK, SH_BISHOP, SH_GOLD, SH_SILVER,
                                       SH_KNIGHT, SH_LANCE, SH_PAWN };
    const struct shogi_pos *p = pos;
    if (!buf || !len) return -1;
    struct out_buf o = { buf, len, 0, false };
    buf[0] = 0;
    out_add(&o, "edit\n#\n");
    for (int c = 0; c < 2; c++) {
        if (c) out_add(&o, "c\n");
        for (int r = 1; r <= 9; r++)
            for (int f = 9; f >= 1; f--) {
                int pc = p->board[SH_SQ(f, r)];
                if (!pc || SH_COLOR(pc) != c) continue;
                int t = SH_TYPE(pc);
                bool promoted = t > SH_KING;
                out_add(&o, "%c%d%c%s\n", letters[promoted ? t - SH_PROMOTE : t], f,
                        'a' + r - 1, promoted ? "+" : "");
            }
        for (int i = 0; i < 7; i++)
            for (int k = 0; k < p->hand[c][hand_order[i]]; k++)
                out_add(&o, "%c*\n", letters[hand_order[i]]);
    }
    out_add(&o, ".");
    if (o.full) {
        buf[0] = 0;
        return -1;
    }
    return 0;
}

/* ---- the table ------------------------------------------------------------ */

const struct gt_notation shogi_notations[] = {
    { .name = "kif", .title = "KIF (Kakinoki) move text: ７六歩(77), ２二角成(88), ５五角打",
      .move_to_text = kif_move_to_text, .move_from_text = kif_move_from_text,
      .write_record = shogi_kif_write_record, .read_record = shogi_kif_read_record },
    { .name = "csa", .title = "CSA move text: +7776FU, -8822UM, +0055KA",
      .move_to_text = csa_move_to_text, .move_from_text = csa_move_from_text,
      .write_record = shogi_csa_write_record, .read_record = shogi_csa_read_record },
    { .name = "xshogi",
      .title = "GNU Shogi 1.4 (xshogi protocol): 7g7f, 8h2b+, P*5e; edit-mode setup",
      .move_to_text = xshogi_move_to_text, .move_from_text = xshogi_move_from_text,
      .position_to_text = xshogi_position_to_text },
    { .name = NULL },
};
