/* check_history.c -- the per-thread history tables: zeroed, of the
 * game's size, one set per thread, and apart from each other.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>

#include "core/history.h"

START_TEST(tables_start_at_zero_and_do_not_overlap)
{
    struct gt_histories h = {0};
    ck_assert_int_eq(gt_histories_alloc(&h, 100, 3), 0);
    ck_assert_int_eq(h.n, 3);
    ck_assert_uint_eq(h.count, 100);
    for (int t = 0; t < 3; t++) {
        struct gt_history *s = &h.set[t];
        for (int i = 0; i < 2 * 100; i++)
            ck_assert_int_eq(s->butterfly[i], 0);
        for (int i = 0; i < 100; i++)
            ck_assert_uint_eq(s->counter[i], GT_MOVE_NONE);
        for (int i = 0; i < 100 * 100; i++)
            ck_assert_int_eq(s->cont[i], 0);
        /* Fill each table to its last entry: none reaches the next. */
        for (int i = 0; i < 2 * 100; i++)
            s->butterfly[i] = -1;
        ck_assert_uint_eq(s->counter[0], GT_MOVE_NONE);
        for (int i = 0; i < 100; i++)
            s->counter[i] = 7;
        ck_assert_int_eq(s->cont[0], 0);
        for (int i = 0; i < 100 * 100; i++)
            s->cont[i] = 5;
        ck_assert_int_eq(s->butterfly[2 * 100 - 1], -1);
        ck_assert_uint_eq(s->counter[99], 7);
    }
    /* Threads do not share tables. */
    h.set[0].cont[42] = 9;
    ck_assert_int_eq(h.set[1].cont[42], 5);
    gt_histories_free(&h);
    ck_assert_int_eq(h.n, 0);
    ck_assert_ptr_null(h.set);
}
END_TEST

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("history");
    TCase *tc = tcase_create("history");
    tcase_add_test(tc, tables_start_at_zero_and_do_not_overlap);
    suite_add_tcase(s, tc);
    return s;
}
