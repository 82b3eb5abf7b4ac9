/* check_match_chess.c -- the referee on scripted chess games (mate,
 * stalemate, threefold repetition), chess openings files (EPD lines, a
 * malformed line reported by number) and the PGN output. */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/match.h"
#include "match/match_openings.h"

extern const struct gt_game chess_LTX_gt_module;
static const struct gt_game *const chess = &chess_LTX_gt_module;

static char out[16384];

/* Play one game of a script between two fake engines; out gets the record
 * line and then the PGN. */
static struct gt_match_summary play_script_as(const char *script, enum gt_proto white)
{
    static struct gt_match_config c;
    struct gt_match_summary sum;
    char rec[] = "/tmp/check_match_chess_rec.XXXXXX", pgn[] = "/tmp/check_match_chess_pgn.XXXXXX";
    char cmd[1024], err[512];
    ck_assert_int_eq(chess->init(), 0);
    close(mkstemp(rec));
    close(mkstemp(pgn));
    gt_match_config_default(&c, chess);
    c.quiet = true;
    c.tc.depth = 1;
    c.games = 1;
    c.record = rec;
    c.pgn = pgn;
    snprintf(cmd, sizeof cmd, "sh '%s' '%s'", FAKE_ENGINE, script);
    for (int i = 0; i < 2; i++) {
        c.engines[i].cmd = cmd;
        snprintf(c.engines[i].name, sizeof c.engines[i].name, "%s", i ? "Black" : "White");
    }
    c.engines[0].proto = white;
    c.nengines = 2;
    ck_assert_int_eq(gt_match_run(&c, stdout, &sum, err, sizeof err), 0);
    size_t n = 0;
    for (int k = 0; k < 2; k++) {
        FILE *f = fopen(k ? pgn : rec, "r");
        ck_assert_ptr_nonnull(f);
        n += fread(out + n, 1, sizeof out - 1 - n, f);
        fclose(f);
    }
    out[n] = 0;
    unlink(rec);
    unlink(pgn);
    return sum;
}

static struct gt_match_summary play_script(const char *script)
{
    return play_script_as(script, GT_PROTO_GAME);
}

#define HAS(text) ck_assert_msg(strstr(out, text), "no '%s' in:\n%s", text, out)

START_TEST(fools_mate)
{
    struct gt_match_summary sum = play_script("f2f3 e7e5 g2g4 d8h4");
    ck_assert_int_eq(sum.tally[0].losses, 1);
    HAS("result=0-1 end=rule reason=\"black wins: checkmate\" position startpos moves f2f3 e7e5 g2g4 d8h4\n");
    HAS("[White \"White\"]\n[Black \"Black\"]\n[Result \"0-1\"]\n");
    HAS("[Termination \"normal\"]\n[PlyCount \"4\"]\n");
    HAS("\n1. f2f3 e7e5 2. g2g4 d8h4\n{black wins: checkmate} 0-1\n");
    ck_assert_ptr_null(strstr(out, "[Variant"));
}
END_TEST

START_TEST(loyds_stalemate)
{
    /* Sam Loyd's ten-move stalemate: black has no move after 10. Qe6. */
    struct gt_match_summary sum = play_script(
        "e2e3 a7a5 d1h5 a8a6 h5a5 h7h5 h2h4 a6h6 a5c7 f7f6 c7d7 e8f7 d7b7 d8d3 "
        "b7b8 d3h7 b8c8 f7g6 c8e6");
    ck_assert_int_eq(sum.tally[0].draws, 1);
    HAS("result=1/2-1/2 end=rule reason=\"draw: stalemate\"");
    HAS("c8e6\n");
}
END_TEST

START_TEST(threefold_repetition)
{
    /* The start position for the third time after eight plies. */
    struct gt_match_summary sum = play_script("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4");
    ck_assert_int_eq(sum.tally[0].draws, 1);
    HAS("result=1/2-1/2 end=rule reason=\"draw: threefold repetition\" "
        "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8\n");
}
END_TEST

START_TEST(cecp_castling_text)
{
    /* White speaks CECP and castles as O-O, which the referee reads
     * through chess's SAN notation (the adapter knows no game); black
     * (UCI) then has no move left in the script and answers 0000. */
    play_script_as("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 O-O", GT_PROTO_CECP);
    HAS("result=1-0 end=illegal reason=\"Black played an illegal move '0000'");
    HAS("moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1\n");
}
END_TEST

START_TEST(epd_openings_and_a_bad_line)
{
    struct gt_match_config c;
    struct gt_openings ops;
    char err[512], warn[1024] = "";
    ck_assert_int_eq(chess->init(), 0);
    gt_match_config_default(&c, chess);
    ck_assert_int_eq(gt_openings_load(&c, TEST_DATA_DIR "/chess/openings.epd", &ops, NULL, err,
                                      sizeof err), 0);
    ck_assert_int_gt(ops.n, 10);
    /* Line 7: the first opening; its four FEN fields, read back in full. */
    ck_assert_int_eq(ops.v[0].line, 7);
    ck_assert_str_eq(ops.v[0].base,
                     "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 0 1");
    ck_assert_int_eq(ops.v[0].nmoves, 0);
    gt_openings_free(&ops);

    char path[] = "/tmp/check_match_epd.XXXXXX";
    int fd = mkstemp(path);
    const char *text = "startpos moves e2e4 e7e5\n"
                       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - ce 0;\n"
                       "startpos moves e2e5\n"
                       "fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1\n";
    ck_assert_int_eq(write(fd, text, strlen(text)), (int)strlen(text));
    close(fd);
    FILE *w = fmemopen(warn, sizeof warn - 1, "w");
    ck_assert_int_eq(gt_openings_load(&c, path, &ops, w, err, sizeof err), 0);
    fclose(w);
    unlink(path);
    ck_assert_int_eq(ops.n, 2);
    ck_assert_int_eq(ops.v[1].line, 4);
    ck_assert_str_eq(ops.v[1].moves[0], "e1g1");
    ck_assert_msg(strstr(warn, ":2: skipped: not a position: "), "%s", warn);
    ck_assert_msg(strstr(warn, ":3: skipped: move 1 'e2e5': "), "%s", warn);
    gt_openings_free(&ops);
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    Suite *s = suite_create("match_chess");
    TCase *tc = tcase_create("referee");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, fools_mate);
    tcase_add_test(tc, loyds_stalemate);
    tcase_add_test(tc, threefold_repetition);
    tcase_add_test(tc, cecp_castling_text);
    tcase_add_test(tc, epd_openings_and_a_bad_line);
    suite_add_tcase(s, tc);
    return s;
}
