/* records.c -- KIF and CSA record files: write_record and read_record of
 * the "kif" and "csa" notations.
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
 *                                           of the table below by its name;
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
 * total to the nearest second (move_seconds()), zero when rec->move_ms is
 * NULL.  After the moves come the terminal word, the reason as a comment
 * and how it ended; the words from rec->result and rec->reason (see
 * ending()), with CSA's:
 *     unfinished (2)                 中断     まで40手で中断      %CHUDAN
 *     draw: "sennichite"/"repetition" 千日手   まで40手で千日手    %SENNICHITE
 *     draw: "impasse"/"jishogi"      持将棋   まで40手で持将棋    %JISHOGI
 *     any other draw (adjudicated)   中断     まで40手で中断      %CHUDAN
 *     the side to move lost:
 *       "checkmate"/"no legal move"  詰み     まで40手で後手の勝ち %TORYO
 *       "time"                       切れ負け                     %TIME_UP
 *       "illegal"/"false win"        反則負け                     %ILLEGAL_MOVE
 *       anything else (resigns ...)  投了                         %TORYO
 *     the side to move won:
 *       "declar"                     入玉勝ち                     %KACHI
 *       anything else (perpetual)    反則勝ち  %+ILLEGAL_ACTION or
 *                                              %-ILLEGAL_ACTION, the loser
 * A mate is the loser's %TORYO in CSA, as cshogi's own runner writes it:
 * cshogi and python-shogi read %TSUMI as a draw.  KIF and CSA V2.2 have no
 * word for an adjudicated draw (持将棋 would say an impasse): 中断 and
 * %CHUDAN, with the reason beside.
 *
 * CSA (standard file format V2.2).  Written, after a "/" line (V2.2's
 * separator of games) when rec->index > 0:
 *     V2.2
 *     N+NAME  N-NAME  $EVENT:  $SITE:  $START_TIME:2026/11/23 (when given)
 *     PI for the start position, else P1..P9, P+ / P- hand lines (00KI...)
 *     + or -                      the side to move
 *     +7776FU                     each move, then T<seconds> (rounded as
 *     T1                          for KIF) when rec->move_ms is given,
 *     'comment                    then its comment
 *     %TORYO                      the end (the table above)
 *     'sente resigns              rec->reason
 *
 * read_record reads the first game of a text into its start position
 * (SFEN, "" for the standard start) and its moves (USI, blank-separated),
 * and returns the bytes it used (0: no game in the text).
 *  KIF: UTF-8 or Shift_JIS (a "#KIF ... encoding=" line says which, else
 *  the first line beyond ASCII); lines with '#', '*' or '&' first are
 *  comments; "key：value" headers other than 手合割 and the hands are
 *  skipped; 手合割 knows the handicaps below; a BOD diagram (後手の持駒 /
 *  上手の持駒, the '|' rows, 先手の持駒 / 下手の持駒, 後手番 / 上手番) gives
 *  the position instead (a hand of 残りの駒全部, as tsume files write the
 *  defender's, holds every piece not on the board or in the other hand);
 *  move lines are "<number> <move> [(time)] [+]" with the kif notation's
 *  move text, 同 standing for the previous move's square.  The moves end
 *  at a terminal word (投了, 中断, 詰み, ...), "まで...", or "変化："
 *  (variations are not read); what follows up to the next game's headers
 *  or "#KIF" line belongs to this game.
 *  CSA: "'" lines are comments, a line may hold several statements
 *  separated by ',', the version, N+, N- and $ lines are skipped, PI (with
 *  removed pieces), P1..P9, P+ / P- (with 00AL) set the position, then +
 *  or -; moves with or without T lines; a '%' statement ends the moves and
 *  a "/" line ends the game.
 * Errors name the line: "line 12: no legal move matches '７七歩(76)'". */
#define _POSIX_C_SOURCE 200809L  /* open_memstream, for Shift_JIS */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shogi.h"

#define STARTPOS "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

/* The handicaps KIF names (手合割), gote (上手) moving first. */
static const struct { const char *name, *sfen; } handicaps[] = {
    { "香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1" },
    { "右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1" },
    { "角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1" },
    { "飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1" },
    { "飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1" },
    { "二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1" },
    { "四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1" },
    { "六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1" },
    { "八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1" },
    { "十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1" },
};
#define NHANDICAPS (int)(sizeof handicaps / sizeof handicaps[0])

static const struct gt_notation *const kif = &shogi_notations[0];
static const struct gt_notation *const csa = &shogi_notations[1];

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
static const char *const csa_code[15] = {
    "", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU",
    "TO", "NY", "NK", "NG", "UM", "RY"
};
static const int hand_order[7] = { SH_ROOK, SH_BISHOP, SH_GOLD, SH_SILVER,
                                   SH_KNIGHT, SH_LANCE, SH_PAWN };
