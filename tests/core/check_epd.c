/* check_epd.c -- the EPD parser (chess and shogi forms, every error text)
 * and the suite runner: on a small game without notations, and on chess,
 * whose suites write their moves in SAN (tests/data/chess/san-suite.epd).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "cli/epd.h"

extern const struct gt_game tictactoe_LTX_gt_module;
extern const struct gt_game chess_LTX_gt_module;
#define CHESS (&chess_LTX_gt_module)

START_TEST(chess_record)
{
    struct gt_epd r;
    char err[256];
    ck_assert_int_eq(gt_epd_parse("7B/8/4K1kp/5pp1/6P1/2PQPP2/7P/1r4N1 w - - dm 1; "
                                  "bm d3f5 d3e4; id \"sm001 playout; with a semicolon\";\n",
                                  &r, err, sizeof err), 1);
    ck_assert_str_eq(r.position, "7B/8/4K1kp/5pp1/6P1/2PQPP2/7P/1r4N1 w - -");
    ck_assert_int_eq(r.dm, 1);
    ck_assert_int_eq(r.nbm, 2);
    ck_assert_str_eq(r.bm[1], "d3e4");
    ck_assert_str_eq(r.id, "sm001 playout; with a semicolon");
}
END_TEST

START_TEST(shogi_record_and_am)
{
    struct gt_epd r;
    char err[256];
    ck_assert_int_eq(gt_epd_parse("8k/6S2/7G1/9/9/9/9/9/4K4 b LPnp 1 dm 3; bm L*1b; "
                                  "am P*1b; ce 31000", &r, err, sizeof err), 1);
    ck_assert_str_eq(r.position, "8k/6S2/7G1/9/9/9/9/9/4K4 b LPnp 1");
    ck_assert_int_eq(r.dm, 3);
    ck_assert_str_eq(r.bm[0], "L*1b");
    ck_assert_int_eq(r.nam, 1);
    ck_assert_str_eq(r.am[0], "P*1b");
}
END_TEST

START_TEST(comments_and_blanks)
{
    struct gt_epd r;
    char err[256];
    ck_assert_int_eq(gt_epd_parse("# a comment bm e2e4;", &r, err, sizeof err), 0);
    ck_assert_int_eq(gt_epd_parse("   \n", &r, err, sizeof err), 0);
}
END_TEST

static void expect_error(const char *line, const char *message)
{
    struct gt_epd r;
    char err[256] = "";
    ck_assert_int_eq(gt_epd_parse(line, &r, err, sizeof err), -1);
    ck_assert_str_eq(err, message);
}

START_TEST(errors)
{
    expect_error("8/8/8/8/8/8/8/K6k w - -", "no operations (bm, am, dm or id) after the position");
    expect_error("bm e2e4;", "missing position");
    expect_error("8/8 w - - dm two;", "dm needs a number from 1 to 500, got 'two'");
    expect_error("8/8 w - - dm 0;", "dm needs a number from 1 to 500, got '0'");
    expect_error("8/8 w - - bm ;", "bm without a move");
    expect_error("8/8 w - - bm e2e4; 3xyzzy 3;",
                 "bad opcode '3xyzzy' (a letter, then letters, digits or _)");
    expect_error("8/8 w - - am e2e4 e2e3 e2e5 e2e6 e2e7 e2e8 e2f1 e2f2 e2f3 e2f4 e2f5 "
                 "e2f6 e2f7 e2f8 e2g1 e2g2 e2g3 e2g4 e2g5 e2g6 e2g7 e2g8 e2h1 e2h2 e2h3 "
                 "e2h4 e2h5 e2h6 e2h7 e2h8 e2a1 e2a2 e2a3;", "am: more than 32 moves");
    expect_error("8/8 w - - bm Qa1xb2=Q+ThisIsFarTooLongForAMove;",
                 "bm: move text 'Qa1xb2=Q+ThisIsFarTo...' too long");
    expect_error("8/8 w - - bm e2e4; id \"open", "unterminated quote");
    expect_error("8/8 w - - id \"x\";", "nothing to solve: no bm, am or dm");
}
END_TEST

START_TEST(runner_scores_a_suite)
{
    char path[] = "/tmp/check_epd_XXXXXX", err[256], *out = NULL;
    size_t len = 0;
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs("xx.oo.... x bm c3; dm 1; id \"win now\";\n"
          "xx.oo.... x bm a1; id \"wrong key\";\n"
          "xo....... x am b2; dm 3; id \"forced win in 3\";\n"
          "xxxx..... o bm a1;\n"
          "xx.oo.... x bm z9; id \"off the board\";\n", f);
    fclose(f);
    struct gt_engine *e = gt_engine_new(&tictactoe_LTX_gt_module, err, sizeof err);
    FILE *o = open_memstream(&out, &len);
    struct gt_epd_options opt = {.limit = "depth", .value = 9};
    ck_assert_int_eq(gt_epd_run(e, path, &opt, o), 0);
    fclose(o);
    /* Without notations, the moves are shown in protocol text. */
    ck_assert_msg(strstr(out, "  1 solved win now: expected bm c3 dm 1, played c3; score mate 1, "),
                  "%s", out);
    ck_assert_ptr_nonnull(strstr(out, "  2 FAILED wrong key: expected bm a1, played c3; "));
    ck_assert_ptr_nonnull(strstr(out, " (1/2) [bm a1 played c3]\n"));
    ck_assert_ptr_nonnull(strstr(out, "  3 solved forced win in 3: expected am b2 dm 3, played "));
    ck_assert_ptr_nonnull(strstr(out, "\nepd: line 4: bad position: 4 x and 0 o cannot have o "
                                      "to move\n"));
    /* The protocol parser's reason, for a game without a record notation. */
    ck_assert_ptr_nonnull(strstr(out, "\nepd: line 5 (id \"off the board\"): bm 'z9' is not a "
                                      "move here: bad move text 'z9' (a square a1..c3)\n"));
    ck_assert_ptr_nonnull(strstr(out, "\nsolved 2/5, 2 errors, in "));
    ck_assert_int_eq(gt_epd_run(e, "/nonexistent.epd", &opt, stderr), 1);
    free(out);
    gt_engine_free(e);
    remove(path);
}
END_TEST

