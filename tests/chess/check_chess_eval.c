/* check_chess_eval.c -- evaluation: colour symmetry over the data files,
 * bounds, a few sanity orderings, and the weights as data: the parameter
 * table, evaluate with loaded values and the trace (eval_trace) over
 * positions of the data files and of random games.
 * SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check_chess.h"

/* The colour-flipped mirror of a FEN: ranks reversed, piece colours and
 * side swapped, castling letters and the ep rank mirrored. */
static void mirror_fen(const char *fen, char *out)
{
    char board[100], side[4], castle[16], ep[4];
    int half = 0, full = 1;
    int n = sscanf(fen, "%99s %3s %15s %3s %d %d", board, side, castle, ep, &half, &full);
    ck_assert_int_ge(n, 4);
    char *ranks[8];
    int k = 0;
    for (char *t = strtok(board, "/"); t && k < 8; t = strtok(NULL, "/"))
        ranks[k++] = t;
    ck_assert_int_eq(k, 8);
    out[0] = 0;
    for (int r = 7; r >= 0; r--) {
        for (char *c = ranks[r]; *c; c++)
            *c = isupper((unsigned char)*c) ? (char)tolower((unsigned char)*c)
                                            : (char)toupper((unsigned char)*c);
        strcat(out, ranks[r]);
        strcat(out, r ? "/" : "");
    }
    for (char *c = castle; *c; c++)
        if (*c != '-')
            *c = isupper((unsigned char)*c) ? (char)tolower((unsigned char)*c)
                                            : (char)toupper((unsigned char)*c);
    if (ep[0] != '-')
        ep[1] = (char)('1' + '8' - ep[1]);
    sprintf(out + strlen(out), " %c %s %s %d %d", side[0] == 'w' ? 'b' : 'w', castle, ep, half,
            full);
}

static void symmetric_file(const char *file)
{
    static char fens[128][128];
    int n = chess_test_load_fens(file, fens, 128);
    for (int i = 0; i < n; i++) {
        char m[160];
        mirror_fen(fens[i], m);
        void *a = chess_test_pos(fens[i]);
        void *b = chess_test_pos(m);
        int ea = G->evaluate(a, NULL), eb = G->evaluate(b, NULL);
        ck_assert_msg(ea == eb, "%s: %d, mirror %s: %d", fens[i], ea, m, eb);
        ck_assert_int_le(abs(ea), GT_EVAL_MAX);
        /* and along a few moves from there */
        gt_move list[256];
        int nm = G->generate(a, GT_GEN_ALL, list);
        for (int j = 0; j < nm && j < 8; j++) {
            unsigned char undo[64];
            char t[128], mt[160];
            G->make(a, list[j], undo);
            G->to_text(a, t, sizeof t);
            mirror_fen(t, mt);
            void *c = chess_test_pos(mt);
            ck_assert_msg(G->evaluate(a, NULL) == G->evaluate(c, NULL), "%s vs %s", t, mt);
            free(c);
            G->unmake(a, list[j], undo);
        }
        free(a);
        free(b);
    }
}

START_TEST(eval_symmetry_perft) { symmetric_file("perft.epd"); }
END_TEST
START_TEST(eval_symmetry_openings) { symmetric_file("openings.epd"); }
END_TEST
START_TEST(eval_symmetry_mates) { symmetric_file("mates.epd"); }
END_TEST
START_TEST(eval_symmetry_zugzwang) { symmetric_file("zugzwang.epd"); }
END_TEST

static int eval_of(const char *fen)
{
    void *pos = chess_test_pos(fen);
    int e = G->evaluate(pos, NULL);
    free(pos);
    return e;
}

