/* mate1.c -- a mate in one, found on the board without making moves: the
 * search asks at every node it cannot answer from its table, so a mate at
 * the horizon is not lost to pruning.
 *
 * Only checks that cannot be blocked are tried: a piece that lands next to
 * the king, or a knight's jump from it.  The king then escapes only by a
 * step (taking the checker, perhaps) or another piece takes the checker,
 * and both are board tests.  Long-range checks, which drops can block, are
 * left to the search: the answer may miss a mate, never claim a false one.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "ring.h"

/* With our checker on sq and the board b after the move, is the king of
 * `them` on k mated?  It may step to a square we do not attack (b with
 * the king lifted, so that a slider's line runs on behind it), or a piece
 * of its own, not the king, takes the checker without exposing it.
 * Nothing can block a checker next to the king or a knight's jump away.
 * The pawn-drop rule (uchifuzume.c) asks the same question.  `far` holds
 * every slider of ours on b (shogi_attacked_far), `theirs` their pieces
 * on b. */
bool shogi_check_unanswerable(const uint8_t *b, shogi_bb far, shogi_bb theirs,
                               int sq, int k, int us)
{
    int them = us ^ 1;
    unsigned steps = shogi_ring_onboard[k] & ~shogi_ring_of(theirs, k);
    for (; steps; steps &= steps - 1) {
        int s = k + shogi_dir_offset[__builtin_ctz(steps)];
        if (!shogi_attacked_far(b, far, s, us, k)) return false;
    }
    uint8_t from[16];
    int n = shogi_attackers(b, sq, them, from, 16);
    for (int i = 0; i < n; i++) {
        if (from[i] == k) continue;
        uint8_t after[SH_CELLS];
        memcpy(after, b, sizeof after);
        after[sq] = after[from[i]];
        after[from[i]] = SH_EMPTY;
        if (!shogi_attacked_far(after, far, k, us, -1)) return false;
    }
    return true;
}

/* The king's neighbours the piece pc put on sq attacks after the move
 * from `from` (-1 for a drop): its steps and jumps, and its lines walked
 * on the board before the move with `from` taken as empty (a slider
 * moves along one of its lines, which runs on through the square it
 * left).  A line goes on through the king, which cannot flee along it. */
static unsigned checker_hits(const uint8_t *b, int pc, int sq, int from, int k)
{
    unsigned hits = shogi_step_hits(pc, sq, k);
    if (SH_TYPE(pc) == SH_KNIGHT) hits |= shogi_knight_hits(SH_COLOR(pc), sq, k);
    unsigned near = shogi_lines_near(sq, k) & shogi_slide_dirs[pc];
    if (near) hits |= shogi_lines_ring(b, sq, near, k, from);
    return hits;
}

/* Does the move m, which puts pc on sq (from `from`, or a drop for -1),
 * mate?  It must be legal and check from sq itself.  `open`: the king's
 * neighbours it could step to that we did not attack before the move
 * (the king lifted); one the checker does not reach either, and no line
 * of ours opened by leaving `from` can reach, is a way out, found before
 * the costly tests. */
static bool mates(const struct shogi_pos *p, gt_move m, int pc, int from, int sq,
                  int k, unsigned open)
{
    if (!shogi_piece_attacks(p->board, pc, sq, k, from)) return false;
    if (open) {
        open &= ~checker_hits(p->board, pc, sq, from, k);
        for (unsigned o = open; o && from >= 0; o &= o - 1) {
            int d = __builtin_ctz(o);
            if (shogi_dir_between[from][k + shogi_dir_offset[d]] >= 0)
                open &= ~(1u << d);
        }
        if (open) return false;
    }
    if (!shogi_is_legal(p, m)) return false;
    uint8_t b[SH_CELLS];
    memcpy(b, p->board, sizeof b);
    if (from >= 0) b[from] = SH_EMPTY;
    b[sq] = (uint8_t)pc;
    return shogi_check_unanswerable(b, p->far[p->side] | SH_BIT(sq),
                                    p->occ[p->side ^ 1] & ~SH_BIT(sq), sq, k,
                                    p->side);
}

/* Drops of the hand's pieces on the empty square sq, strongest first (a
 * pawn that mates by a drop is illegal). */
