/* check_chess_rules.c -- outcomes: mate and stalemate, the fifty-move
 * rule, dead material, repetition (in-search and threefold, null-move
 * boundary).
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include "check_chess.h"

static enum gt_outcome outcome(const char *fen, int ply)
{
    void *pos = chess_test_pos(fen);
    enum gt_outcome o = G->rule_outcome(pos, ply);
    free(pos);
    return o;
}

/* The search's correction keys: the pawns, then each side's other
 * pieces; the same placement gives the same keys, however reached. */
START_TEST(correction_keys_follow_the_parts)
{
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    uint64_t k0[GT_CORRECTION_KEYS], k1[GT_CORRECTION_KEYS];
    void *p = chess_test_pos(start), *q = chess_test_pos(start);
    ck_assert_int_eq(G->correction_keys(p, k0), 3);
    chess_test_play(q, "g1f3 g8f6 f3g1 f6g8");
    ck_assert_int_eq(G->correction_keys(q, k1), 3);
    for (int i = 0; i < 3; i++)
        ck_assert_uint_eq(k0[i], k1[i]);
    chess_test_play(q, "e2e4");          /* a pawn: only the pawn key */
    G->correction_keys(q, k1);
    ck_assert_uint_ne(k0[0], k1[0]);
    ck_assert_uint_eq(k0[1], k1[1]);
    ck_assert_uint_eq(k0[2], k1[2]);
    chess_test_play(q, "b8c6");          /* black's knight: black's key */
    G->correction_keys(q, k1);
    ck_assert_uint_eq(k0[1], k1[1]);
    ck_assert_uint_ne(k0[2], k1[2]);
    free(p);
    free(q);
}
END_TEST

START_TEST(mate_and_stalemate)
{
    gt_move list[256];
    void *pos = chess_test_pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    ck_assert_int_eq(G->generate(pos, GT_GEN_ALL, list), 0);
    ck_assert(G->in_check(pos));
    ck_assert_int_eq(G->no_moves(pos), GT_LOSS);
    ck_assert_int_eq(G->rule_outcome(pos, 0), GT_ONGOING);
    free(pos);
    pos = chess_test_pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    ck_assert_int_eq(G->generate(pos, GT_GEN_ALL, list), 0);
    ck_assert(!G->in_check(pos));
    ck_assert_int_eq(G->no_moves(pos), GT_DRAW);
    free(pos);
}
END_TEST

START_TEST(fifty_move_rule)
{
    ck_assert_int_eq(outcome("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", 0), GT_ONGOING);
    ck_assert_int_eq(outcome("4k3/8/8/8/8/8/8/R3K3 w - - 100 80", 0), GT_DRAW);
    /* a mate delivered on the hundredth ply stands */
    ck_assert_int_eq(outcome("R3k3/8/4K3/8/8/8/8/8 b - - 100 80", 0), GT_ONGOING);
    /* the clock runs with quiet moves and resets with a pawn move */
    void *pos = chess_test_pos("4k3/p7/8/8/8/8/8/R3K3 w - - 98 80");
    chess_test_play(pos, "a1b1");
    ck_assert_int_eq(G->rule_outcome(pos, 1), GT_ONGOING);
    chess_test_play(pos, "e8d8");
    ck_assert_int_eq(G->rule_outcome(pos, 2), GT_DRAW);
    free(pos);
    pos = chess_test_pos("4k3/p7/8/8/8/8/8/R3K3 b - - 99 80");
    chess_test_play(pos, "a7a6");
    ck_assert_int_eq(G->rule_outcome(pos, 1), GT_ONGOING);
    free(pos);
}
END_TEST

