/* legal.c -- is a 32-bit value a legal move here?  Any value may arrive
 * (hash collisions), so every field is checked before it is used, and a
 * value is accepted only in the exact form generate() produces.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "shogi.h"

static bool drop_is_legal(const struct shogi_pos *p, gt_move m)
{
    int us = p->side, t = SH_MOVE_FROM(m), to = SH_MOVE_TO(m);
    if ((m & SH_MOVE_PROMO) || t < SH_PAWN || t > SH_GOLD) return false;
    if (!p->hand[us][t] || p->board[to] != SH_EMPTY) return false;
    if (shogi_dead[SH_PIECE(us, t)][to]) return false;
    if (t == SH_PAWN) {
        if (p->pawn_files[us] & (1 << (SH_FILE(to) - 1))) return false;
        if (shogi_has_king(p, us ^ 1) &&
            to == p->king[us ^ 1] - shogi_forward(us) &&
            shogi_pawn_drop_mates(p, to))
            return false;
    }
    if (!p->checked) return true;  /* never in check without a king */
    uint8_t b[SH_CELLS];
    memcpy(b, p->board, sizeof b);
    b[to] = (uint8_t)SH_PIECE(us, t);
    return !shogi_attacked_far(b, p->far[us ^ 1], p->king[us], us ^ 1, -1);
}

bool shogi_is_legal(const struct shogi_pos *p, gt_move m)
{
    if (m & ~(gt_move)0x3FFFF) return false;
    int to = SH_MOVE_TO(m), from = SH_MOVE_FROM(m), us = p->side;
    if (to < SH_BIT0 || to >= SH_CELLS || p->board[to] == SH_WALL) return false;
    if (m & SH_MOVE_DROP) return drop_is_legal(p, m);
    if (from < SH_BIT0 || from >= SH_CELLS) return false;
    int pc = p->board[from], cap = p->board[to];
    if (!pc || pc == SH_WALL || SH_COLOR(pc) != us) return false;
    if (cap && SH_COLOR(cap) == us) return false;
    if (!shogi_piece_attacks(p->board, pc, from, to, -1)) return false;
    if (m & SH_MOVE_PROMO) {
        if (SH_TYPE(pc) >= SH_GOLD) return false;
        if (!shogi_zone[us][from] && !shogi_zone[us][to]) return false;
    } else if (shogi_dead[pc][to]) {
        return false;
    }
    if (!shogi_has_king(p, us)) return true;  /* nothing to expose */
    int king = p->king[us];
    if (from == king) {
        int d = shogi_dir_between[from][to];  /* a step, tested above */
        if (p->ring_known >> us & 1) return !(p->ring[us] >> d & 1);
    } else if (!p->checked && shogi_dir_between[king][from] < 0) {
        return true;  /* off the king's lines: it can pin nothing */
    }
    uint8_t b[SH_CELLS];
    memcpy(b, p->board, sizeof b);
    b[to] = (uint8_t)pc;
    b[from] = SH_EMPTY;
    int k = from == king ? to : king;
    /* the enemy's sliders before the move: a capture only removes one */
    return !shogi_attacked_far(b, p->far[us ^ 1], k, us ^ 1, -1);
}
