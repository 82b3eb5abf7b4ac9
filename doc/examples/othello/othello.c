/* othello.c -- Othello (Reversi) as a gtsearch game module.
 * SPDX-License-Identifier: MIT
 *
 * The second teaching example, for a game that is not chess: a real pass,
 * an end decided by the moves available, a result with a margin (the
 * discs), and evaluation weights given as data.  It includes only
 * <gtsearch/game.h> and links against nothing of gtsearch:
 *     cc -std=c17 -O2 -shared -fPIC $(pkg-config --cflags gtsearch) \
 *        -o othello.so othello.c
 *
 * Board: one 64-bit mask of discs per side.  Square s = 8 * row + column,
 * so a1 = 0, h1 = 7, a2 = 8, ..., h8 = 63.
 *
 * Position text (the form Edax and GGS use): the 64 squares in that order,
 * a1..h1 first, each X (black), O (white) or - (empty), then a blank and
 * the side to move, X or O.  Drawn with row 1 at the top, the text is the
 * board read line by line.
 *
 * Moves: square + 1 (1..64; 0 is GT_MOVE_NONE), and PASS (65) for the
 * real pass.  Protocol text: "d3", and "pass". */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <gtsearch/game.h>

struct othello {
    uint64_t disc[2];   /* disc[0]: black's discs, disc[1]: white's */
    int side;           /* 0: black to move, 1: white */
};

#define PASS ((gt_move)65)
#define DISC 100        /* eval_unit: one disc */
#define FILE_A 0x0101010101010101ull
#define FILE_H 0x8080808080808080ull
#define CORNERS 0x8100000000000081ull
#define BIT(s) (1ull << (s))

static int count(uint64_t b) { return __builtin_popcountll(b); }

/* ---- move generation ---------------------------------------------------
 * The eight directions as shifts of a whole mask.  A shift along a row
 * would carry discs off the h file onto the a file of the next row (or
 * back), so those steps mask out the file the discs wrapped onto. */
static const struct { int shift; uint64_t keep; } dirs[8] = {
    {1, ~FILE_A}, {-1, ~FILE_H}, {8, ~0ull}, {-8, ~0ull},
    {9, ~FILE_A}, {7, ~FILE_H}, {-7, ~FILE_A}, {-9, ~FILE_H},
};

static uint64_t step(uint64_t b, int d)
{
    int s = dirs[d].shift;
    return (s > 0 ? b << s : b >> -s) & dirs[d].keep;
}

/* Every square where `me` may place a disc: an empty square at the end of
 * a run of the opponent's discs that starts next to one of mine.  All 64
 * squares at once, 8 directions times 7 steps: no loop over squares. */
static uint64_t placements(uint64_t me, uint64_t opp)
{
    uint64_t empty = ~(me | opp), legal = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t run = step(me, d) & opp;
        for (int i = 0; i < 5; i++)         /* a run has at most 6 discs */
            run |= step(run, d) & opp;
        legal |= step(run, d) & empty;
    }
    return legal;
}

/* The discs a placement on s turns over: in each direction, a run of the
 * opponent's discs closed by one of mine. */
static uint64_t flips(uint64_t me, uint64_t opp, int s)
{
    uint64_t all = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t run = 0, b = step(BIT(s), d);
        for (; b & opp; b = step(b, d))
            run |= b;
        if (b & me)
            all |= run;
    }
    return all;
}

static uint64_t mine(const struct othello *p) { return p->disc[p->side]; }
static uint64_t theirs(const struct othello *p) { return p->disc[!p->side]; }
static uint64_t legal_squares(const struct othello *p) { return placements(mine(p), theirs(p)); }

/* The rules' pass: no placement for the side to move, but one for the
 * opponent.  When neither side has one the game is over. */
static bool must_pass(const struct othello *p)
{
    return !legal_squares(p) && placements(theirs(p), mine(p));
}

/* ---- positions --------------------------------------------------------- */
#define SQ(s) 'a' + (s) % 8, '1' + (s) / 8     /* "%c%c": the square's name */

static int fail(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return -1;
}

/* Strict: the core shows our message to the user and keeps its old
 * position, so say exactly what is wrong, and never read past the NUL. */
