/* check_shogi_records.c -- KIF and CSA record files (write_record and
 * read_record of the kif and csa notations, games/shogi/records_kif.c and
 * records_csa.c): the exact text of short records, round trips of random
 * games from several starts, several games of one file as a match writes
 * them (each game on its own, its result as readers see it, whole seconds
 * that keep the totals, Shift_JIS for .kif), what real files hold (comments,
 * unknown headers, 同, handicaps, a tsume board, times, statements joined by
 * commas, several games, Shift_JIS), the error messages, and any cut or
 * damaged text read without a crash.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gtsearch/game.h>

extern const struct gt_game shogi_LTX_gt_module;
static const struct gt_game *const G = &shogi_LTX_gt_module;

#define STARTPOS "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
#define MATSURI "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"
#define TSUME "7k1/6l2/6p+B1/9/9/9/9/9/9 b GNP2rb3g4s3n3l16p 1"
#define KYO "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
#define MAXU 256
#define MAXMOVES 400

enum { KIF, CSA };

static const struct gt_notation *nota(int i)
{
    return &G->notations[i];
}

static void *new_pos(const char *sfen)
{
    void *p = malloc(G->pos_size);
    char err[256] = "";
    ck_assert_ptr_nonnull(p);
    ck_assert_msg(G->from_text(p, sfen, err, sizeof err) == 0, "from_text(%s): %s", sfen,
                  err);
    return p;
}

/* A game: its start and moves, given as USI text. */
struct game {
    const char *start;  /* NULL: the standard start */
    gt_move moves[MAXMOVES];
    int64_t ms[MAXMOVES];
    const char *comments[MAXMOVES];
    char usi[MAXMOVES * 6];
    int n;
};

static void game_from_text(struct game *g, const char *start, const char *line)
{
    void *p = new_pos(start ? start : STARTPOS);
    char buf[2048], *save = NULL, err[128];
    unsigned char undo[MAXU];
    memset(g, 0, sizeof *g);
    g->start = start;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        gt_move m = G->move_from_text(p, t, err, sizeof err);
        ck_assert_msg(m != GT_MOVE_NONE, "%s: %s", t, err);
        g->moves[g->n++] = m;
        G->make(p, m, undo);
    }
    snprintf(g->usi, sizeof g->usi, "%s", line);
    free(p);
}

/* Random legal moves from start (a small LCG, so the games are the same
 * every run). */
static void random_game(struct game *g, const char *start, int plies, unsigned seed)
{
    void *p = new_pos(start ? start : STARTPOS);
    gt_move list[600];
    unsigned char undo[MAXU];
    size_t o = 0;
    memset(g, 0, sizeof *g);
    g->start = start;
    for (int i = 0; i < plies; i++) {
        int n = G->generate(p, GT_GEN_ALL, list);
        if (n == 0) break;
        seed = seed * 1103515245u + 12345u;
        gt_move m = list[(seed >> 8) % (unsigned)n];
        char t[16];
        G->move_to_text(p, m, t, sizeof t);
        o += (size_t)snprintf(g->usi + o, sizeof g->usi - o, "%s%s", o ? " " : "", t);
        g->ms[g->n] = (int64_t)((seed >> 4) % 200000);
        g->moves[g->n++] = m;
        G->make(p, m, undo);
    }
    free(p);
}

static struct gt_record record_of(const struct game *g)
{
    struct gt_record rec = {
        .start = g->start, .moves = g->moves, .nmoves = g->n, .move_ms = g->ms,
        .comments = g->comments, .players = { "先手太郎", "Gote Hanako" },
        .event = "test", .site = "here", .date = "2026.11.23", .time_control = "60+1",
        .result = 1, .reason = "gote resigns",
    };
    return rec;
}

/* What write_record writes, as a string (free it). */
static char *written(int i, const struct gt_record *rec)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(nota(i)->write_record(rec, f), 0);
    fclose(f);
    return text;
}

/* read_record of text: its start and moves; returns the bytes used. */
static int reads(int i, const char *text, char *start, char *moves, size_t moves_len)
{
    char err[256] = "";
    int r = nota(i)->read_record(text, start, 256, moves, moves_len, err, sizeof err);
    ck_assert_msg(r > 0, "%s read_record: %d, %s\n%s", nota(i)->name, r, err, text);
    ck_assert_str_eq(err, "");
    return r;
}

static const char *read_error(int i, const char *text)
{
    static char err[256];
    char start[256], moves[1024];
    err[0] = 0;
    int r = nota(i)->read_record(text, start, sizeof start, moves, sizeof moves, err,
                                 sizeof err);
    ck_assert_msg(r == -1, "%s read_record accepted:\n%s", nota(i)->name, text);
    return err;
}

