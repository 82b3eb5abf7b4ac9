/* check_plot.c -- the plot room's pieces: the JSON-line reader (values,
 * escapes, nesting, and the errors it names) and the axes' ticks.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plot/jsonl.h"
#include "plot/progress.h"
#include "plot/ticks.h"

START_TEST(json_values)
{
    struct gt_json_line l;
    char err[256];
    ck_assert_int_eq(gt_json_parse(" {\"kind\": \"match\", \"games\": 12, \"elo\": -3.5e1, "
                                   "\"ok\": true, \"no\": false, \"llr\": null} \n", &l, err,
                                   sizeof err), 0);
    ck_assert_int_eq(l.n, 6);
    ck_assert_str_eq(l.f[0].key, "kind");
    ck_assert_str_eq(gt_json_string(&l, "kind"), "match");
    ck_assert_double_eq(gt_json_number(&l, "games"), 12);
    ck_assert_double_eq(gt_json_number(&l, "elo"), -35);
    ck_assert_int_eq(gt_json_find(&l, "ok")->type, GT_JSON_BOOL);
    ck_assert_double_eq(gt_json_find(&l, "ok")->num, 1);
    ck_assert_double_eq(gt_json_find(&l, "no")->num, 0);
    ck_assert_int_eq(gt_json_find(&l, "llr")->type, GT_JSON_NULL);
    ck_assert(isnan(gt_json_number(&l, "llr")));      /* null: no number */
    ck_assert(isnan(gt_json_number(&l, "kind")));     /* a string: no number */
    ck_assert(isnan(gt_json_number(&l, "absent")));
    ck_assert_ptr_null(gt_json_string(&l, "games"));
    gt_json_free(&l);
}
END_TEST

START_TEST(json_strings_and_nesting)
{
    struct gt_json_line l;
    char err[256];
    ck_assert_int_eq(gt_json_parse("{\"engine_a\": \"a \\\"b\\\" \\\\ \\u00e9 \\ud83d\\ude00\\n\", "
                                   "\"params\": {\"LMRBase\": 120.5, \"x\": {\"y\": 2}}, "
                                   "\"v\": [5, [6]], \"e\": {}}", &l, err, sizeof err), 0);
    ck_assert_str_eq(gt_json_string(&l, "engine_a"), "a \"b\" \\ \xc3\xa9 \xf0\x9f\x98\x80\n");
    ck_assert_double_eq(gt_json_number(&l, "params.LMRBase"), 120.5);
    ck_assert_double_eq(gt_json_number(&l, "params.x.y"), 2);
    ck_assert_double_eq(gt_json_number(&l, "v.0"), 5);
    ck_assert_double_eq(gt_json_number(&l, "v.1.0"), 6);
    ck_assert_int_eq(l.n, 5);                        /* an empty object has no field */
    gt_json_free(&l);
}
END_TEST

