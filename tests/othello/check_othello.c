/* check_othello.c -- the Othello example module (doc/examples/othello/)
 * through its hook table, and the core on it: perft against the published
 * counts and against an independent implementation written here, position
 * and move text, the pass, the end of the game and its margin, keys,
 * make/unmake, the evaluation's trace, and endgames solved exactly.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/perft.h"
#include "core/search.h"
#include "engine/engine.h"

extern const struct gt_game othello_LTX_gt_module;
static const struct gt_game *const G = &othello_LTX_gt_module;

enum { POS_MAX = 64 };
typedef union { unsigned char bytes[POS_MAX]; uint64_t align; } pos_buf;

#define START "---------------------------OX------XO--------------------------- X"
/* Black (X) to move cannot place a disc (its only disc, b1, sits beside
 * white's a1 corner); white can (c1): black must pass. */
#define MUST_PASS "OX----------------------" "---OO------OO---" "------------------------ X"
/* Neither side can move, 59 squares empty: white wins 4-1. */
#define OVER "X-----------------------" "---OO------OO---" "------------------------ X"

static void load(pos_buf *p, const char *text)
{
    char err[160] = "";
    ck_assert_uint_le(G->pos_size, POS_MAX);
    ck_assert_msg(G->from_text(p, text, err, sizeof err) == 0, "'%s': %s", text, err);
}

static const char *reject(const char *text)
{
    static char err[160];
    pos_buf p;
    strcpy(err, "(no message)");
    ck_assert_msg(G->from_text(&p, text, err, sizeof err) == -1, "'%s' accepted", text);
    return err;
}

static const char *move_text(const pos_buf *p, gt_move m)
{
    static char buf[16];
    G->move_to_text(p, m, buf, sizeof buf);
    return buf;
}

/* ---- an independent Othello: 64 cells 'X', 'O', '-', a1 first ---------- */
static char other(char me) { return me == 'X' ? 'O' : 'X'; }

/* Discs a placement of `me` on s turns over (0: not legal); apply plays it. */
static int ref_play(char *b, char me, int s, int apply)
{
    int total = 0;
    if (b[s] != '-')
        return 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int x = s % 8 + dx, y = s / 8 + dy, n = 0;
            while ((dx || dy) && x >= 0 && x < 8 && y >= 0 && y < 8 && b[y * 8 + x] == other(me))
                x += dx, y += dy, n++;
            if (!n || x < 0 || x > 7 || y < 0 || y > 7 || b[y * 8 + x] != me)
                continue;
            total += n;
            for (int k = 1; apply && k <= n; k++)
                b[(s / 8 + k * dy) * 8 + s % 8 + k * dx] = me;
        }
    if (apply && total)
        b[s] = me;
    return total;
}

static int ref_moves(char *b, char me)
{
    int n = 0;
    for (int s = 0; s < 64; s++)
        n += ref_play(b, me, s, 0) > 0;
    return n;
}

/* The published rule: a pass is a ply, a game over before the last ply is
 * one leaf. */
static uint64_t ref_perft(char *b, char me, int depth)
{
    if (depth == 0)
        return 1;
    uint64_t n = 0;
    int moved = 0;
    for (int s = 0; s < 64; s++)
        if (ref_play(b, me, s, 0)) {
            char save[64];
            memcpy(save, b, 64);
            ref_play(b, me, s, 1);
            n += ref_perft(b, other(me), depth - 1);
            memcpy(b, save, 64);
            moved = 1;
        }
    if (moved)
        return n;
    return ref_moves(b, other(me)) ? ref_perft(b, other(me), depth - 1) : 1;
}

