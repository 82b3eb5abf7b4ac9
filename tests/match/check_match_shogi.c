/* check_match_shogi.c -- the gnushogi adapter (lib/match_gnushogi.c) on
 * scripted shogi games: tests/match/fake-engine.sh in its gnushogi mode plays
 * gote against the fake USI engine.  Its moves in gnushogi's text (a
 * promotion, a drop with a lower-case letter) reach the record as USI; a
 * move it refuses, a mate it announces, a draw it declares, an illegal
 * move, a position set up with `edit`, pondering turned off and the
 * move-now line under a clock are each scored.  gnushogi itself is not needed (see
 * tests/match/match-gnushogi.sh for a real game).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/match.h"
#include "match/match_gnushogi.h"
#include "match/match_openings.h"
#include "match/match_record.h"

extern const struct gt_game shogi_LTX_gt_module;
static const struct gt_game *const shogi = &shogi_LTX_gt_module;

static struct gt_match_config c;
static struct gt_match_summary sum;
static char out[65536];            /* the record line, then the traffic log */
static char cmd[2][1024];
static char err[512];

/* Sente: the fake USI engine; gote: the fake gnushogi (proto=gnushogi).
 * env goes in front of gote's command. */
static void setup(const char *script, const char *env)
{
    ck_assert_int_eq(shogi->init(), 0);
    gt_match_config_default(&c, shogi);
    c.quiet = true;
    c.tc.depth = 1;
    c.tc.hang_ms = 5000;
    c.games = 1;
    snprintf(cmd[0], sizeof cmd[0], "sh '%s' '%s'", FAKE_ENGINE, script);
    snprintf(cmd[1], sizeof cmd[1], "%s sh '%s' '%s' gnushogi", env ? env : "", FAKE_ENGINE,
             script);
    for (int i = 0; i < 2; i++) {
        c.engines[i].cmd = cmd[i];
        snprintf(c.engines[i].name, sizeof c.engines[i].name, "%s", i ? "GS" : "USI");
    }
    c.engines[1].proto = GT_PROTO_GNUSHOGI;
    c.nengines = 2;
}

static int play(void)
{
    char rec[] = "/tmp/check_match_shogi_rec.XXXXXX", log[] = "/tmp/check_match_shogi_log.XXXXXX";
    close(mkstemp(rec));
    close(mkstemp(log));
    c.record = rec;
    c.log = log;
    int rc = gt_match_run(&c, stdout, &sum, err, sizeof err);
    size_t n = 0;
    for (int k = 0; k < 2; k++) {
        FILE *f = fopen(k ? log : rec, "r");
        ck_assert_ptr_nonnull(f);
        n += fread(out + n, 1, sizeof out - 1 - n, f);
        fclose(f);
    }
    out[n] = 0;
    unlink(rec);
    unlink(log);
    return rc;
}

#define HAS(text) ck_assert_msg(strstr(out, text), "no '%s' in:\n%s", text, out)

/* gote's 2b8h+ (a promotion) and b*4e (a drop with a lower-case letter)
 * reach the record as USI; its 5a5c (a king's two squares) loses. */
START_TEST(a_scripted_game)
{
    setup("7g7f 3c3d 2g2f 2b8h+ 7i8h b*4e 5i4h 5a5c", NULL);
    ck_assert_int_eq(play(), 0);
    ck_assert_int_eq(sum.tally[0].wins, 1);
    ck_assert_int_eq(sum.tally[0].illegal[1], 1);
    HAS("result=1-0 end=illegal reason=\"GS played an illegal move '5a5c'");
    HAS("position startpos moves 7g7f 3c3d 2g2f 2b8h+ 7i8h B*4e 5i4h\n");
    /* The moves are told in force mode, the side to move named, then go. */
    HAS("[GS#1] < force\n[GS#1] < 2g2f\n[GS#1] > 2. 2g2f 0\n[GS#1] < white\n[GS#1] < go\n");
    HAS("[GS#1] > 3. ... b*4e 0\n[GS#1] < force\n");
}
END_TEST

/* nodes= gives one engine its own node limit (node odds); the other
 * keeps the match's. */
START_TEST(an_engine_has_its_own_node_limit)
{
    setup("7g7f 3c3d 2g2f 4a3b 2f2e resign", NULL);
    c.engines[1].proto = GT_PROTO_USI;
    snprintf(cmd[1], sizeof cmd[1], "%s", cmd[0]);
    c.tc.depth = 0;
    c.tc.nodes = 1000;
    c.engines[0].nodes = 500;
    ck_assert_int_eq(play(), 0);
    ck_assert_int_eq(sum.tally[0].wins, 1);
    HAS("[USI#1] < go nodes 500\n");
    HAS("[GS#1] < go nodes 1000\n");
}
END_TEST

