/* check_movepick.c -- the move picker on chess positions: every legal
 * move exactly once, in the same order from one list as in stages, and
 * with BadNoisyLast the noisy moves that lose material (the game's
 * exchange test) after every quiet one; skipping the quiet moves goes
 * straight to them.  Capture history lifts a noisy move that cut.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "core/history.h"
#include "core/params.h"
#include "core/search.h"
#include "core/worker.h"

extern const struct gt_game chess_LTX_gt_module;
#define CHESS (&chess_LTX_gt_module)

/* Positions with captures that win, captures that lose and quiet moves. */
static const char *const positions[] = {
    /* Nxd5 and Nxe5 lose a knight for a pawn; dxe5 and dxc5 do not. */
    "r1bqkb1r/pp3ppp/2n2n2/2ppp3/3P4/2N2N2/PPPQPPPP/R1B1KB1R w KQkq - 0 6",
    /* Kiwipete: many captures both ways. */
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    /* Rook takes a pawn defended by a pawn; a promotion. */
    "4k3/1P4p1/5p2/8/8/8/5R2/4K3 w - - 0 1",
    NULL,
};

struct picked {
    gt_move m[256];
    bool bad[256];     /* returned as held back */
    int n;
};

struct rig {
    struct gt_worker w;
    struct gt_search_params p;
    struct gt_histories h;
    void *mem;
};

static void rig_init(struct rig *r, const char *fen, bool bad_last)
{
    const struct gt_game *g = CHESS;
    char err[256];
    memset(r, 0, sizeof *r);
    gt_search_params_default(&r->p);
    r->p.sp[GT_SP_BAD_NOISY_LAST] = bad_last;
    ck_assert_int_eq(gt_histories_alloc(&r->h, g->move_index_count, 1), 0);
    const size_t moves = (size_t)g->max_moves;
    r->mem = calloc(1, g->pos_size + 2 * moves * sizeof(gt_move) +
                           (moves + GT_SCORE_PAD) * sizeof(int));
    ck_assert_ptr_nonnull(r->mem);
    struct gt_worker *w = &r->w;
    w->g = g;
    w->p = &r->p;
    w->pos = r->mem;
    w->stack[0].moves = (gt_move *)((char *)r->mem + g->pos_size);
    w->scratch = w->stack[0].moves + moves;
    w->stack[0].scores = (int *)(w->scratch + moves);
    w->history = r->h.set[0].butterfly;
    w->counter = r->h.set[0].counter;
    w->cont = r->h.set[0].cont;
    w->capture = r->h.set[0].capture;
    ck_assert_msg(g->from_text(w->pos, fen, err, sizeof err) == 0, "%s", err);
}

static void rig_free(struct rig *r)
{
    gt_histories_free(&r->h);
    free(r->mem);
}

/* Every move the picker gives, staged or from one list; with `skip_at`
 * >= 0, the quiet moves are skipped after the skip_at-th quiet one. */
static struct picked pick_all(const char *fen, bool bad_last, bool staged, int skip_at)
{
    struct rig r;
    rig_init(&r, fen, bad_last);
    struct picked out = {.n = 0};
    struct gt_picker pk;
    gt_picker_init(&pk, 0, GT_MOVE_NONE, staged);
    int quiets = 0;
    for (gt_move m; (m = gt_picker_next(&r.w, &pk)) != GT_MOVE_NONE;) {
        ck_assert_int_lt(out.n, 256);
        out.bad[out.n] = gt_picker_bad(&pk);
        out.m[out.n++] = m;
        if (!CHESS->is_noisy(r.w.pos, m) && quiets++ == skip_at)
            gt_picker_skip_quiets(&pk);
    }
    ck_assert(!pk.no_moves);
    rig_free(&r);
    return out;
}

static bool noisy(const char *fen, gt_move m, bool *loses)
{
    struct rig r;
    rig_init(&r, fen, false);
    bool is = CHESS->is_noisy(r.w.pos, m);
    *loses = is && !CHESS->see_ge(r.w.pos, m, 0);
    rig_free(&r);
    return is;
}

