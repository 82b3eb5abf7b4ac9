/* connect4.c -- Connect Four, the teaching module of gtsearch.
 *
 * Copy this file to start a new game.  It fills EVERY hook of
 * <gtsearch/game.h>, the optional ones too, and says why each answer is what
 * it is.  Read game.h first: it is the contract; this file is one way to
 * keep it.
 *
 * The game: 7 columns (a..g, left to right) of 6 rows (1..6, bottom to top).
 * Player x moves first (side 0), player o second (side 1).  A move drops a
 * disc into a column; four of one's own discs in a row (across, up, or along
 * a diagonal) win; a full board without a four is a draw.
 *
 * Board: two bitboards, one per player, in the classic layout of 7 bits per
 * column.  Bit 7*c + r is the cell of column c, row r (0 = bottom); bit
 * 7*c + 6 is a GUARD cell above each column that is never occupied.  The
 * guard is what makes line detection four shifts: stepping off the top of
 * one column, or diagonally off the board, always lands on a guard bit (or
 * above bit 48), which is empty, so no line can wrap around.
 *
 *      6 13 20 27 34 41 48   <- guard row
 *      5 12 19 26 33 40 47   row 6 (top)
 *      ...
 *      0  7 14 21 28 35 42   row 1 (bottom)
 *      a  b  c  d  e  f  g
 *
 * Moves: column + 1, so a = 1 ... g = 7 (0 is GT_MOVE_NONE, reserved).
 * Move text: the column letter, "a" .. "g".
 *
 * Position text (what follows `position fen`): the rows from top (row 6) to
 * bottom (row 1) separated by '/', each row left to right with x and o for
 * discs and digits 1-7 for runs of empty cells, then a space and the side to
 * move:  "7/7/7/7/3x3/2ox3 o"  (x on d1 and d2, o on c1; o to move).
 * The empty board is "7/7/7/7/7/7 x"; the word "startpos" is read as it too.
 *
 * Terminal convention (perft counts depend on it): the game ENDS when a
 * player connects four.  A position where someone has four has no moves:
 * generate() returns 0 and is_legal() says no.  rule_outcome() reports the
 * loss to the side to move, so the core never even asks for the moves there.
 * SPDX-License-Identifier: MIT
 */
#include <gtsearch/game.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { COLS = 7, ROWS = 6, BITS_PER_COL = 7 };

/* Masks: the bottom cell of each column, all 42 cells, alternate rows. */
#define BOTTOM UINT64_C(0x0040810204081)          /* a1 b1 ... g1 */
#define BOARD (BOTTOM * UINT64_C(0x3F))           /* rows 1..6, no guard */
#define ODD_ROWS (BOTTOM * UINT64_C(0x15))        /* rows 1, 3, 5 */
#define EVEN_ROWS (BOTTOM * UINT64_C(0x2A))       /* rows 2, 4, 6 */

static uint64_t column_bits(int c) { return UINT64_C(0x7F) << (BITS_PER_COL * c); }
static uint64_t top_cell(int c) { return UINT64_C(1) << (BITS_PER_COL * c + ROWS - 1); }

/* The position: flat memory the core may memcpy (no pointers). */
struct c4_pos {
    uint64_t discs[2]; /* discs[0]: x's discs, discs[1]: o's discs */
    uint8_t side;      /* 0: x to move, 1: o to move.  Kept explicitly
                          (not derived from the disc count) so that a null
                          move can flip it. */
    uint8_t null_move; /* value of the C4_NullMove option (see below) */
};

/* The columns in the order generate() lists them: centre first.  The centre
 * takes part in the most lines, so its moves are usually best and alpha-beta
 * cuts off sooner when it sees them first. */
static const int centre_first[COLS] = {3, 2, 4, 1, 5, 0, 6};

/* How many lines of four pass through each cell (3 in a corner, 13 in the
 * middle of the d column): the evaluation's sense of "central".  Built by
 * init() -- the one table this module computes instead of writing down. */