START_TEST(a_refused_move_loses)
{
    setup("7g7f 3c3d 2g2f,refuse 8c8d", NULL);
    ck_assert_int_eq(play(), 0);
    ck_assert_int_eq(sum.tally[0].crashes[1], 1);
    HAS("result=1-0 end=crash reason=\"GS crashed: it refused the move 2g2f: Illegal move "
        "(no match) 2g2f\"");
}
END_TEST

START_TEST(no_move_is_a_resignation)
{
    setup("7g7f mated", NULL);
    ck_assert_int_eq(play(), 0);
    HAS("result=1-0 end=resign reason=\"GS resigns\" position startpos moves 7g7f\n");
}
END_TEST

/* After "Drawn game!" gnushogi takes no more moves: an adjudicated draw. */
START_TEST(its_draw_is_adjudicated)
{
    setup("7g7f 3c3d,drawn 2g2f 8c8d", NULL);
    ck_assert_int_eq(play(), 0);
    ck_assert_int_eq(sum.tally[0].draws, 1);
    HAS("result=1/2-1/2 end=adjudication reason=\"adjudicated draw: GS declared the game "
        "drawn ('Drawn game!')\" position startpos moves 7g7f 3c3d 2g2f\n");
}
END_TEST

/* Under a clock gnushogi thinks until told to move: the fake answers only
 * after the empty line, and does not lose on time. */
START_TEST(the_move_now_line)
{
    setup("7g7f nudge,3c3d 2g2f nudge,8c8d 6i7h nudge,mated", NULL);
    c.tc.depth = 0;
    c.tc.base_ms = 3000;
    ck_assert_int_eq(play(), 0);
    ck_assert_int_eq(sum.tally[0].time_losses[1], 0);
    HAS("end=resign reason=\"GS resigns\" position startpos moves 7g7f 3c3d 2g2f 8c8d 6i7h\n");
    HAS("[GS#1] < go\n[GS#1] < \n");
    HAS("[GS#1] < level 0 0:0\n");
}
END_TEST

START_TEST(depth_and_pondering)
{
    setup("7g7f 3c3d 2g2f mated", "FAKE_EASY=OFF");
    c.tc.depth = 3;
    ck_assert_int_eq(play(), 0);
    HAS("[GS] > Time Control ON 40 moves 300 sec 0 add 39 depth\n[GS] < easy\n");
    HAS("[GS#1] < depth\n[GS#1] < 3\n");
    /* The prompt "depth = " in front of the next echo does not hide it. */
    HAS("[GS#1] > depth = 1. 7g7f 0\n");
    HAS("reason=\"GS resigns\" position startpos moves 7g7f 3c3d 2g2f\n");
}
END_TEST

START_TEST(an_sfen_opening_is_set_up_with_edit)
{
    char path[] = "/tmp/check_match_shogi_ops.XXXXXX";
    int fd = mkstemp(path);
    const char *text = "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n";
    ck_assert_int_eq(write(fd, text, strlen(text)), (int)strlen(text));
    close(fd);
    setup("3c3d 2g2f 2b8h+ 7i8h b*4e 5i4h 5a5c", NULL);
    c.openings = path;
    ck_assert_int_eq(play(), 0);
    unlink(path);
    HAS("result=1-0 end=illegal reason=\"GS played an illegal move '5a5c'");
    HAS("moves 3c3d 2g2f 2b8h+ 7i8h B*4e 5i4h\n");
    HAS("[GS#1] < edit\n[GS#1] < #\n[GS#1] < P7f\n[GS#1] < P9g\n");
    HAS("[GS#1] < c\n[GS#1] < L9a\n");
    HAS("[GS#1] < .\n[GS#1] < white\n[GS#1] < force\n[GS#1] < white\n[GS#1] < go\n");
}
END_TEST

/* The adapter speaks through the game's xshogi notation; a game without
 * one cannot be played against gnushogi, and says why before any game. */
START_TEST(it_needs_the_xshogi_notation)
{
    ck_assert_ptr_nonnull(gt_gnushogi_notation(shogi));
    struct gt_game plain = *shogi;
    plain.notations = NULL;
    setup("7g7f", NULL);
    c.g = &plain;
    ck_assert_int_eq(play(), -1);
    ck_assert_str_eq(err, "engine 2 speaks gnushogi's protocol, and shogi has no xshogi "
                          "notation to speak it with");
}
END_TEST

