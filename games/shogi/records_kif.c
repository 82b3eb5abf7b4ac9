/* records_kif.c -- KIF record files (Kakinoki's format): write_record
 * and read_record of the "kif" notation.
 * SPDX-License-Identifier: MIT
 *
 * What the common readers take (cshogi, python-shogi, tsshogi, Kifu for
 * Windows, ShogiGUI) decides the words: each game of a file readable on
 * its own, the result in words they read as that result, think times in
 * whole seconds.
 *
 * KIF (Kakinoki's format): UTF-8, or Shift_JIS (CP932, kif_encoding.c)
 * when rec->file_ext is "kif", as those readers take a .kif file (.kifu
 * is the UTF-8 name).  Written, after a blank line when rec->index > 0:
 *     #KIF version=2.0 encoding=UTF-8      (or encoding=Shift_JIS)
 *     開始日時：2026/11/23                 (rec->date "2026.11.23"; none if
 *                                           absent or with '?')
 *     棋戦：EVENT  場所：SITE  持ち時間：TC  (each when given; TC as given)
 *     手合割：平手                         (the start position; a handicap
 *                                           of records.c's table by name;
 *                                           else a BOD diagram: 後手の持駒：,
 *                                           the board, 先手の持駒：, and
 *                                           後手番 when gote is to move)
 *     先手：NAME  後手：NAME                (下手 / 上手 in a handicap game)
 *     手数----指手---------消費時間--
 *        1 ７六歩(77)   ( 0:01/00:00:01)
 *     *a comment (rec->comments[i]; line breaks become blanks)
 *        ...
 *       41 投了         ( 0:00/00:00:20)
 *     *sente resigns                       (rec->reason)
 *     まで40手で先手の勝ち
 * Every game of a file starts with its "#KIF" line: cut before each one,
 * a file gives records that one-game readers (python-shogi, cshogi,
 * tsshogi) read.  Move lines: the number in 4 columns, the kif notation's
 * move text (squares always written, never 同; without 不成, which some
 * readers refuse, as the origin square and no 成 say it) padded as Kifu
 * for Windows pads it (to 13 columns, a full-width character counting 2,
 * at least one blank), then the move's time (m:ss) and the mover's total
 * (hh:mm:ss), whole seconds rounded so that each side's total is its real
 * total to the nearest second (shogi_rec_move_seconds()), zero when
 * rec->move_ms is NULL.  After the moves, the terminal word, the reason as
 * a comment and how it ended, in the words of records.c's table.
 *
 * read_record reads the first game of a text into its start position
 * (SFEN, "" for the standard start) and its moves (USI, blank-separated),
 * and returns the bytes it used (0: no game in the text).
 *  KIF: UTF-8 or Shift_JIS (a "#KIF ... encoding=" line says which, else
 *  the first line beyond ASCII); lines with '#', '*' or '&' first are
 *  comments; "key：value" headers other than 手合割 and the hands are
 *  skipped; 手合割 knows records.c's handicaps; a BOD diagram (後手の持駒 /
 *  上手の持駒, the '|' rows, 先手の持駒 / 下手の持駒, 後手番 / 上手番) gives
 *  the position instead (a hand of 残りの駒全部, as tsume files write the
 *  defender's, holds every piece not on the board or in the other hand);
 *  move lines are "<number> <move> [(time)] [+]" with the kif notation's
 *  move text, 同 standing for the previous move's square.  The moves end
 *  at a terminal word (投了, 中断, 詰み, ...), "まで...", or "変化："
 *  (variations are not read); what follows up to the next game's headers
 *  or "#KIF" line belongs to this game.
 * Errors name the line: "line 12: no legal move matches '７七歩(76)'". */
#define _POSIX_C_SOURCE 200809L  /* open_memstream, for Shift_JIS */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records.h"

static const struct gt_notation *const kif = &shogi_notations[0];

/* Kanji by type 1..14 as BOD and hands write them. */
static const char *const bod_piece[15] = {
    "", "歩", "香", "桂", "銀", "角", "飛", "金", "玉",
    "と", "杏", "圭", "全", "馬", "龍"
};
static const char *const kanji_num[11] = {
    "", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"
};
static const char *const fw_digit[10] = {
    "", "１", "２", "３", "４", "５", "６", "７", "８", "９"
};

/* ---- writing ------------------------------------------------------------- */

/* Columns a UTF-8 text takes: 2 for a character beyond ASCII. */
static int columns(const char *s)
{
    int n = 0;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x80) n++;
        else if ((c & 0xC0) != 0x80) n += 2;
    }
    return n;
}