START_TEST(insufficient_material)
{
    ck_assert_int_eq(outcome("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0), GT_DRAW);
    ck_assert_int_eq(outcome("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", 0), GT_DRAW);
    ck_assert_int_eq(outcome("4kb2/8/8/8/8/8/8/4K3 w - - 0 1", 0), GT_DRAW);
    /* bishops on one colour only (c1 and f8 are both dark) */
    ck_assert_int_eq(outcome("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", 0), GT_DRAW);
    /* bishops of both colours, two knights, a pawn: mate stays possible */
    ck_assert_int_eq(outcome("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", 0), GT_ONGOING);
    ck_assert_int_eq(outcome("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", 0), GT_ONGOING);
    ck_assert_int_eq(outcome("4k3/8/8/8/8/8/8/3NK1n1 w - - 0 1", 0), GT_ONGOING);
    ck_assert_int_eq(outcome("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", 0), GT_ONGOING);
    ck_assert_int_eq(outcome("4k3/8/8/8/8/8/8/4K2R w - - 0 1", 0), GT_ONGOING);
}
END_TEST

#define SHUFFLE "g1f3 g8f6 f3g1 f6g8"

START_TEST(repetition_game_record)
{
    void *pos = chess_test_pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    chess_test_play(pos, SHUFFLE);
    /* the start position twice: no draw from the root's point of view */
    ck_assert_int_eq(G->rule_outcome(pos, 0), GT_ONGOING);
    /* but inside a search that started 4 plies ago it is one */
    ck_assert_int_eq(G->rule_outcome(pos, 4), GT_DRAW);
    ck_assert_int_eq(G->rule_outcome(pos, 3), GT_ONGOING);
    chess_test_play(pos, SHUFFLE);
    /* threefold */
    ck_assert_int_eq(G->rule_outcome(pos, 0), GT_DRAW);
    /* an irreversible move ends the history */
    chess_test_play(pos, "e2e4 e7e5 g1f3 g8f6 f3g1 f6g8");
    ck_assert_int_eq(G->rule_outcome(pos, 0), GT_ONGOING);
    chess_test_play(pos, SHUFFLE);
    ck_assert_int_eq(G->rule_outcome(pos, 0), GT_DRAW);
    free(pos);
}
END_TEST

START_TEST(repetition_in_search)
{
    void *pos = chess_test_pos("4k3/8/8/8/8/8/8/R3K3 w - - 10 40");
    static const char *line[] = { "a1a2", "e8d8", "a2a1", "d8e8" };
    gt_move m[4];
    unsigned char undo[4][64];
    for (int i = 0; i < 4; i++) {
        char err[64];
        m[i] = G->move_from_text(pos, line[i], err, sizeof err);
        ck_assert_uint_ne(m[i], GT_MOVE_NONE);
        G->make(pos, m[i], undo[i]);
        ck_assert_int_eq(G->rule_outcome(pos, i + 1), i == 3 ? GT_DRAW : GT_ONGOING);
    }
    for (int i = 3; i >= 0; i--)
        G->unmake(pos, m[i], undo[i]);
    ck_assert_int_eq(G->rule_outcome(pos, 0), GT_ONGOING);

    /* A null move in between is a boundary: a1a2 e8d8 a2a1 null d8e8?
     * -- with the pass the sides differ, so pass twice around moves. */
    unsigned char nu[2][64];
    G->make(pos, m[0], undo[0]);      /* a1a2 */
    G->make_null(pos, nu[0]);         /* black passes */
    char err[64];
    gt_move back = G->move_from_text(pos, "a2a1", err, sizeof err);
    G->make(pos, back, undo[1]);      /* a2a1 */
    G->make_null(pos, nu[1]);         /* black passes: same as the start */
    ck_assert_uint_eq(G->key(pos), G->key(pos)); /* (keys compared below) */
    void *start = chess_test_pos("4k3/8/8/8/8/8/8/R3K3 w - - 10 40");
    ck_assert_uint_eq(G->key(pos), G->key(start));
    ck_assert_int_eq(G->rule_outcome(pos, 4), GT_ONGOING);
    G->unmake_null(pos, nu[1]);
    G->unmake(pos, back, undo[1]);
    G->unmake_null(pos, nu[0]);
    G->unmake(pos, m[0], undo[0]);
    char a[128], b[128];
    G->to_text(pos, a, sizeof a);
    G->to_text(start, b, sizeof b);
    ck_assert_str_eq(a, b);
    free(start);
    free(pos);
}
END_TEST

/* A long game record: the history ring wraps many times and old entries
 * are never taken for repetitions. */
START_TEST(repetition_long_record)
{
    void *pos = chess_test_pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    for (int i = 0; i < 300; i++) {
        chess_test_play(pos, (i & 1) ? "a2a1 d8e8" : "a1a2 e8d8");
        /* after each pair the position is new or a repetition; with the
         * clock under 100 the cycle repeats every 4 plies */
        enum gt_outcome o = G->rule_outcome(pos, 0);
        if (i >= 3 && 2 * (i + 1) < 100)
            ck_assert_int_eq(o, GT_DRAW);
        if (2 * (i + 1) >= 100)
            ck_assert_int_eq(o, GT_DRAW);
    }
    free(pos);
}
END_TEST

Suite *chess_rules_suite(void)
{
    Suite *s = suite_create("chess rules");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, mate_and_stalemate);
    tcase_add_test(tc, fifty_move_rule);
    tcase_add_test(tc, insufficient_material);
    tcase_add_test(tc, repetition_game_record);
    tcase_add_test(tc, repetition_in_search);
    tcase_add_test(tc, repetition_long_record);
    tcase_add_test(tc, correction_keys_follow_the_parts);
    suite_add_tcase(s, tc);
    return s;
}
