/* check_chess_san.c -- the SAN notation (writing, reading, round trips over
 * whole move trees, the reader's tolerance and its error texts) and the
 * end_reason hook.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check_chess.h"

static const struct gt_notation *san_notation(void)
{
    ck_assert_ptr_nonnull(G->notations);
    return &G->notations[0];
}

/* SAN of the move given in UCI text. */
static const char *san_of(void *pos, const char *uci)
{
    static char buf[32];
    char err[128];
    gt_move m = G->move_from_text(pos, uci, err, sizeof err);
    ck_assert_msg(m != GT_MOVE_NONE, "%s: %s", uci, err);
    san_notation()->move_to_text(pos, m, buf, sizeof buf);
    return buf;
}

/* The UCI text of what the SAN reader makes of text. */
static const char *read_san(void *pos, const char *text)
{
    static char buf[32];
    char err[128] = "";
    gt_move m = san_notation()->move_from_text(pos, text, err, sizeof err);
    ck_assert_msg(m != GT_MOVE_NONE, "'%s': %s", text, err);
    G->move_to_text(pos, m, buf, sizeof buf);
    return buf;
}

static void expect_san(const char *fen, const char *uci, const char *want)
{
    void *pos = chess_test_pos(fen);
    ck_assert_str_eq(san_of(pos, uci), want);
    ck_assert_str_eq(read_san(pos, want), uci);
    free(pos);
}

static void expect_error(void *pos, const char *text, const char *msg)
{
    char err[128] = "";
    ck_assert_uint_eq(san_notation()->move_from_text(pos, text, err, sizeof err),
                      GT_MOVE_NONE);
    ck_assert_str_eq(err, msg);
}

START_TEST(notation_table)
{
    ck_assert_str_eq(G->notations[0].name, "san");
    ck_assert_str_eq(G->notations[0].title, "Standard Algebraic Notation");
    ck_assert_ptr_nonnull(G->notations[0].move_to_text);
    ck_assert_ptr_nonnull(G->notations[0].move_from_text);
    ck_assert_ptr_null(G->notations[1].name);
    ck_assert_ptr_nonnull(G->end_reason);
    /* exact perft sequences, mates by any move, quiet moves listed apart */
    ck_assert_uint_eq(G->flags, GT_FLAG_GEN_QUIET);
}
END_TEST

START_TEST(san_pieces_and_pawns)
{
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    expect_san(start, "g1f3", "Nf3");
    expect_san(start, "e2e4", "e4");
    expect_san(start, "e2e3", "e3");
    expect_san("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4d5",
               "exd5");
    expect_san("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "f1b5",
               "Bb5+");
    expect_san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6");
    expect_san("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1", "e4d3", "exd3");
    expect_san("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "h1h7", "Rh7");
    expect_san("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1d2", "Kxd2");
}
END_TEST

START_TEST(san_disambiguation)
{
    /* by file: knights b1 and f1 both reach d2 */
    const char *knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    expect_san(knights, "b1d2", "Nbd2");
    expect_san(knights, "f1d2", "Nfd2");
    expect_san(knights, "b1c3", "Nc3");
    /* by rank: rooks a1 and a5 share the file */
    const char *rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    expect_san(rooks, "a1a3", "R1a3");
    expect_san(rooks, "a5a3", "R5a3");
    expect_san(rooks, "a5a8", "Ra8+");
    /* by both: queens a1, a5 and e1 all reach e5; only Qa1 needs both */
    const char *queens = "8/7k/8/Q7/8/8/7K/Q3Q3 w - - 0 1";
    expect_san(queens, "a1e5", "Qa1e5");
    expect_san(queens, "a5e5", "Q5e5");
    expect_san(queens, "e1e5", "Qee5");
    /* a capture keeps its disambiguation before the x */
    expect_san("4k3/8/8/8/8/8/3p4/1N2KN2 w - - 0 1", "b1d2", "Nbxd2");
    /* a pinned twin does not count: the e2 knight cannot go to c3 */
    expect_san("4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3", "Nc3");
}
END_TEST

START_TEST(san_promotion_castling_checks)
{
    const char *promo = "5r1k/4P3/8/8/8/8/8/4K3 w - - 0 1";
    expect_san(promo, "e7f8q", "exf8=Q+");
    expect_san(promo, "e7f8r", "exf8=R+");
    expect_san(promo, "e7f8n", "exf8=N");
    expect_san(promo, "e7e8q", "e8=Q");
    expect_san(promo, "e7e8b", "e8=B");

    const char *castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    expect_san(castle, "e1g1", "O-O");
    expect_san(castle, "e1c1", "O-O-O");
    expect_san("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O");
    expect_san("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+");
    expect_san("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O+");

    /* back-rank mate and a plain check */
    expect_san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#");
    expect_san("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+");
    expect_san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "d8h4",
               "Qh4#");
    /* mate by promotion */
    expect_san("7k/P7/6K1/8/8/8/8/8 w - - 0 1", "a7a8q", "a8=Q#");
}
END_TEST

