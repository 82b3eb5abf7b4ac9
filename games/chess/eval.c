/* eval.c -- evaluation v2: tapered middlegame/endgame score, weights as data.
 *
 * Every weight is a named parameter of eval_weights.h: PeSTO's material and
 * piece-square tables, our own terms (mobility, pawn structure, king
 * shelter and attackers, bishop pair, rooks on open files, tempo, a scale
 * for drawish material), and terms that start at "no change" for a tuner
 * to fill in (threats, outposts, passed pawn details, ...).  Everything is
 * computed from scratch (no incremental state in the position), from
 * White's side, then turned to the side to move.  Each term is
 * colour-symmetric, so a colour-flipped mirror of a position gets the same
 * score.
 *
 * The body is written once (eval_body) and inlined three times: evaluate
 * with the compiled-in values (a constant table, so the compiler folds
 * them, and terms whose weight is 0 cost nothing; material and squares
 * come from one table a piece), evaluate with loaded values, and the
 * trace, which also writes each weight's coefficient.
 * The score is linear in almost every weight, and the trace's coefficient
 * is then exact (up to the two roundings of the taper and the scale).  The
 * king attack's weights (which index a table) and the draw scales (which
 * multiply the rest) are linearised at the given values: their
 * coefficients are derivatives, so where those terms are at work the
 * score is the sum of coefficient times weight plus the linearisation's
 * constant.
 * SPDX-License-Identifier: MIT */
#include <string.h>
#include "chess.h"

/* The parameters' indexes: P_knight_mg, ... */
#define GT_PARAM(n, v, lo, hi) P_##n,
enum {
#include "eval_weights.h"
    NPARAMS
};
#undef GT_PARAM

#define GT_PARAM(n, v, lo, hi) v,
static const int32_t compiled_in[NPARAMS] = {
#include "eval_weights.h"
};
#undef GT_PARAM

#define GT_PARAM(n, v, lo, hi) { #n, v, lo, hi },
const struct gt_param chess_eval_params[NPARAMS + 1] = {
#include "eval_weights.h"
    { NULL, 0, 0, 0 }
};
#undef GT_PARAM

/* The index of the tapered pair `n` (n_mg; n_eg is the next entry): a
 * compile error if the file ever breaks the pair. */
#define PAIR(n) (P_##n##_mg + 0 * (int)sizeof(char[P_##n##_eg == P_##n##_mg + 1 ? 1 : -1]))

/* Tables the code indexes by arithmetic must stay whole and in order. */
#define SPAN(first, last, len) _Static_assert(P_##last - P_##first + 1 == (len), #first "..." #last)
SPAN(pawn_mg, queen_eg, 10);
SPAN(pst_pawn_a2_mg, pst_pawn_h7_eg, 96);
SPAN(pst_knight_a1_mg, pst_knight_h8_eg, 128);
SPAN(pst_bishop_a1_mg, pst_bishop_h8_eg, 128);
SPAN(pst_rook_a1_mg, pst_rook_h8_eg, 128);
SPAN(pst_queen_a1_mg, pst_queen_h8_eg, 128);
SPAN(pst_king_a1_mg, pst_king_h8_eg, 128);
SPAN(passed_rank2_mg, passed_rank7_eg, 12);
SPAN(connected_rank2_mg, connected_rank7_eg, 12);
SPAN(mob_knight_0_mg, mob_knight_8_eg, 18);
SPAN(mob_bishop_0_mg, mob_bishop_13_eg, 28);
SPAN(mob_rook_0_mg, mob_rook_14_eg, 30);
SPAN(mob_queen_0_mg, mob_queen_27_eg, 56);
SPAN(attack_weight_knight, attack_weight_queen, 4);
SPAN(king_attack_0_mg, king_attack_31_mg, 32);
SPAN(scale_two_knights, scale_opposite_bishops, 3);
#define KING_ATTACK_TOP 31

/* A piece's material pair, and its square's pair: base + 2 * square (from
 * White's side, a1 = 0; the pawn table starts at a2). */
static const int material_base[7] = { 0, P_pawn_mg, P_knight_mg, P_bishop_mg, P_rook_mg,
                                      P_queen_mg, 0 };
