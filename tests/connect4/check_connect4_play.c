/* check_connect4_play.c -- the search plays Connect Four perfectly where
 * the board is nearly full (up to 14 empty cells): its score (win, loss or draw, and in how many
 * plies) and its move agree with an exhaustive minimax written here with
 * its own rules, on positions from seeded random playouts.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "core/search.h"

extern const struct gt_game connect4_LTX_gt_module;
#define C4 (&connect4_LTX_gt_module)

/* ---- an independent Connect Four: cell[col][row], row 0 at the bottom --- */
struct board {
    char cell[7][6];   /* 'x', 'o' or 0 */
    int height[7];
};

static int four_from(const struct board *b, int c, int r)
{
    static const int dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    char me = b->cell[c][r];
    for (int d = 0; d < 4; d++) {
        int n = 1;
        for (int s = -1; s <= 1; s += 2)
            for (int k = 1; k < 4; k++) {
                int cc = c + s * k * dir[d][0], rr = r + s * k * dir[d][1];
                if (cc < 0 || cc > 6 || rr < 0 || rr > 5 || b->cell[cc][rr] != me)
                    break;
                n++;
            }
        if (n >= 4)
            return 1;
    }
    return 0;
}

/* Exact value for the side to move, `me`: GT_MATE - plies to a win,
 * -GT_MATE + plies to a loss, 0 for a draw (alpha-beta keeps it exact). */
static int minimax(struct board *b, char me, int ply, int alpha, int beta)
{
    static const int order[7] = {3, 2, 4, 1, 5, 0, 6};
    char you = me == 'x' ? 'o' : 'x';
    int any = 0;
    /* A win now is the best there is. */
    for (int c = 0; c < 7; c++)
        if (b->height[c] < 6) {
            b->cell[c][b->height[c]] = me;
            int won = four_from(b, c, b->height[c]);
            b->cell[c][b->height[c]] = 0;
            if (won)
                return GT_MATE - ply - 1;
            any = 1;
        }
    if (!any)
        return 0;
    int best = -GT_INF;
    for (int i = 0; i < 7; i++) {
        int c = order[i];
        if (b->height[c] == 6)
            continue;
        b->cell[c][b->height[c]++] = me;
        int v = -minimax(b, you, ply + 1, -beta, -alpha);
        b->cell[c][--b->height[c]] = 0;
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

static void to_text(const struct board *b, char me, char *out)
{
    int n = 0;
    for (int r = 5; r >= 0; r--) {
        int empty = 0;
        for (int c = 0; c < 7; c++) {
            if (!b->cell[c][r]) { empty++; continue; }
            if (empty) out[n++] = (char)('0' + empty);
            empty = 0;
            out[n++] = b->cell[c][r];
        }
        if (empty) out[n++] = (char)('0' + empty);
        out[n++] = r ? '/' : ' ';
    }
    out[n++] = me;
    out[n] = 0;
}

/* A seeded random game, stopped with `empty` cells left and nobody won. */
static int random_position(unsigned *seed, int empty, struct board *b, char *me)
{
    for (int tries = 0; tries < 1000; tries++) {
        memset(b, 0, sizeof *b);
        *me = 'x';
        int placed = 0, won = 0;
        while (placed < 42 - empty && !won) {
            *seed = *seed * 1103515245u + 12345u;
            int c = (int)(*seed >> 16) % 7;
            if (b->height[c] == 6)
                continue;
            b->cell[c][b->height[c]] = *me;
            won = four_from(b, c, b->height[c]++);
            *me = *me == 'x' ? 'o' : 'x';
            placed++;
        }
        if (!won)
            return 0;
    }
    return -1;
}

/* Search one position and compare score and move with minimax; returns the
 * exact value. */
static int compare(struct gt_engine *e, struct board *b, char me, int empty)
{
    char err[256], text[64];
    to_text(b, me, text);
    int want = minimax(b, me, 0, -GT_INF, GT_INF);
    struct gt_limits lim = {.depth = empty + 8};
    struct gt_search_result res;
    ck_assert_msg(gt_engine_set_position(e, text, NULL, err, sizeof err) == 0,
                  "%s: %s", text, err);
    gt_engine_new_game(e);
    ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
    ck_assert_msg(res.score == want, "%s: search %d, minimax %d", text, res.score, want);
    /* The move keeps that value. */
    int c = (int)res.best - 1;
    ck_assert(c >= 0 && c < 7 && b->height[c] < 6);
    b->cell[c][b->height[c]] = me;
    int after = four_from(b, c, b->height[c]) ? GT_MATE - 1
              : (b->height[c]++, -minimax(b, me == 'x' ? 'o' : 'x', 1, -GT_INF, GT_INF));
    ck_assert_msg(after == want, "%s: move %c gives %d, best is %d", text, 'a' + c,
                  after, want);
    return want;
}

START_TEST(perfect_play_near_the_end)
{
    char err[256];
    unsigned seed = 20261123;
    struct gt_engine *e = gt_engine_new(C4, err, sizeof err);
    ck_assert_ptr_nonnull(e);
    int wins = 0, losses = 0, draws = 0;
    for (int i = 0; i < 210; i++) {
        struct board b;
        char me;
        int empty = 6 + i % 9;                      /* 6 .. 14 empty cells */
        ck_assert_int_eq(random_position(&seed, empty, &b, &me), 0);
        int v = compare(e, &b, me, empty);
        wins += v > 0;
        losses += v < 0;
    }
    /* Random games rarely end drawn: look for drawn endgames on purpose. */
    for (int tries = 0; draws < 5 && tries < 5000; tries++) {
        struct board b;
        char me;
        int empty = 2 + tries % 7;
        ck_assert_int_eq(random_position(&seed, empty, &b, &me), 0);
        struct board copy = b;
        if (minimax(&copy, me, 0, -GT_INF, GT_INF) == 0)
            draws += compare(e, &b, me, empty) == 0;
    }
    ck_assert_msg(wins > 0 && losses > 0 && draws == 5, "wins %d losses %d draws %d",
                  wins, losses, draws);
    gt_engine_free(e);
}
END_TEST

START_TEST(finds_a_forced_win)
{
    /* x to move: d1 d2 d3 taken by x: d4 wins at once; the search must see
     * the mate in one and play it. */
    char err[256];
    struct gt_engine *e = gt_engine_new(C4, err, sizeof err);
    struct gt_limits lim = {.depth = 6};
    struct gt_search_result res;
    ck_assert_int_eq(gt_engine_set_position(e, "7/7/7/3x3/3xo2/o2xo2 x", NULL, err,
                                            sizeof err), 0);
    ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
    ck_assert_int_eq(res.score, GT_MATE - 1);
    ck_assert_uint_eq(res.best, 4);     /* column d */
    gt_engine_free(e);
}
END_TEST

static void setup(void)
{
    ck_assert_int_eq(C4->init ? C4->init() : 0, 0);
}

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("connect4 play");
    TCase *tc = tcase_create("connect4 play");
    tcase_set_timeout(tc, 300);
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, perfect_play_near_the_end);
    tcase_add_test(tc, finds_a_forced_win);
    suite_add_tcase(s, tc);
    return s;
}