static int cell_weight[64];

/* ---- bitboard helpers -------------------------------------------------- */

static uint64_t occupied(const struct c4_pos *p) { return p->discs[0] | p->discs[1]; }

/* The cell a disc dropped in each column would land on, one bit per
 * non-full column: adding the bottom bit carries up through the discs. */
static uint64_t landing_cells(uint64_t mask) { return (mask + BOTTOM) & BOARD; }

/* Shifts that step one cell: up, right, up-right, down-right. */
static const int directions[4] = {1, BITS_PER_COL, BITS_PER_COL + 1, BITS_PER_COL - 1};

static bool has_four(uint64_t d)
{
    for (int i = 0; i < 4; i++) {
        int s = directions[i];
        uint64_t pairs = d & (d >> s);  /* a disc with another one step on */
        if (pairs & (pairs >> (2 * s))) /* two such pairs two steps apart */
            return true;
    }
    return false;
}

/* Empty cells that would complete a four for the discs d (a "threat"): the
 * cell is the end or a gap of three discs in line, in every direction. */
static uint64_t threat_cells(uint64_t d, uint64_t mask)
{
    uint64_t t = 0;
    for (int i = 0; i < 4; i++) {
        int s = directions[i];
        uint64_t behind = (d << s) & (d << 2 * s); /* discs 1 and 2 steps back */
        uint64_t ahead = (d >> s) & (d >> 2 * s);  /* discs 1 and 2 steps on */
        t |= behind & (d << 3 * s);                /* xxx_ */
        t |= behind & (d >> s);                    /* xx_x */
        t |= ahead & (d << s);                     /* x_xx */
        t |= ahead & (d >> 3 * s);                 /* _xxx */
    }
    return t & BOARD & ~mask;
}

static bool game_over(const struct c4_pos *p)
{
    return has_four(p->discs[0]) || has_four(p->discs[1]);
}

static int move_column(gt_move m) { return (int)m - 1; }

/* Cells where a disc of `who` would make four now: threats a disc can
 * reach.  Both players' sets together are the "tactical" cells: win or block. */
static uint64_t winning_cells(const struct c4_pos *p, int who)
{
    return threat_cells(p->discs[who], occupied(p)) & landing_cells(occupied(p));
}

static uint64_t landing_cell(const struct c4_pos *p, gt_move m)
{
    return landing_cells(occupied(p)) & column_bits(move_column(m));
}

/* Write an error message for from_text or move_from_text (err may be tiny
 * or absent) and return -1. */
