/* check_tt.c -- the transposition table: round trips (with the static
 * evaluation), mate scores across plies, replacement and the hashfull
 * figure.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdlib.h>

#include "core/history.h"
#include "core/search.h"
#include "core/tt.h"

START_TEST(store_and_probe)
{
    struct gt_tt tt = {0};
    struct gt_tt_entry_view e;
    ck_assert_int_eq(gt_tt_resize(&tt, 1), 0);
    ck_assert(!gt_tt_probe(&tt, 0x1234567890abcdefull, 0, &e));
    gt_tt_store(&tt, 0x1234567890abcdefull, 0, 77, -153, 9, GT_BOUND_LOWER, -19999, false);
    ck_assert(gt_tt_probe(&tt, 0x1234567890abcdefull, 0, &e));
    ck_assert_uint_eq(e.move, 77);
    ck_assert_int_eq(e.score, -153);
    ck_assert_int_eq(e.depth, 9);
    ck_assert_int_eq(e.bound, GT_BOUND_LOWER);
    ck_assert_int_eq(e.eval, -19999);
    /* Another key in the same bucket is not confused with it, in the
     * high bits or in the low ones (they share the word with the eval). */
    ck_assert(!gt_tt_probe(&tt, 0x1234567890abcdefull ^ (1ull << 40), 0, &e));
    ck_assert(!gt_tt_probe(&tt, 0x1234567890abcdefull ^ (1ull << 62), 0, &e));
    ck_assert(!gt_tt_probe(&tt, 0x1234567890abcdefull ^ (1ull << 15), 0, &e));
    /* A node in check has no static evaluation. */
    gt_tt_store(&tt, 0x1234567890abcdefull, 0, 77, 20, 10, GT_BOUND_EXACT, GT_TT_NO_EVAL, false);
    ck_assert(gt_tt_probe(&tt, 0x1234567890abcdefull, 0, &e));
    ck_assert_int_eq(e.eval, GT_TT_NO_EVAL);
    ck_assert_int_eq(e.depth, 10);
    gt_tt_clear(&tt);
    ck_assert(!gt_tt_probe(&tt, 0x1234567890abcdefull, 0, &e));
    gt_tt_free(&tt);
}
END_TEST

START_TEST(mate_scores_are_relative_to_the_node)
{
    struct gt_tt tt = {0};
    struct gt_tt_entry_view e;
    ck_assert_int_eq(gt_tt_resize(&tt, 1), 0);
    /* Found at ply 3: we mate at ply 8 of the root, 5 plies from here. */
    gt_tt_store(&tt, 42, 3, 0, GT_MATE - 8, 6, GT_BOUND_EXACT, GT_TT_NO_EVAL, false);
    ck_assert(gt_tt_probe(&tt, 42, 3, &e));
    ck_assert_int_eq(e.score, GT_MATE - 8);
    /* The same node reached at ply 1: the mate is 5 plies away, at 6. */
    ck_assert(gt_tt_probe(&tt, 42, 1, &e));
    ck_assert_int_eq(e.score, GT_MATE - 6);
    gt_tt_store(&tt, 43, 4, 0, -GT_MATE + 10, 6, GT_BOUND_UPPER, GT_TT_NO_EVAL, false);
    ck_assert(gt_tt_probe(&tt, 43, 2, &e));
    ck_assert_int_eq(e.score, -GT_MATE + 8);
    /* Ordinary scores are left alone. */
    ck_assert_int_eq(gt_score_to_tt(250, 7), 250);
    ck_assert_int_eq(gt_score_from_tt(-250, 7), -250);
    gt_tt_free(&tt);
}
END_TEST

START_TEST(deep_entries_survive_a_full_bucket)
{
    struct gt_tt tt = {0};
    struct gt_tt_entry_view e;
    ck_assert_int_eq(gt_tt_resize(&tt, 1), 0);
    uint64_t stride = tt.buckets;   /* same bucket, different keys */
    gt_tt_store(&tt, 5, 0, 1, 10, 20, GT_BOUND_EXACT, GT_TT_NO_EVAL, false);
    for (uint64_t i = 1; i <= 8; i++)
        gt_tt_store(&tt, 5 + i * stride, 0, 2, 0, 1, GT_BOUND_EXACT, GT_TT_NO_EVAL, false);
    ck_assert(gt_tt_probe(&tt, 5, 0, &e));
    ck_assert_int_eq(e.depth, 20);
    gt_tt_free(&tt);
}
END_TEST

/* The PV mark is kept as stored: the search passes it on itself (a node
 * reached again takes the mark its entry has). */
START_TEST(the_pv_mark_is_kept)
{
    struct gt_tt tt = {0};
    struct gt_tt_entry_view e;
    ck_assert_int_eq(gt_tt_resize(&tt, 1), 0);
    gt_tt_store(&tt, 9, 0, 11, -GT_MATE + 20, 12, GT_BOUND_UPPER, 7, true);
    ck_assert(gt_tt_probe(&tt, 9, 4, &e));
    ck_assert(e.pv);
    /* The top bit of the word does not spill into the fields beside it. */
    ck_assert_uint_eq(e.move, 11);
    ck_assert_int_eq(e.score, -GT_MATE + 24);
    ck_assert_int_eq(e.depth, 12);
    ck_assert_int_eq(e.bound, GT_BOUND_UPPER);
    ck_assert_int_eq(e.eval, 7);
    gt_tt_store(&tt, 9, 0, 12, 30, 4, GT_BOUND_LOWER, 7, false);
    ck_assert(gt_tt_probe(&tt, 9, 0, &e));
    ck_assert(!e.pv);
    ck_assert_uint_eq(e.move, 12);
    ck_assert_int_eq(e.depth, 4);
    /* Ages wrap at 32 searches without disturbing the mark. */
    for (int i = 0; i < 40; i++)
        gt_tt_new_search(&tt);
    gt_tt_store(&tt, 9, 0, 13, 5, 255, GT_BOUND_EXACT, 7, true);
    ck_assert(gt_tt_probe(&tt, 9, 0, &e));
    ck_assert(e.pv);
    ck_assert_int_eq(e.depth, 255);
    ck_assert_int_eq(e.bound, GT_BOUND_EXACT);
    gt_tt_free(&tt);
}
END_TEST

START_TEST(hashfull_counts_this_search)
{
    struct gt_tt tt = {0};
    ck_assert_int_eq(gt_tt_resize(&tt, 1), 0);
    ck_assert_int_eq(gt_tt_hashfull(&tt), 0);
    for (uint64_t k = 0; k < 250; k++)
        gt_tt_store(&tt, k, 0, 1, 0, 1, GT_BOUND_EXACT, GT_TT_NO_EVAL, false);
    ck_assert_int_eq(gt_tt_hashfull(&tt), 250);   /* one way of four per bucket */
    gt_tt_new_search(&tt);
    ck_assert_int_eq(gt_tt_hashfull(&tt), 0);
    gt_tt_free(&tt);
}
END_TEST

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("tt");
    TCase *tc = tcase_create("tt");
    tcase_add_test(tc, store_and_probe);
    tcase_add_test(tc, mate_scores_are_relative_to_the_node);
    tcase_add_test(tc, deep_entries_survive_a_full_bucket);
    tcase_add_test(tc, the_pv_mark_is_kept);
    tcase_add_test(tc, hashfull_counts_this_search);
    suite_add_tcase(s, tc);
    return s;
}