static const int pst_base[7] = { 0, P_pst_pawn_a2_mg - 16, P_pst_knight_a1_mg,
                                 P_pst_bishop_a1_mg, P_pst_rook_a1_mg, P_pst_queen_a1_mg,
                                 P_pst_king_a1_mg };
static const int mob_base[7] = { 0, 0, P_mob_knight_0_mg, P_mob_bishop_0_mg, P_mob_rook_0_mg,
                                 P_mob_queen_0_mg, 0 };

#define INLINE static inline __attribute__((always_inline))

/* The running score.  coef is NULL for evaluate: every trace line then
 * folds away. */
struct ev {
    const int32_t *w;  /* the weights */
    double *coef;      /* the trace, or NULL */
    double fmg, feg;   /* the phase taper of an mg and of an eg weight */
    int mg, eg;        /* White's score minus Black's */
};

/* n times the tapered pair at i (i + 1: eg), for White (sign 1) or Black. */
INLINE void pair(struct ev *e, int sign, int i, int n)
{
    e->mg += sign * n * e->w[i];
    e->eg += sign * n * e->w[i + 1];
    if (e->coef) {
        e->coef[i] += sign * n * e->fmg;
        e->coef[i + 1] += sign * n * e->feg;
    }
}

INLINE void mg_only(struct ev *e, int sign, int i, int n)
{
    e->mg += sign * n * e->w[i];
    if (e->coef)
        e->coef[i] += sign * n * e->fmg;
}

INLINE void eg_only(struct ev *e, int sign, int i, int n)
{
    e->eg += sign * n * e->w[i];
    if (e->coef)
        e->coef[i] += sign * n * e->feg;
}

static inline int rel_rank(int c, int sq) { return c == WHITE ? sq / 8 : 7 - sq / 8; }

static inline int distance(int a, int b)
{
    int df = a % 8 - b % 8, dr = a / 8 - b / 8;
    df = df < 0 ? -df : df;
    dr = dr < 0 ? -dr : dr;
    return df > dr ? df : dr;
}

static inline bb_t pawn_attacks_bb(bb_t pawns, int c)
{
    return c == WHITE ? ((pawns & ~FILE_A) << 7) | ((pawns & ~FILE_H) << 9)
                      : ((pawns & ~FILE_A) >> 9) | ((pawns & ~FILE_H) >> 7);
}