static void kif_count(int n, char *out, size_t len)
{
    if (n <= 1) snprintf(out, len, "%s", "");
    else if (n <= 10) snprintf(out, len, "%s", kanji_num[n]);
    else snprintf(out, len, "十%s", kanji_num[n - 10]);
}

static void kif_hand(FILE *out, const char *label, const struct shogi_pos *p, int c)
{
    fprintf(out, "%s", label);
    bool any = false;
    for (int i = 0; i < 7; i++) {
        int t = shogi_rec_hand_order[i], n = p->hand[c][t];
        if (!n) continue;
        char count[16];
        kif_count(n, count, sizeof count);
        fprintf(out, "%s%s　", bod_piece[t], count);
        any = true;
    }
    fprintf(out, "%s\n", any ? "" : "なし");
}

static void kif_bod(FILE *out, const struct shogi_pos *p)
{
    kif_hand(out, "後手の持駒：", p, 1);
    fprintf(out, "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for (int r = 1; r <= 9; r++) {
        fputc('|', out);
        for (int f = 9; f >= 1; f--) {
            int pc = p->board[SH_SQ(f, r)];
            if (!pc) fprintf(out, " ・");
            else fprintf(out, "%c%s", SH_COLOR(pc) ? 'v' : ' ', bod_piece[SH_TYPE(pc)]);
        }
        fprintf(out, "|%s\n", kanji_num[r]);
    }
    fprintf(out, "+---------------------------+\n");
    kif_hand(out, "先手の持駒：", p, 0);
    if (p->side) fprintf(out, "後手番\n");
}

static void kif_time_field(FILE *out, int64_t secs, int64_t total)
{
    fprintf(out, "(%2lld:%02lld/%02lld:%02lld:%02lld)", (long long)(secs / 60),
            (long long)(secs % 60), (long long)(total / 3600), (long long)(total / 60 % 60),
            (long long)(total % 60));
}

static void kif_move_line(FILE *out, int number, const char *text, int64_t secs,
                          int64_t total)
{
    int pad = 13 - columns(text);
    fprintf(out, "%4d %s%*s", number, text, pad < 1 ? 1 : pad, "");
    kif_time_field(out, secs, total);
    fputc('\n', out);
}

/* The game in UTF-8, its first line naming the encoding it will have. */
static int kif_write_utf8(const struct gt_record *rec, FILE *out, const char *encoding)
{
    struct shogi_pos p;
    if (!shogi_rec_start_pos(rec, &p)) return -1;
    int kind = shogi_rec_start_kind(&p);
    bool handicap = kind >= 0 && kind < SHOGI_REC_NHANDICAPS;
    char date[16];
    if (rec->index > 0) fputc('\n', out);
    fprintf(out, "#KIF version=2.0 encoding=%s\n", encoding);
    if (shogi_rec_date(rec, date)) fprintf(out, "開始日時：%s\n", date);
    if (rec->event) {
        fprintf(out, "棋戦：");
        shogi_rec_put_line(out, rec->event);
        fputc('\n', out);
    }
    if (rec->site) {
        fprintf(out, "場所：");
        shogi_rec_put_line(out, rec->site);
        fputc('\n', out);
    }
    if (rec->time_control) {
        fprintf(out, "持ち時間：");
        shogi_rec_put_line(out, rec->time_control);
        fputc('\n', out);
    }
    if (kind < 0) fprintf(out, "手合割：平手\n");
    else if (handicap) fprintf(out, "手合割：%s\n", shogi_rec_handicaps[kind].name);
    else kif_bod(out, &p);
    for (int c = 0; c < 2; c++) {
        fprintf(out, "%s：", handicap ? (c ? "上手" : "下手") : (c ? "後手" : "先手"));
        if (rec->players[c]) shogi_rec_put_line(out, rec->players[c]);
        fputc('\n', out);
    }
    fprintf(out, "手数----指手---------消費時間--\n");
    int64_t total[2] = { 0, 0 };
    int n = rec->nmoves > 0 ? rec->nmoves : 0;
    for (int i = 0; i < n; i++) {
        gt_move m = rec->moves[i];
        if (!shogi_is_legal(&p, m)) return -1;
        char text[64];
        kif->move_to_text(&p, m, text, sizeof text);
        char *keep = strstr(text, "不成");  /* no 成 already says it */
        if (keep) memmove(keep, keep + strlen("不成"), strlen(keep + strlen("不成")) + 1);
        int side = p.side;
        int64_t secs = shogi_rec_move_seconds(&total[side], rec->move_ms ? rec->move_ms[i] : 0);
        kif_move_line(out, i + 1, text, secs, (total[side] + 500) / 1000);
        if (rec->comments && rec->comments[i]) {
            fputc('*', out);
            shogi_rec_put_line(out, rec->comments[i]);
            fputc('\n', out);
        }
        struct shogi_undo u;
        shogi_make(&p, m, &u);
    }
    struct shogi_rec_end e = shogi_rec_ending(rec, p.side);
    kif_move_line(out, n + 1, e.kif_word, 0, (total[p.side] + 500) / 1000);
    if (rec->reason && *rec->reason) {
        fputc('*', out);
        shogi_rec_put_line(out, rec->reason);
        fputc('\n', out);
    }
    if (e.winner < 0)
        fprintf(out, "まで%d手で%s\n", n, e.kif_end);
    else
        fprintf(out, "まで%d手で%sの勝ち\n", n,
                handicap ? (e.winner ? "上手" : "下手") : (e.winner ? "後手" : "先手"));
    return ferror(out) ? -1 : 0;
}

