/* shogi.h -- internal declarations of the shogi module.
 *
 * Board: a padded mailbox of 13 x 11 cells.  A square is
 *   sq = (file + 1) * 11 + rank      file 1..9, rank 1..9 (a = 1)
 * so one step toward rank a is -1 and one file is 11.  Every cell around
 * the 9x9 board holds SH_WALL, which stops sliders and steppers without
 * bounds tests; the extra wall file on each side keeps knight jumps inside
 * the array.  The 81 playing squares map to bits sq - SH_BIT0 (0..96) of a
 * 128-bit set, used to walk pieces and empty squares quickly.
 *
 * Pieces: type 1..14 (P L N S B R G K, then +P +L +N +S +B +R = type + 8),
 * plus 16 for gote.  Hands hold types 1..7 (P L N S B R G).
 *
 * Moves (32 bits, never 0 nor 0xFFFFFFFF):
 *   bits 0-7   destination square (always >= SH_BIT0, so a move is never 0)
 *   bits 8-15  origin square, or for a drop the dropped piece type (1..7)
 *   bit 16     promotion
 *   bit 17     drop
 * All other bits are zero in every move the module produces.
 * SPDX-License-Identifier: MIT
 */
#ifndef SHOGI_H
#define SHOGI_H

#include <gtsearch/game.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

__extension__ typedef unsigned __int128 shogi_bb;

#define SH_CELLS 143
#define SH_SQ(f, r) (((f) + 1) * 11 + (r))
#define SH_FILE(sq) ((sq) / 11 - 1)
#define SH_RANK(sq) ((sq) % 11)
#define SH_BIT0 SH_SQ(1, 1)
#define SH_BIT(sq) ((shogi_bb)1 << ((sq) - SH_BIT0))

enum shogi_type {
    SH_EMPTY = 0,
    SH_PAWN = 1, SH_LANCE, SH_KNIGHT, SH_SILVER, SH_BISHOP, SH_ROOK, SH_GOLD,
    SH_KING,
    SH_PPAWN, SH_PLANCE, SH_PKNIGHT, SH_PSILVER, SH_HORSE, SH_DRAGON
};
#define SH_PROMOTE 8
#define SH_GOTE 16
#define SH_WALL 32
#define SH_TYPE(pc) ((pc) & 15)
#define SH_COLOR(pc) ((pc) >> 4)
#define SH_PIECE(color, type) ((type) | ((color) << 4))
/* Lances, knights, bishops, rooks, horses and dragons: their lines and
 * jumps reach far from where they stand, so evaluate visits them wherever
 * they are, and the other pieces only near a king. */
#define SH_FAR_TYPES 0x606Cu
#define SH_IS_FAR(pc) ((SH_FAR_TYPES >> SH_TYPE(pc)) & 1)
/* Silvers, golds and the promoted minor pieces: near their own king they
 * defend it (pawns and the king itself count near the enemy king only). */
#define SH_DEF_TYPES 0x1E90u
#define SH_IS_DEF(pc) ((SH_DEF_TYPES >> SH_TYPE(pc)) & 1)

/* Move fields. */
#define SH_MOVE_TO(m) ((int)((m) & 0xFF))
#define SH_MOVE_FROM(m) ((int)(((m) >> 8) & 0xFF))
#define SH_MOVE_PROMO 0x10000u
#define SH_MOVE_DROP 0x20000u
#define SH_MAKE_MOVE(from, to) ((gt_move)((to) | ((from) << 8)))
#define SH_MAKE_DROP(type, to) ((gt_move)((to) | ((type) << 8) | SH_MOVE_DROP))

/* Repetition history: a ring of the last SH_HIST keys.  Older positions are
 * forgotten (a repetition across more than SH_HIST plies goes unnoticed), and
 * a null move starts a new view, so nothing before it is ever compared. */
#define SH_HIST 256
/* Before that scan, a filter: how many of the keys pushed and not yet
 * taken back (forgotten ones too) fall in each of these buckets, by the
 * key's top bits.  The position itself is one of them; a bucket holding
 * only it rules out any repetition without the scan, which in a game
 * some hundred plies long is otherwise a walk of the whole ring at every
 * node. */
#define SH_REP_BUCKETS 1024
static inline unsigned shogi_rep_bucket(uint64_t key) { return (unsigned)(key >> 54); }
/* Continuous-check counters saturate here (counted in plies, +2 a move). */
#define SH_CHECK_CAP 60000

