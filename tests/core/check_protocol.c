/* check_protocol.c -- the UCI/USI loop: each command, each error text, and
 * the USI differences, driven with a small game.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "protocol_io.h"

extern const struct gt_game tictactoe_LTX_gt_module;
#define TTT (&tictactoe_LTX_gt_module)

static struct gt_game usi_game(void)
{
    struct gt_game g = tictactoe_LTX_gt_module;
    g.dialect = GT_USI;
    return g;
}

#define EXPECT_LINE(out, line) \
    ck_assert_msg(has_line(out, line), "missing line '%s' in:\n%s", line, out)

START_TEST(uci_handshake)
{
    char *out = run_script(TTT, "uci\nisready\n");
    /* A banner first, then the handshake. */
    ck_assert_msg(strncmp(out, "gtsearch ", 9) == 0, "%s", out);
    ck_assert_ptr_nonnull(strstr(out, " (tictactoe) by the gtsearch authors\nid name gtsearch "));
    EXPECT_LINE(out, "option name Hash type spin default 16 min 1 max 65536");
    EXPECT_LINE(out, "option name Threads type spin default 1 min 1 max 256");
    EXPECT_LINE(out, "option name Clear Hash type button");
    EXPECT_LINE(out, "option name NullMove type check default true");
    EXPECT_LINE(out, "option name NullMoveBaseR type spin default 3 min 1 max 12");
    EXPECT_LINE(out, "uciok");
    EXPECT_LINE(out, "readyok");
    ck_assert(strstr(out, "uciok") < strstr(out, "readyok"));
    free(out);
}
END_TEST

START_TEST(usi_handshake)
{
    struct gt_game g = usi_game();
    char *out = run_script(&g, "usi\nisready\nusinewgame\n");
    EXPECT_LINE(out, "option name USI_Hash type spin default 16 min 1 max 65536");
    EXPECT_LINE(out, "option name USI_Ponder type check default false");
    EXPECT_LINE(out, "usiok");
    EXPECT_LINE(out, "readyok");
    ck_assert_ptr_null(strstr(out, "option name Hash "));
    free(out);
}
END_TEST

START_TEST(errors_are_reported_and_survived)
{
    char *out = run_script(TTT,
        "fly\n"
        "position\n"
        "position fen xxxoooxx. q\n"
        "position fen x........ o moves b2 b2\n"
        "position banana\n"
        "position startpos moves z9\n"
        "setoption name Hash value 0\n"
        "setoption name Nonsense value 1\n"
        "setoption value 3\n"
        "position startpos\n"
        "go depth zero\n"
        "stop\n"
        "go sideways\n"
        "stop\n"
        "d\n"
        "isready\n");
    EXPECT_LINE(out, "info string unknown command 'fly'");
    EXPECT_LINE(out, "info string position: expected startpos, fen or sfen");
    EXPECT_LINE(out, "info string bad position: expected 9 cells, a blank and the side "
                     "to move (x or o); position unchanged");
    EXPECT_LINE(out, "info string move 2 (b2): illegal move b2; position unchanged");
    EXPECT_LINE(out, "info string position: expected startpos, fen or sfen, not 'banana'");
    EXPECT_LINE(out, "info string move 1 (z9): bad move text 'z9' (a square a1..c3); "
                     "position unchanged");
    EXPECT_LINE(out, "info string option Hash: '0' is not a number from 1 to 65536");
    EXPECT_LINE(out, "info string no such option: 'Nonsense'");
    EXPECT_LINE(out, "info string setoption: expected 'name'");
    EXPECT_LINE(out, "info string go: 'depth' needs a number from 1 to 127, got 'zero'; "
                     "ignored");
    EXPECT_LINE(out, "info string go: unknown parameter 'sideways', ignored");
    EXPECT_LINE(out, "info string position ......... x");
    EXPECT_LINE(out, "readyok");        /* still answering after all that */
    /* Each go, its fields malformed or not, is answered by one bestmove. */
    int answers = 0;
    for (const char *p = out; (p = strstr(p, "bestmove ")); p++)
        answers++;
    ck_assert_int_eq(answers, 2);
    /* After all that, the start position is still the position. */
    EXPECT_LINE(out, "info string position ......... x");
    free(out);
}
END_TEST