static int from_text(void *pos, const char *text, char *err, size_t len)
{
    struct othello *p = pos;
    memset(p, 0, sizeof *p);
    size_t n = strcspn(text, " ");
    if (n != 64)
        return fail(err, len, "the board has %zu squares, expected 64 (X, O or -, a1..h1 first)",
                    n);
    for (int s = 0; s < 64; s++) {
        unsigned char c = (unsigned char)text[s];
        if (c == 'X')
            p->disc[0] |= BIT(s);
        else if (c == 'O')
            p->disc[1] |= BIT(s);
        else if (c > ' ' && c < 127 && c != '-')
            return fail(err, len, "square %c%c: '%c' is not X, O or -", SQ(s), c);
        else if (c != '-')
            return fail(err, len, "square %c%c: byte %d is not X, O or -", SQ(s), c);
    }
    if (text[64] == 0 || text[65] == 0)
        return fail(err, len, "missing the side to move (X or O) after the board");
    if (text[65] != 'X' && text[65] != 'O')
        return fail(err, len, "bad side to move '%.8s' (X or O)", text + 65);
    if (text[66])
        return fail(err, len, "unexpected text after the side to move: '%.16s'", text + 66);
    p->side = text[65] == 'O';
    /* The centre starts filled and discs never leave: a board with an
     * empty centre square is no Othello position. */
    uint64_t hole = (BIT(27) | BIT(28) | BIT(35) | BIT(36)) & ~(p->disc[0] | p->disc[1]);
    if (hole)
        return fail(err, len, "centre square %c%c is empty (d4, e4, d5 and e5 are never empty)",
                    SQ(__builtin_ctzll(hole)));
    return 0;
}

static void to_text(const void *pos, char *buf, size_t len)
{
    const struct othello *p = pos;
    char s[67];
    for (int i = 0; i < 64; i++)
        s[i] = p->disc[0] & BIT(i) ? 'X' : p->disc[1] & BIT(i) ? 'O' : '-';
    s[64] = ' ';
    s[65] = p->side ? 'O' : 'X';
    s[66] = 0;
    snprintf(buf, len, "%s", s);
}

/* The position is two words and a side, so hashing them from scratch is
 * cheaper than Zobrist keys updated for every disc a move turns over.
 * SplitMix64's finaliser spreads the bits; the side is a constant XORed
 * in, like a Zobrist side key, so that a null move changes the key. */
static uint64_t mix(uint64_t x)
{
    x = (x ^ x >> 30) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ x >> 27) * 0x94d049bb133111ebull;
    return x ^ x >> 31;
}

static uint64_t key(const void *pos)
{
    const struct othello *p = pos;
    return mix(mix(p->disc[0]) + p->disc[1]) ^ (p->side ? 0x9e3779b97f4a7c15ull : 0);
}

static int side(const void *pos) { return ((const struct othello *)pos)->side; }

/* ---- moves ------------------------------------------------------------- */
static int to_moves(uint64_t squares, gt_move *moves)
{
    int n = 0;
    for (; squares; squares &= squares - 1)
        moves[n++] = (gt_move)__builtin_ctzll(squares) + 1;
    return n;
}

/* GT_GEN_NOISY is what quiescence searches beyond the horizon.  Every
 * Othello move flips discs, so "moves that change the material" would be
 * every move and quiescence would play the game out.  Corners are the
 * few moves this evaluation misjudges most (a corner disc is never
 * flipped again), and there are at most four: the set dries up at once. */
static int generate(const void *pos, enum gt_gen kind, gt_move *moves)
{
    const struct othello *p = pos;
    if (kind == GT_GEN_CHECKS)
        return -1;                      /* no checks in Othello */
    uint64_t legal = legal_squares(p);
    if (kind == GT_GEN_NOISY)
        return to_moves(legal & CORNERS, moves);
    if (legal)
        return to_moves(legal, moves);
    if (placements(theirs(p), mine(p))) {
        moves[0] = PASS;                /* forced: the only legal move */
        return 1;
    }
    return 0;                           /* neither side can move: game over */
}

/* The undo record is the mask of flipped discs: unmake turns them back.
 * The core's undo memory has no particular alignment, hence memcpy. */
static void make(void *pos, gt_move m, void *undo)
{
    struct othello *p = pos;
    if (m != PASS) {
        int s = (int)m - 1;
        uint64_t f = flips(mine(p), theirs(p), s);
        p->disc[p->side] |= f | BIT(s);
        p->disc[!p->side] ^= f;
        memcpy(undo, &f, sizeof f);
    }
    p->side ^= 1;
}

static void unmake(void *pos, gt_move m, const void *undo)
{
    struct othello *p = pos;
    p->side ^= 1;
    if (m != PASS) {
        uint64_t f;
        memcpy(&f, undo, sizeof f);
        p->disc[p->side] ^= f | BIT(m - 1);
        p->disc[!p->side] |= f;
    }
}

/* Any 32-bit value may arrive here (a hash-table collision): range first. */
static bool is_legal(const void *pos, gt_move m)
{
    const struct othello *p = pos;
    if (m == PASS)
        return must_pass(p);
    return m >= 1 && m <= 64 && legal_squares(p) & BIT(m - 1);
}

