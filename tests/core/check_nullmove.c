/* check_nullmove.c -- null-move pruning piece by piece: each guard alone
 * (a node where it fires and the same node where it must not), the
 * reduction, the mate clamp and when a cut is verified; then the chess
 * zugzwang and mate suites, solved in full with the engine's defaults.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "cli/epd.h"
#include "core/nullmove.h"

extern const struct gt_game chess_LTX_gt_module;
#define CHESS (&chess_LTX_gt_module)

static void *position(const char *fen)
{
    char err[256];
    void *pos = malloc(CHESS->pos_size);
    ck_assert_msg(CHESS->from_text(pos, fen, err, sizeof err) == 0, "%s", err);
    return pos;
}

static const char *const middlegame =
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
static const char *const pawn_ending = "8/5k2/8/3p4/3P4/8/5K2/8 w - - 0 1";
static const char *const lone_rook = "8/5k2/8/3p4/3P4/8/5K2/R7 w - - 0 1";

/* A node where every guard lets the pass through. */
static struct gt_null_node open_node(const void *pos)
{
    return (struct gt_null_node){.pos = pos, .depth = 8, .eval = 120, .beta = 50,
                                 .ply = 4};
}

START_TEST(every_guard_alone)
{
    struct gt_search_params p;
    gt_search_params_default(&p);
    void *pos = position(middlegame);
    struct gt_null_node n = open_node(pos);
    ck_assert_int_eq(gt_null_veto(CHESS, &p, &n), GT_NULL_GO);

    p.sp[GT_SP_NULL_MOVE] = 0;
    ck_assert_int_eq(gt_null_veto(CHESS, &p, &n), GT_NULL_OFF);
    p.sp[GT_SP_NULL_MOVE] = 1;
    struct gt_game no_pass = *CHESS;
    no_pass.make_null = NULL;
    no_pass.unmake_null = NULL;
    ck_assert_int_eq(gt_null_veto(&no_pass, &p, &n), GT_NULL_OFF);

    n = open_node(pos), n.in_check = true;
    ck_assert_int_eq(gt_null_veto(CHESS, &p, &n), GT_NULL_IN_CHECK);
    n = open_node(pos), n.pv = true;
    ck_assert_int_eq(gt_null_veto(CHESS, &p, &n), GT_NULL_PV);
    n = open_node(pos), n.after_null = true;
    ck_assert_int_eq(gt_null_veto(CHESS, &p, &n), GT_NULL_AFTER_NULL);
    n = open_node(pos), n.depth = p.sp[GT_SP_NMP_MIN_DEPTH] - 1;
    ck_assert_int_eq(gt_null_veto(CHESS, &p, &n), GT_NULL_SHALLOW);
    n.depth = p.sp[GT_SP_NMP_MIN_DEPTH];
    ck_assert_int_eq(gt_null_veto(CHESS, &p, &n), GT_NULL_GO);
    n = open_node(pos), n.eval = n.beta - 1;
    ck_assert_int_eq(gt_null_veto(CHESS, &p, &n), GT_NULL_EVAL_BELOW_BETA);
    n.eval = n.beta;
    ck_assert_int_eq(gt_null_veto(CHESS, &p, &n), GT_NULL_GO);
    n = open_node(pos), n.beta = -(GT_MATE - 20), n.eval = 0;
    ck_assert_int_eq(gt_null_veto(CHESS, &p, &n), GT_NULL_MATE_BOUND);
    n = open_node(pos), n.nmp_min_ply = n.ply + 1;
    ck_assert_int_eq(gt_null_veto(CHESS, &p, &n), GT_NULL_VERIFYING);
    n.nmp_min_ply = n.ply;
    ck_assert_int_eq(gt_null_veto(CHESS, &p, &n), GT_NULL_GO);
    free(pos);

    /* The game's veto: king and pawns only may not pass. */
    pos = position(pawn_ending);
    n = open_node(pos);
    ck_assert_int_eq(gt_null_veto(CHESS, &p, &n), GT_NULL_GAME_VETO);
    free(pos);
    pos = position(lone_rook);
    n = open_node(pos);
    ck_assert_int_eq(gt_null_veto(CHESS, &p, &n), GT_NULL_GO);
    free(pos);
}
END_TEST

static int bolder(const void *pos, int depth, int margin, int r)
{
    (void)pos, (void)depth, (void)margin;
    return r - 10;
}

START_TEST(reduction)
{
    struct gt_search_params p;
    gt_search_params_default(&p);
    void *pos = position(middlegame);
    struct gt_null_node n = open_node(pos);
    n.depth = 12, n.eval = n.beta + 300;             /* 3 pawns over beta */
    ck_assert_int_eq(gt_null_reduction(CHESS, &p, &n), 3 + 12 / 6 + 1);
    n.eval = n.beta + 5000;                          /* the margin term caps at 3 */
    ck_assert_int_eq(gt_null_reduction(CHESS, &p, &n), 3 + 2 + 3);
    p.sp[GT_SP_NULL_ADAPTIVE_R] = 0;
    ck_assert_int_eq(gt_null_reduction(CHESS, &p, &n), 3);
    p.sp[GT_SP_NMP_BASE_R] = 2;
    ck_assert_int_eq(gt_null_reduction(CHESS, &p, &n), 2);
    /* A game's null_reduction has the last word, but R stays at least 1. */
    struct gt_game g = *CHESS;
    g.null_reduction = bolder;
    ck_assert_int_eq(gt_null_reduction(&g, &p, &n), 1);
    free(pos);
}
END_TEST