/* UTF-8 text in Shift_JIS (CP932), as other programs write .kif files
 * (free it). */
static char *to_sjis(const char *utf8)
{
    iconv_t cd = iconv_open("CP932", "UTF-8");
    ck_assert(cd != (iconv_t)-1);
    size_t left = strlen(utf8), room = 2 * left + 1;
    char *out = malloc(room), *in = (char *)utf8, *o = out;
    ck_assert_ptr_nonnull(out);
    ck_assert_int_ne((long)iconv(cd, &in, &left, &o, &room), -1);
    *o = 0;
    iconv_close(cd);
    return out;
}

/* ---- the exact text ---------------------------------------------------------- */

START_TEST(test_kif_text)
{
    struct game g;
    game_from_text(&g, NULL, "7g7f 3c3d 8h2b+ 3a2b B*4e");
    static const int64_t ms[] = { 1500, 3999, 61000, 2000, 7000 };
    memcpy(g.ms, ms, sizeof ms);
    g.comments[1] = "a comment\non two lines";
    struct gt_record rec = record_of(&g);
    rec.event = rec.site = rec.time_control = NULL;
    char *text = written(KIF, &rec);
    ck_assert_str_eq(text,
                     "#KIF version=2.0 encoding=UTF-8\n"
                     "開始日時：2026/11/23\n"
                     "手合割：平手\n"
                     "先手：先手太郎\n"
                     "後手：Gote Hanako\n"
                     "手数----指手---------消費時間--\n"
                     "   1 ７六歩(77)   ( 0:02/00:00:02)\n"
                     "   2 ３四歩(33)   ( 0:04/00:00:04)\n"
                     "*a comment on two lines\n"
                     "   3 ２二角成(88) ( 1:01/00:01:03)\n"
                     "   4 ２二銀(31)   ( 0:02/00:00:06)\n"
                     "   5 ４五角打     ( 0:07/00:01:10)\n"
                     "   6 投了         ( 0:00/00:00:06)\n"
                     "*gote resigns\n"
                     "まで5手で先手の勝ち\n");
    free(text);
    /* A move that could have promoted and did not: no 不成 in a record
     * (the origin and no 成 say it; some readers refuse 不成). */
    game_from_text(&g, NULL, "7g7f 3c3d 8h2b");
    rec = record_of(&g);
    text = written(KIF, &rec);
    ck_assert_ptr_nonnull(strstr(text, "\n   3 ２二角(88)   ( "));
    free(text);
    /* Headers, a board (a tsume problem: no sente king, the rest with
     * gote), a draw. */
    game_from_text(&g, TSUME, "");
    rec = record_of(&g);
    rec.move_ms = NULL;
    rec.result = 0;
    rec.reason = "draw: repetition (sennichite)";
    rec.date = "2026.??.??";
    text = written(KIF, &rec);
    ck_assert_str_eq(text,
                     "#KIF version=2.0 encoding=UTF-8\n"
                     "棋戦：test\n"
                     "場所：here\n"
                     "持ち時間：60+1\n"
                     "後手の持駒：飛二　角　金三　銀四　桂三　香三　歩十六　\n"
                     "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
                     "+---------------------------+\n"
                     "| ・ ・ ・ ・ ・ ・ ・v玉 ・|一\n"
                     "| ・ ・ ・ ・ ・ ・v香 ・ ・|二\n"
                     "| ・ ・ ・ ・ ・ ・v歩 馬 ・|三\n"
                     "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
                     "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
                     "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
                     "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
                     "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
                     "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n"
                     "+---------------------------+\n"
                     "先手の持駒：金　桂　歩　\n"
                     "先手：先手太郎\n"
                     "後手：Gote Hanako\n"
                     "手数----指手---------消費時間--\n"
                     "   1 千日手       ( 0:00/00:00:00)\n"
                     "*draw: repetition (sennichite)\n"
                     "まで0手で千日手\n");
    free(text);
    /* A handicap by its name, gote (上手) first, and gote to move at a
     * mate. */
    game_from_text(&g, KYO, "3c3d 7g7f");
    rec = record_of(&g);
    rec.move_ms = NULL;
    rec.result = 1;
    rec.reason = "sente wins: checkmate";
    text = written(KIF, &rec);
    ck_assert_ptr_nonnull(strstr(text, "手合割：香落ち\n下手：先手太郎\n上手：Gote Hanako\n"));
    ck_assert_ptr_nonnull(strstr(text, "   3 詰み         ( 0:00/00:00:00)\n"
                                       "*sente wins: checkmate\n"
                                       "まで2手で下手の勝ち\n"));
    free(text);
}
END_TEST