/* Every square colour c's pawns attack now or after advancing. */
static inline bb_t pawn_span_attacks(bb_t pawns, int c)
{
    if (c == WHITE) {
        pawns |= pawns << 8;
        pawns |= pawns << 16;
        pawns |= pawns << 32;
    } else {
        pawns |= pawns >> 8;
        pawns |= pawns >> 16;
        pawns |= pawns >> 32;
    }
    return pawn_attacks_bb(pawns, c);
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

/* What one side's pass leaves for the terms that need both sides. */
struct side {
    bb_t pawn_att;     /* squares its pawns attack */
    bb_t minor_att;    /* ... its knights and bishops */
    bb_t all_att;      /* ... any of its pieces */
    bb_t passed;       /* its passed pawns */
};

/* One piece of type t: its material and its square's pair (rel: the
 * square from its own side). */
INLINE void piece_on(struct ev *e, int sign, int t, int rel)
{
    if (t != KING)
        pair(e, sign, material_base[t], 1);
    pair(e, sign, pst_base[t] + 2 * rel, 1);
}

/* Material piece by piece: cheaper than a popcount call per type. */
INLINE void eval_material(struct ev *e, const struct chess_pos *p, int c, int sign)
{
    int flip = c == WHITE ? 0 : 56;   /* a Black piece reads the mirror square */
    for (int t = PAWN; t <= KING; t++)
        for (bb_t b = pieces_of(p, c, t); b;)
            piece_on(e, sign, t, pop_lsb(&b) ^ flip);
}

/* The compiled-in values of material and square together, signed for
 * White, by piece code and square: one lookup a piece on the hot path
 * instead of two weights and a multiplication by the sign.  Built once
 * by chess_init; the same sums as eval_material's. */
static struct { int32_t mg, eg; } psq[16][64];

void chess_eval_init(void)
{
    for (int c = WHITE; c <= BLACK; c++)
        for (int t = PAWN; t <= KING; t++)
            for (int sq = 0; sq < 64; sq++) {
                int rel = sq ^ (c == WHITE ? 0 : 56);
                if (t == PAWN && (rel < 8 || rel >= 56))
                    continue;   /* no pawn stands there: no table entry */
                struct ev e = { .w = compiled_in };
                piece_on(&e, c == WHITE ? 1 : -1, t, rel);
                psq[PIECE(c, t)][sq].mg = e.mg;
                psq[PIECE(c, t)][sq].eg = e.eg;
            }
}

INLINE void eval_material_table(struct ev *e, const struct chess_pos *p)
{
    for (bb_t b = occupied(p); b;) {
        int sq = pop_lsb(&b), pc = p->board[sq];
        e->mg += psq[pc][sq].mg;
        e->eg += psq[pc][sq].eg;
    }
}

INLINE void eval_pawns(struct ev *e, const struct chess_pos *p, int c, int sign,
                       struct side *s, bb_t enemy_pawn_att)
{
    bb_t own = pieces_of(p, c, PAWN), enemy = pieces_of(p, c ^ 1, PAWN);
    int up = c == WHITE ? 8 : -8;
    for (bb_t b = own; b;) {
        int sq = pop_lsb(&b), f = sq % 8, r = rel_rank(c, sq);
        bb_t file = FILE_A << f, adj = adjacent_files(f), front = forward_ranks(c, sq);
        if (!(enemy & front & (file | adj))) {
            pair(e, sign, P_passed_rank2_mg + 2 * (r - 1), 1);
            s->passed |= sq_bb(sq);
        }
        if (!(own & adj))
            pair(e, sign, PAIR(isolated), 1);
        else if (!(own & adj & ~front) && (enemy_pawn_att & sq_bb(sq + up)))
            pair(e, sign, PAIR(backward), 1);  /* no pawn can come to its help */
        if (own & front & file)
            pair(e, sign, PAIR(doubled), 1);
        bool phalanx = own & adj & (RANK_1 << (sq & 56));
        if (phalanx || (s->pawn_att & sq_bb(sq)))
            pair(e, sign, P_connected_rank2_mg + 2 * (r - 1), 1);
    }
}

/* King attack: the table entry of the units, linearised for the trace:
 * an attack weight's coefficient is the table's slope at `units` times
 * the zone squares its pieces reach (hits). */
INLINE void king_attack(struct ev *e, int sign, int units, const int hits[7])
{
    int u = units < 0 ? 0 : units > KING_ATTACK_TOP ? KING_ATTACK_TOP : units;
    mg_only(e, sign, P_king_attack_0_mg + u, 1);
    if (e->coef && u == units) {
        const int32_t *t = e->w + P_king_attack_0_mg;
        double slope = u == 0 ? t[1] - t[0]
                     : u == KING_ATTACK_TOP ? t[u] - t[u - 1] : (t[u + 1] - t[u - 1]) / 2.0;
        for (int k = KNIGHT; k <= QUEEN; k++)
            e->coef[P_attack_weight_knight + k - KNIGHT] += sign * e->fmg * slope * hits[k];
    }
}

INLINE void eval_rook(struct ev *e, const struct chess_pos *p, int c, int sign, int sq)
{
    bb_t file = FILE_A << (sq % 8);
    if (!(p->by_type[PAWN] & file))
        pair(e, sign, PAIR(rook_open), 1);
    else if (!(pieces_of(p, c, PAWN) & file))
        pair(e, sign, PAIR(rook_semiopen), 1);
    if (rel_rank(c, sq) == 6)
        pair(e, sign, PAIR(rook_7th), 1);
}

/* What eval_pieces gathers of the attacks on the enemy king. */
struct king_attack {
    bb_t zone;
    int units, attackers, hits[7];
};

/* Mobility counts squares not taken by own pieces nor attacked by enemy
 * pawns.  Called once a piece type with t constant, so that the choice
 * of attacks and the weights' places fold away. */
INLINE void eval_piece_type(struct ev *e, const struct chess_pos *p, int c, int sign,
                            struct side *s, int t, bb_t occ, bb_t safe,
                            struct king_attack *ka)
{
    for (bb_t b = pieces_of(p, c, t); b;) {
        int sq = pop_lsb(&b);
        bb_t att = t == KNIGHT ? chess_knight_att[sq]
                 : t == BISHOP ? bishop_att(sq, occ)
                 : t == ROOK   ? rook_att(sq, occ)
                               : bishop_att(sq, occ) | rook_att(sq, occ);
        pair(e, sign, mob_base[t] + 2 * popcount(att & safe), 1);
        s->all_att |= att;
        if (t <= BISHOP)
            s->minor_att |= att;
        if (att & ka->zone) {
            int n = popcount(att & ka->zone);
            ka->attackers++;
            ka->units += e->w[P_attack_weight_knight + t - KNIGHT] * n;
            ka->hits[t] += n;
        }
        if (t == ROOK)
            eval_rook(e, p, c, sign, sq);
    }
}

INLINE void eval_pieces(struct ev *e, const struct chess_pos *p, int c, int sign,
                        struct side *s, bb_t enemy_pawn_att)
{
    int them = c ^ 1;
    bb_t occ = occupied(p), safe = ~p->by_color[c] & ~enemy_pawn_att;
    int eksq = king_sq(p, them);
    struct king_attack ka = { .zone = chess_king_att[eksq] | sq_bb(eksq) };
    eval_piece_type(e, p, c, sign, s, KNIGHT, occ, safe, &ka);
    eval_piece_type(e, p, c, sign, s, BISHOP, occ, safe, &ka);
    eval_piece_type(e, p, c, sign, s, ROOK, occ, safe, &ka);
    eval_piece_type(e, p, c, sign, s, QUEEN, occ, safe, &ka);
    if (ka.attackers >= 2)   /* attacks on the enemy king count for us */
        king_attack(e, sign, ka.units, ka.hits);
    if (more_than_one(pieces_of(p, c, BISHOP)))
        pair(e, sign, PAIR(bishop_pair), 1);
    /* Outposts: the 4th..6th ranks, defended by a pawn, out of the enemy
     * pawns' reach for good. */
    bb_t ranks = c == WHITE ? 0x0000FFFFFF000000ULL : 0x000000FFFFFF0000ULL;
    bb_t holes = ranks & s->pawn_att & ~pawn_span_attacks(pieces_of(p, them, PAWN), them);
    pair(e, sign, PAIR(outpost_knight), popcount(pieces_of(p, c, KNIGHT) & holes));
    pair(e, sign, PAIR(outpost_bishop), popcount(pieces_of(p, c, BISHOP) & holes));
}

/* Pawns in front of a king on its first two ranks shelter it. */
INLINE void eval_shelter(struct ev *e, const struct chess_pos *p, int c, int sign)
{
    int ksq = king_sq(p, c);
    if (rel_rank(c, ksq) > 1)
        return;
    int f = ksq % 8, up = c == WHITE ? 8 : -8;
    bb_t own = pieces_of(p, c, PAWN) & ((FILE_A << f) | adjacent_files(f));
    bb_t r1 = RANK_1 << ((ksq + up) & 56), r2 = RANK_1 << ((ksq + 2 * up) & 56);
    mg_only(e, sign, P_shelter_near_mg, popcount(own & r1));
    mg_only(e, sign, P_shelter_far_mg, popcount(own & r2));
}

/* Threats: enemy pieces our pawns or minors attack, and undefended ones. */
INLINE void eval_threats(struct ev *e, const struct chess_pos *p, int c, int sign,
                         const struct side *us, const struct side *them)
{
    int o = c ^ 1;
    bb_t minors = pieces_of(p, o, KNIGHT) | pieces_of(p, o, BISHOP);
    bb_t rooks = pieces_of(p, o, ROOK), queens = pieces_of(p, o, QUEEN);
    pair(e, sign, PAIR(threat_pawn_minor), popcount(us->pawn_att & minors));
    pair(e, sign, PAIR(threat_pawn_rook), popcount(us->pawn_att & rooks));
    pair(e, sign, PAIR(threat_pawn_queen), popcount(us->pawn_att & queens));
    pair(e, sign, PAIR(threat_minor_rook), popcount(us->minor_att & rooks));
    pair(e, sign, PAIR(threat_minor_queen), popcount(us->minor_att & queens));
    bb_t loose = (minors | rooks | queens) & us->all_att & ~them->all_att;
    pair(e, sign, PAIR(hanging), popcount(loose));
}

/* Passed pawns on the 4th rank or beyond, weighted by how far they got:
 * blocked, free to run, and how near each king is to the square ahead. */
INLINE void eval_passed(struct ev *e, const struct chess_pos *p, int c, int sign,
                        const struct side *us, const struct side *them)
{
    bb_t occ = occupied(p);
    bb_t far = us->passed & (c == WHITE ? 0xFFFFFFFF000000ULL : 0xFFFFFFFF00ULL);
    int up = c == WHITE ? 8 : -8, own_k = king_sq(p, c), enemy_k = king_sq(p, c ^ 1);
    for (bb_t b = far; b;) {
        int sq = pop_lsb(&b), n = rel_rank(c, sq) - 2, stop = sq + up;
        bb_t path = forward_ranks(c, sq) & (FILE_A << (sq % 8));
        if (occ & sq_bb(stop))
            pair(e, sign, PAIR(passed_blocked), n);
        else if (!((occ | them->all_att) & path))
            pair(e, sign, PAIR(passed_free), n);
        eg_only(e, sign, P_passed_own_king_eg, n * distance(own_k, stop));
        eg_only(e, sign, P_passed_enemy_king_eg, n * distance(enemy_k, stop));
    }
}

/* Has side c a passed pawn the enemy king cannot catch in time (the
 * rule of the square)?  Only kings and pawns are on the board, so
 * nothing but a king or a pawn of its own can stand in its way. */
static bool has_unstoppable(const struct chess_pos *p, int c, bb_t passed)
{
    int enemy_k = king_sq(p, c ^ 1);
    bb_t occ = occupied(p);
    for (bb_t b = passed; b;) {
        int sq = pop_lsb(&b), r = rel_rank(c, sq), promo = (c == WHITE ? 56 : 0) + sq % 8;
        if (occ & forward_ranks(c, sq) & (FILE_A << (sq % 8)))
            continue;
        int moves = 7 - r - (r == 1);   /* the double step */
        /* The defender moving first gains a move on the pawn. */
        if (moves < distance(enemy_k, promo) - (p->side != c))
            return true;
    }
    return false;
}

/* A pawn race won by one side alone (an unstoppable passer against
 * none): the search would see it, but only many plies later. */
INLINE void eval_race(struct ev *e, const struct chess_pos *p, const struct side s[2])
{
    bool white = has_unstoppable(p, WHITE, s[WHITE].passed);
    bool black = has_unstoppable(p, BLACK, s[BLACK].passed);
    if (white != black)
        eg_only(e, white ? 1 : -1, P_unstoppable_eg, 1);
}

static int units_of(const struct chess_pos *p, int c)
{
    return 3 * popcount(pieces_of(p, c, KNIGHT) | pieces_of(p, c, BISHOP))
         + 5 * popcount(pieces_of(p, c, ROOK)) + 9 * popcount(pieces_of(p, c, QUEEN));
}

#define DARK_SQUARES 0xAA55AA55AA55AA55ULL

/* The draw scale's parameter (or -1: 64, or 0 for a lone minor) for
 * material that rarely wins. */
static int draw_scale_param(const struct chess_pos *p, int strong)
{
    int weak = strong ^ 1;
    int su = units_of(p, strong), wu = units_of(p, weak);
    if (!pieces_of(p, strong, PAWN)) {
        if (su <= 3)
            return -2; /* a lone minor cannot mate */
        if (su == 6 && popcount(pieces_of(p, strong, KNIGHT)) == 2 && wu == 0)
            return P_scale_two_knights;
        if (su - wu <= 3)
            return P_scale_minor_edge; /* rook vs minor, minor vs minor ... */
    }
    bb_t b = p->by_type[BISHOP];
    if (!(p->by_type[KNIGHT] | p->by_type[ROOK] | p->by_type[QUEEN])
        && popcount(pieces_of(p, WHITE, BISHOP)) == 1
        && popcount(pieces_of(p, BLACK, BISHOP)) == 1
        && (b & DARK_SQUARES) && (b & ~DARK_SQUARES))
        return P_scale_opposite_bishops;
    return -1;
}

static inline int game_phase(const struct chess_pos *p)
{
    int phase = popcount(p->by_type[KNIGHT] | p->by_type[BISHOP])
              + 2 * popcount(p->by_type[ROOK]) + 4 * popcount(p->by_type[QUEEN]);
    return phase > 24 ? 24 : phase; /* early promotions */
}

/* The trace's last step: the draw scale and the side to move multiply
 * every weight's coefficient; the scale's own coefficient is the score
 * it scales; tempo is added as it is.  A clamped score moves with nothing. */
static void finish_trace(double *coef, double factor, int scale_param, double unscaled,
                         bool clamped)
{
    for (int i = 0; i < NPARAMS; i++)
        coef[i] = clamped ? 0 : coef[i] * factor;
    if (!clamped && scale_param >= 0)
        coef[scale_param] = unscaled;
    coef[P_tempo] = !clamped;
}

/* One side's terms that need only its own pass (and the enemy pawns'
 * attacks); called with constant c and sign, so that each folds away. */
INLINE void eval_side(struct ev *e, const struct chess_pos *p, int c, int sign,
                      struct side s[2], bool table)
{
    if (!table)
        eval_material(e, p, c, sign);
    eval_pawns(e, p, c, sign, &s[c], s[c ^ 1].pawn_att);
    eval_pieces(e, p, c, sign, &s[c], s[c ^ 1].pawn_att);
    eval_shelter(e, p, c, sign);
}

INLINE int eval_body(const struct chess_pos *p, const int32_t *w, double *coef, bool table)
{
    int phase = game_phase(p);
    struct ev e = { w, coef, phase / 24.0, (24 - phase) / 24.0, 0, 0 };
    struct side s[2] = { { 0 }, { 0 } };
    for (int c = WHITE; c <= BLACK; c++) {
        s[c].pawn_att = pawn_attacks_bb(pieces_of(p, c, PAWN), c);
        s[c].all_att = s[c].pawn_att | chess_king_att[king_sq(p, c)];
    }
    if (table)
        eval_material_table(&e, p);
    eval_side(&e, p, WHITE, 1, s, table);
    eval_side(&e, p, BLACK, -1, s, table);
    eval_threats(&e, p, WHITE, 1, &s[WHITE], &s[BLACK]);
    eval_threats(&e, p, BLACK, -1, &s[BLACK], &s[WHITE]);
    eval_passed(&e, p, WHITE, 1, &s[WHITE], &s[BLACK]);
    eval_passed(&e, p, BLACK, -1, &s[BLACK], &s[WHITE]);
    if (phase == 0)   /* kings and pawns alone */
        eval_race(&e, p, s);
    int tapered = (e.mg * phase + e.eg * (24 - phase)) / 24;
    int scale_param = draw_scale_param(p, tapered >= 0 ? WHITE : BLACK);
    int64_t scale = scale_param >= 0 ? w[scale_param] : scale_param == -1 ? 64 : 0;
    int stm = p->side == BLACK ? -1 : 1;
    int64_t score = stm * ((int64_t)tapered * scale / 64) + w[P_tempo];
    bool clamped = score > GT_EVAL_MAX - 1 || score < -(GT_EVAL_MAX - 1);
    if (coef)
        finish_trace(coef, stm * (double)scale / 64, scale_param, stm * tapered / 64.0, clamped);
    if (clamped)
        score = score > 0 ? GT_EVAL_MAX - 1 : -(GT_EVAL_MAX - 1);
    return (int)score;
}

int chess_evaluate(const void *pos, const int32_t *params)
{
    if (!params)   /* the hot path: constants the compiler can fold */
        return eval_body(pos, compiled_in, NULL, true);
    return eval_body(pos, params, NULL, false);
}

/* coef: one double per parameter, all written here. */
int chess_eval_trace(const void *pos, const int32_t *params, double *coef)
{
    memset(coef, 0, NPARAMS * sizeof *coef);
    return eval_body(pos, params ? params : compiled_in, coef, false);
}