START_TEST(position_with_moves)
{
    char *out = run_script(TTT, "position startpos moves b2 a1 c3\nd\n"
                                "position fen xx.oo.... x moves c3\nd\n");
    EXPECT_LINE(out, "info string position ..x.x.o.. o");
    EXPECT_LINE(out, "info string position xxxoo.... o");
    free(out);
}
END_TEST

START_TEST(go_depth_answers_a_legal_move)
{
    /* x to move wins at once on c3; o also threatens a row. */
    char *out = run_script(TTT, "position fen xx.oo.... x\ngo depth 4\n");
    EXPECT_LINE(out, "bestmove c3");
    ck_assert_ptr_nonnull(strstr(out, "score mate 1"));
    ck_assert_ptr_nonnull(strstr(out, "info depth 1 seldepth "));
    free(out);
}
END_TEST

/* x wins in three moves, five plies: UCI counts the moves, USI the
 * plies (as YaneuraOu prints "score mate 3" for a three-ply tsume). */
START_TEST(mate_distance_in_each_dialect)
{
    struct gt_game g = usi_game();
    char *out = run_script(TTT, "position fen x.......o x\ngo depth 9\n");
    ck_assert_msg(strstr(out, " score mate 3 "), "%s", out);
    free(out);
    out = run_script(&g, "position sfen x.......o x\ngo depth 9\n");
    ck_assert_msg(strstr(out, " score mate 5 "), "%s", out);
    free(out);
    /* after x's first move o is mated in two moves, four plies */
    out = run_script(TTT, "position fen x.......o x moves c3\ngo depth 9\n");
    ck_assert_msg(strstr(out, " score mate -2 "), "%s", out);
    free(out);
    out = run_script(&g, "position sfen x.......o x moves c3\ngo depth 9\n");
    ck_assert_msg(strstr(out, " score mate -4 "), "%s", out);
    free(out);
}
END_TEST

START_TEST(go_perft_divides)
{
    char *out = run_script(TTT, "go perft 2\n");
    EXPECT_LINE(out, "a3: 8");
    EXPECT_LINE(out, "c1: 8");
    EXPECT_LINE(out, "Nodes searched: 72");
    free(out);
}
END_TEST

START_TEST(multipv_info_lines)
{
    char *out = run_script(TTT, "setoption name MultiPV value 2\nposition startpos\n"
                                "go depth 2\n");
    ck_assert_msg(strstr(out, "info depth 2 seldepth 2 multipv 1 ") &&
                  strstr(out, "info depth 2 seldepth 2 multipv 2 "), "%s", out);
    ck_assert_ptr_nonnull(strstr(out, "\nbestmove "));
    free(out);
    out = run_script(TTT, "uci\n");
    EXPECT_LINE(out, "option name MultiPV type spin default 1 min 1 max 64");
    free(out);
}
END_TEST

/* After a refused position, go answers at once instead of searching the
 * position the GUI no longer means; a good position clears it. */
START_TEST(refused_position_is_not_searched)
{
    char *out = run_script(TTT, "position startpos moves b2\nposition fen x\ngo depth 5\n"
                                "position startpos\ngo depth 1\n");
    EXPECT_LINE(out, "info string go: the last position was refused; not searching the one "
                     "before it");
    EXPECT_LINE(out, "bestmove 0000");
    ck_assert_msg(!strstr(out, "info depth 5"), "%s", out);
    ck_assert_ptr_nonnull(strstr(out, "info depth 1 "));
    free(out);
}
END_TEST

START_TEST(help_lists_the_dialects_words)
{
    char *out = run_script(TTT, "help\n");
    /* As info strings, which GUIs show or skip. */
    EXPECT_LINE(out, "info string gtsearch speaks UCI for tictactoe; commands:");
    EXPECT_LINE(out, "info string position startpos|fen TEXT [moves M...]   set the position");
    EXPECT_LINE(out, "info string go [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS] "
                     "[winc MS] [binc MS]");
    EXPECT_LINE(out, "info string help                     this list");
    free(out);
}
END_TEST

