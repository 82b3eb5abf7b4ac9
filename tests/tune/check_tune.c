/* check_tune.c -- the tuning room: weights files, data lines, the fit on
 * synthetic data made from known weights (it must find them again), its
 * determinism, EvalFile, and datagen's output.
 *
 * The synthetic data uses the Othello example, whose evaluation is linear
 * in its four weights: positions from random play are labelled with the
 * result probability that a chosen set of weights predicts, and the tuner,
 * started from the module's own weights, must recover the chosen ones.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/paramfile.h"
#include "engine/engine.h"
#include "tune/datagen.h"
#include "tune/dataset.h"
#include "tune/tuner.h"

extern const struct gt_game othello_LTX_gt_module;
extern const struct gt_game connect4_LTX_gt_module;
static const struct gt_game *const OTH = &othello_LTX_gt_module;
static const struct gt_game *const C4 = &connect4_LTX_gt_module;

Suite *test_suite(void);

static const struct gt_param table3[] = {
    {"alpha", 10, -100, 100}, {"beta_mg", 0, 0, 50}, {"gamma", -5, -10, 10},
    {NULL, 0, 0, 0},
};

/* ---- weights files ------------------------------------------------------- */

START_TEST(paramfile_reads_both_forms)
{
    int32_t v[3] = {10, 0, -5};
    char err[256] = "";
    const char *text = "/* comment with GT_PARAM(alpha, 99, 0, 1) in it\n */\n"
                       "GT_PARAM(alpha, -42, -100, 100)\n"
                       "// a line comment\n"
                       "gamma 7\n\n";
    ck_assert_int_eq(gt_params_parse(table3, 3, text, "w.h", v, err, sizeof err), 2);
    ck_assert_int_eq(v[0], -42);
    ck_assert_int_eq(v[1], 0);     /* not in the file: kept */
    ck_assert_int_eq(v[2], 7);
}
END_TEST

static const char *parse_error(const char *text)
{
    static char err[256];
    int32_t v[3] = {10, 0, -5};
    err[0] = 0;
    ck_assert_int_eq(gt_params_parse(table3, 3, text, "w.h", v, err, sizeof err), -1);
    ck_assert_int_eq(v[0], 10);
    return err;
}

START_TEST(paramfile_errors_name_the_line)
{
    ck_assert_str_eq(parse_error("alpha 1\ndelta 3\n"), "w.h:2: unknown parameter 'delta'");
    ck_assert_str_eq(parse_error("gamma 11\n"),
                     "w.h:1: gamma = 11 is outside its range [-10, 10]");
    ck_assert_str_eq(parse_error("\n\nbeta_mg x1\n"), "w.h:3: beta_mg: 'x1' is not a number");
    ck_assert_str_eq(parse_error("GT_PARAM(alpha 3)\n"),
                     "w.h:1: expected 'GT_PARAM(name, value, min, max)' or 'name value'");
    ck_assert_str_eq(parse_error("alpha 1 2\n"),
                     "w.h:1: expected 'GT_PARAM(name, value, min, max)' or 'name value'");
}
END_TEST

START_TEST(paramfile_round_trip)
{
    int32_t v[3] = {-77, 50, 3}, back[3] = {0, 0, 0};
    char *text = NULL, err[256];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_int_eq(gt_params_write(table3, 3, v, "two lines\nof comment", f), 0);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(text, "/* two lines\n * of comment */\n"));
    ck_assert_ptr_nonnull(strstr(text, "GT_PARAM(alpha, -77, -100, 100)\n"));
    ck_assert_int_eq(gt_params_parse(table3, 3, text, "t", back, err, sizeof err), 3);
    ck_assert_mem_eq(v, back, sizeof v);
    free(text);
}
END_TEST

/* ---- data lines ------------------------------------------------------------ */

