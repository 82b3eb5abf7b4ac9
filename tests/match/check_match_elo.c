/* check_match_elo.c -- the match statistics against values worked by hand.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <math.h>

#include "match/match_elo.h"

/* W 60, L 40, D 100 (N 200):
 *   s   = (60 + 100/2) / 200 = 110/200 = 0.55
 *   var = (60 * 0.45^2 + 40 * 0.55^2 + 100 * 0.05^2) / 200
 *       = (12.15 + 12.1 + 0.25) / 200 = 24.5 / 200 = 0.1225
 *   Elo = -400 log10(1/0.55 - 1) = -400 log10(0.818182) = -400 * -0.087150
 *       = 34.86
 *   half width = 1.959964 * sqrt(0.1225 / 200) = 1.959964 * 0.024749 = 0.048507
 *   low  = -400 log10(1/0.501493 - 1) = -400 log10(0.994045) =  1.04
 *   high = -400 log10(1/0.598507 - 1) = -400 log10(0.670822) = 69.36
 *   LOS  = (1 + erf(20 / sqrt(200))) / 2 = (1 + erf(1.414214)) / 2
 *        = (1 + 0.954500) / 2 = 0.97725 */
START_TEST(elo_interval_and_los)
{
    struct gt_elo e;
    gt_elo_estimate(60, 40, 100, &e);
    ck_assert_int_eq(e.games, 200);
    ck_assert_double_eq_tol(e.score, 0.55, 1e-12);
    ck_assert_double_eq_tol(e.elo, 34.86, 0.005);
    ck_assert_double_eq_tol(e.elo_lo, 1.04, 0.005);
    ck_assert_double_eq_tol(e.elo_hi, 69.36, 0.005);
    ck_assert_double_eq_tol(e.los, 0.97725, 0.00001);
}
END_TEST

START_TEST(edge_scores)
{
    struct gt_elo e;
    gt_elo_estimate(0, 0, 0, &e);
    ck_assert_double_eq(e.elo, 0);
    ck_assert_double_eq(e.los, 0.5);
    gt_elo_estimate(3, 0, 0, &e);         /* 100%: no finite Elo */
    ck_assert(isinf(e.elo) && e.elo > 0);
    /* LOS = (1 + erf(3 / sqrt(6))) / 2 = (1 + erf(1.224745)) / 2 = 0.958368 */
    ck_assert_double_eq_tol(e.los, 0.958368, 0.000001);
    gt_elo_estimate(5, 5, 10, &e);
    ck_assert_double_eq_tol(e.elo, 0, 1e-12);
    /* 76% scores +200 Elo: 1/(1+10^-0.5) = 1/1.316228 = 0.759747 */
    ck_assert_double_eq_tol(gt_score_of_elo(200), 0.759747, 0.000001);
    ck_assert_double_eq_tol(gt_elo_of_score(0.759747), 200, 0.001);
}
END_TEST

/* SPRT elo0 = 0, elo1 = 5 on W 60, L 40, D 100:
 *   s0 = 0.5, s1 = 1 / (1 + 10^(-5/400)) = 1 / 1.971628 = 0.507195
 *   LLR = N (s1 - s0) (2s - s0 - s1) / (2 var)
 *       = 200 * 0.007195 * (1.1 - 0.5 - 0.507195) / (2 * 0.1225)
 *       = 200 * 0.007195 * 0.092805 / 0.245 = 0.5451
 * Bounds for alpha = beta = 0.05: ln(0.05/0.95) = -2.944439, +2.944439.
 * And elo1 = 200 on 11 wins, 11 losses: s = 0.5, var = 0.25, s1 = 0.759747:
 *   LLR = 22 * 0.259747 * (1 - 0.5 - 0.759747) / 0.5 = -2.9686 (< -2.9444) */
START_TEST(sprt_llr_and_bounds)
{
    double lo, hi;
    gt_sprt_bounds(0.05, 0.05, &lo, &hi);
    ck_assert_double_eq_tol(lo, -2.944439, 0.000001);
    ck_assert_double_eq_tol(hi, 2.944439, 0.000001);
    ck_assert_double_eq_tol(gt_sprt_llr(60, 40, 100, 0, 5), 0.5451, 0.0001);
    ck_assert_double_eq_tol(gt_sprt_llr(11, 11, 0, 0, 200), -2.9686, 0.0001);
    /* No variance yet (all draws): no evidence either way. */
    ck_assert_double_eq(gt_sprt_llr(0, 0, 7, 0, 5), 0);
    /* alpha 0.05, beta 0.1: ln(0.1/0.95) = -2.251292, ln(0.9/0.05) = 2.890372 */
    gt_sprt_bounds(0.05, 0.1, &lo, &hi);
    ck_assert_double_eq_tol(lo, -2.251292, 0.000001);
    ck_assert_double_eq_tol(hi, 2.890372, 0.000001);
}
END_TEST

