/* module.c -- the shogi module's hook table: thin adapters from the core's
 * opaque positions to struct shogi_pos.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "shogi.h"

static int sh_from_text(void *pos, const char *text, char *err, size_t len)
{
    return shogi_from_sfen(pos, text, err, len);
}

static void sh_to_text(const void *pos, char *buf, size_t len)
{
    shogi_to_sfen(pos, buf, len);
}

static void sh_draw(const void *pos, char *buf, size_t len)
{
    shogi_draw(pos, buf, len);
}

static uint64_t sh_key(const void *pos)
{
    return ((const struct shogi_pos *)pos)->key;
}

static uint64_t sh_key_after(const void *pos, gt_move m)
{
    return shogi_key_after(pos, m);
}

static int sh_side(const void *pos)
{
    return ((const struct shogi_pos *)pos)->side;
}

static int sh_count_moves(const void *pos)
{
    return shogi_count_moves(pos);
}

static int sh_generate(const void *pos, enum gt_gen kind, gt_move *moves)
{
    switch (kind) {
    case GT_GEN_ALL: return shogi_generate(pos, SH_GEN_ALL, moves);
    case GT_GEN_NOISY: return shogi_generate(pos, SH_GEN_TACTICAL, moves);
    case GT_GEN_CHECKS: return shogi_generate(pos, SH_GEN_CHECKS, moves);
    case GT_GEN_QUIET: return shogi_generate(pos, SH_GEN_QUIET, moves);
    }
    return -1;
}

static void sh_make(void *pos, gt_move m, void *undo)
{
    shogi_make(pos, m, undo);
}

static void sh_unmake(void *pos, gt_move m, const void *undo)
{
    shogi_unmake(pos, m, undo);
}

static bool sh_is_legal(const void *pos, gt_move m)
{
    return shogi_is_legal(pos, m);
}

static void sh_move_to_text(const void *pos, gt_move m, char *buf, size_t len)
{
    (void)pos;
    shogi_move_to_usi(m, buf, len);
}

static gt_move sh_move_from_text(const void *pos, const char *text, char *err,
                                 size_t len)
{
    return shogi_move_from_usi(pos, text, err, len);
}

static bool sh_is_noisy(const void *pos, gt_move m)
{
    return shogi_is_noisy(pos, m);
}

static unsigned sh_move_index(const void *pos, gt_move m)
{
    return shogi_move_index(pos, m);
}

static int sh_noisy_order(const void *pos, gt_move m)
{
    return shogi_noisy_order(pos, m);
}

static gt_move sh_mate_in_one(const void *pos)
{
    return shogi_mate_in_one(pos);
}

static bool sh_gives_check(const void *pos, gt_move m)
{
    return shogi_gives_check(pos, m);
}

static bool sh_see_ge(const void *pos, gt_move m, int threshold)
{
    return shogi_see_ge(pos, m, threshold);
}

static bool sh_in_check(const void *pos)
{
    return ((const struct shogi_pos *)pos)->checked;
}

static enum gt_outcome sh_no_moves(const void *pos)
{
    (void)pos;
    return GT_LOSS;  /* checkmate or not, no move loses in shogi */
}

static enum gt_outcome sh_rule_outcome(const void *pos, int ply)
{
    return shogi_rule_outcome(pos, ply);
}

static const char *sh_end_reason(const void *pos, enum gt_outcome o)
{
    return shogi_end_reason(pos, o);
}

static int sh_evaluate(const void *pos, const int32_t *params)
{
    return shogi_evaluate(pos, params);
}

static int sh_eval_trace(const void *pos, const int32_t *params, double *coef)
{
    return shogi_eval_trace(pos, params, coef);
}

static void sh_make_null(void *pos, void *undo)
{
    shogi_make_null(pos, undo);
}

static void sh_unmake_null(void *pos, const void *undo)
{
    shogi_unmake_null(pos, undo);
}

static int sh_correction_keys(const void *pos, uint64_t *keys)
{
    const struct shogi_pos *p = pos;
    for (int i = 0; i < 3; i++)
        keys[i] = p->part_key[i];
    return 3;
}

static bool sh_null_ok(const void *pos)
{
    return shogi_null_ok(pos);
}

static enum gt_zugzwang_risk sh_zugzwang_risk(const void *pos)
{
    return shogi_zugzwang_risk(pos);
}

static void sh_set_option(void *pos, const char *name, const char *value)
{
    shogi_set_option(pos, name, value);
}

static const char *const ekr_values[] = { "CSARule27", "CSARule24",
                                          "NoEnteringKing", NULL };
static const struct gt_option_spec sh_options[] = {
    { "EnteringKingRule", GT_OPT_COMBO, "CSARule27", 0, 0, ekr_values },
    { NULL, GT_OPT_CHECK, NULL, 0, 0, NULL },
};

