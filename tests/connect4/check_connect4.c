/* check_connect4.c -- the connect4 module through its hook table: position
 * text (round trips and every error), move text, the hooks' answers on
 * hand-made positions, keys, options and the bench set.  The comparisons
 * with an independent implementation live in check_connect4_ref.c.
 * SPDX-License-Identifier: MIT */
#include <check.h>
#include <gtsearch/game.h>

#include <stdlib.h>
#include <string.h>

extern const struct gt_game connect4_LTX_gt_module;
static const struct gt_game *const G = &connect4_LTX_gt_module;

enum { POS_MAX = 256 };
typedef union { unsigned char bytes[POS_MAX]; uint64_t align; } pos_buf;

static void setup(void)
{
    ck_assert_uint_le(G->pos_size, POS_MAX);
    ck_assert_int_eq(G->init(), 0);
}

/* Parse text that must be valid. */
static void load(pos_buf *p, const char *text)
{
    char err[128] = "";
    int rc = G->from_text(p, text, err, sizeof err);
    ck_assert_msg(rc == 0, "'%s' rejected: %s", text, err);
}

/* The error message of text that must be rejected. */
static const char *reject(const char *text)
{
    static char err[160];
    pos_buf p;
    strcpy(err, "(no message)");
    ck_assert_msg(G->from_text(&p, text, err, sizeof err) == -1, "'%s' accepted", text);
    return err;
}

static void to_text(const pos_buf *p, char *buf) { G->to_text(p, buf, 64); }

/* Play moves given as column letters, each through move_from_text. */
static void play(pos_buf *p, const char *cols)
{
    char err[128], mv[2] = {0, 0};
    unsigned char undo[16];
    ck_assert_uint_le(G->undo_size, sizeof undo);
    for (; *cols; cols++) {
        mv[0] = *cols;
        gt_move m = G->move_from_text(p, mv, err, sizeof err);
        ck_assert_msg(m != GT_MOVE_NONE, "move %s: %s", mv, err);
        G->make(p, m, undo);
    }
}

static int gen(const pos_buf *p, enum gt_gen kind, gt_move *moves)
{
    return G->generate(p, kind, moves);
}

/* ---- identity and text --------------------------------------------------- */

START_TEST(identity)
{
    ck_assert_int_eq(G->abi_version, GT_ABI_VERSION);
    ck_assert_str_eq(G->name, "connect4");
    ck_assert_int_eq(G->max_moves, 7);
    ck_assert_uint_eq(G->move_index_count, 2 * 7 * 6);
    ck_assert_uint_ge(G->undo_size, 1);
    ck_assert_int_eq(G->dialect, GT_UCI);
    pos_buf p;
    char buf[64];
    load(&p, G->startpos);
    to_text(&p, buf);
    ck_assert_str_eq(buf, "7/7/7/7/7/7 x");
    ck_assert_int_eq(G->side(&p), 0);
}
END_TEST

START_TEST(text_round_trips)
{
    static const char *const texts[] = {
        "7/7/7/7/7/7 x",
        "7/7/7/7/7/3x3 o",
        "7/7/7/7/3x3/2ox3 o",
        "7/7/7/7/7/xoxoxox o",
        "o6/x6/o6/x6/o6/x6 x",
        "7/7/7/7/ooo4/xxxx3 o",            /* x has just won */
        "1o2x2/1xxxo2/1xoox2/1ooxx2/1xxoxo1/oooxox1 o",
    };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        pos_buf p, q;
        char buf[64];
        load(&p, texts[i]);
        to_text(&p, buf);
        ck_assert_str_eq(buf, texts[i]);
        load(&q, buf);
        ck_assert_uint_eq(G->key(&p), G->key(&q));
    }
}
END_TEST

START_TEST(text_startpos_and_spaces)
{
    pos_buf p;
    char buf[64];
    load(&p, "startpos");
    to_text(&p, buf);
    ck_assert_str_eq(buf, "7/7/7/7/7/7 x");
    load(&p, "  startpos  ");
    to_text(&p, buf);
    ck_assert_str_eq(buf, "7/7/7/7/7/7 x");
    load(&p, "  7/7/7/7/7/3x3   o  ");
    to_text(&p, buf);
    ck_assert_str_eq(buf, "7/7/7/7/7/3x3 o");
    load(&p, "7/7/7/7/7/34 x"); /* runs may be split; the writer never does */
    to_text(&p, buf);
    ck_assert_str_eq(buf, "7/7/7/7/7/7 x");
}
END_TEST

