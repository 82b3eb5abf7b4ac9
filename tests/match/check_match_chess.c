/* check_match_chess.c -- the referee on scripted chess games (mate,
 * stalemate, threefold repetition), chess openings files (EPD lines, a
 * malformed line reported by number) and the PGN output.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/match.h"
#include "match/match_openings.h"

extern const struct gt_game chess_LTX_gt_module;
static const struct gt_game *const chess = &chess_LTX_gt_module;

static char out[16384];
static char pgn_text[16384];       /* the PGN alone, normalized */
static const char *openings;       /* the openings file's text, or NULL */

/* A file holding text; its name in path (a mkstemp template). */
static void write_file(char *path, const char *text)
{
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, strlen(text)), (int)strlen(text));
    close(fd);
}

/* The PGN with what changes from run to run made fixed: the Date tag's
 * value becomes D, each think time in a comment T ("0.004s" -> "Ts"),
 * and the movetext one line (where it wraps depends on the times).  Every
 * line must be shorter than 80 columns. */
static void normalize(const char *pgn, char *dst, size_t len)
{
    size_t o = 0;
    const char *p = pgn;
    for (const char *line = pgn; *line; line = strchr(line, '\n') + 1)
        ck_assert_msg(strcspn(line, "\n") < 80, "a line of 80 columns or more in\n%s", pgn);
    const char *moves = strstr(pgn, "\n\n");
    while (*p && o + 1 < len) {
        if (moves && p > moves + 1 && *p == '\n' && p[1] && p[1] != '\n') {
            dst[o++] = ' ';
            p++;
            continue;
        }
        if (!strncmp(p, "[Date \"", 7)) {
            o += (size_t)snprintf(dst + o, len - o, "[Date \"D\"]");
            p = strchr(p, '\n');
            continue;
        }
        /* A time: digits and dots after a blank or '{', then "s}". */
        if ((p == pgn || p[-1] == ' ' || p[-1] == '{') && *p >= '0' && *p <= '9') {
            size_t n = strspn(p, "0123456789.");
            if (!strncmp(p + n, "s}", 2) || !strncmp(p + n, "s,", 2)) {
                dst[o++] = 'T';
                p += n;
                continue;
            }
        }
        dst[o++] = *p++;
    }
    dst[o] = 0;
}

/* Play one game of a script between two fake engines; out gets the record
 * line and then the PGN, pgn_text the PGN normalized. */
static struct gt_match_summary play_script_as(const char *script, enum gt_proto white)
{
    static struct gt_match_config c;
    struct gt_match_summary sum;
    char rec[] = "/tmp/check_match_chess_rec.XXXXXX", pgn[] = "/tmp/check_match_chess_pgn.XXXXXX";
    char ops[] = "/tmp/check_match_chess_ops.XXXXXX";
    char cmd[1024], err[512];
    ck_assert_int_eq(chess->init(), 0);
    close(mkstemp(rec));
    close(mkstemp(pgn));
    gt_match_config_default(&c, chess);
    c.quiet = true;
    c.tc.depth = 1;
    c.games = 1;
    c.record = rec;
    c.pgn = pgn;
    if (openings) {
        write_file(ops, openings);
        c.openings = ops;
    }
    snprintf(cmd, sizeof cmd, "sh '%s' '%s'", FAKE_ENGINE, script);
    for (int i = 0; i < 2; i++) {
        c.engines[i].cmd = cmd;
        snprintf(c.engines[i].name, sizeof c.engines[i].name, "%s", i ? "Black" : "White");
    }
    c.engines[0].proto = white;
    c.nengines = 2;
    ck_assert_int_eq(gt_match_run(&c, stdout, &sum, err, sizeof err), 0);
    size_t n = 0, at = 0;
    for (int k = 0; k < 2; k++) {
        FILE *f = fopen(k ? pgn : rec, "r");
        ck_assert_ptr_nonnull(f);
        at = n;
        n += fread(out + n, 1, sizeof out - 1 - n, f);
        fclose(f);
    }
    out[n] = 0;
    normalize(out + at, pgn_text, sizeof pgn_text);
    unlink(rec);
    unlink(pgn);
    if (openings)
        unlink(ops);
    openings = NULL;
    return sum;
}

