/* movegen.c -- legal move generation.
 *
 * Legal directly, not pseudo-legal plus a test: the king's pins and checkers
 * are found first by walking the eight lines from the king; a pinned piece
 * may only move along its pin line, the king only to unattacked squares, and
 * in check the other pieces and drops must capture the checker or block.
 * Drops never expose the own king.  Perft calls this at every leaf's parent,
 * so it is the module's hot path.
 *
 * A side without a king (a tsume attacker) has no pins, is never in check
 * and has no king moves; its pawn drops are never uchifuzume (that needs
 * the enemy king, and only the defender drops against a kingless side).
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "ring.h"

struct king_lines {
    shogi_bb pinned;
    uint8_t pin_dir[SH_CELLS];  /* valid only on pinned squares */
    int checkers;
    int checker;                /* square of the (last) checker */
    int check_dir;              /* dir from the king to it, -1 for a knight */
};

static void scan_king(const struct shogi_pos *p, int us, struct king_lines *kl)
{
    const uint8_t *b = p->board;
    int k = p->king[us], them = us ^ 1;
    kl->pinned = 0;
    kl->checkers = 0;
    if (!shogi_has_king(p, us)) return;
    /* Not in check (make knows) and no enemy slider on the king's lines
     * beyond its neighbours: nothing is pinned, nothing checks. */
    if (!p->checked && !(p->far[them] & shogi_lines_bb[k])) return;
    for (int d = 0; d < 8; d++) {
        int off = shogi_dir_offset[d], back = 1 << (d ^ 1);
        int s = k + off, pc = b[s];
        if (pc) {
            if (pc == SH_WALL) continue;
            if ((pc >> 4) == them) {
                if (shogi_step_dirs[pc] & back) {
                    kl->checkers++;
                    kl->checker = s;
                    kl->check_dir = d;
                }
                continue;
            }
        } else {
            do { s += off; pc = b[s]; } while (!pc);
            if (pc == SH_WALL) continue;
            if ((pc >> 4) == them) {
                if (shogi_slide_dirs[pc] & back) {
                    kl->checkers++;
                    kl->checker = s;
                    kl->check_dir = d;
                }
                continue;
            }
        }
        /* own piece on s: pinned if an enemy slider stands behind it */
        int t = s;
        do { t += off; pc = b[t]; } while (!pc);
        if (pc != SH_WALL && (pc >> 4) == them && (shogi_slide_dirs[pc] & back)) {
            kl->pinned |= SH_BIT(s);
            kl->pin_dir[s] = (uint8_t)d;
        }
    }
    int kn = SH_PIECE(them, SH_KNIGHT);
    int k1 = us == 0 ? k - 13 : k + 13, k2 = us == 0 ? k + 9 : k - 9;
    /* a gote knight checks sente's king from k-13 / k+9, and vice versa */
    if (b[k1] == kn) { kl->checkers++; kl->checker = k1; kl->check_dir = -1; }
    if (b[k2] == kn) { kl->checkers++; kl->checker = k2; kl->check_dir = -1; }
}

/* A set moved by a board offset (a constant once inlined): a square that
 * leaves the board lands on a wall bit or out of the word, and the caller
 * masks it off. */
static inline shogi_bb shift(shogi_bb b, int off)
{
    return off >= 0 ? b << off : b >> -off;
}

/* The squares next to those of x (wall bits among them). */
static inline shogi_bb neighbours(shogi_bb x)
{
    return shift(x, 1) | shift(x, -1) | shift(x, 11) | shift(x, -11) |
           shift(x, 10) | shift(x, -10) | shift(x, 12) | shift(x, -12);
}

/* `sel` (a constant in each caller, so the tests fold away) keeps all
 * moves, or only what shogi_is_noisy accepts (captures and promotions), or
 * only what it rejects, each in the order of the full list: quiescence
 * never builds the quiet moves it would throw away, and the search builds
 * them only when the noisy ones have not cut the node. */
enum sel { SEL_ALL, SEL_NOISY, SEL_QUIET };

static inline bool keep(int sel, bool cap)
{
    return sel == SEL_ALL || (sel == SEL_NOISY) == cap;
}

/* What emit needs of the moving piece, read once per piece (stores to the
 * move list may alias the byte tables, so the compiler would reload them). */
struct mover {
    const uint8_t *zone, *dead;
    bool promotes;      /* a type that may promote */
    bool from_zone;     /* it may promote, and stands in the zone */
};

