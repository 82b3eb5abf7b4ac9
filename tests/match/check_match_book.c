/* check_match_book.c -- opening books in the match runner: a tiny
 * Polyglot book written here with chess's own keys and codes, played by
 * scripted engines (the book's moves are played without asking them, and
 * marked {book}), its depth, a code that names no legal move, and the
 * files and games refused with the reason.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/match.h"
#include "match/match_book.h"

extern const struct gt_game chess_LTX_gt_module;
static const struct gt_game *const chess = &chess_LTX_gt_module;

/* One entry: the position after `line` (UCI moves from the start), the
 * move played there (or a raw code when move is NULL), its weight. */
struct entry {
    const char *line, *move;
    unsigned code, weight;
};

static void put_be(FILE *f, uint64_t v, int bytes)
{
    for (int i = bytes - 1; i >= 0; i--)
        fputc((int)(v >> (8 * i) & 0xff), f);
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Write the entries as a book (sorted by key) into path, a mkstemp
 * template. */
static void write_book(char *path, const struct entry *e, int n)
{
    uint64_t rows[16][3];
    char err[256], word[16];
    void *pos = malloc(chess->pos_size), *undo = malloc(chess->undo_size);
    ck_assert_int_eq(chess->init(), 0);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(chess->from_text(pos, chess->startpos, err, sizeof err), 0);
        for (const char *p = e[i].line; sscanf(p, "%15s", word) == 1;
             p = strstr(p, word) + strlen(word)) {
            gt_move m = chess->move_from_text(pos, word, err, sizeof err);
            ck_assert_msg(m != GT_MOVE_NONE, "%s: %s", word, err);
            chess->make(pos, m, undo);
        }
        unsigned code = e[i].code;
        if (e[i].move)
            code = chess->book->code(pos, chess->move_from_text(pos, e[i].move, err, sizeof err));
        rows[i][0] = chess->book->key(pos);
        rows[i][1] = code;
        rows[i][2] = e[i].weight;
    }
    qsort(rows, (size_t)n, sizeof rows[0], by_key);
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "wb");
    for (int i = 0; i < n; i++) {
        put_be(f, rows[i][0], 8);
        put_be(f, rows[i][1], 2);
        put_be(f, rows[i][2], 2);
        put_be(f, 0, 4);
    }
    fclose(f);
    free(pos);
    free(undo);
}

static char pgn_text[8192];

/* One game between fake engines playing `script`; white (engine 1) and
 * black may have books.  Returns gt_match_run's status; the PGN (its
 * movetext, think times as T) in pgn_text, the error in err. */
static int play(const struct gt_game *g, const char *script, const char *book,
                const char *white_book, int depth, char *err, size_t err_len)
{
    static struct gt_match_config c;
    struct gt_match_summary sum;
    char pgn[] = "/tmp/check_match_book_pgn.XXXXXX", cmd[1024];
    close(mkstemp(pgn));
    gt_match_config_default(&c, g);
    c.quiet = true;
    c.tc.depth = 1;
    c.games = 1;
    c.pgn = pgn;
    c.book = book;
    c.book_depth = depth;
    snprintf(cmd, sizeof cmd, "sh '%s' '%s'", FAKE_ENGINE, script);
    for (int i = 0; i < 2; i++) {
        c.engines[i].cmd = cmd;
        snprintf(c.engines[i].name, sizeof c.engines[i].name, "%s", i ? "Black" : "White");
    }
    c.engines[0].book = white_book;
    c.nengines = 2;
    int rc = gt_match_run(&c, stdout, &sum, err, err_len);
    FILE *f = fopen(pgn, "r");
    size_t n = fread(pgn_text, 1, sizeof pgn_text - 1, f);
    fclose(f);
    pgn_text[n] = 0;
    unlink(pgn);
    /* Only the movetext, on one line (where it wraps depends on the think
     * times), with each think time "0.004s" as "Ts". */
    char *moves = strstr(pgn_text, "\n\n");
    if (moves)
        memmove(pgn_text, moves + 2, strlen(moves + 2) + 1);
    for (char *p = pgn_text; (p = strchr(p, '\n')) && p[1] && p[1] != '\n'; p++)
        *p = ' ';
    for (char *p = pgn_text; (p = strchr(p, '{'));) {
        size_t k = strspn(p + 1, "0123456789.");
        if (k && p[1 + k] == 's')
            memmove(p + 2, p + 1 + k, strlen(p + 1 + k) + 1), p[1] = 'T';
        p++;
    }
    return rc;
}