static const char *const sh_bench[] = {
    /* openings */
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
    "ln1g3nl/1r1s1kg2/p1pp1p1pp/4p1p2/1p7/2P1S1P2/PP1PPP2P/2G1K2R1/LNS2G1NL b BPbp 1",
    "lnsgk1snl/1r4gb1/p1pppp1pp/6p2/1p7/2P6/PPBPPPPPP/7R1/LNSGKGSNL b - 9",
    "lnsgk1snl/1r4gb1/p1pp1p1pp/1p2p1p2/9/2PPP4/PP3PPPP/1BG4R1/LNS1KGSNL b - 9",
    /* middlegames */
    "lnsgk1snl/6gb1/p1pppp2p/6pR1/9/1rP6/P2PPPP1P/1BG6/LNS1KGSNL b 2P2p 15",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "ln3k1nl/1r3sg2/p1ppppbpp/1s4p2/1p7/2P1P1P2/PPSP1P2P/2G2S1R1/LN2KG1NL b Pp 25",
    "lr5nl/3g1kg2/2n1ppsp1/p1pps3p/1p5P1/P1PPP1P1P/1PS2PS2/1KG1G2R1/LN5NL b Bb 41",
    /* endgames with hands */
    "bngk1n2+B/l1r4gl/p2s1p1s1/1+N1pp1p1p/2p1P2R1/1P1P1PPPP/P3G3L/3SG2S1/L+p4K2 b Pnp 79",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn2p 124",
    "l1s4+B1/1+rg5l/n1pp3pp/p2k3g1/3N+bp1N1/P1P2PpPP/3+l5/1P1S3SL/2S1K3R b NP2g4p 89",
    "G2G3kr/7sl/2ppN1npp/l3S4/ppPP2+B1S/7PP/PP2PPP2/R2BGKS1L/LN1G3N1 w 3P 82",
    "4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    "8k/6S2/7G1/9/9/9/9/9/4K4 b LPnp 1",
    NULL,
};

/* Measured in games at 20,000 nodes a move (doc/strength.md): checks are
 * so many in shogi that extending every one near the leaves costs more
 * than it finds; and the null move's search may be shallower than in
 * chess: R = 4 + depth / 3 scored +74 against 3 + depth / 6, and
 * 5 + depth / 3 was level with it. */
static const char *const sh_search_defaults[] = {
    "CheckExtensionDepth=4",
    "NullMoveBaseR=4",
    "NullMoveDepthDiv=3",
    NULL,
};

GT_MODULE(shogi) = {
    GT_ABI,
    .name = "shogi",
    .description = "Shogi (Japanese chess): drops, promotions, USI",
    .author = "the gtsearch authors",
    .dialect = GT_USI,
    .side_names = {"sente", "gote"},
    .flags = GT_FLAG_MATE_BY_CHECKS | GT_FLAG_GEN_QUIET,
    .startpos = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    .pos_size = sizeof(struct shogi_pos),
    .undo_size = sizeof(struct shogi_undo),
    .max_moves = SH_MAX_MOVES,
    .move_index_count = SH_MOVE_INDEX_COUNT,
    .eval_unit = 100,
    .init = shogi_init,
    .from_text = sh_from_text,
    .to_text = sh_to_text,
    .draw = sh_draw,
    .key = sh_key,
    .key_after = sh_key_after,
    .side = sh_side,
    .generate = sh_generate,
    .count_moves = sh_count_moves,
    .make = sh_make,
    .unmake = sh_unmake,
    .is_legal = sh_is_legal,
    .move_to_text = sh_move_to_text,
    .move_from_text = sh_move_from_text,
    .is_noisy = sh_is_noisy,
    .move_index = sh_move_index,
    .noisy_order = sh_noisy_order,
    .gives_check = sh_gives_check,
    .mate_in_one = sh_mate_in_one,
    .see_ge = sh_see_ge,
    .in_check = sh_in_check,
    .no_moves = sh_no_moves,
    .rule_outcome = sh_rule_outcome,
    .end_reason = sh_end_reason,
    .evaluate = sh_evaluate,
    .eval_params = shogi_eval_params,
    .eval_trace = sh_eval_trace,
    .features = &shogi_features,
    .make_null = sh_make_null,
    .unmake_null = sh_unmake_null,
    .null_ok = sh_null_ok,
    .zugzwang_risk = sh_zugzwang_risk,
    .null_reduction = NULL,
    .notations = shogi_notations,
    .options = sh_options,
    .set_option = sh_set_option,
    .bench_positions = sh_bench,
    .bench_depth = 10,
    .search_defaults = sh_search_defaults,
    .correction_keys = sh_correction_keys,
};