static inline struct mover mover_of(int us, int pc, int from)
{
    bool promotes = SH_TYPE(pc) < SH_GOLD;
    return (struct mover){ shogi_zone[us], shogi_dead[pc], promotes,
                           promotes && shogi_zone[us][from] };
}

/* `count` (a constant in each caller): only advance `out`, store nothing;
 * the pointer's distance is then the count (count_moves). */
static inline gt_move *emit(gt_move *out, const struct mover *mv, int from,
                            int to, bool cap, int sel, bool count)
{
    gt_move m = SH_MAKE_MOVE(from, to);
    if (mv->from_zone || (mv->promotes && mv->zone[to])) {
        if (sel != SEL_QUIET) {
            if (!count) *out = m | SH_MOVE_PROMO;
            out++;
        }
        if (!mv->dead[to] && keep(sel, cap)) {
            if (!count) *out = m;
            out++;
        }
    } else if (keep(sel, cap)) {
        if (!count) *out = m;
        out++;
    }
    return out;
}

/* Moves of the non-king piece pc on `from` along the directions `allow`. */
static inline __attribute__((always_inline)) gt_move *
gen_piece(const uint8_t *b, int us, int pc, int from, unsigned allow,
          int sel, bool count, gt_move *out)
{
    int them = us ^ 1;
    const struct mover mv = mover_of(us, pc, from);
    unsigned slides = shogi_slide_dirs[pc] & allow;
    unsigned steps = shogi_step_dirs[pc] & ~slides & allow;
    while (steps) {
        int d = __builtin_ctz(steps);
        steps &= steps - 1;
        int to = from + shogi_dir_offset[d], t = b[to];
        if (t == 0 || (t >> 4) == them)
            out = emit(out, &mv, from, to, t != 0, sel, count);
    }
    /* a promoted slider never promotes: noisy, only its captures count */
    bool walk = sel != SEL_NOISY || mv.promotes;
    while (slides) {
        int d = __builtin_ctz(slides);
        slides &= slides - 1;
        int off = shogi_dir_offset[d], to = from + off, t;
        if (walk) {
            while ((t = b[to]) == 0) {
                out = emit(out, &mv, from, to, false, sel, count);
                to += off;
            }
        } else {
            while ((t = b[to]) == 0) to += off;
        }
        if ((t >> 4) == them) out = emit(out, &mv, from, to, true, sel, count);
    }
    if (SH_TYPE(pc) == SH_KNIGHT && allow == 0xFF) {
        int to = us == 0 ? from - 13 : from + 13, t = b[to];
        if (t == 0 || (t >> 4) == them)
            out = emit(out, &mv, from, to, t != 0, sel, count);
        to = us == 0 ? from + 9 : from - 9;
        t = b[to];
        if (t == 0 || (t >> 4) == them)
            out = emit(out, &mv, from, to, t != 0, sel, count);
    }
    return out;
}

/* King steps; noisy, only its captures (a king never promotes). */
static inline gt_move *gen_king(const struct shogi_pos *p, int us, int k,
                                int skip, int sel, bool count, gt_move *out)
{
    int them = us ^ 1;
    /* the steps as ring bits: onto the enemy's pieces, or empty squares */
    unsigned foe = shogi_ring_of(p->occ[them], k);
    unsigned steps = sel == SEL_NOISY ? foe
                   : shogi_ring_onboard[k] & ~shogi_ring_of(p->occ[us], k);
    if (sel == SEL_QUIET) steps &= ~foe;
    /* the evaluation's memo, when it has one, knows every step's danger */
    bool known = p->ring_known >> us & 1;
    if (known) steps &= ~p->ring[us];
    for (; steps; steps &= steps - 1) {
        int to = k + shogi_dir_offset[__builtin_ctz(steps)];
        if (known || !shogi_attacked_far(p->board, p->far[them], to, them, skip)) {
            if (!count) *out = SH_MAKE_MOVE(k, to);
            out++;
        }
    }
    return out;
}

