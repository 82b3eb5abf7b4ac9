/* check_match_records.c -- the match runner's record formats on a fake
 * game: tic-tac-toe with notations of its own, the first ("ttr") with a
 * record file format (write_record, read_record), the second ("alt")
 * that can only write.  The games file's format by name, by extension and
 * by default; what write_record is given (moves as moves, think times,
 * scores, players by side, result, reason, the game's index in its file
 * and the file's extension); an unknown format refused with the game's
 * list; openings from record files by extension and by content, with
 * their faults named by file and line; PGN's TimeControl in the
 * standard's integers.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/match.h"
#include "match/match_openings.h"
#include "match/match_record.h"

extern const struct gt_game tictactoe_LTX_gt_module;
static const struct gt_game *const ttt = &tictactoe_LTX_gt_module;

/* ---- the fake record format --------------------------------------------- */

static void ttr_to_text(const void *pos, gt_move m, char *buf, size_t len)
{
    ttt->move_to_text(pos, m, buf, len);
}

static gt_move ttr_from_text(const void *pos, const char *text, char *err, size_t len)
{
    return ttt->move_from_text(pos, text, err, len);
}

/* A game as the core gave it, every field written out; the moves are
 * replayed from the start to write their text. */
static int ttr_write(const struct gt_record *rec, FILE *out)
{
    _Alignas(16) char pos[256];
    _Alignas(16) char undo[256];
    char err[128], text[16];
    if (ttt->from_text(pos, rec->start ? rec->start : ttt->startpos, err, sizeof err) < 0)
        return -1;
    fprintf(out, "ttr-game\n");
    fprintf(out, "index %d\n", rec->index);
    fprintf(out, "start %s\n", rec->start ? rec->start : "-");
    fprintf(out, "players %s / %s\n", rec->players[0], rec->players[1]);
    fprintf(out, "event %s; site %s; date %s; tc %s\n", rec->event, rec->site,
            strlen(rec->date) == 10 && rec->date[4] == '.' && rec->date[7] == '.' ? "ok"
                                                                                 : rec->date,
            rec->time_control ? rec->time_control : "(none)");
    fprintf(out, "moves");
    for (int i = 0; i < rec->nmoves; i++) {
        ttt->move_to_text(pos, rec->moves[i], text, sizeof text);
        fprintf(out, " %s%s%s%s", text, rec->move_ms && rec->move_ms[i] >= 0 ? "" : "?",
                rec->comments && rec->comments[i] ? "=" : "",
                rec->comments && rec->comments[i] ? rec->comments[i] : "");
        ttt->make(pos, rec->moves[i], undo);
    }
    fprintf(out, "\nresult %d (%s)\n", rec->result, rec->reason);
    fprintf(out, "ext %s\nend\n", rec->file_ext ? rec->file_ext : "(none)");
    return ferror(out) ? -1 : 0;
}

/* Games of the form
 *   ttr-game
 *   [start POSITION]
 *   [moves M...]
 *   end
 * (other lines of ttr_write's are skipped; anything else is a fault). */
static int ttr_read(const char *text, char *start, size_t start_len, char *moves,
                    size_t moves_len, char *err, size_t err_len)
{
    const char *p = text;
    int line = 0;
    start[0] = moves[0] = 0;
    p += strspn(p, " \n");
    if (!*p)
        return 0;
    for (bool begun = false; *p;) {
        size_t n = strcspn(p, "\n");
        char l[512];
        snprintf(l, sizeof l, "%.*s", (int)(n < sizeof l ? n : sizeof l - 1), p);
        p += n + (p[n] == '\n');
        line++;
        if (!begun) {
            if (strcmp(l, "ttr-game")) {
                snprintf(err, err_len, "line %d: not a game: '%s'", line, l);
                return -1;
            }
            begun = true;
        } else if (!strcmp(l, "end"))
            return (int)(p - text);
        else if (!strncmp(l, "start ", 6))
            snprintf(start, start_len, "%s", strcmp(l + 6, "-") ? l + 6 : "");
        else if (!strncmp(l, "moves", 5))
            snprintf(moves, moves_len, "%s", l + 5);
        else if (strncmp(l, "players ", 8) && strncmp(l, "event ", 6) &&
                 strncmp(l, "result ", 7) && strncmp(l, "index ", 6) &&
                 strncmp(l, "ext ", 4)) {
            snprintf(err, err_len, "line %d: what is '%s'?", line, l);
            return -1;
        }
    }
    snprintf(err, err_len, "line %d: no end", line);
    return -1;
}

static int alt_write(const struct gt_record *rec, FILE *out)
{
    fprintf(out, "alt %d moves, result %d\n", rec->nmoves, rec->result);
    return 0;
}

