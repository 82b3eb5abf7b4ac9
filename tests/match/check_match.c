/* check_match.c -- the match runner on scripted tic-tac-toe games: fake
 * engines (tests/match/fake-engine.sh) play given moves, and the referee must
 * score wins, draws, illegal moves, time losses, crashes, hangs, resigns,
 * false claims and adjudications; the match goes on after a crash (exit or
 * SIGKILL), a hang, a failed restart, garbage or a missing move, with the
 * engine restarted and every game in the files in order; the SPRT stops
 * it where the arithmetic says; a gauntlet pairs the first engine with
 * each other one; --resume counts the games written and plays the rest,
 * or refuses a file of another match; minimal PGN has no comments.
 *
 * Tic-tac-toe squares: a3 b3 c3 / a2 b2 c2 / a1 b1 c1 (x moves first).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/match.h"
#include "match/match_openings.h"

extern const struct gt_game tictactoe_LTX_gt_module;
static const struct gt_game *const ttt = &tictactoe_LTX_gt_module;

struct run {
    struct gt_match_config c;
    struct gt_match_summary sum;
    char record_path[64];
    char record[8192];     /* the record file after the match */
    char pgn_path[64];     /* "" unless with_pgn() */
    char pgn[16384];       /* the PGN file after the match */
    char err[512];
    int rc;
};

