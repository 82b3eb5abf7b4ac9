/* check_history.c -- the per-thread move statistics outlive a search,
 * grow with the thread count, and are forgotten at a new game. */
#include <config.h>
#include <check.h>

#include "history.h"

START_TEST(reserve_keeps_what_was_learnt)
{
    struct gt_histories h = {0};
    ck_assert_int_eq(gt_histories_reserve(&h, 100, 1), 0);
    ck_assert_int_eq(h.n, 1);
    /* Fresh tables are zero, continuation rows included. */
    ck_assert_int_eq(h.set[0].butterfly[199], 0);
    ck_assert_uint_eq(h.set[0].counter[99], GT_MOVE_NONE);
    ck_assert_int_eq(h.set[0].cont[100 * 100 - 1], 0);
    h.set[0].butterfly[5] = 321;
    h.set[0].counter[7] = 42;
    h.set[0].cont[99 * 100 + 3] = -77;
    /* More threads: the first set keeps its numbers, the new one is zero. */
    ck_assert_int_eq(gt_histories_reserve(&h, 100, 3), 0);
    ck_assert_int_eq(h.n, 3);
    ck_assert_int_eq(h.set[0].butterfly[5], 321);
    ck_assert_uint_eq(h.set[0].counter[7], 42);
    ck_assert_int_eq(h.set[0].cont[99 * 100 + 3], -77);
    ck_assert_int_eq(h.set[2].cont[99 * 100 + 3], 0);
    /* Fewer threads: nothing is lost. */
    ck_assert_int_eq(gt_histories_reserve(&h, 100, 1), 0);
    ck_assert_int_eq(h.n, 3);
    ck_assert_int_eq(h.set[0].butterfly[5], 321);
    gt_histories_free(&h);
    ck_assert_int_eq(h.n, 0);
}
END_TEST

START_TEST(clear_forgets_everything)
{
    struct gt_histories h = {0};
    ck_assert_int_eq(gt_histories_reserve(&h, 10, 2), 0);
    h.set[1].butterfly[19] = 5;
    h.set[1].counter[9] = 6;
    h.set[1].cont[99] = 7;
    gt_histories_clear(&h);
    ck_assert_int_eq(h.set[1].butterfly[19], 0);
    ck_assert_uint_eq(h.set[1].counter[9], GT_MOVE_NONE);
    ck_assert_int_eq(h.set[1].cont[99], 0);
    gt_histories_free(&h);
}
END_TEST

START_TEST(another_game_gets_new_tables)
{
    struct gt_histories h = {0};
    ck_assert_int_eq(gt_histories_reserve(&h, 10, 1), 0);
    h.set[0].butterfly[3] = 9;
    /* A game with another move-index count: tables of its own size. */
    ck_assert_int_eq(gt_histories_reserve(&h, 20, 1), 0);
    ck_assert_uint_eq(h.count, 20);
    ck_assert_int_eq(h.set[0].butterfly[3], 0);
    ck_assert_int_eq(h.set[0].cont[20 * 20 - 1], 0);
    gt_histories_free(&h);
}
END_TEST

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("history");
    TCase *tc = tcase_create("history");
    tcase_add_test(tc, reserve_keeps_what_was_learnt);
    tcase_add_test(tc, clear_forgets_everything);
    tcase_add_test(tc, another_game_gets_new_tables);
    suite_add_tcase(s, tc);
    return s;
}
