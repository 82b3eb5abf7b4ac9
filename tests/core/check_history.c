/* check_history.c -- the per-thread history tables: zeroed, of the
 * game's size, one set per thread, and apart from each other.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>

#include <stdlib.h>

#include "core/history.h"
#include "core/params.h"
#include "core/worker.h"

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
        for (int i = 0; i < 100; i++)
            ck_assert_int_eq(s->capture[i], 0);
        const int ncorr = GT_CORRECTION_KEYS * 2 * GT_CORRECTION_SIZE;
        for (int i = 0; i < ncorr; i++)
            ck_assert_int_eq(s->correction[i], 0);
        for (int i = 0; i < ncorr; i++)
            s->correction[i] = 3;
        ck_assert_int_eq(s->butterfly[0], 0);
        /* Fill each table to its last entry: none reaches the next. */
        for (int i = 0; i < 2 * 100; i++)
            s->butterfly[i] = -1;
        ck_assert_uint_eq(s->counter[0], GT_MOVE_NONE);
        for (int i = 0; i < 100; i++)
            s->counter[i] = 7;
        ck_assert_int_eq(s->cont[0], 0);
        for (int i = 0; i < 100 * 100; i++)
            s->cont[i] = 5;
        ck_assert_int_eq(s->capture[0], 0);
        for (int i = 0; i < 100; i++)
            s->capture[i] = 11;
        ck_assert_int_eq(s->cont[100 * 100 - 1], 5);
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

/* A game with three correction keys and a side to move; its position is
 * that side alone. */
static int three_keys(const void *pos, uint64_t *keys)
{
    (void)pos;
    keys[0] = 1;
    keys[1] = 2;
    keys[2] = 3 + GT_CORRECTION_SIZE;   /* the table wraps: entry 3 */
    return 3;
}

static int side_of_pos(const void *pos) { return *(const int *)pos; }

/* The correction: learnt in the direction a node's result shows, added
 * to the evaluation with the weight, per side to move. */
START_TEST(correction_learns_and_corrects)
{
    static struct gt_worker w;   /* large: not on the stack */
    struct gt_game g = {.correction_keys = three_keys, .side = side_of_pos};
    struct gt_search_params p = {0};
    gt_search_param_defaults(p.sp);
    p.sp[GT_SP_CORRECTION] = 100;
    int side = 0;
    w.g = &g;
    w.p = &p;
    w.pos = &side;
    w.correction = calloc(GT_CORRECTION_ENTRIES, sizeof(int16_t));
    ck_assert_ptr_nonnull(w.correction);
    struct gt_frame *f = &w.stack[0];
    /* The entries of the three keys for side 0: table k, row 2k. */
    int16_t *e0 = &w.correction[1], *e1 = &w.correction[2 * GT_CORRECTION_SIZE + 2],
            *e2 = &w.correction[4 * GT_CORRECTION_SIZE + 3];

    ck_assert_int_eq(gt_corrected_eval(&w, 0, 50), 50);
    ck_assert_int_eq(f->raw_eval, 50);
    ck_assert_int_eq(f->ncorr, 3);
    /* A move beat the evaluation by 100 at depth 8: each entry +100. */
    f->static_eval = 50;
    gt_correction_update(&w, 0, 150, 8, true);
    ck_assert_int_eq(*e0, 100);
    ck_assert_int_eq(*e1, 100);
    ck_assert_int_eq(*e2, 100);
    ck_assert_int_eq(f->static_eval = gt_corrected_eval(&w, 0, 50), 50 + 300 * 100 / 800);
    /* A best move that stayed below the evaluation teaches nothing (the
     * direction must match the result), nor does a decided score. */
    gt_correction_update(&w, 0, 0, 8, true);
    gt_correction_update(&w, 0, GT_MATE - 3, 8, true);
    ck_assert_int_eq(*e0, 100);
    /* All moves failed low, 187 below: -187, less "gravity" 100 * 187 / 1024. */
    gt_correction_update(&w, 0, -100, 8, false);
    ck_assert_int_eq(*e2, 100 - 187 - 18);
    ck_assert_int_eq(gt_corrected_eval(&w, 0, 50), 50 + 3 * -105 * 100 / 800);
    /* The bonus is capped (a quarter of the limit), the other side has
     * its own entries, and weight 0 switches it all off. */
    gt_correction_update(&w, 0, 5000, 64, true);
    ck_assert_int_eq(*e1, -105 + 256 - -105 * 256 / 1024);
    /* A corrected evaluation stays below the decided scores. */
    ck_assert_int_eq(gt_corrected_eval(&w, 0, GT_EVAL_MAX - 1), GT_EVAL_MAX);
    side = 1;
    ck_assert_int_eq(gt_corrected_eval(&w, 0, 50), 50);
    side = 0;
    p.sp[GT_SP_CORRECTION] = 0;
    ck_assert_int_eq(gt_corrected_eval(&w, 0, 50), 50);
    ck_assert_int_eq(f->ncorr, 0);
    free(w.correction);
}
END_TEST

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("history");
    TCase *tc = tcase_create("history");
    tcase_add_test(tc, tables_start_at_zero_and_do_not_overlap);
    tcase_add_test(tc, correction_learns_and_corrects);
    suite_add_tcase(s, tc);
    return s;
}
