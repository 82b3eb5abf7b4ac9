/* check_shogi_eval.c -- the shogi evaluation as data (games/shogi/eval.c,
 * eval_weights.h), through the hook table: the parameter table, what
 * chosen features count, and on many positions (the test data, the bench
 * positions, opening lines, random legal play) that the trace returns the
 * score, that the compiled-in values are what NULL means, that the trace's
 * coefficients are the score's slopes, that a position and its mirror
 * score (and trace) the same, and that sum(coef * params) is the score.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gtsearch/game.h>

extern const struct gt_game shogi_LTX_gt_module;
static const struct gt_game *const G = &shogi_LTX_gt_module;

#define STARTPOS "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
#define MAXU 256
#define MAXPOS 4000

/* ---- helpers --------------------------------------------------------------- */

static void *new_pos(const char *sfen)
{
    void *p = malloc(G->pos_size);
    char err[256] = "";
    ck_assert_ptr_nonnull(p);
    ck_assert_msg(G->from_text(p, sfen, err, sizeof err) == 0, "from_text(%s): %s", sfen,
                  err);
    return p;
}

static int nparams(void)
{
    int n = 0;
    while (G->eval_params[n].name) n++;
    return n;
}

static int param(const char *name)
{
    for (int i = 0; G->eval_params[i].name; i++)
        if (!strcmp(G->eval_params[i].name, name)) return i;
    ck_abort_msg("no parameter %s", name);
    return -1;
}

static int32_t *defaults(void)
{
    int n = nparams();
    int32_t *w = malloc(sizeof *w * (size_t)n);
    ck_assert_ptr_nonnull(w);
    for (int i = 0; i < n; i++) w[i] = G->eval_params[i].value;
    return w;
}

/* The trace of sfen with the compiled-in weights, into a new array. */
static double *trace(const char *sfen, int *score)
{
    void *p = new_pos(sfen);
    double *coef = calloc((size_t)nparams(), sizeof *coef);
    ck_assert_ptr_nonnull(coef);
    *score = G->eval_trace(p, NULL, coef);
    free(p);
    return coef;
}

/* An SFEN board as 81 cells, rank a first and file 9 first in each rank;
 * an empty cell is "". */
typedef char cells_t[81][3];

static void read_cells(const char *board, cells_t cells)
{
    int n = 0;
    for (const char *c = board; *c && *c != ' ' && n < 81; c++) {
        if (*c == '/') continue;
        if (*c >= '1' && *c <= '9') {
            for (int k = 0; k < *c - '0' && n < 81; k++) cells[n++][0] = 0;
            continue;
        }
        int i = 0;
        if (*c == '+') cells[n][i++] = *c++;
        cells[n][i++] = *c;
        cells[n++][i] = 0;
    }
    ck_assert_int_eq(n, 81);
}

static size_t write_cells(cells_t cells, char *out, size_t len)
{
    size_t o = 0;
    for (int r = 0; r < 9; r++) {
        int empty = 0;
        for (int f = 0; f < 9; f++) {
            const char *cell = cells[r * 9 + f];
            if (!cell[0]) { empty++; continue; }
            if (empty) o += (size_t)snprintf(out + o, len - o, "%d", empty);
            empty = 0;
            o += (size_t)snprintf(out + o, len - o, "%s", cell);
        }
        if (empty) o += (size_t)snprintf(out + o, len - o, "%d", empty);
        if (r < 8) out[o++] = '/';
    }
    out[o] = 0;
    return o;
}

/* The same position seen from the other side: board turned 180 degrees,
 * colours swapped, hands swapped, the other side to move. */
