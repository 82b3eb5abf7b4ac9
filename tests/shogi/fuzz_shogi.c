/* fuzz_shogi.c -- libFuzzer target for the shogi module.
 *
 * Input: a SFEN on the first line (the start position if it does not parse),
 * then space-separated USI moves; every fourth byte group of the tail is
 * also tried as a raw 32-bit move.  Besides "never crash", it checks the
 * module's own invariants: is_legal == membership in generate, make/unmake
 * restore text and key, key_after == make's key, gives_check == make +
 * in_check, GT_GEN_CHECKS == the checking subset, to_text reads back to the
 * same key (but for a kingless side not to move, which from_text refuses),
 * and every notation (kif, csa, xshogi) reads back the text it writes of
 * every legal move.  Each move token is also given to every notation's
 * parser: what it accepts is legal and, written back and read again, the
 * same move.  The whole input is read as a KIF and as a CSA record (an answer
 * that replays, or a message), and the moves played are written as both and
 * read back.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gtsearch/game.h>

extern const struct gt_game shogi_LTX_gt_module;
static const struct gt_game *G = &shogi_LTX_gt_module;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REQUIRE(c) do { if (!(c)) { fprintf(stderr, "violated: %s\n", #c); abort(); } } while (0)

static bool member(const gt_move *l, int n, gt_move m)
{
    for (int i = 0; i < n; i++)
        if (l[i] == m) return true;
    return false;
}

/* Every notation writes each legal move as text that reads back to it. */
static void check_notations(const void *p, const gt_move *all, int n)
{
    char text[64], err[128], edit[4096];
    for (const struct gt_notation *t = G->notations; t && t->name; t++) {
        for (int i = 0; i < n; i++) {
            t->move_to_text(p, all[i], text, sizeof text);
            REQUIRE(t->move_from_text(p, text, err, sizeof err) == all[i]);
        }
        if (t->position_to_text)
            REQUIRE(t->position_to_text(p, edit, sizeof edit) == 0);
    }
}

/* Any text given to a notation's parser: a move it accepts is legal and
 * reads back from its own text. */
static void parse_notations(const void *p, const char *word)
{
    char text[64], err[128];
    for (const struct gt_notation *t = G->notations; t && t->name; t++) {
        err[0] = 0;
        gt_move m = t->move_from_text(p, word, err, sizeof err);
        if (m == GT_MOVE_NONE) {
            REQUIRE(err[0] != 0);
            continue;
        }
        REQUIRE(G->is_legal(p, m));
        t->move_to_text(p, m, text, sizeof text);
        REQUIRE(t->move_from_text(p, text, err, sizeof err) == m);
    }
}

static void check_position(void *p, const uint8_t *raw, size_t raw_len)
{
    /* room beyond max_moves, so that a list too long fails the count
     * check below rather than overrunning the buffer */
    static gt_move all[4096], checks[4096];
    unsigned char undo[256];
    char a[256], b[256];
    REQUIRE(G->max_moves <= 4096);
    int n = G->generate(p, GT_GEN_ALL, all);
    REQUIRE(n >= 0 && n <= G->max_moves);
    int c = G->generate(p, GT_GEN_CHECKS, checks), expect = 0;
    G->to_text(p, a, sizeof a);
    uint64_t key = G->key(p);
    for (int i = 0; i < n; i++) {
        REQUIRE(G->is_legal(p, all[i]));
        REQUIRE(G->move_index(p, all[i]) < G->move_index_count);
        (void)G->see_ge(p, all[i], 0);
        (void)G->noisy_order(p, all[i]);
        bool gc = G->gives_check(p, all[i]);
        uint64_t after = G->key_after(p, all[i]);
        G->make(p, all[i], undo);
        REQUIRE(G->in_check(p) == gc);
        REQUIRE(G->key(p) == after);
        (void)G->rule_outcome(p, 1);
        G->unmake(p, all[i], undo);
        if (gc) {
            expect++;
            REQUIRE(member(checks, c, all[i]));
        }
    }
    REQUIRE(c == expect);
    check_notations(p, all, n);
    G->to_text(p, b, sizeof b);
    REQUIRE(!strcmp(a, b) && G->key(p) == key);
    for (size_t i = 0; i + 4 <= raw_len; i += 4) {
        gt_move m;
        memcpy(&m, raw + i, 4);
        REQUIRE(G->is_legal(p, m) == member(all, n, m));
    }
    (void)G->evaluate(p, NULL);
    char drawn[1024];
    G->draw(p, drawn, sizeof drawn);
    REQUIRE(strstr(drawn, a) != NULL);  /* it ends with the SFEN */
    (void)G->null_ok(p);
    (void)G->zugzwang_risk(p);
    if (!G->in_check(p)) {
        G->make_null(p, undo);
        (void)G->generate(p, GT_GEN_ALL, all);
        G->unmake_null(p, undo);
        REQUIRE(G->key(p) == key);
    }
    /* The text reads back, except one ply into a tsume problem: a side
     * without a king must be the side to move. */
    void *q = malloc(G->pos_size);
    char err[128];
    if (G->from_text(q, a, err, sizeof err) == 0)
        REQUIRE(G->key(q) == key);
    else
        REQUIRE(strstr(err, "(the side not to move) has no king") != NULL);
    free(q);
}