/* ---- chess: moves in SAN or coordinates, compared as moves ---------------- */

/* Run a suite (a file, or lines written to a temporary one) and return
 * what the runner printed. */
static char *run_file_with(const struct gt_game *g, const char *path, long depth,
                           const char *option, const char *value)
{
    char err[256], *out = NULL;
    size_t len = 0;
    struct gt_engine *e = gt_engine_new(g, err, sizeof err);
    ck_assert_msg(e != NULL, "%s", err);
    /* The suites test the search's switches on the hand-written
     * evaluation, whose search their depths were set by. */
    if (g->features)
        ck_assert_int_eq(gt_engine_set_option(e, "UseNetwork", "false", err, sizeof err), 0);
    if (option)
        ck_assert_msg(gt_engine_set_option(e, option, value, err, sizeof err) == 0,
                      "%s", err);
    FILE *o = open_memstream(&out, &len);
    struct gt_epd_options opt = {.limit = "depth", .value = depth};
    ck_assert_int_eq(gt_epd_run(e, path, &opt, o), 0);
    fclose(o);
    gt_engine_free(e);
    return out;
}

static char *run_file(const struct gt_game *g, const char *path, long depth)
{
    return run_file_with(g, path, depth, NULL, NULL);
}

static char *run_lines(const struct gt_game *g, const char *lines, long depth)
{
    char path[] = "/tmp/check_epd_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(lines, f);
    fclose(f);
    char *out = run_file(g, path, depth);
    remove(path);
    return out;
}

#define EXPECT_IN(out, text) ck_assert_msg(strstr((out), (text)), "no \"%s\" in:\n%s", (text), (out))

