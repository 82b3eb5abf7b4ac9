/* check_chess_moves.c -- move hooks: UCI text, is_legal, gives_check,
 * tactical and checking generation, make/unmake integrity, null moves,
 * SEE and move indices.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check_chess.h"

static char fens[200][128];
static int nfens;

static void load_all(void)
{
    nfens = chess_test_load_fens("perft.epd", fens, 200);
    nfens += chess_test_load_fens("openings.epd", fens + nfens, 200 - nfens);
    nfens += chess_test_load_fens("mates.epd", fens + nfens, 200 - nfens);
    nfens += chess_test_load_fens("zugzwang.epd", fens + nfens, 200 - nfens);
}

static gt_move parse(void *pos, const char *text)
{
    char err[128];
    gt_move m = G->move_from_text(pos, text, err, sizeof err);
    ck_assert_msg(m != GT_MOVE_NONE, "%s: %s", text, err);
    return m;
}

static void expect_text_error(void *pos, const char *text, const char *msg)
{
    char err[128] = "";
    ck_assert_uint_eq(G->move_from_text(pos, text, err, sizeof err), GT_MOVE_NONE);
    ck_assert_str_eq(err, msg);
}

START_TEST(move_text_standard)
{
    void *pos = chess_test_pos("r3k2r/pP6/8/8/8/8/8/R3K2R w KQkq - 0 1");
    char buf[16];
    static const char *round[] = { "e1g1", "e1c1", "b7b8q", "b7a8n", "b7b8r", "a1a7",
                                   "e1f1" };
    for (size_t i = 0; i < sizeof round / sizeof round[0]; i++) {
        gt_move m = parse(pos, round[i]);
        ck_assert_uint_ne(m, GT_MOVE_NONE);
        ck_assert_uint_ne(m, GT_MOVE_NULL);
        G->move_to_text(pos, m, buf, sizeof buf);
        ck_assert_str_eq(buf, round[i]);
    }
    /* a GUI in 960 mode sends king-takes-rook; accepted as castling */
    ck_assert_uint_eq(parse(pos, "e1h1"), parse(pos, "e1g1"));
    expect_text_error(pos, "e2e4", "illegal move e2e4");
    expect_text_error(pos, "b7b8", "illegal move b7b8");
    expect_text_error(pos, "e1e1q", "illegal move e1e1q");
    expect_text_error(pos, "e2", "bad move text 'e2'");
    expect_text_error(pos, "e2e4e5", "bad move text 'e2e4e5'");
    expect_text_error(pos, "i2i4", "bad move text 'i2i4'");
    expect_text_error(pos, "b7b8k", "bad move text 'b7b8k'");
    expect_text_error(pos, "B7B8Q", "bad move text 'B7B8Q'");
    expect_text_error(pos, "", "bad move text ''");
    ck_assert_uint_eq(G->move_from_text(pos, NULL, NULL, 0), GT_MOVE_NONE);
    G->move_to_text(pos, GT_MOVE_NONE, buf, sizeof buf);
    ck_assert_str_eq(buf, "0000");
    free(pos);
}
END_TEST

START_TEST(move_text_chess960)
{
    /* King c1, rooks a1 (long side) and e1 (short side, an inner rook). */
    void *pos = chess_test_pos("r1k4r/8/8/8/8/8/8/R1K1R3 w EA - 0 1");
    G->set_option(pos, "UCI_Chess960", "true");
    char buf[16], fen[128];
    gt_move shortc = parse(pos, "c1e1"), longc = parse(pos, "c1a1");
    G->move_to_text(pos, shortc, buf, sizeof buf);
    ck_assert_str_eq(buf, "c1e1");
    G->move_to_text(pos, longc, buf, sizeof buf);
    ck_assert_str_eq(buf, "c1a1");
    ck_assert(G->is_legal(pos, shortc) && G->is_legal(pos, longc));
    /* king-destination text (a GUI in standard mode) still castles */
    ck_assert_uint_eq(parse(pos, "c1g1"), shortc);
    expect_text_error(pos, "c1h1", "illegal move c1h1");
    /* long castling: the king stays on c1, the rook goes to d1 */
    unsigned char undo[64];
    G->make(pos, longc, undo);
    G->to_text(pos, fen, sizeof fen);
    ck_assert_str_eq(fen, "r1k4r/8/8/8/8/8/8/2KRR3 b - - 1 1");
    G->unmake(pos, longc, undo);
    G->make(pos, shortc, undo);
    G->to_text(pos, fen, sizeof fen);
    ck_assert_str_eq(fen, "r1k4r/8/8/8/8/8/8/R4RK1 b - - 1 1");
    G->unmake(pos, shortc, undo);
    G->to_text(pos, fen, sizeof fen);
    ck_assert_str_eq(fen, "r1k4r/8/8/8/8/8/8/R1K1R3 w KQ - 0 1");
    G->set_option(pos, "UCI_Chess960", "false");
    G->move_to_text(pos, shortc, buf, sizeof buf);
    ck_assert_str_eq(buf, "c1g1");
    free(pos);
}
END_TEST