/* The record readers on any text: an answer they can stand by, or a
 * message. */
static void read_records(const char *text, size_t size)
{
    static char start[256], moves[65536];
    char err[256];
    for (const struct gt_notation *t = G->notations; t && t->name; t++) {
        if (!t->read_record) continue;
        err[0] = 0;
        int r = t->read_record(text, start, sizeof start, moves, sizeof moves, err, sizeof err);
        if (r < 0) {
            REQUIRE(err[0] != 0);
            continue;
        }
        REQUIRE((size_t)r <= size);
        if (r == 0) continue;
        void *p = malloc(G->pos_size);
        unsigned char undo[256];
        REQUIRE(G->from_text(p, start[0] ? start : G->startpos, err, sizeof err) == 0);
        char *save = NULL;
        for (char *w = strtok_r(moves, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
            gt_move m = G->move_from_text(p, w, err, sizeof err);
            REQUIRE(m != GT_MOVE_NONE);
            G->make(p, m, undo);
        }
        free(p);
    }
}

/* A played game written by each record format reads back the same. */
static void record_round_trip(const char *start, const gt_move *played, int n)
{
    static char back[256], moves[65536], want[65536];
    void *p = malloc(G->pos_size), *q = malloc(G->pos_size);
    unsigned char undo[256];
    char err[256];
    size_t o = 0;
    REQUIRE(G->from_text(p, start, err, sizeof err) == 0);
    want[0] = 0;
    for (int i = 0; i < n; i++) {
        char t[16];
        G->move_to_text(p, played[i], t, sizeof t);
        o += (size_t)snprintf(want + o, sizeof want - o, "%s%s", i ? " " : "", t);
        G->make(p, played[i], undo);
    }
    REQUIRE(G->from_text(p, start, err, sizeof err) == 0);
    for (const struct gt_notation *t = G->notations; t && t->name; t++) {
        if (!t->write_record) continue;
        struct gt_record rec = { .start = start, .moves = played, .nmoves = n,
                                 .players = { "a", "b" }, .result = 2 };
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        REQUIRE(f && t->write_record(&rec, f) == 0);
        fclose(f);
        int r = t->read_record(text, back, sizeof back, moves, sizeof moves, err, sizeof err);
        REQUIRE(r > 0 && (size_t)r <= len);
        REQUIRE(!strcmp(moves, want));
        REQUIRE(G->from_text(q, back[0] ? back : G->startpos, err, sizeof err) == 0);
        REQUIRE(G->key(q) == G->key(p));
        free(text);
    }
    free(p);
    free(q);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) { G->init(); ready = 1; }
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    read_records(text, size);
    char *nl = strchr(text, '\n');
    char *moves = nl ? nl + 1 : text + size;
    if (nl) *nl = 0;
    void *p = malloc(G->pos_size);
    char err[128];
    if (G->from_text(p, text, err, sizeof err) != 0) {
        REQUIRE(err[0] != 0);
        REQUIRE(G->from_text(p, G->startpos, err, sizeof err) == 0);
    }
    const uint8_t *raw = (const uint8_t *)moves;
    size_t raw_len = size - (size_t)(moves - text);
    unsigned char undo[64][256];
    gt_move line[64];
    char start[256];
    int played = 0;
    G->to_text(p, start, sizeof start);
    check_position(p, raw, raw_len);
    char *save = NULL;
    for (char *t = strtok_r(moves, " \n", &save); t && played < 64;
         t = strtok_r(NULL, " \n", &save)) {
        parse_notations(p, t);
        gt_move m = G->move_from_text(p, t, err, sizeof err);
        if (m == GT_MOVE_NONE) { REQUIRE(err[0] != 0); continue; }
        char back[16];
        G->move_to_text(p, m, back, sizeof back);
        REQUIRE(!strcmp(back, t));
        line[played] = m;
        G->make(p, m, undo[played++]);
        check_position(p, raw, raw_len > 64 ? 64 : raw_len);
    }
    record_round_trip(start, line, played);
    free(p);
    free(text);
    return 0;
}
