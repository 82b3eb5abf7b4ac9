/* check_shogi.c -- the shogi module through its hook table, as the core
 * drives it: perft, rules, SFEN and USI text, check generation, legality,
 * the null move, outcomes.
 * SPDX-License-Identifier: MIT */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gtsearch/game.h>

#include "../games/shogi/ring.h"  /* squares and sets, for the tests of parts */

extern const struct gt_game shogi_LTX_gt_module;
static const struct gt_game *G = &shogi_LTX_gt_module;

#define STARTPOS "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
#define MAXU 256

/* ---- helpers ------------------------------------------------------------- */

static void *new_pos(const char *sfen)
{
    void *p = malloc(G->pos_size);
    char err[256] = "";
    ck_assert_ptr_nonnull(p);
    ck_assert_msg(G->from_text(p, sfen, err, sizeof err) == 0,
                  "from_text(%s): %s", sfen, err);
    return p;
}

static const char *sfen_error(const char *sfen)
{
    static char err[256];
    void *p = malloc(G->pos_size);
    err[0] = 0;
    int r = G->from_text(p, sfen, err, sizeof err);
    free(p);
    ck_assert_msg(r == -1, "from_text accepted bad SFEN %s", sfen);
    return err;
}

static gt_move parse(const void *p, const char *usi)
{
    char err[128];
    gt_move m = G->move_from_text(p, usi, err, sizeof err);
    ck_assert_msg(m != GT_MOVE_NONE, "move %s: %s", usi, err);
    return m;
}

static void play(void *p, const char *usi)
{
    unsigned char undo[MAXU];
    G->make(p, parse(p, usi), undo);
}

static void play_line(void *p, const char *line)
{
    char buf[1024], *save = NULL;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        play(p, t);
}

static uint64_t perft(void *p, int depth)
{
    gt_move list[SH_MAX_MOVES];
    unsigned char undo[MAXU];
    int n = G->generate(p, GT_GEN_ALL, list);
    /* perft's last ply counts with count_moves: it must agree everywhere */
    if (G->count_moves(p) != n)  /* ck_abort only on failure (cheaper) */
        ck_abort_msg("count_moves %d, generate %d", G->count_moves(p), n);
    if (depth == 1) return (uint64_t)n;
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        G->make(p, list[i], undo);
        sum += perft(p, depth - 1);
        G->unmake(p, list[i], undo);
    }
    return sum;
}

/* perft.epd: "<sfen>; D1 n; D2 n; ...; id ..." */
struct perft_line {
    char sfen[256];
    uint64_t count[8];
    int depths;
};

static int load_perft(struct perft_line *lines, int max)
{
    FILE *f = fopen(TEST_DATA_DIR "/shogi/perft.epd", "r");
    ck_assert_ptr_nonnull(f);
    char buf[1024];
    int n = 0;
    while (n < max && fgets(buf, sizeof buf, f)) {
        if (buf[0] == '#' || buf[0] == '\n') continue;
        struct perft_line *l = &lines[n++];
        char *semi = strchr(buf, ';');
        ck_assert_ptr_nonnull(semi);
        *semi = 0;
        ck_assert_uint_lt(strlen(buf), sizeof l->sfen);
        memcpy(l->sfen, buf, strlen(buf) + 1);
        l->depths = 0;
        for (char *d = semi + 1; (d = strstr(d, " D")) != NULL; d += 2) {
            int depth;
            unsigned long long c;
            if (sscanf(d, " D%d %llu", &depth, &c) == 2 && depth == l->depths + 1)
                l->count[l->depths++] = c;
        }
    }
    fclose(f);
    return n;
}

static bool in_list(const gt_move *list, int n, gt_move m)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m) return true;
    return false;
}

/* ---- perft ---------------------------------------------------------------- */

START_TEST(test_perft_reference)
{
    struct perft_line lines[16];
    int n = load_perft(lines, 16), checked = 0;
    ck_assert_int_ge(n, 7);
    for (int i = 0; i < n; i++) {
        void *p = new_pos(lines[i].sfen);
        for (int d = 1; d <= lines[i].depths; d++) {
            if (lines[i].count[d - 1] > 2000000) break;
            ck_assert_msg(perft(p, d) == lines[i].count[d - 1],
                          "perft %s depth %d", lines[i].sfen, d);
            checked++;
        }
        free(p);
    }
    ck_assert_int_ge(checked, 20);
}
END_TEST

/* The attack test that skips lines without a slider answers as the one
 * that walks them, for every square and side, the king lifted or not. */
static void check_attacked_far(const struct shogi_pos *a, const char *sfen)
{
    for (int by = 0; by < 2; by++)
        for (int sq = 0; sq < SH_CELLS; sq++) {
            if (a->board[sq] == SH_WALL) continue;
            int skip = a->king[by ^ 1];
            /* ck_abort only on failure: Check reports every ck_assert to
             * its parent process, a system call each */
            if (shogi_attacked_far(a->board, a->far[by], sq, by, -1) !=
                shogi_attacked(a->board, sq, by, -1))
                ck_abort_msg("attacked_far %d by %d: %s", sq, by, sfen);
            if (shogi_attacked_far(a->board, a->far[by], sq, by, skip) !=
                shogi_attacked(a->board, sq, by, skip))
                ck_abort_msg("attacked_far %d by %d, king lifted: %s", sq, by, sfen);
        }
}

/* The ring memo evaluate leaves (shogi.h), where the position says it
 * holds, answers as attacked_far with the king lifted, for every on-board
 * neighbour of either king; and the moves, the pass test and the mate in
 * one read from it are those found without it. */
static void check_ring_holds(const struct shogi_pos *a, const char *sfen)
{
    for (int c = 0; c < 2; c++) {
        if (!shogi_has_king(a, c) || !(a->ring_known >> c & 1)) continue;
        int k = a->king[c];
        for (int d = 0; d < 8; d++) {
            int sq = k + shogi_dir_offset[d];
            if (a->board[sq] == SH_WALL) continue;
            if ((a->ring[c] >> d & 1) !=
                shogi_attacked_far(a->board, a->far[c ^ 1], sq, c ^ 1, k))
                ck_abort_msg("ring memo of %d, direction %d: %s", c, d, sfen);
        }
    }
}

static void check_ring_memo(void *p, const char *sfen)
{
    struct shogi_pos *a = p;
    gt_move before[SH_MAX_MOVES], after[SH_MAX_MOVES];
    a->ring_known = a->eval_known = 0;
    int n = G->generate(p, GT_GEN_ALL, before);
    gt_move mate = shogi_mate_in_one(a);
    bool pass = shogi_null_ok(a);
    G->evaluate(p, NULL);
    if (a->ring_known != 3) ck_abort_msg("no ring memo: %s", sfen);
    check_ring_holds(a, sfen);
    if (G->generate(p, GT_GEN_ALL, after) != n ||
        memcmp(before, after, sizeof *after * (size_t)n))
        ck_abort_msg("moves with the ring memo: %s", sfen);
    for (int i = 0; i < n; i++)
        if (!shogi_is_legal(a, before[i]))
            ck_abort_msg("illegal with the ring memo: %s", sfen);
    for (int d = 0; d < 8 && shogi_has_king(a, a->side); d++) {
        int k = a->king[a->side];
        gt_move step = SH_MAKE_MOVE(k, k + shogi_dir_offset[d]);
        bool with = shogi_is_legal(a, step);
        a->ring_known = 0;
        if (shogi_is_legal(a, step) != with)
            ck_abort_msg("king step %d with the ring memo: %s", d, sfen);
        a->ring_known = 3;
    }
    if (shogi_mate_in_one(a) != mate || shogi_null_ok(a) != pass)
        ck_abort_msg("mate in one or pass with the ring memo: %s", sfen);
    if (!G->in_check(p)) {  /* a pass keeps the board, and the memo */
        unsigned char undo[MAXU];
        G->make_null(p, undo);
        if (a->ring_known != 3) ck_abort_msg("memo lost by a pass: %s", sfen);
        check_ring_holds(a, sfen);
        int kept = G->evaluate(p, NULL);  /* the memo, turned round */
        a->ring_known = a->eval_known = 0;
        if (G->evaluate(p, NULL) != kept)
            ck_abort_msg("eval memo after a pass %d, from scratch %d: %s", kept,
                         G->evaluate(p, NULL), sfen);
        G->unmake_null(p, undo);
    }
}

/* The noisy and the quiet lists split the full one, each in its order. */
static void check_split(void *p, const gt_move *all, int n, const char *sfen)
{
    gt_move noisy[SH_MAX_MOVES], quiet[SH_MAX_MOVES];
    int nn = G->generate(p, GT_GEN_NOISY, noisy);
    int nq = G->generate(p, GT_GEN_QUIET, quiet);
    int i = 0, j = 0;
    if (G->in_check(p))  /* the search never asks for noisy moves in check */
        nn = 0;
    for (int k = 0; k < n; k++) {
        if (G->is_noisy(p, all[k]) && !G->in_check(p)) {
            if (i >= nn || noisy[i] != all[k])
                ck_abort_msg("noisy list at %d: %s", k, sfen);
            i++;
        } else if (!G->is_noisy(p, all[k])) {
            if (j >= nq || quiet[j] != all[k])
                ck_abort_msg("quiet list at %d: %s", k, sfen);
            j++;
        }
    }
    ck_assert_msg(i == nn && j == nq, "split %d+%d of %d: %s", nn, nq, n, sfen);
}

