/* check_chess_book.c -- chess's book format: Polyglot's keys of the
 * format's published test positions, by FEN and by the moves that reach
 * them, and its move codes (castling as king takes rook, promotions).
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check_chess.h"

/* The test data of http://hgm.nubati.net/book_format.html. */
static const struct {
    const char *moves, *fen;
    uint64_t key;
} keys[] = {
    { "", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9cULL },
    { "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
      0x823c9b50fd114196ULL },
    { "e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
      0x0756b94461c50fb0ULL },
    { "e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
      0x662fafb965db29d4ULL },
    { "e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
      0x22a48b5a8e47ff78ULL },
    { "e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
      0x652a607ca3f242c1ULL },
    { "e2e4 d7d5 e4e5 f7f5 e1e2 e8f7",
      "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", 0x00fdd303c946bdd9ULL },
    { "a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
      0x3c8123ea7b067637ULL },
    { "a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3",
      "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560ULL },
};

START_TEST(published_keys)
{
    void *pos = chess_test_pos(keys[_i].fen);
    ck_assert_msg(G->book->key(pos) == keys[_i].key, "key %016llx of %s, not %016llx",
                  (unsigned long long)G->book->key(pos), keys[_i].fen,
                  (unsigned long long)keys[_i].key);
    free(pos);
    pos = chess_test_pos(G->startpos);
    chess_test_play(pos, keys[_i].moves);
    ck_assert_msg(G->book->key(pos) == keys[_i].key, "key %016llx after %s",
                  (unsigned long long)G->book->key(pos), keys[_i].moves);
    free(pos);
}
END_TEST

/* The en-passant file counts only where a pawn can take: after 1. e4 d5
 * 2. e5 f5 it does (f6), after 1. e4 it does not (e3 is in the FEN, but
 * no black pawn stands beside e4): the keys above hold both; here a FEN
 * that names an ep square no pawn can use has the key without it. */
START_TEST(en_passant_only_when_a_pawn_can_take)
{
    void *with = chess_test_pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    void *none = chess_test_pos("4k3/8/8/3p3P/8/8/8/4K3 w - d6 0 1");
    void *plain = chess_test_pos("4k3/8/8/3p3P/8/8/8/4K3 w - - 0 1");
    void *noep = chess_test_pos("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
    ck_assert(G->book->key(none) == G->book->key(plain));
    ck_assert(G->book->key(with) != G->book->key(noep));
    free(with);
    free(none);
    free(plain);
    free(noep);
}
END_TEST

static gt_move move_of(const void *pos, const char *text)
{
    char err[128];
    gt_move m = G->move_from_text(pos, text, err, sizeof err);
    ck_assert_msg(m != GT_MOVE_NONE, "%s: %s", text, err);
    return m;
}

/* Codes: e2e4 is from 12 (e2) to 28 (e4); castling is the king taking its
 * rook; a promotion adds its piece (knight 1 .. queen 4) at bit 12. */
START_TEST(move_codes)
{
    void *pos = chess_test_pos("r3k2r/1P6/8/8/8/8/4P3/R3K2R w KQkq - 0 1");
    ck_assert_uint_eq(G->book->code(pos, move_of(pos, "e2e4")), 12u << 6 | 28u);
    ck_assert_uint_eq(G->book->code(pos, move_of(pos, "e1g1")), 4u << 6 | 7u);
    ck_assert_uint_eq(G->book->code(pos, move_of(pos, "e1c1")), 4u << 6 | 0u);
    ck_assert_uint_eq(G->book->code(pos, move_of(pos, "b7a8q")), 4u << 12 | 49u << 6 | 56u);
    ck_assert_uint_eq(G->book->code(pos, move_of(pos, "b7b8n")), 1u << 12 | 49u << 6 | 57u);
    ck_assert(G->book->move(pos, 4u << 6 | 7u) == move_of(pos, "e1g1"));
    ck_assert(G->book->move(pos, 4u << 6 | 0u) == move_of(pos, "e1c1"));
    ck_assert(G->book->move(pos, 4u << 12 | 49u << 6 | 56u) == move_of(pos, "b7a8q"));
    ck_assert(G->book->move(pos, 49u << 6 | 56u) == GT_MOVE_NONE);   /* no piece */
    ck_assert(G->book->move(pos, 12u << 6 | 36u) == GT_MOVE_NONE);   /* e2e5 */
    ck_assert(G->book->move(pos, 0) == GT_MOVE_NONE);
    /* Every legal move's code reads back to it. */
    gt_move list[256];
    int n = G->generate(pos, GT_GEN_ALL, list);
    for (int i = 0; i < n; i++)
        ck_assert(G->book->move(pos, G->book->code(pos, list[i])) == list[i]);
    free(pos);
}
END_TEST

Suite *chess_book_suite(void)
{
    Suite *s = suite_create("chess book");
    TCase *tc = tcase_create("polyglot");
    tcase_add_loop_test(tc, published_keys, 0, (int)(sizeof keys / sizeof keys[0]));
    tcase_add_test(tc, en_passant_only_when_a_pawn_can_take);
    tcase_add_test(tc, move_codes);
    suite_add_tcase(s, tc);
    return s;
}