/* A pass proves neither a mate nor a won game with a margin: both are
 * decided scores, above every evaluation. */
START_TEST(mate_scores_are_clamped)
{
    ck_assert_int_eq(gt_null_cut_score(GT_MATE - 7, 120), 120);
    ck_assert_int_eq(gt_null_cut_score(GT_MATE_IN_MAX, -40), -40);
    ck_assert_int_eq(gt_null_cut_score(GT_EVAL_MAX + 600, 10), 10);
    ck_assert_int_eq(gt_null_cut_score(GT_DECIDED, 10), 10);
    ck_assert_int_eq(gt_null_cut_score(GT_EVAL_MAX, 10), GT_EVAL_MAX);
    ck_assert_int_eq(gt_null_cut_score(350, 120), 350);
}
END_TEST

START_TEST(when_cuts_are_verified)
{
    struct gt_search_params p;
    gt_search_params_default(&p);
    void *mg = position(middlegame), *kp = position(pawn_ending),
         *rook = position(lone_rook);
    /* Low risk: from NullMoveVerifyDepth on. */
    ck_assert(!gt_null_must_verify(CHESS, &p, mg, p.sp[GT_SP_NMP_VERIFY_DEPTH] - 1));
    ck_assert(gt_null_must_verify(CHESS, &p, mg, p.sp[GT_SP_NMP_VERIFY_DEPTH]));
    /* Medium (a lone rook): from depth 6.  High (pawn ending): always. */
    ck_assert(!gt_null_must_verify(CHESS, &p, rook, 5));
    ck_assert(gt_null_must_verify(CHESS, &p, rook, 6));
    ck_assert(gt_null_must_verify(CHESS, &p, kp, 3));
    /* NullMoveVerification=false: never. */
    p.sp[GT_SP_NULL_VERIFY] = 0;
    ck_assert(!gt_null_must_verify(CHESS, &p, kp, 30));
    free(mg), free(kp), free(rook);
}
END_TEST

static char *run_suite(const char *file, int depth, const char *option, const char *value)
{
    char err[256], path[512], *out = NULL;
    size_t len = 0;
    snprintf(path, sizeof path, "%s/chess/%s", TEST_DATA_DIR, file);
    struct gt_engine *e = gt_engine_new(CHESS, err, sizeof err);
    ck_assert_ptr_nonnull(e);
    /* The null move's tests run on the hand-written evaluation, whose
     * search the depths below were set by (a network changes the tree). */
    ck_assert_int_eq(gt_engine_set_option(e, "UseNetwork", "false", err, sizeof err), 0);
    if (option)
        ck_assert_int_eq(gt_engine_set_option(e, option, value, err, sizeof err), 0);
    FILE *o = open_memstream(&out, &len);
    struct gt_epd_options opt = {.limit = "depth", .value = depth};
    ck_assert_int_eq(gt_epd_run(e, path, &opt, o), 0);
    fclose(o);
    gt_engine_free(e);
    return out;
}

/* Depth 30: Fine #70 (corresponding squares) needs about 24 with the
 * tuned evaluation, and sz05 (king and pawn against king) is proven a
 * draw from about 30: shallower, both its moves score alike and the
 * pick is a tie's.  The unverified null move still misses a position. */
START_TEST(zugzwang_suite_solved_with_verification)
{
    char *out = run_suite("zugzwang.epd", 30, NULL, NULL);
    ck_assert_msg(strstr(out, "\nsolved 10/10,"), "%s", out);
    free(out);
}
END_TEST

START_TEST(zugzwang_suite_breaks_without_verification)
{
    /* The positions are there to catch the unverified null move. */
    char *out = run_suite("zugzwang.epd", 30, "NullMoveVerification", "false");
    ck_assert_msg(!strstr(out, "\nsolved 10/10,"), "%s", out);
    free(out);
}
END_TEST

START_TEST(mate_suite_exact_distances)
{
    char *out = run_suite("mates.epd", 30, NULL, NULL);
    ck_assert_msg(strstr(out, "\nsolved 23/23,"), "%s", out);
    free(out);
}
END_TEST

static void setup(void)
{
    ck_assert_int_eq(CHESS->init(), 0);
}

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("null move");
    TCase *tc = tcase_create("null move");
    tcase_set_timeout(tc, 300);
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, every_guard_alone);
    tcase_add_test(tc, reduction);
    tcase_add_test(tc, mate_scores_are_clamped);
    tcase_add_test(tc, when_cuts_are_verified);
    tcase_add_test(tc, zugzwang_suite_solved_with_verification);
    tcase_add_test(tc, zugzwang_suite_breaks_without_verification);
    tcase_add_test(tc, mate_suite_exact_distances);
    suite_add_tcase(s, tc);
    return s;
}