/* make/unmake restores everything; the incremental key and check flag
 * (make learns "in check" from the move itself) equal those of the same
 * position read from scratch, and key_after foretells make's key. */
static void walk_keys(void *p, int depth)
{
    gt_move list[SH_MAX_MOVES];
    unsigned char undo[MAXU];
    char before[256], after[256];
    G->to_text(p, before, sizeof before);
    check_ring_holds(p, before);  /* a memo make should have dropped */
    struct shogi_pos *m = p;
    if (m->eval_known) {
        int kept = m->eval_memo;
        m->ring_known = m->eval_known = 0;
        ck_assert_msg(G->evaluate(p, NULL) == kept, "eval memo kept: %s", before);
    }
    uint64_t key = G->key(p);
    void *fresh = new_pos(before);
    ck_assert_uint_eq(G->key(fresh), key);
    ck_assert_msg(G->in_check(fresh) == G->in_check(p), "in check after make: %s", before);
    /* what make keeps besides the key: as the reader derives it */
    const struct shogi_pos *a = p, *b = fresh;
    for (int c = 0; c < 2; c++) {
        ck_assert_msg(a->occ[c] == b->occ[c], "occ[%d] after make: %s", c, before);
        ck_assert_msg(a->far[c] == b->far[c], "far[%d] after make: %s", c, before);
        ck_assert_msg(a->def[c] == b->def[c], "def[%d] after make: %s", c, before);
        ck_assert_int_eq(a->psq[c], b->psq[c]);
        ck_assert_int_eq(a->guard[c], b->guard[c]);
        ck_assert_int_eq(a->king[c], b->king[c]);
        ck_assert_int_eq(a->pawn_files[c], b->pawn_files[c]);
    }
    /* the correction keys: the pawns, then each side's other pieces */
    uint64_t ka[GT_CORRECTION_KEYS], kb[GT_CORRECTION_KEYS];
    ck_assert_int_eq(G->correction_keys(p, ka), 3);
    ck_assert_int_eq(G->correction_keys(fresh, kb), 3);
    for (int i = 0; i < 3; i++)
        ck_assert_msg(ka[i] == kb[i], "correction key %d after make: %s", i, before);
    free(fresh);
    if (depth == 0) return;
    check_attacked_far(a, before);
    check_ring_memo(p, before);
    int n = G->generate(p, GT_GEN_ALL, list);
    check_split(p, list, n, before);
    for (int i = 0; i < n; i++) {  /* key_after: the key make will give */
        uint64_t want = G->key_after(p, list[i]);
        G->make(p, list[i], undo);
        ck_assert_uint_eq(G->key(p), want);
        G->unmake(p, list[i], undo);
    }
    for (int i = 0; i < n; i += 7) {
        G->make(p, list[i], undo);
        walk_keys(p, depth - 1);
        G->unmake(p, list[i], undo);
        G->to_text(p, after, sizeof after);
        ck_assert_str_eq(before, after);
        ck_assert_uint_eq(G->key(p), key);
        /* unmake brought back the memo evaluate left here */
        ck_assert_int_eq(a->ring_known, 3);
    }
}

/* Lone sliders, where the shortcut is taken most: every line direction. */
START_TEST(test_attacked_far_lone_sliders)
{
    static const char *const sfens[] = {
        "4k4/9/9/9/1R5K1/9/9/9/9 b - 1",
        "4k4/9/9/9/1r5K1/9/9/9/9 b - 1",
        "4k4/9/9/9/4B4/9/9/9/K8 b - 1",
        "4k4/9/9/9/4b4/9/9/9/K8 b - 1",
        "8k/9/9/9/4+R4/9/9/9/K8 b - 1",
        "7k1/9/9/9/4+B4/9/9/9/K8 b - 1",
        "k7l/9/9/9/9/9/9/9/1L2K4 b - 1",
        "k8/9/9/9/4N4/9/9/9/4K4 b - 1",
    };
    for (size_t i = 0; i < sizeof sfens / sizeof *sfens; i++) {
        void *p = new_pos(sfens[i]);
        check_attacked_far(p, sfens[i]);
        free(p);
    }
}
END_TEST

START_TEST(test_make_unmake_keys)
{
    struct perft_line lines[16];
    int n = load_perft(lines, 16);
    for (int i = 0; i < n; i++) {
        void *p = new_pos(lines[i].sfen);
        walk_keys(p, 3);
        free(p);
    }
}
END_TEST

/* ---- rules ----------------------------------------------------------------- */

static bool legal_text(const char *sfen, const char *usi)
{
    void *p = new_pos(sfen);
    char err[128];
    gt_move m = G->move_from_text(p, usi, err, sizeof err);
    free(p);
    return m != GT_MOVE_NONE;
}

START_TEST(test_uchifuzume)
{
    const char *trap = "8k/6S2/7G1/9/9/9/9/9/4K4 b LPnp 1";
    ck_assert(!legal_text(trap, "P*1b"));  /* pawn-drop mate */
    ck_assert(legal_text(trap, "L*1b"));   /* lance-drop mate is fine */
    /* the defender that could take the pawn is pinned: still mate */
    ck_assert(!legal_text("4R2sk/9/7G1/9/9/9/9/9/4K4 b P 1", "P*1b"));
    /* unpinned, the silver takes: a legal check */
    ck_assert(legal_text("7sk/9/7G1/9/9/9/9/9/4K4 b RP 1", "P*1b"));
    /* unguarded pawn: the king takes it */
    ck_assert(legal_text("8k/9/9/9/9/9/9/9/4K4 b P 1", "P*1b"));
    /* a pawn MOVE that mates is legal, and it is mate */
    void *p = new_pos("8k/6S2/7GP/9/9/9/9/9/4K4 b - 1");
    play(p, "1c1b");
    gt_move list[SH_MAX_MOVES];
    ck_assert(G->in_check(p));
    ck_assert_int_eq(G->generate(p, GT_GEN_ALL, list), 0);
    ck_assert_int_eq(G->no_moves(p), GT_LOSS);
    free(p);
    /* gote's pawn-drop mate is illegal too */
    ck_assert(!legal_text("4k4/9/9/9/9/9/1gn6/9/K8 w p 1", "P*9h"));
    ck_assert(legal_text("4k4/9/9/9/9/9/1g7/9/K8 w p 1", "P*9h"));
}
END_TEST

START_TEST(test_nifu_and_dead_drops)
{
    const char *s = "4k4/9/9/9/9/9/P1P1P1P1P/9/4K4 b NLPnlp 1";
    ck_assert(!legal_text(s, "P*9e"));  /* 9g holds a pawn: nifu */
    ck_assert(legal_text(s, "P*8e"));
    ck_assert(!legal_text(s, "P*8a"));  /* would never move */
    ck_assert(!legal_text(s, "L*8a"));
    ck_assert(legal_text(s, "L*8b"));
    ck_assert(!legal_text(s, "N*8b"));
    ck_assert(!legal_text(s, "N*8a"));
    ck_assert(legal_text(s, "N*8c"));
    const char *w = "4k4/9/9/9/9/9/P1P1P1P1P/9/4K4 w NLPnlp 1";
    ck_assert(!legal_text(w, "P*8i"));
    ck_assert(!legal_text(w, "L*8i"));
    ck_assert(!legal_text(w, "N*8h"));
    ck_assert(legal_text(w, "N*8g"));
    ck_assert(legal_text(w, "P*9h"));
    /* a promoted pawn does not count for nifu */
    ck_assert(legal_text("4k4/9/9/9/9/9/+P8/9/4K4 b P 1", "P*9e"));
    ck_assert(!legal_text("4k4/9/9/9/9/9/+P7P/9/4K4 b P 1", "P*1e"));
}
END_TEST

START_TEST(test_promotion)
{
    const char *s = "4k4/7P1/1N4L2/3N5/9/5n3/2l4n1/1p7/4K4 b - 1";
    ck_assert(legal_text(s, "2b2a+"));
    ck_assert(!legal_text(s, "2b2a"));  /* pawn on the last rank */
    ck_assert(legal_text(s, "3c3a+"));
    ck_assert(!legal_text(s, "3c3a"));  /* lance on the last rank */
    ck_assert(legal_text(s, "3c3b+"));
    ck_assert(legal_text(s, "3c3b"));   /* optional */
    ck_assert(legal_text(s, "8c7a+"));
    ck_assert(!legal_text(s, "8c7a"));  /* knight on the last two ranks */
    ck_assert(legal_text(s, "6d7b+"));
    ck_assert(!legal_text(s, "6d7b"));
    ck_assert(!legal_text("4k4/9/9/9/9/9/9/9/4K4 b - 1", "5i5h+"));  /* king */
    /* moving out of the zone may promote, moving far outside may not */
    ck_assert(legal_text("4k4/9/2S6/9/9/9/9/9/4K4 b - 1", "7c6d+"));
    ck_assert(!legal_text("4k4/9/9/2S6/9/9/9/9/4K4 b - 1", "7d6e+"));
    ck_assert(legal_text("4k4/9/9/2S6/9/9/9/9/4K4 b - 1", "7d6e"));
    /* gote: knight to rank h must promote, rank g is optional */
    const char *w = "4k4/7P1/1N4L2/3N5/9/5n3/2l4n1/1p7/4K4 w - 1";
    ck_assert(legal_text(w, "2g1i+"));
    ck_assert(!legal_text(w, "2g1i"));
    ck_assert(!legal_text(w, "4f5h"));  /* gote's last two ranks: h, i */
    ck_assert(legal_text(w, "4f5h+"));
    ck_assert(legal_text(w, "7g7h"));   /* optional in the zone */
    ck_assert(legal_text(w, "7g7h+"));
    ck_assert(!legal_text(w, "7g7i"));
    ck_assert(legal_text(w, "7g7i+"));
    ck_assert(!legal_text(w, "8h8i"));
    ck_assert(legal_text(w, "8h8i+"));
}
END_TEST

