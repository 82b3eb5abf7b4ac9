/* tictactoe.c -- a complete game module in one small file, used by the
 * tests as a game built outside the gtsearch tree: it includes only
 * <gtsearch/game.h> and is loaded from its file with --game FILE.
 *
 * Board: two 9-bit masks (x, o), square 0 = top left, row by row.
 * Move: square + 1 (0 is "no move").  Text: the 9 cells row by row with
 * x, o or '.', a blank, and the side to move: "x........ o".
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include <gtsearch/game.h>

struct ttt {
    unsigned x, o;      /* occupied squares of each side */
    int side;           /* 0: x to move, 1: o to move */
};

static const unsigned lines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

static int has_line(unsigned m)
{
    for (int i = 0; i < 8; i++)
        if ((m & lines[i]) == lines[i])
            return 1;
    return 0;
}

/* The side that just moved made three in a row. */
static int decided(const struct ttt *p) { return has_line(p->side ? p->x : p->o); }

static int from_text(void *pos, const char *text, char *err, size_t len)
{
    struct ttt *p = pos;
    memset(p, 0, sizeof *p);
    for (int i = 0; i < 9; i++) {
        char c = text[i];
        if (c == 'x') p->x |= 1u << i;
        else if (c == 'o') p->o |= 1u << i;
        else if (c != '.') {
            snprintf(err, len, "cell %d: '%c' is not x, o or '.'", i + 1, c ? c : ' ');
            return -1;
        }
    }
    if (text[9] != ' ' || (text[10] != 'x' && text[10] != 'o') || text[11]) {
        snprintf(err, len, "expected 9 cells, a blank and the side to move (x or o)");
        return -1;
    }
    p->side = text[10] == 'o';
    int nx = __builtin_popcount(p->x), no = __builtin_popcount(p->o);
    if (nx - no != p->side) {
        snprintf(err, len, "%d x and %d o cannot have %c to move", nx, no, text[10]);
        return -1;
    }
    return 0;
}

static void to_text(const void *pos, char *buf, size_t len)
{
    const struct ttt *p = pos;
    char s[12];
    for (int i = 0; i < 9; i++)
        s[i] = p->x >> i & 1 ? 'x' : p->o >> i & 1 ? 'o' : '.';
    s[9] = ' ';
    s[10] = p->side ? 'o' : 'x';
    s[11] = 0;
    snprintf(buf, len, "%s", s);
}

static uint64_t key(const void *pos)
{
    const struct ttt *p = pos;
    uint64_t k = p->x | (uint64_t)p->o << 9 | (uint64_t)p->side << 18;
    k *= 0x9E3779B97F4A7C15ull;        /* spread the bits over the table */
    return k ^ k >> 29;
}

static int side(const void *pos) { return ((const struct ttt *)pos)->side; }

static int generate(const void *pos, enum gt_gen kind, gt_move *moves)
{
    const struct ttt *p = pos;
    int n = 0;
    if (kind == GT_GEN_CHECKS)
        return -1;
    if (kind == GT_GEN_NOISY || decided(p))
        return 0;
    for (int i = 0; i < 9; i++)
        if (!((p->x | p->o) >> i & 1))
            moves[n++] = (gt_move)i + 1;
    return n;
}

static void make(void *pos, gt_move m, void *undo)
{
    struct ttt *p = pos;
    (void)undo;
    if (p->side) p->o |= 1u << (m - 1);
    else p->x |= 1u << (m - 1);
    p->side ^= 1;
}

static void unmake(void *pos, gt_move m, const void *undo)
{
    struct ttt *p = pos;
    (void)undo;
    p->side ^= 1;
    p->x &= ~(1u << (m - 1));
    p->o &= ~(1u << (m - 1));
}

static bool is_legal(const void *pos, gt_move m)
{
    const struct ttt *p = pos;
    return m >= 1 && m <= 9 && !decided(p) && !((p->x | p->o) >> (m - 1) & 1);
}

static void move_to_text(const void *pos, gt_move m, char *buf, size_t len)
{
    (void)pos;
    snprintf(buf, len, "%c%c", 'a' + (int)(m - 1) % 3, '3' - (int)(m - 1) / 3);
}

static gt_move move_from_text(const void *pos, const char *t, char *err, size_t len)
{
    if (strlen(t) != 2 || t[0] < 'a' || t[0] > 'c' || t[1] < '1' || t[1] > '3') {
        snprintf(err, len, "bad move text '%s' (a square a1..c3)", t);
        return GT_MOVE_NONE;
    }
    gt_move m = (gt_move)(('3' - t[1]) * 3 + (t[0] - 'a') + 1);
    if (!is_legal(pos, m)) {
        snprintf(err, len, "illegal move %s", t);
        return GT_MOVE_NONE;
    }
    return m;
}

static bool is_noisy(const void *pos, gt_move m) { (void)pos; (void)m; return false; }
static unsigned move_index(const void *pos, gt_move m) { (void)pos; return m - 1; }
static bool in_check(const void *pos) { (void)pos; return false; }

static enum gt_outcome no_moves(const void *pos)
{
    return decided(pos) ? GT_LOSS : GT_DRAW;
}

static enum gt_outcome rule_outcome(const void *pos, int ply)
{
    (void)ply;
    return decided(pos) ? GT_LOSS : GT_ONGOING;
}

/* The words the referee and the tools use for the end. */
static const char *end_reason(const void *pos, enum gt_outcome o)
{
    (void)o;
    return decided(pos) ? "three in a row" : "board full";
}

static int evaluate(const void *pos, const int32_t *params)
{
    (void)pos;
    (void)params;
    return 0;
}

static void make_null(void *pos, void *undo) { (void)undo; ((struct ttt *)pos)->side ^= 1; }
static void unmake_null(void *pos, const void *undo) { (void)undo; ((struct ttt *)pos)->side ^= 1; }

static const char *const bench[] = {"......... x", "x...o.... x", NULL};

GT_MODULE(tictactoe) = {
    GT_ABI,
    .name = "tictactoe",
    .description = "Tic-tac-toe (a test module)",
    .author = "the gtsearch authors",
    .dialect = GT_UCI,
    .side_names = {"x", "o"},
    .startpos = "......... x",
    .pos_size = sizeof(struct ttt),
    .undo_size = 0,
    .max_moves = 9,
    .move_index_count = 9,
    .eval_unit = 100,
    .from_text = from_text,
    .to_text = to_text,
    .key = key,
    .side = side,
    .generate = generate,
    .make = make,
    .unmake = unmake,
    .is_legal = is_legal,
    .move_to_text = move_to_text,
    .move_from_text = move_from_text,
    .is_noisy = is_noisy,
    .move_index = move_index,
    .in_check = in_check,
    .no_moves = no_moves,
    .rule_outcome = rule_outcome,
    .end_reason = end_reason,
    .evaluate = evaluate,
    .make_null = make_null,
    .unmake_null = unmake_null,
    .bench_positions = bench,
    .bench_depth = 9,
};
