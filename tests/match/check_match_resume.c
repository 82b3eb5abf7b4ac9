/* check_match_resume.c -- reading back what a match wrote (--resume):
 * PGN games by their Round tag, a game cut off mid-write left out, the
 * record lines, the two files brought to the games both hold or refused
 * when they disagree; and the standings of three engines from the pairs'
 * tallies.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <math.h>
#include <string.h>

#include "match/match_resume.h"
#include "match/match_standings.h"

static const char game1[] =
    "[Event \"gtsearch match\"]\n[Site \"?\"]\n[Date \"2025.01.01\"]\n[Round \"1\"]\n"
    "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Variant \"connect4\"]\n"
    "[Termination \"time forfeit\"]\n[TimeControl \"-\"]\n[PlyCount \"3\"]\n\n"
    "1. d {+0.15/5 0.002s} d {+0.12/4 0.001s} 2. d {1-0 is not an end in a comment,\n"
    "o lost on time} 1-0\n\n";
/* Minimal PGN from a set-up position. */
static const char game2[] =
    "[Event \"gtsearch match\"]\n[Site \"?\"]\n[Date \"2025.01.01\"]\n[Round \"2\"]\n"
    "[White \"B\"]\n[Black \"A\"]\n[Result \"1/2-1/2\"]\n[SetUp \"1\"]\n"
    "[FEN \"some position\"]\n[Termination \"adjudication\"]\n\n1. d d 1/2-1/2\n\n";
static const char cut[] = "[Event \"gtsearch match\"]\n[Site \"?\"]\n[Da";

START_TEST(pgn_games_by_round_and_a_cut_game_left_out)
{
    char text[2048], err[256];
    snprintf(text, sizeof text, "%s%s%s", game1, game2, cut);
    struct gt_resume r;
    ck_assert_int_eq(gt_resume_parse_pgn(text, "g.pgn", &r, err, sizeof err), 0);
    ck_assert_int_eq(r.n, 2);
    ck_assert(r.pgn);
    ck_assert_int_eq(r.v[0].number, 1);
    ck_assert_str_eq(r.v[0].first, "A");
    ck_assert_str_eq(r.v[0].second, "B");
    ck_assert_int_eq(r.v[0].result, 1);
    ck_assert_int_eq(r.v[0].end, GT_END_TIME);
    ck_assert_ptr_null(r.v[0].start);
    ck_assert(r.v[0].has_variant);
    ck_assert_str_eq(r.v[0].variant, "connect4");
    ck_assert_int_eq(r.v[1].number, 2);
    ck_assert_int_eq(r.v[1].result, 0);
    ck_assert_int_eq(r.v[1].end, GT_END_ADJUDICATED);
    ck_assert_str_eq(r.v[1].start, "some position");
    ck_assert(!r.v[1].has_variant);
    ck_assert_uint_eq(r.v[1].start_offset, strlen(game1));
    ck_assert_uint_eq(r.complete, strlen(game1) + strlen(game2));
    ck_assert_uint_eq(r.size, strlen(text));
    ck_assert_int_eq(gt_resume_reconcile(&r, NULL, err, sizeof err), 0);
    ck_assert_uint_eq(r.keep, strlen(game1) + strlen(game2));
    gt_resume_free(&r);

    /* A game whose movetext is cut before its result is no game. */
    snprintf(text, sizeof text, "%s%.*s", game1, (int)strlen(game2) - 10, game2);
    ck_assert_int_eq(gt_resume_parse_pgn(text, "g.pgn", &r, err, sizeof err), 0);
    ck_assert_int_eq(r.n, 1);
    ck_assert_uint_eq(r.complete, strlen(game1));
    gt_resume_free(&r);
}
END_TEST

START_TEST(a_pgn_game_without_round_is_refused)
{
    char err[256];
    struct gt_resume r;
    const char *text = "[Event \"x\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
                       "1. e4 1-0\n\n";
    ck_assert_int_eq(gt_resume_parse_pgn(text, "g.pgn", &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "g.pgn:1: the game has no Round tag"), "%s", err);
    ck_assert_int_eq(gt_resume_parse_pgn("1. e4 e5 *\n", "g.pgn", &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "g.pgn:1: movetext without tags"), "%s", err);
}
END_TEST

static const char lines[] =
    "game=1 first=\"A\" second=\"B\" result=0-1 end=crash reason=\"A crashed\" "
    "position startpos moves d d\n"
    "game=2 first=\"B\" second=\"A\" result=1/2-1/2 end=rule reason=\"draw\" "
    "position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2\n"
    "game=3 first=\"A\" second=\"B\" result=1-0 end=ru";

