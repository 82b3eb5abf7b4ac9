/* search.c -- the search helpers: null-move guards, SEE, move ordering.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "ring.h"

/* How exposed is c's king?  Squares around it the enemy attacks, squares it
 * could still step to, and the enemy's pieces in hand.  A side without a
 * king (a tsume attacker) has nothing attacked and every square free. */
struct king_net {
    int attacked, escapes, enemy_hand;
};

static void king_net(const struct shogi_pos *p, int c, struct king_net *kn)
{
    int k = p->king[c], them = c ^ 1;
    kn->attacked = kn->escapes = kn->enemy_hand = 0;
    if (shogi_has_king(p, c)) {
        unsigned on = shogi_ring_onboard[k], ring = shogi_king_ring(p, c);
        kn->attacked = __builtin_popcount(ring & on);
        kn->escapes = __builtin_popcount(on & ~ring & ~shogi_ring_of(p->occ[c], k));
    } else {
        kn->escapes = 8;
    }
    for (int t = SH_PAWN; t <= SH_GOLD; t++) kn->enemy_hand += p->hand[them][t];
}

/* May the side to move pass?  (As the Japanese shogi-wiki page "Null Move
 * Pruning" puts it: shogi has no real pass, and zugzwang proper almost
 * never happens; a pass is roughly a top-five move.  What goes wrong is
 * the mating attack: around a king in danger, one tempo is the whole game,
 * "only one defensive move" and "near mate" are exactly where a null move
 * lies.)  So refuse when
 *  - the opponent holds pieces in hand and attacks 3+ squares around our
 *    king, or attacks any of them while our king has at most one safe
 *    square left: drops can mate.  (A castle that merely boxes the king in
 *    with its own pieces, like anaguma, is not danger by itself.)
 *  - we have nothing but king and pawns ON THE BOARD.  Only board material
 *    counts: captures move pieces into hand, and a hand-rich side with a bare
 *    board is the drop-attack endgame where a tempo decides. */
bool shogi_null_ok(const struct shogi_pos *p)
{
    int us = p->side;
    shogi_bb own = p->occ[us];
    bool has_piece = false;
    while (own) {
        int t = SH_TYPE(p->board[shogi_bb_pop(&own)]);
        if (t != SH_PAWN && t != SH_KING) { has_piece = true; break; }
    }
    if (!has_piece) return false;
    /* without an enemy hand the king's squares do not matter: skip their
     * eight attack scans (most of the opening) */
    bool enemy_hand = false;
    for (int t = SH_PAWN; t <= SH_GOLD; t++) enemy_hand |= p->hand[us ^ 1][t] != 0;
    if (!enemy_hand) return true;
    struct king_net kn;
    king_net(p, us, &kn);
    if (kn.enemy_hand &&
        (kn.attacked >= 3 || (kn.attacked >= 1 && kn.escapes <= 1)))
        return false;
    return true;
}

/* Asked after a null move failed high.  LOW normally; MEDIUM in the late
 * game (many pieces in hands: drops make every tempo count) or with the
 * king under fire; HIGH when the king is in a mating net (no safe square,
 * two or more squares around it attacked, and the opponent has drops). */
enum gt_zugzwang_risk shogi_zugzwang_risk(const struct shogi_pos *p)
{
    int us = p->side;
    struct king_net kn;
    king_net(p, us, &kn);
    if (kn.enemy_hand && kn.escapes == 0 && kn.attacked >= 2)
        return GT_RISK_HIGH;
    int in_hand = 0;
    for (int c = 0; c < 2; c++)
        for (int t = SH_PAWN; t <= SH_GOLD; t++) in_hand += p->hand[c][t];
    if (kn.attacked >= 2 || in_hand >= 12) return GT_RISK_MEDIUM;
    return GT_RISK_LOW;
}

/* MVV-LVA, promotions counted as a gain. */
int shogi_noisy_order(const struct shogi_pos *p, gt_move m)
{
    if (m & SH_MOVE_DROP) return 0;
    int pc = p->board[SH_MOVE_FROM(m)], cap = p->board[SH_MOVE_TO(m)];
    int v = cap ? shogi_piece_value(cap) * 16 : 0;
    if (m & SH_MOVE_PROMO)
        v += (shogi_piece_value(pc + SH_PROMOTE) - shogi_piece_value(pc)) * 8;
    return v - shogi_piece_value(pc) / 16;
}

/* What a king is worth in an exchange: more than any material, so that
 * it is the last attacker and taking it ends the question. */
#define SEE_KING 50000

static inline int see_value(int pc)
{
    return SH_TYPE(pc) == SH_KING ? SEE_KING : shogi_piece_value(pc);
}

/* The exchange on one square, without a copy of the board: each line
 * from the square keeps its first piece (`head`, found by sets), and once
 * that piece has taken, the line's next piece comes into view (an x-ray).  The
 * moving piece's square counts as empty from the start; the knights' two
 * squares a side are dropped once they have taken. */
