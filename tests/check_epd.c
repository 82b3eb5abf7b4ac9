/* check_epd.c -- the EPD parser (chess and shogi forms, every error text)
 * and the suite runner on a small game without notations.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "cli/epd.h"

extern const struct gt_game tictactoe_LTX_gt_module;

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

    return s;
}
