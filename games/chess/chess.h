/* chess.h -- the chess module's internal types and helpers.
 *
 * A position is one flat struct (no pointers), so the core may memcpy it.
 * Bitboards use square 0 = a1 ... 63 = h8.  Every non-static symbol of the
 * module starts with chess_ because built-in modules are linked together.
 * SPDX-License-Identifier: MIT
 */
#ifndef GTSEARCH_CHESS_H
#define GTSEARCH_CHESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <gtsearch/game.h>

typedef uint64_t bb_t;

enum { WHITE, BLACK };
enum { NO_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING };
#define PIECE(color, type) ((uint8_t)(((color) << 3) | (type)))
#define TYPE_OF(pc) ((pc) & 7)
#define COLOR_OF(pc) ((pc) >> 3)
#define NO_SQ 64

/* Move encoding (never 0: from != to for every move):
 *   bits 0-5 from, 6-11 to, 12-13 promotion piece (0 N, 1 B, 2 R, 3 Q),
 *   14-15 kind: 0 normal, 1 promotion, 2 en passant, 3 castling.
 * Castling is stored as "king takes own rook" (to = rook square), which
 * covers Chess960; the text form depends on the UCI_Chess960 option. */
#define MV_NORMAL 0u
#define MV_PROMO (1u << 14)
#define MV_EP (2u << 14)
#define MV_CASTLE (3u << 14)
#define MV_KIND_MASK (3u << 14)
#define MV_FROM(m) ((int)((m) & 63))
#define MV_TO(m) ((int)(((m) >> 6) & 63))
#define MV_KIND(m) ((m) & MV_KIND_MASK)
#define MV_PROMO_TYPE(m) ((int)(((m) >> 12) & 3) + KNIGHT)
#define MV_MAKE(from, to) ((gt_move)((from) | ((to) << 6)))

/* Castling slots: 0 white short, 1 white long, 2 black short, 3 black long. */
#define CASTLE_SLOT(color, is_long) ((color) * 2 + (is_long))

/* Repetition history: a ring of keys.  A position whose halfmove clock is
 * >= 100 is a fifty-move draw already, so repetition never needs to look
 * back more than 99 plies; HIST_MAX_BACK saturates the count of usable
 * entries (plies since the position was set up or since the last null
 * move) well inside the ring, so an entry is never read after it was
 * overwritten. */
#define HIST_SIZE 128
#define HIST_MAX_BACK 100

struct chess_pos {
    bb_t by_type[7];     /* [PAWN..KING]; [0] unused */
    bb_t by_color[2];
    uint64_t key;
    bb_t castle_empty[4]; /* squares that must be empty to castle */
    bb_t castle_path[4];  /* squares the king crosses (must be safe) */
    uint8_t board[64];    /* piece code or 0 */
    uint8_t castle_mask[64]; /* rights kept when a piece leaves/enters sq */
    uint8_t castle_rook[4];  /* rook square of each slot */
    uint8_t side;
    uint8_t ep;           /* en-passant target square, NO_SQ if none;
                             set only if a pawn may capture there */
    uint8_t castling;     /* bit per slot */
    uint8_t chess960;     /* UCI_Chess960: castling text is king-takes-rook */
    uint16_t halfmove;
    uint16_t fullmove;
    uint8_t hist_pos;     /* ring index of the current key */
    uint8_t hist_len;     /* usable earlier entries (<= HIST_MAX_BACK) */
    uint64_t hist[HIST_SIZE];
};

struct chess_undo {
    uint64_t key;
    uint16_t halfmove;
    uint8_t captured;
    uint8_t castling;
    uint8_t ep;
    uint8_t hist_len;
};

/* ---- constant tables (built by chess_init) ------------------------------ */
struct chess_magic {
    bb_t mask;
    bb_t magic;
    const bb_t *attacks;
    unsigned shift;
};

extern bb_t chess_knight_att[64];
extern bb_t chess_king_att[64];
extern bb_t chess_pawn_att[2][64];
extern bb_t chess_between[64][64]; /* squares strictly between, on a line */
extern bb_t chess_line[64][64];    /* the whole line through both, or 0 */
extern struct chess_magic chess_rook_magic[64];
extern struct chess_magic chess_bishop_magic[64];
extern uint64_t chess_zob_piece[16][64];
extern uint64_t chess_zob_castle[16];
extern uint64_t chess_zob_ep[8];
extern uint64_t chess_zob_side;

int chess_init(void);

static inline int lsb(bb_t b) { return __builtin_ctzll(b); }
static inline int popcount(bb_t b) { return __builtin_popcountll(b); }
static inline bb_t sq_bb(int sq) { return (bb_t)1 << sq; }
static inline int pop_lsb(bb_t *b)
{
    int s = lsb(*b);
    *b &= *b - 1;
    return s;
}
static inline bool more_than_one(bb_t b) { return (b & (b - 1)) != 0; }

static inline bb_t rook_att(int sq, bb_t occ)
{
    const struct chess_magic *m = &chess_rook_magic[sq];
    return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}
static inline bb_t bishop_att(int sq, bb_t occ)
{
    const struct chess_magic *m = &chess_bishop_magic[sq];
    return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}