/* Exact result for `me` in discs, empty squares to the winner. */
static int ref_solve(char *b, char me, int alpha, int beta)
{
    int moved = 0;
    for (int s = 0; s < 64 && alpha < beta; s++)
        if (ref_play(b, me, s, 0)) {
            char save[64];
            memcpy(save, b, 64);
            ref_play(b, me, s, 1);
            int v = -ref_solve(b, other(me), -beta, -alpha);
            memcpy(b, save, 64);
            if (v > alpha)
                alpha = v;
            moved = 1;
        }
    if (moved)
        return alpha;
    if (ref_moves(b, other(me)))
        return -ref_solve(b, other(me), -beta, -alpha);
    int d = 0, empty = 0;
    for (int s = 0; s < 64; s++)
        d += b[s] == me ? 1 : b[s] == other(me) ? -1 : 0, empty += b[s] == '-';
    return d > 0 ? d + empty : d < 0 ? d - empty : 0;
}

/* A seeded random game from the start, stopped with `empty` squares left
 * (or at its end); text gets the position. */
static void random_position(unsigned *seed, int empty, char *text)
{
    char b[64], me = 'X';
    memcpy(b, START, 64);
    for (int e = 60; e > empty;) {
        int n = ref_moves(b, me);
        if (!n) {
            if (!ref_moves(b, other(me)))
                break;
            me = other(me);
            continue;
        }
        *seed = *seed * 1103515245u + 12345u;
        int k = (int)(*seed >> 16) % n;
        for (int s = 0; s < 64; s++)
            if (ref_play(b, me, s, 0) && k-- == 0) {
                ref_play(b, me, s, 1);
                break;
            }
        me = other(me);
        e--;
    }
    memcpy(text, b, 64);
    text[64] = ' ';
    text[65] = me;
    text[66] = 0;
}

/* ---- identity and text ------------------------------------------------- */
START_TEST(identity)
{
    pos_buf p;
    char buf[80];
    ck_assert_int_eq(G->abi_version, GT_ABI_VERSION);
    ck_assert_str_eq(G->name, "othello");
    ck_assert_str_eq(G->side_names[0], "black");
    ck_assert_str_eq(G->side_names[1], "white");
    ck_assert_int_eq(G->eval_unit, 100);
    ck_assert_uint_eq(G->flags, GT_FLAG_PERFT_ENDED_IS_LEAF);
    ck_assert_uint_eq(G->pass_move, 65);
    ck_assert_str_eq(G->startpos, START);
    load(&p, G->startpos);
    ck_assert_int_eq(G->side(&p), 0);
    G->to_text(&p, buf, sizeof buf);
    ck_assert_str_eq(buf, START);
    for (const char *const *b = G->bench_positions; *b; b++) {
        gt_move moves[64];
        load(&p, *b);
        G->to_text(&p, buf, sizeof buf);
        ck_assert_str_eq(buf, *b);
        ck_assert_int_gt(G->generate(&p, GT_GEN_ALL, moves), 0);
    }
    ck_assert_int_gt(G->bench_depth, 0);
}
END_TEST

START_TEST(position_errors)
{
    char text[80];
    ck_assert_str_eq(reject(""), "the board has 0 squares, expected 64 (X, O or -, a1..h1 first)");
    ck_assert_str_eq(reject(&START[1]),
                     "the board has 63 squares, expected 64 (X, O or -, a1..h1 first)");
    ck_assert_str_eq(reject("-" START),
                     "the board has 65 squares, expected 64 (X, O or -, a1..h1 first)");
    strcpy(text, START);
    text[2] = 'x';
    ck_assert_str_eq(reject(text), "square c1: 'x' is not X, O or -");
    text[2] = '\t';
    ck_assert_str_eq(reject(text), "square c1: byte 9 is not X, O or -");
    text[2] = '-';
    text[63] = '.';
    ck_assert_str_eq(reject(text), "square h8: '.' is not X, O or -");
    text[63] = '-';
    text[64] = 0;
    ck_assert_str_eq(reject(text), "missing the side to move (X or O) after the board");
    text[64] = ' ';
    text[65] = 0;
    ck_assert_str_eq(reject(text), "missing the side to move (X or O) after the board");
    text[65] = 'B';
    ck_assert_str_eq(reject(text), "bad side to move 'B' (X or O)");
    text[65] = 'x';
    ck_assert_str_eq(reject(text), "bad side to move 'x' (X or O)");
    ck_assert_str_eq(reject(START " moves"), "unexpected text after the side to move: ' moves'");
    strcpy(text, START);
    text[27] = '-';
    ck_assert_str_eq(reject(text),
                     "centre square d4 is empty (d4, e4, d5 and e5 are never empty)");
    /* Every byte value in every place: an answer, never a crash. */
    for (int i = 0; i < 67; i++)
        for (int c = 1; c < 256; c++) {
            pos_buf p;
            char err[160];
            memset(text, 0, sizeof text);
            strcpy(text, START);
            text[i] = (char)c;
            G->from_text(&p, text, err, sizeof err);
        }
}
END_TEST