/* The king square of a side that has no king: the attacker of a tsume
 * problem (see sfen.c; only the side to move of the SFEN may lack one, and
 * no move ever gives a king or takes one away).  Cell 0 is a wall in a
 * corner of the padded board, so stepping from it would leave the array:
 * every use of king[] tests shogi_has_king first (or reads only tables
 * whose entry for a wall cell is empty: zone, dir_between). */
#define SH_NO_KING 0

/* Entering-king declaration rules (option EnteringKingRule). */
enum shogi_ekr { SH_EKR_27, SH_EKR_24, SH_EKR_NONE };

struct shogi_pos {
    shogi_bb occ[2];            /* squares of each side's pieces */
    shogi_bb far[2];            /* the pieces that matter to evaluate away
                                   from the kings (SH_FAR_TYPES) */
    shogi_bb def[2];            /* ... and near their own king (SH_DEF_TYPES) */
    uint64_t key;               /* board + hands + side */
    uint64_t part_key[3];       /* the board's pawns, sente's other pieces,
                                   gote's (the search's correction keys) */
    uint8_t board[SH_CELLS];    /* piece codes, SH_WALL off the board */
    uint8_t hand[2][8];         /* hand[color][type 1..7] */
    uint8_t king[2];            /* king squares, SH_NO_KING for none */
    uint8_t side;               /* 0 sente, 1 gote */
    uint8_t checked;            /* side to move is in check */
    uint8_t ekr;                /* enum shogi_ekr */
    uint16_t pawn_files[2];     /* bit f-1 set: own unpromoted pawn on file f */
    uint16_t cont_check[2];     /* plies of uninterrupted checks by a side */
    uint16_t hist_n;            /* valid history entries behind this one */
    uint16_t hist_top;          /* ring index of the current position */
    uint32_t move_number;       /* SFEN move number */
    int32_t psq[2];             /* each side's material and placement, board
                                   and hand, with the compiled-in weights:
                                   kept by make, read by evaluate */
    int32_t guard[2];           /* ... and its defence around its own king */
    uint8_t ring_known;         /* bit c: ring[c] holds for this board */
    uint8_t ring[2];            /* c's king's neighbours the enemy attacks,
                                   the king lifted (ring.h's bits): a memo
                                   evaluate leaves for move generation, the
                                   pass test and the mate in one, which work
                                   it out where it is missing (a network may
                                   never call evaluate); make clears it,
                                   unmake brings the parent's back */
    uint8_t eval_known;         /* eval_memo holds (and then the rings do) */
    int32_t eval_memo;          /* evaluate's answer with the compiled-in
                                   weights: a pass turns it around, as the
                                   child of a null move asks for it */
    uint64_t hist[SH_HIST];     /* keys, hist[hist_top] is this position */
    uint16_t rep_count[SH_REP_BUCKETS];  /* the filter before the scan */
};

/* What make saves for unmake. */
struct shogi_undo {
    uint64_t key;
    uint64_t part_key[3];
    int32_t psq[2];
    int32_t guard[2];
    uint16_t cont_check[2];
    uint16_t hist_n;
    uint8_t captured;
    uint8_t checked;
    uint8_t ring_known;
    uint8_t ring[2];
    uint8_t eval_known;
    int32_t eval_memo;
};

/* ---- constant tables (tables.c, built by shogi_init) ------------------- */
extern const int shogi_dir_offset[8];       /* N S E W NE SW NW SE */
extern uint8_t shogi_step_dirs[SH_WALL + 1];  /* adjacent attack dirs */
extern uint8_t shogi_slide_dirs[SH_WALL + 1]; /* sliding dirs */
extern int8_t shogi_dir_between[SH_CELLS][SH_CELLS]; /* dir index or -1 */
extern uint8_t shogi_zone[2][SH_CELLS];     /* promotion zone of a side */
extern shogi_bb shogi_zone_bb[2];           /* ... as a set */
extern shogi_bb shogi_zone_reach_bb[2];     /* ... and the rank before it */
extern uint8_t shogi_dead[SH_WALL][SH_CELLS]; /* piece may not stay here */
extern shogi_bb shogi_board_bb;             /* all 81 squares */
extern shogi_bb shogi_near_bb[SH_CELLS];    /* the 5x5 box around a square
                                               (none around SH_NO_KING) */
extern shogi_bb shogi_lines_bb[SH_CELLS];   /* the 8 lines from a square,
                                               its neighbours left out */