static int fail(char *err, size_t err_len, const char *fmt, ...)
{
    if (err && err_len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, err_len, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* ---- init ---------------------------------------------------------------- */

static int c4_init(void)
{
    static const int step[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    memset(cell_weight, 0, sizeof cell_weight);
    for (int c = 0; c < COLS; c++)
        for (int r = 0; r < ROWS; r++)
            for (int d = 0; d < 4; d++) {
                int dc = step[d][0], dr = step[d][1];
                int ec = c + 3 * dc, er = r + 3 * dr; /* the line's far end */
                if (ec < COLS && er >= 0 && er < ROWS)
                    for (int k = 0; k < 4; k++) /* credit its four cells */
                        cell_weight[BITS_PER_COL * (c + k * dc) + r + k * dr]++;
            }
    return 0;
}

/* ---- position text ------------------------------------------------------- */

/* The rows, top (row 6) first; *sp moves past them. */
static int read_board(struct c4_pos *p, const char **sp, char *err, size_t len)
{
    int row = ROWS - 1, col = 0;
    for (const char *s = *sp;; s++) {
        char ch = *s;
        if (ch >= '1' && ch <= '7') {
            col += ch - '0';
        } else if (ch == 'x' || ch == 'o') {
            if (col < COLS)
                p->discs[ch == 'o'] |= UINT64_C(1) << (BITS_PER_COL * col + row);
            col++;
        } else if (ch == '/' || ch == ' ' || ch == '\0') {
            if (col < COLS)
                return fail(err, len, "row %d is too short (%d cells, expected 7)", row + 1, col);
            if (ch != '/') { /* the board ends here */
                *sp = s;
                return row ? fail(err, len, "only %d rows (expected 6)", ROWS - row) : 0;
            }
            if (row == 0)
                return fail(err, len, "too many rows (expected 6)");
            row--, col = 0;
        } else {
            return fail(err, len, "bad character '%c' in row %d (expected x, o, 1-7 or /)",
                        isprint((unsigned char)ch) ? ch : '?', row + 1);
        }
        if (col > COLS)
            return fail(err, len, "row %d is too long (more than 7 cells)", row + 1);
    }
}

/* Could the board arise in a game with this side to move?  (Subtler
 * impossibilities, such as two separate fours, are let through: the rule
 * hooks still answer correctly for them.) */
static int check_reachable(const struct c4_pos *p, char *err, size_t len)
{
    uint64_t mask = occupied(p);
    uint64_t floating = mask & ~(mask << 1) & ~BOTTOM; /* nothing below it */
    if (floating) {
        int b = __builtin_ctzll(floating);
        return fail(err, len, "floating disc at %c%d (the cell below it is empty)",
                    'a' + b / BITS_PER_COL, b % BITS_PER_COL + 1);
    }
    int nx = __builtin_popcountll(p->discs[0]), no = __builtin_popcountll(p->discs[1]);
    if (nx != no && nx != no + 1)
        return fail(err, len, "impossible disc counts: %d x and %d o "
                    "(x moves first, so x has as many discs as o or one more)", nx, no);
    int due = nx != no; /* who moves after nx + no alternating moves */
    if (p->side != due)
        return fail(err, len, "side %c contradicts the disc counts (%d x, %d o): %c is to move",
                    "xo"[p->side], nx, no, "xo"[due]);
    bool x_won = has_four(p->discs[0]), o_won = has_four(p->discs[1]);
    if (x_won && o_won)
        return fail(err, len, "both x and o have four in a row");
    if (has_four(p->discs[p->side])) /* the winner is to move: someone moved after */
        return fail(err, len, "%c has four in a row but the game went on after it",
                    "xo"[p->side]);
    return 0;
}

static int c4_from_text(void *vp, const char *text, char *err, size_t len)
{
    struct c4_pos *p = vp;
    memset(p, 0, sizeof *p); /* also the option flag: back to its default */
    const char *s = text ? text : "";
    s += strspn(s, " ");
    if (*s == '\0')
        return fail(err, len, "empty position text");
    if (strncmp(s, "startpos", 8) == 0) {
        s += 8 + strspn(s + 8, " ");
        return *s ? fail(err, len, "unexpected text after startpos: '%.16s'", s) : 0;
    }
    if (read_board(p, &s, err, len))
        return -1;
    s += strspn(s, " ");
    if (*s == '\0')
        return fail(err, len, "missing side to move (x or o)");
    if ((*s != 'x' && *s != 'o') || (s[1] != '\0' && s[1] != ' ')) {
        int n = (int)strcspn(s, " ");
        return fail(err, len, "bad side '%.*s' (expected x or o)", n > 16 ? 16 : n, s);
    }
    p->side = *s++ == 'o';
    s += strspn(s, " ");
    if (*s != '\0')
        return fail(err, len, "unexpected text after the side to move: '%.16s'", s);
    return check_reachable(p, err, len);
}

static void c4_to_text(const void *vp, char *buf, size_t len)
{
    const struct c4_pos *p = vp;
    char out[64], *o = out;
    for (int r = ROWS - 1; r >= 0; r--) {
        int empty = 0;
        for (int c = 0; c < COLS; c++) {
            uint64_t bit = UINT64_C(1) << (BITS_PER_COL * c + r);
            if (!(occupied(p) & bit)) {
                empty++;
                continue;
            }
            if (empty)
                *o++ = (char)('0' + empty);
            empty = 0;
            *o++ = (p->discs[0] & bit) ? 'x' : 'o';
        }
        if (empty)
            *o++ = (char)('0' + empty);
        *o++ = r ? '/' : ' ';
    }
    *o++ = "xo"[p->side];
    *o = '\0';
    if (len)
        snprintf(buf, len, "%s", out);
}

/* A unique key: per column, (discs of x) + (occupied) + (bottom bit) is
 * 2^height + (x's pattern), which fits the column's 7 bits and tells both
 * the height and who owns each disc.  Bit 49 adds the side to move (it
 * differs after a null move).  The mixer spreads the bits over the whole
 * word for the core's hash table; each of its steps is invertible, so two
 * different positions never share a key.  It costs a few instructions, so
 * recomputing beats storing and updating it. */
static uint64_t c4_key(const void *vp)
{
    const struct c4_pos *p = vp;
    uint64_t k = p->discs[0] + occupied(p) + BOTTOM + ((uint64_t)p->side << 49);
    k ^= k >> 31;
    k *= UINT64_C(0x7fb5d329728ea185);
    k ^= k >> 27;
    k *= UINT64_C(0x81dadef4bc2dd44d);
    k ^= k >> 33;
    return k;
}

static int c4_side(const void *vp) { return ((const struct c4_pos *)vp)->side; }

/* ---- moves --------------------------------------------------------------- */

/* ALL: every column with room, centre first.  TACTICAL: the moves that win
 * at once or stop the opponent's immediate win -- what quiescence search
 * should still look at.  CHECKS: unsupported (-1).  A check is an attack
 * that restricts the opponent's legal replies; in Connect Four every
 * non-full column stays legal whatever the threat, so there is no check
 * (in_check is always false) and nothing for a mate solver to list. */
static int c4_generate(const void *vp, enum gt_gen kind, gt_move *moves)
{
    const struct c4_pos *p = vp;
    if (kind == GT_GEN_CHECKS)
        return -1;
    if (game_over(p))
        return 0; /* the game ended with the last four */
    uint64_t wanted = landing_cells(occupied(p));
    if (kind == GT_GEN_NOISY)
        wanted &= winning_cells(p, 0) | winning_cells(p, 1);
    int n = 0;
    for (int i = 0; i < COLS; i++)
        if (wanted & column_bits(centre_first[i]))
            moves[n++] = (gt_move)centre_first[i] + 1;
    return n;
}

/* make/unmake need no undo record: the column names the disc to take back
 * (the top one).  undo_size is still 1, so the core never sizes a buffer 0. */
static void c4_make(void *vp, gt_move m, void *undo)
{
    struct c4_pos *p = vp;
    (void)undo;
    p->discs[p->side] |= landing_cell(p, m);
    p->side ^= 1;
}

static void c4_unmake(void *vp, gt_move m, const void *undo)
{
    struct c4_pos *p = vp;
    (void)undo;
    p->side ^= 1;
    uint64_t column = column_bits(move_column(m));
    uint64_t above = (occupied(p) & column) + (BOTTOM & column); /* 1st empty cell */
    p->discs[p->side] &= ~(above >> 1);                          /* the disc below it */
}

/* Any 32-bit value may arrive here (hash collisions): range first. */
static bool c4_is_legal(const void *vp, gt_move m)
{
    const struct c4_pos *p = vp;
    return m >= 1 && m <= COLS && !(occupied(p) & top_cell(move_column(m))) && !game_over(p);
}

static void c4_move_to_text(const void *vp, gt_move m, char *buf, size_t len)
{
    (void)vp;
    if (len)
        snprintf(buf, len, "%c", m >= 1 && m <= COLS ? (char)('a' + move_column(m)) : '?');
}

static gt_move c4_move_from_text(const void *vp, const char *text, char *err, size_t err_len)
{
    const struct c4_pos *p = vp;
    if (!text || text[0] < 'a' || text[0] > 'g' || text[1] != '\0') {
        fail(err, err_len, "bad move '%.16s' (expected a column letter a..g)", text ? text : "");
        return GT_MOVE_NONE;
    }
    gt_move m = (gt_move)(text[0] - 'a') + 1;
    if (game_over(p)) {
        fail(err, err_len, "illegal move %s: the game is over (%c has four in a row)",
            text, has_four(p->discs[0]) ? 'x' : 'o');
        return GT_MOVE_NONE;
    }
    if (!c4_is_legal(p, m)) {
        fail(err, err_len, "illegal move %s: column %s is full", text, text);
        return GT_MOVE_NONE;
    }
    return m;
}

/* Tactical = wins now or blocks a win now (the same set as TACTICAL). */
static bool c4_is_noisy(const void *vp, gt_move m)
{
    const struct c4_pos *p = vp;
    return landing_cell(p, m) & (winning_cells(p, 0) | winning_cells(p, 1));
}

/* History index: who drops into which cell -- 2 sides x 7 columns x 6 rows,
 * so the same disc on the same cell shares its statistics. */
static unsigned c4_move_index(const void *vp, gt_move m)
{
    const struct c4_pos *p = vp;
    uint64_t cell = landing_cell(p, m);
    unsigned row = cell ? (unsigned)__builtin_ctzll(cell) % BITS_PER_COL : 0;
    return ((unsigned)p->side * COLS + (unsigned)move_column(m)) * ROWS + row;
}

/* Own wins before blocks, then the centre. */
static int c4_noisy_order(const void *vp, gt_move m)
{
    const struct c4_pos *p = vp;
    int centre = 3 - abs(move_column(m) - 3);
    return ((landing_cell(p, m) & winning_cells(p, p->side)) ? 20 : 10) + centre;
}

/* ---- outcomes ------------------------------------------------------------ */

/* No check exists here (see generate); gives_check is left NULL, so the
 * core would make each move and ask this, always getting false. */
static bool c4_in_check(const void *vp)
{
    (void)vp;
    return false;
}

/* The four decides: the player who just moved made it, so the side to move
 * has lost.  (The side to move can only own a four if someone passed after
 * winning; answered anyway.)  No repetition rules: every move adds a disc,
 * so no position ever comes back, and `ply` is not needed. */
static enum gt_outcome c4_rule_outcome(const void *vp, int ply)
{
    const struct c4_pos *p = vp;
    (void)ply;
    if (has_four(p->discs[p->side ^ 1]))
        return GT_LOSS;
    if (has_four(p->discs[p->side]))
        return GT_WIN;
    return GT_ONGOING;
}

/* No moves: a full board is a draw; a won game is decided as above. */
static enum gt_outcome c4_no_moves(const void *vp)
{
    enum gt_outcome o = c4_rule_outcome(vp, 0);
    return o == GT_ONGOING ? GT_DRAW : o;
}

/* The rule that ended the game, for the referee's and the tools' messages
 * ("x wins: four in a row").  The outcome says which of the two it was. */
static const char *c4_end_reason(const void *vp, enum gt_outcome o)
{
    (void)vp;
    return o == GT_DRAW ? "board full" : "four in a row";
}

/* ---- evaluation ---------------------------------------------------------- */

/* The weights are data (eval_weights.h): the engine passes the values in
 * force, and a tuner adjusts them through eval_trace.  The file makes the
 * table the core reads, the compiled-in values and the indexes. */
#define GT_PARAM(n, v, lo, hi) P_##n,
enum {
#include "eval_weights.h"
    NPARAMS
};
#undef GT_PARAM

#define GT_PARAM(n, v, lo, hi) {#n, v, lo, hi},
static const struct gt_param c4_eval_params[NPARAMS + 1] = {
#include "eval_weights.h"
    {NULL, 0, 0, 0},
};
#undef GT_PARAM

#define GT_PARAM(n, v, lo, hi) v,
static const int32_t compiled_in[NPARAMS] = {
#include "eval_weights.h"
};
#undef GT_PARAM

/* One side's features, the counts its weights multiply: lines through
 * its discs (cell_weight: central discs count), its threat cells, those
 * on its good rows (by the odd/even theory of zugzwang, x's threats on
 * odd rows and o's on even rows are the ones the filling of the board
 * tends to let them cash in), and those right above another of its own. */
static inline __attribute__((always_inline)) void features(const struct c4_pos *p, int who,
                                                           int f[NPARAMS])
{
    f[P_line] = 0;
    for (uint64_t b = p->discs[who]; b; b &= b - 1)
        f[P_line] += cell_weight[__builtin_ctzll(b)];
    uint64_t t = threat_cells(p->discs[who], occupied(p));
    f[P_threat] = __builtin_popcountll(t);
    f[P_threat_good_row] = __builtin_popcountll(t & (who == 0 ? ODD_ROWS : EVEN_ROWS));
    f[P_threat_stacked] = __builtin_popcountll(t & (t << 1));
}

/* The score is linear: sum((mine - theirs) * weight), so the trace's
 * coefficients are the feature differences.  Written once and inlined
 * into evaluate (coef NULL: the trace folds away, and with the compiled-in
 * values so do the features whose weight is 0) and into eval_trace. */
static inline __attribute__((always_inline)) int eval_body(const struct c4_pos *p,
                                                           const int32_t *w, double *coef)
{
    int mine[NPARAMS], theirs[NPARAMS];
    int64_t score = 0;
    features(p, p->side, mine);
    features(p, p->side ^ 1, theirs);
#pragma GCC unroll 8 /* unrolled early, a weight of 0 drops its feature */
    for (int i = 0; i < NPARAMS; i++)
        score += (int64_t)(mine[i] - theirs[i]) * w[i];
    /* Loaded weights may be anything: stay inside the evaluation band,
     * where the weights move the score no more. */
    bool clamped = score > GT_EVAL_MAX || score < -GT_EVAL_MAX;
    for (int i = 0; coef && i < NPARAMS; i++)
        coef[i] = clamped ? 0 : mine[i] - theirs[i];
    if (clamped)
        return score > 0 ? GT_EVAL_MAX : -GT_EVAL_MAX;
    return (int)score;
}

static int c4_evaluate(const void *vp, const int32_t *params)
{
    if (!params) /* the usual case: constants the compiler folds */
        return eval_body(vp, compiled_in, NULL);
    return eval_body(vp, params, NULL);
}

static int c4_eval_trace(const void *vp, const int32_t *params, double *coef)
{
    return eval_body(vp, params ? params : compiled_in, coef);
}

/* ---- input features for a learned evaluation ---------------------------- *
 * A network (doc/network.md) can stand in for the evaluation above.  It
 * reads the position as features, numbers that are on or off: here, "own
 * disc on d1" and "their disc on d1" for each of the 42 cells ("connect4-
 * cells", 84 per perspective).  A perspective is one player looking at the
 * board: x sees its discs as its own, o sees the same board with o's discs
 * as its own, so one set of weights learns for both.  Nothing here says
 * who is to move: the network is told that apart.
 *
 * Feature index: (their disc ? 42 : 0) + 6 * column + row. */
#define CELLS (COLS * ROWS)

static uint32_t cell_feature(int persp, int owner, int bit)
{
    int cell = bit / BITS_PER_COL * ROWS + bit % BITS_PER_COL;
    return (uint32_t)((owner != persp) * CELLS + cell);
}

/* Every disc on the board, as perspective persp sees it. */
static int c4_active(const void *vp, int persp, uint32_t *idx)
{
    const struct c4_pos *p = vp;
    int n = 0;
    for (int owner = 0; owner < 2; owner++)
        for (uint64_t b = p->discs[owner]; b; b &= b - 1)
            idx[n++] = cell_feature(persp, owner, __builtin_ctzll(b));
    return n;
}

/* What a move changes, so that the core updates the network's sums instead
 * of adding every disc again at each node: a drop adds one disc, the
 * mover's, and takes none away. */
static void c4_changes(const void *vp, gt_move m, struct gt_feature_change ch[2])
{
    const struct c4_pos *p = vp;
    int bit = __builtin_ctzll(landing_cell(p, m));
    for (int persp = 0; persp < 2; persp++) {
        ch[persp].refresh = false;
        ch[persp].nremoved = 0;
        ch[persp].nadded = 1;
        ch[persp].added[0] = cell_feature(persp, p->side, bit);
    }
}

/* The module's own trained network, built in (doc/network.md): a
 * correction to evaluate() learnt by `gtsearch train --residual` on
 * datagen's games; the build turns connect4.gtnet into this array. */
#include "games/connect4/net_data.h"

/* The board in a mirror, columns reversed, is the same game. */
static void c4_turn(const void *vp, int k, void *out)
{
    (void)k;                    /* the one symmetry */
    const struct c4_pos *p = vp;
    struct c4_pos *q = out;
    *q = *p;
    for (int who = 0; who < 2; who++) {
        q->discs[who] = 0;
        for (int c = 0; c < COLS; c++)
            q->discs[who] |= (p->discs[who] & column_bits(c)) >> (BITS_PER_COL * c)
                             << (BITS_PER_COL * (COLS - 1 - c));
    }
}

static const struct gt_features c4_features = {
    .name = "connect4-cells",
    .version = 1,
    .count = 2 * CELLS,
    .max_active = CELLS, /* a full board */
    .active = c4_active,
    .changes = c4_changes,
    .symmetries = 1,
    .turn = c4_turn,
    .net = connect4_net,
    .net_size = sizeof connect4_net,
};

/* ---- the null move ------------------------------------------------------- *
 * Null-move pruning asks "if I passed, would I still be above beta?" and
 * trusts the answer because moving is normally better than passing.
 * Connect Four is the opposite game: it is RULED by zugzwang.  Late in the
 * game both sides fill columns, and the player who must move is often forced
 * to play under the opponent's threat; the odd/even threat theory that
 * solves the game is exactly "who has to move decides".  A pass would
 * escape that, so a null search fails high in lost positions and the
 * search would prune them as good: wrong results, not just slower ones.
 * So null_ok says no (unless the C4_NullMove option is set to experiment),
 * zugzwang_risk says HIGH, and null_reduction stays small.  make_null and
 * unmake_null are written only to show them; leaving both NULL would
 * equally keep the core from passing. */
static void c4_make_null(void *vp, void *undo)
{
    (void)undo;
    ((struct c4_pos *)vp)->side ^= 1; /* key() reads side: the key changes */
}

static void c4_unmake_null(void *vp, const void *undo)
{
    (void)undo;
    ((struct c4_pos *)vp)->side ^= 1;
}

static bool c4_null_ok(const void *vp) { return ((const struct c4_pos *)vp)->null_move; }

static enum gt_zugzwang_risk c4_zugzwang_risk(const void *vp)
{
    (void)vp;
    return GT_RISK_HIGH;
}

/* Threats are short-range: a deep reduction would hide the reply to one. */
static int c4_null_reduction(const void *vp, int depth, int margin, int r)
{
    (void)vp, (void)depth, (void)margin;
    return r < 1 ? 1 : r > 2 ? 2 : r;
}

/* ---- options and bench ----------------------------------------------------- */

/* One illustrative option.  Its value lives in the position (the core
 * applies options after every from_text), so hooks read it without globals. */
static const struct gt_option_spec c4_options[] = {
    {.name = "C4_NullMove", .type = GT_OPT_CHECK, .def = "false"},
    {.name = NULL},
};

static bool same_word(const char *a, const char *b)
{
    while (*a && tolower((unsigned char)*a) == tolower((unsigned char)*b))
        a++, b++;
    return tolower((unsigned char)*a) == tolower((unsigned char)*b);
}

static void c4_set_option(void *vp, const char *name, const char *value)
{
    struct c4_pos *p = vp;
    if (name && value && same_word(name, "C4_NullMove"))
        p->null_move = same_word(value, "true");
}

/* Openings and middle games of 0 to 25 discs, made by playing the column
 * sequences noted beside them; in none can a move win or block at once. */
static const char *const c4_bench[] = {
    "7/7/7/7/7/7 x",                                 /* (empty board) */
    "7/7/7/7/7/3x3 o",                               /* d */
    "7/7/7/7/3o3/3x3 x",                             /* dd */
    "7/7/7/7/2o4/1xox3 x",                           /* bcdc */
    "7/7/2o4/2x4/2o4/2xxo2 x",                       /* decccc */
    "7/7/3o3/3xx2/3ox2/2oxo2 x",                     /* deedddec */
    "7/7/2o4/2x1o2/2oxx2/x1xoo2 x",                  /* ceadeccedc */
    "7/7/7/4o2/1xxox1x/oooxoxx o",                   /* gbfadeedbcgec */
    "7/7/2xo3/1xox3/1xoox2/oooxxox x",               /* dbgdeabcecbccfdd */
    "2x4/2ox3/2xo3/2xo3/1ooxx1o/oxxooxx o",          /* gdfeegdacdbccdcccbd */
    "2oo3/2xx3/2ox3/2xoox1/1ooxxo1/oxxoxxo x",       /* cdbcfgdbcdeadfeeddfccc */
    "1o2x2/1xxxo2/1xoox2/1ooxx2/1xxoxo1/oooxox1 o",  /* fbdeeaecbdccefdbbcbbceedd */
    NULL,
};

GT_MODULE(connect4) = {
    GT_ABI,
    .name = "connect4",
    .description = "Connect Four, 7x6 (the teaching module)",
    .author = "the gtsearch authors",
    .dialect = GT_UCI,
    .side_names = {"x", "o"},
    .startpos = "7/7/7/7/7/7 x",
    .pos_size = sizeof(struct c4_pos),
    .undo_size = 1,
    .max_moves = COLS,
    .move_index_count = 2 * COLS * ROWS,
    .eval_unit = 100,
    .init = c4_init,
    .from_text = c4_from_text,
    .to_text = c4_to_text,
    .key = c4_key,
    .side = c4_side,
    .generate = c4_generate,
    .make = c4_make,
    .unmake = c4_unmake,
    .is_legal = c4_is_legal,
    .move_to_text = c4_move_to_text,
    .move_from_text = c4_move_from_text,
    .is_noisy = c4_is_noisy,
    .move_index = c4_move_index,
    .noisy_order = c4_noisy_order,
    .gives_check = NULL, /* no checks: the core's fallback asks in_check */
    .see_ge = NULL,      /* no exchanges: discs are never captured */
    .in_check = c4_in_check,
    .no_moves = c4_no_moves,
    .rule_outcome = c4_rule_outcome,
    .end_reason = c4_end_reason,
    .evaluate = c4_evaluate,
    .eval_params = c4_eval_params,
    .eval_trace = c4_eval_trace,
    .features = &c4_features,
    .make_null = c4_make_null,
    .unmake_null = c4_unmake_null,
    .null_ok = c4_null_ok,
    .zugzwang_risk = c4_zugzwang_risk,
    .null_reduction = c4_null_reduction,
    .options = c4_options,
    .set_option = c4_set_option,
    .bench_positions = c4_bench,
    .bench_depth = 12,
};