/* Mate in one: Qxf5# (d3f5) is the only mate; Qxb1 (d3b1) wins a rook. */
#define SM001 "7B/8/4K1kp/5pp1/6P1/2PQPP2/7P/1r4N1 w - - "

START_TEST(san_suite_solved)
{
    char *out = run_file(CHESS, TEST_DATA_DIR "/chess/san-suite.epd", 20);
    EXPECT_IN(out, "\nsolved 24/24, 0 errors, in ");
    ck_assert_ptr_null(strstr(out, "FAILED"));
    /* Expected and played moves in SAN, then the same in protocol text. */
    EXPECT_IN(out, "  3 solved san-sm003: expected bm Qf7# am O-O dm 1, played Qf7#; "
                   "score mate 1, ");
    EXPECT_IN(out, " (3/3) [bm b3f7 am e1g1 dm 1 played b3f7]\n");
    EXPECT_IN(out, " solved san-sm023: expected bm Rd1 Bb6+ O-O-O dm 5, played ");
    EXPECT_IN(out, "[bm a1d1 c5b6 e1c1 dm 5 played ");
    EXPECT_IN(out, " solved san-perft-promotions: expected bm gxh1=Q am gxf1=Q+ g1=Q, "
                   "played gxh1=Q; ");
    free(out);
}
END_TEST

/* The pruning switches that are off by default keep every mate and
 * study of the suite (each alone; tried in games, doc/strength.md). */
START_TEST(san_suite_solved_with_each_pruning_switch)
{
    static const char *const on[][2] = {
        {"ProbCutDepth", "5"}, {"RazorDepth", "3"},
        {"HistoryPruneDepth", "3"}, {"LMRChecks", "1"},
        {"QSFutilityMargin", "200"}, {"LMRTTPv", "2"},
        {"LMRDeeperMargin", "50"},
    };
    for (size_t i = 0; i < sizeof on / sizeof on[0]; i++) {
        char *out = run_file_with(CHESS, TEST_DATA_DIR "/chess/san-suite.epd", 20,
                                  on[i][0], on[i][1]);
        ck_assert_msg(strstr(out, "\nsolved 24/24, 0 errors, in "), "%s=%s:\n%s",
                      on[i][0], on[i][1], out);
        free(out);
    }
}
END_TEST

START_TEST(wrong_bm_names_expected_and_played)
{
    char *out = run_lines(CHESS, SM001 "bm Qxb1; id \"wrong\";\n", 6);
    EXPECT_IN(out, "  1 FAILED wrong: expected bm Qxb1, played Qxf5#; score mate 1, depth ");
    EXPECT_IN(out, " (0/1) [bm d3b1 played d3f5]\n");
    EXPECT_IN(out, "\nsolved 0/1, 0 errors, in ");
    free(out);
}
END_TEST

START_TEST(moves_compare_as_moves)
{
    /* The same move in SAN, in coordinates, without its mark, or with
     * the rank and file spelled out: all solve, all print as SAN. */
    char *out = run_lines(CHESS,
                          SM001 "bm d3f5; id \"coordinates\";\n"
                          SM001 "bm Qxf5; id \"no mark\";\n"
                          SM001 "bm Qd3xf5#; id \"long\";\n"
                          SM001 "bm Qxb1, Qxf5#; id \"comma\";\n", 6);
    EXPECT_IN(out, "  1 solved coordinates: expected bm Qxf5#, played Qxf5#; ");
    EXPECT_IN(out, "  2 solved no mark: expected bm Qxf5#, played Qxf5#; ");
    EXPECT_IN(out, "  3 solved long: expected bm Qxf5#, played Qxf5#; ");
    EXPECT_IN(out, "  4 solved comma: expected bm Qxb1 Qxf5#, played Qxf5#; ");
    EXPECT_IN(out, "\nsolved 4/4, 0 errors, in ");
    free(out);
}
END_TEST