extern shogi_bb shogi_ray_bb[SH_CELLS][8];  /* one line, to the board's edge */
/* The directions whose steps raise the bit index (S, W, SW, NW): a line's
 * nearest piece is its lowest bit there, its highest bit otherwise. */
#define SH_UP_DIRS 0x6Au
/* A slider's mobility by lines (with BMI2, ring.h): each square's four
 * lines, the direction pairs 2l and 2l + 1 (file, rank, the two
 * diagonals), gathered by PEXT into a 9-bit occupancy, the bits past the
 * line's end set. */
struct shogi_line {
    uint64_t lo, hi;     /* the line's squares in each word of a set */
    uint8_t lo_bits;     /* how many are in lo: hi's come after them */
    uint8_t pos;         /* the square's own place on the line */
    uint16_t past;       /* the index's bits past the line's end */
};
extern struct shogi_line shogi_line[SH_CELLS][4];
/* The empty squares from place pos of such an occupancy: toward higher
 * places (a direction of SH_UP_DIRS) in the low nibble, toward lower
 * ones in the high. */
extern uint8_t shogi_line_reach[9][512];
/* For a set of slide directions, byte l: the nibbles of line l's reach
 * that its directions take (0: none of them). */
extern uint32_t shogi_slide_nibbles[256];
/* The king's neighbours (bit d: king + shogi_dir_offset[d]) a piece
 * attacks by its steps from sq - king + 24 within the 5x5 box around the
 * king (ring.h), and from nowhere else. */
extern uint8_t shogi_step_ring[SH_WALL + 1][49];
/* Ring bits of a king's 3x3 box packed as 9 bits, rows k-12..k-10,
 * k-1..k+1, k+10..k+12 (ring.h), and the ring bits of the neighbours
 * of each square that are on the board. */
extern uint8_t shogi_ring9[512];
extern uint8_t shogi_ring_onboard[SH_CELLS];
/* The directions whose line from a square passes through or next to a
 * point df files and dr ranks away, by (df + 8) * 17 + dr + 8 (the
 * board's edge left out: a line may stop before it gets there). */
extern uint8_t shogi_touch[17 * 17];
/* A square's file * 17 + rank: the difference of two is the index above,
 * less 8 * 17 + 8, without the divisions by 11. */
extern uint8_t shogi_coord[SH_CELLS];
extern shogi_bb shogi_drop_ok[2][8];        /* legal drop squares by type */
extern shogi_bb shogi_file_fill[512];       /* files of a 9-bit set */
extern uint8_t shogi_sq81[256];  /* (file - 1) * 9 + rank - 1, 0 if not 0..80 */
extern uint64_t shogi_zob_piece[SH_WALL][SH_CELLS];
/* The most pieces of one type a hand can hold: the readers accept up to 40
 * pieces of any kinds (the kings not in hand), and captures fill hands. */
#define SH_HAND_MAX 38
extern uint64_t shogi_zob_hand[2][8][SH_HAND_MAX + 1];
extern uint64_t shogi_zob_side;
int shogi_init(void);

static inline int shogi_forward(int color) { return color ? 1 : -1; }
static inline bool shogi_has_king(const struct shogi_pos *p, int color)
{
    return p->king[color] != SH_NO_KING;
}
static inline int shogi_bb_pop(shogi_bb *b)
{
    uint64_t lo = (uint64_t)*b;
    int i;
    if (lo) i = __builtin_ctzll(lo);
    else i = 64 + __builtin_ctzll((uint64_t)(*b >> 64));
    *b &= *b - 1;
    return i + SH_BIT0;
}
/* One past the highest bit of b's squares, 0 for none. */
static inline int shogi_bb_top(shogi_bb b)
{
    uint64_t hi = (uint64_t)(b >> 64), lo = (uint64_t)b;
    return hi ? 128 - __builtin_clzll(hi) : lo ? 64 - __builtin_clzll(lo) : 0;
}
static inline int shogi_bb_count(shogi_bb b)
{
    return __builtin_popcountll((uint64_t)b) +
           __builtin_popcountll((uint64_t)(b >> 64));
}

/* ---- board (board.c) ---------------------------------------------------- */
bool shogi_attacked(const uint8_t *board, int sq, int by, int skip);
bool shogi_attacked_far(const uint8_t *board, shogi_bb far, int sq, int by,
                        int skip);
int shogi_attackers(const uint8_t *board, int sq, int by, uint8_t *from,
                    int max);