START_TEST(move_text_round_trip_960_start_in_standard_mode)
{
    /* King b1 next to c1, where standard text puts it after long
     * castling: "b1c1" is the ordinary king move, castling reads b1a1.
     * Every legal move's text, in either mode, reads back as the move. */
    void *pos = chess_test_pos("r3k2r/1b4b1/8/8/8/8/7B/RK5R w KQkq - 0 1");
    char buf[16];
    for (int mode = 0; mode < 2; mode++) {
        G->set_option(pos, "UCI_Chess960", mode ? "true" : "false");
        gt_move list[256];
        int n = G->generate(pos, GT_GEN_ALL, list), castles = 0;
        for (int i = 0; i < n; i++) {
            G->move_to_text(pos, list[i], buf, sizeof buf);
            ck_assert_msg(parse(pos, buf) == list[i], "%s reads back as another move", buf);
            castles += !strcmp(buf, "b1a1");
        }
        ck_assert_int_eq(castles, 1);
    }
    G->set_option(pos, "UCI_Chess960", "false");
    ck_assert_uint_ne(parse(pos, "b1c1"), parse(pos, "b1a1"));
    free(pos);
}
END_TEST

/* For every position and every 16-bit value: is_legal says yes exactly
 * for the generated moves; higher bits and the reserved values are no. */
START_TEST(is_legal_matches_generate)
{
    gt_move list[256];
    uint64_t s = 99;
    for (int i = 0; i < nfens; i++) {
        void *pos = chess_test_pos(fens[i]);
        int n = G->generate(pos, GT_GEN_ALL, list);
        static unsigned char in_list[65536];
        memset(in_list, 0, sizeof in_list);
        for (int k = 0; k < n; k++) {
            REQUIRE(list[k] < 65536 && list[k] != GT_MOVE_NONE, "%s: move %u", fens[i], list[k]);
            in_list[list[k]] = 1;
        }
        for (unsigned m = 0; m < 65536; m++)
            REQUIRE(G->is_legal(pos, m) == (in_list[m] != 0), "%s move %u", fens[i], m);
        for (int k = 0; k < 2000; k++) {
            s ^= s << 13, s ^= s >> 7, s ^= s << 17;
            gt_move m = (gt_move)(s >> 16) | 0x10000u;
            REQUIRE(!G->is_legal(pos, m), "%s: garbage %u accepted", fens[i], m);
        }
        ck_assert(!G->is_legal(pos, GT_MOVE_NULL));
        free(pos);
    }
}
END_TEST

/* Walk all positions to depth 2 and compare the shortcuts with the real
 * thing: gives_check vs make + in_check; GEN_TACTICAL vs is_noisy;
 * GEN_CHECKS vs gives_check; unmake restores every byte; the incremental
 * key equals the key of the same position read from its FEN, and the one
 * key_after foretold. */
/* Observable state: text, key, side, legal moves, rule verdicts. */
static void snapshot(const void *pos, char *buf, size_t len)
{
    gt_move list[256];
    int n = G->generate(pos, GT_GEN_ALL, list);
    int o = snprintf(buf, len, "%llx %d %d %d ", (unsigned long long)G->key(pos), G->side(pos),
                     (int)G->rule_outcome(pos, 0), (int)G->rule_outcome(pos, 50));
    G->to_text(pos, buf + o, len - (size_t)o);
    o += (int)strlen(buf + o);
    for (int i = 0; i < n && o < (int)len - 12; i++)
        o += snprintf(buf + o, len - (size_t)o, " %u", list[i]);
}

