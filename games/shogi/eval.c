/* eval.c -- evaluation v2: material, hands, piece-square tables, king
 * safety and slider mobility, every weight a named parameter of
 * eval_weights.h (what each name means is said there).
 *
 * The score is linear in the parameters: every term is a parameter times
 * a count (tables over discrete features carry what is not linear, such
 * as the number of attacked squares around a king).  So the trace is the
 * counts themselves and the score is exactly sum(coef * params), clamped
 * to the evaluation band.  One body computes both: evaluate passes a NULL
 * coef and the compiler drops the bookkeeping.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "ring.h"

/* Indexes of the parameters, in the file's order. */
#define GT_PARAM(n, v, lo, hi) P_##n,
enum {
#include "eval_weights.h"
    P_COUNT
};
#undef GT_PARAM

#define GT_PARAM(n, v, lo, hi) { #n, v, lo, hi },
const struct gt_param shogi_eval_params[P_COUNT + 1] = {
#include "eval_weights.h"
    { NULL, 0, 0, 0 }
};
#undef GT_PARAM

/* The compiled-in values, what evaluate uses for params NULL. */
#define GT_PARAM(n, v, lo, hi) v,
static const int32_t default_weights[P_COUNT] = {
#include "eval_weights.h"
};
#undef GT_PARAM

/* Whole tables are indexed from their first entry: a tuned file must keep
 * their lengths and order. */
