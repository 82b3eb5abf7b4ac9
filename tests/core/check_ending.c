/* check_ending.c -- what the core makes of a game's end, on tic-tac-toe:
 * who won and in whose words (core/ending.c), the scores of decided games
 * with and without a margin, the real pass, and perft's rule for games
 * that end before the last ply, against tic-tac-toe's known game counts.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "core/ending.h"
#include "core/perft.h"
#include "core/search.h"

extern const struct gt_game tictactoe_LTX_gt_module;
#define TTT (&tictactoe_LTX_gt_module)

static char pos[256];
static gt_move buf[16];

static void set(const struct gt_game *g, const char *text)
{
    char err[256];
    ck_assert_uint_le(g->pos_size, sizeof pos);
    ck_assert_msg(g->from_text(pos, text, err, sizeof err) == 0, "%s: %s", text, err);
}

static const char *ending(const struct gt_game *g, const char *text)
{
    static char out[256];
    struct gt_ending end;
    set(g, text);
    if (!gt_game_ended(g, pos, 0, buf, &end))
        return "not over";
    gt_ending_text(g, &end, out, sizeof out);
    return out;
}

START_TEST(who_won_in_the_games_words)
{
    ck_assert_str_eq(ending(TTT, "xxxoo.... o"), "x wins: three in a row");
    ck_assert_str_eq(ending(TTT, "ooo.xx.x. x"), "o wins: three in a row");
    ck_assert_str_eq(ending(TTT, "xoxxoxoxo o"), "draw: board full");
    ck_assert_str_eq(ending(TTT, "xo....... x"), "not over");
    struct gt_ending end;
    set(TTT, "xxxoo.... o");
    ck_assert(gt_game_ended(TTT, pos, 0, buf, &end));
    ck_assert_int_eq(end.outcome, GT_LOSS);
    ck_assert_int_eq(end.winner, 0);
    ck_assert_int_eq(end.margin, 0);
}
END_TEST

static int margin_250(const void *p) { (void)p; return 250; }
static int margin_huge(const void *p) { (void)p; return 5 * GT_MARGIN_MAX; }

/* A game without names or reasons gets neutral ones; a margin is shown
 * in the game's units. */
START_TEST(neutral_words_and_margins)
{
    struct gt_game g = *TTT;
    g.side_names[0] = g.side_names[1] = NULL;
    g.end_reason = NULL;
    ck_assert_str_eq(ending(&g, "xxxoo.... o"), "first wins: game rule");
    g.final_margin = margin_250;
    ck_assert_str_eq(ending(&g, "xxxoo.... o"), "first wins by 2.5: game rule");
    ck_assert_str_eq(ending(&g, "xoxxoxoxo o"), "draw: no legal move");
    ck_assert_str_eq(gt_side_name(TTT, 1), "o");
}
END_TEST

/* Won games score above every evaluation: by margin when the game has
 * one (the same at any distance), else by the distance to the mate. */
START_TEST(decided_scores)
{
    struct gt_game g = *TTT;
    set(&g, "xxxoo.... o");
    ck_assert_int_eq(gt_outcome_score(&g, pos, GT_LOSS, 3), -GT_MATE + 3);
    ck_assert_int_eq(gt_outcome_score(&g, pos, GT_WIN, 3), GT_MATE - 3);
    ck_assert_int_eq(gt_outcome_score(&g, pos, GT_DRAW, 3), 0);
    g.final_margin = margin_250;
    ck_assert_int_eq(gt_outcome_score(&g, pos, GT_LOSS, 3), -(GT_EVAL_MAX + 250));
    ck_assert_int_eq(gt_outcome_score(&g, pos, GT_WIN, 9), GT_EVAL_MAX + 250);
    ck_assert(gt_is_decided_score(GT_EVAL_MAX + 250));
    ck_assert(!gt_is_mate_score(GT_EVAL_MAX + 250));
    ck_assert(!gt_is_decided_score(GT_EVAL_MAX));
    g.final_margin = margin_huge;
    ck_assert_int_eq(gt_outcome_score(&g, pos, GT_WIN, 0), GT_EVAL_MAX + GT_MARGIN_MAX);
    ck_assert(GT_EVAL_MAX + GT_MARGIN_MAX < GT_MATE_IN_MAX);
}
END_TEST

START_TEST(the_real_pass)
{
    struct gt_game g = *TTT;
    ck_assert(!gt_is_pass(&g, 5));
    ck_assert(!gt_is_pass(&g, GT_MOVE_NONE));
    g.pass_move = 10;
    ck_assert(gt_is_pass(&g, 10));
    ck_assert(!gt_is_pass(&g, GT_MOVE_NULL));
}
END_TEST

/* Tic-tac-toe has 255,168 games (every sequence of moves to a win or a
 * full board) and 127,872 of them last all nine plies: perft 9 counts the
 * second, or the first when games that end early are leaves. */
START_TEST(perft_rule_for_early_ends)
{
    struct gt_game g = *TTT;
    set(&g, g.startpos);
    ck_assert_uint_eq(gt_perft(&g, pos, 9, NULL, NULL), 127872);
    g.flags |= GT_FLAG_PERFT_ENDED_IS_LEAF;
    ck_assert_uint_eq(gt_perft(&g, pos, 9, NULL, NULL), 255168);
    /* A finished game is one leaf at any depth, and with the flag only. */
    set(&g, "xxxoo.... o");
    ck_assert_uint_eq(gt_perft(&g, pos, 3, NULL, NULL), 1);
    g.flags = 0;
    ck_assert_uint_eq(gt_perft(&g, pos, 3, NULL, NULL), 0);
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    Suite *s = suite_create("ending");
    TCase *tc = tcase_create("ending");
    tcase_add_test(tc, who_won_in_the_games_words);
    tcase_add_test(tc, neutral_words_and_margins);
    tcase_add_test(tc, decided_scores);
    tcase_add_test(tc, the_real_pass);
    tcase_add_test(tc, perft_rule_for_early_ends);
    suite_add_tcase(s, tc);
    return s;
}
