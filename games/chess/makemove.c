/* makemove.c -- make/unmake with incremental Zobrist keys, and null moves.
 *
 * The undo record keeps only what cannot be recomputed: the old key,
 * clocks, rights, en-passant square and the captured piece.
 * SPDX-License-Identifier: MIT */
#include <string.h>
#include "chess.h"

_Static_assert(sizeof(struct chess_undo) <= 16, "undo record stays small");

void chess_put_piece(struct chess_pos *p, int pc, int sq)
{
    p->board[sq] = (uint8_t)pc;
    p->by_type[TYPE_OF(pc)] |= sq_bb(sq);
    p->by_color[COLOR_OF(pc)] |= sq_bb(sq);
}

static inline void put(struct chess_pos *p, int pc, int sq)
{
    p->board[sq] = (uint8_t)pc;
    p->by_type[TYPE_OF(pc)] |= sq_bb(sq);
    p->by_color[COLOR_OF(pc)] |= sq_bb(sq);
}

static inline void lift(struct chess_pos *p, int pc, int sq)
{
    p->board[sq] = 0;
    p->by_type[TYPE_OF(pc)] ^= sq_bb(sq);
    p->by_color[COLOR_OF(pc)] ^= sq_bb(sq);
}

static inline void shift(struct chess_pos *p, int pc, int from, int to)
{
    bb_t ft = sq_bb(from) | sq_bb(to);
    p->board[from] = 0;
    p->board[to] = (uint8_t)pc;
    p->by_type[TYPE_OF(pc)] ^= ft;
    p->by_color[COLOR_OF(pc)] ^= ft;
}

/* Record ep only if a pawn of the side to move could capture there, so
 * that positions differing only by a useless ep square share one key. */
void chess_refresh_ep(struct chess_pos *p, int ep_sq)
{
    if (ep_sq != NO_SQ
        && (chess_pawn_att[p->side ^ 1][ep_sq] & pieces_of(p, p->side, PAWN))) {
        p->ep = (uint8_t)ep_sq;
        p->key ^= chess_zob_ep[ep_sq & 7];
    } else {
        p->ep = NO_SQ;
    }
}

uint64_t chess_compute_key(const struct chess_pos *p)
{
    uint64_t k = 0;
    for (int sq = 0; sq < 64; sq++)
        if (p->board[sq])
            k ^= chess_zob_piece[p->board[sq]][sq];
    if (p->side == BLACK)
        k ^= chess_zob_side;
    k ^= chess_zob_castle[p->castling];
    if (p->ep != NO_SQ)
        k ^= chess_zob_ep[p->ep & 7];
    return k;
}

static inline void push_history(struct chess_pos *p)
{
    p->hist_pos = (uint8_t)((p->hist_pos + 1) & (HIST_SIZE - 1));
    p->hist[p->hist_pos] = p->key;
    if (p->hist_len < HIST_MAX_BACK)
        p->hist_len++;
}

/* The key after move m, from the position before it: chess_make's key,
 * and the key_after hook (the search fetches the child's table entry
 * early with it). */
uint64_t chess_key_after(const void *pos, gt_move m)
{
    const struct chess_pos *p = pos;
    int us = p->side, them = us ^ 1;
    int from = MV_FROM(m), to = MV_TO(m), pc = p->board[from];
    uint64_t key = p->key ^ chess_zob_side;
    if (p->ep != NO_SQ)
        key ^= chess_zob_ep[p->ep & 7];
    switch (MV_KIND(m)) {
    case MV_NORMAL:
        if (p->board[to])
            key ^= chess_zob_piece[p->board[to]][to];
        key ^= chess_zob_piece[pc][from] ^ chess_zob_piece[pc][to];
        if (TYPE_OF(pc) == PAWN && (from ^ to) == 16) {
            int ep = (from + to) / 2;
            if (chess_pawn_att[us][ep] & pieces_of(p, them, PAWN))
                key ^= chess_zob_ep[ep & 7];
        }
        break;
    case MV_PROMO:
        if (p->board[to])
            key ^= chess_zob_piece[p->board[to]][to];
        key ^= chess_zob_piece[pc][from] ^
               chess_zob_piece[PIECE(us, MV_PROMO_TYPE(m))][to];
        break;
    case MV_EP:
        key ^= chess_zob_piece[PIECE(them, PAWN)][to ^ 8] ^
               chess_zob_piece[pc][from] ^ chess_zob_piece[pc][to];
        break;
    default: {
        bool is_long = to < from;
        int rook = PIECE(us, ROOK);
        int kto = (is_long ? 2 : 6) + 56 * us, rto = (is_long ? 3 : 5) + 56 * us;
        key ^= chess_zob_piece[pc][from] ^ chess_zob_piece[pc][kto] ^
               chess_zob_piece[rook][to] ^ chess_zob_piece[rook][rto];
        break;
    }
    }
    uint8_t rights = p->castling & p->castle_mask[from] & p->castle_mask[to];
    return key ^ chess_zob_castle[p->castling] ^ chess_zob_castle[rights];
}