START_TEST(test_csa_text)
{
    struct game g;
    game_from_text(&g, NULL, "7g7f 3c3d 8h2b+ 3a2b B*4e");
    static const int64_t ms[] = { 1500, 3999, 61000, 2000, 7000 };
    memcpy(g.ms, ms, sizeof ms);
    g.comments[1] = "a comment";
    struct gt_record rec = record_of(&g);
    rec.time_control = NULL;
    char *text = written(CSA, &rec);
    ck_assert_str_eq(text,
                     "V2.2\n"
                     "N+先手太郎\n"
                     "N-Gote Hanako\n"
                     "$EVENT:test\n"
                     "$SITE:here\n"
                     "$START_TIME:2026/11/23\n"
                     "PI\n"
                     "+\n"
                     "+7776FU\nT2\n"
                     "-3334FU\nT4\n'a comment\n"
                     "+8822UM\nT61\n"
                     "-3122GI\nT2\n"
                     "+0045KA\nT7\n"
                     "%TORYO\n"
                     "'gote resigns\n");
    free(text);
    /* A board, both hands, gote to move; the side to move won on time. */
    game_from_text(&g, MATSURI, "1d1e");
    rec = record_of(&g);
    rec.move_ms = NULL;
    rec.comments = NULL;
    rec.players[0] = rec.players[1] = NULL;
    rec.event = rec.site = rec.date = NULL;
    rec.result = -1;
    rec.reason = "sente lost on time (1200 ms)";
    text = written(CSA, &rec);
    ck_assert_str_eq(text,
                     "V2.2\n"
                     "P1-KY *  *  *  *  *  * -KE-KY\n"
                     "P2 *  *  *  *  * +TO * -KI-OU\n"
                     "P3 *  * -KE-FU * +GI *  *  * \n"
                     "P4-FU * -FU *  *  *  * +FU-FU\n"
                     "P5 *  *  * +FU *  * +GI-FU * \n"
                     "P6 * +FU+FU-KA *  * +FU * +FU\n"
                     "P7+FU *  *  *  *  * +KI+GI * \n"
                     "P8+HI *  *  *  *  *  *  *  * \n"
                     "P9+KY+KE *  *  *  * -KA+OU+KY\n"
                     "P+00HI00KI\n"
                     "P-00KI00GI00KE00FU00FU00FU00FU00FU\n"
                     "-\n"
                     "-1415FU\n"
                     "%TIME_UP\n"
                     "'sente lost on time (1200 ms)\n");
    free(text);
    /* How the ends are written, sente to move at the end: the words the
     * common readers take (a mate is the loser's %TORYO in CSA; a draw
     * is 持将棋 only for an impasse), then the reason as a comment. */
    static const struct { int result; const char *reason, *csa, *kif, *kif_end; } ends[] = {
        { 2, "unfinished", "%CHUDAN", "  3 中断 ", "まで2手で中断" },
        { 0, "draw: repetition (sennichite)", "%SENNICHITE", "  3 千日手 ", "まで2手で千日手" },
        { 0, "draw by impasse (jishogi)", "%JISHOGI", "  3 持将棋 ", "まで2手で持将棋" },
        { 0, "adjudicated draw after 300 plies", "%CHUDAN", "  3 中断 ", "まで2手で中断" },
        { 0, "drawn: the game reached 1000 plies", "%CHUDAN", "  3 中断 ", "まで2手で中断" },
        { -1, "gote wins: checkmate", "%TORYO", "  3 詰み ", "まで2手で後手の勝ち" },
        { -1, "sente resigns", "%TORYO", "  3 投了 ", "まで2手で後手の勝ち" },
        { -1, "sente lost on time (1200 ms)", "%TIME_UP", "  3 切れ負け ", "まで2手で後手の勝ち" },
        { -1, "sente played an illegal move '9a9b'", "%ILLEGAL_MOVE", "  3 反則負け ",
          "まで2手で後手の勝ち" },
        { -1, "sente made a false win claim", "%ILLEGAL_MOVE", "  3 反則負け ",
          "まで2手で後手の勝ち" },
        { 1, "sente declares a win", "%KACHI", "  3 入玉勝ち ", "まで2手で先手の勝ち" },
        { 1, "sente wins: perpetual check", "%-ILLEGAL_ACTION", "  3 反則勝ち ",
          "まで2手で先手の勝ち" },
        { -1, "sente crashed", "%TORYO", "  3 投了 ", "まで2手で後手の勝ち" },
    };
    game_from_text(&g, NULL, "7g7f 3c3d");
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        rec = record_of(&g);
        rec.result = ends[i].result;
        rec.reason = ends[i].reason;
        char want[256];
        text = written(CSA, &rec);
        snprintf(want, sizeof want, "\n%s\n'%s\n", ends[i].csa, ends[i].reason);
        size_t n = strlen(text), w = strlen(want);
        ck_assert_msg(n >= w && !strcmp(text + n - w, want), "%s: %s", ends[i].reason, text);
        free(text);
        text = written(KIF, &rec);
        ck_assert_msg(strstr(text, ends[i].kif) != NULL, "%s: %s", ends[i].reason, text);
        snprintf(want, sizeof want, ")\n*%s\n%s\n", ends[i].reason, ends[i].kif_end);
        n = strlen(text), w = strlen(want);
        ck_assert_msg(n >= w && !strcmp(text + n - w, want), "%s: %s", ends[i].reason, text);
        free(text);
    }
    /* gote to move and lost on perpetual check: the loser is named */
    game_from_text(&g, NULL, "7g7f");
    rec = record_of(&g);
    rec.result = -1;
    rec.reason = "gote wins: perpetual check";
    text = written(CSA, &rec);
    ck_assert_ptr_nonnull(strstr(text, "\n%+ILLEGAL_ACTION\n"));
    free(text);
}
END_TEST