START_TEST(no_legal_move)
{
    struct gt_game g = usi_game();
    char *out = run_script(TTT, "position fen xxxoo.... o\ngo depth 3\n");
    EXPECT_LINE(out, "info string game over: x wins: three in a row");
    EXPECT_LINE(out, "info depth 0 seldepth 0 multipv 1 score mate 0 nodes 0 nps 0 hashfull 0 "
                     "time 0");
    EXPECT_LINE(out, "bestmove (none)");
    free(out);
    out = run_script(&g, "position sfen xxxoo.... o\ngo depth 3\n");
    EXPECT_LINE(out, "bestmove resign");
    free(out);
}
END_TEST

START_TEST(infinite_waits_for_stop_and_isready_answers_meanwhile)
{
    char *out = run_script(TTT, "go infinite\nisready\nstop\n");
    EXPECT_LINE(out, "readyok");
    ck_assert_ptr_nonnull(strstr(out, "bestmove "));
    ck_assert(strstr(out, "readyok") < strstr(out, "bestmove "));
    free(out);
}
END_TEST

START_TEST(ponder_then_ponderhit_or_stop)
{
    /* While pondering no time limit applies; after ponderhit, movetime does. */
    char *out = run_script(TTT, "position startpos moves b2\n"
                                "go ponder movetime 50\nisready\nponderhit\n");
    EXPECT_LINE(out, "readyok");
    ck_assert(strstr(out, "readyok") < strstr(out, "bestmove "));
    free(out);
    struct gt_game g = usi_game();
    out = run_script(&g, "go ponder btime 1000 wtime 1000 byoyomi 100\n"
                         "gameover lose\nisready\n");
    ck_assert_ptr_nonnull(strstr(out, "bestmove "));
    ck_assert(strstr(out, "bestmove ") < strstr(out, "readyok"));
    free(out);
}
END_TEST

START_TEST(busy_engine_refuses_changes)
{
    char *out = run_script(TTT, "go infinite\nposition startpos moves b2\n"
                                "setoption name Hash value 32\ngo depth 2\nstop\n");
    EXPECT_LINE(out, "info string cannot change the position while searching; "
                     "position unchanged");
    EXPECT_LINE(out, "info string cannot set options while searching");
    EXPECT_LINE(out, "info string go: a search is already running (send stop first)");
    free(out);
}
END_TEST

START_TEST(quit_ends_the_session)
{
    char *out = run_script(TTT, "isready\nquit\nisready\n");
    ck_assert_ptr_nonnull(strstr(out, "readyok"));
    ck_assert_ptr_null(strstr(strstr(out, "readyok") + 1, "readyok"));
    free(out);
}
END_TEST

/* A search stopped inside an iteration (here by its node limit) reports
 * its answer once more, with every node spent: the last info line before
 * bestmove counts at least the limit. */
START_TEST(stopped_search_reports_all_its_nodes)
{
    char *out = run_script(TTT, "ucinewgame\nposition startpos\ngo nodes 300\n");
    char *bm = strstr(out, "bestmove ");
    ck_assert_ptr_nonnull(bm);
    char *last = NULL;
    for (char *p = strstr(out, "info depth "); p && p < bm; p = strstr(p + 1, "info depth "))
        last = p;
    ck_assert_ptr_nonnull(last);
    char *nodes = strstr(last, " nodes ");
    ck_assert_ptr_nonnull(nodes);
    ck_assert_msg(atol(nodes + 7) >= 300, "last info before bestmove:\n%s", out);
    free(out);
}
END_TEST

START_TEST(nodes_limit_is_reproducible)
{
    char *a = run_script(TTT, "ucinewgame\nposition startpos\ngo nodes 300\n");
    char *b = run_script(TTT, "ucinewgame\nposition startpos\ngo nodes 300\n");
    /* Times differ between runs; everything else must not. */
    drop_field(a, "time");
    drop_field(a, "nps");
    drop_field(b, "time");
    drop_field(b, "nps");
    ck_assert_ptr_nonnull(strstr(a, "bestmove "));
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
}
END_TEST