static void walk(void *pos, int depth)
{
    gt_move list[256], tact[256], checks[256];
    unsigned char undo[G->undo_size];
    char copy[4096], now[4096];
    int n = G->generate(pos, GT_GEN_ALL, list);
    int nc = G->generate(pos, GT_GEN_CHECKS, checks);
    int nt = 0, want_t = 0, want_c = 0;
    bool check = G->in_check(pos);
    if (!check)
        nt = G->generate(pos, GT_GEN_NOISY, tact);
    for (int i = 0; i < n; i++) {
        gt_move m = list[i];
        bool gc = G->gives_check(pos, m);
        REQUIRE(G->move_index(pos, m) < G->move_index_count, "index of %u", m);
        if (G->is_noisy(pos, m) && !check) { /* same moves, same order */
            REQUIRE(want_t < nt && tact[want_t] == m, "tactical %u", m);
            want_t++;
        }
        if (gc) {
            REQUIRE(want_c < nc && checks[want_c] == m, "check %u", m);
            want_c++;
        }
        snapshot(pos, copy, sizeof copy);
        uint64_t foretold = G->key_after(pos, m);
        G->make(pos, m, undo);
        REQUIRE(G->in_check(pos) == gc, "gives_check(%u) = %d", m, gc);
        REQUIRE(G->key(pos) == foretold, "key_after(%u)", m);
        char fen[128];
        G->to_text(pos, fen, sizeof fen);
        void *fresh = chess_test_pos(fen);
        REQUIRE(G->key(fresh) == G->key(pos), "key after %u: %s", m, fen);
        free(fresh);
        if (depth > 1)
            walk(pos, depth - 1);
        G->unmake(pos, m, undo);
        snapshot(pos, now, sizeof now);
        REQUIRE(!strcmp(copy, now), "unmake %u: %s / %s", m, copy, now);
    }
    REQUIRE(check || nt == want_t, "%d tactical moves, %d expected", nt, want_t);
    REQUIRE(nc == want_c, "%d checks, %d expected", nc, want_c);
}

START_TEST(shortcuts_agree_with_make)
{
    for (int i = 0; i < nfens; i++) {
        void *pos = chess_test_pos(fens[i]);
        walk(pos, i < 25 ? 2 : 1);
        free(pos);
    }
}
END_TEST

START_TEST(tactical_generation)
{
    void *pos = chess_test_pos("4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1");
    gt_move list[256];
    int n = G->generate(pos, GT_GEN_NOISY, list);
    /* e4xd5 and the four promotions of b7b8 */
    ck_assert_int_eq(n, 5);
    char buf[8];
    G->move_to_text(pos, list[0], buf, sizeof buf);
    ck_assert_str_eq(buf, "b7b8q");
    ck_assert(G->is_noisy(pos, parse(pos, "e4d5")));
    ck_assert(!G->is_noisy(pos, parse(pos, "e4e5")));
    ck_assert(G->is_noisy(pos, parse(pos, "b7b8n")));
    ck_assert_int_gt(G->noisy_order(pos, parse(pos, "b7b8q")),
                     G->noisy_order(pos, parse(pos, "e4d5")));
    free(pos);
    pos = chess_test_pos("4k3/8/8/2q1r3/3P4/8/8/7K w - - 0 1");
    /* MVV-LVA: pawn takes queen before pawn takes rook */
    ck_assert_int_gt(G->noisy_order(pos, parse(pos, "d4c5")),
                     G->noisy_order(pos, parse(pos, "d4e5")));
    free(pos);
}
END_TEST

START_TEST(null_move_restores)
{
    for (int i = 0; i < nfens; i++) {
        void *pos = chess_test_pos(fens[i]);
        if (G->in_check(pos)) {
            free(pos);
            continue;
        }
        char before[128], mid[128], after[128];
        unsigned char undo[G->undo_size];
        char copy[4096], now[4096];
        int side = G->side(pos);
        snapshot(pos, copy, sizeof copy);
        G->to_text(pos, before, sizeof before);
        uint64_t key = G->key(pos);
        G->make_null(pos, undo);
        ck_assert_int_ne(G->side(pos), side);
        ck_assert_uint_ne(G->key(pos), key);
        G->to_text(pos, mid, sizeof mid);
        void *fresh = chess_test_pos(mid); /* key matches the passed position */
        ck_assert_uint_eq(G->key(fresh), G->key(pos));
        free(fresh);
        G->unmake_null(pos, undo);
        G->to_text(pos, after, sizeof after);
        ck_assert_str_eq(before, after);
        ck_assert_uint_eq(G->key(pos), key);
        snapshot(pos, now, sizeof now);
        ck_assert_str_eq(copy, now);
        free(pos);
    }
}
END_TEST