START_TEST(am_of_the_played_move_fails)
{
    char *out = run_lines(CHESS,
                          SM001 "am Qxf5#; id \"am san\";\n"
                          SM001 "am d3f5; id \"am coordinates\";\n"
                          SM001 "am Qxb1; id \"am other\";\n", 6);
    EXPECT_IN(out, "  1 FAILED am san: expected am Qxf5#, played Qxf5#; ");
    EXPECT_IN(out, "[am d3f5 played d3f5]\n");
    EXPECT_IN(out, "  2 FAILED am coordinates: expected am Qxf5#, played Qxf5#; ");
    EXPECT_IN(out, "  3 solved am other: expected am Qxb1, played Qxf5#; ");
    EXPECT_IN(out, "\nsolved 1/3, 0 errors, in ");
    free(out);
}
END_TEST

START_TEST(rank_disambiguation)
{
    /* Rooks on e1 and e5 both reach e3: R1e3 and R5e3. */
    char *out = run_lines(CHESS, "6k1/5ppp/8/4R3/8/8/8/4R1K1 w - - bm Re8#; am R1e3 R5e3; "
                                 "id \"rank\";\n", 4);
    EXPECT_IN(out, "  1 solved rank: expected bm Re8# am R1e3 R5e3, played Re8#; ");
    EXPECT_IN(out, "[bm e5e8 am e1e3 e5e3 played e5e8]\n");
    free(out);
}
END_TEST

START_TEST(bad_move_text_is_an_error)
{
    char *out = run_lines(CHESS,
                          "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - bm Zf9; "
                          "id \"WAC.003\";\n"
                          SM001 "bm Qh8;\n"
                          "# a comment line is no record\n"
                          "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - bm dxc8=Q; "
                          "am Nc3; id \"ambiguous\";\n"
                          "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - bm Rxa1+; am O-O; id \"O-O\";\n"
                          "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - bm dxc8=Q; "
                          "pv dxc8=Q Qxc8 Kxf2 Qc9; id \"pv\";\n"
                          "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - bm dxc8=Q; "
                          "pv dxc8=Q Qxc8 Kxf2; id \"good pv\";\n"
                          SM001 "bm Qxf5#; id \"after the errors\";\n", 6);
    /* The exact lines: the position's line and id, the operand, and the
     * record notation's reason. */
    EXPECT_IN(out, "epd: line 1 (id \"WAC.003\"): bm 'Zf9' is not a move here: "
                   "bad SAN 'Zf9'\n");
    EXPECT_IN(out, "\nepd: line 2: bm 'Qh8' is not a move here: no legal move matches "
                   "'Qh8'\n");
    EXPECT_IN(out, "\nepd: line 4 (id \"ambiguous\"): am 'Nc3' is not a move here: "
                   "ambiguous move 'Nc3' (Nbc3, Nec3)\n");
    EXPECT_IN(out, "\nepd: line 5 (id \"O-O\"): am 'O-O' is not a move here: "
                   "no legal move matches 'O-O'\n");
    EXPECT_IN(out, "\nepd: line 6 (id \"pv\"): pv 'Qc9' (move 4 of the pv) is not a move "
                   "here: bad SAN 'Qc9'\n");
    /* The run goes on; each error counts in the total, not as solved. */
    EXPECT_IN(out, "  6 solved good pv: expected bm dxc8=Q, played dxc8=Q; ");
    EXPECT_IN(out, "  7 solved after the errors: expected bm Qxf5#, played Qxf5#; ");
    EXPECT_IN(out, "\nsolved 2/7, 5 errors, in ");
    ck_assert_ptr_null(strstr(out, "FAILED"));
    free(out);
}
END_TEST