bool shogi_king_attacked(const struct shogi_pos *p, int color);
void shogi_clear(struct shogi_pos *p);
void shogi_put(struct shogi_pos *p, int sq, int pc);
void shogi_finish_setup(struct shogi_pos *p);
void shogi_make(struct shogi_pos *p, gt_move m, struct shogi_undo *u);
void shogi_unmake(struct shogi_pos *p, gt_move m, const struct shogi_undo *u);
void shogi_make_null(struct shogi_pos *p, struct shogi_undo *u);
void shogi_unmake_null(struct shogi_pos *p, const struct shogi_undo *u);
uint64_t shogi_compute_key(const struct shogi_pos *p);
uint64_t shogi_key_after(const struct shogi_pos *p, gt_move m);

/* ---- moves (movegen.c, check.c, legal.c) -------------------------------- */
/* A bound for every position the SFEN/KIF/CSA readers accept, not only
 * the reachable ones (593 is the most known there): at most 40 pieces
 * counting hands, the side not to move keeps its king, a board piece has
 * at most 16 targets, each promoting or not (32), the king 8, and a drop
 * goes to an empty square in at most 7 kinds.  With m of the mover's
 * pieces on the board and h kinds in hand (m <= 38 - h):
 * 32m + 8 + h(79 - m) <= 1224 + 9h + h*h <= 1336. */
#define SH_MAX_MOVES 1336
/* SH_GEN_BOARD: every legal move except drops; SH_GEN_QUIET: every legal
 * move that is neither a capture nor a promotion. */
enum shogi_gen { SH_GEN_ALL, SH_GEN_TACTICAL, SH_GEN_CHECKS, SH_GEN_BOARD,
                 SH_GEN_QUIET };
int shogi_generate(const struct shogi_pos *p, enum shogi_gen kind,
                   gt_move *moves);
int shogi_count_moves(const struct shogi_pos *p);
bool shogi_pawn_drop_mates(const struct shogi_pos *p, int sq);
bool shogi_gives_check(const struct shogi_pos *p, gt_move m);
int shogi_generate_checks(const struct shogi_pos *p, gt_move *moves);
bool shogi_piece_attacks(const uint8_t *board, int pc, int from, int target,
                         int vacated);
bool shogi_is_legal(const struct shogi_pos *p, gt_move m);
/* A move that mates at once by a check no drop can block, or none; and
 * whether such a check (the checker of `us` on sq, board b after the move)
 * leaves the king on k no answer (mate1.c). */
gt_move shogi_mate_in_one(const struct shogi_pos *p);
bool shogi_check_unanswerable(const uint8_t *b, shogi_bb far, shogi_bb theirs,
                               int sq, int k, int us);
/* Captures and promotions.  Inline here (and move_index below): the search
 * asks both of every move it orders. */
static inline bool shogi_is_noisy(const struct shogi_pos *p, gt_move m)
{
    if (m & SH_MOVE_PROMO) return true;
    return !(m & SH_MOVE_DROP) && p->board[SH_MOVE_TO(m)] != SH_EMPTY;
}

/* ---- text (sfen.c, draw.c, usi.c) -------------------------------------- */
int shogi_from_sfen(struct shogi_pos *p, const char *text, char *err,
                    size_t err_len);
void shogi_to_sfen(const struct shogi_pos *p, char *buf, size_t len);
void shogi_draw(const struct shogi_pos *p, char *buf, size_t len);
void shogi_move_to_usi(gt_move m, char *buf, size_t len);
gt_move shogi_move_from_usi(const struct shogi_pos *p, const char *text,
                            char *err, size_t err_len);

/* ---- notations (notation.c): kif, csa, xshogi, then a NULL name --------- */
extern const struct gt_notation shogi_notations[];

/* ---- record files (records_kif.c, records_csa.c): write_record, read_record - */
int shogi_kif_write_record(const struct gt_record *rec, FILE *out);
int shogi_kif_read_record(const char *text, char *start, size_t start_len,
                          char *moves, size_t moves_len, char *err,
                          size_t err_len);
int shogi_csa_write_record(const struct gt_record *rec, FILE *out);
int shogi_csa_read_record(const char *text, char *start, size_t start_len,
                          char *moves, size_t moves_len, char *err,
                          size_t err_len);

