/* movegen.c -- legal move generation with check and pin masks.
 *
 * No make-and-test: the checkers give the target mask (block or capture),
 * pinned pieces move only along the line through their king, the king's
 * destinations are tested with the king lifted off the board, and the two
 * rare cases (en passant, castling) get an exact test of their own.
 * SPDX-License-Identifier: MIT */
#include "chess.h"

#define INLINE static inline __attribute__((always_inline))

INLINE gt_move *add_targets(gt_move *list, int from, bb_t targets)
{
    while (targets) {
        int to = pop_lsb(&targets);
        *list++ = MV_MAKE(from, to);
    }
    return list;
}

/* What a list holds: every legal move, the noisy ones (captures,
 * promotions, en passant) or the quiet ones (the rest), each in the order
 * of the full list. */
enum sel { SEL_ALL, SEL_NOISY, SEL_QUIET };

INLINE gt_move *add_promotions(gt_move *list, int from, int to, bool tactical_only)
{
    gt_move m = MV_MAKE(from, to) | MV_PROMO;
    *list++ = m | (3u << 12); /* queen first */
    (void)tactical_only;      /* every promotion changes material */
    *list++ = m | (0u << 12);
    *list++ = m | (2u << 12);
    *list++ = m | (1u << 12);
    return list;
}

/* Pinned pieces of the side to move, from the enemy sliders that see the
 * king through exactly one own piece. */
INLINE bb_t pinned_pieces(const struct chess_pos *p, int us, int ksq, bb_t occ)
{
    bb_t them = p->by_color[us ^ 1];
    bb_t snipers = ((rook_att(ksq, them) & (p->by_type[ROOK] | p->by_type[QUEEN]))
                  | (bishop_att(ksq, them) & (p->by_type[BISHOP] | p->by_type[QUEEN])))
                 & them;
    bb_t pinned = 0;
    while (snipers) {
        int s = pop_lsb(&snipers);
        bb_t b = chess_between[ksq][s] & occ;
        if (b && !more_than_one(b))
            pinned |= b & p->by_color[us];
    }
    return pinned;
}

/* En passant changes three squares at once; test the king directly. */
static bool ep_is_legal(const struct chess_pos *p, int from, int to)
{
    int us = p->side, them = us ^ 1;
    int cap = to + (us == WHITE ? -8 : 8);
    bb_t occ = (occupied(p) ^ sq_bb(from) ^ sq_bb(cap)) | sq_bb(to);
    int ksq = king_sq(p, us);
    bb_t att = attackers_to(p, ksq, occ) & p->by_color[them] & ~sq_bb(cap);
    return att == 0;
}

INLINE gt_move *gen_castling(const struct chess_pos *p, gt_move *list, int us, int ksq,
                             bb_t occ)
{
    for (int slot = us * 2; slot < us * 2 + 2; slot++) {
        if (!(p->castling & (1u << slot)) || (occ & p->castle_empty[slot]))
            continue;
        int rsq = p->castle_rook[slot];
        /* Lift king and rook: in Chess960 the rook may shield a square of
         * the king's path from a rook or queen on the back rank. */
        bb_t o = occ ^ sq_bb(ksq) ^ sq_bb(rsq);
        bb_t path = p->castle_path[slot];
        bool safe = true;
        while (path) {
            if (sq_attacked(p, pop_lsb(&path), us ^ 1, o)) {
                safe = false;
                break;
            }
        }
        if (safe)
            *list++ = MV_MAKE(ksq, rsq) | MV_CASTLE;
    }
    return list;
}

/* Pawn moves: captures onto cap_target, pushes onto push_target; the
 * noisy ones push only to promote, the quiet ones neither capture nor
 * promote. */