#define FILE_A 0x0101010101010101ULL
#define FILE_H (FILE_A << 7)
#define RANK_1 0xFFULL
#define RANK_8 (RANK_1 << 56)

static inline const struct chess_pos *CP(const void *p) { return p; }

static inline bb_t occupied(const struct chess_pos *p)
{
    return p->by_color[WHITE] | p->by_color[BLACK];
}
static inline bb_t pieces_of(const struct chess_pos *p, int color, int type)
{
    return p->by_type[type] & p->by_color[color];
}
static inline int king_sq(const struct chess_pos *p, int color)
{
    return lsb(pieces_of(p, color, KING));
}

/* All pieces of both colours attacking sq, given occupancy occ. */
static inline bb_t attackers_to(const struct chess_pos *p, int sq, bb_t occ)
{
    return (chess_pawn_att[BLACK][sq] & pieces_of(p, WHITE, PAWN))
         | (chess_pawn_att[WHITE][sq] & pieces_of(p, BLACK, PAWN))
         | (chess_knight_att[sq] & p->by_type[KNIGHT])
         | (chess_king_att[sq] & p->by_type[KING])
         | (bishop_att(sq, occ) & (p->by_type[BISHOP] | p->by_type[QUEEN]))
         | (rook_att(sq, occ) & (p->by_type[ROOK] | p->by_type[QUEEN]));
}

/* Is sq attacked by colour `by`, with occupancy occ? */
static inline bool sq_attacked(const struct chess_pos *p, int sq, int by, bb_t occ)
{
    bb_t them = p->by_color[by];
    return (chess_pawn_att[by ^ 1][sq] & p->by_type[PAWN] & them)
        || (chess_knight_att[sq] & p->by_type[KNIGHT] & them)
        || (chess_king_att[sq] & p->by_type[KING] & them)
        || (bishop_att(sq, occ) & (p->by_type[BISHOP] | p->by_type[QUEEN]) & them)
        || (rook_att(sq, occ) & (p->by_type[ROOK] | p->by_type[QUEEN]) & them);
}

static inline bb_t checkers_of(const struct chess_pos *p)
{
    int us = p->side;
    return attackers_to(p, king_sq(p, us), occupied(p)) & p->by_color[us ^ 1];
}

/* ---- module functions shared between files ------------------------------ */
/* movegen.c */
int chess_gen_legal(const struct chess_pos *p, gt_move *list, bool tactical_only);
int chess_generate(const void *pos, enum gt_gen kind, gt_move *moves);
bool chess_is_legal(const void *pos, gt_move m);
bool chess_in_check(const void *pos);
/* makemove.c */
void chess_make(void *pos, gt_move m, void *undo);
uint64_t chess_key_after(const void *pos, gt_move m);
void chess_unmake(void *pos, gt_move m, const void *undo);
void chess_make_null(void *pos, void *undo);
void chess_unmake_null(void *pos, const void *undo);
void chess_put_piece(struct chess_pos *p, int pc, int sq);
void chess_refresh_ep(struct chess_pos *p, int ep_sq);
uint64_t chess_compute_key(const struct chess_pos *p);
/* fen.c */
int chess_from_text(void *pos, const char *text, char *err, size_t err_len);
void chess_to_text(const void *pos, char *buf, size_t len);
void chess_setup_castling(struct chess_pos *p, int slot, int rook_sq);
/* draw.c */
void chess_draw(const void *pos, char *buf, size_t len);
/* movetext.c */
void chess_move_to_text(const void *pos, gt_move m, char *buf, size_t len);
gt_move chess_move_from_text(const void *pos, const char *text, char *err,
                             size_t err_len);
/* san.c */
void chess_san_move_to_text(const void *pos, gt_move m, char *buf, size_t len);
gt_move chess_san_move_from_text(const void *pos, const char *text, char *err,
                                 size_t err_len);
/* rules.c */
enum gt_outcome chess_no_moves(const void *pos);
enum gt_outcome chess_rule_outcome(const void *pos, int ply);
const char *chess_end_reason(const void *pos, enum gt_outcome o);
bool chess_insufficient_material(const struct chess_pos *p);
/* tactics.c */
bool chess_is_noisy(const void *pos, gt_move m);
unsigned chess_move_index(const void *pos, gt_move m);
int chess_noisy_order(const void *pos, gt_move m);
bool chess_gives_check(const void *pos, gt_move m);
bool chess_see_ge(const void *pos, gt_move m, int threshold);
/* search_hints.c */
bool chess_null_ok(const void *pos);
enum gt_zugzwang_risk chess_zugzwang_risk(const void *pos);
/* eval.c */
void chess_eval_init(void);
int chess_evaluate(const void *pos, const int32_t *params);
int chess_eval_trace(const void *pos, const int32_t *params, double *coef);
extern const struct gt_param chess_eval_params[]; /* eval_weights.h */
/* features.c */
extern const struct gt_features chess_features;
/* book.c: Polyglot's keys and move codes */
extern const struct gt_book_codec chess_book;

#define CHESS_MAX_MOVES 256

#endif /* GTSEARCH_CHESS_H */