START_TEST(san_chess960_castling)
{
    /* King c1, rooks a1 and e1: long castling leaves the king on c1, short
     * castling crosses the e1 rook's square.  SAN is the same as ever. */
    void *pos = chess_test_pos("r1k4r/8/8/8/8/8/8/R1K1R3 w EA - 0 1");
    G->set_option(pos, "UCI_Chess960", "true");
    ck_assert_str_eq(san_of(pos, "c1e1"), "O-O");
    ck_assert_str_eq(san_of(pos, "c1a1"), "O-O-O");
    ck_assert_str_eq(read_san(pos, "O-O"), "c1e1");
    ck_assert_str_eq(read_san(pos, "O-O-O"), "c1a1");
    ck_assert_str_eq(read_san(pos, "0-0-0"), "c1a1");
    /* the e1 rook's ordinary moves are still rook moves */
    ck_assert_str_eq(san_of(pos, "e1e5"), "Re5");
    free(pos);
    /* king and rook side by side: castling is king takes rook, never a
     * king move onto the rook */
    pos = chess_test_pos("1r4kr/8/8/8/8/8/8/1R4KR b BHbh - 0 1");
    G->set_option(pos, "UCI_Chess960", "true");
    ck_assert_str_eq(san_of(pos, "g8h8"), "O-O");
    ck_assert_str_eq(san_of(pos, "g8b8"), "O-O-O");
    ck_assert_str_eq(read_san(pos, "O-O"), "g8h8");
    free(pos);
}
END_TEST