START_TEST(test_no_moves_is_loss)
{
    /* gote to move with no legal move, not in check, still loses */
    void *p = new_pos("k8/2G6/1G7/9/9/9/9/9/4K4 w - 1");
    gt_move list[SH_MAX_MOVES];
    ck_assert(!G->in_check(p));
    ck_assert_int_eq(G->generate(p, GT_GEN_ALL, list), 0);
    ck_assert_int_eq(G->no_moves(p), GT_LOSS);
    free(p);
}
END_TEST

START_TEST(test_sennichite_draw)
{
    void *p = new_pos(STARTPOS);
    const char *cycle = "2h1h 8b9b 1h2h 9b8b";
    play_line(p, cycle);
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_ONGOING);  /* 2nd time */
    ck_assert_int_eq(G->rule_outcome(p, 3), GT_ONGOING);
    ck_assert_int_eq(G->rule_outcome(p, 4), GT_DRAW);     /* inside search */
    play_line(p, cycle);
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_ONGOING);  /* 3rd time */
    play_line(p, "2h1h 8b9b 1h2h");
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_ONGOING);
    play(p, "9b8b");
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_DRAW);     /* 4th time */
    free(p);
}
END_TEST

START_TEST(test_perpetual_check)
{
    /* sente's rook checks on every move; gote's king shuffles */
    const char *s = "4k4/9/9/9/4R4/9/9/9/4K4 w - 1";
    const char *cycle = "5a4a 5e4e 4a5a 4e5e";
    void *p = new_pos(s);
    ck_assert(G->in_check(p));
    play_line(p, cycle);
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_ONGOING);
    ck_assert_int_eq(G->rule_outcome(p, 4), GT_WIN);  /* gote to move wins */
    play_line(p, cycle);
    play_line(p, cycle);
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_WIN);
    free(p);

    /* seen from the checking side: sente to move loses */
    p = new_pos(s);
    play_line(p, "5a4a 5e4e 4a5a 4e5e 5a4a");
    ck_assert_int_eq(G->rule_outcome(p, 4), GT_LOSS);
    free(p);

    /* the same shuffle without checks is a plain draw */
    p = new_pos("4k4/9/9/9/9/9/9/9/R3K4 w - 1");
    play_line(p, "5a4a 9i8i 4a5a 8i9i");
    ck_assert_int_eq(G->rule_outcome(p, 4), GT_DRAW);
    free(p);
}
END_TEST

START_TEST(test_null_breaks_repetition)
{
    /* The null move is a boundary of the repetition view: a position seen
     * before the pass is not compared with the ones after it. */
    const char *s = "4k4/9/9/9/9/9/9/9/4K4 b - 1";
    unsigned char undo[MAXU];
    void *p = new_pos(s);
    play_line(p, "5i4h 5a4a 4h4i 4a5a 4i5i");
    G->make_null(p, undo);  /* gote passes: the start position again */
    void *q = new_pos(s);
    ck_assert_uint_eq(G->key(p), G->key(q));
    free(q);
    ck_assert_int_eq(G->rule_outcome(p, 100), GT_ONGOING);
    /* the same walk with a real gote move instead is a repetition */
    G->unmake_null(p, undo);
    play_line(p, "5a4a 5i4i 4a5a 4i5i");
    ck_assert_int_eq(G->rule_outcome(p, 100), GT_DRAW);
    free(p);
    /* after the null, repetitions among the later positions still count */
    p = new_pos(s);
    play(p, "5i4i");
    G->make_null(p, undo);
    play_line(p, "4i5i 5a4a 5i4i 4a5a");
    ck_assert_int_eq(G->rule_outcome(p, 100), GT_DRAW);
    free(p);
}
END_TEST

/* The filter before the repetition scan (shogi.h) counts, per bucket,
 * every key pushed and not yet taken back: along a line of 600 plies
 * (longer than the ring), passes among them, and back again, each count
 * equals a recount of the line's keys. */
static void check_rep_counts(const struct shogi_pos *p, const uint64_t *keys, int n)
{
    static uint16_t want[SH_REP_BUCKETS];
    memset(want, 0, sizeof want);
    for (int i = 0; i < n; i++)
        want[shogi_rep_bucket(keys[i])]++;
    ck_assert_msg(!memcmp(want, p->rep_count, sizeof want), "filter at ply %d", n);
}

START_TEST(test_repetition_filter)
{
    enum { PLIES = 600 };
    static uint64_t keys[PLIES + 1];
    static unsigned char undo[PLIES][MAXU];
    static gt_move line[PLIES];
    gt_move list[SH_MAX_MOVES];
    void *p = new_pos(STARTPOS);
    int n = 0;
    unsigned seed = 12345;
    keys[n] = G->key(p);
    check_rep_counts(p, keys, 1);
    while (n < PLIES) {
        seed = seed * 1103515245u + 12345u;
        int k = G->generate(p, GT_GEN_ALL, list);
        bool pass = !G->in_check(p) && seed >> 28 == 0;
        if (!pass && k == 0) break;
        line[n] = pass ? GT_MOVE_NULL : list[(seed >> 8) % (unsigned)k];
        if (pass) G->make_null(p, undo[n]);
        else G->make(p, line[n], undo[n]);
        keys[++n] = G->key(p);
        check_rep_counts(p, keys, n + 1);
    }
    ck_assert_int_gt(n, 300);
    while (n > 0) {
        n--;
        if (line[n] == GT_MOVE_NULL) G->unmake_null(p, undo[n]);
        else G->unmake(p, line[n], undo[n]);
        ck_assert_uint_eq(G->key(p), keys[n]);
        check_rep_counts(p, keys, n + 1);
    }
    free(p);
}
END_TEST

START_TEST(test_declaration)
{
    const char *win = "RBGGSS3/3GKGSS1/9/9/9/9/9/9/8k b RB 1";  /* 28 points */
    void *p = new_pos(win);
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_WIN);
    G->set_option(p, "EnteringKingRule", "CSARule24");  /* needs 31 */
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_ONGOING);
    G->set_option(p, "EnteringKingRule", "NoEnteringKing");
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_ONGOING);
    G->set_option(p, "EnteringKingRule", "CSARule27");
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_WIN);
    free(p);
    /* 27 points: not enough for sente, enough for gote */
    p = new_pos("RBGGSS3/3GKGSS1/9/9/9/9/9/9/8k b R4P 1");
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_ONGOING);
    free(p);
    p = new_pos("K8/9/9/9/9/9/9/1ssgkg3/3ssggbr w r4p 1");
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_WIN);
    free(p);
    /* 31 points wins under the 24-point rule */
    p = new_pos("RBGGSS3/3GKGSS1/9/9/9/9/9/9/8k b RB3P 1");
    G->set_option(p, "EnteringKingRule", "CSARule24");
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_WIN);
    free(p);
    /* only 9 pieces in the camp */
    p = new_pos("RBGGSS3/3GKGS2/9/9/9/9/9/9/8k b RBS 1");
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_ONGOING);
    free(p);
    /* king outside the camp */
    p = new_pos("RBGGSS3/3G1GSS1/9/4K4/9/9/9/9/8k b RB 1");
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_ONGOING);
    free(p);
    /* in check: no declaration */
    p = new_pos("RBGGSS3/3GKGSS1/4+p4/9/9/9/9/9/8k b RB 1");
    ck_assert(G->in_check(p));
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_ONGOING);
    free(p);
    /* the option is declared as a combo */
    ck_assert_ptr_nonnull(G->options);
    ck_assert_str_eq(G->options[0].name, "EnteringKingRule");
    ck_assert_int_eq(G->options[0].type, GT_OPT_COMBO);
    ck_assert_str_eq(G->options[0].def, "CSARule27");
    ck_assert_ptr_null(G->options[1].name);
}
END_TEST

/* ---- SFEN ------------------------------------------------------------------ */

static void round_trip(const char *in, const char *expect)
{
    void *p = new_pos(in);
    char out[256];
    G->to_text(p, out, sizeof out);
    ck_assert_str_eq(out, expect);
    void *q = new_pos(out);
    ck_assert_uint_eq(G->key(p), G->key(q));
    free(p);
    free(q);
}

