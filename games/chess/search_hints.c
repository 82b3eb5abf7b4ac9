/* search_hints.c -- null-move advice: may the side pass, and how likely is
 * a zugzwang.
 * SPDX-License-Identifier: MIT */
#include "chess.h"

/* Passing is sound only while the side to move has a piece that can
 * "waste" a tempo; with king and pawns alone zugzwang is the rule. */
bool chess_null_ok(const void *pos)
{
    const struct chess_pos *p = pos;
    bb_t own = p->by_color[p->side];
    return (own & ~(p->by_type[PAWN] | p->by_type[KING])) != 0;
}

/* Asked after a null-move search failed high.
 *  HIGH: pawn endings and bare kings (zugzwang is the rule there), and any
 *        position where the side to move has very few safe moves (every
 *        move may worsen its position, the classic mutual-zugzwang shape).
 *  MEDIUM: a single piece besides king and pawns.  A knight cannot lose
 *        a tempo, a bishop may be tied to one colour, and a lone rook is
 *        often tied to a pawn or boxed in beside its king: rook endings
 *        hold many of the classic null-move failures (the zugzwang suite's
 *        sz02 is one: every black rook move loses, yet there are many).
 *  LOW: two pieces or more: one of them almost always has a waiting
 *        move. */
enum gt_zugzwang_risk chess_zugzwang_risk(const void *pos)
{
    const struct chess_pos *p = pos;
    int us = p->side;
    bb_t own = p->by_color[us];
    bb_t minors = own & (p->by_type[KNIGHT] | p->by_type[BISHOP]);
    bb_t majors = own & (p->by_type[ROOK] | p->by_type[QUEEN]);
    if (!minors && !majors)
        return GT_RISK_HIGH;

    /* Safe moves: legal moves whose destination no enemy pawn attacks. */
    gt_move list[CHESS_MAX_MOVES];
    int n = chess_gen_legal(p, list, false);
    int them = us ^ 1;
    bb_t enemy_pawns = pieces_of(p, them, PAWN);
    bb_t pawn_att = them == WHITE
        ? ((enemy_pawns & ~FILE_A) << 7) | ((enemy_pawns & ~FILE_H) << 9)
        : ((enemy_pawns & ~FILE_A) >> 9) | ((enemy_pawns & ~FILE_H) >> 7);
    int safe = 0;
    for (int i = 0; i < n; i++)
        if (!(pawn_att & sq_bb(MV_TO(list[i]))))
            safe++;
    if (safe <= 3)
        return GT_RISK_HIGH;
    if (!more_than_one(minors | majors))
        return GT_RISK_MEDIUM;
    return GT_RISK_LOW;
}
