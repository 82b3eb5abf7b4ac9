/* uchifuzume.c -- a pawn drop that checkmates is illegal.
 *
 * Only a drop right in front of the enemy king checks, and such a pawn can
 * only be answered by taking it (the king, if the pawn is unguarded, or a
 * piece that is not pinned) or by a king step: there is nothing to block.
 * Rare enough to be tested on a copy of the board.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "shogi.h"

bool shogi_pawn_drop_mates(const struct shogi_pos *p, int sq)
{
    int us = p->side, them = us ^ 1, k = p->king[them];
    if (!shogi_has_king(p, them)) return false;  /* callers test it too */
    uint8_t b[SH_CELLS];
    memcpy(b, p->board, sizeof b);
    b[sq] = (uint8_t)SH_PIECE(us, SH_PAWN);

    /* the king takes the pawn or steps away (not hiding behind itself) */
    for (int d = 0; d < 8; d++) {
        int to = k + shogi_dir_offset[d], t = b[to];
        if (t == SH_WALL || (t && SH_COLOR(t) == them)) continue;
        if (!shogi_attacked(b, to, us, k)) return false;
    }
    /* another piece takes the pawn without exposing the king */
    uint8_t from[16];
    int n = shogi_attackers(b, sq, them, from, 16);
    for (int i = 0; i < n; i++) {
        if (from[i] == k) continue;
        uint8_t after[SH_CELLS];
        memcpy(after, b, sizeof after);
        after[sq] = after[from[i]];
        after[from[i]] = SH_EMPTY;
        if (!shogi_attacked(after, k, us, -1)) return false;
    }
    return true;
}