START_TEST(test_sfen_round_trip)
{
    struct perft_line lines[16];
    int n = load_perft(lines, 16);
    for (int i = 0; i < n; i++) round_trip(lines[i].sfen, lines[i].sfen);
    round_trip(G->startpos, STARTPOS);
    /* any hand order in, the standard order out; counts >= 10 */
    round_trip("8k/6S2/7G1/9/9/9/9/9/4K4 b PLp 1",
               "8k/6S2/7G1/9/9/9/9/9/4K4 b LPp 1");
    round_trip("4k4/9/9/9/9/9/9/9/4K4 w 12p2PbRG 7",
               "4k4/9/9/9/9/9/9/9/4K4 w RG2Pb12p 7");
    round_trip("sfen 4k4/9/9/9/9/9/9/9/4K4 b - 3", "4k4/9/9/9/9/9/9/9/4K4 b - 3");
    round_trip("4k4/9/9/9/9/9/9/9/4K4 b -", "4k4/9/9/9/9/9/9/9/4K4 b - 1");
    round_trip("4k4/9/9/9/9/9/9/9/4K4 b 2P1p 1", "4k4/9/9/9/9/9/9/9/4K4 b 2Pp 1");
    /* side and hands are part of the key */
    void *a = new_pos("4k4/9/9/9/9/9/9/9/4K4 b - 1");
    void *b = new_pos("4k4/9/9/9/9/9/9/9/4K4 w - 1");
    void *c = new_pos("4k4/9/9/9/9/9/9/9/4K4 b P 1");
    void *d = new_pos("4k4/9/9/9/9/9/9/9/4K4 b p 1");
    ck_assert_uint_ne(G->key(a), G->key(b));
    ck_assert_uint_ne(G->key(a), G->key(c));
    ck_assert_uint_ne(G->key(c), G->key(d));
    free(a); free(b); free(c); free(d);
    /* the bench positions all load */
    int k = 0;
    for (; G->bench_positions[k]; k++) free(new_pos(G->bench_positions[k]));
    ck_assert_int_ge(k, 12);
    ck_assert_int_ge(G->bench_depth, 8);
}
END_TEST

