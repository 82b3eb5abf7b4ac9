/* check_chess_eval.c -- evaluation: colour symmetry over the data files,
 * bounds, and a few sanity orderings.
 * SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check_chess.h"

/* The colour-flipped mirror of a FEN: ranks reversed, piece colours and
 * side swapped, castling letters and the ep rank mirrored. */
static void mirror_fen(const char *fen, char *out)
{
    char board[100], side[4], castle[16], ep[4];
    int half = 0, full = 1;
    int n = sscanf(fen, "%99s %3s %15s %3s %d %d", board, side, castle, ep, &half, &full);
    ck_assert_int_ge(n, 4);
    char *ranks[8];
    int k = 0;
    for (char *t = strtok(board, "/"); t && k < 8; t = strtok(NULL, "/"))
        ranks[k++] = t;
    ck_assert_int_eq(k, 8);
    out[0] = 0;
    for (int r = 7; r >= 0; r--) {
        for (char *c = ranks[r]; *c; c++)
            *c = isupper((unsigned char)*c) ? (char)tolower((unsigned char)*c)
                                            : (char)toupper((unsigned char)*c);
        strcat(out, ranks[r]);
        strcat(out, r ? "/" : "");
    }
    for (char *c = castle; *c; c++)
        if (*c != '-')
            *c = isupper((unsigned char)*c) ? (char)tolower((unsigned char)*c)
                                            : (char)toupper((unsigned char)*c);
    if (ep[0] != '-')
        ep[1] = (char)('1' + '8' - ep[1]);
    sprintf(out + strlen(out), " %c %s %s %d %d", side[0] == 'w' ? 'b' : 'w', castle, ep, half,
            full);
}

static void symmetric_file(const char *file)
{
    static char fens[128][128];
    int n = chess_test_load_fens(file, fens, 128);
    for (int i = 0; i < n; i++) {
        char m[160];
        mirror_fen(fens[i], m);
        void *a = chess_test_pos(fens[i]);
        void *b = chess_test_pos(m);
        int ea = G->evaluate(a, NULL), eb = G->evaluate(b, NULL);
        ck_assert_msg(ea == eb, "%s: %d, mirror %s: %d", fens[i], ea, m, eb);
        ck_assert_int_le(abs(ea), GT_EVAL_MAX);
        /* and along a few moves from there */
        gt_move list[256];
        int nm = G->generate(a, GT_GEN_ALL, list);
        for (int j = 0; j < nm && j < 8; j++) {
            unsigned char undo[64];
            char t[128], mt[160];
            G->make(a, list[j], undo);
            G->to_text(a, t, sizeof t);
            mirror_fen(t, mt);
            void *c = chess_test_pos(mt);
            ck_assert_msg(G->evaluate(a, NULL) == G->evaluate(c, NULL), "%s vs %s", t, mt);
            free(c);
            G->unmake(a, list[j], undo);
        }
        free(a);
        free(b);
    }
}

START_TEST(eval_symmetry_perft) { symmetric_file("perft.epd"); }
END_TEST
START_TEST(eval_symmetry_openings) { symmetric_file("openings.epd"); }
END_TEST
START_TEST(eval_symmetry_mates) { symmetric_file("mates.epd"); }
END_TEST
START_TEST(eval_symmetry_zugzwang) { symmetric_file("zugzwang.epd"); }
END_TEST

static int eval_of(const char *fen)
{
    void *pos = chess_test_pos(fen);
    int e = G->evaluate(pos, NULL);
    free(pos);
    return e;
}

START_TEST(eval_sanity)
{
    /* start position: small, side-to-move relative */
    int e = eval_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    ck_assert_int_lt(abs(e), 60);
    /* an extra queen is worth a lot; from the other side it is negative */
    ck_assert_int_gt(eval_of("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 600);
    ck_assert_int_lt(eval_of("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"), -600);
    /* a passed pawn on the 7th beats one on the 2nd */
    ck_assert_int_gt(eval_of("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
                     eval_of("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"));
    /* drawish material is scaled down: opposite-coloured bishops (c1
     * dark, g8 light) with a pawn up score less than same-coloured ones */
    ck_assert_int_lt(eval_of("4k1b1/8/8/8/8/8/4P3/2B1K3 w - - 0 1"),
                     eval_of("4kb2/8/8/8/8/8/4P3/2B1K3 w - - 0 1"));
    /* a lone minor piece is no win */
    ck_assert_int_lt(abs(eval_of("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")), 50);
    /* the bishop pair is a plus */
    ck_assert_int_gt(eval_of("4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1"),
                     eval_of("4k3/pppppppp/8/8/8/8/PPPPPPPP/2N1KB2 w - - 0 1"));
}
END_TEST

Suite *chess_eval_suite(void)
{
    Suite *s = suite_create("chess eval");
    TCase *tc = tcase_create("eval");
    tcase_add_test(tc, eval_symmetry_perft);
    tcase_add_test(tc, eval_symmetry_openings);
    tcase_add_test(tc, eval_symmetry_mates);
    tcase_add_test(tc, eval_symmetry_zugzwang);
    tcase_add_test(tc, eval_sanity);
    suite_add_tcase(s, tc);
    return s;
}
