/* check_staged.c -- a game that lists its quiet moves apart (GT_GEN_QUIET)
 * gets them from the search only when the noisy moves have not cut the
 * node; the search must still walk the same tree as from one list: the
 * same best move, score and node count with the flag on and off.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>

#include "engine/engine.h"

extern const struct gt_game shogi_LTX_gt_module;
#define SHOGI (&shogi_LTX_gt_module)

/* An opening, a middlegame with hands, and matsuri's checks and drops. */
static const char *const shogi_pos[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "ln1g3nl/1r1s1kg2/p1pp1p1pp/4p1p2/1p7/2P1S1P2/PP1PPP2P/2G1K2R1/LNS2G1NL b BPbp 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    NULL,
};

static struct gt_search_result search(const struct gt_game *g, const char *text, int depth)
{
    char err[256];
    struct gt_engine *e = gt_engine_new(g, err, sizeof err);
    ck_assert_msg(e != NULL, "%s", err);
    ck_assert_int_eq(gt_engine_set_option(e, "USI_Hash", "4", err, sizeof err), 0);
    ck_assert_msg(gt_engine_set_position(e, text, NULL, err, sizeof err) == 0, "%s", err);
    gt_engine_new_game(e);
    struct gt_limits lim = {.depth = depth};
    struct gt_search_result res;
    ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
    gt_engine_free(e);
    return res;
}

START_TEST(shogi_same_tree_in_stages)
{
    ck_assert_int_eq(SHOGI->init(), 0);  /* what the registry would call */
    ck_assert(SHOGI->flags & GT_FLAG_GEN_QUIET);
    struct gt_game one_list = *SHOGI;
    one_list.flags &= ~(unsigned)GT_FLAG_GEN_QUIET;
    for (int i = 0; shogi_pos[i]; i++) {
        struct gt_search_result a = search(SHOGI, shogi_pos[i], 8);
        struct gt_search_result b = search(&one_list, shogi_pos[i], 8);
        ck_assert_msg(a.nodes == b.nodes && a.best == b.best && a.score == b.score,
                      "%s: in stages %llu nodes, best %x, score %d; one list "
                      "%llu nodes, best %x, score %d", shogi_pos[i],
                      (unsigned long long)a.nodes, a.best, a.score,
                      (unsigned long long)b.nodes, b.best, b.score);
        ck_assert_uint_gt(a.nodes, 1000);
    }
}
END_TEST

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("staged");
    TCase *tc = tcase_create("shogi");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, shogi_same_tree_in_stages);
    suite_add_tcase(s, tc);
    return s;
}