void chess_make(void *pos, gt_move m, void *undo)
{
    struct chess_pos *p = pos;
    struct chess_undo *u = undo;
    int us = p->side, them = us ^ 1;
    int from = MV_FROM(m), to = MV_TO(m);
    int pc = p->board[from];

    u->key = p->key;
    p->key = chess_key_after(p, m);
    u->halfmove = p->halfmove;
    u->castling = p->castling;
    u->ep = p->ep;
    u->hist_len = p->hist_len;
    u->captured = 0;

    p->ep = NO_SQ;
    p->halfmove++;
    if (us == BLACK)
        p->fullmove++;

    switch (MV_KIND(m)) {
    case MV_NORMAL: {
        int cap = p->board[to];
        if (cap) {
            u->captured = (uint8_t)cap;
            lift(p, cap, to);
            p->halfmove = 0;
        }
        shift(p, pc, from, to);
        if (TYPE_OF(pc) == PAWN) {
            p->halfmove = 0;
            if ((from ^ to) == 16) {
                int ep = (from + to) / 2;
                if (chess_pawn_att[us][ep] & pieces_of(p, them, PAWN))
                    p->ep = (uint8_t)ep;
            }
        }
        break;
    }
    case MV_PROMO: {
        int cap = p->board[to];
        int npc = PIECE(us, MV_PROMO_TYPE(m));
        if (cap) {
            u->captured = (uint8_t)cap;
            lift(p, cap, to);
        }
        lift(p, pc, from);
        put(p, npc, to);
        p->halfmove = 0;
        break;
    }
    case MV_EP: {
        int capsq = to ^ 8;
        int cap = PIECE(them, PAWN);
        lift(p, cap, capsq);
        shift(p, pc, from, to);
        p->halfmove = 0;
        break;
    }
    default: { /* castling: king from, rook on `to` */
        bool is_long = to < from;
        int rook = PIECE(us, ROOK);
        int kto = (is_long ? 2 : 6) + 56 * us, rto = (is_long ? 3 : 5) + 56 * us;
        lift(p, pc, from);
        lift(p, rook, to);
        put(p, pc, kto);
        put(p, rook, rto);
        break;
    }
    }

    p->castling &= p->castle_mask[from] & p->castle_mask[to];
    p->side = (uint8_t)them;
    push_history(p);
}

void chess_unmake(void *pos, gt_move m, const void *undo)
{
    struct chess_pos *p = pos;
    const struct chess_undo *u = undo;
    int them = p->side, us = them ^ 1;
    int from = MV_FROM(m), to = MV_TO(m);

    p->side = (uint8_t)us;
    if (us == BLACK)
        p->fullmove--;
    switch (MV_KIND(m)) {
    case MV_NORMAL:
        shift(p, p->board[to], to, from);
        if (u->captured)
            put(p, u->captured, to);
        break;
    case MV_PROMO:
        lift(p, p->board[to], to);
        put(p, PIECE(us, PAWN), from);
        if (u->captured)
            put(p, u->captured, to);
        break;
    case MV_EP:
        shift(p, PIECE(us, PAWN), to, from);
        put(p, PIECE(them, PAWN), to ^ 8);
        break;
    default: {
        bool is_long = to < from;
        int kto = (is_long ? 2 : 6) + 56 * us, rto = (is_long ? 3 : 5) + 56 * us;
        lift(p, PIECE(us, KING), kto);
        lift(p, PIECE(us, ROOK), rto);
        put(p, PIECE(us, KING), from);
        put(p, PIECE(us, ROOK), to);
        break;
    }
    }
    p->key = u->key;
    p->halfmove = u->halfmove;
    p->castling = u->castling;
    p->ep = u->ep;
    p->hist_len = u->hist_len;
    p->hist_pos = (uint8_t)((p->hist_pos - 1) & (HIST_SIZE - 1));
}

/* A null move keeps the halfmove clock (no piece moved, the fifty-move
 * count goes on) but starts a new repetition window: positions on the far
 * side of a pass are not repetitions the side could claim. */
void chess_make_null(void *pos, void *undo)
{
    struct chess_pos *p = pos;
    struct chess_undo *u = undo;
    u->key = p->key;
    u->halfmove = p->halfmove;
    u->castling = p->castling;
    u->ep = p->ep;
    u->hist_len = p->hist_len;
    u->captured = 0;
    if (p->ep != NO_SQ) {
        p->key ^= chess_zob_ep[p->ep & 7];
        p->ep = NO_SQ;
    }
    p->key ^= chess_zob_side;
    p->side ^= 1;
    p->halfmove++;
    p->hist_pos = (uint8_t)((p->hist_pos + 1) & (HIST_SIZE - 1));
    p->hist[p->hist_pos] = p->key;
    p->hist_len = 0;
}

void chess_unmake_null(void *pos, const void *undo)
{
    struct chess_pos *p = pos;
    const struct chess_undo *u = undo;
    p->key = u->key;
    p->halfmove = u->halfmove;
    p->ep = u->ep;
    p->hist_len = u->hist_len;
    p->side ^= 1;
    p->hist_pos = (uint8_t)((p->hist_pos - 1) & (HIST_SIZE - 1));
}
