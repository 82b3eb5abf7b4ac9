/* records.c -- what the KIF (records_kif.c) and CSA (records_csa.c)
 * record files share: the handicaps, a game's ending in their words,
 * think times in whole seconds, and the reader that both formats' readers
 * build on.
 * SPDX-License-Identifier: MIT
 *
 * What the common readers take (cshogi, python-shogi, tsshogi, Kifu for
 * Windows, ShogiGUI) decides the words: each game of a file readable on
 * its own, the result in words they read as that result, think times in
 * whole seconds.  After the moves come the terminal word, the reason as
 * a comment and how it ended; the words from rec->result and rec->reason
 * (see shogi_rec_ending()):
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
 * %CHUDAN, with the reason beside. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "records.h"

const struct shogi_rec_handicap shogi_rec_handicaps[SHOGI_REC_NHANDICAPS] = {
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
const int shogi_rec_hand_order[7] = { SH_ROOK, SH_BISHOP, SH_GOLD, SH_SILVER,
                                      SH_KNIGHT, SH_LANCE, SH_PAWN };
const int shogi_rec_type_total[8] = { 0, 18, 4, 4, 4, 2, 2, 4 };

/* ---- writing ------------------------------------------------------------- */

/* Two position texts alike but for their move numbers. */
static bool same_board(const char *a, const char *b)
{
    const char *sa = strrchr(a, ' '), *sb = strrchr(b, ' ');
    size_t na = sa ? (size_t)(sa - a) : strlen(a), nb = sb ? (size_t)(sb - b) : strlen(b);
    return na == nb && !memcmp(a, b, na);
}

/* -1: the standard start, else the handicap's index (the count: none). */
int shogi_rec_start_kind(const struct shogi_pos *p)
{
    char text[256];
    shogi_to_sfen(p, text, sizeof text);
    if (same_board(text, SHOGI_REC_STARTPOS)) return -1;
    for (int i = 0; i < SHOGI_REC_NHANDICAPS; i++)
        if (same_board(text, shogi_rec_handicaps[i].sfen)) return i;
    return SHOGI_REC_NHANDICAPS;
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

struct shogi_rec_end shogi_rec_ending(const struct gt_record *rec, int stm)
{
    struct shogi_rec_end e = { "中断", "中断", -1, "%CHUDAN" };
    if (rec->result == 0) {
        if (says(rec, "sennichite") || says(rec, "repetition"))
            return (struct shogi_rec_end){ "千日手", "千日手", -1, "%SENNICHITE" };
        if (says(rec, "impasse") || says(rec, "jishogi"))
            return (struct shogi_rec_end){ "持将棋", "持将棋", -1, "%JISHOGI" };
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
int64_t shogi_rec_move_seconds(int64_t *total_ms, int64_t ms)
{
    int64_t before = (*total_ms + 500) / 1000;
    *total_ms += ms > 0 ? ms : 0;
    return (*total_ms + 500) / 1000 - before;
}

/* Set up the record's start position; false if it is not one. */
bool shogi_rec_start_pos(const struct gt_record *rec, struct shogi_pos *p)
{
    char err[128];
    if (rec->nmoves > 0 && !rec->moves) return false;
    return shogi_from_sfen(p, rec->start && *rec->start ? rec->start : SHOGI_REC_STARTPOS, err,
                           sizeof err) == 0;
}

/* rec->date "YYYY.MM.DD" as "YYYY/MM/DD"; false when absent or partial. */
bool shogi_rec_date(const struct gt_record *rec, char out[16])
{
    const char *d = rec->date;
    if (!d || strlen(d) != 10 || d[4] != '.' || d[7] != '.') return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && !isdigit((unsigned char)d[i])) return false;
    snprintf(out, 16, "%.4s/%.2s/%.2s", d, d + 5, d + 8);
    return true;
}

/* A text on one line: line breaks become blanks. */
void shogi_rec_put_line(FILE *out, const char *s)
{
    for (; *s; s++) fputc(*s == '\n' || *s == '\r' ? ' ' : *s, out);
}

/* ---- reading ------------------------------------------------------------- */

int shogi_rec_fail(struct shogi_rec_reader *r, const char *fmt, ...)
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
bool shogi_rec_next_line(struct shogi_rec_reader *r, char *buf, size_t len, size_t *start)
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

bool shogi_rec_starts(const char *s, const char *w)
{
    return !strncmp(s, w, strlen(w));
}

/* Blanks (ASCII and U+3000) off both ends, in place. */
char *shogi_rec_trim(char *s)
{
    for (;;) {
        if (*s == ' ' || *s == '\t') s++;
        else if (shogi_rec_starts(s, "　")) s += 3;
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

int shogi_rec_add_move(struct shogi_rec_reader *r, gt_move m)
{
    char usi[8];
    shogi_move_to_usi(m, usi, sizeof usi);
    size_t n = strlen(usi) + (r->moves_used ? 1 : 0);
    if (r->moves_used + n >= r->moves_len)
        return shogi_rec_fail(r, "the moves do not fit in %zu bytes", r->moves_len);
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
int shogi_rec_set_start(struct shogi_rec_reader *r, const char *sfen, char *start,
                        size_t start_len)
{
    char err[128];
    if (shogi_from_sfen(&r->pos, sfen, err, sizeof err))
        return shogi_rec_fail(r, "bad position: %s", err);
    char text[256];
    shogi_to_sfen(&r->pos, text, sizeof text);
    const char *out = same_board(text, SHOGI_REC_STARTPOS) ? "" : text;
    if (strlen(out) >= start_len)
        return shogi_rec_fail(r, "the position does not fit in %zu bytes", start_len);
    snprintf(start, start_len, "%s", out);
    return 0;
}

void shogi_rec_setup_sfen(const struct shogi_rec_setup *s, char *out, size_t len)
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
            int t = shogi_rec_hand_order[i], n = s->hand[c][t];
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
void shogi_rec_setup_rest(struct shogi_rec_setup *su)
{
    if (su->all_to < 0) return;
    int used[8] = { 0 };
    for (int f = 1; f <= 9; f++)
        for (int rk = 1; rk <= 9; rk++) {
            int t = SH_TYPE(su->board[f][rk]);
            if (t && t != SH_KING) used[t > SH_KING ? t - SH_PROMOTE : t]++;
        }
    for (int t = SH_PAWN; t <= SH_GOLD; t++) {
        int left = shogi_rec_type_total[t] - used[t] - su->hand[0][t] - su->hand[1][t];
        if (left > 0) su->hand[su->all_to][t] += left;
    }
}

/* What both readers do first: empty outputs, a reader on `text` past a
 * UTF-8 byte order mark, an empty set-up.  1: go on; 0: no text; -1: no
 * room for the results (err says so). */
int shogi_rec_open(struct shogi_rec_reader *r, struct shogi_rec_setup *su, const char *text,
                   char *start, size_t start_len, char *moves, size_t moves_len, char *err,
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
    *r = (struct shogi_rec_reader){ .text = text, .err = err, .err_len = err_len, .moves = moves,
                          .moves_len = moves_len };
    if (shogi_rec_starts(text, "\xEF\xBB\xBF")) r->at = 3;
    memset(su, 0, sizeof *su);
    su->all_to = -1;
    return 1;
}