START_TEST(move_texts)
{
    pos_buf p;
    char err[160];
    load(&p, START);
    gt_move moves[64];
    int n = G->generate(&p, GT_GEN_ALL, moves);
    ck_assert_int_eq(n, 4);
    const char *want[] = {"d3", "c4", "f5", "e6"};   /* squares 20, 27, 38, 45 */
    for (int i = 0; i < n; i++) {
        ck_assert_str_eq(move_text(&p, moves[i]), want[i]);
        ck_assert_uint_eq(G->move_from_text(&p, want[i], err, sizeof err), moves[i]);
    }
    ck_assert_uint_eq(G->move_from_text(&p, "D3", err, sizeof err), 20);
    struct { const char *text, *err; } bad[] = {
        {"", "bad move text '' (a square a1..h8, or pass)"},
        {"i1", "bad move text 'i1' (a square a1..h8, or pass)"},
        {"a9", "bad move text 'a9' (a square a1..h8, or pass)"},
        {"d33", "bad move text 'd33' (a square a1..h8, or pass)"},
        {"0000", "bad move text '0000' (a square a1..h8, or pass)"},
        {"d4", "illegal move d4: the square is taken"},
        {"a1", "illegal move a1: it turns over no disc"},
        {"pass", "illegal move pass: black can place a disc"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        strcpy(err, "(none)");
        ck_assert_uint_eq(G->move_from_text(&p, bad[i].text, err, sizeof err), GT_MOVE_NONE);
        ck_assert_str_eq(err, bad[i].err);
    }
    load(&p, MUST_PASS);
    ck_assert_uint_eq(G->move_from_text(&p, "pass", err, sizeof err), G->pass_move);
    ck_assert_uint_eq(G->move_from_text(&p, "PA", err, sizeof err), G->pass_move);
    ck_assert_str_eq(move_text(&p, G->pass_move), "pass");
    ck_assert_uint_eq(G->move_from_text(&p, "c1", err, sizeof err), GT_MOVE_NONE);
    ck_assert_str_eq(err, "illegal move c1: black cannot place a disc and must pass");
    load(&p, OVER);
    ck_assert_uint_eq(G->move_from_text(&p, "pass", err, sizeof err), GT_MOVE_NONE);
    ck_assert_str_eq(err, "illegal move pass: the game is over");
}
END_TEST

/* ---- moves ------------------------------------------------------------- */
START_TEST(the_pass)
{
    pos_buf p, before;
    gt_move moves[64];
    uint64_t undo;
    load(&p, MUST_PASS);
    ck_assert_int_eq(G->generate(&p, GT_GEN_ALL, moves), 1);
    ck_assert_uint_eq(moves[0], G->pass_move);
    ck_assert_int_eq(G->generate(&p, GT_GEN_NOISY, moves), 0);
    ck_assert(G->is_legal(&p, G->pass_move));
    ck_assert(!G->is_noisy(&p, G->pass_move));
    ck_assert(!G->null_ok(&p));     /* the null move would copy the pass */
    ck_assert_uint_lt(G->move_index(&p, G->pass_move), G->move_index_count);
    before = p;
    uint64_t k = G->key(&p);
    G->make(&p, G->pass_move, &undo);
    ck_assert_int_eq(G->side(&p), 1);
    ck_assert_uint_ne(G->key(&p), k);
    /* White to move now has c1, and the pass is not legal for it. */
    ck_assert_int_eq(G->generate(&p, GT_GEN_ALL, moves), 1);
    ck_assert_str_eq(move_text(&p, moves[0]), "c1");
    ck_assert(!G->is_legal(&p, G->pass_move));
    G->unmake(&p, G->pass_move, &undo);
    ck_assert_mem_eq(&p, &before, G->pos_size);
    ck_assert_uint_eq(G->key(&p), k);
}
END_TEST

START_TEST(is_legal_rejects_garbage)
{
    pos_buf p;
    load(&p, START);
    const gt_move bad[] = {0, 1, 28, 64, 66, 130, 1000, 0x10015, UINT32_MAX - 1, GT_MOVE_NULL};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(!G->is_legal(&p, bad[i]), "%u accepted", bad[i]);
    ck_assert(!G->is_legal(&p, G->pass_move));
    for (gt_move m = 1; m <= 64; m++)
        ck_assert(G->is_legal(&p, m) == (m == 20 || m == 27 || m == 38 || m == 45));
    ck_assert_int_eq(G->generate(&p, GT_GEN_CHECKS, NULL), -1);
}
END_TEST

/* The generator, is_legal, noisy moves and make/unmake against the
 * independent rules, in positions from random games. */
START_TEST(moves_against_reference)
{
    unsigned seed = 42;
    for (int game = 0; game < 200; game++) {
        char text[80], b[64];
        pos_buf p, before;
        gt_move moves[64], noisy[64];
        random_position(&seed, game % 60, text);
        memcpy(b, text, 64);
        load(&p, text);
        char me = text[65];
        int n = G->generate(&p, GT_GEN_ALL, moves);
        int want = ref_moves(b, me);
        if (want)
            ck_assert_int_eq(n, want);
        else
            ck_assert_int_eq(n, ref_moves(b, other(me)) ? 1 : 0);
        int nn = G->generate(&p, GT_GEN_NOISY, noisy), corners = 0;
        uint64_t k = G->key(&p);
        before = p;
        for (int i = 0; i < n; i++) {
            gt_move m = moves[i];
            uint64_t undo;
            ck_assert(G->is_legal(&p, m));
            ck_assert_uint_lt(G->move_index(&p, m), G->move_index_count);
            if (m != G->pass_move) {
                int s = (int)m - 1;
                ck_assert_int_gt(ref_play(b, me, s, 0), 0);
                bool corner = s == 0 || s == 7 || s == 56 || s == 63;
                ck_assert(G->is_noisy(&p, m) == corner);
                corners += corner;
            }
            G->make(&p, m, &undo);
            char after[80], ref[64];
            memcpy(ref, b, 64);
            if (m != G->pass_move)
                ref_play(ref, me, (int)m - 1, 1);
            G->to_text(&p, after, sizeof after);
            ck_assert(!memcmp(after, ref, 64) && after[65] == other(me));
            G->unmake(&p, m, &undo);
            ck_assert_mem_eq(&p, &before, G->pos_size);
            ck_assert_uint_eq(G->key(&p), k);
        }
        ck_assert_int_eq(nn, corners);
    }
}
END_TEST

START_TEST(keys)
{
    pos_buf p, q;
    char text[80];
    uint64_t undo;
    /* A position played to has the key of its text read back; the other
     * side to move changes the key, and a null move changes it back. */
    load(&p, START);
    const char *line[] = {"f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"};
    for (size_t i = 0; i < sizeof line / sizeof *line; i++) {
        char err[160];
        gt_move m = G->move_from_text(&p, line[i], err, sizeof err);
        ck_assert_msg(m != GT_MOVE_NONE, "%s", err);
        G->make(&p, m, &undo);
        G->to_text(&p, text, sizeof text);
        load(&q, text);
        ck_assert_uint_eq(G->key(&p), G->key(&q));
        text[65] = text[65] == 'X' ? 'O' : 'X';
        load(&q, text);
        ck_assert_uint_ne(G->key(&p), G->key(&q));
        G->make_null(&q, &undo);
        ck_assert_uint_eq(G->key(&p), G->key(&q));
    }
}
END_TEST

/* ---- the end of the game ----------------------------------------------- */
START_TEST(game_over)
{
    pos_buf p;
    gt_move moves[64];
    load(&p, OVER);
    ck_assert_int_eq(G->generate(&p, GT_GEN_ALL, moves), 0);
    ck_assert_int_eq(G->rule_outcome(&p, 0), GT_ONGOING);
    ck_assert_int_eq(G->no_moves(&p), GT_LOSS);          /* black 1, white 4 */
    ck_assert_int_eq(G->final_margin(&p), (3 + 59) * 100);
    ck_assert_str_eq(G->end_reason(&p, GT_LOSS), "neither side can move");
    ck_assert_uint_eq(gt_perft(G, &p, 5, NULL, NULL), 1);  /* one leaf */
    load(&p, "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO O");
    ck_assert_int_eq(G->generate(&p, GT_GEN_ALL, moves), 0);
    ck_assert_int_eq(G->no_moves(&p), GT_DRAW);
    ck_assert_str_eq(G->end_reason(&p, GT_DRAW), "board full");
    load(&p, "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO O");
    ck_assert_int_eq(G->no_moves(&p), GT_LOSS);
    ck_assert_int_eq(G->final_margin(&p), 2 * 100);      /* 33-31 */
}
END_TEST

/* ---- perft ------------------------------------------------------------- */
/* Othello's published perft from the start (Aart Bik; OEIS A124004; also
 * the table in jeffreyan11/othello_engine memtest.cpp).  Depths 10 and 11
 * (24571284 and 212258800) are checked by tests/scripts/out-of-tree.sh and by hand:
 * they take too long for a unit test. */
START_TEST(perft_start)
{
    static const uint64_t want[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288};
    pos_buf p;
    load(&p, START);
    for (int d = 1; d <= 9; d++)
        ck_assert_uint_eq(gt_perft(G, &p, d, NULL, NULL), want[d]);
    char text[80];
    G->to_text(&p, text, sizeof text);
    ck_assert_str_eq(text, START);
}
END_TEST

/* Endgames, where passes and early ends happen, against the reference. */
START_TEST(perft_against_reference)
{
    unsigned seed = 7;
    for (int i = 0; i < 60; i++) {
        char text[80];
        pos_buf p;
        int empty = 3 + i % 7, depth = empty + 3;
        random_position(&seed, empty, text);
        load(&p, text);
        ck_assert_uint_eq(gt_perft(G, &p, depth, NULL, NULL),
                          ref_perft(text, text[65], depth));
    }
    for (int i = 0; i < 10; i++) {
        char text[80];
        pos_buf p;
        random_position(&seed, 20 + 3 * i, text);
        load(&p, text);
        ck_assert_uint_eq(gt_perft(G, &p, 4, NULL, NULL), ref_perft(text, text[65], 4));
    }
}
END_TEST

/* The features' seven symmetries: each turns a position's text as the
 * square turns (the cell at row r, column c goes where k's bits say: swap
 * r and c, reverse the columns, reverse the rows), keeps the side to
 * move, and gives the same game as the reference counts it. */
START_TEST(seven_turns)
{
    const struct gt_features *f = G->features;
    ck_assert_int_eq(f->symmetries, 7);
    unsigned seed = 29;
    for (int i = 0; i < 12; i++) {
        char text[80], got[80];
        pos_buf p, q;
        random_position(&seed, 10 + 4 * i, text);
        load(&p, text);
        char seen[8][65] = {{0}};
        memcpy(seen[0], text, 64);
        for (int k = 1; k <= 7; k++) {
            char want[80];
            memcpy(want, text, sizeof want);
            for (int r = 0; r < 8; r++)
                for (int c = 0; c < 8; c++) {
                    int r2 = k & 1 ? c : r, c2 = k & 1 ? r : c;
                    if (k & 2) c2 = 7 - c2;
                    if (k & 4) r2 = 7 - r2;
                    want[r2 * 8 + c2] = text[r * 8 + c];
                }
            f->turn(&p, k, &q);
            G->to_text(&q, got, sizeof got);
            ck_assert_str_eq(got, want);
            ck_assert_uint_eq(gt_perft(G, &q, 3, NULL, NULL), ref_perft(want, want[65], 3));
            memcpy(seen[k], want, 64);
        }
        /* eight different boards: none of these positions is symmetric itself */
        int same = 0;
        for (int a = 0; a < 8; a++)
            for (int b = a + 1; b < 8; b++)
                same += !memcmp(seen[a], seen[b], 64);
        ck_assert_int_eq(same, 0);
    }
}
END_TEST

/* ---- evaluation -------------------------------------------------------- */
START_TEST(evaluation_trace)
{
    const struct gt_param *w = G->eval_params;
    ck_assert_str_eq(w[0].name, "mobility");
    ck_assert_str_eq(w[1].name, "corner");
    ck_assert_str_eq(w[2].name, "x_square");
    ck_assert_str_eq(w[3].name, "c_square");
    ck_assert_ptr_null(w[4].name);
    int32_t def[4], mine[4] = {7, -11, 13, 17};
    for (int i = 0; i < 4; i++) {
        def[i] = w[i].value;
        ck_assert(w[i].min <= w[i].value && w[i].value <= w[i].max);
    }
    /* By hand: black b2 (x square of empty a1), g1 and h2 (c squares of
     * empty h1); white a2 (c square of a1) and the h8 corner. */
    char text[80] = "------X-" "OX-----X" "--------" "---OX---" "---XO---" "--------"
                    "--------" "-------O X";
    pos_buf p;
    double coef[4];
    load(&p, text);
    char b[64];
    memcpy(b, text, 64);
    int mob = ref_moves(b, 'X') - ref_moves(b, 'O');
    int score = G->eval_trace(&p, NULL, coef);
    ck_assert(coef[0] == mob && coef[1] == -1 && coef[2] == 1 && coef[3] == 1);
    ck_assert_int_eq(score, def[0] * mob - def[1] + def[2] + def[3]);
    ck_assert_int_eq(G->evaluate(&p, NULL), score);
    /* Linear: the score is sum(coef * params), whatever the params. */
    unsigned seed = 3;
    for (int i = 0; i < 100; i++) {
        random_position(&seed, i % 60, text);
        load(&p, text);
        double sum = 0, sum_mine = 0;
        int s = G->eval_trace(&p, def, coef);
        for (int k = 0; k < 4; k++)
            sum += coef[k] * def[k], sum_mine += coef[k] * mine[k];
        ck_assert_int_eq(s, (int)sum);
        ck_assert_int_eq(G->evaluate(&p, NULL), s);
        ck_assert_int_eq(G->evaluate(&p, def), s);
        ck_assert_int_eq(G->evaluate(&p, mine), (int)sum_mine);
        ck_assert_int_eq(G->eval_trace(&p, mine, coef), (int)sum_mine);
        ck_assert(abs(s) <= GT_EVAL_MAX);
    }
    load(&p, START);
    ck_assert_int_eq(G->evaluate(&p, NULL), 0);   /* symmetric */
}
END_TEST

/* ---- null move ------------------------------------------------------------ */
START_TEST(null_move_hooks)
{
    pos_buf p;
    load(&p, START);
    ck_assert(G->null_ok(&p));                      /* 4 placements */
    ck_assert_int_eq(G->zugzwang_risk(&p), GT_RISK_MEDIUM);
    load(&p, "O-OXXXX-XXX-XXXX-XOX-XXXOOOOXOXXXXOXXOXX-XOOOXXXXXOOOO-XOOOO-O-- X");
    ck_assert_int_eq(G->zugzwang_risk(&p), GT_RISK_HIGH);   /* 14 empty */
}
END_TEST

/* ---- the search on it -------------------------------------------------- */
START_TEST(opening_move)
{
    char err[256], buf[16];
    struct gt_engine *e = gt_engine_new(G, err, sizeof err);
    struct gt_limits lim = {.depth = 6};
    struct gt_search_result res;
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(gt_engine_set_position(e, NULL, NULL, err, sizeof err), 0);
    ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
    G->move_to_text(gt_engine_position(e), res.best, buf, sizeof buf);
    ck_assert_msg(strstr(" d3 c4 f5 e6 ", buf) && strlen(buf) == 2, "bestmove %s", buf);
    /* A game record with a pass in it. */
    ck_assert_msg(gt_engine_set_position(e, MUST_PASS, "pass c1", err, sizeof err) == 0, "%s",
                  err);
    gt_engine_free(e);
}
END_TEST

/* Endgames solved by the search, margin included: the score is
 * GT_EVAL_MAX + margin for a win (-GT_EVAL_MAX - margin for a loss, 0 for
 * a draw), and the move played keeps the exact value.  Returns it. */
static int solve_at(struct gt_engine *e, const char *text, int depth)
{
    char err[256], b[64], me = text[65];
    memcpy(b, text, 64);
    int want = ref_solve(b, me, -65, 65);
    struct gt_limits lim = {.depth = depth};
    struct gt_search_result res;
    ck_assert_int_eq(gt_engine_set_position(e, text, NULL, err, sizeof err), 0);
    gt_engine_new_game(e);
    ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
    int score = want > 0 ? GT_EVAL_MAX + want * 100 : want < 0 ? -GT_EVAL_MAX + want * 100 : 0;
    ck_assert_msg(res.score == score, "%s: search %d, exact %d", text, res.score, score);
    if (res.best == G->pass_move)
        ck_assert_int_eq(ref_moves(b, me), 0);
    else
        ck_assert(res.best >= 1 && res.best <= 64 && ref_play(b, me, (int)res.best - 1, 1) > 0);
    int after = -ref_solve(b, other(me), -65, 65);
    ck_assert_msg(after == want, "%s: move %u gives %d, exact %d", text, res.best, after, want);
    return want;
}

/* With depth enough for every line to reach the end (passes are plies). */
static int solve(struct gt_engine *e, const char *text)
{
    int empty = 0;
    for (int s = 0; s < 64; s++)
        empty += text[s] == '-';
    return solve_at(e, text, 2 * empty + 8);
}

START_TEST(endgames_solved)
{
    char err[256];
    struct gt_engine *e = gt_engine_new(G, err, sizeof err);
    unsigned seed = 11;
    int wins = 0, losses = 0;
    ck_assert_ptr_nonnull(e);
    /* The bench's endgames: passes ahead; a pass to play at once. */
    ck_assert_int_eq(solve(e, G->bench_positions[2]), -44);
    ck_assert_int_eq(solve(e, G->bench_positions[3]), -40);
    for (int i = 0; i < 60; i++) {
        char text[80], b[64];
        random_position(&seed, 4 + i % 7, text);
        memcpy(b, text, 64);
        if (!ref_moves(b, text[65]) && !ref_moves(b, other(text[65])))
            continue;       /* over already: no move to play */
        int v = solve(e, text);
        wins += v > 0;
        losses += v < 0;
    }
    ck_assert_msg(wins > 10 && losses > 10, "wins %d, losses %d", wins, losses);
    gt_engine_free(e);
}
END_TEST

/* Margins exact at depth 20 with the default prunings.  A position with
 * 12 empty squares, where a proven win used to stop the search from
 * looking for a larger one (depth 20 said +10 or +12, the truth is +14),
 * and endgames of 8 to 10 empty squares, where max_plies_left says that
 * depth 20 reaches every end: the search solves them. */
START_TEST(margins_exact_at_depth_20)
{
    char err[256];
    struct gt_engine *e = gt_engine_new(G, err, sizeof err);
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(solve_at(e, "---OOO-XXXOOOOXX-XOOXXOXXXOXXOXXXOOOOO-XOOXOOOX-OOOXXOOO-O--XXOX X",
                              20), 14);
    unsigned seed = 2026;
    int n = 0;
    while (n < 40) {
        char text[80], b[64];
        random_position(&seed, 8 + n % 3, text);
        memcpy(b, text, 64);
        if (!ref_moves(b, text[65]))
            continue;       /* over, or a pass to play: nothing to choose */
        solve_at(e, text, 20);
        n++;
    }
    gt_engine_free(e);
}
END_TEST

/* The bound the solver trusts: never negative, and lower after every
 * move, along random games to their end. */
START_TEST(plies_left_bound)
{
    unsigned seed = 5;
    ck_assert_ptr_nonnull(G->max_plies_left);
    for (int game = 0; game < 200; game++) {
        pos_buf p;
        gt_move moves[64];
        uint64_t undo;
        load(&p, START);
        for (;;) {
            int left = G->max_plies_left(&p), n = G->generate(&p, GT_GEN_ALL, moves);
            ck_assert_int_ge(left, 0);
            if (!n)
                break;
            ck_assert_int_ge(left, 1);
            seed = seed * 1103515245u + 12345u;
            G->make(&p, moves[(seed >> 16) % (unsigned)n], &undo);
            ck_assert_int_lt(G->max_plies_left(&p), left);
        }
    }
}
END_TEST

/* The example's trained network (doc/network.md): it loads for this
 * module's features, and with it the engine plays the balanced start as
 * balanced and sees a cornered position as the win it is. */
START_TEST(shipped_network)
{
    char err[256];
    struct gt_engine *e = gt_engine_new(G, err, sizeof err);
    ck_assert_ptr_nonnull(e);
    ck_assert_msg(gt_engine_set_option(e, "EvalFile", OTHELLO_NET, err, sizeof err) == 0, "%s",
                  err);
    struct gt_limits lim = {.depth = 6};
    struct gt_search_result res;
    ck_assert_int_eq(gt_engine_set_position(e, NULL, NULL, err, sizeof err), 0);
    ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
    ck_assert_int_lt(abs(res.score), 3 * 100);
    /* Black holds three corners and most edges. */
    ck_assert_int_eq(gt_engine_set_position(e, "XXXXXXXXXXOOOOOXX-OOOO-XX-OOOO-XX--OO--XX------XX------XXXXXXX-- X",
                                            NULL, err, sizeof err), 0);
    ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
    ck_assert_int_gt(res.score, 5 * 100);
    gt_engine_free(e);
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    Suite *s = suite_create("othello");
    TCase *t = tcase_create("module");
    tcase_add_test(t, identity);
    tcase_add_test(t, position_errors);
    tcase_add_test(t, move_texts);
    tcase_add_test(t, the_pass);
    tcase_add_test(t, is_legal_rejects_garbage);
    tcase_add_test(t, moves_against_reference);
    tcase_add_test(t, keys);
    tcase_add_test(t, game_over);
    tcase_add_test(t, evaluation_trace);
    tcase_add_test(t, null_move_hooks);
    tcase_add_test(t, plies_left_bound);
    suite_add_tcase(s, t);
    TCase *c = tcase_create("core");
    tcase_set_timeout(c, 60);
    tcase_add_test(c, perft_start);
    tcase_add_test(c, perft_against_reference);
    tcase_add_test(c, seven_turns);
    tcase_add_test(c, opening_move);
    tcase_add_test(c, endgames_solved);
    tcase_add_test(c, margins_exact_at_depth_20);
    tcase_add_test(c, shipped_network);
    suite_add_tcase(s, c);
    return s;
}