/* ---- round trips ----------------------------------------------------------------- */

START_TEST(test_round_trip)
{
    static const char *const starts[] = {
        NULL, MATSURI, TSUME, KYO,
        "4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
        "ln3k1nl/1r3sg2/p1ppppbpp/1s4p2/1p7/2P1P1P2/PPSP1P2P/2G2S1R1/LN2KG1NL b Pp 1",
    };
    for (int i = KIF; i <= CSA; i++) {
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        struct game *games = calloc(12, sizeof *games);
        ck_assert_ptr_nonnull(games);
        int n = 0;
        for (size_t s = 0; s < sizeof starts / sizeof starts[0]; s++)
            for (int k = 0; k < 2; k++, n++) {
                random_game(&games[n], starts[s], k ? 150 : 7, (unsigned)(n * 77 + i));
                if (n % 3 == 0) games[n].comments[0] = "first";
                struct gt_record rec = record_of(&games[n]);
                rec.result = n % 4 == 0 ? 1 : n % 4 == 1 ? -1 : n % 4 == 2 ? 0 : 2;
                if (n % 5 == 4) rec.move_ms = NULL;
                ck_assert_int_eq(nota(i)->write_record(&rec, f), 0);
            }
        fclose(f);
        /* Read them back one after the other. */
        const char *at = text;
        for (int k = 0; k < n; k++) {
            char start[256], moves[MAXMOVES * 6];
            int used = reads(i, at, start, moves, sizeof moves);
            ck_assert_str_eq(start, games[k].start ? games[k].start : "");
            ck_assert_msg(!strcmp(moves, games[k].usi), "%s game %d: '%s', want '%s'",
                          nota(i)->name, k, moves, games[k].usi);
            at += used;
        }
        char start[256], moves[64], err[128] = "";
        ck_assert_int_eq(nota(i)->read_record(at, start, sizeof start, moves, sizeof moves,
                                              err, sizeof err), 0);
        free(games);
        free(text);
    }
}
END_TEST

/* ---- several games in one file, as a match writes them ----------------------------- */

/* How a game ended, as the common readers (cshogi, python-shogi, tsshogi)
 * see it: +1 / -1 a side won, 0 a draw, 2 no result (interrupted). */
static int csa_verdict(const char *game, int stm)
{
    const char *end = strstr(game, "\n%");
    ck_assert_ptr_nonnull(end);
    end += 1;
    if (!strncmp(end, "%TORYO\n", 7) || !strncmp(end, "%TIME_UP\n", 9) ||
        !strncmp(end, "%ILLEGAL_MOVE\n", 14))
        return stm ? 1 : -1;
    if (!strncmp(end, "%KACHI\n", 7)) return stm ? -1 : 1;
    if (!strncmp(end, "%+ILLEGAL_ACTION\n", 17)) return -1;
    if (!strncmp(end, "%-ILLEGAL_ACTION\n", 17)) return 1;
    if (!strncmp(end, "%SENNICHITE\n", 12) || !strncmp(end, "%JISHOGI\n", 9)) return 0;
    if (!strncmp(end, "%CHUDAN\n", 8)) return 2;
    ck_abort_msg("no reader knows the end in:\n%s", game);
    return -9;
}

static int kif_verdict(const char *game)
{
    const char *end = strstr(game, "\nまで");
    ck_assert_ptr_nonnull(end);
    end = strstr(end, "手で");
    ck_assert_ptr_nonnull(end);
    end += strlen("手で");
    if (!strncmp(end, "先手の勝ち", strlen("先手の勝ち"))) return 1;
    if (!strncmp(end, "後手の勝ち", strlen("後手の勝ち"))) return -1;
    if (!strncmp(end, "千日手", strlen("千日手")) || !strncmp(end, "持将棋", strlen("持将棋")))
        return 0;
    if (!strncmp(end, "中断", strlen("中断"))) return 2;
    ck_abort_msg("no reader knows the end in:\n%s", game);
    return -9;
}