/* The reader takes what PGN files and EPD suites really contain. */
START_TEST(san_reader_tolerance)
{
    void *pos = chess_test_pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    static const struct {
        const char *text, *uci;
    } forms[] = {
        { "Nf3", "g1f3" },   { "Nf3+", "g1f3" },  { "Nf3#", "g1f3" },
        { "Nf3!", "g1f3" },  { "Nf3?", "g1f3" },  { "Nf3!!", "g1f3" },
        { "Nf3??", "g1f3" }, { "Nf3!?", "g1f3" }, { "Nf3?!", "g1f3" },
        { "Ngf3", "g1f3" },  { "N1f3", "g1f3" },  { "Ng1f3", "g1f3" },
        { "Ng1-f3", "g1f3" }, { "Nxf3", "g1f3" }, { "g1f3", "g1f3" },
        { "e4", "e2e4" },    { "Pe4", "e2e4" },   { "e2e4", "e2e4" },
        { "e2-e4", "e2e4" }, { "e4!", "e2e4" },
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        ck_assert_msg(!strcmp(read_san(pos, forms[i].text), forms[i].uci), "%s",
                      forms[i].text);
    free(pos);

    pos = chess_test_pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    ck_assert_str_eq(read_san(pos, "O-O"), "e1g1");
    ck_assert_str_eq(read_san(pos, "0-0"), "e1g1");
    ck_assert_str_eq(read_san(pos, "O-O+"), "e1g1");
    ck_assert_str_eq(read_san(pos, "O-O-O"), "e1c1");
    ck_assert_str_eq(read_san(pos, "0-0-0!"), "e1c1");
    ck_assert_str_eq(read_san(pos, "e1g1"), "e1g1");
    ck_assert_str_eq(read_san(pos, "e1h1"), "e1g1"); /* 960-style UCI */
    free(pos);

    pos = chess_test_pos("5r1k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    ck_assert_str_eq(read_san(pos, "e8=Q"), "e7e8q");
    ck_assert_str_eq(read_san(pos, "e8Q"), "e7e8q");
    ck_assert_str_eq(read_san(pos, "e8=q"), "e7e8q");
    ck_assert_str_eq(read_san(pos, "e8N"), "e7e8n");
    ck_assert_str_eq(read_san(pos, "exf8=Q+"), "e7f8q");
    ck_assert_str_eq(read_san(pos, "ef8=R"), "e7f8r");
    ck_assert_str_eq(read_san(pos, "e7f8b"), "e7f8b");
    ck_assert_str_eq(read_san(pos, "e7e8q"), "e7e8q");
    ck_assert_str_eq(read_san(pos, "e7e8Q"), "e7e8q");
    free(pos);

    pos = chess_test_pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    ck_assert_str_eq(read_san(pos, "exd6"), "e5d6");
    ck_assert_str_eq(read_san(pos, "exd6e.p."), "e5d6");
    ck_assert_str_eq(read_san(pos, "ed6"), "e5d6");
    ck_assert_str_eq(read_san(pos, "e6"), "e5e6");
    free(pos);
}
END_TEST

START_TEST(san_reader_errors)
{
    void *pos = chess_test_pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    expect_error(pos, "Nf6", "no legal move matches 'Nf6'");
    expect_error(pos, "e5", "no legal move matches 'e5'");
    expect_error(pos, "O-O", "no legal move matches 'O-O'");
    expect_error(pos, "e2e5", "no legal move matches 'e2e5'");
    expect_error(pos, "Bb5+", "no legal move matches 'Bb5+'");
    expect_error(pos, "Zz9", "bad SAN 'Zz9'");
    expect_error(pos, "", "bad SAN ''");
    expect_error(pos, "+", "bad SAN '+'");
    expect_error(pos, "Nf", "bad SAN 'Nf'");
    expect_error(pos, "Nf9", "bad SAN 'Nf9'");
    expect_error(pos, "Ne4=Q", "bad SAN 'Ne4=Q'");
    expect_error(pos, "O-O-O-O", "bad SAN 'O-O-O-O'");
    expect_error(pos, "nf3", "bad SAN 'nf3'");
    expect_error(pos, "Nf3 ", "bad SAN 'Nf3 '");
    expect_error(pos, "e4\n", "bad SAN 'e4?'");
    expect_error(pos, "Nxxf3", "bad SAN 'Nxxf3'");
    expect_error(pos, "abcdefghijklmnopqrstuvwxyz", "bad SAN 'abcdefghijklmnop...'");
    free(pos);

    pos = chess_test_pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    expect_error(pos, "Nd2", "ambiguous move 'Nd2' (Nbd2, Nfd2)");
    expect_error(pos, "N2d2", "no legal move matches 'N2d2'");
    free(pos);
    pos = chess_test_pos("8/7k/8/Q7/8/8/7K/Q3Q3 w - - 0 1");
    expect_error(pos, "Qe5", "ambiguous move 'Qe5' (Qa1e5, Qee5, Q5e5)");
    expect_error(pos, "Qae5", "ambiguous move 'Qae5' (Qa1e5, Q5e5)");
    expect_error(pos, "Q1e5", "ambiguous move 'Q1e5' (Qa1e5, Qee5)");
    free(pos);
    pos = chess_test_pos("5r1k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    expect_error(pos, "e8", "ambiguous move 'e8' (e8=Q, e8=N, e8=R, e8=B)");
    expect_error(pos, "e8=K", "bad SAN 'e8=K'");
    free(pos);
}
END_TEST

/* Garbage never crashes, always leaves a message, and a short error
 * buffer is never overrun. */
START_TEST(san_reader_garbage)
{
    void *pos = chess_test_pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    const struct gt_notation *san = san_notation();
    char err[128];
    ck_assert_uint_eq(san->move_from_text(pos, NULL, err, sizeof err), GT_MOVE_NONE);
    ck_assert_str_eq(err, "bad SAN ''");
    ck_assert_uint_eq(san->move_from_text(pos, "Zz9", NULL, 0), GT_MOVE_NONE);
    ck_assert_uint_eq(san->move_from_text(pos, "Qd5", NULL, 0), GT_MOVE_NONE);
    /* the x is optional: Qf6 is the capture on f6 */
    ck_assert_uint_eq(san->move_from_text(pos, "Qf6", NULL, 0),
                      san->move_from_text(pos, "Qxf6", NULL, 0));
    ck_assert_uint_ne(san->move_from_text(pos, "Qxf6", NULL, 0), GT_MOVE_NONE);

    void *knights = chess_test_pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    char small[12];
    memset(small, 'Z', sizeof small);
    ck_assert_uint_eq(san->move_from_text(knights, "Nd2", small, 8), GT_MOVE_NONE);
    ck_assert_str_eq(small, "ambiguo");
    ck_assert_int_eq(small[8], 'Z');
    memset(small, 'Z', sizeof small);
    ck_assert_uint_eq(san->move_from_text(knights, "Nd2", small, 1), GT_MOVE_NONE);
    ck_assert_str_eq(small, "");
    ck_assert_int_eq(small[1], 'Z');
    free(knights);

    uint64_t s = 12345;
    char text[40];
    for (int i = 0; i < 200000; i++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        int len = (int)(s % 12);
        for (int k = 0; k < len; k++) {
            s ^= s << 13, s ^= s >> 7, s ^= s << 17;
            /* mostly SAN's own characters, so that deep paths are hit */
            static const char alphabet[] = "KQRBNPabcdefgh12345678x=+#!?-O0o.pe";
            text[k] = (s & 0x300) ? alphabet[(s >> 16) % (sizeof alphabet - 1)]
                                  : (char)(s >> 24);
        }
        text[len] = 0;
        err[0] = 0;
        gt_move m = san->move_from_text(pos, text, err, sizeof err);
        REQUIRE(m != GT_MOVE_NONE ? G->is_legal(pos, m) : err[0] != 0, "'%s'", text);
    }
    free(pos);
}
END_TEST

/* Illegal or missing moves still get a text, not a read of a bad board. */
START_TEST(san_writer_outside_contract)
{
    void *pos = chess_test_pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    char buf[16];
    san_notation()->move_to_text(pos, GT_MOVE_NONE, buf, sizeof buf);
    ck_assert_str_eq(buf, "--");
    san_notation()->move_to_text(pos, GT_MOVE_NULL, buf, sizeof buf);
    ck_assert_str_eq(buf, "--");
    san_notation()->move_to_text(pos, 4 | (28 << 6), buf, sizeof buf); /* e1e4 */
    ck_assert_str_eq(buf, "e1e4");
    san_notation()->move_to_text(pos, 12 | (28 << 6), buf, 3); /* e2e4, cut */
    ck_assert_str_eq(buf, "e4");
    free(pos);
}
END_TEST

/* ---- round trips over move trees ----------------------------------------- */

/* Each SAN reads back as its move; all differ within a position; the
 * suffix tells check and mate; a disambiguation is never more than it
 * must be (dropping it makes the text ambiguous). */
static void check_position(void *pos)
{
    const struct gt_notation *san = san_notation();
    gt_move list[256];
    char text[256][16], err[128], fen[128];
    unsigned char undo[64];
    int n = G->generate(pos, GT_GEN_ALL, list);
    G->to_text(pos, fen, sizeof fen);
    for (int i = 0; i < n; i++) {
        san->move_to_text(pos, list[i], text[i], sizeof text[i]);
        gt_move back = san->move_from_text(pos, text[i], err, sizeof err);
        REQUIRE(back == list[i], "%s: '%s' reads as %u, not %u (%s)", fen, text[i], back,
                list[i], back ? "" : err);
        for (int k = 0; k < i; k++)
            REQUIRE(strcmp(text[i], text[k]), "%s: two moves are '%s'", fen, text[i]);

        size_t len = strlen(text[i]);
        char last = text[i][len - 1];
        bool check = G->gives_check(pos, list[i]);
        REQUIRE(check == (last == '+' || last == '#'), "%s: '%s' check %d", fen, text[i],
                check);
        if (check) {
            gt_move replies[256];
            G->make(pos, list[i], undo);
            bool mate = G->generate(pos, GT_GEN_ALL, replies) == 0;
            G->unmake(pos, list[i], undo);
            REQUIRE(mate == (last == '#'), "%s: '%s' mate %d", fen, text[i], mate);
        }

        /* piece moves: letter, 0-2 disambiguation characters, x?, square */
        if (!strchr("NBRQK", text[i][0]))
            continue;
        char body[16];
        snprintf(body, sizeof body, "%s", text[i] + 1);
        body[strcspn(body, "+#")] = 0;
        char *x = strchr(body, 'x');
        if (x)
            memmove(x, x + 1, strlen(x));
        size_t extra = strlen(body) - 2;
        REQUIRE(extra <= 2, "%s: '%s'", fen, text[i]);
        for (size_t drop = 0; drop < extra; drop++) {
            char shorter[16];
            size_t o = 0;
            shorter[o++] = text[i][0];
            for (size_t k = 0; k < extra; k++)
                if (k != drop)
                    shorter[o++] = body[k];
            memcpy(shorter + o, body + extra, 3);
            err[0] = 0;
            REQUIRE(san->move_from_text(pos, shorter, err, sizeof err) == GT_MOVE_NONE
                        && !strncmp(err, "ambiguous", 9),
                    "%s: '%s' would do for '%s' (%s)", fen, shorter, text[i], err);
        }
    }
}

static int walk(void *pos, int depth)
{
    check_position(pos);
    if (depth <= 1)
        return 1;
    gt_move list[256];
    unsigned char undo[64];
    int n = G->generate(pos, GT_GEN_ALL, list), count = 1;
    for (int i = 0; i < n; i++) {
        G->make(pos, list[i], undo);
        count += walk(pos, depth - 1);
        G->unmake(pos, list[i], undo);
    }
    return count;
}

START_TEST(round_trip_bench_positions)
{
    int count = 0, listed = 0;
    for (const char *const *fen = G->bench_positions; *fen; fen++, listed++) {
        void *pos = chess_test_pos(*fen);
        count += walk(pos, 1);
        free(pos);
    }
    ck_assert_int_gt(listed, 0);
    ck_assert_int_eq(count, listed);     /* every one read and walked */
}
END_TEST

/* Depth 2 (every position after one move, and its replies) from positions
 * rich in the hard cases: Kiwipete (castling, en passant, pins), the wiki's
 * positions 3-5 (en passant discoveries, promotions with capture and
 * check), three queens per side, and Chess960 castling. */
static const struct {
    const char *fen;
    bool chess960;
} tree_fens[] = {
    { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false },
    { "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false },
    { "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false },
    { "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false },
    { "q3k2q/8/8/2q5/5Q2/8/8/Q3K2Q w - - 0 1", false },
    { "1N2k1N1/8/8/3N1N2/8/8/PpP5/4K3 b - - 0 1", false },
    { "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true },
    { "r1k1r3/8/8/8/8/8/8/R1K1R3 w EAea - 0 1", true },
    { "1r4kr/8/8/8/8/8/8/1R4KR b BHbh - 0 1", true },
};

START_TEST(round_trip_trees)
{
    void *pos = chess_test_pos(tree_fens[_i].fen);
    if (tree_fens[_i].chess960)
        G->set_option(pos, "UCI_Chess960", "true");
    int count = walk(pos, 3);
    ck_assert_int_gt(count, 20);
    free(pos);
}
END_TEST

START_TEST(round_trip_data_files)
{
    static char fens[200][128];
    int n = chess_test_load_fens("perft.epd", fens, 200);
    n += chess_test_load_fens("openings.epd", fens + n, 200 - n);
    n += chess_test_load_fens("mates.epd", fens + n, 200 - n);
    n += chess_test_load_fens("zugzwang.epd", fens + n, 200 - n);
    ck_assert_int_gt(n, 90);
    int count = 0;
    for (int i = 0; i < n; i++) {
        void *pos = chess_test_pos(fens[i]);
        count += walk(pos, 2);
        free(pos);
    }
    ck_assert_int_gt(count, 2000);
}
END_TEST

/* ---- end_reason --------------------------------------------------------- */

static const char *reason(void *pos)
{
    gt_move list[256];
    enum gt_outcome o = G->rule_outcome(pos, 0);
    if (o == GT_ONGOING && G->generate(pos, GT_GEN_ALL, list) == 0)
        o = G->no_moves(pos);
    ck_assert_int_ne(o, GT_ONGOING);
    return G->end_reason(pos, o);
}

static const char *reason_of(const char *fen)
{
    void *pos = chess_test_pos(fen);
    const char *r = reason(pos);
    free(pos);
    return r;
}

START_TEST(end_reason_rules)
{
    ck_assert_str_eq(reason_of("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"), "checkmate");
    ck_assert_str_eq(reason_of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), "stalemate");
    ck_assert_str_eq(reason_of("4k3/8/8/8/8/8/8/R3K3 w - - 100 80"), "fifty-move rule");
    ck_assert_str_eq(reason_of("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"), "insufficient material");
    ck_assert_str_eq(reason_of("4k3/8/8/8/8/8/8/4K3 b - - 0 1"), "insufficient material");
    ck_assert_str_eq(reason_of("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"), "insufficient material");
    /* the rules come first, as in the core: a stalemate on the hundredth
     * ply is a fifty-move draw, and a mate on it a mate */
    ck_assert_str_eq(reason_of("7k/5Q2/6K1/8/8/8/8/8 b - - 100 80"), "fifty-move rule");
    ck_assert_str_eq(reason_of("R3k3/8/4K3/8/8/8/8/8 b - - 100 80"), "checkmate");
    /* stalemate with mating material on the board */
    ck_assert_str_eq(reason_of("k7/2K5/1Q6/8/8/8/8/8 b - - 0 1"), "stalemate");
}
END_TEST

START_TEST(end_reason_repetition)
{
    void *pos = chess_test_pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    chess_test_play(pos, "g1f3 g8f6 f3g1 f6g8");
    /* twice: a draw only inside a search that saw both */
    ck_assert_int_eq(G->rule_outcome(pos, 0), GT_ONGOING);
    ck_assert_int_eq(G->rule_outcome(pos, 4), GT_DRAW);
    ck_assert_str_eq(G->end_reason(pos, GT_DRAW), "repetition");
    chess_test_play(pos, "g1f3 g8f6 f3g1 f6g8");
    ck_assert_str_eq(reason(pos), "threefold repetition");
    free(pos);
    /* a repetition where the material would not suffice either: the
     * repetition is what rule_outcome tests first */
    pos = chess_test_pos("4k3/8/8/8/8/8/8/4KN2 w - - 10 40");
    chess_test_play(pos, "f1g3 e8d8 g3f1 d8e8 f1g3 e8d8 g3f1 d8e8");
    ck_assert_str_eq(reason(pos), "threefold repetition");
    free(pos);
}
END_TEST

Suite *chess_san_suite(void)
{
    Suite *s = suite_create("chess san");
    TCase *tc = tcase_create("san");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, notation_table);
    tcase_add_test(tc, san_pieces_and_pawns);
    tcase_add_test(tc, san_disambiguation);
    tcase_add_test(tc, san_promotion_castling_checks);
    tcase_add_test(tc, san_chess960_castling);
    tcase_add_test(tc, san_reader_tolerance);
    tcase_add_test(tc, san_reader_errors);
    tcase_add_test(tc, san_reader_garbage);
    tcase_add_test(tc, san_writer_outside_contract);
    tcase_add_test(tc, round_trip_bench_positions);
    tcase_add_loop_test(tc, round_trip_trees, 0, (int)(sizeof tree_fens / sizeof tree_fens[0]));
    tcase_add_test(tc, round_trip_data_files);
    suite_add_tcase(s, tc);
    TCase *te = tcase_create("end_reason");
    tcase_add_test(te, end_reason_rules);
    tcase_add_test(te, end_reason_repetition);
    suite_add_tcase(s, te);
    return s;
}