START_TEST(test_sfen_errors)
{
    static const struct { const char *sfen, *err; } cases[] = {
        { "", "empty SFEN" },
        { "   ", "empty SFEN" },
        { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
          "bad piece letter 'X' in rank 9" },
        { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1",
          "rank 9 too long" },
        { "lnsgkgsnl/1r5b1/ppppppppp/91/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
          "rank 4 too long" },
        { "lnsgkgsnl/1r5b1/ppppppppp/8/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
          "rank 4 too short (8 squares)" },
        { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
          "rank 9 too short (8 squares)" },
        { "lnsgkgsnl/1r5b1/ppppppppp/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
          "wrong number of ranks: 8 (need 9)" },
        { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
          "too many ranks (need 9)" },
        { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL b - 1",
          "'G' cannot be promoted" },
        { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+ b - 1",
          "'+' without a piece in rank 9" },
        { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
          "bad side 'x' (need b or w)" },
        { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
          "missing side to move (b or w)" },
        { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b",
          "missing hand ('-' if empty)" },
        { "4k4/9/9/9/9/9/9/9/4K4 b X 1", "bad hand: bad piece letter 'X'" },
        { "4k4/9/9/9/9/9/9/9/4K4 b K 1", "bad hand: a king in hand" },
        { "4k4/9/9/9/9/9/9/9/4K4 b 3 1", "bad hand: count without a piece" },
        { "4k4/9/9/9/9/9/9/9/4K4 b 0P 1", "bad hand: count 0" },
        { "4k4/9/9/9/9/9/9/9/4K4 b 100P 1", "bad hand: count too large" },
        { "4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "bad hand: 19 'P' (max 18)" },
        { "4k4/9/9/9/9/9/9/9/4K4 b 3R 1", "bad hand: 3 'R' (max 2)" },
        { "4k4/9/9/9/9/9/9/9/4K4 b 5G 1", "bad hand: 5 'G' (max 4)" },
        { "4k4/9/9/9/9/9/9/9/4K4 b G2g3g 1", "bad hand: 5 'g' (max 4)" },
        { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1",
          "too many pieces: 41 (max 40)" },
        { "4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1",
          "two unpromoted sente pawns on file 5 (nifu)" },
        { "4k4/9/4p4/9/4p4/9/9/9/4K4 b - 1",
          "two unpromoted gote pawns on file 5 (nifu)" },
        { "P3k4/9/9/9/9/9/9/9/4K4 b - 1", "sente P on 9a can never move" },
        { "4k4/9/9/9/9/9/9/9/4K3l b - 1", "gote L on 1i can never move" },
        { "4k4/1N7/9/9/9/9/9/9/4K4 b - 1", "sente N on 8b can never move" },
        { "4k4/9/9/9/9/9/9/9/9 w - 1",
          "sente (the side not to move) has no king: only the attacker may lack one" },
        { "9/9/9/9/9/9/9/9/4K4 b - 1",
          "gote (the side not to move) has no king: only the attacker may lack one" },
        { "4k4/9/9/9/9/9/9/9/3KK4 b - 1", "sente has 2 kings" },
        { "4k4/9/9/9/4R4/9/9/9/4K4 b - 1", "gote, not to move, is in check" },
        { "4k4/9/9/9/9/9/9/9/4K4 b - 0", "bad move number '0'" },
        { "4k4/9/9/9/9/9/9/9/4K4 b - x1", "bad move number 'x1'" },
        { "4k4/9/9/9/9/9/9/9/4K4 b - 99999999999999", "bad move number '999999999999'" },
        { "4k4/9/9/9/9/9/9/9/4K4 b - 1 junk", "trailing text 'junk'" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_assert_str_eq(sfen_error(cases[i].sfen), cases[i].err);
    }
    /* NULL text and tiny error buffers never crash */
    void *p = malloc(G->pos_size);
    char err[4];
    ck_assert_int_eq(G->from_text(p, NULL, err, sizeof err), -1);
    ck_assert_int_eq(G->from_text(p, "junk", err, sizeof err), -1);
    ck_assert_int_eq(strlen(err), 3);
    ck_assert_int_eq(G->from_text(p, "junk", NULL, 0), -1);
    free(p);
}
END_TEST

/* ---- draw (the protocol's d) ------------------------------------------------ */

START_TEST(test_draw)
{
    char buf[1024];
    void *p = new_pos(STARTPOS);
    ck_assert_ptr_nonnull(G->draw);
    G->draw(p, buf, sizeof buf);
    ck_assert_str_eq(buf,
                     "gote hand: -\n"
                     " 9  8  7  6  5  4  3  2  1\n"
                     " l  n  s  g  k  g  s  n  l  a\n"
                     " .  r  .  .  .  .  .  b  .  b\n"
                     " p  p  p  p  p  p  p  p  p  c\n"
                     " .  .  .  .  .  .  .  .  .  d\n"
                     " .  .  .  .  .  .  .  .  .  e\n"
                     " .  .  .  .  .  .  .  .  .  f\n"
                     " P  P  P  P  P  P  P  P  P  g\n"
                     " .  B  .  .  .  .  .  R  .  h\n"
                     " L  N  S  G  K  G  S  N  L  i\n"
                     "sente hand: -\n"
                     "side to move: sente\n"
                     "sfen: " STARTPOS);
    free(p);
    /* Hands, promoted pieces, gote to move. */
    const char *matsuri = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL"
                          " w RG2Pgsn3p 1";
    p = new_pos(matsuri);
    G->draw(p, buf, sizeof buf);
    ck_assert_str_eq(buf,
                     "gote hand: g s n 3p\n"
                     " 9  8  7  6  5  4  3  2  1\n"
                     " l  .  .  .  .  .  .  n  l  a\n"
                     " .  .  .  .  . +P  .  g  k  b\n"
                     " .  .  n  p  .  S  .  .  .  c\n"
                     " p  .  p  .  .  .  .  P  p  d\n"
                     " .  .  .  P  .  .  S  p  .  e\n"
                     " .  P  P  b  .  .  P  .  P  f\n"
                     " P  .  .  .  .  .  G  S  .  g\n"
                     " R  .  .  .  .  .  .  .  .  h\n"
                     " L  N  .  .  .  .  b  K  L  i\n"
                     "sente hand: R G 2P\n"
                     "side to move: gote\n"
                     "sfen: l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL"
                     " w RG2Pgsn3p 1");
    /* A short buffer gets whole lines; none at all is left alone. */
    G->draw(p, buf, 60);
    ck_assert_str_eq(buf, "gote hand: g s n 3p\n 9  8  7  6  5  4  3  2  1");
    G->draw(p, buf, 1);
    ck_assert_str_eq(buf, "");
    G->draw(p, NULL, 0);
    free(p);
}
END_TEST

/* ---- USI move text ---------------------------------------------------------- */

START_TEST(test_usi_moves)
{
    void *p = new_pos(STARTPOS);
    char buf[32], err[128];
    gt_move m = parse(p, "7g7f");
    G->move_to_text(p, m, buf, sizeof buf);
    ck_assert_str_eq(buf, "7g7f");
    ck_assert_uint_eq(G->move_from_text(p, "7g7e", err, sizeof err), GT_MOVE_NONE);
    ck_assert_str_eq(err, "illegal move 7g7e");
    ck_assert_uint_eq(G->move_from_text(p, "x*5e", err, sizeof err), GT_MOVE_NONE);
    ck_assert_str_eq(err, "bad move text 'x*5e'");
    ck_assert_uint_eq(G->move_from_text(p, "P*5e", err, sizeof err), GT_MOVE_NONE);
    ck_assert_str_eq(err, "illegal move P*5e");  /* nothing in hand */
    static const char *const bad[] = { "", "7g", "7g7f++", "7g7f=", "0a1b",
                                       "7j7f", "7g7g", "K*5e", "P*5j", "p*5e",
                                       "7g7f ", "resign" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char want[64];
        snprintf(want, sizeof want, "bad move text '%s'", bad[i]);
        ck_assert_uint_eq(G->move_from_text(p, bad[i], err, sizeof err),
                          GT_MOVE_NONE);
        ck_assert_str_eq(err, want);
    }
    ck_assert_uint_eq(G->move_from_text(p, "7g7f7g7f7g7f7g7f7g7f", err, sizeof err),
                      GT_MOVE_NONE);
    ck_assert_str_eq(err, "bad move text '7g7f7g7f7g7f7g7...'");
    ck_assert_uint_eq(G->move_from_text(p, NULL, err, sizeof err), GT_MOVE_NONE);
    play_line(p, "7g7f 3c3d");
    m = parse(p, "8h2b+");
    G->move_to_text(p, m, buf, sizeof buf);
    ck_assert_str_eq(buf, "8h2b+");
    ck_assert(G->is_noisy(p, m));
    gt_move plain = parse(p, "8h2b");
    ck_assert_uint_ne(m, plain);
    play_line(p, "8h2b+ 3a2b");
    m = parse(p, "B*5e");
    G->move_to_text(p, m, buf, sizeof buf);
    ck_assert_str_eq(buf, "B*5e");
    ck_assert(!G->is_noisy(p, m));
    /* every generated move prints and parses back to itself */
    gt_move list[SH_MAX_MOVES];
    int n = G->generate(p, GT_GEN_ALL, list);
    for (int i = 0; i < n; i++) {
        G->move_to_text(p, list[i], buf, sizeof buf);
        ck_assert_uint_eq(parse(p, buf), list[i]);
    }
    free(p);
}
END_TEST

/* ---- checks, legality, tactical hooks ---------------------------------------- */

static int cmp_move(const void *a, const void *b)
{
    gt_move x = *(const gt_move *)a, y = *(const gt_move *)b;
    return x < y ? -1 : x > y;
}

/* At every node to `depth`: gives_check == make + in_check, and
 * GT_GEN_CHECKS == the checking subset of GT_GEN_ALL. */
static void walk_checks(void *p, int depth, long *nodes)
{
    gt_move all[SH_MAX_MOVES], checks[SH_MAX_MOVES], expect[SH_MAX_MOVES];
    unsigned char undo[MAXU];
    int n = G->generate(p, GT_GEN_ALL, all), e = 0;
    for (int i = 0; i < n; i++) {
        G->make(p, all[i], undo);
        bool chk = G->in_check(p);
        if (depth > 1) walk_checks(p, depth - 1, nodes);
        G->unmake(p, all[i], undo);
        ck_assert_int_eq(G->gives_check(p, all[i]), chk);
        if (chk) expect[e++] = all[i];
    }
    int c = G->generate(p, GT_GEN_CHECKS, checks);
    ck_assert_int_eq(c, e);
    qsort(checks, (size_t)c, sizeof *checks, cmp_move);
    qsort(expect, (size_t)e, sizeof *expect, cmp_move);
    ck_assert(memcmp(checks, expect, (size_t)e * sizeof *expect) == 0);
    (*nodes)++;
}

START_TEST(test_checks_generation)
{
    struct perft_line lines[16];
    int n = load_perft(lines, 16);
    long nodes = 0;
    for (int i = 0; i < n; i++) {
        void *p = new_pos(lines[i].sfen);
        walk_checks(p, 2, &nodes);
        free(p);
    }
    ck_assert_int_gt(nodes, 1000);
}
END_TEST

/* is_legal accepts exactly the generated moves among all 2^18 codes that
 * the encoding can hold, and nothing with a higher bit. */
static void check_is_legal_exact(void *p, bool every_code)
{
    gt_move list[SH_MAX_MOVES];
    int n = G->generate(p, GT_GEN_ALL, list), accepted = 0;
    for (gt_move m = 1; every_code && m < (1u << 18); m++) {
        if (G->is_legal(p, m)) {
            accepted++;
            ck_assert_msg(in_list(list, n, m), "is_legal accepts %x", m);
        }
    }
    if (every_code) ck_assert_int_eq(accepted, n);
    for (int i = 0; i < n; i++) {
        ck_assert(G->is_legal(p, list[i]));
        ck_assert(!G->is_legal(p, list[i] | 0x40000u));
        ck_assert(!G->is_legal(p, list[i] | 0x80000000u));
    }
    ck_assert(!G->is_legal(p, GT_MOVE_NONE));
    ck_assert(!G->is_legal(p, GT_MOVE_NULL));
    uint32_t x = 12345;
    for (int i = 0; i < 20000; i++) {
        x = x * 1103515245u + 12345u;
        gt_move m = (x ^ (x >> 7)) & (i & 1 ? 0x3FFFFu : 0xFFFFFFFFu);
        ck_assert_int_eq(G->is_legal(p, m), in_list(list, n, m));
    }
}

START_TEST(test_is_legal)
{
    struct perft_line lines[16];
    int n = load_perft(lines, 16);
    unsigned char undo[MAXU];
    for (int i = 0; i < n; i++) {
        void *p = new_pos(lines[i].sfen);
        check_is_legal_exact(p, true);
        gt_move list[SH_MAX_MOVES];
        int k = G->generate(p, GT_GEN_ALL, list);
        /* a few children, including ones in check */
        for (int j = 0; j < k; j += k / 3 + 1) {
            G->make(p, list[j], undo);
            check_is_legal_exact(p, j == 0);
            G->unmake(p, list[j], undo);
        }
        free(p);
    }
    /* in check with drops that must block */
    void *p = new_pos("4k4/9/9/9/4R4/9/9/9/4K4 w GSp 1");
    check_is_legal_exact(p, true);
    free(p);
    /* unreachable but accepted (ten rooks): more moves than any real game
     * has, all within max_moves */
    p = new_pos("8k/9/3R5/2R6/1R4R2/R4R3/4R4/3R5/2R4K1 b RBGSNLP 1");
    gt_move list[SH_MAX_MOVES];
    ck_assert_int_gt(G->generate(p, GT_GEN_ALL, list), 600);
    ck_assert_int_eq(G->max_moves, SH_MAX_MOVES);
    check_is_legal_exact(p, true);
    free(p);
}
END_TEST

/* A compiled-in board value of the evaluation (what SEE counts). */
static int board_value(const char *name)
{
    for (const struct gt_param *q = G->eval_params; q->name; q++)
        if (!strcmp(q->name, name)) {
            ck_assert_int_gt(q->value, 0);
            return q->value;
        }
    ck_abort_msg("no weight %s", name);
    return 0;
}

START_TEST(test_tactical_hooks)
{
    void *p = new_pos("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
    gt_move all[SH_MAX_MOVES], tac[SH_MAX_MOVES];
    int n = G->generate(p, GT_GEN_ALL, all);
    int t = G->generate(p, GT_GEN_NOISY, tac), expect = 0;
    for (int i = 0; i < n; i++) {
        unsigned idx = G->move_index(p, all[i]);
        ck_assert_uint_lt(idx, G->move_index_count);
        if (G->is_noisy(p, all[i])) {
            expect++;
            ck_assert(in_list(tac, t, all[i]));
        }
    }
    ck_assert_int_eq(t, expect);
    ck_assert_int_gt(t, 5);
    free(p);

    /* MVV-LVA: pawn takes rook before rook takes pawn */
    p = new_pos("4k4/9/9/4r4/4P3p/9/9/8R/4K4 b - 1");
    gt_move pxr = parse(p, "5e5d"), rxp = parse(p, "1h1e");
    ck_assert_int_gt(G->noisy_order(p, pxr), G->noisy_order(p, rxp));
    /* SEE: the free rook wins a rook's worth; the pawn is defended by
     * nothing, so taking it wins a pawn (SEE counts the compiled-in board
     * values) */
    int pawn = board_value("board_pawn");
    ck_assert(G->see_ge(p, pxr, 500));
    ck_assert(G->see_ge(p, rxp, pawn));
    ck_assert(!G->see_ge(p, rxp, pawn + 1));
    free(p);
    /* a rook taking a defended pawn loses material */
    p = new_pos("4k4/9/9/9/7gp/9/9/8R/4K4 b - 1");
    gt_move bad = parse(p, "1h1e");
    ck_assert(!G->see_ge(p, bad, 0));
    ck_assert(G->see_ge(p, bad, -1000));
    free(p);
}
END_TEST

/* The exchange evaluator's exact answers: see_ge(v) holds and
 * see_ge(v + 1) does not, v being what the exchange wins. */
static void see_exactly(const char *sfen, const char *usi, int v)
{
    void *p = new_pos(sfen);
    gt_move m = parse(p, usi);
    ck_assert_msg(G->see_ge(p, m, v), "%s %s >= %d", sfen, usi, v);
    ck_assert_msg(!G->see_ge(p, m, v + 1), "%s %s < %d", sfen, usi, v + 1);
    free(p);
}

START_TEST(test_see_exchanges)
{
    int pawn = board_value("board_pawn"), silver = board_value("board_silver");
    int rook = board_value("board_rook"), dragon = board_value("board_dragon");
    /* Rook takes a pawn the silver defends; the lance behind the rook
     * takes the silver back through the square the rook left (x-ray). */
    see_exactly("k8/9/7s1/8p/9/9/9/8R/K7L b - 1", "1h1d", pawn - rook + silver);
    /* Without the lance the rook is simply lost. */
    see_exactly("k8/9/7s1/8p/9/9/9/8R/K8 b - 1", "1h1d", pawn - rook);
    /* A king takes back only what nothing defends. */
    see_exactly("9/9/4k4/4p4/9/9/9/4R4/K8 b - 1", "5h5d", pawn - rook);
    see_exactly("9/9/4k4/4p4/9/9/9/4R4/K3L4 b - 1", "5h5d", pawn);
    /* A promotion counts as a gain: the rook promotes as it takes. */
    see_exactly("k8/9/8p/9/9/9/9/8R/K8 b - 1", "1h1c+", pawn + dragon - rook);
    /* A drop wins nothing and loses the piece if attacked. */
    see_exactly("k8/9/7s1/9/9/9/9/9/K8 b P 1", "P*1d", -pawn);
    see_exactly("k8/9/9/9/9/9/9/9/K8 b P 1", "P*1d", 0);
}
END_TEST

/* The exchange worked out the long way, as a reference: a copy of the
 * board, the least valuable attacker of each side in turn (the first of
 * equals in shogi_attackers' order), the whole list of gains, then the
 * minimax back up it.  A king takes only where nothing takes it back. */
static int see_value_of(int pc)
{
    return SH_TYPE(pc) == SH_KING ? 50000 : shogi_piece_value(pc);
}

static int cheapest(const uint8_t *b, int to, int side)
{
    uint8_t from[16];
    int n = shogi_attackers(b, to, side, from, 16), best = -1, bv = 1 << 30;
    for (int i = 0; i < n; i++)
        if (see_value_of(b[from[i]]) < bv) {
            bv = see_value_of(b[from[i]]);
            best = from[i];
        }
    return best;
}

static int see_long_way(const struct shogi_pos *p, gt_move m)
{
    uint8_t b[SH_CELLS];
    int gains[48], d = 0, to = SH_MOVE_TO(m), mover;
    memcpy(b, p->board, sizeof b);
    if (m & SH_MOVE_DROP) {
        mover = SH_PIECE(p->side, SH_MOVE_FROM(m));
        gains[0] = 0;
    } else {
        int from = SH_MOVE_FROM(m);
        mover = b[from];
        gains[0] = b[to] ? shogi_piece_value(b[to]) : 0;
        if (m & SH_MOVE_PROMO) {
            gains[0] += shogi_piece_value(mover + SH_PROMOTE) - shogi_piece_value(mover);
            mover += SH_PROMOTE;
        }
        b[from] = SH_EMPTY;
    }
    b[to] = (uint8_t)mover;
    for (int side = p->side ^ 1;; side ^= 1) {
        int a = cheapest(b, to, side);
        if (a < 0) break;
        int on_to = b[to];
        b[to] = b[a];
        b[a] = SH_EMPTY;
        if (SH_TYPE(b[to]) == SH_KING && cheapest(b, to, side ^ 1) >= 0) break;
        d++;
        gains[d] = see_value_of(on_to) - gains[d - 1];
    }
    for (; d > 0; d--)  /* each side may stop instead of taking */
        if (-gains[d] < gains[d - 1]) gains[d - 1] = -gains[d];
    return gains[0];
}

static long see_walk(void *p, int depth)
{
    gt_move list[SH_MAX_MOVES];
    unsigned char undo[MAXU];
    static const int fixed[] = { -3000, -1000, -1, 0, 1, 200, 1000, 3000 };
    long asked = 0;
    int n = G->generate(p, GT_GEN_ALL, list);
    for (int i = 0; i < n; i++) {
        int v = see_long_way(p, list[i]);
        for (int k = -1; k < 8 + 2; k++) {
            int t = k < 0 ? v : k < 8 ? fixed[k] : v + (k == 8 ? 1 : -1);
            if (G->see_ge(p, list[i], t) != (v >= t)) {
                char sfen[256];
                G->to_text(p, sfen, sizeof sfen);
                ck_abort_msg("see_ge(%x, %d) against %d: %s", list[i], t, v, sfen);
            }
            asked++;
        }
    }
    if (depth > 1)
        for (int i = 0; i < n; i += 3) {
            G->make(p, list[i], undo);
            asked += see_walk(p, depth - 1);
            G->unmake(p, list[i], undo);
        }
    return asked;
}

/* see_ge answers as the long way at every move of a walk from each
 * perft position, at thresholds around the exchange's value and beyond. */
/* A slider's mobility (shogi_reach: by lines and a table where the
 * processor has PEXT, by sets where not) against a walk on the board, for
 * random occupancies, every square and every set of slide directions a
 * piece has, and each direction alone. */
START_TEST(test_reach_walked)
{
    static const unsigned sets[] = { 0x0F, 0xF0, 0x01, 0x02, 0x04, 0x08,
                                     0x10, 0x20, 0x40, 0x80, 0xFF };
    uint64_t seed = 99;
    for (int round = 0; round < 120; round++) {
        shogi_bb all = 0;
        for (int sq = SH_BIT0; sq < SH_CELLS; sq++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            if ((int)(seed >> 58) < (round % 2 ? 12 : 40))  /* sparse, dense */
                all |= SH_BIT(sq);
        }
        all &= shogi_board_bb;
        for (int sq = SH_BIT0; sq < SH_CELLS; sq++) {
            if (!(shogi_board_bb & SH_BIT(sq))) continue;
            shogi_bb with = all | SH_BIT(sq);  /* the slider stands there */
            for (size_t i = 0; i < sizeof sets / sizeof *sets; i++) {
                int want = 0;
                for (int d = 0; d < 8; d++) {
                    if (!(sets[i] >> d & 1)) continue;
                    for (int t = sq + shogi_dir_offset[d];
                         t >= SH_BIT0 && t < SH_CELLS && (shogi_board_bb & SH_BIT(t)) &&
                         !(with & SH_BIT(t));
                         t += shogi_dir_offset[d])
                        want++;
                }
                ck_assert_msg(shogi_reach(sq, sets[i], with) == want,
                              "reach of %#x from %d: %d, walked %d", sets[i], sq,
                              shogi_reach(sq, sets[i], with), want);
            }
        }
    }
}
END_TEST

START_TEST(test_see_long_way)
{
    struct perft_line lines[16];
    int n = load_perft(lines, 16);
    long asked = 0;
    for (int i = 0; i < n; i++) {
        void *p = new_pos(lines[i].sfen);
        asked += see_walk(p, 3);
        free(p);
    }
    ck_assert_int_gt(asked, 1000000);
}
END_TEST

/* ---- null move ---------------------------------------------------------------- */

START_TEST(test_null_move)
{
    void *p = new_pos("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL b RGgsn5p 1");
    unsigned char undo[MAXU];
    char before[256], after[256];
    G->to_text(p, before, sizeof before);
    uint64_t key = G->key(p);
    G->make_null(p, undo);
    ck_assert_int_eq(G->side(p), 1);
    ck_assert_uint_ne(G->key(p), key);
    ck_assert(!G->in_check(p));
    G->to_text(p, after, sizeof after);
    void *q = new_pos(after);
    ck_assert_uint_eq(G->key(q), G->key(p));  /* key matches the text */
    free(q);
    G->unmake_null(p, undo);
    G->to_text(p, after, sizeof after);
    ck_assert_str_eq(before, after);
    ck_assert_uint_eq(G->key(p), key);
    ck_assert_int_eq(G->side(p), 0);
    free(p);

    /* null_ok: not with king and pawns only on the board (pieces in hand do
     * not count), not when the opponent can drop on a broken king */
    p = new_pos(STARTPOS);
    ck_assert(G->null_ok(p));
    ck_assert_int_eq(G->zugzwang_risk(p), GT_RISK_LOW);
    free(p);
    p = new_pos("4k4/9/9/9/9/9/PPPPPPPPP/9/4K4 b RB2G 1");
    ck_assert(!G->null_ok(p));
    free(p);
    p = new_pos("8k/9/9/9/9/1+r7/g8/9/K8 b 2b4s 1");
    ck_assert(!G->null_ok(p));
    ck_assert_int_eq(G->zugzwang_risk(p), GT_RISK_HIGH);
    free(p);
    /* boxed in by its own castle, nothing attacked: passing is fine */
    p = new_pos("8k/9/9/9/9/9/9/SG7/KNG6 b 2b4p 1");
    ck_assert(G->null_ok(p));
    ck_assert_int_eq(G->zugzwang_risk(p), GT_RISK_LOW);
    free(p);
    /* the same box with one square around the king attacked and drops in
     * the opponent's hand: no pass, but not yet a mating net */
    p = new_pos("8k/9/9/9/9/9/b8/SG7/KNG6 b b4p 1");
    ck_assert(!G->null_ok(p));
    ck_assert_int_eq(G->zugzwang_risk(p), GT_RISK_LOW);
    free(p);
}
END_TEST

/* The same position seen from the other side: board turned 180 degrees,
 * colours swapped, hands swapped, the other side to move. */
static void flip_sfen(const char *in, char *out, size_t len)
{
    char cells[81][3], board[128], side, hand[64];
    unsigned num = 1;
    ck_assert_int_ge(sscanf(in, "%127s %c %63s %u", board, &side, hand, &num), 3);
    int n = 0;
    for (const char *c = board; *c; c++) {
        if (*c == '/') continue;
        if (*c >= '1' && *c <= '9') {
            for (int k = 0; k < *c - '0'; k++) cells[n++][0] = 0;
            continue;
        }
        int i = 0;
        if (*c == '+') cells[n][i++] = *c++;
        cells[n][i++] = (char)(*c ^ 32);  /* swap case */
        cells[n++][i] = 0;
    }
    ck_assert_int_eq(n, 81);
    size_t o = 0;
    for (int r = 0; r < 9; r++) {
        int empty = 0;
        for (int f = 0; f < 9; f++) {
            const char *cell = cells[80 - (r * 9 + f)];
            if (!cell[0]) { empty++; continue; }
            if (empty) o += (size_t)snprintf(out + o, len - o, "%d", empty);
            empty = 0;
            o += (size_t)snprintf(out + o, len - o, "%s", cell);
        }
        if (empty) o += (size_t)snprintf(out + o, len - o, "%d", empty);
        if (r < 8) out[o++] = '/';
    }
    for (char *h = hand; *h; h++)
        if ((*h >= 'a' && *h <= 'z') || (*h >= 'A' && *h <= 'Z')) *h ^= 32;
    snprintf(out + o, len - o, " %c %s %u", side == 'b' ? 'w' : 'b', hand, num);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The input features of a, seen by each side, are those of its mirror b
 * seen by the other: each side sees its own camp at the bottom. */
static void check_mirror_features(const void *a, const void *b, const char *sfen)
{
    const struct gt_features *f = G->features;
    uint32_t *x = malloc(sizeof *x * (size_t)f->max_active);
    uint32_t *y = malloc(sizeof *y * (size_t)f->max_active);
    ck_assert(x && y);
    for (int c = 0; c < 2; c++) {
        int nx = f->active(a, c, x), ny = f->active(b, c ^ 1, y);
        qsort(x, (size_t)nx, sizeof *x, cmp_u32);
        qsort(y, (size_t)ny, sizeof *y, cmp_u32);
        if (nx != ny || memcmp(x, y, sizeof *x * (size_t)nx))
            ck_abort_msg("features of side %d differ from the mirror's: %s", c, sfen);
    }
    free(x);
    free(y);
}

START_TEST(test_colour_symmetry)
{
    struct perft_line lines[16];
    int n = load_perft(lines, 16);
    for (int i = 0; i < n; i++) {
        char flipped[256];
        flip_sfen(lines[i].sfen, flipped, sizeof flipped);
        void *a = new_pos(lines[i].sfen), *b = new_pos(flipped);
        for (int d = 1; d <= 3 && d <= lines[i].depths &&
                        lines[i].count[d - 1] <= 2000000; d++)
            ck_assert_msg(perft(b, d) == lines[i].count[d - 1], "%s d%d", flipped, d);
        ck_assert_int_eq(G->evaluate(a, NULL), G->evaluate(b, NULL));
        check_mirror_features(a, b, lines[i].sfen);
        free(a);
        free(b);
    }
    for (int i = 0; G->bench_positions[i]; i++) {
        char flipped[256];
        flip_sfen(G->bench_positions[i], flipped, sizeof flipped);
        void *a = new_pos(G->bench_positions[i]), *b = new_pos(flipped);
        ck_assert_int_eq(G->evaluate(a, NULL), G->evaluate(b, NULL));
        ck_assert_int_eq(perft(a, 2), perft(b, 2));
        ck_assert_int_eq(G->null_ok(a), G->null_ok(b));
        ck_assert_int_eq(G->zugzwang_risk(a), G->zugzwang_risk(b));
        check_mirror_features(a, b, G->bench_positions[i]);
        free(a);
        free(b);
    }
    /* and along random games from them, captures and drops included */
    uint64_t rng = 5;
    for (int i = 0; G->bench_positions[i]; i++) {
        void *a = new_pos(G->bench_positions[i]);
        gt_move list[SH_MAX_MOVES];
        unsigned char undo[MAXU];
        for (int ply = 0; ply < 40; ply++) {
            int moves = G->generate(a, GT_GEN_ALL, list);
            if (moves == 0) break;
            rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
            G->make(a, list[(rng >> 33) % (uint64_t)moves], undo);
            char text[256], flipped[256];
            G->to_text(a, text, sizeof text);
            flip_sfen(text, flipped, sizeof flipped);
            void *b = new_pos(flipped);
            check_mirror_features(a, b, text);
            free(b);
        }
        free(a);
    }
}
END_TEST

/* The position with its files reversed: each rank of the SFEN read right
 * to left, the hands and the side as they are. */
static void mirror_sfen(const char *in, char *out, size_t len)
{
    char board[128], rest[128] = "";
    ck_assert_int_eq(sscanf(in, "%127s %127[^\n]", board, rest), 2);
    size_t o = 0;
    for (char *rank = strtok(board, "/"); rank; rank = strtok(NULL, "/")) {
        char cells[9][3] = {{0}};
        int n = 0;
        for (const char *c = rank; *c; c++) {
            if (*c >= '1' && *c <= '9') {
                n += *c - '0';
                continue;
            }
            int i = 0;
            if (*c == '+') cells[n][i++] = *c++;
            cells[n++][i] = *c;
        }
        ck_assert_int_eq(n, 9);
        int empty = 0;
        for (int f = 8; f >= 0; f--) {
            if (!cells[f][0]) { empty++; continue; }
            if (empty) o += (size_t)snprintf(out + o, len - o, "%d", empty);
            empty = 0;
            o += (size_t)snprintf(out + o, len - o, "%s", cells[f]);
        }
        if (empty) o += (size_t)snprintf(out + o, len - o, "%d", empty);
        out[o++] = '/';
    }
    snprintf(out + o - 1, len - o + 1, " %s", rest);
}

/* The one symmetry, turn, reverses the files: along random games with
 * captures, promotions and drops it gives the mirrored SFEN, the same
 * game (perft, check) for the same side; and turned twice, the position. */
START_TEST(test_turn)
{
    const struct gt_features *f = G->features;
    ck_assert_int_eq(f->symmetries, 1);
    uint64_t rng = 11;
    long compared = 0;
    void *b = malloc(G->pos_size), *c = malloc(G->pos_size);
    ck_assert(b && c);
    for (int i = 0; G->bench_positions[i]; i++) {
        void *a = new_pos(G->bench_positions[i]);
        gt_move list[SH_MAX_MOVES];
        unsigned char undo[MAXU];
        for (int ply = 0; ply < 60; ply++) {
            char text[256], mirrored[256], turned[256], back[256];
            G->to_text(a, text, sizeof text);
            mirror_sfen(text, mirrored, sizeof mirrored);
            f->turn(a, 1, b);
            G->to_text(b, turned, sizeof turned);
            ck_assert_str_eq(turned, mirrored);
            f->turn(b, 1, c);
            G->to_text(c, back, sizeof back);
            ck_assert_str_eq(back, text);
            ck_assert_int_eq(G->in_check(a), G->in_check(b));
            if (ply % 20 == 0)
                ck_assert_msg(perft(a, 2) == perft(b, 2), "%s", text);
            compared++;
            int moves = G->generate(a, GT_GEN_ALL, list);
            if (moves == 0) break;
            rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
            G->make(a, list[(rng >> 33) % (uint64_t)moves], undo);
        }
        free(a);
    }
    ck_assert_int_gt(compared, 100);
    free(b);
    free(c);
}
END_TEST

/* ---- evaluation and mates -------------------------------------------------- */

START_TEST(test_evaluate)
{
    for (int i = 0; G->bench_positions[i]; i++) {
        void *p = new_pos(G->bench_positions[i]);
        int v = G->evaluate(p, NULL);
        ck_assert_int_lt(v, GT_EVAL_MAX);
        ck_assert_int_gt(v, -GT_EVAL_MAX);
        free(p);
    }
    /* a rook up is clearly better, for either side to move */
    void *a = new_pos("4k4/9/9/9/9/9/9/9/R3K4 b - 1");
    void *b = new_pos("4k4/9/9/9/9/9/9/9/R3K4 w - 1");
    ck_assert_int_gt(G->evaluate(a, NULL), 400);
    ck_assert_int_lt(G->evaluate(b, NULL), -400);
    free(a);
    free(b);
    ck_assert_int_eq(G->eval_unit, 100);
}
END_TEST

/* mates.epd: for the mate-in-one lines, the moves after which the defender
 * has no legal move are exactly the listed ones. */
START_TEST(test_mate_in_one)
{
    FILE *f = fopen(TEST_DATA_DIR "/shogi/mates.epd", "r");
    ck_assert_ptr_nonnull(f);
    char line[1024];
    int tested = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || !strstr(line, " dm 1;")) continue;
        char *dm = strstr(line, " dm 1;");
        char *bm = strstr(line, "bm ");
        ck_assert_ptr_nonnull(bm);
        *dm = 0;
        char *end = strchr(bm, ';');
        *end = 0;
        void *p = new_pos(line);
        gt_move checks[SH_MAX_MOVES], reply[SH_MAX_MOVES], mates[SH_MAX_MOVES];
        unsigned char undo[MAXU];
        int n = G->generate(p, GT_GEN_CHECKS, checks), k = 0;
        for (int i = 0; i < n; i++) {
            G->make(p, checks[i], undo);
            if (G->generate(p, GT_GEN_ALL, reply) == 0) mates[k++] = checks[i];
            G->unmake(p, checks[i], undo);
        }
        int listed = 0;
        char *save = NULL;
        for (char *t = strtok_r(bm + 3, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
            ck_assert_msg(in_list(mates, k, parse(p, t)), "%s: %s", line, t);
            listed++;
        }
        ck_assert_int_eq(k, listed);
        free(p);
        tested++;
    }
    fclose(f);
    ck_assert_int_ge(tested, 4);
}
END_TEST

/* Brute force: the checks of p after which the defender has no move; *hard
 * counts those the mate_in_one hook must find, the ones no drop can block
 * (the checker next to the king or a knight's jump away) but pawn drops. */
static int brute_mates(void *p, gt_move *mates, int *must)
{
    const struct shogi_pos *sp = p;
    gt_move checks[SH_MAX_MOVES], reply[SH_MAX_MOVES];
    unsigned char undo[MAXU];
    int n = G->generate(p, GT_GEN_CHECKS, checks), k = 0, king = sp->king[sp->side ^ 1];
    *must = 0;
    for (int i = 0; i < n; i++) {
        G->make(p, checks[i], undo);
        bool mate = G->generate(p, GT_GEN_ALL, reply) == 0;
        G->unmake(p, checks[i], undo);
        if (!mate) continue;
        mates[k++] = checks[i];
        int to = SH_MOVE_TO(checks[i]);
        int df = abs(SH_FILE(to) - SH_FILE(king)), dr = abs(SH_RANK(to) - SH_RANK(king));
        bool pawn_drop = (checks[i] & SH_MOVE_DROP) && SH_MOVE_FROM(checks[i]) == SH_PAWN;
        if (!pawn_drop && ((df <= 1 && dr <= 1) || (df == 1 && dr == 2))) (*must)++;
    }
    return k;
}

/* The hook's answer is a mate, and it answers wherever a mate it is meant
 * to see exists. */
static void check_mate_hook(void *p, int *found, int *positions)
{
    if (G->in_check(p)) {
        ck_assert_int_eq(G->mate_in_one(p), GT_MOVE_NONE);
        return;
    }
    gt_move mates[SH_MAX_MOVES];
    int must, k = brute_mates(p, mates, &must);
    gt_move m = G->mate_in_one(p);
    char text[64];
    G->to_text(p, text, sizeof text);
    if (m != GT_MOVE_NONE) {
        ck_assert_msg(in_list(mates, k, m), "%s: %x is no mate", text, m);
        (*found)++;
    } else
        ck_assert_msg(must == 0, "%s: a mate missed", text);
    (*positions)++;
}

/* mates.epd and the positions two plies into its lines (a check and each
 * reply), where mates in one abound. */
START_TEST(test_mate_in_one_hook)
{
    FILE *f = fopen(TEST_DATA_DIR "/shogi/mates.epd", "r");
    ck_assert_ptr_nonnull(f);
    char line[1024];
    int found = 0, positions = 0;
    while (fgets(line, sizeof line, f)) {
        char *dm = strstr(line, " dm ");
        if (line[0] == '#' || !dm) continue;
        *dm = 0;
        void *p = new_pos(line);
        check_mate_hook(p, &found, &positions);
        gt_move checks[SH_MAX_MOVES], replies[SH_MAX_MOVES];
        unsigned char u1[MAXU], u2[MAXU];
        int n = G->generate(p, GT_GEN_CHECKS, checks);
        for (int i = 0; i < n; i++) {
            G->make(p, checks[i], u1);
            int r = G->generate(p, GT_GEN_ALL, replies);
            for (int j = 0; j < r; j++) {
                G->make(p, replies[j], u2);
                check_mate_hook(p, &found, &positions);
                G->unmake(p, replies[j], u2);
            }
            G->unmake(p, checks[i], u1);
        }
        free(p);
    }
    fclose(f);
    ck_assert_int_gt(positions, 400);
    ck_assert_int_gt(found, 50);
}
END_TEST

/* A knight's check that mates only because leaving its square opens the
 * lance's file onto the king's one flight square (1b): the mate in one's
 * early rejection must see that the line through the origin may reach
 * it, and the defender's answers (the gold takes the knight) fail
 * against the double check. */
START_TEST(test_mate_in_one_discovered)
{
    void *p = new_pos("7pk/7g1/9/9/8N/9/9/9/4K3L b - 1");
    ck_assert_int_eq(G->mate_in_one(p), parse(p, "1e2c"));
    free(p);
}
END_TEST

START_TEST(test_module_table)
{
    ck_assert_int_eq(G->abi_version, GT_ABI_VERSION);
    ck_assert_str_eq(G->name, "shogi");
    ck_assert_int_eq(G->dialect, GT_USI);
    ck_assert_int_ge(G->max_moves, 593);
    ck_assert_uint_le(G->undo_size, MAXU);
    ck_assert_ptr_nonnull(G->make_null);
    ck_assert_ptr_nonnull(G->unmake_null);
    void *p = new_pos("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1");
    gt_move list[SH_MAX_MOVES];
    ck_assert_int_eq(G->generate(p, GT_GEN_ALL, list), 593);
    free(p);
}
END_TEST

static Suite *shogi_suite(void)
{
    Suite *s = suite_create("shogi");
    TCase *tc = tcase_create("perft");
    tcase_add_test(tc, test_perft_reference);
    tcase_add_test(tc, test_make_unmake_keys);
    tcase_add_test(tc, test_attacked_far_lone_sliders);
    tcase_set_timeout(tc, 120);  /* sanitizer builds are slow */
    suite_add_tcase(s, tc);
    tc = tcase_create("rules");
    tcase_add_test(tc, test_uchifuzume);
    tcase_add_test(tc, test_nifu_and_dead_drops);
    tcase_add_test(tc, test_promotion);
    tcase_add_test(tc, test_no_moves_is_loss);
    tcase_add_test(tc, test_sennichite_draw);
    tcase_add_test(tc, test_perpetual_check);
    tcase_add_test(tc, test_null_breaks_repetition);
    tcase_add_test(tc, test_repetition_filter);
    tcase_add_test(tc, test_declaration);
    tcase_set_timeout(tc, 120);  /* sanitizer builds are slow */
    suite_add_tcase(s, tc);
    tc = tcase_create("text");
    tcase_add_test(tc, test_sfen_round_trip);
    tcase_add_test(tc, test_sfen_errors);
    tcase_add_test(tc, test_usi_moves);
    tcase_add_test(tc, test_draw);
    tcase_set_timeout(tc, 120);  /* sanitizer builds are slow */
    suite_add_tcase(s, tc);
    tc = tcase_create("moves");
    tcase_add_test(tc, test_checks_generation);
    tcase_add_test(tc, test_is_legal);
    tcase_add_test(tc, test_tactical_hooks);
    tcase_add_test(tc, test_see_exchanges);
    tcase_add_test(tc, test_see_long_way);
    tcase_add_test(tc, test_reach_walked);
    tcase_add_test(tc, test_null_move);
    tcase_add_test(tc, test_mate_in_one);
    tcase_add_test(tc, test_mate_in_one_hook);
    tcase_add_test(tc, test_mate_in_one_discovered);
    tcase_add_test(tc, test_module_table);
    tcase_set_timeout(tc, 120);  /* sanitizer builds are slow */
    suite_add_tcase(s, tc);
    tc = tcase_create("eval");
    tcase_add_test(tc, test_evaluate);
    tcase_add_test(tc, test_colour_symmetry);
    tcase_add_test(tc, test_turn);
    tcase_set_timeout(tc, 120);  /* sanitizer builds are slow */
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    if (G->init && G->init() != 0) return 1;
    SRunner *sr = srunner_create(shogi_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