START_TEST(data_lines)
{
    char line[128], err[128], *pos;
    double score, result;
    strcpy(line, " 8/8/8 w - - 0 1 | -35 | 0.5\n");
    ck_assert_int_eq(gt_data_line_parse(line, &pos, &score, &result, err, sizeof err), 1);
    ck_assert_str_eq(pos, "8/8/8 w - - 0 1");
    ck_assert(score == -35 && result == 0.5);
    strcpy(line, "x | - | 1");
    ck_assert_int_eq(gt_data_line_parse(line, &pos, &score, &result, err, sizeof err), 1);
    ck_assert(isnan(score) && result == 1);
    strcpy(line, "# a comment");
    ck_assert_int_eq(gt_data_line_parse(line, &pos, &score, &result, err, sizeof err), 0);
    strcpy(line, "x | 3 | 1.5");
    ck_assert_int_eq(gt_data_line_parse(line, &pos, &score, &result, err, sizeof err), -1);
    ck_assert_str_eq(err, "result '1.5' is not a number from 0 to 1");
    strcpy(line, "x | three | 1");
    ck_assert_int_eq(gt_data_line_parse(line, &pos, &score, &result, err, sizeof err), -1);
    ck_assert_str_eq(err, "score 'three' is not a number or '-'");
    strcpy(line, "x 3 1");
    ck_assert_int_eq(gt_data_line_parse(line, &pos, &score, &result, err, sizeof err), -1);
    ck_assert_str_eq(err, "expected 'POSITION | SCORE | RESULT'");
}
END_TEST

/* ---- synthetic data from known weights ----------------------------------- */

static const int32_t TRUE_W[4] = {55, 240, -110, -80};  /* mobility corner x c */
#define TRUE_K 0.8

static uint64_t rng_state = 12345;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Positions from random Othello play, labelled with the probability the
 * true weights give the first player (soft results: no noise to average
 * out, so the fit must land on the weights themselves). */
