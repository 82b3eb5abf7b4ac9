/* eval.c -- evaluation v1: tapered middlegame/endgame score.
 *
 * Material and piece-square tables are PeSTO's (see eval_tables.h); the
 * other terms and their weights are ours: mobility, pawn structure
 * (passed, isolated, doubled, connected), king shelter and attackers,
 * bishop pair, rooks on open files, tempo, and a scale factor for
 * drawish material.  Everything is computed from scratch (no incremental
 * state in the position), from White's side, then turned to the side to
 * move.  Each term is colour-symmetric, so a colour-flipped mirror of a
 * position gets the same score.
 * SPDX-License-Identifier: MIT */
#include "chess.h"
#include "eval_tables.h"

struct score {
    int mg, eg;
};

static inline void add(struct score *s, int sign, int mg, int eg)
{
    s->mg += sign * mg;
    s->eg += sign * eg;
}

/* Table index of square sq for colour c (tables are a8-first, White). */
static inline int pst_index(int c, int sq) { return c == WHITE ? sq ^ 56 : sq; }
static inline int rel_rank(int c, int sq) { return c == WHITE ? sq / 8 : 7 - sq / 8; }

static bb_t pawn_attacks_bb(bb_t pawns, int c)
{
    return c == WHITE ? ((pawns & ~FILE_A) << 7) | ((pawns & ~FILE_H) << 9)
                      : ((pawns & ~FILE_A) >> 9) | ((pawns & ~FILE_H) >> 7);
}

static inline bb_t adjacent_files(int f)
{
    return (f > 0 ? FILE_A << (f - 1) : 0) | (f < 7 ? FILE_A << (f + 1) : 0);
}

/* Squares strictly in front of sq from colour c's side. */
static inline bb_t forward_ranks(int c, int sq)
{
    int r = sq / 8;
    return c == WHITE ? (r < 7 ? ~(bb_t)0 << ((r + 1) * 8) : 0)
                      : (r > 0 ? ((bb_t)1 << (r * 8)) - 1 : 0);
}

static const int passed_mg[8] = { 0, 2, 5, 8, 15, 30, 50, 0 };
static const int passed_eg[8] = { 0, 8, 12, 20, 35, 60, 100, 0 };

static void eval_pawns(const struct chess_pos *p, int c, struct score *s, int sign)
{
    bb_t own = pieces_of(p, c, PAWN), enemy = pieces_of(p, c ^ 1, PAWN);
    bb_t defended = pawn_attacks_bb(own, c);
    for (bb_t b = own; b;) {
        int sq = pop_lsb(&b), f = sq % 8, r = rel_rank(c, sq);
        bb_t file = FILE_A << f, front = forward_ranks(c, sq);
        if (!(enemy & front & (file | adjacent_files(f))))
            add(s, sign, passed_mg[r], passed_eg[r]);
        if (!(own & adjacent_files(f)))
            add(s, sign, -8, -12);
        if (own & front & file)
            add(s, sign, -8, -18);
        bool phalanx = own & adjacent_files(f) & (RANK_1 << (sq & 56));
        if (phalanx || (defended & sq_bb(sq)))
            add(s, sign, 4 + 2 * r, 2 + 2 * r);
    }
}

/* Mobility: squares not taken by own pieces nor attacked by enemy pawns,
 * centred on a typical count so that an average piece scores 0. */
static const int mob_center[7] = { 0, 0, 4, 6, 7, 13, 0 };
static const int mob_mg[7] = { 0, 0, 4, 5, 2, 1, 0 };
static const int mob_eg[7] = { 0, 0, 4, 5, 4, 2, 0 };
static const int attack_weight[7] = { 0, 0, 2, 2, 3, 5, 0 };

static void eval_pieces(const struct chess_pos *p, int c, struct score *s, int sign)
{
    int them = c ^ 1;
    bb_t occ = occupied(p);
    bb_t safe = ~p->by_color[c] & ~pawn_attacks_bb(pieces_of(p, them, PAWN), them);
    int eksq = king_sq(p, them);
    bb_t zone = chess_king_att[eksq] | sq_bb(eksq);
    int units = 0, attackers = 0;
    bb_t pawns = p->by_type[PAWN], own_pawns = pieces_of(p, c, PAWN);

    for (int t = KNIGHT; t <= QUEEN; t++) {
        for (bb_t b = pieces_of(p, c, t); b;) {
            int sq = pop_lsb(&b);
            bb_t att = t == KNIGHT ? chess_knight_att[sq]
                     : t == BISHOP ? bishop_att(sq, occ)
                     : t == ROOK   ? rook_att(sq, occ)
                                   : bishop_att(sq, occ) | rook_att(sq, occ);
            int mob = popcount(att & safe) - mob_center[t];
            add(s, sign, mob * mob_mg[t], mob * mob_eg[t]);
            if (att & zone) {
                attackers++;
                units += attack_weight[t] * popcount(att & zone);
            }
            if (t == ROOK) {
                bb_t file = FILE_A << (sq % 8);
                if (!(pawns & file))
                    add(s, sign, 25, 8);
                else if (!(own_pawns & file))
                    add(s, sign, 12, 5);
            }
        }
    }
    /* attacks on the enemy king count for us (middlegame only) */
    if (attackers >= 2) {
        int pen = units * units / 2;
        add(s, sign, pen > 400 ? 400 : pen, 0);
    }
    if (more_than_one(pieces_of(p, c, BISHOP)))
        add(s, sign, 30, 50);
}

