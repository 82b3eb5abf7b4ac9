/* ring.h -- the squares next to a king that a side's pieces attack, as
 * bits by direction from the king (tables.c's order: bit d for the square
 * k + shogi_dir_offset[d]).  The evaluation gathers them while it walks
 * the pieces for king safety; the mate in one asks for them alone, to try
 * only the squares next to the king a checker could be defended on.
 * SPDX-License-Identifier: MIT */
#ifndef SHOGI_RING_H
#define SHOGI_RING_H

#include "shogi.h"

/* Indexed by target - king + 12: the 8 king steps are the only offsets
 * there. */
static const uint8_t shogi_ring_bit[25] = {
    [12 - 12] = 1u << 4, [12 - 11] = 1u << 2, [12 - 10] = 1u << 7,
    [12 - 1] = 1u << 0,  [12 + 1] = 1u << 1,  [12 + 10] = 1u << 6,
    [12 + 11] = 1u << 3, [12 + 12] = 1u << 5,
};

static inline unsigned shogi_ring_hit(int target, int king)
{
    unsigned o = (unsigned)(target - king + 12);
    return o <= 24 ? shogi_ring_bit[o] : 0;
}

/* The king's neighbours the piece pc on sq attacks by a step. */
static inline unsigned shogi_step_hits(int pc, int sq, int king)
{
    unsigned steps = shogi_step_dirs[pc], ring = 0;
    while (steps) {
        ring |= shogi_ring_hit(sq + shogi_dir_offset[__builtin_ctz(steps)], king);
        steps &= steps - 1;
    }
    return ring;
}

/* A knight of c on sq jumps two ranks forward and one file aside. */
static inline unsigned shogi_knight_hits(int c, int sq, int king)
{
    return c ? shogi_ring_hit(sq + 13, king) | shogi_ring_hit(sq - 9, king)
             : shogi_ring_hit(sq - 13, king) | shogi_ring_hit(sq + 9, king);
}

/* The slider on sq: its empty squares (*reach, its mobility) and the
 * king's neighbours its lines attack.  A line goes on through the king
 * itself, which cannot escape along it.  Most lines pass nowhere near the
 * king (king < 0: none): those are only counted. */
static inline unsigned shogi_slider_hits(const uint8_t *b, int sq, unsigned slides,
                                         int king, int *reach)
{
    unsigned ring = 0;
    int n = 0;
    shogi_bb box = king >= 0 ? shogi_box3_bb[king] : 0;
    while (slides) {
        int d = __builtin_ctz(slides), off = shogi_dir_offset[d], s2 = sq + off;
        slides &= slides - 1;
        if (!(shogi_ray_bb[sq][d] & box)) {
            for (; !b[s2]; s2 += off) n++;
            continue;
        }
        for (; !b[s2]; s2 += off) {
            n++;
            ring |= shogi_ring_hit(s2, king);
        }
        ring |= shogi_ring_hit(s2, king);  /* the first piece stopping the line */
        if (s2 == king) ring |= shogi_ring_hit(s2 + off, king);
    }
    *reach = n;
    return ring;
}

/* mate1.c: every neighbour of king k that `by` attacks, and perhaps more
 * (a line through the king counts on behind it). */
unsigned shogi_ring_attacks(const struct shogi_pos *p, int by, int k);

#endif
