/* module.c -- the chess module's hook table for the gtsearch core.
 * SPDX-License-Identifier: MIT */
#include <strings.h>
#include "chess.h"

static uint64_t chess_key(const void *pos) { return CP(pos)->key; }
static int chess_side(const void *pos) { return CP(pos)->side; }

static uint64_t mix(uint64_t x)
{
    x ^= x >> 32;
    x *= 0xd6e8feb86659fd93ULL;
    x ^= x >> 32;
    return x;
}

/* The search's correction keys: the pawns of both sides, then each
 * side's other pieces (where its minor, major and royal pieces stand),
 * hashed from the bitboards. */
static int chess_correction_keys(const void *pos, uint64_t *keys)
{
    const struct chess_pos *p = pos;
    const bb_t pawns = p->by_type[PAWN];
    const bb_t minor = p->by_type[KNIGHT] | p->by_type[BISHOP];
    keys[0] = mix(pawns & p->by_color[0]) ^ mix(~(pawns & p->by_color[1]));
    for (int c = 0; c < 2; c++) {
        const bb_t own = p->by_color[c];
        keys[1 + c] = mix((own & ~pawns) + (uint64_t)c) ^ mix(minor & own) * 3;
    }
    return 3;
}

static const struct gt_option_spec chess_options[] = {
    { .name = "UCI_Chess960", .type = GT_OPT_CHECK, .def = "false" },
    { .name = NULL },
};

/* The position keeps the Chess960 flag: it changes only castling text. */
static void chess_set_option(void *pos, const char *name, const char *value)
{
    struct chess_pos *p = pos;
    if (name && value && !strcasecmp(name, "UCI_Chess960"))
        p->chess960 = !strcasecmp(value, "true");
}

/* cutechess's names: fischerandom is chess with UCI_Chess960 on. */
static const struct gt_variant chess_variants[] = {
    { .name = "standard" },
    { .name = "fischerandom", .option = "UCI_Chess960", .value = "true" },
    { .name = NULL },
};

/* SAN first: it is the record notation (PGN, EPD bm/am). */
static const struct gt_notation chess_notations[] = {
    { .name = "san", .title = "Standard Algebraic Notation",
      .move_to_text = chess_san_move_to_text, .move_from_text = chess_san_move_from_text },
    { .name = NULL },
};

/* Varied middlegames and endgames: open and closed centres, castled on
 * opposite sides, imbalances, and endings of each kind. */
static const char *const chess_bench[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r1bqkbnr/pp1p1ppp/2n5/2P1p3/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 4",
    "rnbqkb1r/pp2pppp/5n2/2pp4/3P4/2P3P1/PP2PPBP/RNBQK1NR b KQkq - 0 4",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "2rq1rk1/pb1nbppp/1p2pn2/2pp4/3P4/1PNBPN2/PB3PPP/2RQ1RK1 w - - 0 12",
    "r2q1rk1/1b2bppp/p2p1n2/1p1Pp3/4P3/1BN2N1P/PP3PP1/R1BQR1K1 b - - 0 14",
    "2kr3r/ppp1qppp/2n1bn2/2b1p3/4P3/2NP1N2/PPPBBPPP/R2QK2R w KQ - 4 9",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2NB4/PPP1Q1PP/2KR3R w - - 2 14",
    "3r2k1/pp3ppp/2p1b3/4P3/2P5/1P4P1/P4P1P/3R2K1 w - - 0 24",
    "8/pp3kpp/2p1rn2/4p3/4P3/2P1BP2/PP3K1P/3R4 b - - 3 28",
    "r4rk1/5ppp/p1n1p3/1p1qP3/3P4/P1Q2N2/5PPP/R4RK1 w - - 0 20",
    "6k1/5pp1/7p/8/2r5/P5P1/5P1P/2R3K1 w - - 0 34",
    "8/5pk1/6p1/3B4/2b5/6P1/5PK1/8 w - - 0 40",
    "8/8/2k5/8/2P5/2K5/8/8 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/3q4/8/8/8/8/3Q4/4K3 w - - 0 1",
    "8/8/1p2k3/p1p2p2/P1P2P2/1P2K3/8/8 w - - 0 1",
    "5rk1/pp3pbp/3p2p1/2pP4/2P1n3/1P3NP1/P3PPBP/1R4K1 b - - 1 17",
    "r1bqk2r/ppp2ppp/2n5/3np3/1b6/2NP1NP1/PP2PPBP/R1BQK2R w KQkq - 1 7",
    NULL,
};

/* Measured in games with the built-in network (doc/strength.md): a
 * capture that loses material is less often good than a quiet move,
 * and searched after them (and reduced) it won at fixed nodes and at
 * the clock. */
static const char *const chess_search_defaults[] = {
    "BadNoisyLast=1",
    NULL,
};

GT_MODULE(chess) = {
    GT_ABI,
    .name = "chess",
    .description = "Chess (UCI), with Chess960 castling",
    .variant = "",               /* PGN's default game: no Variant tag */
    .author = "the gtsearch authors",
    .dialect = GT_UCI,
    .side_names = {"white", "black"},
    .startpos = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    .pos_size = sizeof(struct chess_pos),
    .undo_size = sizeof(struct chess_undo),
    .max_moves = CHESS_MAX_MOVES,
    .move_index_count = 2 * 6 * 64,
    .eval_unit = 100,
    .flags = GT_FLAG_GEN_QUIET, /* perft: exact move sequences */
    .init = chess_init,
    .from_text = chess_from_text,
    .to_text = chess_to_text,
    .draw = chess_draw,
    .key = chess_key,
    .correction_keys = chess_correction_keys,
    .key_after = chess_key_after,
    .side = chess_side,
    .generate = chess_generate,
    .make = chess_make,
    .unmake = chess_unmake,
    .is_legal = chess_is_legal,
    .move_to_text = chess_move_to_text,
    .move_from_text = chess_move_from_text,
    .is_noisy = chess_is_noisy,
    .move_index = chess_move_index,
    .noisy_order = chess_noisy_order,
    .gives_check = chess_gives_check,
    .see_ge = chess_see_ge,
    .in_check = chess_in_check,
    .no_moves = chess_no_moves,
    .rule_outcome = chess_rule_outcome,
    .end_reason = chess_end_reason,
    .evaluate = chess_evaluate,
    .eval_params = chess_eval_params,
    .eval_trace = chess_eval_trace,
    .features = &chess_features,
    .make_null = chess_make_null,
    .unmake_null = chess_unmake_null,
    .null_ok = chess_null_ok,
    .zugzwang_risk = chess_zugzwang_risk,
    .null_reduction = NULL,
    .notations = chess_notations,
    .options = chess_options,
    .set_option = chess_set_option,
    .bench_positions = chess_bench,
    .bench_depth = 12,
    .search_defaults = chess_search_defaults,
    .book = &chess_book,
    .variants = chess_variants,
};