struct exchange {
    const uint8_t *b;
    shogi_bb occ;         /* the pieces on the board, the mover's square
                             left out */
    int to, from;
    uint8_t head[8];
    uint8_t knight_gone;  /* bit 2 * side + i: knight square i used */
};

static inline bool owned_by_side(int pc, int side)
{
    return pc && (pc >> 4) == side;  /* the wall (32) has "side" 2 */
}

/* The first piece on line d beyond s, or cell 0 (a wall) for none: the
 * lowest or the highest bit of the line's pieces. */
static int next_piece(const struct exchange *x, int s, int d)
{
    shogi_bb on = shogi_ray_bb[s][d] & x->occ;
    if (!on) return 0;
    return SH_UP_DIRS >> d & 1 ? shogi_bb_pop(&on) : SH_BIT0 - 1 + shogi_bb_top(on);
}

static inline int knight_square(int to, int side, int i)
{
    /* a sente knight on k attacks k - 13 and k + 9 */
    return side == 0 ? (i ? to - 9 : to + 13) : (i ? to + 9 : to - 13);
}

/* The least valuable piece of `side` that takes on the square now, the
 * first of equals in shogi_attackers' order (lines N S E W NE SW NW SE,
 * then the knights); its square, or -1, and its value in *value. */
static int least_attacker(const struct exchange *x, int side, int *value,
                          int *line)
{
    int best = -1, bv = 1 << 30;
    for (int d = 0; d < 8; d++) {
        int s = x->head[d], pc = x->b[s];
        if (!owned_by_side(pc, side)) continue;
        int bit = 1 << (d ^ 1);  /* the attacker moves back toward to */
        bool step = s == x->to + shogi_dir_offset[d];
        if (!((step ? shogi_step_dirs[pc] : shogi_slide_dirs[pc]) & bit)) continue;
        int v = see_value(pc);
        if (v < bv) { bv = v; best = s; *line = d; }
    }
    int kn = SH_PIECE(side, SH_KNIGHT);
    for (int i = 0; i < 2; i++) {
        int s = knight_square(x->to, side, i);
        if (x->b[s] != kn || s == x->from || (x->knight_gone >> (2 * side + i) & 1))
            continue;
        int v = see_value(kn);
        if (v < bv) { bv = v; best = s; *line = 8 + i; }
    }
    *value = bv;
    return best;
}

/* The piece on line (0..7, or 8 + i for knight square i) of side has
 * taken: the next piece of that line comes into view. */
static void passed(struct exchange *x, int side, int line)
{
    if (line >= 8)
        x->knight_gone |= (uint8_t)(1u << (2 * side + line - 8));
    else
        x->head[line] = (uint8_t)next_piece(x, x->head[line], line);
}

/* Static exchange on the destination, least valuable attacker first,
 * x-rays seen as the pieces in front take; pins and promotions during the
 * exchange are ignored.  Only the question "does it win at least
 * threshold?" is answered, so the exchange stops as soon as one side can
 * stand pat on the answer (the swap list's minimax, folded into the
 * loop): most moves are decided before any attacker is looked up. */
bool shogi_see_ge(const struct shogi_pos *p, gt_move m, int threshold)
{
    int to = SH_MOVE_TO(m), us = p->side, from = -1;
    int mover, gain = 0;
    if (m & SH_MOVE_DROP) {
        mover = SH_PIECE(us, SH_MOVE_FROM(m));
    } else {
        from = SH_MOVE_FROM(m);
        mover = p->board[from];
        gain = p->board[to] ? shogi_piece_value(p->board[to]) : 0;
        if (m & SH_MOVE_PROMO) {
            gain += shogi_piece_value(mover + SH_PROMOTE) - shogi_piece_value(mover);
            mover += SH_PROMOTE;
        }
    }
    /* swap: what the side to capture next must win back for its side's
     * answer to change.  Short of the threshold even if nothing is
     * recaptured, or above it even if the mover is lost: decided. */
    int swap = gain - threshold;
    if (swap < 0) return false;
    swap = see_value(mover) - swap;
    if (swap <= 0) return true;

    struct exchange x = { .b = p->board, .occ = p->occ[0] | p->occ[1],
                          .to = to, .from = from };
    if (from >= 0) x.occ &= ~SH_BIT(from);
    for (int d = 0; d < 8; d++)
        x.head[d] = (uint8_t)next_piece(&x, to, d);
    bool res = true;  /* the answer if the exchange stopped here */
    for (int side = us ^ 1;; side ^= 1) {
        int v, line, a = least_attacker(&x, side, &v, &line);
        if (a < 0) break;
        res = !res;
        passed(&x, side, line);
        /* A king takes only where nothing takes it back. */
        if (v == SEE_KING) {
            int w, l2;
            return least_attacker(&x, side ^ 1, &w, &l2) >= 0 ? !res : res;
        }
        swap = v - swap;
        if (swap < res) break;
    }
    return res;
}
