/* check_chess_fen.c -- FEN reading and writing: round trips over the data
 * files and the exact message of every fault the reader names.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check_chess.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

static const struct {
    const char *fen, *msg;
} bad_fens[] = {
    { "", "empty position text" },
    { "   \t ", "empty position text" },
    { START, "missing field: side to move" },
    { START " w", "missing field: castling rights" },
    { START " w KQkq", "missing field: en-passant square" },
    { START " w KQkq - x", "bad halfmove clock 'x' (0..9999)" },
    { START " w KQkq - 0 1 extra", "extra field 'extra' after the fullmove number" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
      "bad piece letter 'X' in rank 1" },
    { "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "bad piece letter '9' in rank 6" },
    { "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "rank 7 is too long (more than 8 squares)" },
    { "rnbqkbnr/pppppppp/p8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "rank 6 is too long (9 squares)" },
    { "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "rank 7 is too short (7 squares)" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
      "rank 1 is too short (7 squares)" },
    { "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "wrong number of ranks: 7 (a FEN board has 8)" },
    { "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "wrong number of ranks: more than 8" },
    { START " x KQkq - 0 1", "bad side to move 'x' (w or b)" },
    { START " white KQkq - 0 1", "bad side to move 'white' (w or b)" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "two white kings" },
    { "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "no black king" },
    { "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on the back rank (h8)" },
    { "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "pawn on the back rank (a1)" },
    { "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "9 white pawns (at most 8)" },
    { "rnbqkbnr/pppppppp/8/8/8/Q7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "17 white pieces (at most 16)" },
    { "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
      "white has more promoted pieces than missing pawns" },
    { START " w KQxq - 0 1", "bad castling letter 'x'" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
      "castling right 'K' but no white rook on the king's h side" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1",
      "castling right 'Q' but no white rook on the king's a side" },
    { "4k3/8/8/8/8/8/4K3/7R w K - 0 1",
      "castling right 'K' but the white king is not on its first rank" },
    { "r3k3/8/8/8/8/8/8/4K3 w c - 0 1",
      "castling right 'c' but no black rook on that square" },
    { START " w KHkq - 0 1", "castling field 'KHkq' gives white short castling twice" },
    { START " w KQkq e9 0 1", "bad en-passant square 'e9'" },
    { START " w KQkq e 0 1", "bad en-passant square 'e'" },
    { "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
      "en-passant square e4 is on the wrong rank for black to move" },
    { START " b KQkq e3 0 1",
      "en-passant square e3 but no white pawn just double-stepped to e4" },
    { "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
      "en-passant square e3 but the squares behind the pawn are not empty" },
    { "4k3/8/3N4/8/4P3/8/8/4K3 b - e3 0 1",
      "en-passant square e3 but the double step cannot have given this check" },
    { "4k3/8/8/8/8/8/8/4K2r b - - 0 1", "the side not to move (white) is in check" },
    { "4k3/8/3N1N2/8/8/8/8/4RK2 b - - 0 1", "black king attacked by 3 pieces at once" },
    { START " w KQkq - x 1", "bad halfmove clock 'x' (0..9999)" },
    { START " w KQkq - -1 1", "bad halfmove clock '-1' (0..9999)" },
    { START " w KQkq - 10000 1", "bad halfmove clock '10000' (0..9999)" },
    { START " w KQkq - 0 0", "bad fullmove number '0' (1..9999)" },
    { START " w KQkq - 0 1x", "bad fullmove number '1x' (1..9999)" },
};

START_TEST(fen_error_messages)
{
    char err[256];
    void *pos = malloc(G->pos_size);
    err[0] = 0;
    ck_assert_int_eq(G->from_text(pos, bad_fens[_i].fen, err, sizeof err), -1);
    ck_assert_str_eq(err, bad_fens[_i].msg);
    free(pos);
}
END_TEST

START_TEST(fen_null_and_tiny_buffers)
{
    char err[8];
    void *pos = malloc(G->pos_size);
    ck_assert_int_eq(G->from_text(pos, NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, "no posi"); /* truncated, still terminated */
    ck_assert_int_eq(G->from_text(pos, "garbage", NULL, 0), -1);
    free(pos);
}
END_TEST

/* Read -> write -> read gives the same key and text, for every FEN of the
 * data files; 6-field FENs come back character for character. */