INLINE gt_move *gen_pawns(const struct chess_pos *p, gt_move *list, int us, bb_t pawns,
                          bb_t occ, bb_t cap_target, bb_t push_target, int sel)
{
    bool tactical_only = sel == SEL_NOISY;
    bb_t them = p->by_color[us ^ 1] & cap_target;
    bb_t empty = ~occ & push_target;
    bb_t promo_rank = us == WHITE ? RANK_8 : RANK_1;
    bb_t third = us == WHITE ? (RANK_1 << 16) : (RANK_1 << 40);
    int up = us == WHITE ? 8 : -8;
    bb_t push1, push2, capl, capr;

    if (us == WHITE) {
        push1 = (pawns << 8) & ~occ;
        push2 = ((push1 & third) << 8) & empty;
        push1 &= push_target;
        capl = ((pawns & ~FILE_A) << 7) & them;
        capr = ((pawns & ~FILE_H) << 9) & them;
    } else {
        push1 = (pawns >> 8) & ~occ;
        push2 = ((push1 & third) >> 8) & empty;
        push1 &= push_target;
        capl = ((pawns & ~FILE_A) >> 9) & them;
        capr = ((pawns & ~FILE_H) >> 7) & them;
    }
    int dl = us == WHITE ? 7 : -9, dr = us == WHITE ? 9 : -7;

    bb_t b;
    if (sel == SEL_QUIET) {
        capl = capr = 0;            /* no captures */
        push1 &= ~promo_rank;       /* no promotions */
    }
    for (b = capl & promo_rank; b;) {
        int to = pop_lsb(&b);
        list = add_promotions(list, to - dl, to, tactical_only);
    }
    for (b = capr & promo_rank; b;) {
        int to = pop_lsb(&b);
        list = add_promotions(list, to - dr, to, tactical_only);
    }
    for (b = push1 & promo_rank; b;) {
        int to = pop_lsb(&b);
        list = add_promotions(list, to - up, to, tactical_only);
    }
    for (b = capl & ~promo_rank; b;) {
        int to = pop_lsb(&b);
        *list++ = MV_MAKE(to - dl, to);
    }
    for (b = capr & ~promo_rank; b;) {
        int to = pop_lsb(&b);
        *list++ = MV_MAKE(to - dr, to);
    }
    if (!tactical_only) {
        for (b = push1 & ~promo_rank; b;) {
            int to = pop_lsb(&b);
            *list++ = MV_MAKE(to - up, to);
        }
        for (b = push2; b;) {
            int to = pop_lsb(&b);
            *list++ = MV_MAKE(to - 2 * up, to);
        }
    }
    return list;
}

/* King steps: each destination is tested with the king lifted, so that a
 * slider's ray through the king's square counts. */
INLINE gt_move *gen_king(const struct chess_pos *p, gt_move *list, int ksq,
                         bb_t target_base, bb_t occ, bb_t from_filter)
{
    if (!(from_filter & sq_bb(ksq)))
        return list;
    bb_t kt = chess_king_att[ksq] & target_base;
    bb_t o = occ ^ sq_bb(ksq);
    while (kt) {
        int to = pop_lsb(&kt);
        if (!sq_attacked(p, to, p->side ^ 1, o))
            *list++ = MV_MAKE(ksq, to);
    }
    return list;
}

/* The generator.  `from_filter` restricts the moving pieces (is_legal asks
 * for one square); it is all ones for full generation and folds away. */