/* Drops onto the squares of `targets` (empty squares only). */
static inline __attribute__((always_inline)) gt_move *
gen_drops(const struct shogi_pos *p, int us, shogi_bb targets, bool count,
          gt_move *out)
{
    const uint8_t *hand = p->hand[us];
    for (int t = SH_PAWN; t <= SH_GOLD; t++) {
        if (!hand[t]) continue;
        shogi_bb bb = targets & shogi_drop_ok[us][t];
        if (t == SH_PAWN) {
            bb &= ~shogi_file_fill[p->pawn_files[us]];
            /* uchifuzume: only a drop right in front of the king can mate */
            if (shogi_has_king(p, us ^ 1)) {
                int s = p->king[us ^ 1] - shogi_forward(us);
                if (p->board[s] == SH_EMPTY && (bb & SH_BIT(s)) &&
                    shogi_pawn_drop_mates(p, s))
                    bb &= ~SH_BIT(s);
            }
        }
        if (count) {
            out += shogi_bb_count(bb);
            continue;
        }
        /* by 64-bit words: drops are most of the moves with a hand */
        gt_move drop = SH_MAKE_DROP(t, 0);
        for (int half = 0; half < 2; half++) {
            uint64_t x = (uint64_t)(bb >> (64 * half));
            unsigned base = (unsigned)(64 * half + SH_BIT0);
            for (; x; x &= x - 1)
                *out++ = drop | (base + (unsigned)__builtin_ctzll(x));
        }
    }
    return out;
}

/* Drops are never noisy. */
static inline __attribute__((always_inline)) int
gen_all(const struct shogi_pos *p, bool drops, int sel, gt_move *moves)
{
    const uint8_t *b = p->board;
    int us = p->side, k = p->king[us];
    struct king_lines kl;
    gt_move *out = moves;
    scan_king(p, us, &kl);

    if (kl.checkers == 0) {
        shogi_bb own = p->occ[us];
        if (k != SH_NO_KING) own &= ~SH_BIT(k);
        /* A stepper's noisy move takes a neighbour or promotes, in the zone
         * or a step from it: the others have none.  (Knights and sliders,
         * the far pieces, are always walked.) */
        if (sel == SEL_NOISY)
            own &= p->far[us] | shogi_zone_reach_bb[us] |
                   neighbours(p->occ[us ^ 1]);
        /* two 64-bit words: cheaper pops and pin tests than 128-bit ones */
        for (int half = 0; half < 2; half++) {
            uint64_t x = (uint64_t)(own >> (64 * half));
            uint64_t pins = (uint64_t)(kl.pinned >> (64 * half));
            while (x) {
                int bit = __builtin_ctzll(x), from = bit + 64 * half + SH_BIT0;
                x &= x - 1;
                unsigned allow = 0xFF;
                if (pins >> bit & 1) {
                    int d = kl.pin_dir[from];
                    allow = (1u << d) | (1u << (d ^ 1));
                }
                out = gen_piece(b, us, b[from], from, allow, sel, false, out);
            }
        }
        if (k != SH_NO_KING) out = gen_king(p, us, k, -1, sel, false, out);
        if (drops)
            out = gen_drops(p, us, shogi_board_bb & ~(p->occ[0] | p->occ[1]),
                            false, out);
        return (int)(out - moves);
    }

    /* In check (so there is a king): the king steps out (not hiding behind
     * itself), or, against a single checker, an unpinned piece captures it
     * or blocks the line. */
    out = gen_king(p, us, k, k, sel, false, out);
    if (kl.checkers > 1) return (int)(out - moves);
    shogi_bb between = 0;
    if (kl.check_dir >= 0)
        for (int s = k + shogi_dir_offset[kl.check_dir]; s != kl.checker;
             s += shogi_dir_offset[kl.check_dir])
            between |= SH_BIT(s);
    shogi_bb block = between | SH_BIT(kl.checker);
    shogi_bb own = p->occ[us] & ~kl.pinned & ~SH_BIT(k);
    while (own) {
        int from = shogi_bb_pop(&own);
        gt_move *start = out;
        out = gen_piece(b, us, b[from], from, 0xFF, sel, false, out);
        gt_move *w = start;
        for (gt_move *r = start; r < out; r++)
            if (block & SH_BIT(SH_MOVE_TO(*r))) *w++ = *r;
        out = w;
    }
    if (drops && between) out = gen_drops(p, us, between, false, out);
    return (int)(out - moves);
}

int shogi_generate(const struct shogi_pos *p, enum shogi_gen kind,
                   gt_move *moves)
{
    if (kind == SH_GEN_ALL) return gen_all(p, true, SEL_ALL, moves);
    if (kind == SH_GEN_TACTICAL) return gen_all(p, false, SEL_NOISY, moves);
    if (kind == SH_GEN_QUIET) return gen_all(p, true, SEL_QUIET, moves);
    if (kind == SH_GEN_BOARD) return gen_all(p, false, SEL_ALL, moves);
    return shogi_generate_checks(p, moves);
}