static void round_trip_file(const char *file)
{
    static char fens[128][128];
    int n = chess_test_load_fens(file, fens, 128);
    ck_assert_int_ge(n, 10);
    for (int i = 0; i < n; i++) {
        char t1[128], t2[128];
        void *a = chess_test_pos(fens[i]);
        G->to_text(a, t1, sizeof t1);
        void *b = chess_test_pos(t1);
        G->to_text(b, t2, sizeof t2);
        ck_assert_str_eq(t1, t2);
        ck_assert_uint_eq(G->key(a), G->key(b));
        int fields = 1;
        for (const char *c = fens[i]; *c; c++)
            fields += *c == ' ';
        if (fields == 6)
            ck_assert_str_eq(t1, fens[i]);
        else /* 4-field FENs get the default counters */
            ck_assert_str_eq(t1 + strlen(t1) - 4, " 0 1");
        free(a);
        free(b);
    }
}

START_TEST(fen_round_trip_perft) { round_trip_file("perft.epd"); }
END_TEST
START_TEST(fen_round_trip_openings) { round_trip_file("openings.epd"); }
END_TEST
START_TEST(fen_round_trip_mates) { round_trip_file("mates.epd"); }
END_TEST
START_TEST(fen_round_trip_zugzwang) { round_trip_file("zugzwang.epd"); }
END_TEST

/* Four fields (EPD), five (no move number) and six read alike; the
 * missing counters take their defaults. */
START_TEST(fen_four_five_or_six_fields)
{
    const char *forms[] = {START " w KQkq -", START " w KQkq - 0", START " w KQkq - 0 1"};
    char text[128];
    for (int i = 0; i < 3; i++) {
        void *pos = chess_test_pos(forms[i]);
        G->to_text(pos, text, sizeof text);
        ck_assert_str_eq(text, START " w KQkq - 0 1");
        free(pos);
    }
    void *pos = chess_test_pos(START " w KQkq - 12");
    G->to_text(pos, text, sizeof text);
    ck_assert_str_eq(text, START " w KQkq - 12 1");
    free(pos);
}
END_TEST