static void flip_sfen(const char *in, char *out, size_t len)
{
    char board[128], side, hand[64];
    cells_t cells, turned;
    unsigned num = 1;
    ck_assert_int_ge(sscanf(in, "%127s %c %63s %u", board, &side, hand, &num), 3);
    read_cells(board, cells);
    for (int i = 0; i < 81; i++) {
        memcpy(turned[80 - i], cells[i], 3);
        char *c = turned[80 - i];
        if (c[0]) c[c[0] == '+'] ^= 32;  /* swap case */
    }
    size_t o = write_cells(turned, out, len);
    for (char *h = hand; *h; h++)
        if ((*h >= 'a' && *h <= 'z') || (*h >= 'A' && *h <= 'Z')) *h ^= 32;
    snprintf(out + o, len - o, " %c %s %u", side == 'b' ? 'w' : 'b', hand, num);
}

/* ---- the positions ----------------------------------------------------------- */

struct corpus {
    char (*sfen)[256];
    int n;
};

static void add(struct corpus *c, const void *pos)
{
    if (c->n < MAXPOS) G->to_text(pos, c->sfen[c->n++], 256);
}

static void add_text(struct corpus *c, const char *sfen)
{
    void *p = new_pos(sfen);
    add(c, p);
    free(p);
}

/* The SFEN before `cut` on every line of a data file that is not a comment. */
static void add_file(struct corpus *c, const char *path, const char *cut)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char line[2048];
    while (fgets(line, sizeof line, f)) {
        char *end = strstr(line, cut);
        if (line[0] == '#' || !end) continue;
        *end = 0;
        add_text(c, line);
    }
    fclose(f);
}

/* Every position along the opening lines ("startpos moves ..."). */
static void add_openings(struct corpus *c)
{
    FILE *f = fopen(TEST_DATA_DIR "/shogi/openings.txt", "r");
    ck_assert_ptr_nonnull(f);
    char line[2048], err[128], *save = NULL;
    unsigned char undo[MAXU];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "startpos moves ", 15)) continue;
        void *p = new_pos(STARTPOS);
        line[strcspn(line, "\r\n")] = 0;
        for (char *t = strtok_r(line + 15, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
            gt_move m = G->move_from_text(p, t, err, sizeof err);
            ck_assert_msg(m != GT_MOVE_NONE, "%s: %s", t, err);
            G->make(p, m, undo);
            add(c, p);
        }
        free(p);
    }
    fclose(f);
}

/* Random legal games from the start: captures fill the hands, promotions
 * come, kings wander.  A fixed seed: the same positions every run. */
static void add_random_play(struct corpus *c, int games)
{
    uint64_t seed = 0x5eedULL;
    gt_move list[600];
    unsigned char undo[MAXU];
    for (int g = 0; g < games; g++) {
        void *p = new_pos(STARTPOS);
        for (int ply = 0; ply < 240; ply++) {
            int n = G->generate(p, GT_GEN_ALL, list);
            if (n == 0) break;
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            G->make(p, list[(seed >> 33) % (uint64_t)n], undo);
            if (ply % 3 == 0) add(c, p);
        }
        free(p);
    }
}

static struct corpus corpus;