static const int type_total[8] = { 0, 18, 4, 4, 4, 2, 2, 4 };

/* ---- shared ------------------------------------------------------------ */

/* Two position texts alike but for their move numbers. */
static bool same_board(const char *a, const char *b)
{
    const char *sa = strrchr(a, ' '), *sb = strrchr(b, ' ');
    size_t na = sa ? (size_t)(sa - a) : strlen(a), nb = sb ? (size_t)(sb - b) : strlen(b);
    return na == nb && !memcmp(a, b, na);
}

/* -1: the standard start, 0..NHANDICAPS-1: a handicap, NHANDICAPS: other. */
static int start_kind(const struct shogi_pos *p)
{
    char text[256];
    shogi_to_sfen(p, text, sizeof text);
    if (same_board(text, STARTPOS)) return -1;
    for (int i = 0; i < NHANDICAPS; i++)
        if (same_board(text, handicaps[i].sfen)) return i;
    return NHANDICAPS;
}

/* The words of rec->reason, case-blind. */
static bool says(const struct gt_record *rec, const char *word)
{
    char low[256];
    size_t i = 0;
    if (!rec->reason) return false;
    for (; rec->reason[i] && i + 1 < sizeof low; i++)
        low[i] = (char)tolower((unsigned char)rec->reason[i]);
    low[i] = 0;
    return strstr(low, word) != NULL;
}

struct ending {
    const char *kif_word;  /* terminal move word */
    const char *kif_end;   /* after "まで%d手で" ("の勝ち" added when won) */
    int winner;            /* -1: none */
    const char *csa;       /* end statement */
};

static struct ending ending(const struct gt_record *rec, int stm)
{
    struct ending e = { "中断", "中断", -1, "%CHUDAN" };
    if (rec->result == 0) {
        if (says(rec, "sennichite") || says(rec, "repetition"))
            return (struct ending){ "千日手", "千日手", -1, "%SENNICHITE" };
        if (says(rec, "impasse") || says(rec, "jishogi"))
            return (struct ending){ "持将棋", "持将棋", -1, "%JISHOGI" };
        /* An adjudicated draw (a move limit, an engine's claim): neither
         * KIF nor CSA V2.2 has a word for it, and 持将棋 would say an
         * impasse; the reason follows as a comment. */
        return e;
    }
    if (rec->result != 1 && rec->result != -1) return e;
    int winner = rec->result == 1 ? 0 : 1;
    e.winner = winner;
    if (winner != stm) {
        if (says(rec, "checkmate") || says(rec, "no legal move")) {
            /* %TORYO, the mated side resigning, as cshogi's runner
             * writes: cshogi and python-shogi read %TSUMI as a draw */
            e.kif_word = "詰み";
            e.csa = "%TORYO";
        } else if (says(rec, "time")) {
            e.kif_word = "切れ負け";
            e.csa = "%TIME_UP";
        } else if (says(rec, "illegal") || says(rec, "false win")) {
            e.kif_word = "反則負け";
            e.csa = "%ILLEGAL_MOVE";
        } else {
            e.kif_word = "投了";
            e.csa = "%TORYO";
        }
    } else if (says(rec, "declar")) {
        e.kif_word = "入玉勝ち";
        e.csa = "%KACHI";
    } else {
        e.kif_word = "反則勝ち";
        e.csa = winner == 0 ? "%-ILLEGAL_ACTION" : "%+ILLEGAL_ACTION";
    }
    return e;
}

/* Whole seconds for a move's think time (ms), rounded so that the
 * mover's running total (*total_ms, which gets ms) stays the real total
 * to the nearest second: sub-second moves do not all write 0. */
static int64_t move_seconds(int64_t *total_ms, int64_t ms)
{
    int64_t before = (*total_ms + 500) / 1000;
    *total_ms += ms > 0 ? ms : 0;
    return (*total_ms + 500) / 1000 - before;
}

/* Set up the record's start position; false if it is not one. */
static bool record_start(const struct gt_record *rec, struct shogi_pos *p)
{
    char err[128];
    if (rec->nmoves > 0 && !rec->moves) return false;
    return shogi_from_sfen(p, rec->start && *rec->start ? rec->start : STARTPOS, err,
                           sizeof err) == 0;
}

/* rec->date "YYYY.MM.DD" as "YYYY/MM/DD"; false when absent or partial. */
static bool record_date(const struct gt_record *rec, char out[16])
{
    const char *d = rec->date;
    if (!d || strlen(d) != 10 || d[4] != '.' || d[7] != '.') return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && !isdigit((unsigned char)d[i])) return false;
    snprintf(out, 16, "%.4s/%.2s/%.2s", d, d + 5, d + 8);
    return true;
}