/* The engines would lose at once if asked at plies 0 and 1 (a1a1 is no
 * move): the book plays f3 and e5, the engines g4 and Qh4 mate. */
START_TEST(the_book_plays_the_first_moves)
{
    char book[] = "/tmp/check_match_book.XXXXXX", err[512];
    const struct entry e[] = {
        {"", "f2f3", 0, 5}, {"", "e2e4", 0, 0},    /* weight 0: never */
        {"f2f3", "e7e5", 0, 3}, {"f2f3 e7e5", "a2a3", 0, 1},
    };
    write_book(book, e, 4);
    ck_assert_int_eq(play(chess, "a1a1 a1a1 g2g4 d8h4", book, NULL, 1, err, sizeof err), 0);
    /* depth 1: the third ply (a3 in the book) is the engine's g4 */
    ck_assert_str_eq(pgn_text, "1. f3 {book} e5 {book} 2. g4 {Ts} Qh4# {Ts, black wins: "
                               "checkmate} 0-1\n\n");
    /* Without a depth the book plays a3 too; black is then asked at ply 3. */
    ck_assert_int_eq(play(chess, "a1a1 a1a1 a1a1 d8h4", book, NULL, 0, err, sizeof err), 0);
    ck_assert_msg(!strncmp(pgn_text, "1. f3 {book} e5 {book} 2. a3 {book} Qh4+ {Ts", 44),
                  "%s", pgn_text);
    unlink(book);
}
END_TEST

/* An engine's own book; its opponent, without one, is asked. */
START_TEST(an_engine_of_its_own_book)
{
    char book[] = "/tmp/check_match_book.XXXXXX", err[512];
    const struct entry e[] = {{"", "f2f3", 0, 1}, {"f2f3", "d7d5", 0, 1}};
    write_book(book, e, 2);
    ck_assert_int_eq(play(chess, "a1a1 e7e5 g2g4 d8h4", NULL, book, 0, err, sizeof err), 0);
    ck_assert_str_eq(pgn_text, "1. f3 {book} e5 {Ts} 2. g4 {Ts} Qh4# {Ts, black wins: "
                               "checkmate} 0-1\n\n");
    unlink(book);
}
END_TEST

/* A code that names no legal move (e2e5) is not played: the engine is
 * asked, and the game goes on. */
START_TEST(a_bad_code_leaves_the_book)
{
    char book[] = "/tmp/check_match_book.XXXXXX", err[512];
    const struct entry e[] = {{"", NULL, 12u << 6 | 36u, 1}, {"f2f3", "e7e5", 0, 1}};
    write_book(book, e, 2);
    ck_assert_int_eq(play(chess, "f2f3 a1a1 g2g4 d8h4", book, NULL, 0, err, sizeof err), 0);
    /* White is out of its book, black (a side of its own) is not. */
    ck_assert_str_eq(pgn_text, "1. f3 {Ts} e5 {book} 2. g4 {Ts} Qh4# {Ts, black wins: "
                               "checkmate} 0-1\n\n");
    unlink(book);
}
END_TEST

/* Write raw bytes into path (a mkstemp template). */
static void write_raw(char *path, const unsigned char *bytes, size_t n)
{
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, bytes, n), (int)n);
    close(fd);
}

