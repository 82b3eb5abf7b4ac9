/* records_csa.c -- CSA record files (standard file format V2.2):
 * write_record and read_record of the "csa" notation.
 * SPDX-License-Identifier: MIT
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
 *     %TORYO                      the end (records.c's table)
 *     'sente resigns              rec->reason
 *
 * read_record reads the first game of a text into its start position
 * (SFEN, "" for the standard start) and its moves (USI, blank-separated),
 * and returns the bytes it used (0: no game in the text).
 *  CSA: "'" lines are comments, a line may hold several statements
 *  separated by ',', the version, N+, N- and $ lines are skipped, PI (with
 *  removed pieces), P1..P9, P+ / P- (with 00AL) set the position, then +
 *  or -; moves with or without T lines; a '%' statement ends the moves and
 *  a "/" line ends the game.
 * Errors name the line: "line 9: P3: bad piece '+XX'". */
#define _POSIX_C_SOURCE 200809L  /* strtok_r */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "records.h"

static const struct gt_notation *const csa = &shogi_notations[1];

static const char *const csa_code[15] = {
    "", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU",
    "TO", "NY", "NK", "NG", "UM", "RY"
};

/* ---- writing ------------------------------------------------------------- */

int shogi_csa_write_record(const struct gt_record *rec, FILE *out)
{
    struct shogi_pos p;
    if (!rec || !out || !shogi_rec_start_pos(rec, &p)) return -1;
    char date[16];
    if (rec->index > 0) fprintf(out, "/\n");  /* V2.2's separator of games */
    fprintf(out, "V2.2\n");
    for (int c = 0; c < 2; c++)
        if (rec->players[c]) {
            fprintf(out, "N%c", c ? '-' : '+');
            shogi_rec_put_line(out, rec->players[c]);
            fputc('\n', out);
        }
    if (rec->event) {
        fprintf(out, "$EVENT:");
        shogi_rec_put_line(out, rec->event);
        fputc('\n', out);
    }
    if (rec->site) { fprintf(out, "$SITE:"); shogi_rec_put_line(out, rec->site); fputc('\n', out); }
    if (shogi_rec_date(rec, date)) fprintf(out, "$START_TIME:%s\n", date);
    if (shogi_rec_start_kind(&p) < 0) {
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
                for (int k = 0; k < p.hand[c][shogi_rec_hand_order[i]]; k++) {
                    if (!any) fprintf(out, "P%c", c ? '-' : '+');
                    fprintf(out, "00%s", csa_code[shogi_rec_hand_order[i]]);
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
            fprintf(out, "T%lld\n",
                    (long long)shogi_rec_move_seconds(&total[p.side], rec->move_ms[i]));
        if (rec->comments && rec->comments[i]) {
            fputc('\'', out);
            shogi_rec_put_line(out, rec->comments[i]);
            fputc('\n', out);
        }
        struct shogi_undo u;
        shogi_make(&p, m, &u);
    }
    fprintf(out, "%s\n", shogi_rec_ending(rec, p.side).csa);
    if (rec->reason && *rec->reason) {
        fputc('\'', out);
        shogi_rec_put_line(out, rec->reason);
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

/* ---- reading ------------------------------------------------------------- */

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
static int csa_pi(struct shogi_rec_reader *r, struct shogi_rec_setup *su, const char *s)
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
            return shogi_rec_fail(r, "bad PI item '%.4s'", s);
        if (SH_TYPE(su->board[f][rk]) != t)
            return shogi_rec_fail(r, "PI: no %s on %d%d", csa_code[t], f, rk);
        su->board[f][rk] = 0;
    }
    return 0;
}

static int csa_row(struct shogi_rec_reader *r, struct shogi_rec_setup *su, const char *s)
{
    int rk = s[1] - '0';
    s += 2;
    for (int f = 9; f >= 1; f--) {
        if (!*s) return shogi_rec_fail(r, "P%d: file %d missing", rk, f);
        if (*s == '+' || *s == '-') {
            int t = csa_type(s + 1);
            if (!t) return shogi_rec_fail(r, "P%d: bad piece '%.3s'", rk, s);
            su->board[f][rk] = (uint8_t)SH_PIECE(*s == '-', t);
            s += 3;
        } else if (s[0] == ' ' && s[1] == '*') {
            su->board[f][rk] = 0;
            s += s[2] ? 3 : 2;
        } else {
            return shogi_rec_fail(r, "P%d: bad square '%.3s'", rk, s);
        }
    }
    while (*s == ' ') s++;
    if (*s) return shogi_rec_fail(r, "P%d: text after file 1", rk);
    return 0;
}

static int csa_pieces(struct shogi_rec_reader *r, struct shogi_rec_setup *su, const char *s)
{
    int c = s[1] == '-';
    for (s += 2; *s; s += 4) {
        int f, rk, t;
        if (strlen(s) < 4) return shogi_rec_fail(r, "bad P%c item '%s'", c ? '-' : '+', s);
        if (s[0] == '0' && s[1] == '0') {
            if (s[2] == 'A' && s[3] == 'L') { su->all_to = c; continue; }
            t = csa_type(s + 2);
            if (t < SH_PAWN || t > SH_GOLD)
                return shogi_rec_fail(r, "bad piece in hand '%.4s'", s);
            if (++su->hand[c][t] > shogi_rec_type_total[t])
                return shogi_rec_fail(r, "too many %s in hand", csa_code[t]);
        } else {
            if (!csa_square(s, &f, &rk) || !(t = csa_type(s + 2)))
                return shogi_rec_fail(r, "bad P%c item '%.4s'", c ? '-' : '+', s);
            su->board[f][rk] = (uint8_t)SH_PIECE(c, t);
        }
    }
    return 0;
}

int shogi_csa_read_record(const char *text, char *start, size_t start_len, char *moves,
                          size_t moves_len, char *err, size_t err_len)
{
    struct shogi_rec_reader r;
    struct shogi_rec_setup su;
    int ready = shogi_rec_open(&r, &su, text, start, start_len, moves, moves_len, err, err_len);
    if (ready <= 0)
        return ready;
    bool seen = false, placed = false, playing = false, ended = false;
    size_t used = r.at, line_at;
    char raw[1024];
    while (shogi_rec_next_line(&r, raw, sizeof raw, &line_at)) {
        char *s = raw;
        while (*s == ' ' || *s == '\t') s++;
        if (!*s || *s == '\'') {
            if (seen) used = r.at;
            continue;
        }
        if (!strcmp(shogi_rec_trim(s), "/")) {
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
            if (*s != 'P') st = shogi_rec_trim(st);
            else {
                size_t n = strlen(st);
                while (n > 0 && (st[n - 1] == '\t' || st[n - 1] == '\r')) st[--n] = 0;
            }
            if (!*st) continue;
            if (*st == 'V' || *st == 'N' || *st == '$') {
                if (placed) return shogi_rec_fail(&r, "'%.20s' after the position", st);
                continue;
            }
            if (*st == 'T') continue;
            if (*st == '%') { ended = true; continue; }
            if (*st == 'P') {
                if (placed) return shogi_rec_fail(&r, "'%.20s' after the position", st);
                int rc;
                if (st[1] == 'I') rc = csa_pi(&r, &su, st);
                else if (st[1] >= '1' && st[1] <= '9') rc = csa_row(&r, &su, st);
                else if (st[1] == '+' || st[1] == '-') rc = csa_pieces(&r, &su, st);
                else rc = shogi_rec_fail(&r, "bad position statement '%.20s'", st);
                if (rc) return -1;
                continue;
            }
            if ((*st == '+' || *st == '-') && !st[1]) {
                if (placed) return shogi_rec_fail(&r, "a second side to move");
                su.side = *st == '-';
                shogi_rec_setup_rest(&su);
                char sfen[256];
                shogi_rec_setup_sfen(&su, sfen, sizeof sfen);
                if (shogi_rec_set_start(&r, sfen, start, start_len)) return -1;
                placed = true;
                continue;
            }
            if (*st == '+' || *st == '-') {
                if (!placed)
                    return shogi_rec_fail(&r, "a move before the side to move ('+' or '-')");
                if (ended) continue;  /* after the end: not part of the game */
                char why[160];
                gt_move m = csa->move_from_text(&r.pos, st, why, sizeof why);
                if (m == GT_MOVE_NONE) return shogi_rec_fail(&r, "%s", why);
                if (shogi_rec_add_move(&r, m)) return -1;
                playing = true;
                continue;
            }
            return shogi_rec_fail(&r, "unknown statement '%.20s'", st);
        }
    }
    if (!seen) return 0;
    if (!placed)
        return shogi_rec_fail(&r, "no side to move ('+' or '-'): the position is incomplete");
    return used > 0x7FFFFFFF ? 0x7FFFFFFF : (int)used;
}