static const struct gt_notation fake_notations[] = {
    { .name = "ttr", .title = "tic-tac-toe records", .move_to_text = ttr_to_text,
      .move_from_text = ttr_from_text, .write_record = ttr_write, .read_record = ttr_read },
    { .name = "alt", .title = "writes only", .move_to_text = ttr_to_text,
      .move_from_text = ttr_from_text, .write_record = alt_write },
    { .name = "plain", .title = "no files", .move_to_text = ttr_to_text,
      .move_from_text = ttr_from_text },
    { .name = NULL },
};

static struct gt_game fake;

static const struct gt_game *fake_game(void)
{
    fake = *ttt;
    fake.name = "tttr";
    fake.notations = fake_notations;
    return &fake;
}

/* ---- helpers ---------------------------------------------------------- */

static char file_text[16384];

static void slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    size_t n = fread(file_text, 1, sizeof file_text - 1, f);
    file_text[n] = 0;
    fclose(f);
}

#define HAS(text) ck_assert_msg(strstr(file_text, text), "no '%s' in:\n%s", text, file_text)

static char cmd[2][512];

/* A match of the fake game between two fake engines playing script. */
static void setup(struct gt_match_config *c, const char *script)
{
    gt_match_config_default(c, fake_game());
    c->quiet = true;
    c->tc.depth = 1;
    c->tc.hang_ms = 5000;
    for (int i = 0; i < 2; i++) {
        snprintf(cmd[i], sizeof cmd[i], "sh '%s' '%s'", FAKE_ENGINE, script);
        c->engines[i].cmd = cmd[i];
        snprintf(c->engines[i].name, sizeof c->engines[i].name, "%s", i ? "B" : "A");
    }
    c->nengines = 2;
}

/* ---- the tests ---------------------------------------------------------- */

START_TEST(the_format_by_name_extension_or_default)
{
    const struct gt_game *g = fake_game();
    const struct gt_notation *fmt;
    char err[256];
    ck_assert_int_eq(gt_record_format(g, NULL, "games", &fmt, err, sizeof err), 0);
    ck_assert_ptr_eq(fmt, &fake_notations[0]);        /* the record notation's */
    ck_assert_int_eq(gt_record_format(g, NULL, NULL, &fmt, err, sizeof err), 0);
    ck_assert_ptr_eq(fmt, &fake_notations[0]);
    ck_assert_int_eq(gt_record_format(g, NULL, "dir.x/games.PGN", &fmt, err, sizeof err), 0);
    ck_assert_ptr_null(fmt);                          /* PGN */
    ck_assert_int_eq(gt_record_format(g, NULL, "games.alt", &fmt, err, sizeof err), 0);
    ck_assert_ptr_eq(fmt, &fake_notations[1]);
    ck_assert_int_eq(gt_record_format(g, NULL, "games.altu", &fmt, err, sizeof err), 0);
    ck_assert_ptr_eq(fmt, &fake_notations[1]);        /* one letter more: .kifu */
    ck_assert_int_eq(gt_record_format(g, NULL, "games.plain", &fmt, err, sizeof err), 0);
    ck_assert_ptr_eq(fmt, &fake_notations[0]);        /* no file format: the default */
    ck_assert_int_eq(gt_record_format(g, "pgn", "games.alt", &fmt, err, sizeof err), 0);
    ck_assert_ptr_null(fmt);                          /* the name wins */
    ck_assert_int_eq(gt_record_format(g, "ALT", "games.pgn", &fmt, err, sizeof err), 0);
    ck_assert_ptr_eq(fmt, &fake_notations[1]);
    ck_assert_int_eq(gt_record_format(g, "plain", NULL, &fmt, err, sizeof err), -1);
    ck_assert_str_eq(err, "tttr has no record format 'plain' (its formats: pgn, ttr, alt)");
    /* A game without notations writes PGN only. */
    ck_assert_int_eq(gt_record_format(ttt, NULL, "games", &fmt, err, sizeof err), 0);
    ck_assert_ptr_null(fmt);
    ck_assert_int_eq(gt_record_format(ttt, "ttr", NULL, &fmt, err, sizeof err), -1);
    ck_assert_str_eq(err, "tictactoe has no record format 'ttr' (its formats: pgn)");
    char list[64];
    gt_record_formats_text(g, true, list, sizeof list);
    ck_assert_str_eq(list, "pgn, ttr");
}
END_TEST

/* Two games (colours swapped) from an opening with one move: the record
 * gets the moves as moves of the game, the engines' scores as comments
 * (none for the opening's move, nor for a move without a score). */
