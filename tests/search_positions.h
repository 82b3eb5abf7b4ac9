/* search_positions.h -- chess and shogi positions that the search tests
 * share: openings and middlegames of both games' bench lists (castling, en
 * passant and pins in chess; hands, drops and checks in shogi).
 * SPDX-License-Identifier: MIT */
#ifndef TESTS_SEARCH_POSITIONS_H
#define TESTS_SEARCH_POSITIONS_H

static const char *const chess_pos[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2NB4/PPP1Q1PP/2KR3R w - - 2 14",
    NULL,
};
static const char *const shogi_pos[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "ln1g3nl/1r1s1kg2/p1pp1p1pp/4p1p2/1p7/2P1S1P2/PP1PPP2P/2G1K2R1/LNS2G1NL b BPbp 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    NULL,
};

#endif