/* ---- KIF's encodings (kif_encoding.c) ----------------------------------- */
enum { SHOGI_KIF_UNKNOWN, SHOGI_KIF_UTF8, SHOGI_KIF_SJIS };
/* A .kif file is Shift_JIS (ext without its dot, any case; NULL: no). */
bool shogi_kif_sjis_ext(const char *ext);
/* UTF-8 text written to out as Shift_JIS (CP932), '?' for a character it
 * lacks; -1 when iconv has no Shift_JIS or on a write error. */
int shogi_kif_put_sjis(const char *text, size_t len, FILE *out);
/* One line of a KIF file as UTF-8: *enc (start SHOGI_KIF_UNKNOWN) is
 * decided by a "#KIF ... encoding=" line or by the first line beyond
 * ASCII; a Shift_JIS line is converted into buf.  Returns line or buf. */
const char *shogi_kif_decode_line(int *enc, const char *line, char *buf, size_t len);

/* ---- rules (rules.c) ---------------------------------------------------- */
enum gt_outcome shogi_rule_outcome(const struct shogi_pos *p, int ply);
/* rule_outcome with the name of the rule that decided in *why (why may be
 * NULL; untouched when GT_ONGOING). */
enum gt_outcome shogi_rule_verdict(const struct shogi_pos *p, int ply,
                                   const char **why);
const char *shogi_end_reason(const struct shogi_pos *p, enum gt_outcome o);
bool shogi_declaration_win(const struct shogi_pos *p);
void shogi_set_option(struct shogi_pos *p, const char *name,
                      const char *value);

/* ---- search helpers (search.c, eval.c) ---------------------------------- */
bool shogi_null_ok(const struct shogi_pos *p);
enum gt_zugzwang_risk shogi_zugzwang_risk(const struct shogi_pos *p);
/* The evaluation (eval.c): params NULL means the compiled-in weights,
 * shogi_eval_params[] (eval_weights.h).  The trace writes the coefficient
 * of every parameter into coef and returns what evaluate would. */
extern const struct gt_param shogi_eval_params[];
int shogi_evaluate(const struct shogi_pos *p, const int32_t *params);
void shogi_eval_init(void);  /* its tables, from shogi_init */
/* The eval memo after a pass: the same board seen by the other side. */
void shogi_eval_pass(struct shogi_pos *p);
int shogi_eval_trace(const struct shogi_pos *p, const int32_t *params,
                     double *coef);
/* Input features for a learned evaluation, "shogi-psq" (features.c). */
extern const struct gt_features shogi_features;
/* The compiled-in board value of a type (bits above 15 ignored; the king
 * none), a table built by shogi_eval_init: move ordering and SEE ask often. */
extern int32_t shogi_piece_values[16];
/* With the compiled-in weights: the material and placement of a piece on a
 * square, and the worth of n pieces of a type in hand; the sums of one
 * side's (shogi_psq) are what make keeps in psq. */
extern int16_t shogi_base_value[SH_WALL][SH_CELLS];
extern int32_t shogi_hand_value[8][SH_HAND_MAX + 1];
int32_t shogi_psq(const struct shogi_pos *p, int color);
/* The defence term of piece pc at offset sq - king + 24 from its own king
 * (0 outside the 5x5 box), and one side's sum of them (shogi_guard), what
 * make keeps in guard. */
extern int16_t shogi_def_value[SH_WALL][49];
int32_t shogi_guard(const struct shogi_pos *p, int color);
static inline int32_t shogi_guard_of(int pc, int sq, int king)
{
    unsigned o = (unsigned)(sq - king + 24);
    return o <= 48 ? shogi_def_value[pc][o] : 0;
}
static inline int shogi_piece_value(int type)
{
    return shogi_piece_values[type & 15];
}
int shogi_noisy_order(const struct shogi_pos *p, gt_move m);
bool shogi_see_ge(const struct shogi_pos *p, gt_move m, int threshold);
/* History slot: 21 kinds a side (14 board pieces, 7 drops) x 81 squares. */
#define SH_MOVE_INDEX_COUNT (42 * 81)
static inline unsigned shogi_move_index(const struct shogi_pos *p, gt_move m)
{
    unsigned kind;
    if (m & SH_MOVE_DROP) kind = 13u + (unsigned)SH_MOVE_FROM(m); /* 14..20 */
    else kind = (unsigned)SH_TYPE(p->board[SH_MOVE_FROM(m)]) - 1; /* 0..13 */
    if (kind > 20) kind = 0;
    return (p->side * 21u + kind) * 81u + shogi_sq81[SH_MOVE_TO(m)];
}

#endif /* SHOGI_H */