/* Refused before any game, with the reason. */
START_TEST(bad_books_are_refused)
{
    char err[512];
    ck_assert_int_eq(play(chess, "e2e4", "/nonexistent/book.bin", NULL, 0, err, sizeof err), -1);
    ck_assert_str_eq(err, "cannot read the book '/nonexistent/book.bin': No such file or "
                          "directory");
    unsigned char bytes[48] = {0};
    char path[] = "/tmp/check_match_book.XXXXXX";
    write_raw(path, bytes, 17);
    ck_assert_int_eq(play(chess, "e2e4", path, NULL, 0, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "is truncated: 17 bytes, not a whole number of 16-byte "
                              "Polyglot entries"), "%s", err);
    unlink(path);
    bytes[0] = 9;                   /* the first key above the second */
    strcpy(path, "/tmp/check_match_book.XXXXXX");
    write_raw(path, bytes, 32);
    ck_assert_int_eq(play(chess, "e2e4", path, NULL, 0, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "is not sorted by key: entry 2's key 0000000000000000 is below "
                              "entry 1's"), "%s", err);
    unlink(path);
    strcpy(path, "/tmp/check_match_book.XXXXXX");
    write_raw(path, bytes, 0);
    ck_assert_int_eq(play(chess, "e2e4", path, NULL, 0, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "is empty"), "%s", err);
    unlink(path);
    /* A game without a book format. */
    struct gt_game plain = *chess;
    plain.book = NULL;
    ck_assert_int_eq(play(&plain, "e2e4", NULL, "any.bin", 0, err, sizeof err), -1);
    ck_assert_str_eq(err, "chess has no opening-book format: engine 1's book 'any.bin' cannot "
                          "be read");
}
END_TEST

/* Lookups: every entry of a key, none of another; draws by weight. */
START_TEST(find_and_pick)
{
    char path[] = "/tmp/check_match_book.XXXXXX", err[256];
    unsigned char bytes[64] = {0};
    /* keys 1, 2, 2, 3; codes 10, 20, 21, 30; weights 1, 1, 3, 0 */
    const unsigned keys[] = {1, 2, 2, 3}, codes[] = {10, 20, 21, 30}, weights[] = {1, 1, 3, 0};
    for (int i = 0; i < 4; i++) {
        bytes[16 * i + 7] = (unsigned char)keys[i];
        bytes[16 * i + 9] = (unsigned char)codes[i];
        bytes[16 * i + 11] = (unsigned char)weights[i];
    }
    write_raw(path, bytes, sizeof bytes);
    struct gt_book *b;
    ck_assert_int_eq(gt_book_open(path, &b, err, sizeof err), 0);
    unlink(path);
    size_t first;
    ck_assert_uint_eq(gt_book_find(b, 2, &first), 2);
    ck_assert_uint_eq(first, 1);
    ck_assert_uint_eq(gt_book_find(b, 5, &first), 0);
    unsigned code;
    uint64_t rng = 7;
    ck_assert(!gt_book_pick(b, 3, &rng, &code));    /* weight 0 only */
    ck_assert(!gt_book_pick(b, 4, &rng, &code));
    int n21 = 0;
    for (int i = 0; i < 400; i++) {
        ck_assert(gt_book_pick(b, 2, &rng, &code));
        ck_assert(code == 20 || code == 21);
        n21 += code == 21;
    }
    ck_assert_msg(n21 > 240 && n21 < 360, "21 drawn %d times in 400 (weight 3 of 4)", n21);
    gt_book_free(b);
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    Suite *s = suite_create("match_book");
    TCase *tc = tcase_create("book");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, the_book_plays_the_first_moves);
    tcase_add_test(tc, an_engine_of_its_own_book);
    tcase_add_test(tc, a_bad_code_leaves_the_book);
    tcase_add_test(tc, bad_books_are_refused);
    tcase_add_test(tc, find_and_pick);
    suite_add_tcase(s, tc);
    return s;
}