/* A text on one line: line breaks become blanks. */
static void put_line_text(FILE *out, const char *s)
{
    for (; *s; s++) fputc(*s == '\n' || *s == '\r' ? ' ' : *s, out);
}

/* ---- KIF writing --------------------------------------------------------- */

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
        int t = hand_order[i], n = p->hand[c][t];
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
    if (!record_start(rec, &p)) return -1;
    int kind = start_kind(&p);
    bool handicap = kind >= 0 && kind < NHANDICAPS;
    char date[16];
    if (rec->index > 0) fputc('\n', out);
    fprintf(out, "#KIF version=2.0 encoding=%s\n", encoding);
    if (record_date(rec, date)) fprintf(out, "開始日時：%s\n", date);
    if (rec->event) { fprintf(out, "棋戦："); put_line_text(out, rec->event); fputc('\n', out); }
    if (rec->site) { fprintf(out, "場所："); put_line_text(out, rec->site); fputc('\n', out); }
    if (rec->time_control) {
        fprintf(out, "持ち時間：");
        put_line_text(out, rec->time_control);
        fputc('\n', out);
    }
    if (kind < 0) fprintf(out, "手合割：平手\n");
    else if (handicap) fprintf(out, "手合割：%s\n", handicaps[kind].name);
    else kif_bod(out, &p);
    for (int c = 0; c < 2; c++) {
        fprintf(out, "%s：", handicap ? (c ? "上手" : "下手") : (c ? "後手" : "先手"));
        if (rec->players[c]) put_line_text(out, rec->players[c]);
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
        int64_t secs = move_seconds(&total[side], rec->move_ms ? rec->move_ms[i] : 0);
        kif_move_line(out, i + 1, text, secs, (total[side] + 500) / 1000);
        if (rec->comments && rec->comments[i]) {
            fputc('*', out);
            put_line_text(out, rec->comments[i]);
            fputc('\n', out);
        }
        struct shogi_undo u;
        shogi_make(&p, m, &u);
    }
    struct ending e = ending(rec, p.side);
    kif_move_line(out, n + 1, e.kif_word, 0, (total[p.side] + 500) / 1000);
    if (rec->reason && *rec->reason) {
        fputc('*', out);
        put_line_text(out, rec->reason);
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
static int kif_write_record(const struct gt_record *rec, FILE *out)
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

/* ---- CSA writing --------------------------------------------------------- */

static int csa_write_record(const struct gt_record *rec, FILE *out)
{
    struct shogi_pos p;
    if (!rec || !out || !record_start(rec, &p)) return -1;
    char date[16];
    if (rec->index > 0) fprintf(out, "/\n");  /* V2.2's separator of games */
    fprintf(out, "V2.2\n");
    for (int c = 0; c < 2; c++)
        if (rec->players[c]) {
            fprintf(out, "N%c", c ? '-' : '+');
            put_line_text(out, rec->players[c]);
            fputc('\n', out);
        }
    if (rec->event) { fprintf(out, "$EVENT:"); put_line_text(out, rec->event); fputc('\n', out); }
    if (rec->site) { fprintf(out, "$SITE:"); put_line_text(out, rec->site); fputc('\n', out); }
    if (record_date(rec, date)) fprintf(out, "$START_TIME:%s\n", date);
    if (start_kind(&p) < 0) {
        fprintf(out, "PI\n");
    } else {
        for (int r = 1; r <= 9; r++) {
            fprintf(out, "P%d", r);
            for (int f = 9; f >= 1; f--) {
                int pc = p.board[SH_SQ(f, r)];
                if (!pc) fprintf(out, " * ");
                else fprintf(out, "%c%s", SH_COLOR(pc) ? '-' : '+', csa_code[SH_TYPE(pc)]);
            }
            fputc('\n', out);
        }
        for (int c = 0; c < 2; c++) {
            bool any = false;
            for (int i = 0; i < 7; i++)
                for (int k = 0; k < p.hand[c][hand_order[i]]; k++) {
                    if (!any) fprintf(out, "P%c", c ? '-' : '+');
                    fprintf(out, "00%s", csa_code[hand_order[i]]);
                    any = true;
                }
            if (any) fputc('\n', out);
        }
    }
    fprintf(out, "%c\n", p.side ? '-' : '+');
    int n = rec->nmoves > 0 ? rec->nmoves : 0;
    int64_t total[2] = { 0, 0 };
    for (int i = 0; i < n; i++) {
        gt_move m = rec->moves[i];
        if (!shogi_is_legal(&p, m)) return -1;
        char text[32];
        csa->move_to_text(&p, m, text, sizeof text);
        fprintf(out, "%s\n", text);
        if (rec->move_ms)
            fprintf(out, "T%lld\n", (long long)move_seconds(&total[p.side], rec->move_ms[i]));
        if (rec->comments && rec->comments[i]) {
            fputc('\'', out);
            put_line_text(out, rec->comments[i]);
            fputc('\n', out);
        }
        struct shogi_undo u;
        shogi_make(&p, m, &u);
    }
    fprintf(out, "%s\n", ending(rec, p.side).csa);
    if (rec->reason && *rec->reason) {
        fputc('\'', out);
        put_line_text(out, rec->reason);
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

/* ---- reading: shared ------------------------------------------------------ */

struct reader {
    const char *text;        /* the whole input */
    size_t at;               /* start of the next line */
    int line;                /* number of the line last taken */
    char *err;
    size_t err_len;
    struct shogi_pos pos;    /* the game so far */
    char *moves;
    size_t moves_len, moves_used;
    int nmoves;
    int last_to;             /* destination of the last move (同) */
};

static int rfail(struct reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int rfail(struct reader *r, const char *fmt, ...)
{
    if (r->err && r->err_len) {
        char msg[200];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        snprintf(r->err, r->err_len, "line %d: %s", r->line, msg);
    }
    return -1;
}

/* The next line (without its line break) in buf, cut to len - 1 bytes;
 * false at the end.  *start is where the line began. */
static bool next_line(struct reader *r, char *buf, size_t len, size_t *start)
{
    const char *t = r->text;
    if (!t[r->at]) return false;
    *start = r->at;
    size_t n = strcspn(t + r->at, "\n");
    size_t keep = n;
    if (keep > 0 && t[r->at + keep - 1] == '\r') keep--;
    if (keep >= len) keep = len - 1;
    memcpy(buf, t + r->at, keep);
    buf[keep] = 0;
    r->at += n + (t[r->at + n] == '\n');
    r->line++;
    return true;
}

static bool starts(const char *s, const char *w)
{
    return !strncmp(s, w, strlen(w));
}

/* Blanks (ASCII and U+3000) off both ends, in place. */
static char *trim(char *s)
{
    for (;;) {
        if (*s == ' ' || *s == '\t') s++;
        else if (starts(s, "　")) s += 3;
        else break;
    }
    size_t n = strlen(s);
    for (;;) {
        if (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
        else if (n >= 3 && !memcmp(s + n - 3, "　", 3)) n -= 3;
        else break;
    }
    s[n] = 0;
    return s;
}

static int add_move(struct reader *r, gt_move m)
{
    char usi[8];
    shogi_move_to_usi(m, usi, sizeof usi);
    size_t n = strlen(usi) + (r->moves_used ? 1 : 0);
    if (r->moves_used + n >= r->moves_len)
        return rfail(r, "the moves do not fit in %zu bytes", r->moves_len);
    snprintf(r->moves + r->moves_used, r->moves_len - r->moves_used, "%s%s",
             r->moves_used ? " " : "", usi);
    r->moves_used += n;
    r->last_to = SH_MOVE_TO(m);
    struct shogi_undo u;
    shogi_make(&r->pos, m, &u);
    r->nmoves++;
    return 0;
}

/* The position is set: write the start text. */
static int set_start(struct reader *r, const char *sfen, char *start, size_t start_len)
{
    char err[128];
    if (shogi_from_sfen(&r->pos, sfen, err, sizeof err))
        return rfail(r, "bad position: %s", err);
    char text[256];
    shogi_to_sfen(&r->pos, text, sizeof text);
    const char *out = same_board(text, STARTPOS) ? "" : text;
    if (strlen(out) >= start_len)
        return rfail(r, "the position does not fit in %zu bytes", start_len);
    snprintf(start, start_len, "%s", out);
    return 0;
}

/* A position being built: pieces by square (0: none), hands. */
struct setup {
    uint8_t board[10][10];   /* [file][rank], piece codes as in shogi.h */
    int hand[2][8];
    int side;
    int all_to;              /* CSA 00AL: the side that gets the rest, or -1 */
};

static void setup_sfen(const struct setup *s, char *out, size_t len)
{
    static const char letters[] = " PLNSBRGK";
    size_t o = 0;
    for (int r = 1; r <= 9; r++) {
        int empty = 0;
        for (int f = 9; f >= 1; f--) {
            int pc = s->board[f][r];
            if (!pc) { empty++; continue; }
            if (empty) o += (size_t)snprintf(out + o, len - o, "%d", empty);
            empty = 0;
            int t = SH_TYPE(pc);
            char c = letters[t > SH_KING ? t - SH_PROMOTE : t];
            o += (size_t)snprintf(out + o, len - o, "%s%c", t > SH_KING ? "+" : "",
                                  SH_COLOR(pc) ? (char)(c + 32) : c);
        }
        if (empty) o += (size_t)snprintf(out + o, len - o, "%d", empty);
        if (r < 9) o += (size_t)snprintf(out + o, len - o, "/");
    }
    o += (size_t)snprintf(out + o, len - o, " %c ", s->side ? 'w' : 'b');
    size_t hand_at = o;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 7; i++) {
            int t = hand_order[i], n = s->hand[c][t];
            if (n <= 0) continue;
            char l = c ? (char)(letters[t] + 32) : letters[t];
            if (n > 1) o += (size_t)snprintf(out + o, len - o, "%d%c", n, l);
            else o += (size_t)snprintf(out + o, len - o, "%c", l);
        }
    if (o == hand_at) o += (size_t)snprintf(out + o, len - o, "-");
    snprintf(out + o, len - o, " 1");
}

/* CSA 00AL, KIF 残りの駒全部: every piece on neither the board nor a hand
 * goes to su->all_to. */
static void setup_rest(struct setup *su)
{
    if (su->all_to < 0) return;
    int used[8] = { 0 };
    for (int f = 1; f <= 9; f++)
        for (int rk = 1; rk <= 9; rk++) {
            int t = SH_TYPE(su->board[f][rk]);
            if (t && t != SH_KING) used[t > SH_KING ? t - SH_PROMOTE : t]++;
        }
    for (int t = SH_PAWN; t <= SH_GOLD; t++) {
        int left = type_total[t] - used[t] - su->hand[0][t] - su->hand[1][t];
        if (left > 0) su->hand[su->all_to][t] += left;
    }
}

/* ---- reading KIF ------------------------------------------------------------ */

static const char *header_value(const char *s);

static const char *const kif_terminals[] = {
    "投了", "中断", "千日手", "詰み", "持将棋", "切れ負け", "反則勝ち", "反則負け",
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
        if (starts(*s, names[i].name)) {
            *s += strlen(names[i].name);
            return names[i].type;
        }
    return -1;
}

static int bod_row(struct reader *r, struct setup *su, int rank, const char *s)
{
    s++;  /* '|' */
    for (int f = 9; f >= 1; f--) {
        int color = 0;
        if (*s == 'v' || *s == 'V') { color = 1; s++; }
        else if (*s == ' ' || *s == '^') s++;
        int t = bod_type(&s);
        if (t < 0) return rfail(r, "bad board row: file %d", f);
        if (t) su->board[f][rank] = (uint8_t)SH_PIECE(color, t);
    }
    if (*s != '|') return rfail(r, "bad board row: no '|' after file 1");
    return 0;
}

/* A kanji number 1..18 at *s (none: 1). */
static int kanji_count(const char **s)
{
    int n = 0;
    if (starts(*s, "十")) { n = 10; *s += strlen("十"); }
    for (int d = 9; d >= 1; d--)
        if (starts(*s, kanji_num[d])) {
            *s += strlen(kanji_num[d]);
            return n + d;
        }
    return n ? n : 1;
}

static int bod_hand(struct reader *r, struct setup *su, int c, const char *s)
{
    s = header_value(s);
    if (!s) return rfail(r, "a hand without '：'");
    char buf[512];
    snprintf(buf, sizeof buf, "%s", s);
    const char *q = trim(buf);
    if (!*q || starts(q, "なし")) return 0;
    if (starts(q, "残りの駒全部") || starts(q, "残り全部")) {
        su->all_to = c;  /* a tsume problem's defender */
        return 0;
    }
    while (*q) {
        if (*q == ' ' || *q == '\t') { q++; continue; }
        if (starts(q, "　")) { q += 3; continue; }
        const char *before = q;
        int t = bod_type(&q);
        if (t < SH_PAWN || t > SH_GOLD) {
            char bad[16];
            snprintf(bad, sizeof bad, "%.6s", before);
            return rfail(r, "bad piece in hand '%s'", bad);
        }
        su->hand[c][t] += kanji_count(&q);
        if (su->hand[c][t] > type_total[t])
            return rfail(r, "too many %s in hand", bod_piece[t]);
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
    while (*s == ' ' || *s == '\t' || starts(s, "　")) s += *s == ' ' || *s == '\t' ? 1 : 3;
    size_t o = 0;
    for (int i = 0; side_marks[i]; i++)
        if (starts(s, side_marks[i]) && strlen(side_marks[i]) < len) {
            o = strlen(side_marks[i]);
            memcpy(out, s, o);
            s += o;
            break;
        }
    bool same = starts(s, "同");
    size_t same_end = o + strlen("同");
    while (*s && o + 1 < len) {
        if (*s == ' ' || *s == '\t' || starts(s, "　")) {
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
    return !strncmp(s, key, n) && (starts(s + n, "：") || s[n] == ':');
}

/* Does a line belong to a game's opening block (so that, after the moves,
 * it begins the next game)? */
static bool kif_opening_line(const char *s)
{
    if (starts(s, "変化") || starts(s, "まで") || isdigit((unsigned char)*s)) return false;
    return header_value(s) != NULL || s[0] == '|' || starts(s, "手数----");
}

/* The start of a KIF game: a board if there was one, else the handicap. */
static int kif_start(struct reader *r, const struct setup *su, bool bod, int bod_rows,
                     const char *handicap, int handicap_line, char *start, size_t start_len)
{
    char sfen[256];
    if (bod) {
        if (bod_rows != 9) return rfail(r, "the board has %d rows, not 9", bod_rows);
        struct setup full = *su;
        setup_rest(&full);
        setup_sfen(&full, sfen, sizeof sfen);
    } else if (!handicap) {
        r->line = handicap_line;
        return rfail(r, "unknown handicap (手合割) and no board");
    } else {
        snprintf(sfen, sizeof sfen, "%s", handicap);
    }
    return set_start(r, sfen, start, start_len);
}

/* What both readers do first: empty outputs, a reader on `text` past a
 * UTF-8 byte order mark, an empty set-up.  1: go on; 0: no text; -1: no
 * room for the results (err says so). */
static int open_reader(struct reader *r, struct setup *su, const char *text, char *start,
                       size_t start_len, char *moves, size_t moves_len, char *err,
                       size_t err_len)
{
    if (err && err_len) err[0] = 0;
    if (start && start_len) start[0] = 0;
    if (moves && moves_len) moves[0] = 0;
    if (!text) return 0;
    if (!start || !start_len || !moves || !moves_len) {
        if (err && err_len) snprintf(err, err_len, "no room for the position or the moves");
        return -1;
    }
    *r = (struct reader){ .text = text, .err = err, .err_len = err_len, .moves = moves,
                          .moves_len = moves_len };
    if (starts(text, "\xEF\xBB\xBF")) r->at = 3;
    memset(su, 0, sizeof *su);
    su->all_to = -1;
    return 1;
}

static int kif_read_record(const char *text, char *start, size_t start_len, char *moves,
                           size_t moves_len, char *err, size_t err_len)
{
    struct reader r;
    struct setup su;
    int ready = open_reader(&r, &su, text, start, start_len, moves, moves_len, err, err_len);
    if (ready <= 0)
        return ready;
    const char *handicap = STARTPOS;  /* NULL: a name the table lacks */
    int handicap_line = 0, bod_rows = 0;
    bool seen = false, bod = false, playing = false, ended = false;
    size_t used = 0, line_at;
    int enc = SHOGI_KIF_UNKNOWN;
    char raw[1024], utf8[1536];
    while (next_line(&r, raw, sizeof raw, &line_at)) {
        char *s = trim((char *)shogi_kif_decode_line(&enc, raw, utf8, sizeof utf8));
        /* "#KIF version=..." after the moves: the next game's first line,
         * as our files write it */
        if ((playing || ended) && starts(s, "#KIF")) {
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
        if (starts(s, "変化") || starts(s, "まで")) {
            ended = true;
            continue;
        }
        if (isdigit((unsigned char)*s)) {
            char tok[256];
            if (!kif_move_token(s, tok, sizeof tok)) return rfail(&r, "bad move line");
            if (!playing && kif_start(&r, &su, bod, bod_rows, handicap, handicap_line,
                                      start, start_len))
                return -1;
            playing = true;
            for (int i = 0; kif_terminals[i]; i++)
                if (starts(tok, kif_terminals[i])) ended = true;
            if (ended) continue;
            char move[300], why[160];
            const char *body = tok;
            size_t mark = 0;
            for (int i = 0; side_marks[i]; i++)
                if (starts(tok, side_marks[i])) mark = strlen(side_marks[i]);
            body += mark;
            if (starts(body, "同")) {
                if (!r.nmoves) return rfail(&r, "'同' on the first move");
                int to = r.last_to;
                snprintf(move, sizeof move, "%.*s%s%s%s", (int)mark, tok,
                         fw_digit[SH_FILE(to)], kanji_num[SH_RANK(to)],
                         body + strlen("同"));
            } else {
                snprintf(move, sizeof move, "%s", tok);
            }
            gt_move m = kif->move_from_text(&r.pos, move, why, sizeof why);
            if (m == GT_MOVE_NONE) return rfail(&r, "%s", why);
            if (add_move(&r, m)) return -1;
            continue;
        }
        if (playing) continue;  /* lines among the moves we do not know */
        if (kif_header_key(s, "手合割")) {
            char name[128];
            snprintf(name, sizeof name, "%s", header_value(s));
            char *n = trim(name);
            handicap_line = r.line;
            handicap = NULL;
            if (!strcmp(n, "平手") || !*n) handicap = STARTPOS;
            for (int i = 0; i < NHANDICAPS; i++)
                if (!strcmp(n, handicaps[i].name)) handicap = handicaps[i].sfen;
        } else if (starts(s, "後手の持駒") || starts(s, "上手の持駒")) {
            bod = true;
            if (bod_hand(&r, &su, 1, s)) return -1;
        } else if (starts(s, "先手の持駒") || starts(s, "下手の持駒")) {
            bod = true;
            if (bod_hand(&r, &su, 0, s)) return -1;
        } else if (s[0] == '|') {
            bod = true;
            if (bod_rows >= 9) return rfail(&r, "more than 9 board rows");
            if (bod_row(&r, &su, ++bod_rows, s)) return -1;
        } else if (starts(s, "後手番") || starts(s, "上手番")) {
            su.side = 1;
        } else if (starts(s, "先手番") || starts(s, "下手番")) {
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

/* ---- reading CSA ------------------------------------------------------------- */

static int csa_type(const char *s)
{
    for (int t = 1; t <= 14; t++)
        if (s[0] == csa_code[t][0] && s[1] == csa_code[t][1]) return t;
    return 0;
}

static bool csa_square(const char *s, int *f, int *r)
{
    if (s[0] < '1' || s[0] > '9' || s[1] < '1' || s[1] > '9') return false;
    *f = s[0] - '0';
    *r = s[1] - '0';
    return true;
}

/* PI with removed pieces: 82HI22KA */
static int csa_pi(struct reader *r, struct setup *su, const char *s)
{
    static const char *const rows[10] = {
        "", "lnsgkgsnl", "1r5b1", "ppppppppp", "9", "9", "9", "PPPPPPPPP", "1B5R1", "LNSGKGSNL"
    };
    static const char letters[] = " PLNSBRGK";
    memset(su->board, 0, sizeof su->board);
    for (int rk = 1; rk <= 9; rk++) {
        int f = 9;
        for (const char *c = rows[rk]; *c; c++) {
            if (isdigit((unsigned char)*c)) { f -= *c - '0'; continue; }
            int t = (int)(strchr(letters, toupper((unsigned char)*c)) - letters);
            su->board[f--][rk] = (uint8_t)SH_PIECE(islower((unsigned char)*c) ? 1 : 0, t);
        }
    }
    for (s += 2; *s; s += 4) {
        int f, rk, t;
        if (strlen(s) < 4 || !csa_square(s, &f, &rk) || !(t = csa_type(s + 2)))
            return rfail(r, "bad PI item '%.4s'", s);
        if (SH_TYPE(su->board[f][rk]) != t)
            return rfail(r, "PI: no %s on %d%d", csa_code[t], f, rk);
        su->board[f][rk] = 0;
    }
    return 0;
}

static int csa_row(struct reader *r, struct setup *su, const char *s)
{
    int rk = s[1] - '0';
    s += 2;
    for (int f = 9; f >= 1; f--) {
        if (!*s) return rfail(r, "P%d: file %d missing", rk, f);
        if (*s == '+' || *s == '-') {
            int t = csa_type(s + 1);
            if (!t) return rfail(r, "P%d: bad piece '%.3s'", rk, s);
            su->board[f][rk] = (uint8_t)SH_PIECE(*s == '-', t);
            s += 3;
        } else if (s[0] == ' ' && s[1] == '*') {
            su->board[f][rk] = 0;
            s += s[2] ? 3 : 2;
        } else {
            return rfail(r, "P%d: bad square '%.3s'", rk, s);
        }
    }
    while (*s == ' ') s++;
    if (*s) return rfail(r, "P%d: text after file 1", rk);
    return 0;
}

static int csa_pieces(struct reader *r, struct setup *su, const char *s)
{
    int c = s[1] == '-';
    for (s += 2; *s; s += 4) {
        int f, rk, t;
        if (strlen(s) < 4) return rfail(r, "bad P%c item '%s'", c ? '-' : '+', s);
        if (s[0] == '0' && s[1] == '0') {
            if (s[2] == 'A' && s[3] == 'L') { su->all_to = c; continue; }
            t = csa_type(s + 2);
            if (t < SH_PAWN || t > SH_GOLD)
                return rfail(r, "bad piece in hand '%.4s'", s);
            if (++su->hand[c][t] > type_total[t])
                return rfail(r, "too many %s in hand", csa_code[t]);
        } else {
            if (!csa_square(s, &f, &rk) || !(t = csa_type(s + 2)))
                return rfail(r, "bad P%c item '%.4s'", c ? '-' : '+', s);
            su->board[f][rk] = (uint8_t)SH_PIECE(c, t);
        }
    }
    return 0;
}

static int csa_read_record(const char *text, char *start, size_t start_len, char *moves,
                           size_t moves_len, char *err, size_t err_len)
{
    struct reader r;
    struct setup su;
    int ready = open_reader(&r, &su, text, start, start_len, moves, moves_len, err, err_len);
    if (ready <= 0)
        return ready;
    bool seen = false, placed = false, playing = false, ended = false;
    size_t used = r.at, line_at;
    char raw[1024];
    while (next_line(&r, raw, sizeof raw, &line_at)) {
        char *s = raw;
        while (*s == ' ' || *s == '\t') s++;
        if (!*s || *s == '\'') {
            if (seen) used = r.at;
            continue;
        }
        if (!strcmp(trim(s), "/")) {
            if (seen) { used = r.at; break; }
            continue;
        }
        /* a new game's opening statements after this game's moves */
        if (placed && (playing || ended) &&
            (*s == 'V' || *s == 'N' || *s == '$' || *s == 'P')) {
            r.at = line_at;
            break;
        }
        seen = true;
        used = r.at;
        /* A line of moves, times and ends may hold several statements
         * separated by commas; a position or information line is one
         * (a name or an event may hold a comma). */
        bool whole = *s == 'P' || *s == 'N' || *s == '$' || *s == 'V';
        char *save = NULL;
        for (char *st = whole ? s : strtok_r(s, ",", &save); st;
             st = whole ? NULL : strtok_r(NULL, ",", &save)) {
            if (*s != 'P') st = trim(st);
            else {
                size_t n = strlen(st);
                while (n > 0 && (st[n - 1] == '\t' || st[n - 1] == '\r')) st[--n] = 0;
            }
            if (!*st) continue;
            if (*st == 'V' || *st == 'N' || *st == '$') {
                if (placed) return rfail(&r, "'%.20s' after the position", st);
                continue;
            }
            if (*st == 'T') continue;
            if (*st == '%') { ended = true; continue; }
            if (*st == 'P') {
                if (placed) return rfail(&r, "'%.20s' after the position", st);
                int rc;
                if (st[1] == 'I') rc = csa_pi(&r, &su, st);
                else if (st[1] >= '1' && st[1] <= '9') rc = csa_row(&r, &su, st);
                else if (st[1] == '+' || st[1] == '-') rc = csa_pieces(&r, &su, st);
                else rc = rfail(&r, "bad position statement '%.20s'", st);
                if (rc) return -1;
                continue;
            }
            if ((*st == '+' || *st == '-') && !st[1]) {
                if (placed) return rfail(&r, "a second side to move");
                su.side = *st == '-';
                setup_rest(&su);
                char sfen[256];
                setup_sfen(&su, sfen, sizeof sfen);
                if (set_start(&r, sfen, start, start_len)) return -1;
                placed = true;
                continue;
            }
            if (*st == '+' || *st == '-') {
                if (!placed) return rfail(&r, "a move before the side to move ('+' or '-')");
                if (ended) continue;  /* after the end: not part of the game */
                char why[160];
                gt_move m = csa->move_from_text(&r.pos, st, why, sizeof why);
                if (m == GT_MOVE_NONE) return rfail(&r, "%s", why);
                if (add_move(&r, m)) return -1;
                playing = true;
                continue;
            }
            return rfail(&r, "unknown statement '%.20s'", st);
        }
    }
    if (!seen) return 0;
    if (!placed) return rfail(&r, "no side to move ('+' or '-'): the position is incomplete");
    return used > 0x7FFFFFFF ? 0x7FFFFFFF : (int)used;
}

/* ---- the hooks ------------------------------------------------------------------ */

int shogi_kif_write_record(const struct gt_record *rec, FILE *out)
{
    return kif_write_record(rec, out);
}

int shogi_kif_read_record(const char *text, char *start, size_t start_len, char *moves,
                          size_t moves_len, char *err, size_t err_len)
{
    return kif_read_record(text, start, start_len, moves, moves_len, err, err_len);
}

int shogi_csa_write_record(const struct gt_record *rec, FILE *out)
{
    return csa_write_record(rec, out);
}

int shogi_csa_read_record(const char *text, char *start, size_t start_len, char *moves,
                          size_t moves_len, char *err, size_t err_len)
{
    return csa_read_record(text, start, start_len, moves, moves_len, err, err_len);
}