/* The seconds a record gives one side: CSA's T lines, or the total of
 * KIF's last move line of that side. */
static long long record_seconds(int fmt, const char *game, int first_side, int side)
{
    long long sum = 0;
    int ply = 0;
    for (const char *l = game; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
        if (fmt == CSA && (*l == '+' || *l == '-') && l[1] != '\n') ply++;
        if (fmt == CSA && *l == 'T' && (first_side + ply - 1) % 2 == side)
            sum += atoll(l + 1);
        int number, h, m, sec;
        if (fmt == KIF && sscanf(l, "%d", &number) == 1) {
            const char *t = strchr(l, '/');
            if (t && sscanf(t + 1, "%d:%d:%d", &h, &m, &sec) == 3 &&
                (first_side + number - 1) % 2 == side && strncmp(l + 5, "投了", 6))
                sum = h * 3600LL + m * 60 + sec;
        }
    }
    return sum;
}

START_TEST(test_games_of_one_file)
{
    static const struct { int result; const char *reason; int verdict; } ends[] = {
        { 1, "gote resigns", 1 },
        { -1, "gote wins: checkmate", -1 },
        { 0, "draw: repetition (sennichite)", 0 },
        { 0, "adjudicated draw after 40 plies", 2 },
        { -1, "sente lost on time (1200 ms)", -1 },
        { 1, "sente declares a win", 1 },
        { 2, "unfinished", 2 },
    };
    enum { NG = sizeof ends / sizeof ends[0] };
    /* CSA, KIF in UTF-8 (.kifu) and KIF in Shift_JIS (.kif) */
    static const struct { int fmt; const char *ext; } files[] = {
        { CSA, "csa" }, { KIF, "kifu" }, { KIF, "kif" },
    };
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        int fmt = files[f].fmt;
        char *text = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&text, &len);
        struct game *games = calloc(NG, sizeof *games);
        int64_t real[NG][2] = { { 0 } };
        ck_assert_ptr_nonnull(games);
        for (int k = 0; k < NG; k++) {
            random_game(&games[k], k % 2 ? MATSURI : NULL, 20 + 7 * k, (unsigned)(k * 31 + 5));
            /* sub-second think times, which must not all write 0 */
            for (int i = 0; i < games[k].n; i++) {
                games[k].ms[i] = (i * 389 + k * 71) % 1500;
                real[k][((k % 2) + i) % 2] += games[k].ms[i];
            }
            struct gt_record rec = record_of(&games[k]);
            rec.result = ends[k].result;
            rec.reason = ends[k].reason;
            rec.index = k;
            rec.file_ext = files[f].ext;
            ck_assert_int_eq(nota(fmt)->write_record(&rec, out), 0);
        }
        fclose(out);
        /* A Shift_JIS file is not UTF-8; our reader takes both. */
        bool sjis = !strcmp(files[f].ext, "kif");
        ck_assert_int_eq(strstr(text, "encoding=Shift_JIS") != NULL, sjis);
        if (fmt == KIF) ck_assert_int_eq(strstr(text, "後手") == NULL, sjis);
        const char *at = text;
        for (int k = 0; k < NG; k++) {
            char start[256], moves[MAXMOVES * 6];
            int used = reads(fmt, at, start, moves, sizeof moves);
            ck_assert_str_eq(start, games[k].start ? games[k].start : "");
            ck_assert_msg(!strcmp(moves, games[k].usi), "%s game %d: '%s', want '%s'",
                          files[f].ext, k, moves, games[k].usi);
            /* Each game is a record of its own: CSA's start after a "/"
             * line, KIF's with their "#KIF" header line. */
            char *game = strndup(at, (size_t)used);
            if (fmt == CSA) {
                ck_assert_msg(!strncmp(at - (k ? 2 : 0), k ? "/\nV2.2\n" : "V2.2\n", 5),
                              "game %d: %.40s", k, at);
                int first = k % 2, stm = (first + games[k].n) % 2;
                ck_assert_int_eq(csa_verdict(game, stm), ends[k].verdict);
                for (int side = 0; side < 2; side++) {
                    long long got = record_seconds(CSA, game, first, side);
                    ck_assert_msg(llabs(got * 1000 - real[k][side]) <= 500,
                                  "game %d side %d: %lld s written, %lld ms thought", k, side,
                                  got, (long long)real[k][side]);
                }
            } else {
                ck_assert_msg(!strncmp(at, "#KIF version=2.0", 16) || (k && at[0] == '\n'),
                              "game %d: %.40s", k, at);
                if (!sjis) {
                    ck_assert_int_eq(kif_verdict(game), ends[k].verdict);
                    for (int side = 0; side < 2; side++) {
                        long long got = record_seconds(KIF, game, k % 2, side);
                        ck_assert_msg(llabs(got * 1000 - real[k][side]) <= 500,
                                      "game %d side %d: %lld s written, %lld ms", k, side, got,
                                      (long long)real[k][side]);
                    }
                }
                /* Read alone, the game gives the same moves. */
                char alone[MAXMOVES * 6];
                reads(fmt, game, start, alone, sizeof alone);
                ck_assert_str_eq(alone, moves);
            }
            free(game);
            at += used;
        }
        char start[256], moves[64], err[128] = "";
        ck_assert_int_eq(nota(fmt)->read_record(at, start, sizeof start, moves, sizeof moves,
                                                err, sizeof err), 0);
        free(games);
        free(text);
    }
}
END_TEST