START_TEST(unknown_opcodes_and_quoted_operands)
{
    struct gt_epd r;
    char err[256];
    ck_assert_int_eq(gt_epd_parse(SM001 "c0 \"bm Qxb1; am Qxf5\"; bm Qxf5#; acd 12; "
                                  "ce -30; my_op_2 \"a ; b\" 3; id \"x; y\"; noop;\n",
                                  &r, err, sizeof err), 1);
    ck_assert_str_eq(r.position, "7B/8/4K1kp/5pp1/6P1/2PQPP2/7P/1r4N1 w - -");
    ck_assert_int_eq(r.nbm, 1);
    ck_assert_str_eq(r.bm[0], "Qxf5#");
    ck_assert_int_eq(r.nam, 0);
    ck_assert_str_eq(r.id, "x; y");
    ck_assert_int_eq(r.nother, 5);
    /* The same line runs: nothing in the quotes or the other operations
     * is read as a move. */
    char *out = run_lines(CHESS, SM001 "c0 \"bm Qxb1; am Qxf5\"; bm Qxf5#; acd 12; "
                                 "ce -30; my_op_2 \"a ; b\" 3; id \"x; y\"; noop;\n", 4);
    EXPECT_IN(out, "  1 solved x; y: expected bm Qxf5#, played Qxf5#; ");
    EXPECT_IN(out, "\nsolved 1/1, 0 errors, in ");
    free(out);
}
END_TEST

START_TEST(summary_line_format)
{
    char *out = run_lines(CHESS, SM001 "bm Qxf5#;\n" SM001 "bm Qxb1;\n" SM001 "bm Zz;\n", 4);
    /* The last line: "solved S/T, E error(s), in X.Y s, nodes N". */
    char *sum = strstr(out, "\nsolved ");
    ck_assert_ptr_nonnull(sum);
    int solved, total, nerrors, n = 0;
    double secs;
    unsigned long long nodes;
    ck_assert_int_eq(sscanf(sum, "\nsolved %d/%d, %d error, in %lf s, nodes %llu\n%n", &solved,
                            &total, &nerrors, &secs, &nodes, &n), 5);
    ck_assert_int_eq(solved, 1);
    ck_assert_int_eq(total, 3);
    ck_assert_int_eq(nerrors, 1);
    ck_assert(secs >= 0 && secs < 60);
    ck_assert(nodes > 0);
    ck_assert_int_eq(sum[n], 0);
    /* One position line per record, numbered in file order. */
    EXPECT_IN(out, "  1 solved 7B/8/4K1kp/5pp1/6P1/2PQPP2/7P/1r4N1 w - -: expected bm Qxf5#, "
                   "played Qxf5#; ");
    EXPECT_IN(out, "  2 FAILED 7B/8/4K1kp/5pp1/6P1/2PQPP2/7P/1r4N1 w - -: expected bm Qxb1, "
                   "played Qxf5#; ");
    EXPECT_IN(out, "\nepd: line 3: bm 'Zz' is not a move here: bad SAN 'Zz'\n");
    free(out);
}
END_TEST

static void chess_setup(void)
{
    ck_assert_int_eq(CHESS->init(), 0);
}

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("epd");
    TCase *tc = tcase_create("epd");
    tcase_add_test(tc, chess_record);
    tcase_add_test(tc, shogi_record_and_am);
    tcase_add_test(tc, comments_and_blanks);
    tcase_add_test(tc, errors);
    tcase_add_test(tc, runner_scores_a_suite);
    suite_add_tcase(s, tc);

    TCase *ch = tcase_create("chess");
    tcase_add_unchecked_fixture(ch, chess_setup, NULL);
    tcase_set_timeout(ch, 120);
    tcase_add_test(ch, san_suite_solved);
    tcase_add_test(ch, san_suite_solved_with_each_pruning_switch);
    tcase_add_test(ch, wrong_bm_names_expected_and_played);
    tcase_add_test(ch, moves_compare_as_moves);
    tcase_add_test(ch, am_of_the_played_move_fails);
    tcase_add_test(ch, rank_disambiguation);
    tcase_add_test(ch, bad_move_text_is_an_error);
    tcase_add_test(ch, unknown_opcodes_and_quoted_operands);
    tcase_add_test(ch, summary_line_format);
    suite_add_tcase(s, ch);
    return s;
}