static struct gt_match_summary play_script(const char *script)
{
    return play_script_as(script, GT_PROTO_GAME);
}

#define HAS(text) ck_assert_msg(strstr(out, text), "no '%s' in:\n%s", text, out)

START_TEST(fools_mate)
{
    struct gt_match_summary sum = play_script("f2f3 e7e5 g2g4 d8h4");
    ck_assert_int_eq(sum.tally[0].losses, 1);
    HAS("result=0-1 end=rule reason=\"black wins: checkmate\" position startpos moves f2f3 e7e5 g2g4 d8h4\n");
    ck_assert_str_eq(pgn_text,
                     "[Event \"gtsearch match\"]\n"
                     "[Site \"?\"]\n"
                     "[Date \"D\"]\n"
                     "[Round \"1\"]\n"
                     "[White \"White\"]\n"
                     "[Black \"Black\"]\n"
                     "[Result \"0-1\"]\n"
                     "[Termination \"normal\"]\n"
                     "[TimeControl \"-\"]\n"
                     "[PlyCount \"4\"]\n"
                     "\n"
                     "1. f3 {Ts} e5 {Ts} 2. g4 {Ts} Qh4# {Ts, black wins: checkmate} 0-1\n"
                     "\n");
}
END_TEST

/* From a set-up position with black to move and an opening move (no
 * comment): long castling with check, a promotion with check, a capture,
 * mate; scores in pawns and as mates, with depths. */
START_TEST(pgn_of_a_set_up_game)
{
    openings = "fen 4k3/1P6/8/8/8/8/8/R3K2R b KQ - 0 40 moves e8d7\n";
    struct gt_match_summary sum = play_script(
        "e8d7 score=250,e1c1 score=-300,d7c7 mate=3,b7b8q c7b8 score=1234,h1h7 "
        "mate=-1,b8a8 mate=1,d1d8");
    ck_assert_int_eq(sum.tally[0].wins, 1);
    ck_assert_str_eq(pgn_text,
                     "[Event \"gtsearch match\"]\n"
                     "[Site \"?\"]\n"
                     "[Date \"D\"]\n"
                     "[Round \"1\"]\n"
                     "[White \"White\"]\n"
                     "[Black \"Black\"]\n"
                     "[Result \"1-0\"]\n"
                     "[SetUp \"1\"]\n"
                     "[FEN \"4k3/1P6/8/8/8/8/8/R3K2R b KQ - 0 40\"]\n"
                     "[Termination \"normal\"]\n"
                     "[TimeControl \"-\"]\n"
                     "[PlyCount \"8\"]\n"
                     "\n"
                     "40... Kd7 41. O-O-O+ {+2.50/1 Ts} Kc7 {-3.00/1 Ts} 42. b8=Q+ {+M3/1 Ts} "
                     "Kxb8 {Ts} 43. Rh7 {+12.34/1 Ts} Ka8 {-M1/1 Ts} 44. Rd8# "
                     "{+M1/1 Ts, white wins: checkmate} 1-0\n"
                     "\n");
}
END_TEST

START_TEST(loyds_stalemate)
{
    /* Sam Loyd's ten-move stalemate: black has no move after 10. Qe6. */
    struct gt_match_summary sum = play_script(
        "e2e3 a7a5 d1h5 a8a6 h5a5 h7h5 h2h4 a6h6 a5c7 f7f6 c7d7 e8f7 d7b7 d8d3 "
        "b7b8 d3h7 b8c8 f7g6 c8e6");
    ck_assert_int_eq(sum.tally[0].draws, 1);
    HAS("result=1/2-1/2 end=rule reason=\"draw: stalemate\"");
    HAS("c8e6\n");
}
END_TEST

START_TEST(threefold_repetition)
{
    /* The start position for the third time after eight plies. */
    struct gt_match_summary sum = play_script("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4");
    ck_assert_int_eq(sum.tally[0].draws, 1);
    HAS("result=1/2-1/2 end=rule reason=\"draw: threefold repetition\" "
        "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8\n");
}
END_TEST