START_TEST(what_it_cannot_do_is_refused)
{
    setup("7g7f", NULL);
    c.tc.nodes = 1000;
    ck_assert_int_eq(play(), -1);
    ck_assert_str_eq(err, "engine 2 (gnushogi) has no node limit");
    setup("7g7f", NULL);
    c.engines[1].nodes = 1000;
    ck_assert_int_eq(play(), -1);
    ck_assert_str_eq(err, "engine 2 (gnushogi) has no node limit");
    setup("7g7f", NULL);
    c.engines[1].noptions = 1;
    c.engines[1].opt_name[0] = "Hash";
    c.engines[1].opt_value[0] = "16";
    ck_assert_int_eq(play(), -1);
    ck_assert_str_eq(err, "engine 2 (gnushogi) has no options (option.Hash)");
    /* Not gnushogi at all: a banner line, then no help text. */
    setup("7g7f", NULL);
    c.engines[1].proto = GT_PROTO_GNUSHOGI;
    c.engines[1].cmd = "echo hello";
    ck_assert_int_eq(play(), -1);
    ck_assert_str_eq(err, "engine 2 does not start: engine 'echo hello' (gnushogi): the "
                          "engine exited before answering 'help' (exit status 0)");
}
END_TEST

/* Each of shogi's record file formats (KIF, CSA: a notation with both
 * write_record and read_record) round trip: a match between two fake USI
 * engines writes its game, named FILE.NAME, and the file read back as
 * openings gives the same moves.  The default games file format is the
 * record notation's when it has one.  Nothing to do while the module has
 * no record files. */
START_TEST(record_files_round_trip)
{
    const struct gt_notation *fmt;
    ck_assert_int_eq(gt_record_format(shogi, NULL, "games", &fmt, err, sizeof err), 0);
    /* Shogi's record notation (KIF) has files: they are the default. */
    ck_assert_ptr_nonnull(shogi->notations);
    ck_assert_ptr_nonnull(shogi->notations[0].write_record);
    ck_assert_ptr_eq(fmt, &shogi->notations[0]);
    int tried = 0;
    for (const struct gt_notation *n = shogi->notations; n && n->name; n++) {
        if (!n->write_record || !n->read_record)
            continue;
        tried++;
        setup("7g7f 3c3d 8h2b+ 3a2b resign", NULL);
        c.engines[1].proto = GT_PROTO_GAME;
        snprintf(cmd[1], sizeof cmd[1], "sh '%s' '%s'", FAKE_ENGINE,
                 "7g7f 3c3d 8h2b+ 3a2b resign");
        char path[64];
        snprintf(path, sizeof path, "/tmp/check_match_shogi_XXXXXX.%s", n->name);
        int fd = mkstemps(path, (int)strlen(n->name) + 1);
        ck_assert_int_ge(fd, 0);
        close(fd);
        c.pgn = path;
        ck_assert_int_eq(play(), 0);
        HAS("result=0-1 end=resign");
        struct gt_openings ops;
        int rc = gt_openings_load(&c, path, &ops, stdout, err, sizeof err);
        unlink(path);
        ck_assert_msg(rc == 0, "%s: %s", n->name, err);
        ck_assert_int_eq(ops.n, 1);
        ck_assert_ptr_null(ops.v[0].base);
        ck_assert_int_eq(ops.v[0].nmoves, 4);
        ck_assert_str_eq(ops.v[0].moves[2], "8h2b+");
        ck_assert_str_eq(ops.v[0].moves[3], "3a2b");
        gt_openings_free(&ops);
    }
    ck_assert_int_eq(tried, 2);                 /* KIF and CSA */
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    Suite *s = suite_create("match_shogi");
    TCase *tc = tcase_create("gnushogi");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, a_scripted_game);
    tcase_add_test(tc, a_refused_move_loses);
    tcase_add_test(tc, an_engine_has_its_own_node_limit);
    tcase_add_test(tc, no_move_is_a_resignation);
    tcase_add_test(tc, its_draw_is_adjudicated);
    tcase_add_test(tc, the_move_now_line);
    tcase_add_test(tc, depth_and_pondering);
    tcase_add_test(tc, an_sfen_opening_is_set_up_with_edit);
    tcase_add_test(tc, it_needs_the_xshogi_notation);
    tcase_add_test(tc, what_it_cannot_do_is_refused);
    tcase_add_test(tc, record_files_round_trip);
    suite_add_tcase(s, tc);
    return s;
}
