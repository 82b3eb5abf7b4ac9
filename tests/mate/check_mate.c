/* check_mate.c -- the df-pn mate solver on chess and shogi: the mates of
 * the shared sets (exact length, a first move of bm), no mate, stalemate
 * traps, limits, the checks-only rule with and without the game's help,
 * and the protocol answers.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mate/mate.h"
#include "protocol_io.h"

extern const struct gt_game chess_LTX_gt_module, shogi_LTX_gt_module;
#define CHESS (&chess_LTX_gt_module)
#define SHOGI (&shogi_LTX_gt_module)

static void *new_pos(const struct gt_game *g, const char *text)
{
    char err[256];
    void *pos = malloc(g->pos_size);
    ck_assert_ptr_nonnull(pos);
    if (g->init)
        ck_assert_int_eq(g->init(), 0);
    ck_assert_msg(g->from_text(pos, text, err, sizeof err) == 0, "%s: %s", text, err);
    return pos;
}

/* Text of res->pv's first n moves from root. */
static void line_text(const struct gt_game *g, const void *root, const gt_move *pv, int n,
                      char *buf, size_t len)
{
    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size);
    size_t used = 0;
    memcpy(pos, root, g->pos_size);
    buf[0] = 0;
    for (int i = 0; i < n && used + 16 < len; i++) {
        char mv[32];
        g->move_to_text(pos, pv[i], mv, sizeof mv);
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", mv);
        g->make(pos, pv[i], undo);
    }
    free(pos);
    free(undo);
}

/* The line is legal, the attacker checks on every move when asked to,
 * and it ends with the defender in check and without a legal move. */
static void assert_mating_line(const struct gt_game *g, const void *root,
                               const struct gt_mate_result *res, bool checks)
{
    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size);
    gt_move *moves = malloc((size_t)g->max_moves * sizeof *moves);
    memcpy(pos, root, g->pos_size);
    int attacker = g->side(pos);
    ck_assert_int_eq(res->pv_len, res->plies);
    ck_assert_int_eq(res->pv_len % 2, 1);
    for (int i = 0; i < res->pv_len; i++) {
        ck_assert_msg(g->is_legal(pos, res->pv[i]), "pv move %d is illegal", i + 1);
        bool attacking = g->side(pos) == attacker;
        g->make(pos, res->pv[i], undo);
        if (attacking && checks)
            ck_assert_msg(g->in_check(pos), "pv move %d does not check", i + 1);
    }
    ck_assert_int_ne(g->side(pos), attacker);
    ck_assert_int_eq(g->generate(pos, GT_GEN_ALL, moves), 0);
    ck_assert(g->in_check(pos));
    ck_assert_int_eq(g->no_moves(pos), GT_LOSS);
    free(pos);
    free(undo);
    free(moves);
}

static struct gt_mate_result solve(const struct gt_game *g, const char *text,
                                   const struct gt_mate_limits *lim)
{
    struct gt_mate_result res;
    void *pos = new_pos(g, text);
    ck_assert_int_eq(gt_mate_search(g, pos, lim, &res), 0);
    if (res.status == GT_MATE_FOUND)
        assert_mating_line(g, pos, &res, !lim->all_moves);
    free(pos);
    return res;
}

/* Solve every line of a mates file with dm up to max_dm; returns how many
 * were checked. */