static void move_to_text(const void *pos, gt_move m, char *buf, size_t len)
{
    (void)pos;
    if (m == PASS)
        snprintf(buf, len, "pass");
    else
        snprintf(buf, len, "%c%c", SQ((int)(m - 1) & 63));
}

/* Accepts "d3" (or "D3", as GGS writes it) and "pass" (or GGS's "PA"). */
static gt_move move_from_text(const void *pos, const char *t, char *err, size_t len)
{
    const struct othello *p = pos;
    gt_move m;
    char c = (char)(t[0] | 0x20);       /* lower case a letter */
    if (!strcmp(t, "pass") || !strcmp(t, "PASS") || !strcmp(t, "PA") || !strcmp(t, "pa"))
        m = PASS;
    else if (strlen(t) == 2 && c >= 'a' && c <= 'h' && t[1] >= '1' && t[1] <= '8')
        m = (gt_move)((t[1] - '1') * 8 + (c - 'a') + 1);
    else {
        snprintf(err, len, "bad move text '%.16s' (a square a1..h8, or pass)", t);
        return GT_MOVE_NONE;
    }
    if (is_legal(p, m))
        return m;
    const char *who = p->side ? "white" : "black";
    if (!legal_squares(p) && !must_pass(p))
        snprintf(err, len, "illegal move %s: the game is over", t);
    else if (m == PASS)
        snprintf(err, len, "illegal move pass: %s can place a disc", who);
    else if (must_pass(p))
        snprintf(err, len, "illegal move %s: %s cannot place a disc and must pass", t, who);
    else if ((p->disc[0] | p->disc[1]) & BIT(m - 1))
        snprintf(err, len, "illegal move %s: the square is taken", t);
    else
        snprintf(err, len, "illegal move %s: it turns over no disc", t);
    return GT_MOVE_NONE;
}

static bool is_noisy(const void *pos, gt_move m)
{
    (void)pos;
    return m != PASS && CORNERS & BIT((m - 1) & 63);
}

/* History tables learn "black on c4 was good": the same square is a
 * different move for each side.  Slot 64 of each side is the pass (the
 * core gives it no history credit, but it needs a slot all the same). */
static unsigned move_index(const void *pos, gt_move m)
{
    return (unsigned)side(pos) * 65 + (m - 1) % 65;
}

/* ---- the end of the game ----------------------------------------------
 * Othello ends when neither side can place a disc, which depends on the
 * moves available: generate says it (no move) and no_moves scores it.
 * No rule ends it otherwise, so rule_outcome is always GT_ONGOING. */
static bool in_check(const void *pos) { (void)pos; return false; }

static enum gt_outcome no_moves(const void *pos)
{
    const struct othello *p = pos;
    int d = count(mine(p)) - count(theirs(p));
    return d > 0 ? GT_WIN : d < 0 ? GT_LOSS : GT_DRAW;
}

static enum gt_outcome rule_outcome(const void *pos, int ply)
{
    (void)pos, (void)ply;
    return GT_ONGOING;
}

/* The margin is what an Othello player calls the score: the disc
 * difference, with the empty squares of a game that ended early counted
 * for the winner (World Othello Federation rules).  The search then
 * prefers a 40-24 win to a 33-31 one. */
static int final_margin(const void *pos)
{
    const struct othello *p = pos;
    int a = count(mine(p)), b = count(theirs(p));
    int d = (a > b ? a - b : b - a) + 64 - a - b;
    return (d ? d : 1) * DISC;
}

/* Every disc fills an empty square, and between two discs comes at most
 * one pass (two in a row end the game), with none after the last disc:
 * at most 2 * empties - 1 plies, one more when the side to move must
 * pass first.  Each move lowers the bound: a disc by one or more, a pass
 * (to a side that can place) by one.  With this much depth left the
 * search solves the endgame exactly. */
static int max_plies_left(const void *pos)
{
    const struct othello *p = pos;
    int empty = 64 - count(p->disc[0] | p->disc[1]);
    return empty ? 2 * empty - 1 + must_pass(p) : 0;
}

static const char *end_reason(const void *pos, enum gt_outcome o)
{
    const struct othello *p = pos;
    (void)o;
    return ~(p->disc[0] | p->disc[1]) ? "neither side can move" : "board full";
}