#define TABLE(first, last, len) \
    _Static_assert(P_##last - P_##first == (len) - 1, #first " has " #len " entries")
TABLE(board_pawn, board_dragon, 13);
TABLE(hand_pawn_1, hand_pawn_8, 8);
TABLE(hand_lance_1, hand_lance_4, 4);
TABLE(hand_knight_1, hand_knight_4, 4);
TABLE(hand_silver_1, hand_silver_4, 4);
TABLE(hand_bishop_1, hand_bishop_2, 2);
TABLE(hand_rook_1, hand_rook_2, 2);
TABLE(hand_gold_1, hand_gold_4, 4);
TABLE(pst_pawn_11, pst_dragon_99, 14 * 81);
_Static_assert(P_pst_king_11 == P_pst_pawn_11 + 7 * 81 &&
                   P_pst_dragon_11 == P_pst_pawn_11 + 13 * 81,
               "piece-square tables in the order of the types");
TABLE(def_gold_11, def_gold_55, 24);
TABLE(def_silver_11, def_silver_55, 24);
TABLE(def_pminor_11, def_pminor_55, 24);
TABLE(def_major_11, def_major_55, 24);
TABLE(atk_pawn_11, atk_pawn_55, 24);
TABLE(atk_lance_11, atk_lance_55, 24);
TABLE(atk_knight_11, atk_knight_55, 24);
TABLE(atk_silver_11, atk_silver_55, 24);
TABLE(atk_gold_11, atk_gold_55, 24);
TABLE(atk_bishop_11, atk_bishop_55, 24);
TABLE(atk_rook_11, atk_rook_55, 24);
TABLE(ks_ring_32, ks_ring_24, 8);
TABLE(ks_ring_hand_0, ks_ring_hand_10, 11);
TABLE(ks_ring_drop_pawn, ks_ring_drop_gold, 7);
TABLE(ks_ring_count_1, ks_ring_count_8, 8);
TABLE(ks_escape_0, ks_escape_3, 4);
TABLE(ks_escape_drop_0, ks_escape_drop_3, 4);
TABLE(mob_lance_0, mob_lance_8, 9);
TABLE(mob_bishop_0, mob_bishop_16, 17);
TABLE(mob_rook_0, mob_rook_16, 17);
TABLE(mob_horse_0, mob_horse_16, 17);
TABLE(mob_dragon_0, mob_dragon_16, 17);

/* Per board type: its material entry (-1: the king has none), the first
 * entry of its defender and attacker tables (-1: none), its mobility
 * table. */
static const int16_t board_index[15] = {
    -1, P_board_pawn, P_board_lance, P_board_knight, P_board_silver,
    P_board_bishop, P_board_rook, P_board_gold, -1, P_board_ppawn,
    P_board_plance, P_board_pknight, P_board_psilver, P_board_horse,
    P_board_dragon,
};
static const int16_t def_first[15] = {
    -1, -1, -1, -1, P_def_silver_11, -1, -1, P_def_gold_11, -1,
    P_def_pminor_11, P_def_pminor_11, P_def_pminor_11, P_def_pminor_11,
    P_def_major_11, P_def_major_11,
};
static const int16_t atk_first[15] = {
    -1, P_atk_pawn_11, P_atk_lance_11, P_atk_knight_11, P_atk_silver_11,
    P_atk_bishop_11, P_atk_rook_11, P_atk_gold_11, -1, P_atk_gold_11,
    P_atk_gold_11, P_atk_gold_11, P_atk_gold_11, P_atk_bishop_11,
    P_atk_rook_11,
};
static const int16_t mob_index[15] = {
    [SH_LANCE] = P_mob_lance_0, [SH_BISHOP] = P_mob_bishop_0,
    [SH_ROOK] = P_mob_rook_0, [SH_HORSE] = P_mob_horse_0,
    [SH_DRAGON] = P_mob_dragon_0,
};

/* Hand slots by type (P L N S B R G). */
static const int8_t hand_slots[8] = { 0, 8, 4, 4, 4, 2, 2, 4 };
static const int16_t hand_first[8] = {
    0, P_hand_pawn_1, P_hand_lance_1, P_hand_knight_1, P_hand_silver_1,
    P_hand_bishop_1, P_hand_rook_1, P_hand_gold_1,
};

/* Move ordering and SEE use the compiled-in board values (shogi.h). */
int32_t shogi_piece_values[16];

#define ALWAYS static inline __attribute__((always_inline))

/* Add n times parameter i to v, and n (times the side's sign s) to its
 * coefficient.  Every helper below has v, w, coef and s in scope. */
#define ADD(i, n)                                   \
    do {                                            \
        int i_ = (i), n_ = (n);                     \
        v += (int64_t)n_ * w[i_];                   \
        if (coef) coef[i_] += (double)(s * n_);     \
    } while (0)

/* Tables built once by shogi_eval_init, indexed by square instead of the
 * file and rank arithmetic (divisions by 11) of every piece:
 *  - pst_param: the piece-square parameter of a piece on a square, seen by
 *    its owner (gote's board turned: square sq is 142 - sq);
 *  - shogi_base_value: that entry plus the piece's material, with the
 *    compiled-in weights;
 *  - shogi_hand_value: the compiled-in value of n pieces of a type in hand;
 *    make keeps the sums of both per side (psq), so that evaluate(params
 *    NULL) reads material and placement at once;
 *  - box: the 5x5 box index of the piece on sq around the king on k, by
 *    sq - k + 24 (11 * files + ranks: unique for |ranks| <= 8), -1 outside.
 * Written before any search, read-only afterwards. */
static int16_t pst_param[SH_WALL][SH_CELLS];
int16_t shogi_base_value[SH_WALL][SH_CELLS];
int32_t shogi_hand_value[8][SH_HAND_MAX + 1];
static int8_t box[2][49];
/* With the compiled-in weights: the attack and defence terms of a piece
 * at offset sq - king + 24 from the enemy king and from its own (0 where
 * it has none), for the fast walk. */
static int16_t atk_value[SH_WALL][49];
int16_t shogi_def_value[SH_WALL][49];

void shogi_eval_init(void)
{
    for (int t = 0; t < 15; t++)
        shogi_piece_values[t] =
            board_index[t] < 0 ? 0 : default_weights[board_index[t]];
    for (int pc = 0; pc < SH_WALL; pc++) {
        int t = SH_TYPE(pc), c = SH_COLOR(pc);
        if (t < SH_PAWN || t > SH_DRAGON) continue;
        for (int sq = 0; sq < SH_CELLS; sq++) {
            int rel = c ? 142 - sq : sq, f = SH_FILE(rel), r = SH_RANK(rel);
            if (f < 1 || f > 9 || r < 1 || r > 9) continue;
            int i = P_pst_pawn_11 + (t - 1) * 81 + (f - 1) * 9 + r - 1;
            pst_param[pc][sq] = (int16_t)i;
            shogi_base_value[pc][sq] = (int16_t)(default_weights[i] +
                (board_index[t] < 0 ? 0 : default_weights[board_index[t]]));
        }
    }
    for (int t = SH_PAWN; t <= SH_GOLD; t++)
        for (int n = 1; n <= SH_HAND_MAX; n++) {
            int slot = n < hand_slots[t] ? n : hand_slots[t];
            shogi_hand_value[t][n] = shogi_hand_value[t][n - 1] +
                                     default_weights[hand_first[t] + slot - 1];
        }
    for (int c = 0; c < 2; c++) {
        memset(box[c], -1, sizeof box[c]);
        for (int df = -2; df <= 2; df++)
            for (int dr = -2; dr <= 2; dr++) {
                int i = (df + 2) * 5 + dr + 2, d = 11 * df + dr;
                box[c][(c ? -d : d) + 24] = (int8_t)(i > 12 ? i - 1 : i);
            }
    }
    for (int pc = 0; pc < SH_WALL; pc++) {
        int t = SH_TYPE(pc), c = SH_COLOR(pc);
        if (t < SH_PAWN || t > SH_DRAGON) continue;
        for (int o = 0; o < 49; o++) {
            if (box[c][o] < 0) continue;
            if (atk_first[t] >= 0)
                atk_value[pc][o] = (int16_t)default_weights[atk_first[t] + box[c][o]];
            if (def_first[t] >= 0)
                shogi_def_value[pc][o] = (int16_t)default_weights[def_first[t] + box[c][o]];
        }
    }
}


/* The squares of a 128-bit set, walked as two words (cheaper than
 * 128-bit pops); the body (the last argument) sees each as sq. */
#define FOR_SQUARES(set, sq, ...)                                      \
    for (int half_ = 0; half_ < 2; half_++) {                          \
        uint64_t x_ = (uint64_t)((set) >> (64 * half_));               \
        while (x_) {                                                   \
            int sq = __builtin_ctzll(x_) + 64 * half_ + SH_BIT0;       \
            x_ &= x_ - 1;                                              \
            __VA_ARGS__                                                \
        }                                                              \
    }

/* All of c's pieces on the board, for c: material and placement (unless
 * `fast`: the compiled-in weights and no trace, which leave them to the
 * position's psq), then one walk per kind of term, so that each loop does
 * the same work for every piece it visits:
 *  - the pieces in the enemy king's 5x5 box: their attack terms, and the
 *    king's neighbours they attack by a step (every stepping attacker
 *    stands there);
 *  - the defenders in their own king's box;
 *  - the far pieces: a knight's jumps, a slider's mobility and lines.
 * *foe_ring gets the enemy king's neighbours c attacks. */
ALWAYS int64_t board_terms(const struct shogi_pos *p, int c, const int32_t *w,
                           double *coef, int s, bool fast, unsigned *foe_ring)
{
    int64_t v = 0;
    const uint8_t *b = p->board;
    int foe_k = shogi_has_king(p, c ^ 1) ? p->king[c ^ 1] : -1000;
    shogi_bb all = p->occ[0] | p->occ[1];
    unsigned ring = 0;
    if (!fast) {
        FOR_SQUARES(p->occ[c], sq, {
            int pc = b[sq], t = SH_TYPE(pc);
            ADD(pst_param[pc][sq], 1);
            if (t != SH_KING) ADD(board_index[t], 1);
        })
    }
    /* fast: the terms from tables by piece and offset, no test per piece */
    if (foe_k >= 0) {
        FOR_SQUARES(p->occ[c] & shogi_near_bb[foe_k], sq, {
            int pc = b[sq], t = SH_TYPE(pc), o = sq - foe_k + 24;
            ring |= shogi_step_ring[pc][o];
            if (fast) v += atk_value[pc][o];
            else if (t != SH_KING) ADD(atk_first[t] + box[c][o], 1);
        })
    }
    if (!fast && shogi_has_king(p, c)) {  /* fast: in guard */
        int own_k = p->king[c];
        FOR_SQUARES((p->def[c] | p->far[c]) & shogi_near_bb[own_k], sq, {
            int pc = b[sq], t = SH_TYPE(pc), o = sq - own_k + 24;
            if (def_first[t] >= 0) ADD(def_first[t] + box[c][o], 1);
        })
    }
    FOR_SQUARES(p->far[c], sq, {
        int pc = b[sq], t = SH_TYPE(pc);
        if (t == SH_KNIGHT) {
            ring |= shogi_knight_hits(c, sq, foe_k);
        } else {
            int reach;
            ring |= shogi_slider_hits(b, all, sq, shogi_slide_dirs[pc], foe_k,
                                      &reach);
            ADD(mob_index[t] + reach, 1);
        }
    })
    *foe_ring = ring;
    return v;
}

/* Does the hand hold anything?  Its 8 bytes at once (slot 0 stays 0). */
static inline bool hand_any(const uint8_t *h)
{
    uint64_t x;
    memcpy(&x, h, sizeof x);
    return x != 0;
}

/* c's hand: the n-th piece of a type has its own slot, the last slot
 * counts every further one. */
ALWAYS int64_t hand_terms(const struct shogi_pos *p, int c, const int32_t *w,
                          double *coef, int s, bool fast)
{
    int64_t v = 0;
    if (fast || !hand_any(p->hand[c])) return 0;  /* fast: in psq */
    for (int t = SH_PAWN; t <= SH_GOLD; t++) {
        int n = p->hand[c][t], slots = hand_slots[t];
        int first = hand_first[t];
        for (int k = 0; k < n && k < slots; k++) ADD(first + k, 1);
        if (n > slots) ADD(first + slots - 1, n - slots);
    }
    return v;
}

/* What the enemy's hand adds to each attacked square: its weight (minor
 * pieces 1, the others 2, at most 10) and the types it holds. */
ALWAYS int64_t ring_hand_terms(const uint8_t *h, int attacked,
                               const int32_t *w, double *coef, int s)
{
    int64_t v = 0;
    int weight = h[SH_PAWN] + h[SH_LANCE] + h[SH_KNIGHT] +
                 2 * (h[SH_SILVER] + h[SH_BISHOP] + h[SH_ROOK] + h[SH_GOLD]);
    ADD(P_ks_ring_hand_0 + (weight > 10 ? 10 : weight), attacked);
    for (int t = SH_PAWN; t <= SH_GOLD; t++)
        if (h[t]) ADD(P_ks_ring_drop_pawn + t - 1, attacked);
    ADD(P_ks_ring_count_1 + attacked - 1, 1);
    return v;
}

/* c's king: the squares next to it that the enemy controls (`ring`, from
 * board_terms) and the ones it can step to.  Nothing for a side without a
 * king (a tsume attacker). */
ALWAYS int64_t king_terms(const struct shogi_pos *p, int c, unsigned ring,
                          const int32_t *w, double *coef, int s)
{
    int64_t v = 0;
    if (!shogi_has_king(p, c)) return 0;
    int k = p->king[c], them = c ^ 1;
    /* by sets of ring bits: the squares on the board, ours among them */
    unsigned on = shogi_ring_onboard[k], hit = ring & on;
    unsigned own = shogi_ring_of(p->occ[c], k);
    int attacked = __builtin_popcount(hit);
    int escapes = __builtin_popcount(on & ~ring & ~own);
    for (; hit; hit &= hit - 1) {
        int d = __builtin_ctz(hit);
        ADD(P_ks_ring_32 + (c ? d ^ 1 : d), 1);  /* d ^ 1: gote's view */
    }
    const uint8_t *h = p->hand[them];
    if (attacked) v += ring_hand_terms(h, attacked, w, coef, s);
    if (escapes < 4) {
        ADD(P_ks_escape_0 + escapes, 1);
        if (hand_any(h)) ADD(P_ks_escape_drop_0 + escapes, 1);
    }
    return v;
}

/* The whole evaluation; coef NULL for evaluate, fast only for the
 * compiled-in weights without a trace.  Each side's terms are its own gain,
 * signed +1 for the side to move and -1 for the other. */
ALWAYS int eval_body(const struct shogi_pos *p, const int32_t *w, double *coef,
                     bool fast, unsigned *ring)
{
    int64_t v = 0;
    /* ring[c]: c's king's neighbours the enemy attacks */
    for (int c = 0; c < 2; c++) {
        int s = c == p->side ? 1 : -1;
        v += s * (board_terms(p, c, w, coef, s, fast, &ring[c ^ 1]) +
                  hand_terms(p, c, w, coef, s, fast));
        if (fast) v += s * (p->psq[c] + p->guard[c]);
    }
    for (int c = 0; c < 2; c++) {
        int s = c == p->side ? 1 : -1;
        v += s * king_terms(p, c, ring[c], w, coef, s);
    }
    const int s = 1;
    ADD(P_tempo, 1);
    /* Loaded weights may be anything: stay inside the evaluation band. */
    if (v > GT_EVAL_MAX - 1) v = GT_EVAL_MAX - 1;
    if (v < -GT_EVAL_MAX + 1) v = -GT_EVAL_MAX + 1;
    return (int)v;
}

/* c's defence around its own king, from scratch: what make keeps up to
 * date (and works out again when the king moves). */
int32_t shogi_guard(const struct shogi_pos *p, int c)
{
    if (!shogi_has_king(p, c)) return 0;
    int32_t v = 0, k = p->king[c];
    shogi_bb x = (p->def[c] | p->far[c]) & shogi_near_bb[k];
    while (x) {
        int sq = shogi_bb_pop(&x);
        v += shogi_def_value[p->board[sq]][sq - k + 24];
    }
    return v;
}

/* Material and placement of c's board and hand, from scratch: what make
 * then keeps up to date. */
int32_t shogi_psq(const struct shogi_pos *p, int c)
{
    int32_t v = 0;
    shogi_bb x = p->occ[c];
    while (x) {
        int sq = shogi_bb_pop(&x);
        v += shogi_base_value[p->board[sq]][sq];
    }
    for (int t = SH_PAWN; t <= SH_GOLD; t++)
        v += shogi_hand_value[t][p->hand[c][t]];
    return v;
}

/* Evaluation leaves the rings it found, and with the compiled-in weights
 * its answer, in the position's memo (shogi.h): the position is the
 * caller's, const only to say that no move is made. */
int shogi_evaluate(const struct shogi_pos *p, const int32_t *params)
{
    struct shogi_pos *memo = (struct shogi_pos *)p;
    unsigned ring[2];
    int v;
    if (params) {
        v = eval_body(p, params, NULL, false, ring);
    } else {
        if (p->eval_known) return p->eval_memo;
        v = eval_body(p, default_weights, NULL, true, ring);
        memo->eval_memo = v;
        memo->eval_known = 1;
    }
    memo->ring[0] = (uint8_t)ring[0];
    memo->ring[1] = (uint8_t)ring[1];
    memo->ring_known = 3;
    return v;
}

/* Every term but the tempo is one side's gain signed by who moves: after
 * a pass the score is 2 tempo - v, where v lies inside the evaluation
 * band (far from its clamps). */
void shogi_eval_pass(struct shogi_pos *p)
{
    int v = p->eval_memo;
    if (p->eval_known && v > -GT_EVAL_MAX / 2 && v < GT_EVAL_MAX / 2)
        p->eval_memo = 2 * default_weights[P_tempo] - v;
    else
        p->eval_known = 0;
}

int shogi_eval_trace(const struct shogi_pos *p, const int32_t *params,
                     double *coef)
{
    unsigned ring[2];
    memset(coef, 0, sizeof(double) * P_COUNT);
    return eval_body(p, params ? params : default_weights, coef, false, ring);
}