static char *write_synthetic(int npos)
{
    static char path[] = "/tmp/check_tune_XXXXXX";
    strcpy(path, "/tmp/check_tune_XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    void *pos = malloc(OTH->pos_size), *undo = malloc(OTH->undo_size);
    gt_move moves[64];
    char err[128], text[256];
    for (int made = 0; made < npos;) {
        ck_assert_int_eq(OTH->from_text(pos, OTH->startpos, err, sizeof err), 0);
        int plies = 8 + (int)(rnd() % 40);
        for (int p = 0; p < plies; p++) {
            int n = OTH->generate(pos, GT_GEN_ALL, moves);
            if (n <= 0)
                break;
            OTH->make(pos, moves[rnd() % (uint64_t)n], undo);
        }
        int e = OTH->evaluate(pos, TRUE_W);
        if (abs(e) >= GT_EVAL_MAX - 1)
            continue;
        double first = OTH->side(pos) == 0 ? e : -e;
        OTH->to_text(pos, text, sizeof text);
        fprintf(f, "%s | - | %.6f\n", text, 1 / (1 + exp(-TRUE_K * first / OTH->eval_unit)));
        made++;
    }
    free(pos);
    free(undo);
    fclose(f);
    return path;
}

static void load_othello(const char *path, struct gt_tune_set *s, int32_t *w0)
{
    char err[256];
    for (int i = 0; i < 4; i++)
        w0[i] = OTH->eval_params[i].value;
    gt_tune_set_init(s, 4);
    ck_assert_int_eq(gt_tune_load(OTH, w0, path, s, stderr, err, sizeof err), 3000);
    ck_assert_uint_eq(s->n, 3000);
}

START_TEST(tuner_recovers_known_weights)
{
    char *path = write_synthetic(3000);
    struct gt_tune_set s;
    int32_t w0[4];
    load_othello(path, &s, w0);
    struct gt_tune_config c;
    gt_tune_config_default(&c);
    c.eval_unit = OTH->eval_unit;
    c.epochs = 1500;
    c.lr = 2;
    c.l2 = 0;
    c.k = TRUE_K;
    c.validation = 0.2;
    c.report_every = 1000000;
    double w[4];
    for (int i = 0; i < 4; i++) {
        w[i] = w0[i];
        ck_assert_int_ne(w0[i], TRUE_W[i]);   /* the start is elsewhere */
    }
    struct gt_tune_report rep;
    ck_assert_int_eq(gt_tune_run(&s, OTH->eval_params, w, &c, NULL, &rep), 0);
    for (int i = 0; i < 4; i++)
        ck_assert_msg(fabs(w[i] - TRUE_W[i]) < 1.5, "%s: %.2f, not %d",
                      OTH->eval_params[i].name, w[i], TRUE_W[i]);
    ck_assert(rep.loss < rep.loss0 / 100);
    ck_assert(rep.vloss < rep.vloss0 / 100);
    ck_assert(rep.nvalid > 450 && rep.nvalid < 750);   /* about 20% */
    gt_tune_set_free(&s);
    unlink(path);
}
END_TEST

START_TEST(tuner_fits_k)
{
    char *path = write_synthetic(3000);
    struct gt_tune_set s;
    int32_t w0[4];
    load_othello(path, &s, w0);
    /* At the true weights the best k is the true one. */
    gt_tune_set_free(&s);
    gt_tune_set_init(&s, 4);
    char err[256];
    ck_assert_int_eq(gt_tune_load(OTH, TRUE_W, path, &s, NULL, err, sizeof err), 3000);
    struct gt_tune_config c;
    gt_tune_config_default(&c);
    c.eval_unit = OTH->eval_unit;
    double w[4];
    for (int i = 0; i < 4; i++)
        w[i] = TRUE_W[i];
    ck_assert_double_eq_tol(gt_tune_fit_k(&s, w, &c), TRUE_K, 0.001);
    gt_tune_set_free(&s);
    unlink(path);
}
END_TEST

START_TEST(tuner_is_deterministic_across_threads)
{
    char *path = write_synthetic(3000);
    struct gt_tune_set s;
    int32_t w0[4];
    load_othello(path, &s, w0);
    struct gt_tune_config c;
    gt_tune_config_default(&c);
    c.eval_unit = OTH->eval_unit;
    c.epochs = 50;
    c.seed = 7;
    double a[4], b[4];
    struct gt_tune_report ra, rb;
    for (int i = 0; i < 4; i++)
        a[i] = b[i] = w0[i];
    c.threads = 1;
    ck_assert_int_eq(gt_tune_run(&s, OTH->eval_params, a, &c, NULL, &ra), 0);
    c.threads = 3;
    ck_assert_int_eq(gt_tune_run(&s, OTH->eval_params, b, &c, NULL, &rb), 0);
    ck_assert_mem_eq(a, b, sizeof a);
    ck_assert(ra.loss == rb.loss && ra.k == rb.k);
    gt_tune_set_free(&s);
    unlink(path);
}
END_TEST

START_TEST(tuner_keeps_frozen_weights_and_ranges)
{
    char *path = write_synthetic(3000);
    struct gt_tune_set s;
    int32_t w0[4];
    load_othello(path, &s, w0);
    struct gt_tune_config c;
    gt_tune_config_default(&c);
    c.eval_unit = OTH->eval_unit;
    c.epochs = 200;
    c.k = TRUE_K;
    bool frozen[4] = {false, true, false, false};
    c.frozen = frozen;
    struct gt_param narrow[5];
    memcpy(narrow, OTH->eval_params, sizeof narrow);
    narrow[3].min = -60;          /* c_square's true -80 lies outside */
    double w[4];
    for (int i = 0; i < 4; i++)
        w[i] = w0[i];
    struct gt_tune_report rep;
    ck_assert_int_eq(gt_tune_run(&s, narrow, w, &c, NULL, &rep), 0);
    ck_assert(w[1] == w0[1]);
    ck_assert(w[3] >= -60 && w[3] < -59.5);
    gt_tune_set_free(&s);
    unlink(path);
}
END_TEST

START_TEST(load_reports_bad_lines_and_skips_them)
{
    char path[] = "/tmp/check_tune_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "# header\n%s | 0 | 0.5\nnot a position | 0 | 1\n%s | 5\n", OTH->startpos,
            OTH->startpos);
    fclose(f);
    char *warn = NULL, err[256];
    size_t len = 0;
    FILE *w = open_memstream(&warn, &len);
    struct gt_tune_set s;
    gt_tune_set_init(&s, 4);
    int32_t w0[4] = {40, 300, -150, -50};
    ck_assert_int_eq(gt_tune_load(OTH, w0, path, &s, w, err, sizeof err), 1);
    fclose(w);
    char l3[128], l4[128];
    snprintf(l3, sizeof l3, "%s:3: ", path);
    snprintf(l4, sizeof l4, "%s:4: expected 'POSITION | SCORE | RESULT'", path);
    ck_assert_ptr_nonnull(strstr(warn, l3));
    ck_assert_ptr_nonnull(strstr(warn, l4));
    ck_assert_int_eq(gt_tune_load(OTH, w0, "/nonexistent/data", &s, NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, "cannot open /nonexistent/data: No such file or directory");
    ck_assert_int_eq(gt_tune_load(C4->eval_params ? OTH : C4, w0, path, &s, NULL, err,
                                  sizeof err) < 0, !C4->eval_params);
    free(warn);
    gt_tune_set_free(&s);
    unlink(path);
}
END_TEST

/* ---- EvalFile -------------------------------------------------------------- */

START_TEST(evalfile_loads_and_refuses)
{
    char err[256] = "";
    struct gt_engine *e = gt_engine_new(OTH, err, sizeof err);
    ck_assert_ptr_nonnull(e);
    char path[] = "/tmp/check_tune_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "/* weights */\nGT_PARAM(corner, 999, 0, 1000)\n");
    fclose(f);
    struct gt_search_params p;
    gt_engine_params(e, &p);
    ck_assert_ptr_null(p.eval_params);
    ck_assert_int_eq(gt_engine_set_option(e, "EvalFile", path, err, sizeof err), 0);
    gt_engine_params(e, &p);
    ck_assert_ptr_nonnull(p.eval_params);
    ck_assert_int_eq(p.eval_params[1], 999);
    ck_assert_int_eq(p.eval_params[0], 40);     /* not in the file: compiled in */
    /* A bad file leaves the weights as they were. */
    ck_assert_int_eq(gt_engine_set_option(e, "EvalFile", "/nonexistent/w.h", err, sizeof err),
                     -1);
    ck_assert_str_eq(err, "cannot open /nonexistent/w.h: No such file or directory");
    gt_engine_params(e, &p);
    ck_assert_int_eq(p.eval_params[1], 999);
    ck_assert_int_eq(gt_engine_set_option(e, "EvalFile", "<empty>", err, sizeof err), 0);
    gt_engine_params(e, &p);
    ck_assert_ptr_null(p.eval_params);
    gt_engine_free(e);
    unlink(path);
}
END_TEST

/* ---- datagen --------------------------------------------------------------- */

static char *datagen_text(int threads)
{
    struct gt_datagen_config c;
    gt_datagen_config_default(&c, C4);
    c.games = 6;
    c.nodes = 300;
    c.threads = threads;
    c.report_ms = 0;
    char *text = NULL, err[256];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    struct gt_datagen_stats st;
    ck_assert_int_eq(gt_datagen_run(C4, &c, f, NULL, &st, err, sizeof err), 0);
    fclose(f);
    ck_assert_int_eq(st.games, 6);
    ck_assert_int_eq(st.wins[0] + st.wins[1] + st.draws, 6);
    ck_assert_int_gt(st.positions, 6);
    return text;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The lines, sorted: threads change the order of games, not the games. */
static int sorted_lines(char *text, char **lines, int max)
{
    int n = 0;
    for (char *save = NULL, *l = strtok_r(text, "\n", &save); l && n < max;
         l = strtok_r(NULL, "\n", &save))
        lines[n++] = l;
    qsort(lines, (size_t)n, sizeof *lines, cmp_str);
    return n;
}

START_TEST(datagen_writes_quiet_positions_with_results)
{
    char *one = datagen_text(1), *two = datagen_text(2);
    char *a[2000], *b[2000];
    int na = sorted_lines(one, a, 2000), nb = sorted_lines(two, b, 2000);
    ck_assert_int_eq(na, nb);
    void *pos = malloc(C4->pos_size);
    for (int i = 0; i < na; i++) {
        ck_assert_str_eq(a[i], b[i]);
        char line[512], *text, err[128];
        double score, result;
        snprintf(line, sizeof line, "%s", a[i]);
        ck_assert_int_eq(gt_data_line_parse(line, &text, &score, &result, err, sizeof err), 1);
        ck_assert_msg(result == 0 || result == 0.5 || result == 1, "%s", a[i]);
        ck_assert(!isnan(score) && fabs(score) < GT_EVAL_MAX);
        ck_assert_int_eq(C4->from_text(pos, text, err, sizeof err), 0);
    }
    free(pos);
    free(one);
    free(two);
}
END_TEST

Suite *test_suite(void)
{
    Suite *s = suite_create("tune");
    TCase *t = tcase_create("tune");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, paramfile_reads_both_forms);
    tcase_add_test(t, paramfile_errors_name_the_line);
    tcase_add_test(t, paramfile_round_trip);
    tcase_add_test(t, data_lines);
    tcase_add_test(t, tuner_recovers_known_weights);
    tcase_add_test(t, tuner_fits_k);
    tcase_add_test(t, tuner_is_deterministic_across_threads);
    tcase_add_test(t, tuner_keeps_frozen_weights_and_ranges);
    tcase_add_test(t, load_reports_bad_lines_and_skips_them);
    tcase_add_test(t, evalfile_loads_and_refuses);
    tcase_add_test(t, datagen_writes_quiet_positions_with_results);
    suite_add_tcase(s, t);
    return s;
}