START_TEST(eval_sanity)
{
    /* start position: small, side-to-move relative */
    int e = eval_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    ck_assert_int_lt(abs(e), 60);
    /* an extra queen is worth a lot; from the other side it is negative */
    ck_assert_int_gt(eval_of("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 600);
    ck_assert_int_lt(eval_of("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"), -600);
    /* a passed pawn on the 7th beats one on the 2nd */
    ck_assert_int_gt(eval_of("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
                     eval_of("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"));
    /* drawish material is scaled down: opposite-coloured bishops (c1
     * dark, g8 light) with a pawn up score less than same-coloured ones */
    ck_assert_int_lt(eval_of("4k1b1/8/8/8/8/8/4P3/2B1K3 w - - 0 1"),
                     eval_of("4kb2/8/8/8/8/8/4P3/2B1K3 w - - 0 1"));
    /* a lone minor piece is no win */
    ck_assert_int_lt(abs(eval_of("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")), 50);
    /* the bishop pair is a plus */
    ck_assert_int_gt(eval_of("4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1"),
                     eval_of("4k3/pppppppp/8/8/8/8/PPPPPPPP/2N1KB2 w - - 0 1"));
}
END_TEST

/* ---- the weights as data ------------------------------------------------ */

enum { MAX_POSITIONS = 1600, MAX_PARAMS = 2048 };

static int nparams(void)
{
    int n = 0;
    while (G->eval_params[n].name)
        n++;
    ck_assert_int_le(n, MAX_PARAMS);
    return n;
}

static int param(const char *name)
{
    for (int i = 0; G->eval_params[i].name; i++)
        if (!strcmp(G->eval_params[i].name, name))
            return i;
    ck_abort_msg("no parameter %s", name);
    return -1;
}

static void compiled_in(int32_t *w)
{
    for (int i = 0; G->eval_params[i].name; i++)
        w[i] = G->eval_params[i].value;
}

static unsigned next_random(unsigned *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return *seed >> 16;
}

/* Any values within each parameter's range: the terms at 0 come alive. */
static void random_weights(int32_t *w, unsigned *seed)
{
    for (int i = 0; G->eval_params[i].name; i++) {
        const struct gt_param *q = &G->eval_params[i];
        w[i] = q->min + (int32_t)(next_random(seed) % (unsigned)(q->max - q->min + 1));
    }
}

/* Hand-made positions where the draw scales, passed pawns, outposts and
 * king attacks are at work. */
static const char *const extra_positions[] = {
    "4k1b1/8/8/8/8/8/4P3/2B1K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/1NN1K3 b - - 0 1",
    "4k3/8/8/8/8/8/3n4/R3K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/3NK3 w - - 0 1",
    "8/3k4/8/2P5/8/8/8/4K3 w - - 0 1",
    "7k/8/8/3P4/8/8/8/4K3 b - - 0 1",
    "r1bq1rk1/ppp2ppp/2n2n2/3pp1N1/2B1P3/3P1Q2/PPP2PPP/RNB1K2R w KQ - 0 1",
    "r4rk1/ppp2ppp/8/3N4/4P3/8/PPP2PPP/R4RK1 b - - 0 1",
    "6k1/5ppp/8/8/8/8/q4PPP/1R1Q2K1 w - - 0 1",
};

/* The data files' positions and positions of random games from them, as
 * FEN: openings, middlegames and endgames of every kind. */
static int cmp_move(const void *a, const void *b)
{
    gt_move x = *(const gt_move *)a, y = *(const gt_move *)b;
    return (x > y) - (x < y);
}

static int test_positions(char (*out)[128])
{
    static const char *const files[] = { "perft.epd", "openings.epd", "mates.epd",
                                         "zugzwang.epd", "san-suite.epd" };
    static char fens[128][128];
    int n = 0;
    unsigned seed = 12345;
    for (size_t i = 0; i < sizeof extra_positions / sizeof *extra_positions; i++)
        strcpy(out[n++], extra_positions[i]);
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        int k = chess_test_load_fens(files[f], fens, 128);
        for (int i = 0; i < k && n < MAX_POSITIONS; i++) {
            strcpy(out[n++], fens[i]);
            void *pos = chess_test_pos(fens[i]);
            gt_move list[256];
            unsigned char undo[64];
            for (int ply = 1; ply <= 160 && n < MAX_POSITIONS; ply++) {
                int nm = G->generate(pos, GT_GEN_ALL, list);
                if (nm == 0 || G->rule_outcome(pos, 0) != GT_ONGOING)
                    break;
                /* The walk must not depend on the generator's order. */
                qsort(list, (size_t)nm, sizeof *list, cmp_move);
                G->make(pos, list[next_random(&seed) % (unsigned)nm], undo);
                if (ply % 12 == 0)
                    G->to_text(pos, out[n++], 128);
            }
            free(pos);
        }
    }
    ck_assert_int_ge(n, 1000);
    return n;
}

/* The table: unique well-formed names, values within their ranges, and
 * every _mg weight followed by its _eg twin, but for the middlegame-only
 * king terms. */
START_TEST(params_table)
{
    int n = nparams();
    ck_assert_ptr_nonnull(G->eval_trace);
    ck_assert_int_ge(n, 900);
    for (int i = 0; i < n; i++) {
        const struct gt_param *q = &G->eval_params[i];
        ck_assert_msg(strspn(q->name, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(q->name),
                      "bad name %s", q->name);
        ck_assert_msg(q->min <= q->value && q->value <= q->max, "%s out of range", q->name);
        for (int j = 0; j < i; j++)
            ck_assert_msg(strcmp(q->name, G->eval_params[j].name), "%s twice", q->name);
        size_t len = strlen(q->name);
        bool mg_only = !strncmp(q->name, "king_attack_", 12) || !strncmp(q->name, "shelter_", 8);
        if (len > 3 && !strcmp(q->name + len - 3, "_mg") && !mg_only) {
            const char *next = G->eval_params[i + 1].name;
            ck_assert_msg(next && !strncmp(next, q->name, len - 3) && !strcmp(next + len - 3, "_eg"),
                          "%s is not followed by its _eg", q->name);
        }
    }
    /* the material order a tuner must keep */
    int pawn = G->eval_params[param("pawn_eg")].value;
    int knight = G->eval_params[param("knight_mg")].value;
    int rook = G->eval_params[param("rook_eg")].value;
    int queen = G->eval_params[param("queen_mg")].value;
    ck_assert(pawn < knight && knight < rook && rook < queen);
}
END_TEST

/* The compiled-in values passed as loaded values score every position the
 * same as NULL, and today's scores of a few positions stay. */
START_TEST(params_compiled_in)
{
    static char fens[MAX_POSITIONS][128];
    int32_t w[MAX_PARAMS];
    compiled_in(w);
    int n = test_positions(fens);
    for (int i = 0; i < n; i++) {
        void *pos = chess_test_pos(fens[i]);
        REQUIRE(G->evaluate(pos, w) == G->evaluate(pos, NULL), "%s", fens[i]);
        free(pos);
    }
    /* The start position is symmetric: only the tempo counts. */
    ck_assert_int_eq(eval_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                     G->eval_params[param("tempo")].value);
    /* A lone minor cannot win: scaled to nothing but the tempo. */
    ck_assert_int_eq(eval_of("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"),
                     G->eval_params[param("tempo")].value);
}
END_TEST

/* eval_trace returns what evaluate returns, with the compiled-in values
 * and with random ones. */
START_TEST(trace_returns_evaluate)
{
    static char fens[MAX_POSITIONS][128];
    static double coef[MAX_PARAMS];
    int32_t w[MAX_PARAMS];
    unsigned seed = 7;
    int n = test_positions(fens);
    for (int i = 0; i < n; i++) {
        void *pos = chess_test_pos(fens[i]);
        int e = G->evaluate(pos, NULL);
        REQUIRE(G->eval_trace(pos, NULL, coef) == e, "%s", fens[i]);
        random_weights(w, &seed);
        e = G->evaluate(pos, w);
        REQUIRE(G->eval_trace(pos, w, coef) == e, "%s, random weights", fens[i]);
        REQUIRE(abs(e) < GT_EVAL_MAX, "%s: %d", fens[i], e);
        free(pos);
    }
}
END_TEST

static bool nonlinear(int i)
{
    const char *name = G->eval_params[i].name;
    return !strncmp(name, "attack_weight_", 14);
}

/* For a weight the score is linear in, moving it by d moves the score by
 * its coefficient times d, up to the evaluation's two roundings.  Every
 * weight with a coefficient is tried, and all of them in some positions
 * (those without one must then not move the score). */
START_TEST(trace_linear_params)
{
    static char fens[MAX_POSITIONS][128];
    static double coef[MAX_PARAMS];
    int32_t w[MAX_PARAMS];
    int np = nparams(), n = test_positions(fens), tried = 0, knight = param("knight_mg");
    int tempo = param("tempo"), moved_knight = 0, flips = 0;
    compiled_in(w);
    for (int i = 0; i < n; i++) {
        void *pos = chess_test_pos(fens[i]);
        int e = G->eval_trace(pos, w, coef);
        for (int k = 0; k < np; k++) {
            if (nonlinear(k) || (coef[k] == 0 && i % 16))
                continue;
            int d = k % 2 ? 37 : -29;
            w[k] += d;
            int moved = G->evaluate(pos, w) - e;
            w[k] -= d;
            bool ok = fabs(moved - coef[k] * d) <= 2.0;
            if (!ok && (e - w[tempo]) * (e + moved - w[tempo]) <= 0) {
                flips++;   /* the stronger side changed: another draw scale */
                continue;
            }
            REQUIRE(ok, "%s: %s moved %d, coefficient %g",
                    fens[i], G->eval_params[k].name, moved, coef[k]);
            tried++;
            moved_knight += k == knight && moved != 0;
        }
        REQUIRE(coef[tempo] == 1.0, "%s: tempo %g", fens[i], coef[tempo]);
        free(pos);
    }
    ck_assert_int_ge(tried, 100000);
    ck_assert_int_le(flips, tried / 100);
    ck_assert_int_ge(moved_knight, n / 4);   /* unequal knights in many */
}
END_TEST

/* The score is the sum of coefficient times weight (up to the roundings),
 * but for the nonlinear terms' own coefficients: with neither a king
 * attack nor a draw scale at work, the whole sum. */
START_TEST(trace_sums_to_score)
{
    static char fens[MAX_POSITIONS][128];
    static double coef[MAX_PARAMS];
    int32_t w[MAX_PARAMS];
    int np = nparams(), n = test_positions(fens), plain = 0;
    unsigned seed = 99;
    for (int i = 0; i < n; i++) {
        void *pos = chess_test_pos(fens[i]);
        if (i % 2)
            random_weights(w, &seed);
        else
            compiled_in(w);
        int e = G->eval_trace(pos, w, coef);
        if (abs(e) == GT_EVAL_MAX - 1) {   /* clamped: no coefficient */
            free(pos);
            continue;
        }
        double linear = 0, all = 0;
        bool active = false;
        for (int k = 0; k < np; k++) {
            bool scale = !strncmp(G->eval_params[k].name, "scale_", 6);
            all += coef[k] * w[k];
            if (!nonlinear(k) && !scale)
                linear += coef[k] * w[k];
            active |= (nonlinear(k) || scale) && coef[k] != 0;
        }
        REQUIRE(fabs(linear - e) < 2.0, "%s: score %d, linear part %g", fens[i], e, linear);
        if (!active) {
            REQUIRE(fabs(all - e) < 2.0, "%s: score %d, sum %g", fens[i], e, all);
            plain++;
        }
        free(pos);
    }
    ck_assert_int_ge(plain, n / 4);
}
END_TEST

/* The king attack's weights: the coefficient is the table's slope times
 * the zone squares reached, so one unit more or less per square moves the
 * score the same way and by about as much, where one side attacks and the
 * units stay clear of the table's flat top (min(u^2 / 2, 400)). */
START_TEST(trace_king_attack)
{
    static char fens[MAX_POSITIONS][128];
    static double coef[MAX_PARAMS];
    int32_t w[MAX_PARAMS];
    int n = test_positions(fens), seen = 0, queen = param("attack_weight_queen");
    int table = param("king_attack_0_mg");
    compiled_in(w);
    /* The table shaped as v1 had it (a tuned one may be any shape). */
    for (int u = 0; u < 32; u++)
        w[table + u] = u * u / 2 < 400 ? u * u / 2 : 400;
    for (int i = 0; i < n; i++) {
        void *pos = chess_test_pos(fens[i]);
        int e = G->eval_trace(pos, w, coef), entries = 0, top = 0;
        for (int u = 0; u < 32; u++)
            if (coef[table + u] != 0)
                entries++, top = u;
        for (int k = param("attack_weight_knight"); k <= queen && entries == 1 && top < 27; k++) {
            if (fabs(coef[k]) < 2)
                continue;
            /* One unit towards the table's middle: a step up from high
             * units may reach the flat top (a queen alone can add 9). */
            int step = top >= 14 ? -1 : 1;
            w[k] += step;
            int moved = (G->evaluate(pos, w) - e) * step;
            w[k] -= step;
            REQUIRE(moved * coef[k] > 0 && fabs(moved - coef[k]) <= 0.5 * fabs(coef[k]) + 2,
                    "%s: %s moved %d, coefficient %g", fens[i], G->eval_params[k].name, moved,
                    coef[k]);
            seen++;
        }
        free(pos);
    }
    ck_assert_int_ge(seen, 20);
}
END_TEST

/* Colour symmetry with any weights: the new terms are symmetric too. */
START_TEST(symmetry_any_weights)
{
    static char fens[MAX_POSITIONS][128];
    int32_t w[MAX_PARAMS];
    unsigned seed = 2024;
    int n = test_positions(fens);
    for (int i = 0; i < n; i++) {
        char m[160];
        mirror_fen(fens[i], m);
        void *a = chess_test_pos(fens[i]), *b = chess_test_pos(m);
        random_weights(w, &seed);
        REQUIRE(G->evaluate(a, w) == G->evaluate(b, w), "%s vs %s", fens[i], m);
        free(a);
        free(b);
    }
}
END_TEST

static double coef_of(const char *fen, const char *name)
{
    static double coef[MAX_PARAMS];
    void *pos = chess_test_pos(fen);
    G->eval_trace(pos, NULL, coef);
    free(pos);
    return coef[param(name)];
}

#define COEF_EQ(fen, name, want)                                                   \
    ck_assert_msg(fabs(coef_of(fen, name) - (want)) < 1e-9, "%s: %s %g, want %g", fen, \
                  name, coef_of(fen, name), (double)(want))

/* The new terms, each where it must fire, with its exact coefficient
 * (phase: a minor piece counts 1 of 24, a rook 2). */
START_TEST(new_terms_fire)
{
    /* outpost: d5 defended by e4, no black pawn can ever chase it; c7 can */
    COEF_EQ("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", "outpost_knight_mg", 1.0 / 24);
    COEF_EQ("4k3/8/8/3N4/4P3/8/8/4K3 b - - 0 1", "outpost_knight_eg", -23.0 / 24);
    COEF_EQ("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", "outpost_knight_mg", 0);
    COEF_EQ("4k3/8/8/3B4/4P3/8/8/4K3 w - - 0 1", "outpost_bishop_eg", 23.0 / 24);
    /* a pawn attacks a knight that nothing defends */
    COEF_EQ("4k3/7p/8/3n4/4P3/8/8/4K3 w - - 0 1", "threat_pawn_minor_mg", 1.0 / 24);
    COEF_EQ("4k3/7p/8/3n4/4P3/8/8/4K3 w - - 0 1", "hanging_eg", 23.0 / 24);
    COEF_EQ("4k3/7p/5n2/3n4/4P3/8/8/4K3 w - - 0 1", "hanging_eg", 0); /* f6 defends */
    COEF_EQ("4k3/4p3/8/8/3r4/8/4NP2/4K3 w - - 0 1", "threat_minor_rook_eg", 21.0 / 24);
    COEF_EQ("4k3/4p3/8/8/3r4/4P3/8/4K3 w - - 0 1", "threat_pawn_rook_mg", 2.0 / 24);
    COEF_EQ("4k3/4p3/8/8/4q3/3P4/4N3/4K3 b - - 0 1", "threat_pawn_queen_mg", -5.0 / 24);
    COEF_EQ("4k3/4p3/8/8/4q3/3P4/4N3/4K3 b - - 0 1", "threat_minor_queen_mg", 0);
    COEF_EQ("4k3/4p3/8/8/4q3/3P2N1/8/K7 b - - 0 1", "threat_minor_queen_mg", -5.0 / 24);
    /* a rook on the 7th */
    COEF_EQ("4k3/R7/8/8/8/8/8/4K3 w - - 0 1", "rook_7th_mg", 2.0 / 24);
    COEF_EQ("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", "rook_7th_eg", -22.0 / 24);
    /* c3 is backward (b4 is ahead, d5 guards c4); b4 is not */
    COEF_EQ("4k3/8/8/3p4/1P6/2P5/8/4K3 w - - 0 1", "backward_eg", 1);
    COEF_EQ("4k3/8/8/3p4/1P6/2P5/1P6/4K3 w - - 0 1", "backward_eg", 0);
    /* a passed pawn on its 5th (weight 2): kings 5 and 2 moves from d6,
     * the path guarded by the black king; then free, then blocked */
    COEF_EQ("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", "passed_own_king_eg", 10);
    COEF_EQ("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", "passed_enemy_king_eg", 4);
    COEF_EQ("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", "passed_free_eg", 0);
    COEF_EQ("7k/8/8/3P4/8/8/8/4K3 w - - 0 1", "passed_free_eg", 2);
    COEF_EQ("7k/8/8/3P4/8/8/8/4K3 b - - 0 1", "passed_enemy_king_eg", -8);
    COEF_EQ("k7/8/3N4/3P4/8/8/8/4K3 w - - 0 1", "passed_blocked_eg", 2 * 23.0 / 24);
    COEF_EQ("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1", "passed_own_king_eg", 4); /* 4th: weight 1 */
    COEF_EQ("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1", "passed_enemy_king_eg", 3);
    COEF_EQ("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1", "passed_enemy_king_eg", 0); /* 3rd: none */
    /* pawn races (kings and pawns alone): g2 outruns the king on a3 with
     * White to move (the double step counted), not with Black to move,
     * nor from b3; not with its own king in the way, nor with a knight
     * on the board, nor where Black's h7 outruns White's king as well */
    COEF_EQ("8/8/8/8/8/k7/6P1/K7 w - - 0 1", "unstoppable_eg", 1);
    COEF_EQ("8/8/8/8/8/k7/6P1/K7 b - - 0 1", "unstoppable_eg", 0);
    COEF_EQ("8/8/8/8/8/1k6/6P1/K7 w - - 0 1", "unstoppable_eg", 0);
    COEF_EQ("8/8/8/8/6K1/k7/6P1/8 w - - 0 1", "unstoppable_eg", 0);
    COEF_EQ("8/8/8/8/8/k7/6P1/K6N w - - 0 1", "unstoppable_eg", 0);
    COEF_EQ("7k/7p/8/8/8/8/P7/K7 w - - 0 1", "unstoppable_eg", 0);
    COEF_EQ("7k/7p/8/8/8/8/8/K7 w - - 0 1", "unstoppable_eg", -1);
    COEF_EQ("k7/6p1/K7/8/8/8/8/8 b - - 0 1", "unstoppable_eg", 1);   /* the mirror */
    /* draw scales: their coefficient is the score they scale, /64 */
    ck_assert(coef_of("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", "scale_two_knights") > 5);
    ck_assert(coef_of("4k3/8/8/8/8/8/3n4/R3K3 b - - 0 1", "scale_minor_edge") < -1);
    ck_assert(coef_of("4k1b1/8/8/8/8/8/4P3/2B1K3 w - - 0 1", "scale_opposite_bishops") > 0.5);
    COEF_EQ("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", "knight_eg", 0);   /* a lone minor: 0 */
}
END_TEST

Suite *chess_eval_suite(void)
{
    Suite *s = suite_create("chess eval");
    TCase *tc = tcase_create("eval");
    tcase_add_test(tc, eval_symmetry_perft);
    tcase_add_test(tc, eval_symmetry_openings);
    tcase_add_test(tc, eval_symmetry_mates);
    tcase_add_test(tc, eval_symmetry_zugzwang);
    tcase_add_test(tc, eval_sanity);
    suite_add_tcase(s, tc);
    tc = tcase_create("weights");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, params_table);
    tcase_add_test(tc, params_compiled_in);
    tcase_add_test(tc, trace_returns_evaluate);
    tcase_add_test(tc, trace_linear_params);
    tcase_add_test(tc, trace_sums_to_score);
    tcase_add_test(tc, trace_king_attack);
    tcase_add_test(tc, symmetry_any_weights);
    tcase_add_test(tc, new_terms_fire);
    suite_add_tcase(s, tc);
    return s;
}