INLINE int gen_legal(const struct chess_pos *p, gt_move *moves, int sel,
                     bb_t from_filter)
{
    gt_move *list = moves;
    int us = p->side, them = us ^ 1;
    bb_t own = p->by_color[us], enemy = p->by_color[them];
    bb_t occ = own | enemy;
    int ksq = king_sq(p, us);
    bb_t checkers = attackers_to(p, ksq, occ) & enemy;
    bb_t pinned = pinned_pieces(p, us, ksq, occ);
    bb_t target_base = sel == SEL_NOISY ? enemy : sel == SEL_QUIET ? ~occ : ~own;

    /* In double check only the king moves.  Otherwise its steps come
     * last: the search tries quiet moves of equal history in the order
     * listed, and a king step is seldom the move to try first. */
    if (more_than_one(checkers))
        return (int)(gen_king(p, list, ksq, target_base, occ, from_filter) - moves);

    bb_t target = target_base;
    bb_t evasion = ~(bb_t)0;
    if (checkers) {
        evasion = chess_between[ksq][lsb(checkers)] | checkers;
        target &= evasion;
    } else if (sel != SEL_NOISY && (from_filter & sq_bb(ksq)) && p->castling) {
        list = gen_castling(p, list, us, ksq, occ);
    }

    /* Pawns.  Free pawns in bulk; pinned pawns one by one along their pin
     * line (they may push along a file pin or capture the pinner). */
    bb_t pawns = p->by_type[PAWN] & own & from_filter;
    bb_t cap_target = enemy & evasion;
    list = gen_pawns(p, list, us, pawns & ~pinned, occ, cap_target, evasion, sel);
    if (pawns & pinned) {
        bb_t pp = pawns & pinned;
        while (pp) {
            int from = pop_lsb(&pp);
            list = gen_pawns(p, list, us, sq_bb(from), occ,
                             cap_target & chess_line[ksq][from],
                             evasion & chess_line[ksq][from], sel);
        }
    }
    if (p->ep != NO_SQ && sel != SEL_QUIET) {
        bb_t cap = chess_pawn_att[them][p->ep] & pawns;
        while (cap) {
            int from = pop_lsb(&cap);
            if (ep_is_legal(p, from, p->ep))
                *list++ = MV_MAKE(from, p->ep) | MV_EP;
        }
    }

    /* Knights (a pinned knight never moves). */
    bb_t b = p->by_type[KNIGHT] & own & ~pinned & from_filter;
    while (b) {
        int from = pop_lsb(&b);
        list = add_targets(list, from, chess_knight_att[from] & target);
    }
    /* Sliders; a pinned one stays on its pin line. */
    bb_t diag = (p->by_type[BISHOP] | p->by_type[QUEEN]) & own & from_filter;
    bb_t orth = (p->by_type[ROOK] | p->by_type[QUEEN]) & own & from_filter;
    for (b = diag & ~pinned; b;) {
        int from = pop_lsb(&b);
        list = add_targets(list, from, bishop_att(from, occ) & target);
    }
    for (b = orth & ~pinned; b;) {
        int from = pop_lsb(&b);
        list = add_targets(list, from, rook_att(from, occ) & target);
    }
    if (pinned && !checkers) { /* a pinned piece can never resolve a check */
        for (b = diag & pinned; b;) {
            int from = pop_lsb(&b);
            list = add_targets(list, from,
                               bishop_att(from, occ) & target & chess_line[ksq][from]);
        }
        for (b = orth & pinned; b;) {
            int from = pop_lsb(&b);
            list = add_targets(list, from,
                               rook_att(from, occ) & target & chess_line[ksq][from]);
        }
    }
    return (int)(gen_king(p, list, ksq, target_base, occ, from_filter) - moves);
}

int chess_gen_legal(const struct chess_pos *p, gt_move *list, bool tactical_only)
{
    return tactical_only ? gen_legal(p, list, SEL_NOISY, ~(bb_t)0)
                         : gen_legal(p, list, SEL_ALL, ~(bb_t)0);
}

int chess_generate(const void *pos, enum gt_gen kind, gt_move *moves)
{
    const struct chess_pos *p = pos;
    switch (kind) {
    case GT_GEN_ALL:
        return gen_legal(p, moves, SEL_ALL, ~(bb_t)0);
    case GT_GEN_NOISY:
        return gen_legal(p, moves, SEL_NOISY, ~(bb_t)0);
    case GT_GEN_CHECKS: {
        int n = gen_legal(p, moves, SEL_ALL, ~(bb_t)0), k = 0;
        for (int i = 0; i < n; i++)
            if (chess_gives_check(pos, moves[i]))
                moves[k++] = moves[i];
        return k;
    }
    case GT_GEN_QUIET:
        return gen_legal(p, moves, SEL_QUIET, ~(bb_t)0);
    }
    return -1;
}

/* Any 32-bit value: reject bad encodings cheaply, then generate the moves
 * of the one piece on the from square and look for m among them. */
bool chess_is_legal(const void *pos, gt_move m)
{
    const struct chess_pos *p = pos;
    if (m >> 16)
        return false;
    int from = MV_FROM(m);
    if (!(p->by_color[p->side] & sq_bb(from)))
        return false;
    if (MV_KIND(m) != MV_PROMO && (m & (3u << 12)))
        return false;
    gt_move list[CHESS_MAX_MOVES];
    int n = gen_legal(p, list, SEL_ALL, sq_bb(from));
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

bool chess_in_check(const void *pos)
{
    return checkers_of(pos) != 0;
}