static struct run *new_run(void)
{
    struct run *r = calloc(1, sizeof *r);
    ck_assert_ptr_nonnull(r);
    gt_match_config_default(&r->c, ttt);
    r->c.quiet = true;
    r->c.tc.depth = 1;
    r->c.tc.hang_ms = 5000;
    snprintf(r->record_path, sizeof r->record_path, "/tmp/check_match.XXXXXX");
    int fd = mkstemp(r->record_path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    r->c.record = r->record_path;
    return r;
}

static void engine(struct run *r, const char *name, const char *script)
{
    struct gt_match_engine *e = &r->c.engines[r->c.nengines++];
    char *cmd = malloc(strlen(script) + 256);
    ck_assert_ptr_nonnull(cmd);
    sprintf(cmd, "sh '%s' '%s'", FAKE_ENGINE, script);
    e->cmd = cmd;
    snprintf(e->name, sizeof e->name, "%s", name);
}

/* The engine with variables for fake-engine.sh set before it. */
static void engine_env(struct run *r, const char *name, const char *env, const char *script)
{
    struct gt_match_engine *e = &r->c.engines[r->c.nengines++];
    char *cmd = malloc(strlen(env) + strlen(script) + 256);
    ck_assert_ptr_nonnull(cmd);
    sprintf(cmd, "%s sh '%s' '%s'", env, FAKE_ENGINE, script);
    e->cmd = cmd;
    snprintf(e->name, sizeof e->name, "%s", name);
}

static void with_pgn(struct run *r)
{
    snprintf(r->pgn_path, sizeof r->pgn_path, "/tmp/check_match_pgn.XXXXXX");
    int fd = mkstemp(r->pgn_path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    r->c.pgn = r->pgn_path;
}

static void slurp(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = 0;
    fclose(f);
    unlink(path);
}

static void play(struct run *r)
{
    r->rc = gt_match_run(&r->c, stdout, &r->sum, r->err, sizeof r->err);
    slurp(r->record_path, r->record, sizeof r->record);
    if (r->pgn_path[0])
        slurp(r->pgn_path, r->pgn, sizeof r->pgn);
}

static void done(struct run *r)
{
    for (int i = 0; i < r->c.nengines; i++)
        free((char *)r->c.engines[i].cmd);
    free(r);
}

#define HAS(r, text) ck_assert_msg(strstr((r)->record, text), "no '%s' in:\n%s", text, (r)->record)
#define PGN_HAS(r, text) ck_assert_msg(strstr((r)->pgn, text), "no '%s' in:\n%s", text, (r)->pgn)

/* The record file has games 1..n, one line each, in this order. */
static void records_in_order(const struct run *r, int n)
{
    const char *at = r->record;
    for (int i = 1; i <= n; i++) {
        char want[32];
        snprintf(want, sizeof want, "game=%d ", i);
        ck_assert_msg(!strncmp(at, want, strlen(want)), "line %d is not game %d:\n%s", i, i,
                      r->record);
        at = strchr(at, '\n');
        ck_assert_ptr_nonnull(at);
        at++;
    }
    ck_assert_msg(!*at, "more than %d games:\n%s", n, r->record);
}

/* The PGN file has games 1..n (Round tags), in this order. */
static void pgn_in_order(const struct run *r, int n)
{
    const char *at = r->pgn;
    for (int i = 1; i <= n; i++) {
        char want[32];
        snprintf(want, sizeof want, "[Round \"%d\"]", i);
        const char *found = strstr(at, want);
        ck_assert_msg(found, "no game %d after game %d in the PGN:\n%s", i, i - 1, r->pgn);
        at = found + 1;
    }
    ck_assert_msg(!strstr(at, "[Round "), "more than %d games in the PGN", n);
}

START_TEST(a_line_wins_and_colours_swap)
{
    struct run *r = new_run();
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine(r, "B", "a1 a2 b1 b2 c1");
    play(r);
    ck_assert_int_eq(r->rc, 0);
    ck_assert_int_eq(r->sum.games_played, 2);
    /* x completes a1 b1 c1 in both games: A wins with x, then B does. */
    ck_assert_int_eq(r->sum.tally[0].wins, 1);
    ck_assert_int_eq(r->sum.tally[0].losses, 1);
    HAS(r, "game=1 first=\"A\" second=\"B\" result=1-0 end=rule reason=\"x wins: three in a "
           "row\" position startpos moves a1 a2 b1 b2 c1\n");
    HAS(r, "game=2 first=\"B\" second=\"A\" result=1-0 end=rule");
    done(r);
}
END_TEST

START_TEST(full_board_is_a_draw)
{
    struct run *r = new_run();
    const char *draw = "a1 b2 c1 b1 b3 a2 c2 c3 a3";
    engine(r, "A", draw);
    engine(r, "B", draw);
    r->c.games = 1;
    play(r);
    ck_assert_int_eq(r->sum.tally[0].draws, 1);
    HAS(r, "result=1/2-1/2 end=rule reason=\"draw: board full\" position startpos moves "
           "a1 b2 c1 b1 b3 a2 c2 c3 a3\n");
    done(r);
}
END_TEST

START_TEST(illegal_move_loses)
{
    struct run *r = new_run();
    engine(r, "A", "a1 a1");
    engine(r, "B", "a1 a1");
    r->c.games = 1;
    play(r);
    ck_assert_int_eq(r->sum.tally[0].wins, 1);
    ck_assert_int_eq(r->sum.tally[0].illegal[1], 1);
    HAS(r, "result=1-0 end=illegal reason=\"B played an illegal move 'a1': illegal move a1\"");
    done(r);
}
END_TEST

START_TEST(unreadable_move_loses)
{
    struct run *r = new_run();
    engine(r, "A", "z9");
    engine(r, "B", "a1");
    r->c.games = 1;
    play(r);
    HAS(r, "result=0-1 end=illegal reason=\"A played an illegal move 'z9': bad move text "
           "'z9' (a square a1..c3)\"");
    done(r);
}
END_TEST

START_TEST(over_the_movetime_loses_on_time)
{
    struct run *r = new_run();
    r->c.tc.depth = 0;
    r->c.tc.movetime_ms = 100;
    r->c.tc.margin_ms = 100;
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine(r, "B", "a1 sleep=700,a2 b1 b2 c1");
    r->c.games = 1;
    play(r);
    ck_assert_int_eq(r->sum.tally[0].wins, 1);
    ck_assert_int_eq(r->sum.tally[0].time_losses[1], 1);
    HAS(r, "result=1-0 end=time reason=\"B lost on time");
    done(r);
}
END_TEST

START_TEST(the_clock_runs_down)
{
    /* 0.4 s each, no increment, margin 50 ms: after B's first 250 ms it
     * has 150 left, and its second 250 ms move oversteps 150 + 50. */
    struct run *r = new_run();
    r->c.tc.depth = 0;
    r->c.tc.base_ms = 400;
    r->c.tc.margin_ms = 50;
    const char *draw = "a1 sleep=250,b2 c1 sleep=250,b1 b3 sleep=250,a2 c2 c3 a3";
    engine(r, "A", draw);
    engine(r, "B", draw);
    r->c.games = 1;
    play(r);
    ck_assert_int_eq(r->sum.tally[0].wins, 1);
    ck_assert_int_eq(r->sum.tally[0].time_losses[1], 1);
    HAS(r, "end=time reason=\"B lost on time");
    HAS(r, "moves a1 b2 c1\n");
    done(r);
}
END_TEST

START_TEST(a_crash_loses_and_the_match_goes_on)
{
    struct run *r = new_run();
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine(r, "B", "a1 crash b1 b2 c1");
    r->c.games = 2;
    play(r);
    ck_assert_int_eq(r->rc, 0);
    ck_assert_int_eq(r->sum.games_played, 2);
    /* Game 1: B crashes at ply 1.  Game 2: B is restarted, plays x and wins. */
    ck_assert_int_eq(r->sum.tally[0].wins, 1);
    ck_assert_int_eq(r->sum.tally[0].losses, 1);
    ck_assert_int_eq(r->sum.tally[0].crashes[1], 1);
    HAS(r, "game=1 first=\"A\" second=\"B\" result=1-0 end=crash reason=\"B crashed: the "
           "engine exited while thinking (exit status 3)\" position startpos moves a1\n");
    HAS(r, "game=2 first=\"B\" second=\"A\" result=1-0 end=rule");
    done(r);
}
END_TEST

START_TEST(sigkill_mid_game_loses_and_the_match_goes_on)
{
    /* B kills itself with SIGKILL whenever it is to play ply 1: in games
     * 1 and 3 (as o); in game 2 it is x, restarted, and wins. */
    struct run *r = new_run();
    with_pgn(r);
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine(r, "B", "a1 kill b1 b2 c1");
    r->c.games = 3;
    play(r);
    ck_assert_int_eq(r->rc, 0);
    ck_assert_int_eq(r->sum.games_played, 3);
    ck_assert_int_eq(r->sum.tally[0].wins, 2);
    ck_assert_int_eq(r->sum.tally[0].losses, 1);
    ck_assert_int_eq(r->sum.tally[0].crashes[1], 2);
    ck_assert_int_eq(r->sum.revived[1], 0);
    /* It runs under sh -c, which reports the kill as status 128 + 9. */
    const char *why = "B crashed: the engine exited while thinking (exit status 137, the "
                      "shell's code for signal 9 (Killed))";
    char line[512];
    snprintf(line, sizeof line, "game=1 first=\"A\" second=\"B\" result=1-0 end=crash "
             "reason=\"%s\" position startpos moves a1\n", why);
    HAS(r, line);
    HAS(r, "game=2 first=\"B\" second=\"A\" result=1-0 end=rule");
    HAS(r, "game=3 first=\"A\" second=\"B\" result=1-0 end=crash");
    records_in_order(r, 3);
    pgn_in_order(r, 3);
    PGN_HAS(r, "[Result \"1-0\"]\n[Variant \"tictactoe\"]\n[Termination \"abandoned\"]");
    PGN_HAS(r, "B crashed: the engine exited while thinking (exit status 137");
    done(r);

    /* The engine run by exec gets the signal itself. */
    r = new_run();
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine_env(r, "B", "exec", "a1 kill b1 b2 c1");
    r->c.games = 1;
    play(r);
    HAS(r, "end=crash reason=\"B crashed: the engine exited while thinking (killed by "
           "signal 9 (Killed))\"");
    done(r);
}
END_TEST

START_TEST(killed_between_games_is_restarted)
{
    /* A wins game 1 with c1 and dies at once, before game 2: it is started
     * again for game 2, which it plays (and loses by the rules). */
    struct run *r = new_run();
    engine(r, "A", "a1 a2 b1 b2 c1,kill");
    engine(r, "B", "a1 a2 b1 b2 c1");
    r->c.games = 2;
    play(r);
    ck_assert_int_eq(r->rc, 0);
    ck_assert_int_eq(r->sum.tally[0].wins, 1);
    ck_assert_int_eq(r->sum.tally[0].losses, 1);
    ck_assert_int_eq(r->sum.tally[0].crashes[0], 0);
    ck_assert_int_eq(r->sum.revived[0], 1);
    ck_assert_int_eq(r->sum.revived[1], 0);
    HAS(r, "game=1 first=\"A\" second=\"B\" result=1-0 end=rule");
    HAS(r, "game=2 first=\"B\" second=\"A\" result=1-0 end=rule reason=\"x wins: three "
           "in a row\" position startpos moves a1 a2 b1 b2 c1\n");
    done(r);
}
END_TEST

START_TEST(an_engine_that_fails_to_restart_loses_that_game)
{
    /* Start 1 is the check before the match, start 2 exits at once: B
     * loses game 1 with the reason; start 3 plays game 2. */
    char starts[] = "/tmp/check_match_starts.XXXXXX";
    int fd = mkstemp(starts);
    ck_assert_int_ge(fd, 0);
    close(fd);
    char env[128];
    snprintf(env, sizeof env, "FAKE_STARTS=%s FAKE_DIE_AT=2", starts);
    struct run *r = new_run();
    with_pgn(r);
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine_env(r, "B", env, "a1 a2 b1 b2 c1");
    r->c.games = 2;
    play(r);
    unlink(starts);
    ck_assert_int_eq(r->rc, 0);
    ck_assert_int_eq(r->sum.games_played, 2);
    ck_assert_int_eq(r->sum.tally[0].crashes[1], 1);
    HAS(r, "game=1 first=\"A\" second=\"B\" result=1-0 end=crash reason=\"B could not "
           "start: engine '");
    HAS(r, "(UCI): the engine exited before 'uciok' (exit status 4)\" position startpos\n");
    HAS(r, "game=2 first=\"B\" second=\"A\" result=1-0 end=rule");
    records_in_order(r, 2);
    pgn_in_order(r, 2);
    PGN_HAS(r, "[Termination \"abandoned\"]");
    done(r);
}
END_TEST

START_TEST(garbage_is_ignored_and_a_missing_move_loses)
{
    /* Lines no protocol knows, control bytes, broken info lines and a
     * line over the 64 KiB buffer do not disturb the game. */
    struct run *r = new_run();
    engine(r, "A", "noise,a1 noise,a2 b1 b2 noise,c1");
    engine(r, "B", "noise,a1 noise,a2 b1 b2 noise,c1");
    r->c.games = 1;
    play(r);
    HAS(r, "game=1 first=\"A\" second=\"B\" result=1-0 end=rule reason=\"x wins: three in "
           "a row\" position startpos moves a1 a2 b1 b2 c1\n");
    done(r);

    /* `bestmove` alone is an illegal move; the match goes on. */
    r = new_run();
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine(r, "B", "a1 empty b1 b2 c1");
    r->c.games = 2;
    play(r);
    ck_assert_int_eq(r->sum.tally[0].illegal[1], 1);
    HAS(r, "game=1 first=\"A\" second=\"B\" result=1-0 end=illegal reason=\"B played an "
           "illegal move ''");
    HAS(r, "game=2 first=\"B\" second=\"A\" result=1-0 end=rule");
    done(r);
}
END_TEST

START_TEST(a_hang_loses)
{
    /* Without a clock: --timeout.  B hangs in game 1 and is killed; game
     * 2 needs it again (a1), and then A hangs. */
    struct run *r = new_run();
    r->c.tc.hang_ms = 300;
    engine(r, "A", "a1 hang");
    engine(r, "B", "a1 hang");
    r->c.games = 2;
    play(r);
    ck_assert_int_eq(r->sum.tally[0].time_losses[1], 1);
    ck_assert_int_eq(r->sum.tally[0].time_losses[0], 1);
    HAS(r, "game=1 first=\"A\" second=\"B\" result=1-0 end=time reason=\"B did not answer "
           "within 300 ms (hang)\"");
    HAS(r, "game=2 first=\"B\" second=\"A\" result=1-0 end=time reason=\"A did not answer "
           "within 300 ms (hang)\" position startpos moves a1\n");
    done(r);
}
END_TEST

START_TEST(a_hang_on_the_clock_is_killed_and_restarted)
{
    /* B hangs at ply 1 of game 1 and does not answer stop: its 300 ms
     * and the margin run out, it is killed a second later, and in game 2
     * a new B plays x and wins. */
    struct run *r = new_run();
    with_pgn(r);
    r->c.tc.depth = 0;
    r->c.tc.base_ms = 300;
    r->c.tc.margin_ms = 50;
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine(r, "B", "a1 hang b1 b2 c1,hang");
    r->c.games = 2;
    play(r);
    ck_assert_int_eq(r->rc, 0);
    ck_assert_int_eq(r->sum.games_played, 2);
    ck_assert_int_eq(r->sum.tally[0].time_losses[1], 1);
    ck_assert_int_eq(r->sum.tally[0].wins, 1);
    ck_assert_int_eq(r->sum.tally[0].losses, 1);
    HAS(r, "game=1 first=\"A\" second=\"B\" result=1-0 end=time reason=\"B lost on time");
    HAS(r, "game=2 first=\"B\" second=\"A\" result=1-0 end=rule");
    records_in_order(r, 2);
    pgn_in_order(r, 2);
    PGN_HAS(r, "[Termination \"time forfeit\"]");
    done(r);
}
END_TEST

START_TEST(resign_and_false_claim)
{
    struct run *r = new_run();
    engine(r, "A", "a1 resign");
    engine(r, "B", "a1 resign");
    r->c.games = 1;
    play(r);
    HAS(r, "result=1-0 end=resign reason=\"B resigns\" position startpos moves a1\n");
    done(r);

    /* `bestmove win` from a USI engine claims a declaration win: false here. */
    r = new_run();
    engine(r, "A", "win");
    engine(r, "B", "win");
    r->c.engines[0].proto = r->c.engines[1].proto = GT_PROTO_USI;
    r->c.games = 1;
    play(r);
    HAS(r, "result=0-1 end=claim reason=\"A made a false win claim\"");
    done(r);
}
END_TEST

START_TEST(cecp_against_uci)
{
    /* A (CECP) is told the moves with usermove and answers `move`. */
    struct run *r = new_run();
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine(r, "B", "a1 a2 b1 b2 c1");
    r->c.engines[0].proto = GT_PROTO_CECP;
    play(r);
    ck_assert_int_eq(r->sum.tally[0].wins, 1);
    ck_assert_int_eq(r->sum.tally[0].losses, 1);
    HAS(r, "game=1 first=\"A\" second=\"B\" result=1-0 end=rule");
    HAS(r, "game=2 first=\"B\" second=\"A\" result=1-0 end=rule");
    HAS(r, "moves a1 a2 b1 b2 c1\n");
    done(r);

    /* CECP resign. */
    r = new_run();
    engine(r, "A", "a1 a2");
    engine(r, "B", "a1 resign");
    r->c.engines[1].proto = GT_PROTO_CECP;
    r->c.games = 1;
    play(r);
    HAS(r, "result=1-0 end=resign reason=\"B resigns\"");
    done(r);
}
END_TEST

START_TEST(adjudications)
{
    struct run *r = new_run();
    r->c.draw_after = 3;
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine(r, "B", "a1 a2 b1 b2 c1");
    r->c.games = 1;
    play(r);
    HAS(r, "result=1/2-1/2 end=adjudication reason=\"adjudicated draw after 3 plies\" "
           "position startpos moves a1 a2 b1\n");
    done(r);

    /* B reports -600 twice running with --resign 500:2: B loses at ply 3. */
    r = new_run();
    r->c.resign_score = 500;
    r->c.resign_moves = 2;
    const char *s = "a1 score=-600,a2 b2 score=-600,b1 c3";
    engine(r, "A", s);
    engine(r, "B", s);
    r->c.games = 1;
    play(r);
    HAS(r, "result=1-0 end=adjudication reason=\"adjudicated: B scored -500 or less for 2 "
           "moves\" position startpos moves a1 a2 b2 b1\n");
    done(r);
}
END_TEST

START_TEST(openings_are_played_twice)
{
    char path[] = "/tmp/check_match_ops.XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    const char *text = "# two openings and a bad line\n"
                       "startpos moves b2\n"
                       "startpos moves b2 b2\n"
                       "x...o.... x\n";
    ck_assert_int_eq(write(fd, text, strlen(text)), (int)strlen(text));
    close(fd);
    struct run *r = new_run();
    r->c.openings = path;
    /* Scripts by ply; every game ends on an illegal move or a line. */
    engine(r, "A", "a1 a3 a2 c3 c1 b1");
    engine(r, "B", "a1 a3 a2 c3 c1 b1");
    r->c.games = 4;
    play(r);
    unlink(path);
    ck_assert_int_eq(r->rc, 0);
    ck_assert_int_eq(r->sum.games_played, 4);
    HAS(r, "game=1 first=\"A\" second=\"B\"");
    HAS(r, "position startpos moves b2 a3");
    /* Game 3 starts from line 4; o's a3 (ply 1) is taken there. */
    HAS(r, "game=3 first=\"A\" second=\"B\" result=1-0 end=illegal");
    HAS(r, "position fen x...o.... x moves a1\n");
    done(r);
}
END_TEST

START_TEST(opening_lines_parse_or_say_why)
{
    struct gt_match_config c;
    struct gt_opening op;
    char err[256];
    gt_match_config_default(&c, ttt);
    ck_assert_int_eq(gt_opening_parse(&c, "  # comment", &op, err, sizeof err), 0);
    ck_assert_int_eq(gt_opening_parse(&c, "", &op, err, sizeof err), 0);
    ck_assert_int_eq(gt_opening_parse(&c, "startpos moves b2 a1", &op, err, sizeof err), 1);
    ck_assert_ptr_null(op.base);
    ck_assert_int_eq(op.nmoves, 2);
    ck_assert_str_eq(op.moves[1], "a1");
    gt_opening_free(&op);
    ck_assert_int_eq(gt_opening_parse(&c, "fen x...o.... x moves a2", &op, err, sizeof err), 1);
    ck_assert_str_eq(op.base, "x...o.... x");
    gt_opening_free(&op);
    ck_assert_int_eq(gt_opening_parse(&c, "startpos moves b2 b2", &op, err, sizeof err), -1);
    ck_assert_str_eq(err, "move 2 'b2': illegal move b2");
    ck_assert_int_eq(gt_opening_parse(&c, "startpos b2", &op, err, sizeof err), -1);
    ck_assert_str_eq(err, "unexpected text after startpos: 'b2'");
    ck_assert_int_eq(gt_opening_parse(&c, "qqq", &op, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "not a position: "));
}
END_TEST

START_TEST(sprt_stops_the_match)
{
    /* x wins every game, so the engines trade wins: 11-11 after 22 games
     * gives LLR -2.9686 for elo1 = 200 (check_match_elo.c), below
     * ln(0.05/0.95) = -2.9444; after 21 games it is -2.32. */
    struct run *r = new_run();
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine(r, "B", "a1 a2 b1 b2 c1");
    r->c.games = 200;
    r->c.sprt = true;
    r->c.elo0 = 0;
    r->c.elo1 = 200;
    play(r);
    ck_assert_int_eq(r->sum.games_played, 22);
    ck_assert_int_eq(r->sum.sprt_verdict, -1);
    ck_assert_double_eq_tol(r->sum.llr, -2.9686, 0.0001);
    done(r);
}
END_TEST

START_TEST(concurrent_games)
{
    struct run *r = new_run();
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine(r, "B", "a1 a2 b1 b2 c1");
    engine(r, "C", "a1 a2 b1 b2 c1");
    r->c.games = 4;
    r->c.concurrency = 3;
    play(r);
    ck_assert_int_eq(r->rc, 0);
    ck_assert_int_eq(r->sum.npairs, 3);
    ck_assert_int_eq(r->sum.games_played, 12);
    for (int p = 0; p < 3; p++) {
        ck_assert_int_eq(r->sum.tally[p].wins, 2);
        ck_assert_int_eq(r->sum.tally[p].losses, 2);
    }
    done(r);
}
END_TEST

START_TEST(concurrent_games_are_written_in_order)
{
    /* A thinks half a second on ply 0, so the games A starts (1, 3) end
     * after the ones B starts (2, 4) that run beside them. */
    struct run *r = new_run();
    with_pgn(r);
    engine(r, "A", "sleep=500,a1 a2 b1 b2 c1");
    engine(r, "B", "a1 a2 b1 b2 c1");
    r->c.games = 4;
    r->c.concurrency = 2;
    play(r);
    ck_assert_int_eq(r->rc, 0);
    ck_assert_int_eq(r->sum.games_played, 4);
    records_in_order(r, 4);
    pgn_in_order(r, 4);
    done(r);
}
END_TEST

START_TEST(a_gauntlet_pairs_the_first_engine_with_each_other)
{
    struct run *r = new_run();
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine(r, "B", "a1 a2 b1 b2 c1");
    engine(r, "C", "a1 a2 b1 b2 c1");
    r->c.games = 2;
    r->c.gauntlet = true;
    play(r);
    ck_assert_int_eq(r->rc, 0);
    ck_assert_int_eq(r->sum.npairs, 2);
    ck_assert_int_eq(r->sum.pair_a[0], 0);
    ck_assert_int_eq(r->sum.pair_b[0], 1);
    ck_assert_int_eq(r->sum.pair_a[1], 0);
    ck_assert_int_eq(r->sum.pair_b[1], 2);
    ck_assert_int_eq(r->sum.games_played, 4);
    ck_assert_ptr_null(strstr(r->record, "first=\"B\" second=\"C\""));
    ck_assert_ptr_null(strstr(r->record, "first=\"C\" second=\"B\""));
    records_in_order(r, 4);
    done(r);
}
END_TEST

START_TEST(resume_counts_the_written_games_and_plays_the_rest)
{
    /* x wins every game: 3 of 8 written, then the same match resumed. */
    struct run *r = new_run();
    with_pgn(r);
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine(r, "B", "a1 a2 b1 b2 c1");
    r->c.games = 3;
    ck_assert_int_eq(gt_match_run(&r->c, stdout, &r->sum, r->err, sizeof r->err), 0);
    r->c.games = 8;
    r->c.resume = true;
    r->c.concurrency = 2;
    play(r);
    ck_assert_msg(r->rc == 0, "%s", r->err);
    ck_assert_int_eq(r->sum.games_played, 8);
    ck_assert_int_eq(r->sum.tally[0].wins, 4);
    ck_assert_int_eq(r->sum.tally[0].losses, 4);
    ck_assert_int_eq(r->sum.tally[0].ptnml[2], 4);   /* every pair 1-1 */
    records_in_order(r, 8);
    pgn_in_order(r, 8);
    done(r);
}
END_TEST

START_TEST(resume_refuses_another_match)
{
    struct run *r = new_run();
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine(r, "B", "a1 a2 b1 b2 c1");
    r->c.games = 4;
    ck_assert_int_eq(gt_match_run(&r->c, stdout, &r->sum, r->err, sizeof r->err), 0);
    r->c.games = 2;
    r->c.resume = true;
    play(r);
    ck_assert_int_eq(r->rc, -1);
    ck_assert_msg(strstr(r->err, "game 3, but this match has 2 games"), "%s", r->err);
    records_in_order(r, 4);                          /* nothing lost */
    done(r);
}
END_TEST

START_TEST(minimal_pgn_has_no_comments_and_reads_back)
{
    struct run *r = new_run();
    with_pgn(r);
    engine(r, "A", "a1 a2 b1 b2 c1");
    engine(r, "B", "a1 a2 b1 b2 c1");
    r->c.pgn_min = true;
    play(r);
    ck_assert_int_eq(r->rc, 0);
    pgn_in_order(r, 2);
    ck_assert_msg(!strchr(r->pgn, '{'), "a comment in:\n%s", r->pgn);
    ck_assert_ptr_null(strstr(r->pgn, "[PlyCount "));
    ck_assert_ptr_null(strstr(r->pgn, "[TimeControl "));
    PGN_HAS(r, "[Termination \"normal\"]");
    PGN_HAS(r, "[Result \"1-0\"]");
    struct gt_openings ops;
    char err[256];
    ck_assert_int_eq(gt_openings_parse_text(&r->c, r->pgn, "min.pgn", &ops, stderr, err,
                                            sizeof err), 0);
    ck_assert_int_eq(ops.n, 2);
    ck_assert_int_eq(ops.v[0].nmoves, 5);
    ck_assert_int_eq(ops.v[1].nmoves, 5);
    gt_openings_free(&ops);
    done(r);
}
END_TEST

START_TEST(an_engine_that_does_not_start)
{
    struct run *r = new_run();
    engine(r, "A", "a1");
    struct gt_match_engine *e = &r->c.engines[r->c.nengines++];
    e->cmd = strdup("exit 5");
    play(r);
    ck_assert_int_eq(r->rc, -1);
    ck_assert_str_eq(r->err, "engine 2 does not start: engine 'exit 5' (UCI): the engine "
                             "exited before 'uciok' (exit status 5)");
    done(r);
}
END_TEST

START_TEST(gnushogi_needs_the_xshogi_notation)
{
    struct run *r = new_run();
    engine(r, "A", "a1");
    engine(r, "B", "a1");
    r->c.engines[1].proto = GT_PROTO_GNUSHOGI;
    play(r);
    ck_assert_int_eq(r->rc, -1);
    ck_assert_str_eq(r->err, "engine 2 speaks gnushogi's protocol, and tictactoe has no xshogi "
                              "notation to speak it with");
    done(r);
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    Suite *s = suite_create("match");
    TCase *tc = tcase_create("referee");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, a_line_wins_and_colours_swap);
    tcase_add_test(tc, full_board_is_a_draw);
    tcase_add_test(tc, illegal_move_loses);
    tcase_add_test(tc, unreadable_move_loses);
    tcase_add_test(tc, over_the_movetime_loses_on_time);
    tcase_add_test(tc, the_clock_runs_down);
    tcase_add_test(tc, a_crash_loses_and_the_match_goes_on);
    tcase_add_test(tc, sigkill_mid_game_loses_and_the_match_goes_on);
    tcase_add_test(tc, killed_between_games_is_restarted);
    tcase_add_test(tc, an_engine_that_fails_to_restart_loses_that_game);
    tcase_add_test(tc, garbage_is_ignored_and_a_missing_move_loses);
    tcase_add_test(tc, a_hang_loses);
    tcase_add_test(tc, a_hang_on_the_clock_is_killed_and_restarted);
    tcase_add_test(tc, resign_and_false_claim);
    tcase_add_test(tc, cecp_against_uci);
    tcase_add_test(tc, adjudications);
    tcase_add_test(tc, openings_are_played_twice);
    tcase_add_test(tc, opening_lines_parse_or_say_why);
    tcase_add_test(tc, sprt_stops_the_match);
    tcase_add_test(tc, concurrent_games);
    tcase_add_test(tc, concurrent_games_are_written_in_order);
    tcase_add_test(tc, a_gauntlet_pairs_the_first_engine_with_each_other);
    tcase_add_test(tc, resume_counts_the_written_games_and_plays_the_rest);
    tcase_add_test(tc, resume_refuses_another_match);
    tcase_add_test(tc, minimal_pgn_has_no_comments_and_reads_back);
    tcase_add_test(tc, an_engine_that_does_not_start);
    tcase_add_test(tc, gnushogi_needs_the_xshogi_notation);
    suite_add_tcase(s, tc);
    return s;
}
