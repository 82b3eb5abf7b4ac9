/* eval.c -- evaluation v1: material, placement, king safety, mobility.
 *
 * Units: a pawn on the board is 100.  Pieces in hand are worth a little
 * more than on the board (a drop goes anywhere); promoted minors are worth
 * about a gold, and losing one only gives the opponent the base piece.
 * SPDX-License-Identifier: MIT */
#include "shogi.h"

static const int board_value[15] = {
    [SH_PAWN] = 100, [SH_LANCE] = 280, [SH_KNIGHT] = 320, [SH_SILVER] = 450,
    [SH_BISHOP] = 650, [SH_ROOK] = 760, [SH_GOLD] = 520, [SH_KING] = 0,
    [SH_PPAWN] = 540, [SH_PLANCE] = 510, [SH_PKNIGHT] = 520,
    [SH_PSILVER] = 520, [SH_HORSE] = 900, [SH_DRAGON] = 1080,
};
static const int hand_value[8] = {
    [SH_PAWN] = 115, [SH_LANCE] = 310, [SH_KNIGHT] = 350, [SH_SILVER] = 500,
    [SH_BISHOP] = 730, [SH_ROOK] = 860, [SH_GOLD] = 570,
};

int shogi_piece_value(int type) { return board_value[type & 15]; }

/* Placement by relative rank (1 = the enemy's back rank, 9 = own). */
static const int8_t rank_bonus[15][10] = {
    [SH_PAWN] = { 0, 0, 30, 24, 14, 8, 0, 0, 0, 0 },
    [SH_LANCE] = { 0, 0, 0, 0, 0, 0, 0, 0, 4, 8 },
    [SH_KNIGHT] = { 0, 0, 0, 20, 14, 6, 0, -4, -8, -12 },
    [SH_SILVER] = { 0, -10, 4, 16, 14, 10, 6, 4, 0, -6 },
    [SH_GOLD] = { 0, -20, -10, 0, 4, 6, 8, 10, 12, 4 },
    [SH_KING] = { 0, -40, -40, -40, -36, -30, -20, -6, 10, 6 },
};
/* Kings like the edge files, generals like to stand near the own king. */
static const int8_t king_file_bonus[10] = { 0, 10, 12, 8, 0, -8, 0, 8, 12, 10 };

struct side_terms {
    int material, placement, mobility, guards;
};

static void scan_side(const struct shogi_pos *p, int c, struct side_terms *st)
{
    const uint8_t *b = p->board;
    shogi_bb bb = p->occ[c];
    int k = p->king[c];
    bool king = shogi_has_king(p, c);
    while (bb) {
        int sq = shogi_bb_pop(&bb), pc = b[sq], t = SH_TYPE(pc);
        int r = SH_RANK(sq), rel = c ? 10 - r : r;
        st->material += board_value[t];
        st->placement += rank_bonus[t][rel];
        if (t == SH_KING) {
            st->placement += king_file_bonus[SH_FILE(sq)];
            continue;
        }
        int df = SH_FILE(sq) - SH_FILE(k), dr = SH_RANK(sq) - SH_RANK(k);
        df = df < 0 ? -df : df;
        dr = dr < 0 ? -dr : dr;
        bool near = king && df <= 2 && dr <= 2;
        if (near && (t == SH_GOLD || t == SH_SILVER || t > SH_KING))
            st->guards++;
        unsigned slides = shogi_slide_dirs[pc];
        while (slides) {  /* slider mobility: empty squares on its lines */
            int d = __builtin_ctz(slides), off = shogi_dir_offset[d];
            slides &= slides - 1;
            for (int s = sq + off; !b[s]; s += off) st->mobility += 2;
        }
    }
    for (int t = SH_PAWN; t <= SH_GOLD; t++)
        st->material += p->hand[c][t] * hand_value[t];
}

/* Danger to c's king: enemy-attacked squares around it, weighted by what
 * the enemy can drop there, against the own guards.  None without a king
 * (a tsume attacker). */
static int king_danger(const struct shogi_pos *p, int c, int guards)
{
    int k = p->king[c], them = c ^ 1, attacked = 0, hand = 0;
    if (!shogi_has_king(p, c)) return 0;
    for (int d = 0; d < 8; d++) {
        int s = k + shogi_dir_offset[d];
        if (p->board[s] != SH_WALL && shogi_attacked(p->board, s, them, -1))
            attacked++;
    }
    for (int t = SH_PAWN; t <= SH_GOLD; t++)
        hand += p->hand[them][t] * (t >= SH_SILVER ? 2 : 1);
    int danger = attacked * (12 + 3 * (hand > 10 ? 10 : hand));
    return danger - 15 * (guards > 4 ? 4 : guards);
}

int shogi_evaluate(const struct shogi_pos *p)
{
    struct side_terms st[2] = { { 0, 0, 0, 0 }, { 0, 0, 0, 0 } };
    scan_side(p, 0, &st[0]);
    scan_side(p, 1, &st[1]);
    int score[2];
    for (int c = 0; c < 2; c++)
        score[c] = st[c].material + st[c].placement + st[c].mobility -
                   king_danger(p, c, st[c].guards);
    int us = p->side;
    int v = score[us] - score[us ^ 1] + 20;  /* +20: the move is worth a bit */
    if (v > GT_EVAL_MAX - 1) v = GT_EVAL_MAX - 1;
    if (v < -GT_EVAL_MAX + 1) v = -GT_EVAL_MAX + 1;
    return v;
}
