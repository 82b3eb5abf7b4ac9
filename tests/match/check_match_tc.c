/* check_match_tc.c -- time controls written as cutechess-cli and
 * fastchess write them.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>

#include "match/match_tc.h"

static struct gt_match_tc tc_of(const char *text, int want_rc)
{
    struct gt_match_tc tc = {0};
    ck_assert_int_eq(gt_match_tc_parse(text, &tc), want_rc);
    return tc;
}

START_TEST(forms)
{
    struct gt_match_tc tc = tc_of("10+0.1", 0);
    ck_assert_int_eq(tc.base_ms, 10000);
    ck_assert_int_eq(tc.inc_ms, 100);
    ck_assert_int_eq(tc.moves, 0);
    tc = tc_of("40/60+0.6", 0);          /* 60 s per 40 moves, 0.6 s a move */
    ck_assert_int_eq(tc.moves, 40);
    ck_assert_int_eq(tc.base_ms, 60000);
    ck_assert_int_eq(tc.inc_ms, 600);
    tc = tc_of("1:30+1", 0);             /* minutes:seconds */
    ck_assert_int_eq(tc.base_ms, 90000);
    ck_assert_int_eq(tc.inc_ms, 1000);
    tc = tc_of("40/2:00", 0);
    ck_assert_int_eq(tc.moves, 40);
    ck_assert_int_eq(tc.base_ms, 120000);
    ck_assert_int_eq(tc.inc_ms, 0);
    tc = tc_of("0.5", 0);
    ck_assert_int_eq(tc.base_ms, 500);
    tc_of("inf", 1);
}
END_TEST

START_TEST(refused)
{
    const char *bad[] = {"", "x", "10+x", "0", "1:60", "1.5:00", "0/60", "40/", "/60",
                         "40/60/1", "+1", "10+", "-5", "1:-3"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        struct gt_match_tc tc = {0};
        ck_assert_msg(gt_match_tc_parse(bad[i], &tc) == -1, "'%s' accepted", bad[i]);
    }
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    Suite *s = suite_create("match_tc");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, forms);
    tcase_add_test(tc, refused);
    suite_add_tcase(s, tc);
    return s;
}