START_TEST(every_move_once_and_losing_noisy_moves_last)
{
    ck_assert_int_eq(CHESS->init ? CHESS->init() : 0, 0);
    const char *fen = positions[_i];
    struct rig r;
    rig_init(&r, fen, false);
    gt_move legal[256];
    int nlegal = CHESS->generate(r.w.pos, GT_GEN_ALL, legal);
    rig_free(&r);

    int held_somewhere = 0, early_somewhere = 0;
    for (int bad_last = 0; bad_last < 2; bad_last++) {
        struct picked a = pick_all(fen, bad_last, true, -1);
        struct picked b = pick_all(fen, bad_last, false, -1);
        /* The same order either way, every legal move once. */
        ck_assert_int_eq(a.n, nlegal);
        ck_assert_int_eq(b.n, nlegal);
        for (int i = 0; i < a.n; i++) {
            ck_assert_uint_eq(a.m[i], b.m[i]);
            ck_assert_int_eq(a.bad[i], b.bad[i]);
            int seen = 0;
            for (int j = 0; j < nlegal; j++)
                seen += legal[j] == a.m[i];
            ck_assert_int_eq(seen, 1);
            for (int j = 0; j < i; j++)
                ck_assert_uint_ne(a.m[j], a.m[i]);
        }
        /* Where the losing noisy moves come. */
        bool quiet_seen = false;
        for (int i = 0; i < a.n; i++) {
            bool loses;
            bool is = noisy(fen, a.m[i], &loses);
            if (!is)
                quiet_seen = true;
            if (bad_last) {
                ck_assert_int_eq(a.bad[i], loses);     /* held back: exactly these */
                if (loses)
                    held_somewhere++;
                ck_assert_msg(!(is && !loses && quiet_seen),
                              "a winning noisy move after a quiet one");
                ck_assert_msg(!(quiet_seen && !is && i > 0 && a.bad[i - 1]),
                              "a quiet move after a held-back one");
            } else {
                ck_assert(!a.bad[i]);
                if (loses && !quiet_seen)
                    early_somewhere++;
            }
        }
    }
    /* The positions do hold losing captures, and the default order puts
     * them before the quiet moves: the test can tell the two apart. */
    ck_assert_int_gt(held_somewhere, 0);
    ck_assert_int_eq(held_somewhere, early_somewhere);
}
END_TEST

START_TEST(skipping_the_quiet_moves_goes_to_the_held_back_ones)
{
    ck_assert_int_eq(CHESS->init ? CHESS->init() : 0, 0);
    const char *fen = positions[0];
    struct picked all = pick_all(fen, true, true, -1);
    struct picked cut = pick_all(fen, true, true, 1);
    int first_bad = -1, nbad = 0, second_quiet = -1, quiets = 0;
    for (int i = 0; i < all.n; i++) {
        bool loses;
        if (!noisy(fen, all.m[i], &loses) && quiets++ == 1)
            second_quiet = i;
        if (all.bad[i] && first_bad < 0)
            first_bad = i;
        nbad += all.bad[i];
    }
    ck_assert_int_gt(nbad, 0);
    ck_assert_int_gt(second_quiet, 0);
    /* Up to the second quiet move as before, then the held-back ones. */
    ck_assert_int_eq(cut.n, second_quiet + 1 + nbad);
    for (int i = 0; i <= second_quiet; i++)
        ck_assert_uint_eq(cut.m[i], all.m[i]);
    for (int j = 0; j < nbad; j++) {
        ck_assert(cut.bad[second_quiet + 1 + j]);
        ck_assert_uint_eq(cut.m[second_quiet + 1 + j], all.m[first_bad + j]);
    }
}
END_TEST

/* A noisy move that keeps cutting nodes comes first among the noisy
 * moves once CaptureHistory weighs its history above the game's order;
 * the ones searched before it without cutting sink. */
START_TEST(capture_history_lifts_the_move_that_cut)
{
    ck_assert_int_eq(CHESS->init ? CHESS->init() : 0, 0);
    const char *fen = positions[1];
    struct picked before = pick_all(fen, false, true, -1);
    /* The last noisy move of the game's order, and those before it. */
    int last = -1;
    for (int i = 0; i < before.n; i++) {
        bool loses;
        if (noisy(fen, before.m[i], &loses))
            last = i;
    }
    ck_assert_int_gt(last, 1);

    struct rig r;
    rig_init(&r, fen, false);
    r.p.sp[GT_SP_CAPT_HISTORY] = 1;
    for (int k = 0; k < 20; k++)
        gt_capture_history_update(&r.w, before.m[last], 12, before.m, last);
    struct gt_picker pk;
    gt_picker_init(&pk, 0, GT_MOVE_NONE, true);
    ck_assert_uint_eq(gt_picker_next(&r.w, &pk), before.m[last]);
    /* Switched off, the same tables leave the game's order alone. */
    r.p.sp[GT_SP_CAPT_HISTORY] = 0;
    gt_picker_init(&pk, 0, GT_MOVE_NONE, true);
    ck_assert_uint_eq(gt_picker_next(&r.w, &pk), before.m[0]);
    rig_free(&r);
}
END_TEST

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("movepick");
    TCase *tc = tcase_create("order");
    tcase_add_loop_test(tc, every_move_once_and_losing_noisy_moves_last, 0, 3);
    tcase_add_test(tc, skipping_the_quiet_moves_goes_to_the_held_back_ones);
    tcase_add_test(tc, capture_history_lifts_the_move_that_cut);
    suite_add_tcase(s, tc);
    return s;
}
