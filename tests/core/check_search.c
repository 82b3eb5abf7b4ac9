/* check_search.c -- the search core on tic-tac-toe, against an exhaustive
 * minimax written here with its own rules: values and mate distances in
 * every reachable position, with each pruning technique on and off.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "core/search.h"

extern const struct gt_game tictactoe_LTX_gt_module;
#define TTT (&tictactoe_LTX_gt_module)

/* ---- an independent tic-tac-toe: cells 'x', 'o', '.' ------------------ */
static const int rows[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                               {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

static int three(const char *b, char c)
{
    for (int i = 0; i < 8; i++)
        if (b[rows[i][0]] == c && b[rows[i][1]] == c && b[rows[i][2]] == c)
            return 1;
    return 0;
}

/* Exact value for the side to move: GT_MATE - plies to a win (shortest),
 * -GT_MATE + plies to a loss (longest), 0 for a draw. */
static int minimax(char *b, char me, int ply)
{
    char you = me == 'x' ? 'o' : 'x';
    if (three(b, you))
        return -GT_MATE + ply;
    int best = -GT_INF, moved = 0;
    for (int i = 0; i < 9; i++) {
        if (b[i] != '.')
            continue;
        moved = 1;
        b[i] = me;
        int v = -minimax(b, you, ply + 1);
        b[i] = '.';
        if (v > best)
            best = v;
    }
    return moved ? best : 0;
}

/* Each search a new game unless `go_on`: then what earlier searches
 * learnt (the table, kept corrections) is there for this one. */
static int search_score(struct gt_engine *e, const char *text, int depth, bool go_on)
{
    char err[256];
    struct gt_limits lim = {.depth = depth};
    struct gt_search_result res;
    ck_assert_msg(gt_engine_set_position(e, text, NULL, err, sizeof err) == 0, "%s", err);
    if (!go_on)
        gt_engine_new_game(e);
    ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
    return res.score;
}

/* Visit every position reachable from the empty board, once. */
static void each_position(char *b, char me, void (*fn)(const char *b, char me, void *),
                          void *ctx, char *seen)
{
    int code = 0;
    for (int i = 0; i < 9; i++)
        code = code * 3 + (b[i] == 'x' ? 1 : b[i] == 'o' ? 2 : 0);
    if (seen[code])
        return;
    seen[code] = 1;
    fn(b, me, ctx);
    char you = me == 'x' ? 'o' : 'x';
    if (three(b, you))
        return;
    for (int i = 0; i < 9; i++)
        if (b[i] == '.') {
            b[i] = me;
            each_position(b, you, fn, ctx, seen);
            b[i] = '.';
        }
}

struct compare {
    struct gt_engine *e;
    int positions;
    bool go_on;        /* one game: no new game between positions */
};

static void compare_one(const char *b, char me, void *ctx)
{
    struct compare *c = ctx;
    char text[16], copy[10];
    memcpy(copy, b, 9);
    copy[9] = 0;
    snprintf(text, sizeof text, "%s %c", copy, me);
    int want = minimax(copy, me, 0);
    /* Deep enough that even reduced null-move searches see the game end. */
    int got = search_score(c->e, text, 20, c->go_on);
    ck_assert_msg(got == want, "%s: search %d, minimax %d", text, got, want);
    c->positions++;
}

static void compare_all_in(const struct gt_game *g, const char *option, const char *value,
                           const char *option2, const char *value2)
{
    char err[256], board[10] = ".........", seen[19683] = {0};
    struct gt_engine *e = gt_engine_new(g, err, sizeof err);
    ck_assert_ptr_nonnull(e);
    /* Every position clears the table: 1 MB holds tic-tac-toe, and the
     * default 16 MB took minutes of memset under ThreadSanitizer. */
    ck_assert_int_eq(gt_engine_set_option(e, "Hash", "1", err, sizeof err), 0);
    if (option)
        ck_assert_int_eq(gt_engine_set_option(e, option, value, err, sizeof err), 0);
    if (option2)
        ck_assert_int_eq(gt_engine_set_option(e, option2, value2, err, sizeof err), 0);
    struct compare c = {e, 0, option2 && (!strcmp(option2, "CorrectionKeep") ||
                                         !strcmp(option2, "HistoryKeep"))};
    each_position(board, 'x', compare_one, &c, seen);
    ck_assert_int_eq(c.positions, 5478);   /* all legal tic-tac-toe positions */
    gt_engine_free(e);
}

static void compare_all(const char *option, const char *value)
{
    compare_all_in(TTT, option, value, NULL, NULL);
}

/* Tic-tac-toe with correction keys: the whole position, and two coarser
 * parts of its key (parts that many positions share), so that the
 * correction history has something to learn and to get wrong. */
static int ttt_correction_keys(const void *pos, uint64_t *keys)
{
    uint64_t k = TTT->key(pos);
    keys[0] = k;
    keys[1] = k & 0xff;
    keys[2] = k >> 60;
    return 3;
}

static void compare_all_corrected(const char *option, const char *value)
{
    struct gt_game g = *TTT;
    g.correction_keys = ttt_correction_keys;
    compare_all_in(&g, "CorrectionHistory", "400", option, value);
}

START_TEST(exact_values_everything_on) { compare_all(NULL, NULL); }
END_TEST
START_TEST(exact_values_null_move_off) { compare_all("NullMove", "false"); }
END_TEST
START_TEST(exact_values_verification_off) { compare_all("NullMoveVerification", "false"); }
END_TEST
START_TEST(exact_values_lmr_off) { compare_all("LMR", "false"); }
END_TEST
START_TEST(exact_values_reverse_futility_off) { compare_all("ReverseFutility", "false"); }
END_TEST
START_TEST(exact_values_continuation_history_on) { compare_all("ContinuationHistory", "true"); }
END_TEST
START_TEST(exact_values_singular_extension_on) { compare_all("SingularDepth", "2"); }
END_TEST
START_TEST(exact_values_lmr_history_on) { compare_all("LMRHistory", "64"); }
END_TEST
START_TEST(exact_values_mate_threat_extension_on) { compare_all("MateThreatExtension", "true"); }
END_TEST
START_TEST(exact_values_razoring_on) { compare_all("RazorDepth", "3"); }
END_TEST
START_TEST(exact_values_history_pruning_on) { compare_all("HistoryPruneDepth", "3"); }
END_TEST
START_TEST(exact_values_linear_history_bonus) { compare_all("HistoryBonusLinear", "64"); }
END_TEST
START_TEST(exact_values_checks_reduced) { compare_all("LMRChecks", "1"); }
END_TEST
START_TEST(exact_values_tt_pv_reduced_less) { compare_all("LMRTTPv", "2"); }
END_TEST
START_TEST(exact_values_no_cut_node_reduction) { compare_all("LMRCutNode", "0"); }
END_TEST
START_TEST(exact_values_deeper_research) { compare_all("LMRDeeperMargin", "50"); }
END_TEST
START_TEST(exact_values_corrected) { compare_all_corrected(NULL, NULL); }
END_TEST
START_TEST(exact_values_corrected_kept) { compare_all_corrected("CorrectionKeep", "1"); }
END_TEST
/* One game through every position: the histories of each search order
 * the next one's moves. */
START_TEST(exact_values_histories_kept)
{
    compare_all_in(TTT, "ContinuationHistory", "true", "HistoryKeep", "1");
}
END_TEST

START_TEST(finds_the_winning_move)
{
    char err[256];
    struct gt_engine *e = gt_engine_new(TTT, err, sizeof err);
    struct gt_limits lim = {.depth = 9};
    struct gt_search_result res;
    /* x forks with a1 (a3 and c1 taken, o on b2 and c3? no): x to move on
     * "x...o...x"-like boards; here: x a3, o b3; x plays b2 and wins. */
    ck_assert_int_eq(gt_engine_set_position(e, "xo....... x", NULL, err, sizeof err), 0);
    ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
    char b[10] = "xo.......";
    ck_assert_int_eq(res.score, minimax(b, 'x', 0));
    ck_assert(res.score > GT_MATE_IN_MAX);
    /* The move it chose keeps the win: after it, o is lost. */
    b[res.best - 1] = 'x';
    ck_assert_int_eq(-minimax(b, 'o', 1), res.score);
    gt_engine_free(e);
}
END_TEST

/* One legal move: under a clock the search stops after depth 1 (thinking
 * cannot change it); under a depth limit it searches as asked. */
START_TEST(the_only_move_is_played_at_once)
{
    char err[256];
    struct gt_engine *e = gt_engine_new(TTT, err, sizeof err);
    struct gt_search_result res;
    ck_assert_int_eq(gt_engine_set_position(e, ".xxxooxoo x", NULL, err, sizeof err), 0);
    struct gt_limits clock = {.time = {60000, 60000}};
    ck_assert_int_eq(gt_engine_search(e, &clock, NULL, NULL, &res), 0);
    ck_assert_int_eq(res.depth, 1);
    ck_assert_uint_eq(res.best, 1);              /* a1, the one empty cell */
    struct gt_limits movetime = {.movetime = 5000};
    ck_assert_int_eq(gt_engine_search(e, &movetime, NULL, NULL, &res), 0);
    ck_assert_int_eq(res.depth, 1);
    struct gt_limits depth = {.depth = 4};
    ck_assert_int_eq(gt_engine_search(e, &depth, NULL, NULL, &res), 0);
    ck_assert_int_eq(res.depth, 4);
    ck_assert_uint_eq(res.best, 1);
    gt_engine_free(e);
}
END_TEST

/* The lines of the last iteration a search reported. */
struct lines {
    int depth, n;
    struct gt_search_info last[9];
};

static void keep_line(void *ctx, const struct gt_search_info *info)
{
    struct lines *l = ctx;
    if (info->depth != l->depth) {
        l->depth = info->depth;
        l->n = 0;
    }
    ck_assert_int_eq(info->multipv, l->n + 1);      /* in order, from 1 */
    l->last[l->n++] = *info;
}

/* MultiPV: the k lines are the k best root moves, best first, each with
 * its exact minimax value (depth 20 sees every game to its end). */
START_TEST(multipv_lines_are_the_best_moves_in_order)
{
    char err[256];
    const char *text = "xo....... x";
    struct gt_engine *e = gt_engine_new(TTT, err, sizeof err);
    ck_assert_int_eq(gt_engine_set_option(e, "MultiPV", "4", err, sizeof err), 0);
    ck_assert_int_eq(gt_engine_set_position(e, text, NULL, err, sizeof err), 0);
    struct gt_limits lim = {.depth = 20};
    struct gt_search_result res;
    struct lines l = {0};
    ck_assert_int_eq(gt_engine_search(e, &lim, keep_line, &l, &res), 0);
    ck_assert_int_eq(l.n, 4);
    /* Every root move's exact value, best first. */
    int value[9], n = 0;
    char b[10] = "xo.......";
    for (int i = 0; i < 9; i++)
        if (b[i] == '.') {
            b[i] = 'x';
            value[n++] = -minimax(b, 'o', 1);
            b[i] = '.';
        }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && value[j] > value[j - 1]; j--) {
            int t = value[j]; value[j] = value[j - 1]; value[j - 1] = t;
        }
    for (int k = 0; k < 4; k++) {
        ck_assert_int_eq(l.last[k].score, value[k]);
        b[l.last[k].pv[0] - 1] = 'x';
        ck_assert_int_eq(-minimax(b, 'o', 1), value[k]);  /* the line's own move */
        b[l.last[k].pv[0] - 1] = '.';
        for (int j = 0; j < k; j++)
            ck_assert_uint_ne(l.last[j].pv[0], l.last[k].pv[0]);
    }
    ck_assert_uint_eq(res.best, l.last[0].pv[0]);
    /* More lines than moves: one line per move. */
    ck_assert_int_eq(gt_engine_set_option(e, "MultiPV", "9", err, sizeof err), 0);
    ck_assert_int_eq(gt_engine_set_position(e, "xoxoxo... x", NULL, err, sizeof err), 0);
    l = (struct lines){0};
    ck_assert_int_eq(gt_engine_search(e, &lim, keep_line, &l, &res), 0);
    ck_assert_int_eq(l.n, 3);
    gt_engine_free(e);
}
END_TEST

START_TEST(mate_score_helpers)
{
    ck_assert(gt_is_mate_score(GT_MATE - 5));
    ck_assert(!gt_is_mate_score(GT_EVAL_MAX));
    ck_assert_int_eq(gt_mate_moves(GT_MATE - 1), 1);
    ck_assert_int_eq(gt_mate_moves(GT_MATE - 5), 3);
    ck_assert_int_eq(gt_mate_moves(-GT_MATE + 4), -2);
}
END_TEST

START_TEST(time_budgets)
{
    struct gt_limits lim = {.time = {60000, 1000}, .inc = {1000, 0}};
    int64_t soft, hard;
    int32_t sp[GT_SP_COUNT];
    gt_search_param_defaults(sp);
    gt_time_budget(&lim, 0, 30, sp, &soft, &hard);
    ck_assert(soft > 1000 && soft < hard && hard <= 60000 / 3 + 500);
    /* The side with 1 s left and no increment spends far less. */
    gt_time_budget(&lim, 1, 30, sp, &soft, &hard);
    ck_assert(hard < 400 && soft <= hard);
    /* Fixed time per move: all of it (the GUI chose it, lag included). */
    lim = (struct gt_limits){.movetime = 500};
    gt_time_budget(&lim, 0, 30, sp, &soft, &hard);
    ck_assert_int_eq(soft, 500);
    ck_assert_int_eq(hard, 500);
    /* Only the opponent's clock given: it stands for ours. */
    lim = (struct gt_limits){.time = {0, 60000}};
    gt_time_budget(&lim, 0, 30, sp, &soft, &hard);
    ck_assert(soft > 1000 && soft < hard && hard <= 60000 / 3);
    /* Byoyomi only: use it, keeping the overhead. */
    lim = (struct gt_limits){.byoyomi = 1000};
    gt_time_budget(&lim, 1, 30, sp, &soft, &hard);
    ck_assert_int_eq(hard, 970);
    /* No clock at all: no time limit. */
    lim = (struct gt_limits){.depth = 5};
    gt_time_budget(&lim, 0, 30, sp, &soft, &hard);
    ck_assert_int_eq(soft, 0);
    ck_assert_int_eq(hard, 0);
}
END_TEST

/* The soft limit shrinks for a settled root and stretches for an
 * unsettled one; each part moves the way it should, and each at 0 (the
 * default) is neutral.  Stretched, it stays inside the hard limit,
 * spends a byoyomi, and leaves a fixed time alone. */
START_TEST(time_scaling)
{
    int32_t sp[GT_SP_COUNT];
    gt_search_param_defaults(sp);
    /* Off by default (doc/strength.md): a setting of each part. */
    sp[GT_SP_TIME_NODES] = 135;
    sp[GT_SP_TIME_STABLE] = 5;
    sp[GT_SP_TIME_DROP] = 50;
    int settled = gt_time_scale(sp, 95, 10, 0), unsettled = gt_time_scale(sp, 20, 0, 100);
    ck_assert_msg(settled < 100 && unsettled > 100, "%d %d", settled, unsettled);
    for (int v = 0; v < 100; v += 10) {
        ck_assert_int_ge(gt_time_scale(sp, v, 3, 20), gt_time_scale(sp, v + 10, 3, 20));
        ck_assert_int_ge(gt_time_scale(sp, 60, v / 10, 20), gt_time_scale(sp, 60, v / 10 + 1, 20));
        ck_assert_int_le(gt_time_scale(sp, 60, 3, v), gt_time_scale(sp, 60, 3, v + 10));
    }
    /* Out-of-range readings count as the nearest in range. */
    ck_assert_int_eq(gt_time_scale(sp, 130, 40, -50), gt_time_scale(sp, 100, 10, 0));
    gt_search_param_defaults(sp);
    ck_assert_int_eq(gt_time_scale(sp, 20, 0, 100), 100);
    ck_assert_int_eq(gt_time_scale(sp, 95, 10, 0), 100);

    struct gt_limits clock = {.time = {60000, 60000}};
    ck_assert_int_eq(gt_time_stretch(&clock, 30, 1000, 5000, 100), 1000);
    ck_assert_int_eq(gt_time_stretch(&clock, 30, 1000, 5000, 70), 700);
    ck_assert_int_eq(gt_time_stretch(&clock, 30, 1000, 5000, 900), 5000);
    struct gt_limits fixed = {.movetime = 500};
    ck_assert_int_eq(gt_time_stretch(&fixed, 30, 500, 500, 300), 500);
    struct gt_limits byo = {.time = {10000, 10000}, .byoyomi = 1000};
    ck_assert_int_eq(gt_time_stretch(&byo, 30, 1200, 3000, 50), 970);
}
END_TEST

/* A game's search_defaults become the options' defaults, the user's
 * values still win, and a name that is no search number is refused. */
START_TEST(game_search_defaults)
{
    char err[256] = "";
    struct gt_game g = *TTT;
    static const char *const own[] = {"LMPBase=7", "MateInOne=1", NULL};
    g.search_defaults = own;
    struct gt_engine *e = gt_engine_new(&g, err, sizeof err);
    ck_assert_msg(e != NULL, "%s", err);
    struct gt_search_params p;
    gt_engine_params(e, &p);
    ck_assert_int_eq(p.sp[GT_SP_LMP_BASE], 7);
    ck_assert_int_eq(gt_engine_search_default(e, GT_SP_LMP_BASE), 7);
    ck_assert_int_eq(p.sp[GT_SP_MATE1], 1);
    ck_assert_int_eq(p.sp[GT_SP_LMR_DIV], gt_search_param_table[GT_SP_LMR_DIV].value);
    ck_assert_int_eq(gt_engine_set_option(e, "LMPBase", "2", err, sizeof err), 0);
    gt_engine_params(e, &p);
    ck_assert_int_eq(p.sp[GT_SP_LMP_BASE], 2);
    gt_engine_free(e);

    static const char *const bad[] = {"LMPBase=7", "NoSuchNumber=3", NULL};
    g.search_defaults = bad;
    ck_assert_ptr_null(gt_engine_new(&g, err, sizeof err));
    ck_assert_str_eq(err, "game 'tictactoe': search default 'NoSuchNumber=3' names no search number");
}
END_TEST

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("search");
    TCase *tc = tcase_create("search");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, exact_values_everything_on);
    tcase_add_test(tc, exact_values_null_move_off);
    tcase_add_test(tc, exact_values_verification_off);
    tcase_add_test(tc, exact_values_lmr_off);
    tcase_add_test(tc, exact_values_reverse_futility_off);
    tcase_add_test(tc, exact_values_continuation_history_on);
    tcase_add_test(tc, exact_values_mate_threat_extension_on);
    tcase_add_test(tc, exact_values_singular_extension_on);
    tcase_add_test(tc, exact_values_lmr_history_on);
    tcase_add_test(tc, exact_values_razoring_on);
    tcase_add_test(tc, exact_values_history_pruning_on);
    tcase_add_test(tc, exact_values_linear_history_bonus);
    tcase_add_test(tc, exact_values_checks_reduced);
    tcase_add_test(tc, exact_values_tt_pv_reduced_less);
    tcase_add_test(tc, exact_values_no_cut_node_reduction);
    tcase_add_test(tc, exact_values_deeper_research);
    tcase_add_test(tc, exact_values_corrected);
    tcase_add_test(tc, exact_values_corrected_kept);
    tcase_add_test(tc, exact_values_histories_kept);
    tcase_add_test(tc, finds_the_winning_move);
    tcase_add_test(tc, the_only_move_is_played_at_once);
    tcase_add_test(tc, multipv_lines_are_the_best_moves_in_order);
    tcase_add_test(tc, mate_score_helpers);
    tcase_add_test(tc, time_budgets);
    tcase_add_test(tc, time_scaling);
    tcase_add_test(tc, game_search_defaults);
    suite_add_tcase(s, tc);
    return s;
}