START_TEST(text_errors)
{
    static const struct { const char *text, *err; } cases[] = {
        {"", "empty position text"},
        {"   ", "empty position text"},
        {"startpos x", "unexpected text after startpos: 'x'"},
        {"7/7/7/7/7/3q3 x", "bad character 'q' in row 1 (expected x, o, 1-7 or /)"},
        {"7/7/7/7/7/0 x", "bad character '0' in row 1 (expected x, o, 1-7 or /)"},
        {"7/7/X6/7/7/7 x", "bad character 'X' in row 4 (expected x, o, 1-7 or /)"},
        {"7/7/7/7/7/3\0013 x", "bad character '?' in row 1 (expected x, o, 1-7 or /)"},
        {"7/7/7/7/7/44 x", "row 1 is too long (more than 7 cells)"},
        {"8/7/7/7/7/7 x", "bad character '8' in row 6 (expected x, o, 1-7 or /)"},
        {"7/7/7/7/7/xoxoxoxo x", "row 1 is too long (more than 7 cells)"},
        {"7/7/7/7/7/6 x", "row 1 is too short (6 cells, expected 7)"},
        {"7//7/7/7/7 x", "row 5 is too short (0 cells, expected 7)"},
        {"7/7/7/7/7/7/7 x", "too many rows (expected 6)"},
        {"7/7/7/7/7 x", "only 5 rows (expected 6)"},
        {"7/7/7/7/7/7", "missing side to move (x or o)"},
        {"7/7/7/7/7/7   ", "missing side to move (x or o)"},
        {"7/7/7/7/7/7 z", "bad side 'z' (expected x or o)"},
        {"7/7/7/7/7/7 xo", "bad side 'xo' (expected x or o)"},
        {"7/7/7/7/7/7 x 5", "unexpected text after the side to move: '5'"},
        {"7/7/7/7/3x3/7 o", "floating disc at d2 (the cell below it is empty)"},
        {"x6/o6/x6/7/o6/x6 x", "floating disc at a4 (the cell below it is empty)"},
        {"7/7/7/7/7/xx5 o", "impossible disc counts: 2 x and 0 o "
                            "(x moves first, so x has as many discs as o or one more)"},
        {"7/7/7/7/7/o6 x", "impossible disc counts: 0 x and 1 o "
                           "(x moves first, so x has as many discs as o or one more)"},
        {"7/7/7/7/7/x6 x", "side x contradicts the disc counts (1 x, 0 o): o is to move"},
        {"7/7/7/7/7/xo5 o", "side o contradicts the disc counts (1 x, 1 o): x is to move"},
        {"7/7/7/7/oooo3/xxxx3 x", "both x and o have four in a row"},
        {"7/7/7/7/o1oo3/xxxxo2 x", "x has four in a row but the game went on after it"},
        {"7/7/6o/6o/x5o/xxx1x1o o", "o has four in a row but the game went on after it"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        ck_assert_str_eq(reject(cases[i].text), cases[i].err);
}
END_TEST

/* Errors never overflow err, whatever its size, and a NULL err is fine. */
START_TEST(text_error_buffer_sizes)
{
    pos_buf p;
    char err[8];
    memset(err, '#', sizeof err);
    ck_assert_int_eq(G->from_text(&p, "junk", err, 5), -1);
    ck_assert_str_eq(err, "bad ");
    ck_assert_int_eq(err[5], '#');
    ck_assert_int_eq(G->from_text(&p, "junk", NULL, 0), -1);
    ck_assert_int_eq(G->from_text(&p, NULL, err, sizeof err), -1);
}
END_TEST

/* ---- moves ----------------------------------------------------------------- */

START_TEST(move_text)
{
    pos_buf p;
    char err[128], buf[8];
    load(&p, G->startpos);
    for (char c = 'a'; c <= 'g'; c++) {
        char in[2] = {c, 0};
        gt_move m = G->move_from_text(&p, in, err, sizeof err);
        ck_assert_uint_eq(m, (gt_move)(c - 'a' + 1));
        G->move_to_text(&p, m, buf, sizeof buf);
        ck_assert_str_eq(buf, in);
    }
    static const struct { const char *pos, *move, *err; } bad[] = {
        {"7/7/7/7/7/7 x", "z", "bad move 'z' (expected a column letter a..g)"},
        {"7/7/7/7/7/7 x", "", "bad move '' (expected a column letter a..g)"},
        {"7/7/7/7/7/7 x", "dd", "bad move 'dd' (expected a column letter a..g)"},
        {"7/7/7/7/7/7 x", "D", "bad move 'D' (expected a column letter a..g)"},
        {"o6/x6/o6/x6/o6/x6 x", "a", "illegal move a: column a is full"},
        {"7/7/7/7/ooo4/xxxx3 o", "e", "illegal move e: the game is over (x has four in a row)"},
        {"7/7/6o/6o/6o/xxx1x1o x", "e", "illegal move e: the game is over (o has four in a row)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        load(&p, bad[i].pos);
        strcpy(err, "(no message)");
        ck_assert_uint_eq(G->move_from_text(&p, bad[i].move, err, sizeof err), GT_MOVE_NONE);
        ck_assert_str_eq(err, bad[i].err);
    }
}
END_TEST

START_TEST(generate_centre_first)
{
    pos_buf p;
    gt_move moves[8];
    load(&p, G->startpos);
    ck_assert_int_eq(gen(&p, GT_GEN_ALL, moves), 7);
    static const gt_move order[7] = {4, 3, 5, 2, 6, 1, 7};
    for (int i = 0; i < 7; i++)
        ck_assert_uint_eq(moves[i], order[i]);
    ck_assert_int_eq(gen(&p, GT_GEN_NOISY, moves), 0);
    ck_assert_int_eq(gen(&p, GT_GEN_CHECKS, moves), -1);
    load(&p, "o6/x6/o6/x6/o6/x6 x"); /* column a full */
    ck_assert_int_eq(gen(&p, GT_GEN_ALL, moves), 6);
    ck_assert_uint_eq(moves[5], 7);
    ck_assert(!G->is_legal(&p, 1));
}
END_TEST

/* Any 32-bit value is safe; only 1..7 on a non-full column are moves. */
START_TEST(is_legal_garbage)
{
    pos_buf p;
    load(&p, G->startpos);
    static const gt_move junk[] = {0, 8, 9, 0x100, 0x80000001u, 0xFFFFFFFEu, GT_MOVE_NULL};
    for (size_t i = 0; i < sizeof junk / sizeof *junk; i++)
        ck_assert(!G->is_legal(&p, junk[i]));
    for (gt_move m = 1; m <= 7; m++)
        ck_assert(G->is_legal(&p, m));
}
END_TEST

/* x to move with c1 d1 e1: b1 and f1 win.  o's c2 d2 e2 threaten b2 and
 * f2, which are not playable yet, so they are not tactical. */
START_TEST(tactical_moves)
{
    pos_buf p;
    gt_move moves[8];
    load(&p, "7/7/7/7/2ooo2/2xxx2 x");
    int n = gen(&p, GT_GEN_NOISY, moves);
    ck_assert_int_eq(n, 2);
    ck_assert_uint_eq(moves[0], 2); /* b before f: centre-first order */
    ck_assert_uint_eq(moves[1], 6);
    ck_assert(G->is_noisy(&p, 2) && G->is_noisy(&p, 6));
    ck_assert(!G->is_noisy(&p, 4) && !G->is_noisy(&p, 1));
    /* d1 wins for x and blocks o's a1-c1: listed once */
    load(&p, "7/7/7/7/7/ooo1xxx x");
    ck_assert_int_eq(gen(&p, GT_GEN_NOISY, moves), 1);
    ck_assert_uint_eq(moves[0], 4);
    load(&p, "7/7/7/o6/o5x/o4xx x"); /* x must block a4; x has no win */
    ck_assert_int_eq(gen(&p, GT_GEN_NOISY, moves), 1);
    ck_assert_uint_eq(moves[0], 1);
    ck_assert_int_lt(G->noisy_order(&p, 1), 20);
    load(&p, "7/7/7/o5x/o5x/o5x x"); /* win at g4 beats block at a4 */
    ck_assert_int_eq(gen(&p, GT_GEN_NOISY, moves), 2);
    ck_assert_int_gt(G->noisy_order(&p, 7), G->noisy_order(&p, 1));
}
END_TEST

/* make then unmake restores every byte, and the move index names the cell. */
START_TEST(make_unmake_restore)
{
    pos_buf p, before;
    unsigned char undo[16];
    load(&p, "7/7/2xo3/1xox3/1xoox2/oooxxox x");
    memcpy(&before, &p, sizeof p);
    gt_move moves[8];
    int n = gen(&p, GT_GEN_ALL, moves);
    ck_assert_int_eq(n, 7);
    for (int i = 0; i < n; i++) {
        G->make(&p, moves[i], undo);
        ck_assert_int_eq(G->side(&p), 1);
        ck_assert_uint_ne(G->key(&p), G->key(&before));
        G->unmake(&p, moves[i], undo);
        ck_assert_mem_eq(&p, &before, G->pos_size);
    }
    /* column c holds 4 discs: the next one lands on c5 (row index 4) */
    ck_assert_uint_eq(G->move_index(&p, 3), (0 * 7 + 2) * 6 + 4);
    G->make(&p, 1, undo); /* now o drops: the other side's half */
    ck_assert_uint_eq(G->move_index(&p, 3), (1 * 7 + 2) * 6 + 4);
}
END_TEST

/* ---- outcomes --------------------------------------------------------------- */

/* After the winning move: the side to move has lost, has no moves, and
 * no_moves agrees.  One win of each direction, for both players. */
START_TEST(rule_outcome_won)
{
    static const char *const won[] = {
        "7/7/7/7/ooo4/xxxx3 o",          /* x across */
        "7/7/x6/xo5/xo5/xo5 o",          /* x up */
        "7/7/3x3/2xo3/1xxo3/xooxo2 o",   /* x diagonal / */
        "7/7/x6/ox5/xox4/oxxxooo o",     /* x diagonal \ */
        "7/7/6o/6o/6o/xxx1x1o x",        /* o up */
        "7/7/7/x6/oooo3/xxxox2 x",       /* o across */
    };
    for (size_t i = 0; i < sizeof won / sizeof *won; i++) {
        pos_buf p;
        gt_move moves[8];
        load(&p, won[i]);
        ck_assert_msg(G->rule_outcome(&p, 0) == GT_LOSS, "%s", won[i]);
        ck_assert_int_eq(G->rule_outcome(&p, 7), GT_LOSS);
        ck_assert_int_eq(gen(&p, GT_GEN_ALL, moves), 0);
        ck_assert_int_eq(gen(&p, GT_GEN_NOISY, moves), 0);
        ck_assert_int_eq(G->no_moves(&p), GT_LOSS);
        for (gt_move m = 1; m <= 7; m++)
            ck_assert(!G->is_legal(&p, m));
    }
}
END_TEST

START_TEST(rule_outcome_after_winning_move)
{
    pos_buf p;
    unsigned char undo[16];
    load(&p, "7/7/7/7/ooo4/xxx4 x");
    ck_assert_int_eq(G->rule_outcome(&p, 0), GT_ONGOING);
    G->make(&p, 4, undo);
    ck_assert_int_eq(G->rule_outcome(&p, 1), GT_LOSS);
    G->unmake(&p, 4, undo);
    ck_assert_int_eq(G->rule_outcome(&p, 0), GT_ONGOING);
    G->make(&p, 5, undo); /* not the win */
    ck_assert_int_eq(G->rule_outcome(&p, 1), GT_ONGOING);
}
END_TEST

/* A full board without a four is a draw: no moves, no rule result. */
START_TEST(full_board_draw)
{
    pos_buf p;
    gt_move moves[8];
    load(&p, "xxoxxox/ooxooxo/xxoxxox/ooxooxo/xxoxxox/ooxooxo x");
    ck_assert_int_eq(G->rule_outcome(&p, 0), GT_ONGOING);
    ck_assert_int_eq(gen(&p, GT_GEN_ALL, moves), 0);
    ck_assert_int_eq(G->no_moves(&p), GT_DRAW);
    ck_assert(!G->in_check(&p));
}
END_TEST

START_TEST(no_check_in_connect_four)
{
    pos_buf p;
    load(&p, "7/7/7/7/2ooo2/2xxx2 x");
    ck_assert(!G->in_check(&p));
    ck_assert_ptr_null(G->gives_check);
    ck_assert_ptr_null(G->see_ge);
}
END_TEST

/* ---- keys ---------------------------------------------------------------------- */

START_TEST(key_side_and_transpositions)
{
    pos_buf p, q;
    unsigned char undo[16];
    load(&p, G->startpos);
    uint64_t k0 = G->key(&p);
    G->make_null(&p, undo); /* same discs, o to move */
    ck_assert_int_eq(G->side(&p), 1);
    ck_assert_uint_ne(G->key(&p), k0);
    G->unmake_null(&p, undo);
    ck_assert_uint_eq(G->key(&p), k0);

    load(&p, G->startpos);
    play(&p, "dcea");
    load(&q, G->startpos);
    play(&q, "eadc"); /* the same discs in another order */
    ck_assert_uint_eq(G->key(&p), G->key(&q));
    load(&q, G->startpos);
    play(&q, "dace"); /* x and o swapped on a and c */
    ck_assert_uint_ne(G->key(&p), G->key(&q));
}
END_TEST

/* ---- evaluation, null move, options, bench ------------------------------------- */

START_TEST(evaluate_prefers_centre_and_is_side_relative)
{
    pos_buf centre, edge;
    unsigned char undo[16];
    load(&centre, "7/7/7/7/7/3x3 o");
    load(&edge, "7/7/7/7/7/x6 o");
    ck_assert_int_lt(G->evaluate(&centre, NULL), G->evaluate(&edge, NULL));
    ck_assert_int_lt(G->evaluate(&centre, NULL), 0); /* o to move, x is better */
    int e = G->evaluate(&centre, NULL);
    G->make_null(&centre, undo);
    ck_assert_int_eq(G->evaluate(&centre, NULL), -e);
    G->unmake_null(&centre, undo);
    ck_assert_int_eq(G->evaluate(&centre, NULL), e);
}
END_TEST

/* ---- the weights as data ------------------------------------------------- */

enum { NPARAMS = 4 };

START_TEST(eval_params_table)
{
    static const struct { const char *name; int value; } want[NPARAMS] = {
        {"line", 2}, {"threat", 50}, {"threat_good_row", 50}, {"threat_stacked", 0}};
    const struct gt_param *w = G->eval_params;
    ck_assert_ptr_nonnull(G->eval_trace);
    for (int i = 0; i < NPARAMS; i++) {
        ck_assert_str_eq(w[i].name, want[i].name);
        ck_assert_int_eq(w[i].value, want[i].value);
        ck_assert(w[i].min <= w[i].value && w[i].value <= w[i].max);
    }
    ck_assert_ptr_null(w[NPARAMS].name);
}
END_TEST

/* The features counted the slow way, on a grid[column][row] of 'x', 'o'
 * or 0: every line of four by its first cell and direction. */
struct features { int line, threat, good, stacked; };

static bool on_board(int c, int r) { return c >= 0 && c < 7 && r >= 0 && r < 6; }

/* Does a disc of `who` on the empty cell (c, r) complete a four? */
static bool completes_four(char grid[7][6], int c, int r, char who)
{
    static const int dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int d = 0; d < 4; d++)
        for (int back = 0; back < 4; back++) { /* (c, r) is cell `back` of the line */
            int c0 = c - back * dir[d][0], r0 = r - back * dir[d][1], own = 0;
            for (int k = 0; k < 4; k++) {
                int cc = c0 + k * dir[d][0], rr = r0 + k * dir[d][1];
                own += on_board(cc, rr) && k != back && grid[cc][rr] == who;
            }
            if (own == 3 && on_board(c0 + 3 * dir[d][0], r0 + 3 * dir[d][1]) && on_board(c0, r0))
                return true;
        }
    return false;
}

static struct features slow_features(char grid[7][6], char who)
{
    static const int dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    struct features f = {0, 0, 0, 0};
    bool threat[7][6] = {{false}};
    for (int c = 0; c < 7; c++)
        for (int r = 0; r < 6; r++) {
            for (int d = 0; d < 4; d++)   /* own discs of the lines starting here */
                if (on_board(c + 3 * dir[d][0], r + 3 * dir[d][1]))
                    for (int k = 0; k < 4; k++)
                        f.line += grid[c + k * dir[d][0]][r + k * dir[d][1]] == who;
            threat[c][r] = !grid[c][r] && completes_four(grid, c, r, who);
            f.threat += threat[c][r];
            f.good += threat[c][r] && r % 2 == (who == 'x' ? 0 : 1);
            f.stacked += threat[c][r] && r > 0 && threat[c][r - 1];
        }
    return f;
}

/* Random games, played on the module and on a grid side by side: at every
 * position the trace's coefficients are the slow features (side to move
 * minus opponent), the score is their sum with the weights (any weights:
 * the evaluation is linear), today's formula gives it with the
 * compiled-in ones, and moving a weight by d moves the score by exactly
 * coefficient * d. */
START_TEST(eval_trace_is_the_features)
{
    int32_t def[NPARAMS], w[NPARAMS];
    unsigned seed = 11;
    int positions = 0, stacked = 0;
    for (int i = 0; i < NPARAMS; i++)
        def[i] = G->eval_params[i].value;
    for (int game = 0; game < 300; game++) {
        pos_buf p;
        char grid[7][6] = {{0}};
        int height[7] = {0};
        unsigned char undo[16];
        gt_move moves[8];
        load(&p, G->startpos);
        for (int ply = 0;; ply++) {
            struct features a = slow_features(grid, "xo"[G->side(&p)]);
            struct features b = slow_features(grid, "xo"[!G->side(&p)]);
            double want[NPARAMS] = {a.line - b.line, a.threat - b.threat, a.good - b.good,
                                    a.stacked - b.stacked}, coef[NPARAMS];
            int e = G->evaluate(&p, NULL);
            ck_assert_int_eq(G->eval_trace(&p, NULL, coef), e);
            ck_assert_int_eq(G->evaluate(&p, def), e);
            ck_assert_int_eq(e, 2 * (int)want[0] + 50 * (int)want[1] + 50 * (int)want[2]);
            for (int i = 0; i < NPARAMS; i++) {
                ck_assert_msg(coef[i] == want[i], "game %d ply %d: %s %g, want %g", game, ply,
                              G->eval_params[i].name, coef[i], want[i]);
                w[i] = G->eval_params[i].min
                     + (int32_t)(rand_r(&seed) % (G->eval_params[i].max - G->eval_params[i].min + 1));
            }
            int ew = G->evaluate(&p, w);
            ck_assert_int_eq(G->eval_trace(&p, w, coef), ew);
            ck_assert_int_eq(ew, (int)(want[0] * w[0] + want[1] * w[1] + want[2] * w[2]
                                       + want[3] * w[3]));
            for (int i = 0; i < NPARAMS; i++) {
                w[i] += 7;
                ck_assert_int_eq(G->evaluate(&p, w) - ew, 7 * (int)coef[i]);
                w[i] -= 7;
            }
            positions++;
            stacked += want[3] != 0;
            int n = gen(&p, GT_GEN_ALL, moves);
            if (n == 0)
                break;
            gt_move m = moves[rand_r(&seed) % (unsigned)n];
            int col = (int)m - 1;
            grid[col][height[col]++] = "xo"[G->side(&p)];
            G->make(&p, m, undo);
        }
    }
    ck_assert_int_ge(positions, 5000);
    ck_assert_int_ge(stacked, 20); /* the new feature was seen at work */
}
END_TEST

/* By hand: x (a1 b1 c1: 3 + 4 + 5 lines) threatens d1, on its good row;
 * o (a2 b2 g1: 4 + 6 + 3 lines) threatens nothing. */
START_TEST(eval_trace_by_hand)
{
    pos_buf p;
    double coef[NPARAMS];
    unsigned char undo[16];
    load(&p, "7/7/7/7/oo5/xxx3o x");
    ck_assert_int_eq(G->eval_trace(&p, NULL, coef), 2 * -1 + 50 + 50);
    ck_assert(coef[0] == -1 && coef[1] == 1 && coef[2] == 1 && coef[3] == 0);
    G->make_null(&p, undo); /* o to move: the other way round */
    ck_assert_int_eq(G->eval_trace(&p, NULL, coef), -98);
    ck_assert(coef[0] == 1 && coef[1] == -1 && coef[2] == -1 && coef[3] == 0);
    /* weights out of all proportion: the score stays in the band, where
     * no weight moves it */
    int32_t w[NPARAMS] = {100000, 0, 0, 0};
    ck_assert_int_eq(G->eval_trace(&p, w, coef), GT_EVAL_MAX); /* o: +1 line */
    ck_assert_int_eq(G->evaluate(&p, w), GT_EVAL_MAX);
    ck_assert(coef[0] == 0 && coef[1] == 0 && coef[2] == 0 && coef[3] == 0);
}
END_TEST

START_TEST(null_move_policy)
{
    pos_buf p;
    load(&p, G->startpos);
    ck_assert(!G->null_ok(&p)); /* zugzwang rules this game */
    ck_assert_int_eq(G->zugzwang_risk(&p), GT_RISK_HIGH);
    ck_assert_int_eq(G->null_reduction(&p, 12, 300, 4), 2);
    ck_assert_int_eq(G->null_reduction(&p, 3, 0, 1), 1);
    ck_assert_int_eq(G->null_reduction(&p, 3, 0, 0), 1);
}
END_TEST

START_TEST(option_null_move)
{
    pos_buf p;
    ck_assert_str_eq(G->options[0].name, "C4_NullMove");
    ck_assert_int_eq(G->options[0].type, GT_OPT_CHECK);
    ck_assert_str_eq(G->options[0].def, "false");
    ck_assert_ptr_null(G->options[1].name);
    load(&p, G->startpos);
    G->set_option(&p, "C4_NullMove", "true");
    ck_assert(G->null_ok(&p));
    G->set_option(&p, "c4_nullmove", "false");
    ck_assert(!G->null_ok(&p));
    G->set_option(&p, "c4_nullmove", "TRUE");
    ck_assert(G->null_ok(&p));
    G->set_option(&p, "SomethingElse", "false"); /* not ours: ignored */
    ck_assert(G->null_ok(&p));
    load(&p, G->startpos); /* from_text resets to the default */
    ck_assert(!G->null_ok(&p));
}
END_TEST

START_TEST(bench_positions)
{
    int n = 0;
    for (const char *const *t = G->bench_positions; *t; t++, n++) {
        pos_buf p;
        char buf[64];
        gt_move moves[8];
        load(&p, *t);
        to_text(&p, buf);
        ck_assert_str_eq(buf, *t);
        ck_assert_int_eq(G->rule_outcome(&p, 0), GT_ONGOING);
        ck_assert_int_gt(gen(&p, GT_GEN_ALL, moves), 0);
        ck_assert_int_eq(gen(&p, GT_GEN_NOISY, moves), 0);
    }
    ck_assert_int_ge(n, 8);
    ck_assert_int_le(n, 12);
    ck_assert_int_gt(G->bench_depth, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("connect4");
    struct { const char *name; const TTest *tests[8]; } groups[] = {
        {"text", {identity, text_round_trips, text_startpos_and_spaces, text_errors,
                  text_error_buffer_sizes}},
        {"moves", {move_text, generate_centre_first, is_legal_garbage, tactical_moves,
                   make_unmake_restore}},
        {"outcomes", {rule_outcome_won, rule_outcome_after_winning_move, full_board_draw,
                      no_check_in_connect_four}},
        {"keys", {key_side_and_transpositions}},
        {"policy", {evaluate_prefers_centre_and_is_side_relative, null_move_policy,
                    option_null_move, bench_positions}},
        {"weights", {eval_params_table, eval_trace_is_the_features, eval_trace_by_hand}},
    };
    for (size_t g = 0; g < sizeof groups / sizeof *groups; g++) {
        TCase *tc = tcase_create(groups[g].name);
        tcase_add_checked_fixture(tc, setup, NULL);
        for (int i = 0; i < 8 && groups[g].tests[i]; i++)
            tcase_add_test(tc, groups[g].tests[i]);
        suite_add_tcase(s, tc);
    }
    SRunner *r = srunner_create(s);
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