/* ---- real files -------------------------------------------------------------------- */

START_TEST(test_kif_files)
{
    char start[256], moves[1024];
    /* Kifu for Windows' comments, bookmarks, unknown headers, a variation
     * mark, 同, side marks, moves without times, variations after the end;
     * a byte order mark and CR LF. */
    const char *kfw =
        "\xEF\xBB\xBF# ---- Kifu for Windows V7 V7.70 棋譜ファイル ----\r\n"
        "開始日時：2026/11/23 10:00:00\r\n"
        "終了日時：2026/11/23 11:00:00\r\n"
        "戦型：相掛かり\r\n"
        "手合割：平手　　\r\n"
        "先手：A\r\n"
        "後手：B\r\n"
        "&しおり\r\n"
        "手数----指手---------消費時間--\r\n"
        "*対局前\r\n"
        "   1 ２六歩(27)   ( 0:07/00:00:07)+\r\n"
        "   2 ８四歩(83)   ( 0:03/00:00:03)\r\n"
        "*コメント\r\n"
        "   3 ７六歩(77)\r\n"
        "   4 ３四歩(33)\r\n"
        "   5 ２二角成(88) ( 0:02/00:00:10)\r\n"
        "   6 同　銀(31)   ( 0:02/00:00:05)\r\n"
        "   7 ▲３五角打\r\n"
        "   8 △同　歩\r\n"
        "   9 投了\r\n"
        "まで8手で後手の勝ち\r\n"
        "\r\n"
        "変化：3手\r\n"
        "   3 ２五歩(26)   ( 0:01/00:00:08)\r\n";
    ck_assert_int_eq(reads(KIF, kfw, start, moves, sizeof moves), (int)strlen(kfw));
    ck_assert_str_eq(start, "");
    ck_assert_str_eq(moves, "2g2f 8c8d 7g7f 3c3d 8h2b+ 3a2b B*3e 3d3e");
    /* The same file in Shift_JIS, as Kifu for Windows saves a .kif (no
     * "#KIF" line says so: the kanji do). */
    char *sjis = to_sjis(kfw + 3);
    ck_assert_int_eq(reads(KIF, sjis, start, moves, sizeof moves), (int)strlen(sjis));
    ck_assert_str_eq(moves, "2g2f 8c8d 7g7f 3c3d 8h2b+ 3a2b B*3e 3d3e");
    free(sjis);
    /* A handicap by name; a tsume board with 残りの駒全部 and 詰み. */
    const char *kyo = "手合割：香落ち\n上手：X\n下手：Y\n   1 ３四歩(33)\n   2 ７六歩(77)\n";
    reads(KIF, kyo, start, moves, sizeof moves);
    ck_assert_str_eq(start, KYO);
    ck_assert_str_eq(moves, "3c3d 7g7f");
    const char *tsume =
        "後手の持駒：残りの駒全部\n"
        "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
        "+---------------------------+\n"
        "| ・ ・ ・ ・ ・ ・ ・v玉 ・|一\n"
        "| ・ ・ ・ ・ ・ ・v香 ・ ・|二\n"
        "| ・ ・ ・ ・ ・ ・v歩 馬 ・|三\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n"
        "+---------------------------+\n"
        "先手の持駒：金 桂 歩\n"
        "手数----指手---------消費時間--\n"
        "   1 ２二金打\n"
        "   2 詰み\n"
        "まで1手で詰み\n";
    reads(KIF, tsume, start, moves, sizeof moves);
    ck_assert_str_eq(start, TSUME);
    ck_assert_str_eq(moves, "G*2b");
    /* Two games in one text; a game of no move. */
    char two[2048];
    snprintf(two, sizeof two, "%s%s", kyo, "手合割：平手\n先手：P\n");
    int used = reads(KIF, two, start, moves, sizeof moves);
    ck_assert_int_eq(used, (int)strlen(kyo));
    reads(KIF, two + used, start, moves, sizeof moves);
    ck_assert_str_eq(start, "");
    ck_assert_str_eq(moves, "");
    /* Nothing but comments and blanks: no game. */
    char err[64] = "x";
    ck_assert_int_eq(nota(KIF)->read_record("# only\n\n*c\n", start, sizeof start, moves,
                                            sizeof moves, err, sizeof err), 0);
    ck_assert_int_eq(nota(KIF)->read_record(NULL, start, sizeof start, moves, sizeof moves,
                                            err, sizeof err), 0);
}
END_TEST

