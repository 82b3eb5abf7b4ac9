/* book.c -- chess's opening-book format: Polyglot's position keys and move
 * codes (http://hgm.nubati.net/book_format.html), so that the .bin books
 * other programs make are read as they are.
 * SPDX-License-Identifier: MIT */
#include "chess.h"
#include "book_random.h"

#define RANDOM_CASTLE 768
#define RANDOM_EP 772
#define RANDOM_TURN 780

/* Polyglot's piece kinds: black pawn 0, white pawn 1, ... white king 11. */
static int kind(int pc) { return 2 * (TYPE_OF(pc) - PAWN) + (COLOR_OF(pc) == WHITE); }

/* The key: pieces, castling rights (the four slots are Polyglot's order),
 * the en-passant file only when a pawn of the side to move stands beside
 * the pushed pawn (the position's ep square says exactly that: it is set
 * only when a pawn may capture there, legal or not), white to move. */
static uint64_t book_key(const void *pos)
{
    const struct chess_pos *p = pos;
    uint64_t k = 0;
    for (bb_t b = occupied(p); b;) {
        int sq = pop_lsb(&b);
        k ^= polyglot_random[64 * kind(p->board[sq]) + sq];
    }
    for (int slot = 0; slot < 4; slot++)
        if (p->castling & (1u << slot))
            k ^= polyglot_random[RANDOM_CASTLE + slot];
    if (p->ep != NO_SQ)
        k ^= polyglot_random[RANDOM_EP + (p->ep & 7)];
    if (p->side == WHITE)
        k ^= polyglot_random[RANDOM_TURN];
    return k;
}

/* A code: to square in bits 0-5, from square in 6-11 (file, then rank:
 * our square numbers), promotion 12-14 (1 knight .. 4 queen).  Castling
 * is king takes own rook (e1h1), which is how our moves store it. */
static unsigned book_code(const void *pos, gt_move m)
{
    (void)pos;
    unsigned code = (unsigned)MV_TO(m) | (unsigned)MV_FROM(m) << 6;
    if (MV_KIND(m) == MV_PROMO)
        code |= (unsigned)(MV_PROMO_TYPE(m) - KNIGHT + 1) << 12;
    return code;
}

/* The legal move with that code: a plain walk of the legal moves, which
 * also refuses what a stale book or a key collision would play. */
static gt_move book_move(const void *pos, unsigned code)
{
    gt_move list[CHESS_MAX_MOVES];
    int n = chess_gen_legal(pos, list, false);
    for (int i = 0; i < n; i++)
        if (book_code(pos, list[i]) == (code & 0x7fff))
            return list[i];
    return GT_MOVE_NONE;
}

const struct gt_book_codec chess_book = {
    .name = "polyglot",
    .key = book_key,
    .move = book_move,
    .code = book_code,
};
