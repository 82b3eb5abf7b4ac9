/* check_options.c -- the engine option table: types, bounds, bad values,
 * case-insensitive names and the GUI's option lines.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "engine/options.h"

static const char *const styles[] = {"Solid", "Normal", "Risky", NULL};
static const struct gt_option_spec specs[] = {
    {"Hash", GT_OPT_SPIN, "16", 1, 1024, NULL},
    {"Ponder", GT_OPT_CHECK, "false", 0, 0, NULL},
    {"Style", GT_OPT_COMBO, "Normal", 0, 0, styles},
    {"Book File", GT_OPT_STRING, "", 0, 0, NULL},
    {"Clear Hash", GT_OPT_BUTTON, NULL, 0, 0, NULL},
};

static struct gt_options *table(void)
{
    struct gt_options *t = gt_options_new();
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
        ck_assert_int_eq(gt_options_add(t, &specs[i]), 0);
    return t;
}

START_TEST(defaults_and_types)
{
    struct gt_options *t = table();
    ck_assert_int_eq(gt_options_int(t, "Hash"), 16);
    ck_assert(!gt_options_bool(t, "Ponder"));
    ck_assert_str_eq(gt_options_str(t, "Style"), "Normal");
    ck_assert_str_eq(gt_options_str(t, "Book File"), "");
    ck_assert(!gt_options_has(t, "Threads"));
    gt_options_free(t);
}
END_TEST

START_TEST(names_are_case_insensitive)
{
    struct gt_options *t = table();
    char err[128];
    ck_assert_int_eq(gt_options_set(t, "hASH", "64", err, sizeof err), 0);
    ck_assert_int_eq(gt_options_int(t, "Hash"), 64);
    ck_assert_int_eq(gt_options_set(t, "ponder", "TRUE", err, sizeof err), 0);
    ck_assert(gt_options_bool(t, "PONDER"));
    ck_assert_int_eq(gt_options_set(t, "style", "risky", err, sizeof err), 0);
    ck_assert_str_eq(gt_options_str(t, "Style"), "Risky");
    gt_options_free(t);
}
END_TEST

START_TEST(bad_values_keep_the_old_one)
{
    struct gt_options *t = table();
    char err[128];
    ck_assert_int_eq(gt_options_set(t, "Hash", "0", err, sizeof err), -1);
    ck_assert_str_eq(err, "option Hash: '0' is not a number from 1 to 1024");
    ck_assert_int_eq(gt_options_set(t, "Hash", "12abc", err, sizeof err), -1);
    ck_assert_str_eq(err, "option Hash: '12abc' is not a number from 1 to 1024");
    ck_assert_int_eq(gt_options_int(t, "Hash"), 16);
    ck_assert_int_eq(gt_options_set(t, "Ponder", "yes", err, sizeof err), -1);
    ck_assert_str_eq(err, "option Ponder: 'yes' is not true or false");
    ck_assert_int_eq(gt_options_set(t, "Style", "Wild", err, sizeof err), -1);
    ck_assert_str_eq(err, "option Style: 'Wild' is not one of its choices");
    ck_assert_str_eq(gt_options_str(t, "Style"), "Normal");
    ck_assert_int_eq(gt_options_set(t, "Threads", "2", err, sizeof err), -1);
    ck_assert_str_eq(err, "no such option: 'Threads'");
    ck_assert_int_eq(gt_options_set(t, "Hash", NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, "option Hash: missing value");
    gt_options_free(t);
}
END_TEST

START_TEST(buttons_are_pressed_once)
{
    struct gt_options *t = table();
    ck_assert(!gt_options_take_press(t, "Clear Hash"));
    ck_assert_int_eq(gt_options_set(t, "clear hash", NULL, NULL, 0), 0);
    ck_assert(gt_options_take_press(t, "Clear Hash"));
    ck_assert(!gt_options_take_press(t, "Clear Hash"));
    gt_options_free(t);
}
END_TEST

START_TEST(duplicates_and_bad_defaults_refused)
{
    struct gt_options *t = table();
    struct gt_option_spec dup = {"HASH", GT_OPT_SPIN, "1", 1, 2, NULL};
    struct gt_option_spec bad = {"Depth", GT_OPT_SPIN, "99", 1, 10, NULL};
    ck_assert_int_eq(gt_options_add(t, &dup), -1);
    ck_assert_int_eq(gt_options_add(t, &bad), -1);
    gt_options_free(t);
}
END_TEST

static void collect(void *ctx, const char *line)
{
    char *buf = ctx;
    strcat(buf, line);
    strcat(buf, "\n");
}

START_TEST(gui_lines_in_order)
{
    struct gt_options *t = table();
    char buf[2048] = "";
    gt_options_describe(t, collect, buf);
    ck_assert_str_eq(buf,
        "option name Hash type spin default 16 min 1 max 1024\n"
        "option name Ponder type check default false\n"
        "option name Style type combo default Normal var Solid var Normal var Risky\n"
        "option name Book File type string default <empty>\n"
        "option name Clear Hash type button\n");
    gt_options_free(t);
}
END_TEST

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("options");
    TCase *tc = tcase_create("options");
    tcase_add_test(tc, defaults_and_types);
    tcase_add_test(tc, names_are_case_insensitive);
    tcase_add_test(tc, bad_values_keep_the_old_one);
    tcase_add_test(tc, buttons_are_pressed_once);
    tcase_add_test(tc, duplicates_and_bad_defaults_refused);
    tcase_add_test(tc, gui_lines_in_order);
    suite_add_tcase(s, tc);
    return s;
}