START_TEST(games_in_the_record_notations_format)
{
    struct gt_match_config c;
    struct gt_match_summary sum;
    char path[] = "/tmp/check_match_records.XXXXXX", ops[] = "/tmp/check_match_records_ops.XXXXXX";
    char err[512];
    close(mkstemp(path));
    int fd = mkstemp(ops);
    ck_assert_int_eq(write(fd, "startpos moves b2\n", 18), 18);
    close(fd);
    setup(&c, "b2 score=-20,a1 a3 mate=2,c3 c1 score=900,b1");
    c.pgn = path;
    c.openings = ops;
    c.tc.depth = 0;
    c.tc.movetime_ms = 2000;
    ck_assert_int_eq(gt_match_run(&c, stdout, &sum, err, sizeof err), 0);
    slurp(path);
    unlink(path);
    unlink(ops);
    ck_assert_int_eq(sum.games_played, 2);
    /* x b2 (the opening), o a1, x a3, o c3, x c1: a3 b2 c1 is a line. */
    HAS("ttr-game\nindex 0\nstart -\nplayers A / B\n"
        "event gtsearch match, game 1; site ?; date ok; tc 1/2\n"
        "moves b2 a1=-0.20/1 a3 c3=+M2/1 c1\nresult 1 (x wins: three in a row)\next ");
    HAS("ttr-game\nindex 1\nstart -\nplayers B / A\nevent gtsearch match, game 2;");
    ck_assert_ptr_null(strstr(file_text, "[Event"));
}
END_TEST

START_TEST(pgn_for_a_game_without_notations_and_by_request)
{
    struct gt_match_config c;
    struct gt_match_summary sum;
    char path[] = "/tmp/check_match_records.XXXXXX";
    char err[512];
    close(mkstemp(path));
    setup(&c, "a1 a2 b1 b2 c1");
    c.g = ttt;
    c.games = 1;
    c.pgn = path;
    ck_assert_int_eq(gt_match_run(&c, stdout, &sum, err, sizeof err), 0);
    slurp(path);
    HAS("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Variant \"tictactoe\"]\n"
        "[Termination \"normal\"]\n[TimeControl \"-\"]\n[PlyCount \"5\"]\n\n1. a1 {");
    /* The movetext on one line: where it wraps depends on the times. */
    for (char *p = strstr(file_text, "\n\n1. "); p && *p; p++)
        if (p[0] == '\n' && p[1] && p[1] != '\n' && p[-1] != '\n')
            p[0] = ' ';
    HAS("s, x wins: three in a row} 1-0\n\n");

    /* The fake game's default is its ttr files; pgn asks for PGN. */
    setup(&c, "a1 a2 b1 b2 c1");
    c.games = 1;
    c.pgn = path;
    c.record_format = "pgn";
    ck_assert_int_eq(gt_match_run(&c, stdout, &sum, err, sizeof err), 0);
    slurp(path);
    unlink(path);
    HAS("[Round \"1\"]\n");
    ck_assert_ptr_null(strstr(file_text, "ttr-game"));
}
END_TEST

START_TEST(an_unknown_format_is_refused)
{
    struct gt_match_config c;
    struct gt_match_summary sum;
    char err[512];
    setup(&c, "a1");
    c.pgn = "/nonexistent/never-written";
    c.record_format = "kif";
    ck_assert_int_eq(gt_match_run(&c, stdout, &sum, err, sizeof err), -1);
    ck_assert_str_eq(err, "tttr has no record format 'kif' (its formats: pgn, ttr, alt)");
}
END_TEST

static const char *const record_file =
    "ttr-game\n"
    "start -\n"
    "players A / B\n"
    "moves b2 a1\n"
    "end\n"
    "\n"
    "ttr-game\n"
    "start x...o.... x\n"
    "moves c1\n"
    "end\n"
    "ttr-game\n"
    "moves b2 b2\n"
    "end\n"
    "ttr-game\n"
    "start qqq\n"
    "end\n"
    "ttr-game\n"
    "moves c3\n"
    "end\n"
    "ttr-game\n"
    "moves b2\n"
    "what\n"
    "end\n"
    "ttr-game\n"
    "moves a1\n"
    "end\n";

static void load(const char *name, const char *text, struct gt_openings *ops, char *warn,
                 size_t warn_len, int expect)
{
    struct gt_match_config c;
    char err[512] = "";
    gt_match_config_default(&c, fake_game());
    FILE *w = fmemopen(warn, warn_len - 1, "w");
    ck_assert_ptr_nonnull(w);
    int rc = gt_openings_parse_text(&c, text, name, ops, w, err, sizeof err);
    fclose(w);
    ck_assert_msg(rc == expect, "rc %d: %s", rc, err);
    if (rc < 0)
        snprintf(warn, warn_len, "%s", err);
}