START_TEST(test_csa_files)
{
    char start[256], moves[1024];
    const char *two =
        "'CSA encoding=UTF-8\n"
        "V2.2\n"
        "N+Sente\n"
        "N-Gote\n"
        "$EVENT:test, round 1\n"
        "$START_TIME:2026/11/23 10:00:00\n"
        "'a comment\n"
        "PI\n"
        "+\n"
        "+7776FU,T12\n"
        "-3334FU\n"
        "T5\n"
        "'** 30 +2726FU\n"
        "+8822UM,T1,-3122GI,T2\n"
        "%TORYO,T3\n"
        "/\n"
        "V2.2\n"
        "PI82HI22KA\n"
        "-\n"
        "-3334FU\n"
        "T0\n"
        "%CHUDAN\n";
    int used = reads(CSA, two, start, moves, sizeof moves);
    ck_assert_str_eq(start, "");
    ck_assert_str_eq(moves, "7g7f 3c3d 8h2b+ 3a2b");
    ck_assert_str_eq(two + used, "V2.2\nPI82HI22KA\n-\n-3334FU\nT0\n%CHUDAN\n");
    int more = reads(CSA, two + used, start, moves, sizeof moves);
    ck_assert_int_eq(used + more, (int)strlen(two));
    ck_assert_str_eq(start, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    ck_assert_str_eq(moves, "3c3d");
    /* A tsume board: 00AL gives gote the rest; P+ places and P- places. */
    const char *tsume =
        "V2.2\n"
        "P1 *  *  *  *  *  *  * -OU * \n"
        "P2 *  *  *  *  *  * -KY *  *\n"
        "P3 *  *  *  *  *  * -FU+UM * \n"
        "P4 *  *  *  *  *  *  *  *  * \n"
        "P5 *  *  *  *  *  *  *  *  * \n"
        "P6 *  *  *  *  *  *  *  *  * \n"
        "P7 *  *  *  *  *  *  *  *  * \n"
        "P8 *  *  *  *  *  *  *  *  * \n"
        "P9 *  *  *  *  *  *  *  *  * \n"
        "P+00KI00KE00FU\n"
        "P-00AL\n"
        "+\n"
        "+0022KI\n"
        "%TSUMI\n";
    reads(CSA, tsume, start, moves, sizeof moves);
    ck_assert_str_eq(start, TSUME);
    ck_assert_str_eq(moves, "G*2b");
    const char *placed = "P-11OU21KE\nP+56KA00FU\nP-00AL\n+\n+5645KA\n";
    reads(CSA, placed, start, moves, sizeof moves);
    ck_assert_str_eq(start, "7nk/9/9/9/9/4B4/9/9/9 b P2rb4g4s3n4l17p 1");
    ck_assert_str_eq(moves, "5f4e");
}
END_TEST

/* ---- errors and damaged text ------------------------------------------------------ */

START_TEST(test_record_errors)
{
    static const struct { int n; const char *text, *err; } cases[] = {
        { KIF, "手合割：平手\n   1 ７六歩(77)\n   2 ７七歩(76)\n",
          "line 3: no legal move matches '７七歩(76)'" },
        { KIF, "手合割：平手\n   1 同　歩(77)\n", "line 2: '同' on the first move" },
        { KIF, "手合割：その他\n   1 ７六歩(77)\n", "line 1: unknown handicap (手合割) and no board" },
        { KIF, "後手の持駒：なし\n| ・ ・|一\n", "line 2: bad board row: file 7" },
        { KIF, "後手の持駒：なし\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|一\n   1 ７六歩(77)\n",
          "line 3: the board has 1 rows, not 9" },
        { KIF, "先手の持駒：王\n", "line 1: bad piece in hand '王'" },
        { KIF, "先手の持駒：歩十九\n", "line 1: too many 歩 in hand" },
        { KIF, "   1 ７六歩(77)\n   2 ?\n", "line 2: bad KIF move '?'" },
        { KIF, "後手の持駒：なし\n"
               "| ・ ・ ・ ・ ・ ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
               "| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
               "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
               "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
               "| ・ ・ ・ ・ ・ ・ ・ ・ 玉|九\n先手の持駒：なし\n",
          "line 11: bad position: gote (the side not to move) has no king: only the "
          "attacker may lack one" },
        { CSA, "V2.2\n+7776FU\n", "line 2: a move before the side to move ('+' or '-')" },
        { CSA, "V2.2\nPI\n+\n+7776FU\n-3334XX\n", "line 5: bad CSA move '-3334XX'" },
        { CSA, "V2.2\nPI\n+\n+7775FU\n", "line 4: no legal move matches '+7775FU'" },
        { CSA, "V2.2\nPI\nXYZ\n", "line 3: unknown statement 'XYZ'" },
        { CSA, "V2.2\nPI\n", "line 2: no side to move ('+' or '-'): the position is incomplete" },
        { CSA, "PI\n+\n-\n", "line 3: a second side to move" },
        { CSA, "PI82KA\n+\n", "line 1: PI: no KA on 82" },
        { CSA, "P1 *  * \n", "line 1: P1: file 7 missing" },
        { CSA, "P+00OU\n", "line 1: bad piece in hand '00OU'" },
        { CSA, "PI\n+\nN+late\n", "line 3: 'N+late' after the position" },
        { CSA, "P1-OU\n", "line 1: P1: file 8 missing" },
        { CSA, "P1-OU+XX\n", "line 1: P1: bad piece '+XX'" },
        { CSA, "P1abc\n", "line 1: P1: bad square 'abc'" },
        { CSA, "P1 *  *  *  *  *  *  *  *  * x\n", "line 1: P1: text after file 1" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ck_assert_msg(!strcmp(read_error(cases[i].n, cases[i].text), cases[i].err),
                      "%s: '%s', want '%s'", cases[i].text, read_error(cases[i].n, cases[i].text),
                      cases[i].err);
    /* The moves must fit. */
    char start[256], moves[10], err[128];
    ck_assert_int_eq(nota(CSA)->read_record("PI\n+\n+7776FU\n-3334FU\n+2726FU\n", start,
                                            sizeof start, moves, sizeof moves, err,
                                            sizeof err), -1);
    ck_assert_str_eq(err, "line 5: the moves do not fit in 10 bytes");
    ck_assert_int_eq(nota(KIF)->read_record("   1 ７六歩(77)\n", start, sizeof start, NULL, 0,
                                            err, sizeof err), -1);
    ck_assert_str_eq(err, "no room for the position or the moves");
}
END_TEST

/* Every cut of a record, and damaged copies, read without a crash: an
 * answer or a message. */
START_TEST(test_damaged_records)
{
    struct game g;
    random_game(&g, MATSURI, 60, 99);
    g.comments[3] = "comment";
    for (int i = KIF; i <= CSA; i++) {
        struct gt_record rec = record_of(&g);
        char *text = written(i, &rec);
        size_t len = strlen(text);
        char *copy = malloc(len + 1);
        unsigned seed = 7;
        for (size_t cut = 0; cut <= len; cut++) {
            memcpy(copy, text, cut);
            copy[cut] = 0;
            char start[256], moves[MAXMOVES * 6], err[256] = "";
            int r = nota(i)->read_record(copy, start, sizeof start, moves, sizeof moves, err,
                                         sizeof err);
            if (r < 0 && !err[0]) ck_abort_msg("no message at cut %zu", cut);
            if (r > (int)cut) ck_abort_msg("used %d of %zu bytes", r, cut);
        }
        for (int k = 0; k < 3000; k++) {
            memcpy(copy, text, len + 1);
            for (int j = 0; j < 3; j++) {
                seed = seed * 1103515245u + 12345u;
                size_t at = (seed >> 8) % len;
                seed = seed * 1103515245u + 12345u;
                copy[at] = (char)(seed >> 16);
                if (!copy[at]) copy[at] = '\n';
            }
            char start[256], moves[MAXMOVES * 6], err[256] = "";
            int r = nota(i)->read_record(copy, start, sizeof start, moves, sizeof moves, err,
                                         sizeof err);
            if (r < 0 && !err[0]) ck_abort_msg("no message for a damaged text");
            if (r > (int)len) ck_abort_msg("used %d of %zu bytes", r, len);
        }
        free(copy);
        free(text);
    }
}
END_TEST

static void init_module(void)
{
    ck_assert_int_eq(G->init(), 0);
}

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("shogi_records");
    TCase *tc = tcase_create("records");
    tcase_add_unchecked_fixture(tc, init_module, NULL);
    tcase_add_test(tc, test_kif_text);
    tcase_add_test(tc, test_csa_text);
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_games_of_one_file);
    tcase_add_test(tc, test_kif_files);
    tcase_add_test(tc, test_csa_files);
    tcase_add_test(tc, test_record_errors);
    tcase_add_test(tc, test_damaged_records);
    tcase_set_timeout(tc, 300);  /* sanitizer builds are slow */
    suite_add_tcase(s, tc);
    return s;
}