static void load_corpus(void)
{
    corpus.sfen = malloc(sizeof *corpus.sfen * MAXPOS);
    ck_assert_ptr_nonnull(corpus.sfen);
    corpus.n = 0;
    add_file(&corpus, TEST_DATA_DIR "/shogi/perft.epd", ";");
    add_file(&corpus, TEST_DATA_DIR "/shogi/mates.epd", " dm ");
    for (int i = 0; G->bench_positions[i]; i++) add_text(&corpus, G->bench_positions[i]);
    /* tsume problems: the attacker has no king */
    add_text(&corpus, "8k/6S2/7G1/9/9/9/9/9/9 b LP2r2b3g3s4n3l17p 1");
    add_text(&corpus, "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
    add_openings(&corpus);
    add_random_play(&corpus, 30);
    ck_assert_int_ge(corpus.n, 1500);
}

static void free_corpus(void)
{
    free(corpus.sfen);
}

/* ---- the table ----------------------------------------------------------------- */

START_TEST(test_param_table)
{
    int n = nparams();
    ck_assert_int_eq(n, 1559);
    for (int i = 0; i < n; i++) {
        const struct gt_param *p = &G->eval_params[i];
        ck_assert_msg(p->min <= p->value && p->value <= p->max, "%s", p->name);
        ck_assert_msg(strspn(p->name, "abcdefghijklmnopqrstuvwxyz0123456789_") ==
                          strlen(p->name), "%s", p->name);
        for (int j = 0; j < i; j++)  /* ck_assert per pair would be slow */
            if (!strcmp(p->name, G->eval_params[j].name)) ck_abort_msg("%s twice", p->name);
    }
    ck_assert_ptr_nonnull(G->eval_trace);
    /* the material order a tuner must keep */
    ck_assert_int_lt(G->eval_params[param("board_pawn")].value,
                     G->eval_params[param("board_silver")].value);
    ck_assert_int_lt(G->eval_params[param("board_silver")].value,
                     G->eval_params[param("board_dragon")].value);
}
END_TEST

/* ---- what chosen features count ------------------------------------------------ */

/* The start is symmetric: only the tempo is left. */
START_TEST(test_trace_startpos)
{
    int score, n = nparams();
    double *coef = trace(STARTPOS, &score);
    for (int i = 0; i < n; i++)
        if (coef[i] != (i == param("tempo") ? 1 : 0))
            ck_abort_msg("%s: %g", G->eval_params[i].name, coef[i]);
    ck_assert_int_eq(score, G->eval_params[param("tempo")].value);
    free(coef);
}
END_TEST

START_TEST(test_trace_hands)
{
    int score;
    /* five pawns: slots 1..5; gote's silver counts against sente */
    double *coef = trace("4k4/9/9/9/9/9/9/9/4K4 b 5Ps 1", &score);
    ck_assert(coef[param("hand_pawn_1")] == 1 && coef[param("hand_pawn_5")] == 1);
    ck_assert(coef[param("hand_pawn_6")] == 0 && coef[param("hand_pawn_8")] == 0);
    ck_assert(coef[param("hand_silver_1")] == -1 && coef[param("hand_silver_2")] == 0);
    free(coef);
    /* eleven pawns: the last slot takes the 8th to the 11th */
    coef = trace("4k4/9/9/9/9/9/9/9/4K4 w 2R11P 1", &score);
    ck_assert(coef[param("hand_pawn_7")] == -1 && coef[param("hand_pawn_8")] == -4);
    ck_assert(coef[param("hand_rook_1")] == -1 && coef[param("hand_rook_2")] == -1);
    free(coef);
}
END_TEST

/* Squares and boxes are seen by each piece's owner: sente's silver on 3h
 * and gote's on 7b are the same square, pst_silver_38. */
START_TEST(test_trace_squares)
{
    int score;
    double *coef = trace("4k4/2s6/9/9/9/9/9/6S2/4K4 b - 1", &score);
    ck_assert(coef[param("pst_silver_38")] == 0);
    ck_assert(coef[param("board_silver")] == 0);
    free(coef);
    coef = trace("4k4/9/9/9/9/9/9/6S2/4K4 w - 1", &score);
    ck_assert(coef[param("pst_silver_38")] == -1);
    ck_assert(coef[param("board_silver")] == -1);
    ck_assert(coef[param("pst_king_59")] == 0);  /* both kings on their 59 */
    free(coef);
    /* sente's gold on 4h beside its king on 5i: box square 22 (a file
     * toward file 1, a rank forward); gote's on 6b is the same for gote */
    coef = trace("4k4/3g5/9/9/9/9/9/5G3/4K4 b - 1", &score);
    ck_assert(coef[param("def_gold_22")] == 0);
    free(coef);
    coef = trace("4k4/9/9/9/9/9/9/5G3/4K4 b - 1", &score);
    ck_assert(coef[param("def_gold_22")] == 1);
    free(coef);
    /* sente's silver on 4c, two ranks beyond gote's king on 5a and a file
     * toward file 1 (box square 25), covers 4b and 5b next to it: for
     * gote, the squares in front of its king (32) and toward file 9 (42) */
    coef = trace("4k4/9/5S3/9/9/9/9/9/4K4 b - 1", &score);
    ck_assert(coef[param("atk_silver_25")] == 1);
    ck_assert(coef[param("ks_ring_32")] == -1 && coef[param("ks_ring_42")] == -1);
    ck_assert(coef[param("ks_ring_count_2")] == -1);
    free(coef);
}
END_TEST

START_TEST(test_trace_king_safety)
{
    int score;
    /* gote's rook on 8h covers 4h, 5h and 6h in front of sente's king on
     * 5i; 4i and 6i are its escapes */
    double *coef = trace("4k4/9/9/9/9/9/9/1r7/4K4 b 2G 1", &score);
    ck_assert(coef[param("ks_ring_count_3")] == 1);
    ck_assert(coef[param("ks_ring_32")] == 1 && coef[param("ks_ring_42")] == 1 &&
              coef[param("ks_ring_22")] == 1);
    ck_assert(coef[param("ks_ring_hand_0")] == 3);  /* gote holds nothing */
    ck_assert(coef[param("ks_escape_2")] == 1);     /* 4i and 6i */
    ck_assert(coef[param("ks_escape_drop_2")] == 0);
    free(coef);
    /* gote to move, holding two golds (weight 4): the same squares count
     * against gote's opponent, with its hand */
    coef = trace("4k4/9/9/9/9/9/9/1r7/4K4 w 2g 1", &score);
    ck_assert(coef[param("ks_ring_hand_4")] == -3);
    ck_assert(coef[param("ks_ring_drop_gold")] == -3);
    ck_assert(coef[param("ks_escape_drop_2")] == -1);
    free(coef);
    /* sente's king on 5h in check from gote's rook on 5e: 5g in front is
     * covered, and so is 5i behind it, through the king */
    coef = trace("8k/9/9/9/4r4/9/9/4K4/9 b - 1", &score);
    ck_assert(coef[param("ks_ring_32")] == 1 && coef[param("ks_ring_34")] == 1);
    ck_assert(coef[param("ks_ring_count_2")] == 1);
    free(coef);
    /* gote's knight on 6f jumps to 5h and 7h, next to sente's king on 6i */
    coef = trace("8k/9/9/9/9/3n5/9/9/3K5 b - 1", &score);
    ck_assert(coef[param("ks_ring_22")] == 1 && coef[param("ks_ring_42")] == 1);
    ck_assert(coef[param("ks_ring_count_2")] == 1);
    free(coef);
    /* kings two squares apart each cover three squares next to the other;
     * gote's gold in hand makes sente's three count more */
    coef = trace("9/9/9/9/9/9/4k4/9/4K4 b g 1", &score);
    ck_assert(coef[param("ks_ring_hand_2")] == 3 && coef[param("ks_ring_hand_0")] == -3);
    free(coef);
}
END_TEST

START_TEST(test_trace_mobility)
{
    int score;
    /* rook on 4e: 4 up, 4 down, 5 and 3 sideways */
    double *coef = trace("4k4/9/9/9/5R3/9/9/9/4K4 b - 1", &score);
    ck_assert(coef[param("mob_rook_16")] == 1);
    free(coef);
    /* gote's lance on 1a sees 1b..1i down its file */
    coef = trace("4k3l/9/9/9/9/9/9/9/4K4 b - 1", &score);
    ck_assert(coef[param("mob_lance_8")] == -1);
    ck_assert(coef[param("pst_lance_99")] == -1);
    free(coef);
}
END_TEST

/* ---- on many positions ---------------------------------------------------------- */

static bool clamped(int v)
{
    return v >= GT_EVAL_MAX - 1 || v <= -GT_EVAL_MAX + 1;
}

/* (a) the trace returns the score; (b) the compiled-in values are what
 * NULL means; (e) sum(coef * params) is the score. */
START_TEST(test_trace_is_the_score)
{
    int n = nparams(), worst = 0;
    int32_t *w = defaults();
    double *coef = malloc(sizeof *coef * (size_t)n);
    for (int k = 0; k < corpus.n; k++) {
        void *p = new_pos(corpus.sfen[k]);
        for (int i = 0; i < n; i++) coef[i] = 1e9;  /* the trace overwrites */
        int v = G->evaluate(p, NULL);
        ck_assert_int_eq(G->eval_trace(p, NULL, coef), v);
        ck_assert_int_eq(G->eval_trace(p, w, coef), v);
        ck_assert_int_eq(G->evaluate(p, w), v);
        double sum = 0;
        for (int i = 0; i < n; i++) sum += coef[i] * w[i];
        if (!clamped(v))
            ck_assert_msg(fabs(sum - v) < 1e-6, "%s: %d vs %g", corpus.sfen[k], v, sum);
        if (abs(v) > worst) worst = abs(v);
        free(p);
    }
    ck_assert_int_gt(worst, 500);  /* the corpus is not all even positions */
    free(coef);
    free(w);
}
END_TEST

/* (c) every coefficient is the slope of the score in its parameter: a
 * change of d moves the score by coef * d, and a parameter the trace says
 * nothing of moves nothing.  All parameters are linear, so checked on
 * every one that counts, and on a sample of those that do not. */
START_TEST(test_coef_is_slope)
{
    int n = nparams(), tested = 0;
    int32_t *w = defaults();
    double *coef = malloc(sizeof *coef * (size_t)n);
    for (int k = 0; k < corpus.n; k += 2) {
        void *p = new_pos(corpus.sfen[k]);
        int v = G->eval_trace(p, w, coef);
        if (abs(v) > GT_EVAL_MAX / 2) { free(p); continue; }
        for (int i = 0; i < n; i++) {
            if (coef[i] == 0 && (i + k) % 97) continue;
            int d = (i + k) % 2 ? 7 : -13;
            w[i] += d;
            int v2 = G->evaluate(p, w);
            w[i] -= d;
            if (fabs((v2 - v) - coef[i] * d) > 1e-9)
                ck_abort_msg("%s: %s: %d -> %d, coef %g", corpus.sfen[k],
                             G->eval_params[i].name, v, v2, coef[i]);
            tested++;
        }
        free(p);
    }
    ck_assert_int_gt(tested, 20000);
    /* the named kinds of the brief, on one position with each of them */
    void *p = new_pos("4k4/9/9/9/9/9/9/6S2/4K4 b 3P 1");
    G->eval_trace(p, w, coef);
    const char *names[] = { "board_silver", "hand_pawn_3", "pst_silver_38", "tempo" };
    for (int j = 0; j < 4; j++) {
        int i = param(names[j]), v = G->evaluate(p, w);
        ck_assert(coef[i] == 1);
        w[i] += 50;
        ck_assert_int_eq(G->evaluate(p, w), v + 50);
        w[i] -= 50;
    }
    free(p);
    free(coef);
    free(w);
}
END_TEST

/* (d) a position and its mirror (board turned, colours swapped) score the
 * same and have the same trace: every feature is seen by its owner. */
START_TEST(test_mirror)
{
    int n = nparams();
    double *a = malloc(sizeof *a * (size_t)n), *b = malloc(sizeof *b * (size_t)n);
    for (int k = 0; k < corpus.n; k++) {
        char flipped[300];
        flip_sfen(corpus.sfen[k], flipped, sizeof flipped);
        void *p = new_pos(corpus.sfen[k]), *q = new_pos(flipped);
        ck_assert_int_eq(G->evaluate(p, NULL), G->evaluate(q, NULL));
        G->eval_trace(p, NULL, a);
        G->eval_trace(q, NULL, b);
        for (int i = 0; i < n; i++)
            if (a[i] != b[i])
                ck_abort_msg("%s: %s: %g vs %g", corpus.sfen[k], G->eval_params[i].name,
                             a[i], b[i]);
        free(p);
        free(q);
    }
    free(a);
    free(b);
}
END_TEST

/* The side to move's sfen without its king (a tsume attacker), the
 * square of the other king in *def (cell index), and the board's cells;
 * false when the position has not both kings or the other is in check. */
static bool without_king(const char *sfen, char *out, size_t len, cells_t cells,
                         int *def)
{
    char board[128], side, hand[64];
    unsigned num = 1;
    if (sscanf(sfen, "%127s %c %63s %u", board, &side, hand, &num) < 3) return false;
    read_cells(board, cells);
    int own = -1;
    *def = -1;
    for (int i = 0; i < 81; i++) {
        if (cells[i][0] == (side == 'b' ? 'K' : 'k')) own = i;
        if (cells[i][0] == (side == 'b' ? 'k' : 'K')) *def = i;
    }
    if (own < 0 || *def < 0) return false;
    cells[own][0] = 0;
    size_t o = write_cells(cells, out, len);
    snprintf(out + o, len - o, " %c %s %u", side, hand, num);
    void *p = malloc(G->pos_size);
    char err[256];
    bool ok = G->from_text(p, out, err, sizeof err) == 0;
    free(p);
    return ok;
}

/* Where the king on cell def may step: after a null move, its legal moves;
 * step[df + 1][dr + 1] by file and rank difference.  Returns how many. */
static int king_steps(void *p, int def, bool step[3][3])
{
    unsigned char undo[MAXU];
    gt_move list[600];
    char from[3] = { (char)('9' - def % 9), (char)('a' + def / 9), 0 }, text[16];
    memset(step, 0, sizeof(bool) * 9);
    G->make_null(p, undo);
    int n = G->generate(p, GT_GEN_ALL, list), steps = 0;
    for (int i = 0; i < n; i++) {
        G->move_to_text(p, list[i], text, sizeof text);
        if (strncmp(text, from, 2)) continue;
        step[text[2] - from[0] + 1][text[3] - from[1] + 1] = true;
        steps++;
    }
    G->unmake_null(p, undo);
    return steps;
}

/* The king's neighbours: with the side to move's king taken off, only the
 * other king's terms are left, and its legal steps (after a null move) say
 * which of its neighbours that are empty or the attacker's the attacker
 * controls, and how many escapes it has.  The trace must say the same. */
START_TEST(test_king_neighbours)
{
    int n = nparams(), tested = 0, attacked = 0;
    double *coef = malloc(sizeof *coef * (size_t)n);
    for (int k = 0; k < corpus.n; k++) {
        char sfen[300], name[32];
        cells_t cells;
        int def;
        if (!without_king(corpus.sfen[k], sfen, sizeof sfen, cells, &def)) continue;
        void *p = new_pos(sfen);
        bool gote = strchr(sfen, ' ')[1] == 'b', step[3][3];  /* the defender */
        G->eval_trace(p, NULL, coef);
        int escapes = king_steps(p, def, step);
        for (int e = 0; e < 4; e++) {
            snprintf(name, sizeof name, "ks_escape_%d", e);
            ck_assert_msg(coef[param(name)] == (escapes == e ? -1 : 0), "%s: %s", sfen, name);
        }
        int kf = 9 - def % 9, kr = 1 + def / 9;
        for (int df = -1; df <= 1; df++)
            for (int dr = -1; dr <= 1; dr++) {
                int f = kf + df, r = kr + dr;
                if ((!df && !dr) || f < 1 || f > 9 || r < 1 || r > 9) continue;
                const char *cell = cells[(r - 1) * 9 + 9 - f];
                char c = cell[cell[0] == '+'];
                if (c && (c >= 'a') == gote) continue;  /* its own piece */
                snprintf(name, sizeof name, "ks_ring_%d%d", gote ? 3 - df : 3 + df,
                         gote ? 3 - dr : 3 + dr);
                bool hit = !step[df + 1][dr + 1];
                ck_assert_msg(coef[param(name)] == (hit ? -1 : 0), "%s: %s", sfen, name);
                attacked += hit;
            }
        tested++;
        free(p);
    }
    ck_assert_int_ge(tested, 500);
    ck_assert_int_ge(attacked, 300);
    free(coef);
}
END_TEST

/* Material and placement kept by make and unmake: along random games
 * (captures, drops, promotions, a king without a rival in the tsume
 * position) the compiled-in evaluation, which reads them from the
 * position, equals the one computed from scratch with the same weights,
 * going forward and coming back. */
START_TEST(test_incremental_material)
{
    int32_t *w = defaults();
    uint64_t seed = 0x1ce5ULL;
    enum { PLIES = 200 };
    static unsigned char undo[PLIES][MAXU];
    static gt_move played[PLIES];
    static const char *starts[] = {
        STARTPOS, "8k/6S2/7G1/9/9/9/9/9/9 b LP2r2b3g3s4n3l17p 1",
        "4k4/9/9/9/9/9/9/pppp5/R3K4 b 18P 1",
    };
    int checked = 0;
    for (int g = 0; g < 24; g++) {
        void *p = new_pos(starts[g % 3]);
        int plies = 0;
        gt_move list[G->max_moves];
        for (; plies < PLIES; plies++) {
            int n = G->generate(p, GT_GEN_ALL, list);
            if (n == 0) break;
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            played[plies] = list[(seed >> 33) % (uint64_t)n];
            G->make(p, played[plies], undo[plies]);
            ck_assert_int_eq(G->evaluate(p, NULL), G->evaluate(p, w));
            checked++;
        }
        while (plies-- > 0) {
            G->unmake(p, played[plies], undo[plies]);
            ck_assert_int_eq(G->evaluate(p, NULL), G->evaluate(p, w));
        }
        free(p);
    }
    ck_assert_int_ge(checked, 2000);
    free(w);
}
END_TEST

/* Any weights stay inside the evaluation band. */
START_TEST(test_band)
{
    int n = nparams();
    int32_t *w = defaults();
    for (int i = 0; i < n; i++) w[i] = G->eval_params[i].max;
    for (int k = 0; k < corpus.n; k += 10) {
        void *p = new_pos(corpus.sfen[k]);
        int v = G->evaluate(p, w);
        ck_assert_int_lt(v, GT_EVAL_MAX);
        ck_assert_int_gt(v, -GT_EVAL_MAX);
        free(p);
    }
    free(w);
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    if (G->init() != 0)
        abort();
    Suite *s = suite_create("shogi_eval");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, test_param_table);
    tcase_add_test(tc, test_trace_startpos);
    tcase_add_test(tc, test_trace_hands);
    tcase_add_test(tc, test_trace_squares);
    tcase_add_test(tc, test_trace_king_safety);
    tcase_add_test(tc, test_trace_mobility);
    suite_add_tcase(s, tc);
    tc = tcase_create("positions");
    tcase_add_unchecked_fixture(tc, load_corpus, free_corpus);
    tcase_add_test(tc, test_trace_is_the_score);
    tcase_add_test(tc, test_coef_is_slope);
    tcase_add_test(tc, test_mirror);
    tcase_add_test(tc, test_king_neighbours);
    tcase_add_test(tc, test_band);
    tcase_add_test(tc, test_incremental_material);
    tcase_set_timeout(tc, 120);  /* sanitizer builds are slow */
    suite_add_tcase(s, tc);
    return s;
}