/* go searchmoves: the answer is one of the moves named; a word that is
 * no legal move is reported and left out. */
START_TEST(searchmoves_restricts_the_root)
{
    char *out = run_script(TTT, "position startpos\ngo depth 9 searchmoves a1 c3 zz\n");
    ck_assert_msg(strstr(out, "\nbestmove a1") || strstr(out, "\nbestmove c3"), "%s", out);
    ck_assert_ptr_nonnull(strstr(out, "info string go searchmoves: "));
    free(out);
    /* Other go words may follow the list. */
    out = run_script(TTT, "position startpos\ngo searchmoves b1 depth 3\n");
    ck_assert_ptr_nonnull(strstr(out, "\nbestmove b1"));
    ck_assert_ptr_nonnull(strstr(out, "info depth 3 "));
    free(out);
}
END_TEST

/* debug on: each search ends with its statistics; off: not. */
START_TEST(debug_on_and_off)
{
    char *out = run_script(TTT, "debug on\nposition startpos\ngo depth 3\n");
    ck_assert_ptr_nonnull(strstr(out, "info string debug: depth 3, "));
    free(out);
    out = run_script(TTT, "debug on\ndebug off\nposition startpos\ngo depth 3\n");
    ck_assert_ptr_null(strstr(out, "info string debug:"));
    free(out);
}
END_TEST

/* A line of any length is read whole (a game's history fits on one). */
START_TEST(long_lines_are_read_whole)
{
    size_t pad = 200000;
    char *script = malloc(pad + 64);
    ck_assert_ptr_nonnull(script);
    char *p = script + sprintf(script, "position startpos moves b2");
    memset(p, ' ', pad);
    strcpy(p + pad, "a1\nd\n");
    char *out = run_script(TTT, script);
    EXPECT_LINE(out, "info string position ....x.o.. x");
    free(out);
    free(script);
}
END_TEST

/* Once a mate is proven with depth to spare, deeper iterations stop:
 * the depth reported is one searched, not the deepest possible. */
START_TEST(depth_after_a_mate_is_real)
{
    char *out = run_script(TTT, "position fen xx.oo.... x\ngo depth 100\n");
    EXPECT_LINE(out, "bestmove c3");
    ck_assert_msg(!strstr(out, "info depth 100 ") && !strstr(out, "info depth 50 "), "%s",
                  out);
    free(out);
}
END_TEST

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("protocol");
    TCase *tc = tcase_create("protocol");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, uci_handshake);
    tcase_add_test(tc, usi_handshake);
    tcase_add_test(tc, errors_are_reported_and_survived);
    tcase_add_test(tc, position_with_moves);
    tcase_add_test(tc, go_depth_answers_a_legal_move);
    tcase_add_test(tc, mate_distance_in_each_dialect);
    tcase_add_test(tc, go_perft_divides);
    tcase_add_test(tc, multipv_info_lines);
    tcase_add_test(tc, refused_position_is_not_searched);
    tcase_add_test(tc, help_lists_the_dialects_words);
    tcase_add_test(tc, no_legal_move);
    tcase_add_test(tc, infinite_waits_for_stop_and_isready_answers_meanwhile);
    tcase_add_test(tc, ponder_then_ponderhit_or_stop);
    tcase_add_test(tc, busy_engine_refuses_changes);
    tcase_add_test(tc, quit_ends_the_session);
    tcase_add_test(tc, nodes_limit_is_reproducible);
    tcase_add_test(tc, searchmoves_restricts_the_root);
    tcase_add_test(tc, debug_on_and_off);
    tcase_add_test(tc, long_lines_are_read_whole);
    tcase_add_test(tc, depth_after_a_mate_is_real);
    tcase_add_test(tc, stopped_search_reports_all_its_nodes);
    suite_add_tcase(s, tc);
    return s;
}