/* ---- evaluation --------------------------------------------------------
 * A small teaching evaluation, linear in four features, each counted for
 * the side to move minus the opponent:
 *  - mobility: legal placements.  Few moves means being forced into bad
 *    ones; it is the heart of Othello strategy, more than the disc count.
 *  - corner: discs on corners, which can never be turned over.
 *  - x_square: discs diagonally next to an empty corner (b2, g2, b7, g7),
 *    which tend to give that corner away.
 *  - c_square: discs beside an empty corner on the edge (b1, a2, ...),
 *    less dangerous than x squares, but often in the same way.
 * The weights are data (eval_params): the engine passes the values in
 * force, and a tuner can adjust them through eval_trace. */
enum { P_MOBILITY, P_CORNER, P_X_SQUARE, P_C_SQUARE, NPARAMS };

static const struct gt_param eval_params[NPARAMS + 1] = {
    {"mobility", 40, 0, 200},
    {"corner", 300, 0, 1000},
    {"x_square", -150, -600, 0},
    {"c_square", -50, -300, 0},
    {NULL, 0, 0, 0},
};

static const struct { int corner, x; uint64_t c; } corner_zone[4] = {
    {0, 9, BIT(1) | BIT(8)},            /* a1: b2; b1, a2 */
    {7, 14, BIT(6) | BIT(15)},          /* h1: g2; g1, h2 */
    {56, 49, BIT(48) | BIT(57)},        /* a8: b7; a7, b8 */
    {63, 54, BIT(55) | BIT(62)},        /* h8: g7; h7, g8 */
};

static void features(const struct othello *p, int f[NPARAMS])
{
    uint64_t me = mine(p), opp = theirs(p), x = 0, c = 0;
    for (int i = 0; i < 4; i++)
        if (!((me | opp) & BIT(corner_zone[i].corner))) {
            x |= BIT(corner_zone[i].x);
            c |= corner_zone[i].c;
        }
    f[P_MOBILITY] = count(placements(me, opp)) - count(placements(opp, me));
    f[P_CORNER] = count(me & CORNERS) - count(opp & CORNERS);
    f[P_X_SQUARE] = count(me & x) - count(opp & x);
    f[P_C_SQUARE] = count(me & c) - count(opp & c);
}

/* The score is sum(feature * weight), so the trace's coefficients are the
 * features themselves.  params NULL: the compiled-in weights. */
static int eval_trace(const void *pos, const int32_t *params, double *coef)
{
    int f[NPARAMS];
    int64_t score = 0;
    features(pos, f);
    for (int i = 0; i < NPARAMS; i++) {
        score += (int64_t)f[i] * (params ? params[i] : eval_params[i].value);
        if (coef)
            coef[i] = f[i];
    }
    /* Loaded weights may be anything: stay inside the evaluation band. */
    return score > GT_EVAL_MAX ? GT_EVAL_MAX : score < -GT_EVAL_MAX ? -GT_EVAL_MAX : (int)score;
}

static int evaluate(const void *pos, const int32_t *w) { return eval_trace(pos, w, NULL); }

/* ---- input features for a learned evaluation ---------------------------
 * "othello-discs": an own disc and a their disc on each square, 128 per
 * perspective; perspective p sees side p's discs as its own.  The board
 * is not turned for white: the rules have no direction, so the same
 * weights fit both sides as they are.
 *
 * Feature index: (their disc ? 64 : 0) + square. */
static uint32_t disc_feature(int persp, int owner, int s)
{
    return (uint32_t)((owner != persp) * 64 + s);
}

static int active(const void *pos, int persp, uint32_t *idx)
{
    const struct othello *p = pos;
    int n = 0;
    for (int owner = 0; owner < 2; owner++)
        for (uint64_t b = p->disc[owner]; b; b &= b - 1)
            idx[n++] = disc_feature(persp, owner, __builtin_ctzll(b));
    return n;
}

/* A placement turns at most 18 discs (6 along each of three lines from a
 * corner), so a move adds at most 19 features and removes at most 18. */
_Static_assert(1 + 18 <= GT_FEATURE_CHANGES, "an Othello move fits one change record");

/* The placed disc is the mover's; each flipped disc stops being the
 * opponent's and becomes the mover's.  The pass changes nothing. */
static void changes(const void *pos, gt_move m, struct gt_feature_change ch[2])
{
    const struct othello *p = pos;
    uint64_t f = m == PASS ? 0 : flips(mine(p), theirs(p), (int)m - 1);
    for (int q = 0; q < 2; q++) {
        struct gt_feature_change *c = &ch[q];
        c->refresh = false;
        c->nadded = c->nremoved = 0;
        if (m == PASS)
            continue;
        c->added[c->nadded++] = disc_feature(q, p->side, (int)m - 1);
        for (uint64_t b = f; b; b &= b - 1) {
            int s = __builtin_ctzll(b);
            c->removed[c->nremoved++] = disc_feature(q, !p->side, s);
            c->added[c->nadded++] = disc_feature(q, p->side, s);
        }
    }
}

