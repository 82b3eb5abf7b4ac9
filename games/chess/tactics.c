/* tactics.c -- move classification for the search: tactical moves, history
 * index, MVV-LVA order, check detection and static exchange evaluation.
 * SPDX-License-Identifier: MIT */
#include "chess.h"

/* Exchange values in eval_unit units (100). */
static const int see_value[7] = { 0, 100, 300, 300, 500, 900, 0 };

bool chess_is_noisy(const void *pos, gt_move m)
{
    const struct chess_pos *p = pos;
    unsigned kind = MV_KIND(m);
    if (kind == MV_CASTLE)
        return false;
    return kind != MV_NORMAL || p->board[MV_TO(m)] != 0;
}

/* (colour, piece kind, destination): 2 * 6 * 64 = 768 indices. */
unsigned chess_move_index(const void *pos, gt_move m)
{
    const struct chess_pos *p = pos;
    int pc = p->board[MV_FROM(m)];
    int to = MV_TO(m);
    if (MV_KIND(m) == MV_CASTLE)
        to = (to < MV_FROM(m) ? 2 : 6) + (to & 56);
    unsigned kind = pc ? (unsigned)(COLOR_OF(pc) * 6 + TYPE_OF(pc) - 1) : 0;
    return kind * 64u + (unsigned)to;
}

/* Most valuable victim first, then least valuable attacker; a promotion
 * counts as winning the promoted piece minus the pawn. */
int chess_noisy_order(const void *pos, gt_move m)
{
    const struct chess_pos *p = pos;
    int victim = MV_KIND(m) == MV_EP ? PAWN : TYPE_OF(p->board[MV_TO(m)]);
    int attacker = TYPE_OF(p->board[MV_FROM(m)]);
    int score = see_value[victim] * 16 - attacker;
    if (MV_KIND(m) == MV_PROMO)
        score += (see_value[MV_PROMO_TYPE(m)] - see_value[PAWN]) * 16;
    return score;
}

/* Exact check test without making the move: rebuild the occupancy and
 * our slider sets as they are after the move, then look from the enemy
 * king (covers direct, discovered, castling, en-passant and promotion
 * checks alike). */
bool chess_gives_check(const void *pos, gt_move m)
{
    const struct chess_pos *p = pos;
    int us = p->side;
    int ksq = king_sq(p, us ^ 1);
    int from = MV_FROM(m), to = MV_TO(m);
    int type = TYPE_OF(p->board[from]);
    bb_t occ = occupied(p) ^ sq_bb(from);
    bb_t diag = (p->by_type[BISHOP] | p->by_type[QUEEN]) & p->by_color[us] & ~sq_bb(from);
    bb_t orth = (p->by_type[ROOK] | p->by_type[QUEEN]) & p->by_color[us] & ~sq_bb(from);

    switch (MV_KIND(m)) {
    case MV_CASTLE: {
        bool is_long = to < from;
        int rto = (is_long ? 3 : 5) + 56 * us, kto = (is_long ? 2 : 6) + 56 * us;
        occ = (occ ^ sq_bb(to)) | sq_bb(rto) | sq_bb(kto);
        orth = (orth & ~sq_bb(to)) | sq_bb(rto);
        type = KING;
        break;
    }
    case MV_PROMO:
        type = MV_PROMO_TYPE(m);
        occ |= sq_bb(to);
        break;
    case MV_EP:
        occ = (occ ^ sq_bb(to ^ 8)) | sq_bb(to);
        break;
    default:
        occ |= sq_bb(to);
        break;
    }
    if (MV_KIND(m) != MV_CASTLE) {
        if (type == BISHOP || type == QUEEN)
            diag |= sq_bb(to);
        if (type == ROOK || type == QUEEN)
            orth |= sq_bb(to);
        if (type == KNIGHT && (chess_knight_att[to] & sq_bb(ksq)))
            return true;
        if (type == PAWN && (chess_pawn_att[us][to] & sq_bb(ksq)))
            return true;
    }
    return (bishop_att(ksq, occ) & diag) || (rook_att(ksq, occ) & orth);
}

/* Swap algorithm: alternately capture on the target square with the
 * least valuable attacker, revealing x-ray attackers as pieces leave, and
 * stop as soon as the side on move can no longer change the verdict. */
bool chess_see_ge(const void *pos, gt_move m, int threshold)
{
    const struct chess_pos *p = pos;
    if (MV_KIND(m) == MV_CASTLE)
        return 0 >= threshold;
    int from = MV_FROM(m), to = MV_TO(m);
    int gain = MV_KIND(m) == MV_EP ? see_value[PAWN] : see_value[TYPE_OF(p->board[to])];
    int mover = see_value[TYPE_OF(p->board[from])];
    if (MV_KIND(m) == MV_PROMO) {
        gain += see_value[MV_PROMO_TYPE(m)] - see_value[PAWN];
        mover = see_value[MV_PROMO_TYPE(m)];
    }
    int swap = gain - threshold;
    if (swap < 0)
        return false;
    swap = mover - swap;
    if (swap <= 0)
        return true;

    bb_t occ = occupied(p) ^ sq_bb(from) ^ sq_bb(to);
    if (MV_KIND(m) == MV_EP)
        occ ^= sq_bb(to ^ 8);
    bb_t diag = p->by_type[BISHOP] | p->by_type[QUEEN];
    bb_t orth = p->by_type[ROOK] | p->by_type[QUEEN];
    bb_t attackers = attackers_to(p, to, occ);
    int stm = p->side;
    int res = 1;
    for (;;) {
        stm ^= 1;
        attackers &= occ;
        bb_t mine = attackers & p->by_color[stm];
        if (!mine)
            break;
        res ^= 1;
        bb_t b;
        if ((b = mine & p->by_type[PAWN])) {
            if ((swap = see_value[PAWN] - swap) < res)
                break;
            occ ^= b & -b;
            attackers |= bishop_att(to, occ) & diag;
        } else if ((b = mine & p->by_type[KNIGHT])) {
            if ((swap = see_value[KNIGHT] - swap) < res)
                break;
            occ ^= b & -b;
        } else if ((b = mine & p->by_type[BISHOP])) {
            if ((swap = see_value[BISHOP] - swap) < res)
                break;
            occ ^= b & -b;
            attackers |= bishop_att(to, occ) & diag;
        } else if ((b = mine & p->by_type[ROOK])) {
            if ((swap = see_value[ROOK] - swap) < res)
                break;
            occ ^= b & -b;
            attackers |= rook_att(to, occ) & orth;
        } else if ((b = mine & p->by_type[QUEEN])) {
            if ((swap = see_value[QUEEN] - swap) < res)
                break;
            occ ^= b & -b;
            attackers |= (bishop_att(to, occ) & diag) | (rook_att(to, occ) & orth);
        } else { /* the king may capture only if nothing recaptures */
            return (attackers & occ & ~p->by_color[stm]) ? (res ^ 1) : res;
        }
    }
    return res;
}