static int solve_file(const struct gt_game *g, const char *file, bool dm_in_moves,
                      int max_dm, bool all_moves)
{
    char path[512], line[1024];
    snprintf(path, sizeof path, "%s/%s", TEST_DATA_DIR, file);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        char *dm = strstr(line, " dm "), *bm = strstr(line, "; bm ");
        if (line[0] == '#' || !dm || !bm)
            continue;
        *dm = 0;
        int n = atoi(dm + 4), plies = dm_in_moves ? 2 * n - 1 : n;
        if (n > max_dm)
            continue;
        char moves[256];
        char *end = strchr(bm + 5, ';');
        snprintf(moves, sizeof moves, " %.*s ", (int)(end - bm - 5), bm + 5);
        struct gt_mate_limits lim = {.max_plies = plies + 2, .all_moves = all_moves,
                                     .nodes = 2000000};
        struct gt_mate_result res = solve(g, line, &lim);
        ck_assert_msg(res.status == GT_MATE_FOUND, "%s: %s", line,
                      gt_mate_status_name(res.status));
        ck_assert_msg(res.plies == plies && res.shortest, "%s: mate in %d plies, want %d",
                      line, res.plies, plies);
        void *pos = new_pos(g, line);
        char first[64], want[70];
        line_text(g, pos, res.pv, 1, first, sizeof first);
        snprintf(want, sizeof want, " %s ", first);
        ck_assert_msg(strstr(moves, want), "%s: first move %s not in bm%s", line, first,
                      moves);
        free(pos);
        checked++;
    }
    fclose(f);
    return checked;
}

START_TEST(chess_mates_in_1_to_3)
{
    ck_assert_int_eq(solve_file(CHESS, "chess/mates.epd", true, 3, true), 18);
}
END_TEST

START_TEST(shogi_tsume)
{
    ck_assert_int_eq(solve_file(SHOGI, "shogi/mates.epd", false, 5, false), 11);
}
END_TEST

START_TEST(chess_mate_in_3_line)
{
    struct gt_mate_limits lim = {.max_plies = 9, .all_moves = true};
    const char *fen = "8/7Q/8/6k1/4K3/8/8/8 w - - 0 1";
    struct gt_mate_result res = solve(CHESS, fen, &lim);
    char text[256];
    void *pos = new_pos(CHESS, fen);
    ck_assert_int_eq(res.status, GT_MATE_FOUND);
    ck_assert_int_eq(res.plies, 5);
    line_text(CHESS, pos, res.pv, res.pv_len, text, sizeof text);
    ck_assert_str_eq(text, "h7g7 g5h4 e4f4 h4h3 g7g3");
    free(pos);
}
END_TEST