START_TEST(null_ok_and_zugzwang_risk)
{
    static const struct {
        const char *fen;
        bool null_ok;
        enum gt_zugzwang_risk risk;
    } cases[] = {
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true, GT_RISK_LOW },
        { "8/8/2k5/8/2P5/2K5/8/8 w - - 0 9", false, GT_RISK_HIGH },
        { "8/5pk1/8/8/8/3N4/5PK1/8 w - - 0 1", true, GT_RISK_MEDIUM },
        { "4k3/8/8/8/8/p1p5/P1P4P/KB6 w - - 0 1", true, GT_RISK_HIGH }, /* 2 moves */
        { "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", true, GT_RISK_MEDIUM }, /* lone rook */
        { "4k3/8/8/8/8/8/8/R3KN2 w - - 0 1", true, GT_RISK_LOW },   /* two pieces */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        void *pos = chess_test_pos(cases[i].fen);
        ck_assert_msg(G->null_ok(pos) == cases[i].null_ok, "%s", cases[i].fen);
        ck_assert_msg(G->zugzwang_risk(pos) == cases[i].risk, "%s", cases[i].fen);
        free(pos);
    }
}
END_TEST

/* SEE on textbook positions (values P 100, N B 300, R 500, Q 900). */
START_TEST(see_values)
{
    static const struct {
        const char *fen, *move;
        int value; /* exact exchange result */
    } cases[] = {
        /* rook takes an undefended pawn */
        { "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100 },
        /* knight takes a pawn defended by a knight, with x-rays behind */
        { "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -200 },
        /* queen takes a defended pawn */
        { "4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1", "e1e5", -800 },
        /* pawn takes rook, recaptured */
        { "4k3/8/3r4/4P3/8/8/8/4K3 w - - 0 1", "e5d6", 500 },
        { "4k3/3q4/3r4/4P3/8/8/8/4K3 w - - 0 1", "e5d6", 400 },
        /* x-ray: the rook behind the rook wins the fight for e5 */
        { "4k3/4r3/4r3/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2e5", -400 },
        /* en passant wins a pawn; promotion gains Q - P */
        { "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100 },
        { "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 800 },
        { "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        void *pos = chess_test_pos(cases[i].fen);
        gt_move m = parse(pos, cases[i].move);
        ck_assert_msg(G->see_ge(pos, m, cases[i].value), "%s %s >= %d", cases[i].fen,
                      cases[i].move, cases[i].value);
        ck_assert_msg(!G->see_ge(pos, m, cases[i].value + 1), "%s %s < %d", cases[i].fen,
                      cases[i].move, cases[i].value + 1);
        free(pos);
    }
}
END_TEST

START_TEST(move_index_kinds)
{
    void *pos = chess_test_pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    void *pos2 = chess_test_pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    chess_test_play(pos2, "g1f3 g8f6");
    /* same piece and destination: same index; different piece: different */
    ck_assert_uint_eq(G->move_index(pos, parse(pos, "e2e4")),
                      G->move_index(pos2, parse(pos2, "e2e4")));
    ck_assert_uint_ne(G->move_index(pos, parse(pos, "g1f3")),
                      G->move_index(pos, parse(pos, "f2f3")));
    ck_assert_uint_eq(G->move_index_count, 768);
    free(pos);
    free(pos2);
}
END_TEST

Suite *chess_moves_suite(void)
{
    Suite *s = suite_create("chess moves");
    TCase *tc = tcase_create("moves");
    tcase_set_timeout(tc, 60);
    tcase_add_unchecked_fixture(tc, load_all, NULL);
    tcase_add_test(tc, move_text_standard);
    tcase_add_test(tc, move_text_chess960);
    tcase_add_test(tc, move_text_round_trip_960_start_in_standard_mode);
    tcase_add_test(tc, is_legal_matches_generate);
    tcase_add_test(tc, shortcuts_agree_with_make);
    tcase_add_test(tc, tactical_generation);
    tcase_add_test(tc, null_move_restores);
    tcase_add_test(tc, null_ok_and_zugzwang_risk);
    tcase_add_test(tc, see_values);
    tcase_add_test(tc, move_index_kinds);
    suite_add_tcase(s, tc);
    return s;
}