START_TEST(openings_from_record_files)
{
    struct gt_openings ops;
    char warn[2048] = "";
    /* By the extension (in any case), and by the content. */
    for (int k = 0; k < 2; k++) {
        memset(warn, 0, sizeof warn);
        const char *name = k ? "games.txt" : "games.TTR";
        load(name, record_file, &ops, warn, sizeof warn, 0);
        ck_assert_int_eq(ops.n, 3);
        ck_assert_ptr_null(ops.v[0].base);
        ck_assert_int_eq(ops.v[0].nmoves, 2);
        ck_assert_str_eq(ops.v[0].moves[1], "a1");
        ck_assert_int_eq(ops.v[0].line, 1);
        ck_assert_str_eq(ops.v[1].base, "x...o.... x");
        ck_assert_str_eq(ops.v[1].moves[0], "c1");
        ck_assert_int_eq(ops.v[1].line, 7);
        ck_assert_int_eq(ops.v[2].line, 17);
        char want[256];
        snprintf(want, sizeof want, "%s:11: skipped game 3: move 2 'b2': illegal move b2\n"
                 "%s:14: skipped game 4: cell 1: 'q' is not x, o or '.'\n"
                 "%s:20: skipped game 6 and the rest of the file: line 3: what is 'what'?\n",
                 name, name, name);
        ck_assert_str_eq(warn, want);
        gt_openings_free(&ops);
    }
    /* Nothing usable. */
    load("bad.ttr", "ttr-game\nmoves z9\nend\n", &ops, warn, sizeof warn, -1);
    ck_assert_str_eq(warn, "openings file 'bad.ttr' has no usable game (1 malformed)");
    load("bad.ttr", "nonsense\n", &ops, warn, sizeof warn, -1);
    ck_assert_str_eq(warn, "openings file 'bad.ttr' has no usable game (1 malformed)");
    /* Lines stay lines (and their warnings are shown): the records are
     * tried only when no line is an opening. */
    memset(warn, 0, sizeof warn);
    load("ops", "startpos moves b2\nqqq\n", &ops, warn, sizeof warn, 0);
    ck_assert_int_eq(ops.n, 1);
    ck_assert_msg(strstr(warn, "ops:2: skipped: not a position: "), "%s", warn);
    gt_openings_free(&ops);
    load("ops", "qqq\n", &ops, warn, sizeof warn, -1);
    ck_assert_str_eq(warn, "openings file 'ops' has no usable line (1 malformed)");
}
END_TEST

/* A record written by a match reads back as openings: the same moves. */
START_TEST(a_written_record_reads_back)
{
    struct gt_match_config c;
    struct gt_match_summary sum;
    struct gt_openings ops;
    char path[] = "/tmp/check_match_records.XXXXXX";
    char err[512];
    close(mkstemp(path));
    setup(&c, "a1 a2 b1 b2 c1");
    c.games = 1;
    c.pgn = path;
    ck_assert_int_eq(gt_match_run(&c, stdout, &sum, err, sizeof err), 0);
    ck_assert_int_eq(gt_openings_load(&c, path, &ops, NULL, err, sizeof err), 0);
    unlink(path);
    ck_assert_int_eq(ops.n, 1);
    ck_assert_int_eq(ops.v[0].nmoves, 5);
    ck_assert_str_eq(ops.v[0].moves[4], "c1");
    gt_openings_free(&ops);
}
END_TEST

/* write_record learns each game's place in its file (so that a format
 * can separate games) and the file's extension (so that it can choose an
 * encoding): a match appending to a file with games goes on counting
 * from at least 1. */
START_TEST(a_format_knows_the_file_and_the_game_index)
{
    struct gt_match_config c;
    struct gt_match_summary sum;
    char dir[] = "/tmp/check_match_records.XXXXXX", path[64], err[512];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/games.TTRU", dir);
    for (int run = 0; run < 2; run++) {
        setup(&c, "a1 a2 b1 b2 c1");
        c.games = 2;
        c.pgn = path;
        ck_assert_int_eq(gt_match_run(&c, stdout, &sum, err, sizeof err), 0);
    }
    slurp(path);
    unlink(path);
    rmdir(dir);
    int index[8], n = 0;
    for (const char *p = strstr(file_text, "index "); p && n < 8; p = strstr(p + 1, "index ")) {
        ck_assert_ptr_nonnull(strstr(p, "\next TTRU\nend\n"));
        index[n++] = atoi(p + 6);
    }
    ck_assert_int_eq(n, 4);
    ck_assert_int_eq(index[0], 0);
    for (int i = 1; i < n; i++) {
        ck_assert_int_ge(index[i], 1);
        if (i != 2)  /* within one run: one more each game */
            ck_assert_int_eq(index[i], index[i - 1] + 1);
    }
}
END_TEST