/* Pentanomial 0, 1, 2, 3, 4 (10 pairs; pair scores per game 0, 1/4 ... 1):
 *   s   = (1/4 + 2 * 1/2 + 3 * 3/4 + 4 * 1) / 10 = 7.5 / 10 = 0.75
 *   var = (1 * 0.5^2 + 2 * 0.25^2 + 3 * 0 + 4 * 0.25^2) / 10 = 0.625 / 10 = 0.0625
 *   half = 1.959964 * sqrt(0.0625 / 10) = 1.959964 * 0.0790569 = 0.154949
 *   Elo  = -400 log10(1/0.75 - 1) = -400 log10(1/3) = 190.85
 *   low  = -400 log10(1/0.595051 - 1) = -400 log10(0.680528) = 66.86
 *   high = -400 log10(1/0.904949 - 1) = -400 log10(0.105035) = 391.47
 *   nElo = (0.75 - 0.5) / sqrt(2 * 0.0625) * 800 / ln 10
 *        = 0.25 / 0.353553 * 347.4356 = 245.67,
 *   its ends (0.25 -+ 0.154949) / 0.353553 * 347.4356 = 93.41, 397.94 */
START_TEST(pentanomial)
{
    struct gt_penta p;
    gt_penta_estimate((int[5]){0, 1, 2, 3, 4}, &p);
    ck_assert_int_eq(p.pairs, 10);
    ck_assert_double_eq_tol(p.score, 0.75, 1e-12);
    ck_assert_double_eq_tol(p.elo, 190.85, 0.005);
    ck_assert_double_eq_tol(p.elo_lo, 66.86, 0.005);
    ck_assert_double_eq_tol(p.elo_hi, 391.47, 0.005);
    ck_assert_double_eq_tol(p.nelo, 245.67, 0.005);
    ck_assert_double_eq_tol(p.nelo_lo, 93.41, 0.005);
    ck_assert_double_eq_tol(p.nelo_hi, 397.94, 0.005);
    /* Symmetric counts: even, and an interval around 0. */
    gt_penta_estimate((int[5]){3, 0, 4, 0, 3}, &p);
    ck_assert_double_eq_tol(p.nelo, 0, 1e-12);
    ck_assert(p.nelo_lo < 0 && p.nelo_hi > 0);
    /* Only drawn pairs: no variance, no evidence. */
    gt_penta_estimate((int[5]){0, 0, 5, 0, 0}, &p);
    ck_assert_double_eq(p.nelo, 0);
    gt_penta_estimate((int[5]){0, 0, 0, 0, 0}, &p);
    ck_assert_int_eq(p.pairs, 0);
}
END_TEST

/* The pentanomial LLR, N (s1 - s0) (2s - s0 - s1) / (2 var) over pairs:
 *   {0, 1, 2, 3, 4}, elo 0 against 5: s = 0.75, var = 0.0625,
 *     s1 = 1 / (1 + 10^(-5/400)) = 0.5071951,
 *     LLR = 10 * 0.0071951 * (1.5 - 0.5 - 0.5071951) / 0.125 = 0.283662;
 *   {2, 2, 2, 2, 2}, elo 0 against 100: s = 0.5, var = 0.125,
 *     s1 = 1 / (1 + 10^(-1/4)) = 0.6400650,
 *     LLR = 10 * 0.1400650 * (1 - 0.5 - 0.6400650) / 0.25 = -0.784728. */
START_TEST(pentanomial_llr)
{
    ck_assert_double_eq_tol(gt_sprt_llr_penta((int[5]){0, 1, 2, 3, 4}, 0, 5), 0.283662, 1e-6);
    ck_assert_double_eq_tol(gt_sprt_llr_penta((int[5]){2, 2, 2, 2, 2}, 0, 100), -0.784728,
                            1e-6);
    /* Only drawn pairs, or none: no evidence. */
    ck_assert_double_eq(gt_sprt_llr_penta((int[5]){0, 0, 6, 0, 0}, 0, 5), 0);
    ck_assert_double_eq(gt_sprt_llr_penta((int[5]){0, 0, 0, 0, 0}, 0, 5), 0);
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    Suite *s = suite_create("match_elo");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, elo_interval_and_los);
    tcase_add_test(tc, edge_scores);
    tcase_add_test(tc, sprt_llr_and_bounds);
    tcase_add_test(tc, pentanomial);
    tcase_add_test(tc, pentanomial_llr);
    suite_add_tcase(s, tc);
    return s;
}
