/* check_chess.c -- move generation tests of the chess module: perft over
 * tests/data/chess/perft.epd (depths with at most ~2M leaves) and a few
 * Chess960 positions, plus the shared helpers and main().
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check_chess.h"

void *chess_test_pos(const char *fen)
{
    char err[256] = "";
    void *pos = calloc(1, G->pos_size);
    REQUIRE(pos != NULL, "out of memory");
    REQUIRE(G->from_text(pos, fen, err, sizeof err) == 0, "%s: %s", fen, err);
    return pos;
}

int chess_test_load_fens(const char *file, char fens[][128], int max)
{
    char path[512], line[1024];
    snprintf(path, sizeof path, "%s/chess/%s", TEST_DATA_DIR, file);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    int n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *semi = strchr(line, ';');
        if (semi)
            *semi = 0;
        char *tok[6];
        int k = 0;
        for (char *t = strtok(line, " \t\n"); t && k < 6; t = strtok(NULL, " \t\n"))
            tok[k++] = t;
        ck_assert_int_ge(k, 4);
        /* keep the counters only when both fields are numbers (EPD puts
         * operations there) */
        int keep = (k == 6 && strspn(tok[4], "0123456789") == strlen(tok[4])
                    && strspn(tok[5], "0123456789") == strlen(tok[5])) ? 6 : 4;
        fens[n][0] = 0;
        for (int i = 0; i < keep; i++) {
            strcat(fens[n], tok[i]);
            if (i + 1 < keep)
                strcat(fens[n], " ");
        }
        n++;
    }
    fclose(f);
    return n;
}

void chess_test_play(void *pos, const char *moves)
{
    char buf[2048], err[128];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        gt_move m = G->move_from_text(pos, t, err, sizeof err);
        ck_assert_msg(m != GT_MOVE_NONE, "%s: %s", t, err);
        unsigned char undo[64];
        ck_assert_uint_le(G->undo_size, sizeof undo);
        G->make(pos, m, undo); /* a game-record move: never unmade */
    }
}

/* The noisy and the quiet lists split the full one, each in its order
 * there (the search lists moves in those two stages). */
static void check_split(void *pos, const gt_move *all, int n)
{
    gt_move noisy[G->max_moves], quiet[G->max_moves];
    int nn = G->generate(pos, GT_GEN_NOISY, noisy);
    int nq = G->generate(pos, GT_GEN_QUIET, quiet), i = 0, j = 0;
    for (int k = 0; k < n; k++) {
        if (G->is_noisy(pos, all[k])) {    /* ck_abort only on failure */
            if (i >= nn || noisy[i] != all[k])
                ck_abort_msg("noisy list at %d", k);
            i++;
        } else {
            if (j >= nq || quiet[j] != all[k])
                ck_abort_msg("quiet list at %d", k);
            j++;
        }
    }
    if (i != nn || j != nq)
        ck_abort_msg("split %d+%d of %d", nn, nq, n);
}

uint64_t chess_test_perft(void *pos, int depth)
{
    gt_move list[G->max_moves];
    unsigned char undo[G->undo_size];
    int n = G->generate(pos, GT_GEN_ALL, list);
    check_split(pos, list, n);
    if (depth <= 1)
        return (uint64_t)n;
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        G->make(pos, list[i], undo);
        sum += chess_test_perft(pos, depth - 1);
        G->unmake(pos, list[i], undo);
    }
    return sum;
}

/* Every count of perft.epd up to ~2M leaves (deeper ones: the bench
 * script tests/bench/chess-perft-verify.sh). */
START_TEST(perft_epd_shallow)
{
    char path[512], line[1024];
    snprintf(path, sizeof path, "%s/chess/perft.epd", TEST_DATA_DIR);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *semi = strchr(line, ';');
        ck_assert_ptr_nonnull(semi);
        *semi = 0;
        void *pos = chess_test_pos(line);
        char before[128], after[128];
        G->to_text(pos, before, sizeof before);
        for (int d = 1; d <= 8; d++) {
            char tag[8];
            snprintf(tag, sizeof tag, "D%d ", d);
            char *hit = strstr(semi + 1, tag);
            if (!hit)
                break;
            unsigned long long want = strtoull(hit + strlen(tag), NULL, 10);
            if (want > 2100000)
                break;
            ck_assert_msg(chess_test_perft(pos, d) == want, "%s depth %d", line, d);
            checked++;
        }
        G->to_text(pos, after, sizeof after);
        ck_assert_str_eq(before, after);
        free(pos);
    }
    fclose(f);
    ck_assert_int_ge(checked, 60);
}
END_TEST

/* Chess960 positions: the first twelve are the start of the list on the
 * chessprogramming wiki page "Chess960 Perft Results"
 * (https://www.chessprogramming.org/Chess960_Perft_Results); the last five
 * are ours, aimed at 960 castling (rook shielding the king's destination,
 * king that does not move, inner rooks).  All counts were recomputed with
 * Stockfish 15.1 (`setoption name UCI_Chess960 value true`, `go perft`). */
