/* check_features.c -- every game that declares input features keeps them
 * right: along random games from its bench positions, with null moves
 * where the game has them, each move's changes turn the active set before
 * it into the one after it (lib/core/features.c checks one move);
 * shogi's hands past their slots; and a set that disagrees with the set
 * it extends.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "core/features.h"
#include "core/util.h"

extern const struct gt_game chess_LTX_gt_module, shogi_LTX_gt_module, connect4_LTX_gt_module,
    othello_LTX_gt_module;
static const struct gt_game *const games[] = {&chess_LTX_gt_module, &shogi_LTX_gt_module,
                                              &connect4_LTX_gt_module, &othello_LTX_gt_module};

static void walk_game(const struct gt_game *g, int walks, int plies)
{
    ck_assert_int_eq(g->init ? g->init() : 0, 0);
    ck_assert_ptr_nonnull(g->features);
    struct gt_features_checker *c = gt_features_checker_new(g);
    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size ? g->undo_size : 1);
    gt_move *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    ck_assert(c && pos && undo && moves);
    uint64_t rng = 1;
    char err[512], text[1024];
    long checked = 0;
    for (int b = 0; g->bench_positions[b]; b++)
        for (int w = 0; w < walks; w++) {
            ck_assert_int_eq(g->from_text(pos, g->bench_positions[b], err, sizeof err), 0);
            for (int ply = 0; ply < plies; ply++) {
                int n = g->generate(pos, GT_GEN_ALL, moves);
                if (n <= 0 || g->rule_outcome(pos, 1) != GT_ONGOING)
                    break;
                gt_move m = g->make_null && !g->in_check(pos) && gt_rand64(&rng) % 10 == 0
                                ? GT_MOVE_NULL
                                : moves[gt_rand64(&rng) % (uint64_t)n];
                g->to_text(pos, text, sizeof text);
                int rc = gt_features_check_move(c, pos, m, undo, err, sizeof err);
                ck_assert_msg(rc == 0, "%s: %s", text, err);
                checked++;
            }
        }
    ck_assert_int_gt(checked, 100);
    gt_features_checker_free(c);
    free(pos);
    free(undo);
    free(moves);
}

START_TEST(every_move_keeps_the_features)
{
    walk_game(games[_i], 10, 150);
}
END_TEST

/* Shogi's hands hold one feature a piece up to their slots (18 pawns):
 * a position read from text may hold more (promoted pawns on the board),
 * and then the pieces past the slots come and go without a change. */
START_TEST(shogi_hand_beyond_its_slots)
{
    const struct gt_game *g = &shogi_LTX_gt_module;
    ck_assert_int_eq(g->init(), 0);
    struct gt_features_checker *c = gt_features_checker_new(g);
    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size);
    uint32_t *idx = malloc(sizeof *idx * (size_t)g->features->max_active);
    ck_assert(c && pos && undo && idx);
    char err[512];
    ck_assert_int_eq(g->from_text(pos, "4k4/4+P4/9/9/9/9/9/9/4K4 w 18p 1", err, sizeof err), 0);
    /* the 19th pawn comes into the hand, goes out of it, then the 18th */
    static const struct {
        const char *move;
        int active;  /* board pieces and hand slots after it */
    } line[] = {{"5a5b", 2 + 18}, {"5i4i", 2 + 18}, {"P*5e", 3 + 18}, {"4i5i", 3 + 18},
                {"P*4e", 4 + 17}};
    for (size_t i = 0; i < sizeof line / sizeof line[0]; i++) {
        gt_move m = g->move_from_text(pos, line[i].move, err, sizeof err);
        ck_assert_msg(m != GT_MOVE_NONE, "%s", err);
        ck_assert_msg(gt_features_check_move(c, pos, m, undo, err, sizeof err) == 0, "%s", err);
        for (int p = 0; p < 2; p++)
            ck_assert_int_eq(g->features->active(pos, p, idx), line[i].active);
    }
    gt_features_checker_free(c);
    free(pos);
    free(undo);
    free(idx);
}
END_TEST

/* A feature set and the one it extends must agree: a base whose features
 * are not among the set's, or a base_ratio that does not count them, is
 * named at the first move. */
static int shifted_base(const void *pos, int persp, uint32_t *idx)
{
    const struct gt_features *base = chess_LTX_gt_module.features->base;
    int n = base->active(pos, persp, idx);
    for (int i = 0; i < n; i++)
        idx[i] = (idx[i] + 1) % base->count;
    return n;
}

START_TEST(base_set_must_agree)
{
    const struct gt_game *chess = &chess_LTX_gt_module;
    ck_assert_int_eq(chess->init(), 0);
    ck_assert_ptr_nonnull(chess->features->base);
    struct gt_features base = *chess->features->base, f = *chess->features;
    f.base = &base;
    struct gt_game g = *chess;
    g.features = &f;
    void *pos = malloc(g.pos_size), *undo = malloc(g.undo_size);
    char err[512], want[160];
    for (int fault = 0; fault < 3; fault++) {
        base = *chess->features->base;
        f.base_ratio = chess->features->base_ratio;
        if (fault == 1)
            base.active = shifted_base;
        if (fault == 2)
            f.base_ratio++;
        struct gt_features_checker *c = gt_features_checker_new(&g);
        ck_assert(c && pos && undo);
        ck_assert_int_eq(g.from_text(pos, g.startpos, err, sizeof err), 0);
        gt_move m = g.move_from_text(pos, "e2e4", err, sizeof err);
        int rc = gt_features_check_move(c, pos, m, undo, err, sizeof err);
        if (fault == 0)
            ck_assert_msg(rc == 0, "%s", err);
        else {
            ck_assert_int_eq(rc, -1);
            if (fault == 1)
                snprintf(want, sizeof want, "of %s is not active in %s", base.name, f.name);
            else
                snprintf(want, sizeof want, "which %s extends with base_ratio %d", f.name,
                         f.base_ratio);
            ck_assert_msg(strstr(err, want), "%s", err);
        }
        gt_features_checker_free(c);
    }
    free(pos);
    free(undo);
}
END_TEST

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("features");
    TCase *tc = tcase_create("walks");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, every_move_keeps_the_features, 0,
                        (int)(sizeof games / sizeof games[0]));
    tcase_add_test(tc, shogi_hand_beyond_its_slots);
    tcase_add_test(tc, base_set_must_agree);
    suite_add_tcase(s, tc);
    return s;
}
