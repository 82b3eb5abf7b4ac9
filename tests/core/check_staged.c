/* check_staged.c -- a game that lists its quiet moves apart (GT_GEN_QUIET)
 * gets them from the search only when the noisy moves have not cut the
 * node; the search must still walk the same tree as from one list: the
 * same best move, score and node count with the flag on and off, in
 * shogi and in chess, with losing noisy moves in the list's order and
 * held back to the end (BadNoisyLast), with capture history, and with
 * late quiet moves pruned at their reduced depth (PruneAtLMRDepth).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"

extern const struct gt_game chess_LTX_gt_module;
extern const struct gt_game shogi_LTX_gt_module;
#define CHESS (&chess_LTX_gt_module)
#define SHOGI (&shogi_LTX_gt_module)

#include "search_positions.h"

static struct gt_search_result search(const struct gt_game *g, const char *text, int depth,
                                      const char *option)
{
    char err[256];
    struct gt_engine *e = gt_engine_new(g, err, sizeof err);
    ck_assert_msg(e != NULL, "%s", err);
    const char *hash = g->dialect == GT_USI ? "USI_Hash" : "Hash";
    ck_assert_int_eq(gt_engine_set_option(e, hash, "4", err, sizeof err), 0);
    /* "Name=value": a search option (the two techniques of the picker). */
    if (option) {
        char name[64];
        const char *eq = strchr(option, '=');
        snprintf(name, sizeof name, "%.*s", (int)(eq - option), option);
        ck_assert_int_eq(gt_engine_set_option(e, name, eq + 1, err, sizeof err), 0);
    }
    ck_assert_msg(gt_engine_set_position(e, text, NULL, err, sizeof err) == 0, "%s", err);
    gt_engine_new_game(e);
    struct gt_limits lim = {.depth = depth};
    struct gt_search_result res;
    ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
    gt_engine_free(e);
    return res;
}

/* The game as it is against the same game with the flag cleared. */
static void same_tree(const struct gt_game *g, const char *const *list, int depth,
                      const char *option)
{
    ck_assert_int_eq(g->init ? g->init() : 0, 0);  /* as the registry would */
    ck_assert(g->flags & GT_FLAG_GEN_QUIET);
    struct gt_game one_list = *g;
    one_list.flags &= ~(unsigned)GT_FLAG_GEN_QUIET;
    for (int i = 0; list[i]; i++) {
        struct gt_search_result a = search(g, list[i], depth, option);
        struct gt_search_result b = search(&one_list, list[i], depth, option);
        ck_assert_msg(a.nodes == b.nodes && a.best == b.best && a.score == b.score,
                      "%s: in stages %llu nodes, best %x, score %d; one list "
                      "%llu nodes, best %x, score %d", list[i],
                      (unsigned long long)a.nodes, a.best, a.score,
                      (unsigned long long)b.nodes, b.best, b.score);
        ck_assert_uint_gt(a.nodes, 1000);
    }
}

START_TEST(shogi_same_tree_in_stages) { same_tree(SHOGI, shogi_pos, 8, NULL); }
END_TEST

START_TEST(chess_same_tree_in_stages) { same_tree(CHESS, chess_pos, 9, NULL); }
END_TEST

START_TEST(shogi_same_tree_bad_noisy_last)
{
    same_tree(SHOGI, shogi_pos, 7, "BadNoisyLast=true");
}
END_TEST

START_TEST(chess_same_tree_bad_noisy_last)
{
    same_tree(CHESS, chess_pos, 9, "BadNoisyLast=true");
}
END_TEST

START_TEST(chess_same_tree_capture_history)
{
    same_tree(CHESS, chess_pos, 9, "CaptureHistory=8");
}
END_TEST

/* Pruning at the reduced depth still only grows stronger along a node's
 * quiet moves, so skipping the rest is exact in stages too. */
START_TEST(chess_same_tree_prune_lmr_depth)
{
    same_tree(CHESS, chess_pos, 9, "PruneAtLMRDepth=true");
}
END_TEST

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("staged");
    TCase *tc = tcase_create("same tree");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, shogi_same_tree_in_stages);
    tcase_add_test(tc, chess_same_tree_in_stages);
    tcase_add_test(tc, shogi_same_tree_bad_noisy_last);
    tcase_add_test(tc, chess_same_tree_bad_noisy_last);
    tcase_add_test(tc, chess_same_tree_capture_history);
    tcase_add_test(tc, chess_same_tree_prune_lmr_depth);
    suite_add_tcase(s, tc);
    return s;
}