START_TEST(record_lines_and_a_cut_line)
{
    char err[256];
    struct gt_resume r;
    ck_assert_int_eq(gt_resume_parse_lines(lines, "g.rec", &r, err, sizeof err), 0);
    ck_assert(!r.pgn);
    ck_assert_int_eq(r.n, 2);
    ck_assert_int_eq(r.v[0].number, 1);
    ck_assert_int_eq(r.v[0].result, -1);
    ck_assert_int_eq(r.v[0].end, GT_END_CRASH);
    ck_assert_ptr_null(r.v[0].start);
    ck_assert_str_eq(r.v[1].first, "B");
    ck_assert_int_eq(r.v[1].end, GT_END_RULE);
    ck_assert_str_eq(r.v[1].start, "8/8/8/8/8/8/8/K6k w - - 0 1");
    ck_assert_uint_eq(r.complete, strstr(lines, "game=3") - lines);
    gt_resume_free(&r);
    ck_assert_int_eq(gt_resume_parse_lines("game=1 first=\"A\" result=1-0\n", "g.rec", &r, err,
                                           sizeof err), -1);
    ck_assert_msg(strstr(err, "g.rec:1: not a record line"), "%s", err);
}
END_TEST

/* A file of the given game numbers, each game its own "line". */
static void numbers(struct gt_resume *r, const char *file, const int *v, int n)
{
    char text[1024] = "";
    for (int i = 0; i < n; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text),
                 "game=%d first=\"A\" second=\"B\" result=1-0 end=rule reason=\"x\" "
                 "position startpos\n", v[i]);
    char err[256];
    ck_assert_int_eq(gt_resume_parse_lines(text, file, r, err, sizeof err), 0);
    ck_assert_int_eq(r->n, n);
}

START_TEST(two_files_agree_on_the_games_both_hold)
{
    char err[256];
    struct gt_resume a, b;
    /* Killed between writing game 3 to the one and to the other. */
    numbers(&a, "a", (int[]){1, 2, 3}, 3);
    numbers(&b, "b", (int[]){1, 2}, 2);
    ck_assert_int_eq(gt_resume_reconcile(&a, &b, err, sizeof err), 0);
    ck_assert_int_eq(a.n, 2);
    ck_assert_int_eq(b.n, 2);
    ck_assert_uint_eq(a.keep, b.size);
    ck_assert_uint_eq(b.keep, b.size);
    gt_resume_free(&a);
    gt_resume_free(&b);
    /* A game missing in the middle is no interruption. */
    numbers(&a, "a", (int[]){1, 3}, 2);
    numbers(&b, "b", (int[]){1, 2, 3}, 3);
    ck_assert_int_eq(gt_resume_reconcile(&a, &b, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "'b' has game 2, which 'a' lacks"), "%s", err);
    gt_resume_free(&a);
    gt_resume_free(&b);
    numbers(&a, "a", (int[]){1, 2, 1}, 3);
    ck_assert_int_eq(gt_resume_reconcile(&a, NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "a:3: game 1 again (first at line 1)"), "%s", err);
    gt_resume_free(&a);
}
END_TEST

START_TEST(standings_from_the_score_against_the_field)
{
    /* For the pair's first: A-B +2 =2, A-C +1 -1 =2, B-C -4. */
    struct gt_match_summary sum = {.npairs = 3,
                                   .pair_a = {0, 0, 1},
                                   .pair_b = {1, 2, 2}};
    sum.tally[0] = (struct gt_match_tally){.wins = 2, .losses = 0, .draws = 2};
    sum.tally[1] = (struct gt_match_tally){.wins = 1, .losses = 1, .draws = 2};
    sum.tally[2] = (struct gt_match_tally){.wins = 0, .losses = 4, .draws = 0};
    struct gt_standing rows[3];
    ck_assert_int_eq(gt_standings(&sum, 3, rows), 3);
    /* C: 1 + 4 wins, 1 loss, 2 draws = 6/8; A: 3 + 2 = 5/8; B: 1/8. */
    ck_assert_int_eq(rows[0].engine, 2);
    ck_assert_int_eq(rows[0].wins, 5);
    ck_assert_int_eq(rows[0].losses, 1);
    ck_assert_int_eq(rows[0].draws, 2);
    ck_assert_int_eq(rows[1].engine, 0);
    ck_assert_int_eq(rows[2].engine, 1);
    ck_assert_int_eq(rows[2].wins, 0);
    ck_assert_int_eq(rows[2].losses, 6);
    ck_assert_int_eq(rows[2].draws, 2);
    ck_assert_double_eq_tol(rows[0].elo.score, 0.75, 1e-12);
    ck_assert_double_eq_tol(rows[0].elo.elo, -400 * log10(1 / 0.75 - 1), 1e-9);
    ck_assert_double_eq_tol(rows[1].elo.score, 0.625, 1e-12);
    ck_assert_int_eq(rows[2].elo.games, 8);
    ck_assert(rows[0].elo.elo_lo < rows[0].elo.elo && rows[0].elo.elo < rows[0].elo.elo_hi);
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    Suite *s = suite_create("match_resume");
    TCase *tc = tcase_create("resume");
    tcase_add_test(tc, pgn_games_by_round_and_a_cut_game_left_out);
    tcase_add_test(tc, a_pgn_game_without_round_is_refused);
    tcase_add_test(tc, record_lines_and_a_cut_line);
    tcase_add_test(tc, two_files_agree_on_the_games_both_hold);
    tcase_add_test(tc, standings_from_the_score_against_the_field);
    suite_add_tcase(s, tc);
    return s;
}