START_TEST(cecp_castling_text)
{
    /* White speaks CECP and castles as O-O, which the referee reads
     * through chess's SAN notation (the adapter knows no game); black
     * (UCI) then has no move left in the script and answers 0000. */
    play_script_as("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 O-O", GT_PROTO_CECP);
    HAS("result=1-0 end=illegal reason=\"Black played an illegal move '0000'");
    HAS("moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1\n");
}
END_TEST

START_TEST(epd_openings_and_a_bad_line)
{
    struct gt_match_config c;
    struct gt_openings ops;
    char err[512], warn[1024] = "";
    ck_assert_int_eq(chess->init(), 0);
    gt_match_config_default(&c, chess);
    ck_assert_int_eq(gt_openings_load(&c, TEST_DATA_DIR "/chess/openings.epd", &ops, NULL, err,
                                      sizeof err), 0);
    ck_assert_int_gt(ops.n, 10);
    /* Line 7: the first opening; its four FEN fields, read back in full. */
    ck_assert_int_eq(ops.v[0].line, 7);
    ck_assert_str_eq(ops.v[0].base,
                     "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 0 1");
    ck_assert_int_eq(ops.v[0].nmoves, 0);
    gt_openings_free(&ops);

    char path[] = "/tmp/check_match_epd.XXXXXX";
    int fd = mkstemp(path);
    const char *text = "startpos moves e2e4 e7e5\n"
                       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - ce 0;\n"
                       "startpos moves e2e5\n"
                       "fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1\n";
    ck_assert_int_eq(write(fd, text, strlen(text)), (int)strlen(text));
    close(fd);
    FILE *w = fmemopen(warn, sizeof warn - 1, "w");
    ck_assert_int_eq(gt_openings_load(&c, path, &ops, w, err, sizeof err), 0);
    fclose(w);
    unlink(path);
    ck_assert_int_eq(ops.n, 2);
    ck_assert_int_eq(ops.v[1].line, 4);
    ck_assert_str_eq(ops.v[1].moves[0], "e1g1");
    ck_assert_msg(strstr(warn, ":2: skipped: not a position: "), "%s", warn);
    ck_assert_msg(strstr(warn, ":3: skipped: move 1 'e2e5': "), "%s", warn);
    gt_openings_free(&ops);
}
END_TEST

/* PGN openings: SAN read on the running position; tags, comments (one
 * with a parenthesis inside), NAGs, annotation marks, nested variations,
 * % lines and ; comments skipped; a FEN start; a game ended by the next
 * one's tags; bad games named by file, line and text and skipped. */