/* The PGN TimeControl tag in the standard's grammar (PGN 9.6.1: "?", "-",
 * or descriptors "moves/seconds", "seconds", "seconds+increment",
 * "*seconds" joined by ':', all integers), whatever the control; one it
 * cannot say exactly keeps its own words in TimeControlExact. */
static bool pgn_descriptor(const char *d, size_t n)
{
    size_t i = 0, digits;
    if (i < n && d[i] == '*') {
        for (digits = 0, i++; i < n && isdigit((unsigned char)d[i]); i++) digits++;
        return digits && i == n;
    }
    for (digits = 0; i < n && isdigit((unsigned char)d[i]); i++) digits++;
    if (!digits) return false;
    if (i < n && (d[i] == '/' || d[i] == '+')) {
        for (digits = 0, i++; i < n && isdigit((unsigned char)d[i]); i++) digits++;
        if (!digits) return false;
    }
    return i == n;
}

static bool pgn_time_control(const char *tc)
{
    if (!strcmp(tc, "?") || !strcmp(tc, "-")) return true;
    for (;;) {
        size_t n = strcspn(tc, ":");
        if (!pgn_descriptor(tc, n)) return false;
        if (!tc[n]) return true;
        tc += n + 1;
    }
}

START_TEST(the_pgn_time_control_is_the_standards)
{
    static const struct { int64_t base, inc, byoyomi, movetime; const char *want, *exact; } tcs[] = {
        { 300000, 5000, 0, 0, "300+5", NULL },
        { 500, 50, 0, 0, "1+0", "0.5+0.05" },
        { 10000, 100, 0, 0, "10+0", "10+0.1" },
        { 2500, 500, 0, 0, "3+1", "2.5+0.5" },
        { 0, 0, 0, 50, "1/1", "1/0.05" },
        { 0, 0, 0, 2000, "1/2", NULL },
        { 300000, 0, 10000, 0, "300", "300+byoyomi 10" },
        { 0, 0, 1500, 0, "1/2", "0+byoyomi 1.5" },
    };
    for (size_t i = 0; i < sizeof tcs / sizeof tcs[0]; i++) {
        struct gt_match_config c;
        struct gt_match_summary sum;
        char path[] = "/tmp/check_match_records.XXXXXX", err[512], want[128];
        close(mkstemp(path));
        setup(&c, "a1 a2 b1 b2 c1");
        c.g = ttt;
        c.games = 1;
        c.pgn = path;
        c.tc.depth = 0;
        c.tc.base_ms = tcs[i].base;
        c.tc.inc_ms = tcs[i].inc;
        c.tc.byoyomi_ms = tcs[i].byoyomi;
        c.tc.movetime_ms = tcs[i].movetime;
        c.tc.margin_ms = 5000;
        ck_assert_int_eq(gt_match_run(&c, stdout, &sum, err, sizeof err), 0);
        slurp(path);
        unlink(path);
        char *tag = strstr(file_text, "[TimeControl \"");
        ck_assert_ptr_nonnull(tag);
        tag += strlen("[TimeControl \"");
        size_t n = strcspn(tag, "\"");
        char value[64];
        snprintf(value, sizeof value, "%.*s", (int)n, tag);
        ck_assert_msg(pgn_time_control(value), "TimeControl \"%s\" is not PGN's", value);
        ck_assert_str_eq(value, tcs[i].want);
        if (tcs[i].exact) {
            snprintf(want, sizeof want, "[TimeControlExact \"%s\"]\n", tcs[i].exact);
            HAS(want);
        } else {
            ck_assert_ptr_null(strstr(file_text, "TimeControlExact"));
        }
    }
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    Suite *s = suite_create("match_records");
    TCase *tc = tcase_create("records");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, the_format_by_name_extension_or_default);
    tcase_add_test(tc, games_in_the_record_notations_format);
    tcase_add_test(tc, pgn_for_a_game_without_notations_and_by_request);
    tcase_add_test(tc, an_unknown_format_is_refused);
    tcase_add_test(tc, openings_from_record_files);
    tcase_add_test(tc, a_written_record_reads_back);
    tcase_add_test(tc, a_format_knows_the_file_and_the_game_index);
    tcase_add_test(tc, the_pgn_time_control_is_the_standards);
    suite_add_tcase(s, tc);
    return s;
}