/* UTF-8, or Shift_JIS in a .kif file: what that name means to Kifu for
 * Windows, cshogi and python-shogi (.kifu is the UTF-8 name). */
int shogi_kif_write_record(const struct gt_record *rec, FILE *out)
{
    if (!rec || !out) return -1;
    if (!shogi_kif_sjis_ext(rec->file_ext)) return kif_write_utf8(rec, out, "UTF-8");
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) return -1;
    int rc = kif_write_utf8(rec, mem, "Shift_JIS");
    if (fclose(mem) != 0) rc = -1;
    if (rc == 0) rc = shogi_kif_put_sjis(text, len, out);
    free(text);
    return rc;
}

/* ---- reading ------------------------------------------------------------- */

static const char *header_value(const char *s);

static const char *const kif_terminals[] = {
    "投了", "中断", "千日手", "詰み", "持将棋", "切れ負け", "反則勝ち",
    "反則負け",
    "入玉勝ち", "不戦勝", "不戦敗", "宣言勝ち", "不詰", "詰", NULL
};

/* One BOD piece at *s: "・" (0), a kanji, or 成 + 香/桂/銀; -1 if none. */
static int bod_type(const char **s)
{
    static const struct { const char *name; int type; } names[] = {
        { "成香", SH_PLANCE }, { "成桂", SH_PKNIGHT }, { "成銀", SH_PSILVER },
        { "・", 0 }, { "歩", SH_PAWN }, { "香", SH_LANCE }, { "桂", SH_KNIGHT },
        { "銀", SH_SILVER }, { "角", SH_BISHOP }, { "飛", SH_ROOK }, { "金", SH_GOLD },
        { "玉", SH_KING }, { "王", SH_KING }, { "と", SH_PPAWN }, { "杏", SH_PLANCE },
        { "圭", SH_PKNIGHT }, { "全", SH_PSILVER }, { "馬", SH_HORSE }, { "龍", SH_DRAGON },
        { "竜", SH_DRAGON },
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (shogi_rec_starts(*s, names[i].name)) {
            *s += strlen(names[i].name);
            return names[i].type;
        }
    return -1;
}

static int bod_row(struct shogi_rec_reader *r, struct shogi_rec_setup *su, int rank, const char *s)
{
    s++;  /* '|' */
    for (int f = 9; f >= 1; f--) {
        int color = 0;
        if (*s == 'v' || *s == 'V') { color = 1; s++; }
        else if (*s == ' ' || *s == '^') s++;
        int t = bod_type(&s);
        if (t < 0) return shogi_rec_fail(r, "bad board row: file %d", f);
        if (t) su->board[f][rank] = (uint8_t)SH_PIECE(color, t);
    }
    if (*s != '|') return shogi_rec_fail(r, "bad board row: no '|' after file 1");
    return 0;
}

/* A kanji number 1..18 at *s (none: 1). */
static int kanji_count(const char **s)
{
    int n = 0;
    if (shogi_rec_starts(*s, "十")) { n = 10; *s += strlen("十"); }
    for (int d = 9; d >= 1; d--)
        if (shogi_rec_starts(*s, kanji_num[d])) {
            *s += strlen(kanji_num[d]);
            return n + d;
        }
    return n ? n : 1;
}

static int bod_hand(struct shogi_rec_reader *r, struct shogi_rec_setup *su, int c, const char *s)
{
    s = header_value(s);
    if (!s) return shogi_rec_fail(r, "a hand without '：'");
    char buf[512];
    snprintf(buf, sizeof buf, "%s", s);
    const char *q = shogi_rec_trim(buf);
    if (!*q || shogi_rec_starts(q, "なし")) return 0;
    if (shogi_rec_starts(q, "残りの駒全部") || shogi_rec_starts(q, "残り全部")) {
        su->all_to = c;  /* a tsume problem's defender */
        return 0;
    }
    while (*q) {
        if (*q == ' ' || *q == '\t') { q++; continue; }
        if (shogi_rec_starts(q, "　")) { q += 3; continue; }
        const char *before = q;
        int t = bod_type(&q);
        if (t < SH_PAWN || t > SH_GOLD) {
            char bad[16];
            snprintf(bad, sizeof bad, "%.6s", before);
            return shogi_rec_fail(r, "bad piece in hand '%s'", bad);
        }
        su->hand[c][t] += kanji_count(&q);
        if (su->hand[c][t] > shogi_rec_type_total[t])
            return shogi_rec_fail(r, "too many %s in hand", bod_piece[t]);
    }
    return 0;
}

/* The move text of a KIF move line: after the number, up to a blank (but
 * 同's own blank) or a '(' that opens the time; a trailing '+' (a
 * variation mark) dropped. */
static const char *const side_marks[] = { "▲", "△", "☗", "☖", "▽", NULL };

static bool kif_move_token(const char *s, char *out, size_t len)
{
    while (*s == ' ' || *s == '\t') s++;
    if (!isdigit((unsigned char)*s)) return false;
    while (isdigit((unsigned char)*s)) s++;
    while (*s == ' ' || *s == '\t' || shogi_rec_starts(s, "　"))
        s += *s == ' ' || *s == '\t' ? 1 : 3;
    size_t o = 0;
    for (int i = 0; side_marks[i]; i++)
        if (shogi_rec_starts(s, side_marks[i]) && strlen(side_marks[i]) < len) {
            o = strlen(side_marks[i]);
            memcpy(out, s, o);
            s += o;
            break;
        }
    bool same = shogi_rec_starts(s, "同");
    size_t same_end = o + strlen("同");
    while (*s && o + 1 < len) {
        if (*s == ' ' || *s == '\t' || shogi_rec_starts(s, "　")) {
            if (!same || o != same_end) break;
            s += *s == ' ' || *s == '\t' ? 1 : 3;
            continue;
        }
        if (*s == '(' && !(isdigit((unsigned char)s[1]) && isdigit((unsigned char)s[2]) &&
                           s[3] == ')'))
            break;
        out[o++] = *s++;
    }
    out[o] = 0;
    if (o > 0 && out[o - 1] == '+') out[--o] = 0;
    return o > 0;
}

/* The value of a "key：value" line (full-width or ASCII colon), or NULL. */
static const char *header_value(const char *s)
{
    const char *fw = strstr(s, "："), *ascii = strchr(s, ':');
    if (fw && (!ascii || fw < ascii)) return fw + strlen("：");
    return ascii ? ascii + 1 : NULL;
}

static bool kif_header_key(const char *s, const char *key)
{
    size_t n = strlen(key);
    return !strncmp(s, key, n) && (shogi_rec_starts(s + n, "：") || s[n] == ':');
}

/* Does a line belong to a game's opening block (so that, after the moves,
 * it begins the next game)? */
static bool kif_opening_line(const char *s)
{
    if (shogi_rec_starts(s, "変化") || shogi_rec_starts(s, "まで") ||
        isdigit((unsigned char)*s))
        return false;
    return header_value(s) != NULL || s[0] == '|' || shogi_rec_starts(s, "手数----");
}

/* The start of a KIF game: a board if there was one, else the handicap. */
static int kif_start(struct shogi_rec_reader *r, const struct shogi_rec_setup *su, bool bod,
                     int bod_rows, const char *handicap, int handicap_line, char *start,
                     size_t start_len)
{
    char sfen[256];
    if (bod) {
        if (bod_rows != 9) return shogi_rec_fail(r, "the board has %d rows, not 9", bod_rows);
        struct shogi_rec_setup full = *su;
        shogi_rec_setup_rest(&full);
        shogi_rec_setup_sfen(&full, sfen, sizeof sfen);
    } else if (!handicap) {
        r->line = handicap_line;
        return shogi_rec_fail(r, "unknown handicap (手合割) and no board");
    } else {
        snprintf(sfen, sizeof sfen, "%s", handicap);
    }
    return shogi_rec_set_start(r, sfen, start, start_len);
}

int shogi_kif_read_record(const char *text, char *start, size_t start_len, char *moves,
                          size_t moves_len, char *err, size_t err_len)
{
    struct shogi_rec_reader r;
    struct shogi_rec_setup su;
    int ready = shogi_rec_open(&r, &su, text, start, start_len, moves, moves_len, err, err_len);
    if (ready <= 0)
        return ready;
    const char *handicap = SHOGI_REC_STARTPOS;  /* NULL: a name the table lacks */
    int handicap_line = 0, bod_rows = 0;
    bool seen = false, bod = false, playing = false, ended = false;
    size_t used = 0, line_at;
    int enc = SHOGI_KIF_UNKNOWN;
    char raw[1024], utf8[1536];
    while (shogi_rec_next_line(&r, raw, sizeof raw, &line_at)) {
        char *s = shogi_rec_trim((char *)shogi_kif_decode_line(&enc, raw, utf8, sizeof utf8));
        /* "#KIF version=..." after the moves: the next game's first line,
         * as our files write it */
        if ((playing || ended) && shogi_rec_starts(s, "#KIF")) {
            r.at = line_at;
            break;
        }
        if (!*s || *s == '#' || *s == '*' || *s == '&') {
            if (seen) used = r.at;
            continue;
        }
        /* After the moves (or their end), up to the next game's opening:
         * the end line, variations and comments are this game's. */
        if ((playing || ended) && kif_opening_line(s)) {
            r.at = line_at;
            break;
        }
        seen = true;
        used = r.at;
        if (ended) continue;
        if (shogi_rec_starts(s, "変化") || shogi_rec_starts(s, "まで")) {
            ended = true;
            continue;
        }
        if (isdigit((unsigned char)*s)) {
            char tok[256];
            if (!kif_move_token(s, tok, sizeof tok)) return shogi_rec_fail(&r, "bad move line");
            if (!playing && kif_start(&r, &su, bod, bod_rows, handicap, handicap_line,
                                      start, start_len))
                return -1;
            playing = true;
            for (int i = 0; kif_terminals[i]; i++)
                if (shogi_rec_starts(tok, kif_terminals[i])) ended = true;
            if (ended) continue;
            char move[300], why[160];
            const char *body = tok;
            size_t mark = 0;
            for (int i = 0; side_marks[i]; i++)
                if (shogi_rec_starts(tok, side_marks[i])) mark = strlen(side_marks[i]);
            body += mark;
            if (shogi_rec_starts(body, "同")) {
                if (!r.nmoves) return shogi_rec_fail(&r, "'同' on the first move");
                int to = r.last_to;
                snprintf(move, sizeof move, "%.*s%s%s%s", (int)mark, tok,
                         fw_digit[SH_FILE(to)], kanji_num[SH_RANK(to)],
                         body + strlen("同"));
            } else {
                snprintf(move, sizeof move, "%s", tok);
            }
            gt_move m = kif->move_from_text(&r.pos, move, why, sizeof why);
            if (m == GT_MOVE_NONE) return shogi_rec_fail(&r, "%s", why);
            if (shogi_rec_add_move(&r, m)) return -1;
            continue;
        }
        if (playing) continue;  /* lines among the moves we do not know */
        if (kif_header_key(s, "手合割")) {
            char name[128];
            snprintf(name, sizeof name, "%s", header_value(s));
            char *n = shogi_rec_trim(name);
            handicap_line = r.line;
            handicap = NULL;
            if (!strcmp(n, "平手") || !*n) handicap = SHOGI_REC_STARTPOS;
            for (int i = 0; i < SHOGI_REC_NHANDICAPS; i++)
                if (!strcmp(n, shogi_rec_handicaps[i].name)) handicap = shogi_rec_handicaps[i].sfen;
        } else if (shogi_rec_starts(s, "後手の持駒") ||
                   shogi_rec_starts(s, "上手の持駒")) {
            bod = true;
            if (bod_hand(&r, &su, 1, s)) return -1;
        } else if (shogi_rec_starts(s, "先手の持駒") ||
                   shogi_rec_starts(s, "下手の持駒")) {
            bod = true;
            if (bod_hand(&r, &su, 0, s)) return -1;
        } else if (s[0] == '|') {
            bod = true;
            if (bod_rows >= 9) return shogi_rec_fail(&r, "more than 9 board rows");
            if (bod_row(&r, &su, ++bod_rows, s)) return -1;
        } else if (shogi_rec_starts(s, "後手番") || shogi_rec_starts(s, "上手番")) {
            su.side = 1;
        } else if (shogi_rec_starts(s, "先手番") || shogi_rec_starts(s, "下手番")) {
            su.side = 0;
        }
        /* anything else: other headers, the board's frame, 手数 lines */
    }
    if (!seen) return 0;
    if (!playing && kif_start(&r, &su, bod, bod_rows, handicap, handicap_line, start,
                              start_len))
        return -1;
    return used > 0x7FFFFFFF ? 0x7FFFFFFF : (int)used;
}