static gt_move drop_mate(const struct shogi_pos *p, int sq, int k, int lo, int hi,
                         unsigned open)
{
    int us = p->side;
    for (int t = hi; t >= lo; t--) {
        if (!p->hand[us][t]) continue;
        gt_move m = SH_MAKE_DROP(t, sq);
        if (mates(p, m, SH_PIECE(us, t), -1, sq, k, open)) return m;
    }
    return GT_MOVE_NONE;
}

/* The piece on f moving to sq, promoted first where it may. */
static gt_move board_mate(const struct shogi_pos *p, int f, int sq, int k,
                          unsigned open)
{
    int us = p->side, pc = p->board[f], t = SH_TYPE(pc);
    gt_move m = SH_MAKE_MOVE(f, sq);
    if (t < SH_GOLD && (shogi_zone[us][f] || shogi_zone[us][sq]) &&
        mates(p, m | SH_MOVE_PROMO, pc + SH_PROMOTE, f, sq, k, open))
        return m | SH_MOVE_PROMO;
    return mates(p, m, pc, f, sq, k, open) ? m : GT_MOVE_NONE;
}

unsigned shogi_ring_attacks(const struct shogi_pos *p, int by, int k)
{
    const uint8_t *b = p->board;
    unsigned ring = 0;
    /* steppers reach the ring only from the 5x5 box around the king */
    shogi_bb visit = p->occ[by] & (p->far[by] | shogi_near_bb[k]);
    for (int half = 0; half < 2; half++) {
        uint64_t x = (uint64_t)(visit >> (64 * half));
        while (x) {
            int sq = __builtin_ctzll(x) + 64 * half + SH_BIT0;
            x &= x - 1;
            int pc = b[sq];
            unsigned near = shogi_lines_near(sq, k) & shogi_slide_dirs[pc];
            ring |= shogi_step_hits(pc, sq, k);
            if (near) ring |= shogi_lines_ring(b, sq, near, k, -1);
            if (SH_TYPE(pc) == SH_KNIGHT) ring |= shogi_knight_hits(by, sq, k);
        }
    }
    return ring;
}

gt_move shogi_mate_in_one(const struct shogi_pos *p)
{
    int us = p->side, them = us ^ 1;
    if (p->checked || !shogi_has_king(p, them)) return GT_MOVE_NONE;
    const uint8_t *b = p->board;
    int k = p->king[them];
    gt_move m;
    /* Next to the king: the checker must be defended, or the king takes
     * it; so a square we do not attack is no use, for a drop or a move. */
    unsigned ring = shogi_king_ring(p, them);
    /* the squares next to the king on the board and not its side's */
    unsigned open = shogi_ring_onboard[k] & ~shogi_ring_of(p->occ[them], k) & ~ring;
    /* checking squares: attacked, on the board, not holding our piece */
    unsigned cand = ring & shogi_ring_onboard[k] & ~shogi_ring_of(p->occ[us], k);
    for (; cand; cand &= cand - 1) {
        int sq = k + shogi_dir_offset[__builtin_ctz(cand)], on = b[sq];
        uint8_t from[16];
        int n = shogi_attackers(b, sq, us, from, 16);
        if (!n) continue;
        if (!on && (m = drop_mate(p, sq, k, SH_LANCE, SH_GOLD, open))) return m;
        for (int j = 0; j < n; j++)
            if (SH_TYPE(b[from[j]]) != SH_KING &&
                (m = board_mate(p, from[j], sq, k, open)))
                return m;
    }
    /* A knight's jump away: only a knight checks from there, and the king
     * cannot take it. */
    int kn = SH_PIECE(us, SH_KNIGHT);
    int jumps[2] = { us == 0 ? k + 13 : k - 13, us == 0 ? k - 9 : k + 9 };
    for (int i = 0; i < 2; i++) {
        int sq = jumps[i], on = b[sq];
        if (on == SH_WALL || (on && SH_COLOR(on) == us)) continue;
        if (!on && (m = drop_mate(p, sq, k, SH_KNIGHT, SH_KNIGHT, open))) return m;
        int f1 = us == 0 ? sq + 13 : sq - 13, f2 = us == 0 ? sq - 9 : sq + 9;
        if (b[f1] == kn && (m = board_mate(p, f1, sq, k, open))) return m;
        if (b[f2] == kn && (m = board_mate(p, f2, sq, k, open))) return m;
    }
    return GT_MOVE_NONE;
}