START_TEST(fen_castling_styles)
{
    static const struct {
        const char *in, *out;
    } cases[] = {
        /* Shredder-FEN of a standard position comes back as KQkq */
        { START " w HAha - 0 1", START " w KQkq - 0 1" },
        /* X-FEN: an inner rook is named by its file */
        { "4k3/8/8/8/8/8/8/R1R1K2R w CK - 0 1", "4k3/8/8/8/8/8/8/R1R1K2R w KC - 0 1" },
        { "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
          "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9" },
        /* ep square nobody can take is dropped (it does not change the
         * position) */
        { "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" },
        { "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
          "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3" },
        { START " w KQkq -", START " w KQkq - 0 1" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[128];
        void *pos = chess_test_pos(cases[i].in);
        G->to_text(pos, out, sizeof out);
        ck_assert_str_eq(out, cases[i].out);
        free(pos);
    }
}
END_TEST

/* Random printable junk and mutated FENs never crash and either parse
 * (then round-trip) or give a message. */
START_TEST(fen_junk_never_crashes)
{
    uint64_t s = 12345;
    const char *alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqAHah09e3x";
    size_t alen = strlen(alphabet);
    void *pos = malloc(G->pos_size);
    for (int iter = 0; iter < 20000; iter++) {
        char text[96], err[256];
        int len;
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        if (iter & 1) { /* mutate a real FEN */
            snprintf(text, sizeof text, "%s", START " w KQkq - 0 1");
            len = (int)strlen(text);
            for (int k = 0; k < 3; k++) {
                s ^= s << 13, s ^= s >> 7, s ^= s << 17;
                text[s % (uint64_t)len] = alphabet[(s >> 20) % alen];
            }
        } else {
            len = (int)(s % 90);
            for (int k = 0; k < len; k++) {
                s ^= s << 13, s ^= s >> 7, s ^= s << 17;
                text[k] = alphabet[s % alen];
            }
            text[len] = 0;
        }
        err[0] = 0;
        if (G->from_text(pos, text, err, sizeof err) == 0) {
            char out[128];
            G->to_text(pos, out, sizeof out);
            void *again = chess_test_pos(out);
            free(again);
        } else {
            ck_assert_msg(err[0] != 0, "no message for '%s'", text);
        }
    }
    free(pos);
}
END_TEST

/* The bench positions and the start position are valid and canonical. */
START_TEST(fen_bench_positions)
{
    int n = 0;
    for (const char *const *f = G->bench_positions; *f; f++, n++) {
        char out[128];
        void *pos = chess_test_pos(*f);
        G->to_text(pos, out, sizeof out);
        ck_assert_str_eq(out, *f);
        free(pos);
    }
    ck_assert_int_ge(n, 16);
    ck_assert_int_le(n, 24);
    void *pos = chess_test_pos(G->startpos);
    free(pos);
}
END_TEST

/* The protocol's `d`: Stockfish's layout, the key in hex, the checkers. */
START_TEST(draw_start_position)
{
    void *pos = chess_test_pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    char text[2048], expect[2048];
    G->draw(pos, text, sizeof text);
    snprintf(expect, sizeof expect,
             " +---+---+---+---+---+---+---+---+\n"
             " | r | n | b | q | k | b | n | r | 8\n"
             " +---+---+---+---+---+---+---+---+\n"
             " | p | p | p | p | p | p | p | p | 7\n"
             " +---+---+---+---+---+---+---+---+\n"
             " |   |   |   |   |   |   |   |   | 6\n"
             " +---+---+---+---+---+---+---+---+\n"
             " |   |   |   |   |   |   |   |   | 5\n"
             " +---+---+---+---+---+---+---+---+\n"
             " |   |   |   |   |   |   |   |   | 4\n"
             " +---+---+---+---+---+---+---+---+\n"
             " |   |   |   |   |   |   |   |   | 3\n"
             " +---+---+---+---+---+---+---+---+\n"
             " | P | P | P | P | P | P | P | P | 2\n"
             " +---+---+---+---+---+---+---+---+\n"
             " | R | N | B | Q | K | B | N | R | 1\n"
             " +---+---+---+---+---+---+---+---+\n"
             "   a   b   c   d   e   f   g   h\n"
             "\n"
             "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
             "Key: %016llX\n"
             "Checkers:", (unsigned long long)G->key(pos));
    ck_assert_str_eq(text, expect);
    free(pos);
}
END_TEST

START_TEST(draw_checkers_and_small_buffers)
{
    /* Double check: the knight on f3 and the rook on e8. */
    void *pos = chess_test_pos("4r1k1/8/8/8/8/5n2/8/4K3 w - - 0 1");
    char text[2048];
    G->draw(pos, text, sizeof text);
    ck_assert_msg(strstr(text, "\nFen: 4r1k1/8/8/8/8/5n2/8/4K3 w - - 0 1\nKey: "), "%s", text);
    size_t n = strlen(text);
    ck_assert_str_eq(text + n - strlen("\nCheckers: f3 e8"), "\nCheckers: f3 e8");
    ck_assert_msg(strstr(text, " |   |   |   |   | r |   | k |   | 8\n"), "%s", text);
    /* A buffer too small for the board is cut, never overrun. */
    char tiny[40];
    memset(tiny, 'x', sizeof tiny);
    G->draw(pos, tiny, 20);
    ck_assert_uint_eq(strlen(tiny), 19);
    ck_assert_int_eq(tiny[20], 'x');
    G->draw(pos, tiny, 0);
    ck_assert_int_eq(tiny[0], ' ');
    free(pos);
}
END_TEST

Suite *chess_fen_suite(void)
{
    Suite *s = suite_create("chess fen");
    TCase *tc = tcase_create("fen");
    tcase_add_loop_test(tc, fen_error_messages, 0, (int)(sizeof bad_fens / sizeof bad_fens[0]));
    tcase_add_test(tc, fen_null_and_tiny_buffers);
    tcase_add_test(tc, fen_round_trip_perft);
    tcase_add_test(tc, fen_round_trip_openings);
    tcase_add_test(tc, fen_round_trip_mates);
    tcase_add_test(tc, fen_round_trip_zugzwang);
    tcase_add_test(tc, fen_four_five_or_six_fields);
    tcase_add_test(tc, fen_castling_styles);
    tcase_add_test(tc, fen_junk_never_crashes);
    tcase_add_test(tc, fen_bench_positions);
    tcase_add_test(tc, draw_start_position);
    tcase_add_test(tc, draw_checkers_and_small_buffers);
    suite_add_tcase(s, tc);
    return s;
}