/* ---- counting (perft's last ply) -------------------------------------- */

/* The moves of a side's unpinned pawns, knights, silvers and gold-movers
 * (gold and the promoted minors), a direction at a time for all of them
 * together: one direction takes a piece to a distinct square, so each
 * count is a popcount.  A move counts twice where it may promote and once
 * more where it may also stay unpromoted; a forward step from the zone
 * ends in it, so only a silver's backward steps ask where they started. */
static inline __attribute__((always_inline)) int
count_steppers(const struct shogi_pos *p, int us, shogi_bb pawns,
               shogi_bb knights, shogi_bb silvers, shogi_bb golds)
{
    const int f = us ? 1 : -1;  /* one rank forward */
    shogi_bb tgt = shogi_board_bb & ~p->occ[us], zone = shogi_zone_bb[us];
    shogi_bb d = shift(pawns, f) & tgt;
    int n = shogi_bb_count(d & zone) +
            shogi_bb_count(d & shogi_drop_ok[us][SH_PAWN]);
    const int jumps[2] = { 2 * f - 11, 2 * f + 11 };
    for (int i = 0; i < 2; i++) {
        d = shift(knights, jumps[i]) & tgt;
        n += shogi_bb_count(d & zone) +
             shogi_bb_count(d & shogi_drop_ok[us][SH_KNIGHT]);
    }
    const int ahead[3] = { f, f - 11, f + 11 }, back[2] = { -f - 11, -f + 11 };
    for (int i = 0; i < 3; i++) {
        d = shift(silvers, ahead[i]) & tgt;
        n += shogi_bb_count(d) + shogi_bb_count(d & zone);
    }
    for (int i = 0; i < 2; i++) {
        d = shift(silvers, back[i]) & tgt;
        shogi_bb promo = zone | shift(silvers & zone, back[i]);
        n += shogi_bb_count(d) + shogi_bb_count(d & promo);
    }
    const int gold[6] = { f, -f, -11, 11, f - 11, f + 11 };
    for (int i = 0; i < 6; i++)
        n += shogi_bb_count(shift(golds, gold[i]) & tgt);
    return n;
}

/* How many moves generate(SH_GEN_ALL) lists, without listing them (perft's
 * last ply): the unpinned steppers set-wise, every other piece by the
 * generator's walk, drops by squares. */
int shogi_count_moves(const struct shogi_pos *p)
{
    gt_move room[SH_MAX_MOVES];  /* the pointer walks it; nothing is stored */
    const uint8_t *b = p->board;
    int us = p->side, k = p->king[us];
    struct king_lines kl;
    scan_king(p, us, &kl);
    if (kl.checkers) return gen_all(p, true, SEL_ALL, room);  /* rare: listed */

    shogi_bb own = p->occ[us];
    if (k != SH_NO_KING) own &= ~SH_BIT(k);
    /* pawns are the pieces neither far nor defenders */
    shogi_bb pawns = own & ~(p->far[us] | p->def[us] | kl.pinned);
    shogi_bb knights = 0, silvers = 0, golds = 0;
    shogi_bb rest = own & ~pawns;
    gt_move *out = room;
    while (rest) {
        int from = shogi_bb_pop(&rest), pc = b[from], t = SH_TYPE(pc);
        if (kl.pinned & SH_BIT(from)) {
            int dir = kl.pin_dir[from];
            unsigned allow = (1u << dir) | (1u << (dir ^ 1));
            out = gen_piece(b, us, pc, from, allow, SEL_ALL, true, out);
        } else if (t == SH_KNIGHT) {
            knights |= SH_BIT(from);
        } else if (t == SH_SILVER) {
            silvers |= SH_BIT(from);
        } else if (SH_IS_DEF(pc)) {
            golds |= SH_BIT(from);
        } else {
            out = gen_piece(b, us, pc, from, 0xFF, SEL_ALL, true, out);
        }
    }
    if (k != SH_NO_KING) out = gen_king(p, us, k, -1, SEL_ALL, true, out);
    out = gen_drops(p, us, shogi_board_bb & ~(p->occ[0] | p->occ[1]), true,
                    out);
    int n = (int)(out - room);
    if (us == 0) return n + count_steppers(p, 0, pawns, knights, silvers, golds);
    return n + count_steppers(p, 1, pawns, knights, silvers, golds);
}