START_TEST(no_mate)
{
    /* Two rooks mate in two with a quiet first move, never in one. */
    const char *fen = "4k3/8/8/8/8/8/8/RR2K3 w - - 0 1";
    struct gt_mate_limits lim = {.max_plies = 1, .all_moves = true};
    ck_assert_int_eq(solve(CHESS, fen, &lim).status, GT_MATE_NONE);
    lim.max_plies = 3;
    struct gt_mate_result res = solve(CHESS, fen, &lim);
    ck_assert_int_eq(res.status, GT_MATE_FOUND);
    ck_assert_int_eq(res.plies, 3);
    /* Checks only, the quiet move is not allowed: no mate in two. */
    lim.all_moves = false;
    ck_assert_int_eq(solve(CHESS, fen, &lim).status, GT_MATE_NONE);
    /* Bare kings: nothing at all, at once. */
    lim.max_plies = 0;
    res = solve(CHESS, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", &lim);
    ck_assert_int_eq(res.status, GT_MATE_NONE);
    ck_assert_uint_le(res.nodes, 2);
}
END_TEST

START_TEST(stalemate_is_not_mate)
{
    /* ...Kf3 leaves white without a move, not in check: a draw. */
    const char *fen = "8/8/8/8/6k1/8/5p2/5K2 b - - 0 1";
    struct gt_mate_limits lim = {.max_plies = 1, .all_moves = true};
    ck_assert_int_eq(solve(CHESS, fen, &lim).status, GT_MATE_NONE);
    /* Nor is it one in two moves: ...Kg3 Ke2 and the pawn cannot promote
     * with mate. */
    lim.max_plies = 3;
    ck_assert_int_eq(solve(CHESS, fen, &lim).status, GT_MATE_NONE);
}
END_TEST

START_TEST(limits_end_the_search)
{
    const char *fen = "r2k1b1r/1p1Bpp2/5n2/p1B2Ppp/8/N1P1Q3/PP3PPP/R3K2R w KQ - 0 1";
    struct gt_mate_limits lim = {.max_plies = 9, .all_moves = true, .nodes = 100};
    struct gt_mate_result res = solve(CHESS, fen, &lim);
    ck_assert_int_eq(res.status, GT_MATE_TIMEOUT);
    ck_assert_int_eq(res.pv_len, 0);
    ck_assert_uint_le(res.nodes, 101);
    atomic_bool stop = true;
    lim = (struct gt_mate_limits){.max_plies = 9, .all_moves = true, .stop = &stop};
    ck_assert_int_eq(solve(CHESS, fen, &lim).status, GT_MATE_TIMEOUT);
    lim = (struct gt_mate_limits){.max_plies = 9, .all_moves = true, .time_ms = 30};
    res = solve(CHESS, fen, &lim);
    ck_assert_int_eq(res.status, GT_MATE_TIMEOUT);
}
END_TEST

START_TEST(bad_arguments)
{
    struct gt_mate_result res;
    struct gt_mate_limits lim = {.max_plies = GT_MATE_MAX_PLY + 1};
    void *pos = new_pos(CHESS, "8/7Q/8/6k1/4K3/8/8/8 w - - 0 1");
    ck_assert_int_eq(gt_mate_search(CHESS, pos, &lim, &res), -1);
    ck_assert_int_eq(res.status, GT_MATE_UNKNOWN);
    ck_assert_str_eq(res.message, "mate search: max plies 256 is not from 1 to 255");
    ck_assert_int_eq(gt_mate_search(CHESS, NULL, &lim, &res), -1);
    ck_assert_str_eq(res.message, "mate search: missing position");
    free(pos);
}
END_TEST

/* The same chess, as a game that cannot list checks (and, in the second
 * copy, cannot tell one from a move either). */
static int no_check_generation(const void *pos, enum gt_gen kind, gt_move *moves)
{
    return kind == GT_GEN_CHECKS ? -1 : CHESS->generate(pos, kind, moves);
}

START_TEST(checks_without_the_games_help)
{
    struct gt_game plain = *CHESS, bare = *CHESS;
    plain.generate = no_check_generation;
    bare.generate = no_check_generation;
    bare.gives_check = NULL;
    /* Mate in 3 by checks: Qd8+ then the rook and queen. */
    const char *fen = "1rb4k/p4rpp/8/Np6/1p1Rnp1N/8/P3KP1P/7R w - - 0 1";
    struct gt_mate_limits lim = {.max_plies = 9};
    struct gt_mate_result a = solve(CHESS, fen, &lim), b = solve(&plain, fen, &lim),
                          c = solve(&bare, fen, &lim);
    ck_assert_int_eq(a.status, GT_MATE_FOUND);
    ck_assert_int_eq(a.plies, 3);
    ck_assert_int_eq(b.plies, 3);
    ck_assert_int_eq(c.plies, 3);
    ck_assert_mem_eq(a.pv, b.pv, 3 * sizeof a.pv[0]);
    ck_assert_mem_eq(a.pv, c.pv, 3 * sizeof a.pv[0]);
    ck_assert_uint_eq(a.nodes, c.nodes);
}
END_TEST

START_TEST(shogi_uchifuzume_and_long_tsume)
{
    /* P*1b would mate but a pawn-drop mate is illegal: L*1b is the mate. */
    struct gt_mate_limits lim = {0};
    struct gt_mate_result res = solve(SHOGI, "8k/6S2/7G1/9/9/9/9/9/4K4 b PLp 1", &lim);
    char text[64];
    void *pos = new_pos(SHOGI, "8k/6S2/7G1/9/9/9/9/9/4K4 b PLp 1");
    ck_assert_int_eq(res.status, GT_MATE_FOUND);
    line_text(SHOGI, pos, res.pv, res.pv_len, text, sizeof text);
    ck_assert_str_eq(text, "L*1b");
    free(pos);
    /* Unbounded tsume (gote attacks): found and shortened to 3 plies. */
    res = solve(SHOGI, "9/9/7k1/9/9/2+r6/9/K8/9 w SLgnl 1", &lim);
    ck_assert_int_eq(res.status, GT_MATE_FOUND);
    ck_assert_int_eq(res.plies, 3);
    ck_assert(res.shortest);
}
END_TEST

/* ---- the protocol ------------------------------------------------------ */

#define EXPECT_LINE(out, line) \
    ck_assert_msg(has_line(out, line), "missing line '%s' in:\n%s", line, out)

/* The registry would build the modules' tables; here the test does. */
static void init_games(void)
{
    ck_assert_int_eq(CHESS->init(), 0);
    ck_assert_int_eq(SHOGI->init(), 0);
}

START_TEST(usi_go_mate)
{
    init_games();
    struct gt_game usi_chess = *CHESS;
    usi_chess.dialect = GT_USI;
    char *out = run_script(&usi_chess, "position sfen 8/8/8/8/8/5K2/3Q4/6k1 w - - 0 1\n"
                                       "go mate 5000\n");
    EXPECT_LINE(out, "checkmate d2g2");
    free(out);
    out = run_script(&usi_chess, "position sfen 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
                                 "go mate infinite\n");
    EXPECT_LINE(out, "checkmate nomate");
    free(out);
    out = run_script(SHOGI, "position sfen 9/9/5+B1k1/9/7G1/5+R3/9/9/7K1 b 2Lnp 1\n"
                            "go mate 10000\n");
    EXPECT_LINE(out, "checkmate L*2d 2c1b 4c2a 1b1c 2a2b");
    free(out);
    /* A king in the open with a few pieces in hand: far beyond a moment. */
    out = run_script(SHOGI, "position sfen 9/9/9/9/4k4/9/9/9/K8 b RBG 1\n"
                            "go mate infinite\nisready\nstop\n");
    EXPECT_LINE(out, "readyok");
    EXPECT_LINE(out, "checkmate timeout");
    free(out);
    out = run_script(SHOGI, "go mate soon\n");
    EXPECT_LINE(out, "info string go mate: expected a time in ms or 'infinite', "
                     "got 'soon'; searching without a time limit");
    free(out);
}
END_TEST

START_TEST(uci_go_mate)
{
    init_games();
    char *out = run_script(CHESS, "position fen 8/7Q/8/6k1/4K3/8/8/8 w - - 0 1\n"
                                  "go mate 3\n");
    ck_assert_msg(strstr(out, "score mate 3 ") && strstr(out, " pv h7g7 g5h4 e4f4 h4h3 g7g3\n"),
                  "%s", out);
    EXPECT_LINE(out, "bestmove h7g7 ponder g5h4");
    free(out);
    /* Not within 2 moves: the solver says so and the search answers. */
    out = run_script(CHESS, "position fen 8/7Q/8/6k1/4K3/8/8/8 w - - 0 1\n"
                            "go mate 2\n");
    EXPECT_LINE(out, "info string mate search: no mate within the limit; "
                     "searching normally");
    ck_assert_ptr_nonnull(strstr(out, "\nbestmove "));
    free(out);
    out = run_script(CHESS, "go mate 0\n");
    EXPECT_LINE(out, "info string go: 'mate' needs a number from 1 to 64, got '0'; ignored");
    ck_assert_ptr_nonnull(strstr(out, "\nbestmove "));    /* still one answer */
    free(out);
}
END_TEST

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("mate");
    TCase *tc = tcase_create("mate");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, chess_mates_in_1_to_3);
    tcase_add_test(tc, shogi_tsume);
    tcase_add_test(tc, chess_mate_in_3_line);
    tcase_add_test(tc, no_mate);
    tcase_add_test(tc, stalemate_is_not_mate);
    tcase_add_test(tc, limits_end_the_search);
    tcase_add_test(tc, bad_arguments);
    tcase_add_test(tc, checks_without_the_games_help);
    tcase_add_test(tc, shogi_uchifuzume_and_long_tsume);
    tcase_add_test(tc, usi_go_mate);
    tcase_add_test(tc, uci_go_mate);
    suite_add_tcase(s, tc);
    return s;
}
