/* uchifuzume.c -- a pawn drop that checkmates is illegal.
 *
 * Only a drop right in front of the enemy king checks, and such a pawn can
 * only be answered by taking it (the king, if the pawn is unguarded, or a
 * piece that is not pinned) or by a king step: there is nothing to block.
 * Rare enough to be tested on a copy of the board.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "ring.h"

bool shogi_pawn_drop_mates(const struct shogi_pos *p, int sq)
{
    int us = p->side, k = p->king[us ^ 1];
    if (!shogi_has_king(p, us ^ 1)) return false;  /* callers test it too */
    uint8_t b[SH_CELLS];
    memcpy(b, p->board, sizeof b);
    b[sq] = (uint8_t)SH_PIECE(us, SH_PAWN);
    return shogi_check_unanswerable(b, p->far[us], p->occ[us ^ 1], sq, k, us);
}
