/* check_threads.c -- lazy SMP: chess and shogi positions searched by 2, 3
 * and 4 threads that share one transposition table.  In any build every
 * thread count must answer a legal move at the depth asked with a sane
 * node count; built with --enable-sanitizers=thread this suite is the race
 * test of the search, the table and the engine's search thread.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

#include "engine/engine.h"

extern const struct gt_game chess_LTX_gt_module;
extern const struct gt_game shogi_LTX_gt_module;
#define CHESS (&chess_LTX_gt_module)
#define SHOGI (&shogi_LTX_gt_module)

#include "search_positions.h"

static struct gt_engine *engine(const struct gt_game *g, int threads)
{
    char err[256], n[16];
    struct gt_engine *e = gt_engine_new(g, err, sizeof err);
    ck_assert_msg(e != NULL, "%s", err);
    snprintf(n, sizeof n, "%d", threads);
    ck_assert_int_eq(gt_engine_set_option(e, "Threads", n, err, sizeof err), 0);
    return e;
}

static struct gt_search_result search(struct gt_engine *e, const char *text, int depth)
{
    char err[256];
    struct gt_search_result res;
    ck_assert_msg(gt_engine_set_position(e, text, NULL, err, sizeof err) == 0, "%s", err);
    gt_engine_new_game(e);
    struct gt_limits lim = {.depth = depth};
    ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
    return res;
}

/* Each position at `depth` with one thread, then with 2, 3 and 4.  The
 * threads' nodes in all measured 0.7 to 2.9 times one thread's at these
 * depths: the table they share saves some, their overlap costs some; the
 * bounds below are far outside that, and catch lost or runaway threads. */
static void fixed_depth(const struct gt_game *g, const char *const *list, int depth)
{
    struct gt_engine *one = engine(g, 1);
    for (int i = 0; list[i]; i++) {
        struct gt_search_result base = search(one, list[i], depth);
        for (int t = 2; t <= 4; t++) {
            struct gt_engine *e = engine(g, t);
            struct gt_search_result r = search(e, list[i], depth);
            const void *pos = gt_engine_position(e);
            ck_assert_msg(r.best && g->is_legal(pos, r.best),
                          "%s, %d threads: no legal best move", list[i], t);
            ck_assert_int_eq(r.depth, depth);
            ck_assert_msg(8 * r.nodes >= base.nodes && r.nodes <= 16 * (uint64_t)t * base.nodes,
                          "%s, %d threads: %llu nodes (one thread: %llu)", list[i], t,
                          (unsigned long long)r.nodes, (unsigned long long)base.nodes);
            gt_engine_free(e);
        }
    }
    gt_engine_free(one);
}

/* go nodes holds for the threads together: every thread counts all of
 * them, so the total stops within a few percent of the limit. */
START_TEST(node_limit_counts_every_thread)
{
    char err[256];
    for (int t = 1; t <= 3; t++) {
        struct gt_engine *e = engine(CHESS, t);
        struct gt_search_result res;
        ck_assert_int_eq(gt_engine_set_position(e, chess_pos[0], NULL, err, sizeof err), 0);
        struct gt_limits lim = {.nodes = 40000};
        ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
        ck_assert_msg(res.nodes >= lim.nodes && res.nodes <= lim.nodes + lim.nodes / 10,
                      "%d threads: %llu nodes for a limit of %llu", t,
                      (unsigned long long)res.nodes, (unsigned long long)lim.nodes);
        gt_engine_free(e);
    }
}
END_TEST

START_TEST(chess_fixed_depth) { fixed_depth(CHESS, chess_pos, 7); }
END_TEST
START_TEST(shogi_fixed_depth) { fixed_depth(SHOGI, shogi_pos, 5); }
END_TEST

struct answer {
    gt_move best;
    uint64_t nodes;
    int depth;
    atomic_bool given;
};

static void done(void *ctx, const struct gt_search_result *res)
{
    struct answer *a = ctx;
    a->best = res->best;
    a->nodes = res->nodes;
    a->depth = res->depth;
    atomic_store(&a->given, true);
}

/* The protocol's path: `go infinite` in the engine's thread, the helpers
 * beside it, and `stop` from this thread while they all run. */
static void go_and_stop(const struct gt_game *g, const char *text)
{
    char err[256];
    for (int t = 2; t <= 4; t++) {
        struct gt_engine *e = engine(g, t);
        ck_assert_int_eq(gt_engine_set_position(e, text, NULL, err, sizeof err), 0);
        struct answer a = {0};
        struct gt_limits lim = {.infinite = true};
        ck_assert_int_eq(gt_engine_go(e, &lim, NULL, done, &a), 0);
        nanosleep(&(struct timespec){0, 100 * 1000 * 1000}, NULL);
        gt_engine_stop(e);
        ck_assert_msg(a.best && g->is_legal(gt_engine_position(e), a.best),
                      "%d threads: no legal move after stop", t);
        ck_assert_int_ge(a.depth, 1);
        ck_assert_uint_gt(a.nodes, 0);
        gt_engine_free(e);
    }
}

START_TEST(chess_go_and_stop) { go_and_stop(CHESS, chess_pos[1]); }
END_TEST

/* A mate in one: helpers run through every depth at once, and still the
 * answer of `go infinite` waits for `stop`. */
START_TEST(infinite_waits_for_stop)
{
    char err[256];
    struct gt_engine *e = engine(CHESS, 3);
    ck_assert_int_eq(gt_engine_set_position(e, "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", NULL,
                                            err, sizeof err), 0);
    struct answer a = {0};
    struct gt_limits lim = {.infinite = true};
    ck_assert_int_eq(gt_engine_go(e, &lim, NULL, done, &a), 0);
    nanosleep(&(struct timespec){0, 300 * 1000 * 1000}, NULL);
    ck_assert_msg(!atomic_load(&a.given), "answered go infinite before stop");
    gt_engine_stop(e);
    ck_assert(atomic_load(&a.given));
    ck_assert_int_gt(a.depth, 1);
    gt_engine_free(e);
}
END_TEST
START_TEST(shogi_go_and_stop) { go_and_stop(SHOGI, shogi_pos[1]); }
END_TEST

/* Linked directly, the modules need the init the registry would call. */
static void setup(void)
{
    ck_assert_int_eq(CHESS->init(), 0);
    ck_assert_int_eq(SHOGI->init(), 0);
}

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 600);    /* ThreadSanitizer is slow */
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, node_limit_counts_every_thread);
    tcase_add_test(tc, chess_fixed_depth);
    tcase_add_test(tc, shogi_fixed_depth);
    tcase_add_test(tc, chess_go_and_stop);
    tcase_add_test(tc, shogi_go_and_stop);
    tcase_add_test(tc, infinite_waits_for_stop);
    suite_add_tcase(s, tc);
    return s;
}