/* The rules flip along every line alike, so each of the square's eight
 * symmetries turns a position into one of the same value: k = 1..7 moves
 * square (row r, column c) by its three bits: swap r and c, reverse the
 * columns, reverse the rows. */
static void turn(const void *pos, int k, void *out)
{
    const struct othello *p = pos;
    struct othello *q = out;
    *q = (struct othello){.side = p->side};
    for (int s = 0; s < 64; s++) {
        int r = s / 8, c = s % 8;
        if (k & 1) { int t = r; r = c; c = t; }
        if (k & 2) c = 7 - c;
        if (k & 4) r = 7 - r;
        for (int who = 0; who < 2; who++)
            if (p->disc[who] & BIT(s))
                q->disc[who] |= BIT(r * 8 + c);
    }
}

static const struct gt_features disc_features = {
    .name = "othello-discs",
    .version = 1,
    .count = 128,
    .max_active = 64,
    .active = active,
    .changes = changes,
    .symmetries = 7,
    .turn = turn,
};

/* ---- the null move -----------------------------------------------------
 * Null-move pruning assumes that passing is worse than the best move.  In
 * Othello that is often false: tempo is the game (a player short of safe
 * moves would love to pass), and in the endgame parity decides who gets
 * the last move in each region.  So the null move is allowed only with
 * room to move (at least 3 placements; never when the rules force a pass,
 * which the null move would merely copy), and every fail-high is verified
 * by a real search once the board is nearly full.  Strong Othello
 * programs mostly do without it and prune with ProbCut instead. */
static void make_null(void *pos, void *u) { (void)u; ((struct othello *)pos)->side ^= 1; }
static void unmake_null(void *pos, const void *u) { (void)u; ((struct othello *)pos)->side ^= 1; }

static bool null_ok(const void *pos) { return count(legal_squares(pos)) >= 3; }

static enum gt_zugzwang_risk zugzwang_risk(const void *pos)
{
    const struct othello *p = pos;
    return count(~(p->disc[0] | p->disc[1])) <= 16 ? GT_RISK_HIGH : GT_RISK_MEDIUM;
}

/* ---- the table ---------------------------------------------------------- */
#define START "---------------------------OX------XO--------------------------- X"

/* The start, a middle game, an endgame with passes ahead, and a position
 * where black must pass at once. */
static const char *const bench[] = {
    START,
    "----X--------XXX-----XX---XXXOOO--OOOOOO--OXXO-O-O-------------- X",
    "O-OXXXX-XXX-XXXX-XOX-XXXOOOOXOXXXXOXXOXX-XOOOXXXXXOOOO-XOOOO-O-- X",
    "OXXXXXX-XXXXXXXX-XXXXXXXOXOXOXXXOOOXOOXXOOOOOXXXOOXOOXXXOOOOOO-- X",
    NULL,
};

GT_MODULE(othello) = {
    GT_ABI,
    .name = "othello",
    .description = "Othello (Reversi), 8x8 (a teaching example)",
    .author = "the gtsearch authors",
    .dialect = GT_UCI,
    .side_names = {"black", "white"},
    .startpos = START,
    .pos_size = sizeof(struct othello),
    .undo_size = sizeof(uint64_t),
    /* A legal placement is an empty square, and the text may set up any
     * board: 64 bounds every position (real games never exceed 33). */
    .max_moves = 64,
    .move_index_count = 2 * 65,
    .eval_unit = DISC,
    /* Perft counts a game that ended early as one leaf, as the published
     * Othello counts do (a pass is a ply there too). */
    .flags = GT_FLAG_PERFT_ENDED_IS_LEAF,
    .pass_move = PASS,
    .from_text = from_text, .to_text = to_text, .key = key, .side = side,
    .generate = generate, .make = make, .unmake = unmake, .is_legal = is_legal,
    .move_to_text = move_to_text, .move_from_text = move_from_text,
    .is_noisy = is_noisy, .move_index = move_index,
    .in_check = in_check, .no_moves = no_moves, .rule_outcome = rule_outcome,
    .final_margin = final_margin, .max_plies_left = max_plies_left,
    .end_reason = end_reason,
    .evaluate = evaluate, .eval_params = eval_params, .eval_trace = eval_trace,
    .features = &disc_features,
    .make_null = make_null, .unmake_null = unmake_null,
    .null_ok = null_ok, .zugzwang_risk = zugzwang_risk,
    .bench_positions = bench, .bench_depth = 18,
};
