/* check_chess_play.c -- the engine plays chess: it mates with king and
 * queen or king and rook against a defending engine from any start, and
 * every mate it announces arrives in time; kept histories last one game.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"

extern const struct gt_game chess_LTX_gt_module;
#define CHESS (&chess_LTX_gt_module)

/* A random legal position: white king and piece, black king, white to
 * move, from a fixed-seed generator so that failures repeat. */
static int random_position(unsigned *seed, char piece, char *fen, size_t len)
{
    char board[64];
    for (;;) {
        memset(board, 0, sizeof board);
        int sq[3];
        for (int i = 0; i < 3; i++) {
            do {
                *seed = *seed * 1103515245u + 12345u;
                sq[i] = (int)(*seed >> 16) % 64;
            } while (board[sq[i]]);
            board[sq[i]] = "K?k"[i] == '?' ? piece : "K?k"[i];
        }
        int n = 0, empty = 0;
        for (int r = 7; r >= 0; r--) {
            for (int f = 0; f < 8; f++) {
                char c = board[r * 8 + f];
                if (!c) { empty++; continue; }
                if (empty) n += snprintf(fen + n, len - n, "%d", empty);
                empty = 0;
                fen[n++] = c;
            }
            if (empty) n += snprintf(fen + n, len - n, "%d", empty);
            empty = 0;
            if (r) fen[n++] = '/';
        }
        snprintf(fen + n, len - n, " w - - 0 1");
        /* The game decides what is legal (kings apart, black not in check). */
        char err[128];
        void *pos = malloc(CHESS->pos_size);
        gt_move moves[256];
        int ok = CHESS->from_text(pos, fen, err, sizeof err) == 0 &&
                 CHESS->generate(pos, GT_GEN_ALL, moves) > 0;
        free(pos);
        if (ok)
            return 0;
    }
}

/* Play engine against engine; returns the ply at which black was mated,
 * or -1.  Every mate white announces must come by the ply it names. */
static int play_out(const char *fen, int max_plies)
{
    char err[256], moves[8192] = "";
    size_t used = 0;
    struct gt_engine *e = gt_engine_new(CHESS, err, sizeof err);
    ck_assert_ptr_nonnull(e);
    int deadline = -1;
    for (int ply = 0; ply <= max_plies; ply++) {
        ck_assert_msg(gt_engine_set_position(e, fen, moves, err, sizeof err) == 0,
                      "%s: %s", fen, err);
        const void *pos = gt_engine_position(e);
        gt_move list[256];
        int n = CHESS->generate(pos, GT_GEN_ALL, list);
        if (n == 0) {
            /* No move: it must be black, mated (stalemate is a failure). */
            bool mated = ply % 2 == 1 && CHESS->in_check(pos);
            gt_engine_free(e);
            ck_assert_msg(mated, "%s: stalemate after %s", fen, moves);
            return ply;
        }
        ck_assert_msg(CHESS->rule_outcome(pos, 0) == GT_ONGOING,
                      "%s: drawn by rule after %s", fen, moves);
        ck_assert_msg(deadline < 0 || ply <= deadline,
                      "%s: announced mate did not come (moves %s)", fen, moves);
        struct gt_limits lim = {.nodes = 30000};
        struct gt_search_result res;
        ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
        ck_assert_msg(res.best && CHESS->is_legal(pos, res.best), "illegal best move");
        if (ply % 2 == 0 && res.score >= GT_MATE_IN_MAX) {
            int by = ply + (GT_MATE - res.score);   /* the ply black is mated */
            if (deadline < 0 || by < deadline)
                deadline = by;
        }
        char mv[16];
        CHESS->move_to_text(pos, res.best, mv, sizeof mv);
        used += (size_t)snprintf(moves + used, sizeof moves - used, "%s%s",
                                 used ? " " : "", mv);
    }
    gt_engine_free(e);
    return -1;
}

static void mates_from_random_starts(char piece, int games, int max_plies)
{
    unsigned seed = (unsigned)piece * 7919u;
    for (int i = 0; i < games; i++) {
        char fen[100];
        random_position(&seed, piece, fen, sizeof fen);
        int ply = play_out(fen, max_plies);
        ck_assert_msg(ply > 0, "%s: no mate in %d plies", fen, max_plies);
    }
}

/* KQK is mate in at most 10 moves and KRK in at most 16 with best play;
 * the engine must get there well within the fifty-move rule. */
START_TEST(kqk_mates) { mates_from_random_starts('Q', 4, 2 * 40); }
END_TEST
START_TEST(krk_mates) { mates_from_random_starts('R', 4, 2 * 50); }
END_TEST

START_TEST(krk_from_the_centre)
{
    /* The defender's best start: king in the centre, rook far away. */
    ck_assert_int_gt(play_out("8/8/8/3k4/8/8/8/R3K3 w - - 0 1", 2 * 50), 0);
}
END_TEST

/* HistoryKeep hands one search's quiet-move histories to the next of the
 * game, and a new game forgets them: two engines that differ only in it
 * search a first position alike, a second one (the same table behind
 * both) differently, and the second alike again after a new game. */
static uint64_t nodes_for(struct gt_engine *e, const char *fen)
{
    char err[256];
    struct gt_search_result res;
    struct gt_limits lim = {.depth = 9};
    ck_assert_int_eq(gt_engine_set_position(e, fen, NULL, err, sizeof err), 0);
    ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
    return res.nodes;
}

START_TEST(kept_histories_last_one_game)
{
    const char *first = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    const char *second = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    char err[256];
    struct gt_engine *kept = gt_engine_new(CHESS, err, sizeof err);
    struct gt_engine *fresh = gt_engine_new(CHESS, err, sizeof err);
    ck_assert_ptr_nonnull(kept);
    ck_assert_ptr_nonnull(fresh);
    ck_assert_int_eq(gt_engine_set_option(kept, "HistoryKeep", "1", err, sizeof err), 0);
    ck_assert_uint_eq(nodes_for(kept, first), nodes_for(fresh, first));
    ck_assert_uint_ne(nodes_for(kept, second), nodes_for(fresh, second));
    gt_engine_new_game(kept);
    gt_engine_new_game(fresh);
    ck_assert_uint_eq(nodes_for(kept, second), nodes_for(fresh, second));
    gt_engine_free(kept);
    gt_engine_free(fresh);
}
END_TEST

/* Linked directly, the module needs the init the registry would call. */
static void setup(void)
{
    ck_assert_int_eq(CHESS->init(), 0);
}

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("chess play");
    TCase *tc = tcase_create("chess play");
    tcase_set_timeout(tc, 600);
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, kqk_mates);
    tcase_add_test(tc, krk_mates);
    tcase_add_test(tc, krk_from_the_centre);
    tcase_add_test(tc, kept_histories_last_one_game);
    suite_add_tcase(s, tc);
    return s;
}