/* Each malformed line is refused, the message naming the column. */
START_TEST(json_errors)
{
    static const struct {
        const char *text, *says;
    } bad[] = {
        {"", "column 1: expected an object"},
        {"[1, 2]", "column 1: expected an object"},
        {"{\"a\": 1", "column 8: expected ',' or '}', found the end of the line"},
        {"{\"a\" 1}", "column 6: expected ':'"},
        {"{a: 1}", "column 2: expected a key in quotes"},
        {"{\"a\": 01}", "column 8: expected ',' or '}'"},
        {"{\"a\": 1.}", "column 7: a number needs digits after its point"},
        {"{\"a\": +1}", "column 7: expected a value, found '+'"},
        {"{\"a\": tru}", "column 7: expected a value"},
        {"{\"a\": \"x}", "a string without its closing quote"},
        {"{\"a\": \"\\q\"}", "an unknown escape '\\q'"},
        {"{\"a\": 1} x", "column 10: more after the object: 'x'"},
        {"{\"a\": 1,}", "column 9: expected a key in quotes, found '}'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct gt_json_line l;
        char err[256] = "";
        ck_assert_msg(gt_json_parse(bad[i].text, &l, err, sizeof err) == -1, "took '%s'",
                      bad[i].text);
        ck_assert_msg(strstr(err, bad[i].says) != NULL, "'%s': said '%s', not '%s'",
                      bad[i].text, err, bad[i].says);
        gt_json_free(&l);
    }
}
END_TEST

/* A file: its kind, its lines, and the errors that name file and line. */
static char *write_temp(const char *text)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/check_plot.XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

START_TEST(progress_files)
{
    struct gt_progress p;
    char err[512];
    char *path = write_temp("{\"kind\":\"tune\",\"epoch\":0,\"train_loss\":0.1}\n\n"
                            "{\"kind\":\"tune\",\"epoch\":10,\"train_loss\":0.09}\n");
    ck_assert_int_eq(gt_progress_read(path, &p, err, sizeof err), 0);
    ck_assert_str_eq(p.kind, "tune");
    ck_assert_int_eq(p.n, 2);
    ck_assert_int_eq(p.line[1], 3);                  /* the blank line counted */
    gt_progress_free(&p);
    unlink(path);

    static const struct {
        const char *text, *says;
    } bad[] = {
        {"", ": empty: no progress line"},
        {"\n  \n", ": empty: no progress line"},
        {"{\"kind\":\"match\"}\n{\"kind\":\"match\"\n", ":2: malformed line: column 16"},
        {"{\"kind\":\"chart\"}\n", ":1: unknown kind 'chart'"},
        {"{\"games\":3}\n", ":1: no \"kind\" field"},
        {"{\"kind\":\"train\"}\n{\"kind\":\"spsa\"}\n",
         ":2: a line of kind 'spsa' in a file of kind 'train'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        path = write_temp(bad[i].text);
        ck_assert_int_eq(gt_progress_read(path, &p, err, sizeof err), -1);
        ck_assert_msg(!strncmp(err, path, strlen(path)), "'%s' does not name the file", err);
        ck_assert_msg(strstr(err, bad[i].says) != NULL, "said '%s', not '%s'", err,
                      bad[i].says);
        gt_progress_free(&p);
        unlink(path);
    }
    /* train's lines from before "kind" are train's. */
    path = write_temp("{\"epoch\": 1, \"train_loss\": 0.5, \"validation_loss\": 0.6}\n");
    ck_assert_int_eq(gt_progress_read(path, &p, err, sizeof err), 0);
    ck_assert_str_eq(p.kind, "train");
    gt_progress_free(&p);
    unlink(path);
    ck_assert_int_eq(gt_progress_read("/nonexistent/x.jsonl", &p, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/x.jsonl: cannot read"));
    gt_progress_free(&p);
}
END_TEST

static void check_ticks_min(double lo, double hi, int target, double min_step, double want_lo,
                            double want_hi, double want_step, int want_n)
{
    struct gt_ticks t;
    gt_ticks_choose(lo, hi, target, min_step, &t);
    ck_assert_msg(fabs(t.lo - want_lo) < 1e-12 && fabs(t.hi - want_hi) < 1e-12 &&
                  fabs(t.step - want_step) < 1e-15 && t.n == want_n,
                  "[%g, %g]/%d: got [%g, %g] step %g n %d", lo, hi, target, t.lo, t.hi, t.step,
                  t.n);
}

static void check_ticks(double lo, double hi, int target, double want_lo, double want_hi,
                        double want_step, int want_n)
{
    check_ticks_min(lo, hi, target, 0, want_lo, want_hi, want_step, want_n);
}

START_TEST(tick_choice)
{
    check_ticks(0, 97, 5, 0, 100, 20, 6);            /* 19.4 -> 20 */
    check_ticks(1, 200, 8, 0, 200, 50, 5);          /* 24.9 -> 50 */
    check_ticks(-3.2, 7.9, 5, -5, 10, 5, 4);         /* 2.22 -> 5 */
    check_ticks(0.1234, 0.1301, 5, 0.122, 0.132, 0.002, 6);
    check_ticks(20, 100, 8, 20, 100, 10, 9);         /* on whole steps: not widened */
    check_ticks(7.9, -3.2, 5, -5, 10, 5, 4);         /* either order */
    check_ticks(5, 5, 5, 4.7, 5.3, 0.1, 7);          /* empty: opened by 5% */
    check_ticks(0, 0, 5, -1, 1, 0.5, 5);
    check_ticks(NAN, 3, 5, 0, 1, 0.2, 6);            /* nothing finite: 0 to 1 */
    check_ticks(-INFINITY, INFINITY, 5, 0, 1, 0.2, 6);
    check_ticks_min(0, 4, 8, 1, 0, 4, 1, 5);         /* a count: 1, not 0.5 */
    check_ticks_min(0, 400, 8, 1, 0, 400, 50, 9);    /* the least step bites only below */

    struct gt_ticks t;
    gt_ticks_choose(0, 0.9, 9, 0, &t);
    ck_assert_double_eq(gt_tick_value(&t, 3), 0.3); /* not 0.30000000000000004 */
    gt_ticks_choose(-1, 1, 4, 0, &t);
    ck_assert_double_eq(gt_tick_value(&t, 2), 0);
}
END_TEST

START_TEST(tick_labels)
{
    static const struct {
        double v, step;
        const char *want;
    } cases[] = {
        {1500, 500, "1500"}, {2.5, 0.5, "2.5"}, {0.30000000000000004, 0.1, "0.3"},
        {-1e-17, 0.1, "0.0"}, {-0.0, 1, "0"}, {0.001, 0.0005, "0.0010"},
        {-250, 50, "-250"}, {0.122, 0.002, "0.122"}, {2e7, 1e7, "2e+07"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[32];
        gt_tick_label(cases[i].v, cases[i].step, buf, sizeof buf);
        ck_assert_msg(!strcmp(buf, cases[i].want), "%g step %g: '%s', not '%s'", cases[i].v,
                      cases[i].step, buf, cases[i].want);
    }
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    Suite *s = suite_create("plot");
    TCase *tc = tcase_create("plot");
    tcase_add_test(tc, json_values);
    tcase_add_test(tc, json_strings_and_nesting);
    tcase_add_test(tc, json_errors);
    tcase_add_test(tc, progress_files);
    tcase_add_test(tc, tick_choice);
    tcase_add_test(tc, tick_labels);
    suite_add_tcase(s, tc);
    return s;
}