static const struct {
    const char *fen;
    unsigned long long n[5];
} perft960[] = {
    { "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      { 21, 528, 12189, 326672, 8146062 } },
    { "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
      { 21, 807, 18002, 667366, 16253601 } },
    { "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
      { 20, 479, 10471, 273318, 6417013 } },
    { "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
      { 22, 593, 13440, 382958, 9183776 } },
    { "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9",
      { 28, 1120, 31058, 1171749, 34030312 } },
    { "qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9",
      { 29, 899, 26578, 824055, 24851983 } },
    { "q1bnrkr1/ppppp2p/2n2p2/4b1p1/2NP4/8/PPP1PPPP/QNB1RRKB w ge - 1 9",
      { 30, 860, 24566, 732757, 21093346 } },
    { "qbn1brkr/ppp1p1p1/2n4p/3p1p2/P7/6PP/QPPPPP2/1BNNBRKR w HFhf - 0 9",
      { 25, 635, 17054, 465806, 13203304 } },
    { "qnnbbrkr/1p2ppp1/2pp3p/p7/1P5P/2NP4/P1P1PPP1/Q1NBBRKR w HFhf - 0 9",
      { 24, 572, 15243, 384260, 11110203 } },
    { "qn1rbbkr/ppp2p1p/1n1pp1p1/8/3P4/P6P/1PP1PPPK/QNNRBB1R w hd - 2 9",
      { 28, 811, 23175, 679699, 19836606 } },
    { "qnr1bkrb/pppp2pp/3np3/5p2/8/P2P2P1/NPP1PP1P/QN1RBKRB w GDg - 3 9",
      { 33, 823, 26895, 713420, 23114629 } },
    { "qb1nrkbr/1pppp1p1/1n3p2/p1B4p/8/3P1P1P/PPP1P1P1/QBNNRK1R w HEhe - 0 9",
      { 31, 855, 25620, 735703, 21796206 } },
    { "4k3/8/8/8/8/8/8/5KRr w G - 0 1", { 5, 57, 821, 12355, 199438 } },
    { "4k3/8/8/8/8/8/8/q2RK3 w D - 0 1", { 7, 128, 1553, 33660, 451557 } },
    { "4k3/8/8/8/8/8/4r3/6KR w H - 0 1", { 9, 142, 1951, 31320, 454201 } },
    { "r1k1r3/8/8/8/8/8/8/R1K1R3 w EAea - 0 1", { 25, 528, 12240, 268704, 6352336 } },
    { "1r4kr/8/8/8/8/8/8/1R4KR b BHbh - 0 1", { 24, 479, 10954, 237166, 5499831 } },
};

/* key_after foretells make's key at every node to depth (castling in 960
 * moves the king and rook from anywhere, and clears rights). */
static void key_after_walk(void *pos, int depth)
{
    gt_move list[G->max_moves];
    unsigned char undo[G->undo_size];
    int n = G->generate(pos, GT_GEN_ALL, list);
    for (int i = 0; i < n; i++) {
        uint64_t foretold = G->key_after(pos, list[i]);
        G->make(pos, list[i], undo);
        ck_assert_uint_eq(G->key(pos), foretold);
        if (depth > 1)
            key_after_walk(pos, depth - 1);
        G->unmake(pos, list[i], undo);
    }
}

START_TEST(perft_chess960)
{
    void *pos = chess_test_pos(perft960[_i].fen);
    G->set_option(pos, "UCI_Chess960", "true");
    for (int d = 1; d <= 5 && perft960[_i].n[d - 1] <= 1200000; d++)
        ck_assert_msg(chess_test_perft(pos, d) == perft960[_i].n[d - 1], "%s depth %d",
                      perft960[_i].fen, d);
    key_after_walk(pos, 3);
    /* The castling field reads back (X-FEN / Shredder-FEN). */
    char text[128];
    G->to_text(pos, text, sizeof text);
    void *again = chess_test_pos(text);
    ck_assert_uint_eq(G->key(pos), G->key(again));
    free(again);
    free(pos);
}
END_TEST

static Suite *perft_suite(void)
{
    Suite *s = suite_create("chess perft");
    TCase *tc = tcase_create("perft");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, perft_epd_shallow);
    tcase_add_loop_test(tc, perft_chess960, 0, (int)(sizeof perft960 / sizeof perft960[0]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    if (G->init)
        G->init();
    SRunner *sr = srunner_create(perft_suite());
    srunner_add_suite(sr, chess_fen_suite());
    srunner_add_suite(sr, chess_moves_suite());
    srunner_add_suite(sr, chess_rules_suite());
    srunner_add_suite(sr, chess_eval_suite());
    srunner_add_suite(sr, chess_san_suite());
    srunner_add_suite(sr, chess_book_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