static const char *const pgn_book =
    "[Event \"e\"]\n"                                              /* 1 */
    "[Site \"a \\\"quoted\\\" site\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "1. e4 {a comment (with a parenthesis} e5 $1 2. Nf3 (2. f4 exf4 {x)}\n"   /* 5 */
    "(2... d5 3. exd5)) 2... Nc6!? 3.Bb5 ; the rest of the line e4\n"
    "a6 4. Ba4 *\n"
    "\n"
    "% an escaped line 1. d4\n"
    "[SetUp \"1\"]\n"                                              /* 10 */
    "[FEN \"4k3/1P6/8/8/8/8/8/R3K2R b KQ - 0 40\"]\n"
    "\n"
    "40... Kd7 41. O-O-O+ Kc7 42. b8=Q+ 1-0\n"
    "\n"
    "1.d4 d5 2.c4 Nf9 *\n"                                           /* 15 */
    "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4\n"
    "[Event \"no result before it\"]\n"
    "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n"
    "1. e4 *\n"
    "\n"                                                            /* 20 */
    "1. e4 c5 (1... e5\n";

static void load_text(const char *name, const char *text, struct gt_openings *ops, char *warn,
                      size_t warn_len, char *err, size_t err_len)
{
    struct gt_match_config c;
    ck_assert_int_eq(chess->init(), 0);
    gt_match_config_default(&c, chess);
    FILE *w = fmemopen(warn, warn_len - 1, "w");
    ck_assert_ptr_nonnull(w);
    memset(warn, 0, warn_len);
    int rc = gt_openings_parse_text(&c, text, name, ops, w, err, err_len);
    fclose(w);
    if (rc < 0)
        ops->n = -1;
}

static void expect_moves(const struct gt_opening *op, const char *moves)
{
    char all[512] = "";
    for (int i = 0; i < op->nmoves; i++)
        snprintf(all + strlen(all), sizeof all - strlen(all), "%s%s", i ? " " : "", op->moves[i]);
    ck_assert_str_eq(all, moves);
}

START_TEST(pgn_openings)
{
    struct gt_openings ops;
    char warn[2048], err[512];
    /* By the extension, and by the content (it starts with a tag). */
    for (int k = 0; k < 2; k++) {
        const char *name = k ? "book.txt" : "book.PGN";
        load_text(name, pgn_book, &ops, warn, sizeof warn, err, sizeof err);
        ck_assert_msg(ops.n == 3, "%d openings: %s", ops.n, err);
        ck_assert_ptr_null(ops.v[0].base);
        expect_moves(&ops.v[0], "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4");
        ck_assert_int_eq(ops.v[0].line, 1);
        ck_assert_str_eq(ops.v[1].base, "4k3/1P6/8/8/8/8/8/R3K2R b KQ - 0 40");
        expect_moves(&ops.v[1], "e8d7 e1c1 d7c7 b7b8q");
        ck_assert_int_eq(ops.v[1].line, 10);
        ck_assert_ptr_null(ops.v[2].base);
        expect_moves(&ops.v[2], "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4");
        ck_assert_int_eq(ops.v[2].line, 16);
        char want[1024];
        snprintf(want, sizeof want,
                 "%s:15: skipped game 3: move 4 'Nf9': bad SAN 'Nf9'\n"
                 "%s:19: skipped game 5: FEN '8/8/8/8/8/8/8/8 w - - 0 1': ",
                 name, name);
        ck_assert_msg(!strncmp(warn, want, strlen(want)), "%s", warn);
        snprintf(want, sizeof want,
                 "\n%s:21: skipped game 6: a variation '(' that never ends\n", name);
        ck_assert_msg(strstr(warn, want), "%s", warn);
        gt_openings_free(&ops);
    }
    /* Numbers glued to moves, black to move first, a lone result. */
    load_text("x.pgn", "[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 3 7\"]\n7...Kd7 8.O-O 1/2-1/2\n* \n",
              &ops, warn, sizeof warn, err, sizeof err);
    ck_assert_int_eq(ops.n, 1);
    expect_moves(&ops.v[0], "e8d7 e1g1");
    ck_assert_str_eq(warn, "");
    gt_openings_free(&ops);
    /* Nothing usable. */
    load_text("x.pgn", "1. e5 *\n", &ops, warn, sizeof warn, err, sizeof err);
    ck_assert_int_eq(ops.n, -1);
    ck_assert_str_eq(err, "openings file 'x.pgn' has no usable game (1 malformed)");
    ck_assert_str_eq(warn, "x.pgn:1: skipped game 1: move 1 'e5': no legal move matches 'e5'\n");
    load_text("x.pgn", "[Event \"unclosed]\n1. e4 *\n", &ops, warn, sizeof warn, err,
              sizeof err);
    ck_assert_str_eq(warn, "x.pgn:1: skipped game 1: malformed tag '[Event \"unclosed]'\n");
    load_text("x.pgn", "1. e4 {never closed\n", &ops, warn, sizeof warn, err, sizeof err);
    ck_assert_str_eq(warn, "x.pgn:1: skipped game 1: a comment '{' that never ends\n");
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    Suite *s = suite_create("match_chess");
    TCase *tc = tcase_create("referee");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, fools_mate);
    tcase_add_test(tc, pgn_of_a_set_up_game);
    tcase_add_test(tc, loyds_stalemate);
    tcase_add_test(tc, threefold_repetition);
    tcase_add_test(tc, cecp_castling_text);
    tcase_add_test(tc, epd_openings_and_a_bad_line);
    tcase_add_test(tc, pgn_openings);
    suite_add_tcase(s, tc);
    return s;
}