/* Pawns in front of an uncastled or castled king shelter it. */
static void eval_shelter(const struct chess_pos *p, int c, struct score *s, int sign)
{
    int ksq = king_sq(p, c);
    if (rel_rank(c, ksq) > 1)
        return;
    int f = ksq % 8;
    bb_t files = (FILE_A << f) | adjacent_files(f);
    bb_t own = pieces_of(p, c, PAWN) & files;
    int up = c == WHITE ? 8 : -8;
    bb_t r1 = RANK_1 << ((ksq + up) & 56), r2 = RANK_1 << ((ksq + 2 * up) & 56);
    int shield = 12 * popcount(own & r1) + 6 * popcount(own & r2);
    add(s, sign, shield, 0);
}

static int units_of(const struct chess_pos *p, int c)
{
    return 3 * popcount(pieces_of(p, c, KNIGHT) | pieces_of(p, c, BISHOP))
         + 5 * popcount(pieces_of(p, c, ROOK)) + 9 * popcount(pieces_of(p, c, QUEEN));
}

#define DARK_SQUARES 0xAA55AA55AA55AA55ULL

/* Scale (of 64) for material that rarely wins. */
static int draw_scale(const struct chess_pos *p, int strong)
{
    int weak = strong ^ 1;
    int su = units_of(p, strong), wu = units_of(p, weak);
    if (!pieces_of(p, strong, PAWN)) {
        if (su <= 3)
            return 0; /* a lone minor cannot mate */
        if (su == 6 && popcount(pieces_of(p, strong, KNIGHT)) == 2 && wu == 0)
            return 4; /* two knights cannot force mate */
        if (su - wu <= 3)
            return 16; /* rook vs minor, minor vs minor ... */
    }
    bb_t b = p->by_type[BISHOP];
    if (!(p->by_type[KNIGHT] | p->by_type[ROOK] | p->by_type[QUEEN])
        && popcount(pieces_of(p, WHITE, BISHOP)) == 1
        && popcount(pieces_of(p, BLACK, BISHOP)) == 1
        && (b & DARK_SQUARES) && (b & ~DARK_SQUARES))
        return 32; /* opposite-coloured bishops */
    return 64;
}

int chess_evaluate(const void *pos, const int32_t *params)
{
    (void)params;             /* the weights are compiled in (eval_tables.h) */
    const struct chess_pos *p = pos;
    struct score s = { 0, 0 };
    int phase = 0;
    static const int phase_inc[7] = { 0, 0, 1, 1, 2, 4, 0 };

    for (int c = WHITE; c <= BLACK; c++) {
        int sign = c == WHITE ? 1 : -1;
        for (bb_t b = p->by_color[c]; b;) {
            int sq = pop_lsb(&b), t = TYPE_OF(p->board[sq]), i = pst_index(c, sq);
            add(&s, sign, pesto_mg_value[t] + pesto_mg[t][i],
                pesto_eg_value[t] + pesto_eg[t][i]);
            phase += phase_inc[t];
        }
        eval_pawns(p, c, &s, sign);
        eval_pieces(p, c, &s, sign);
        eval_shelter(p, c, &s, sign);
    }
    if (phase > 24)
        phase = 24; /* early promotions */
    int score = (s.mg * phase + s.eg * (24 - phase)) / 24;
    int strong = score >= 0 ? WHITE : BLACK;
    score = score * draw_scale(p, strong) / 64;
    if (p->side == BLACK)
        score = -score;
    score += 12; /* tempo: the side to move is a little better off */
    if (score > GT_EVAL_MAX - 1)
        score = GT_EVAL_MAX - 1;
    if (score < -(GT_EVAL_MAX - 1))
        score = -(GT_EVAL_MAX - 1);
    return score;
}
