/* ring.h -- the squares next to a king that a side's pieces attack, as
 * bits by direction from the king (tables.c's order: bit d for the square
 * k + shogi_dir_offset[d]).  The evaluation gathers them while it walks
 * the pieces for king safety; the mate in one asks for them alone, to try
 * only the squares next to the king a checker could be defended on.
 * SPDX-License-Identifier: MIT */
#ifndef SHOGI_RING_H
#define SHOGI_RING_H

#include "shogi.h"

#ifdef __BMI2__
#include <immintrin.h>
#endif

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

/* The king's neighbours the piece pc on sq attacks by a step: only a
 * piece in the 5x5 box around the king has any. */
static inline unsigned shogi_step_hits(int pc, int sq, int king)
{
    unsigned o = (unsigned)(sq - king + 24);
    return o <= 48 ? shogi_step_ring[pc][o] : 0;
}

/* The neighbours of king k in the set x, as ring bits: the 3x3 box's
 * three rows of bits, 11 apart, packed into 9 bits and looked up. */
static inline unsigned shogi_ring_of(shogi_bb x, int k)
{
    unsigned w = (unsigned)((x << 12) >> (k - SH_BIT0));  /* bit 0: k - 12 */
    return shogi_ring9[(w & 7) | (w >> 8 & 0x38) | (w >> 16 & 0x1C0)];
}

/* A knight of c on sq jumps two ranks forward and one file aside. */
static inline unsigned shogi_knight_hits(int c, int sq, int king)
{
    return c ? shogi_ring_hit(sq + 13, king) | shogi_ring_hit(sq - 9, king)
             : shogi_ring_hit(sq - 13, king) | shogi_ring_hit(sq + 9, king);
}

/* The empty squares of line d from sq before its first piece, without a
 * walk (its end is a branch the processor seldom guesses): the line's
 * squares below the first piece's bit, or above the last one's. */
static inline int shogi_line_empty(int sq, int d, shogi_bb all)
{
    shogi_bb ray = shogi_ray_bb[sq][d], blk = ray & all;
    if (SH_UP_DIRS >> d & 1)
        ray &= (blk & -blk) - 1;  /* blk 0: the whole line */
    else
        ray &= ~(((shogi_bb)1 << shogi_bb_top(blk)) - 1);
    return shogi_bb_count(ray);
}

/* The empty squares along the directions `slides` from sq: a slider's
 * mobility.  With BMI2, two directions at a time: the line's occupancy
 * gathered into 9 bits and a table. */
static inline int shogi_reach(int sq, unsigned slides, shogi_bb all)
{
    int n = 0;
#ifdef __BMI2__
    uint64_t lo = (uint64_t)all, hi = (uint64_t)(all >> 64);
    for (uint32_t sel = shogi_slide_nibbles[slides]; sel;) {
        int l = __builtin_ctz(sel) >> 3;
        unsigned take = sel >> (8 * l) & 0xFF;
        sel &= ~(0xFFu << (8 * l));
        const struct shogi_line *x = &shogi_line[sq][l];
        unsigned occ = (unsigned)_pext_u64(lo, x->lo) |
                       (unsigned)_pext_u64(hi, x->hi) << x->lo_bits | x->past;
        unsigned e = shogi_line_reach[x->pos][occ] & take;
        n += (int)((e & 15) + (e >> 4));
    }
#else
    for (unsigned x = slides; x; x &= x - 1)
        n += shogi_line_empty(sq, __builtin_ctz(x), all);
#endif
    return n;
}

/* The directions of sq's lines that may pass through or next to the
 * square k (shogi_touch; none for k < 0, no king). */
static inline unsigned shogi_lines_near(int sq, int k)
{
    if (k < 0) return 0;
    return shogi_touch[shogi_coord[k] - shogi_coord[sq] + 8 * 17 + 8];
}

/* The king's neighbours attacked along the lines `dirs` from sq, walked
 * on b with `skip` (a square, or -1) taken as empty.  A line goes on
 * through the king itself, which cannot escape along it. */
static inline unsigned shogi_lines_ring(const uint8_t *b, int sq, unsigned dirs,
                                        int king, int skip)
{
    unsigned ring = 0;
    for (; dirs; dirs &= dirs - 1) {
        int off = shogi_dir_offset[__builtin_ctz(dirs)], s2 = sq + off;
        for (; !b[s2] || s2 == skip; s2 += off) ring |= shogi_ring_hit(s2, king);
        ring |= shogi_ring_hit(s2, king);  /* the first piece stopping the line */
        if (s2 == king) ring |= shogi_ring_hit(s2 + off, king);
    }
    return ring;
}

/* The slider on sq: its empty squares (*reach, its mobility) and the
 * king's neighbours its lines attack (king < 0: none).  Every line is
 * counted by sets; only the few that pass near the king are walked.
 * `all`: the pieces of both sides on b. */
static inline unsigned shogi_slider_hits(const uint8_t *b, shogi_bb all, int sq,
                                         unsigned slides, int king, int *reach)
{
    unsigned near = shogi_lines_near(sq, king) & slides;
    *reach = shogi_reach(sq, slides, all);
    return near ? shogi_lines_ring(b, sq, near, king, -1) : 0;
}

/* mate1.c: every neighbour of king k that `by` attacks, the king lifted
 * (a line through it counts on behind it). */
unsigned shogi_ring_attacks(const struct shogi_pos *p, int by, int k);

/* c's king's neighbours the enemy attacks, the king lifted: the
 * evaluation's memo when it has one. */
static inline unsigned shogi_king_ring(const struct shogi_pos *p, int c)
{
    return p->ring_known >> c & 1 ? p->ring[c]
                                  : shogi_ring_attacks(p, c ^ 1, p->king[c]);
}

#endif
