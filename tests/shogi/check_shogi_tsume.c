/* check_shogi_tsume.c -- tsume positions: the attacker (the side to move)
 * has no king and the defender holds the rest of the pieces, as shogi GUIs
 * send a problem.  The SFEN messages, the rules on such positions (no check
 * against a kingless side, uchifuzume, perpetual check, the null move), the
 * move lists against the same position with a far-away attacker king, perft
 * through the core's gt_perft, and the df-pn solver on the problems of
 * tests/data/shogi/mates.epd turned into that form.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gtsearch/game.h>

#include "core/perft.h"
#include "mate/mate.h"

extern const struct gt_game shogi_LTX_gt_module;
static const struct gt_game *const G = &shogi_LTX_gt_module;

#define MAXU 256
/* For assertions in loops: Check records every ck_assert that passes (a
 * write to its log), far too slow a million times over. */
#define REQUIRE(c) \
    do { \
        if (!(c)) ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #c); \
    } while (0)

/* The problems of tests/data/shogi/mates.epd without the attacker's king,
 * every piece that is neither on the board nor in the attacker's hand in
 * the defender's hand (the tsume convention), with their length in plies
 * under the solver's rules (every defender reply counts, interpositions
 * included), the first moves that mate that fast (bm of the data file), and
 * a square far from the action for the attacker king of the comparison. */
static const struct tsume {
    const char *id, *sfen;
    int plies;
    const char *bm;   /* blank-separated, with a blank at each end */
    const char *far;  /* USI square for the attacker king of the twin */
} problems[] = {
    { "ss01", "7k1/6l2/6p+B1/9/9/9/9/9/9 b GNP2rb3g4s3n3l16p 1", 1, " G*2b ", "9i" },
    { "ss02", "8k/8n/6p+R1/9/9/9/9/9/9 b GNr2b3g4s2n4l17p 1", 1, " G*2a G*2b ", "9i" },
    { "ss03", "2kB5/9/9/9/9/9/9/9/9 b GSN2rb3g3s3n4l18p 1", 1, " G*7b ", "1i" },
    /* Three plies with the data file's hands (6c7b+ 6b5b R*5d); with the
     * defender holding everything, a drop on 5c answers R*5d, and the
     * shortest mate takes five (the twin with a king agrees). */
    { "ss04", "1S7/3k5/3B5/9/5L3/9/9/9/9 b RSrb4g2s4n3l18p 1", 5, " 6c7b+ ", "1i" },
    { "ss05", "9/9/kL7/9/9/N8/9/9/9 b B2G2rb2g4s3n3l18p 1", 3, " G*8d ", "1i" },
    /* gote attacks, sente defends */
    { "ss06", "9/9/9/9/9/2+r6/9/K8/9 w R2B3G4S3N3L18Pgnl 1", 3, " L*9g ", "1a" },
    { "ss07", "9/7k1/9/8B/9/9/9/9/9 b GS2rb3g3s4n4l18p 1", 3, " G*2c ", "9i" },
    { "ss08", "2k6/4+B4/9/1G7/9/9/9/9/9 b 2GP2rbg4s4n4l17p 1", 5, " G*8b ", "1i" },
    { "ss09", "9/3B5/1k7/9/1S7/1B7/9/9/9 b GS2r3g2s4n4l18p 1", 5, " 6b8d+ G*7c ", "1i" },
    { "ss10", "9/9/5+B1k1/9/7G1/5+R3/9/9/9 b 2Lrb3g4s4n2l18p 1", 5, " L*2d ", "9i" },
    /* P*1b would mate but is a pawn-drop mate */
    { "ss11", "8k/6S2/7G1/9/9/9/9/9/9 b LP2r2b3g3s4n3l17p 1", 1, " L*1b ", "9i" },
};
#define NPROBLEMS (int)(sizeof problems / sizeof problems[0])

/* ---- helpers ------------------------------------------------------------- */

static void *new_pos(const char *sfen)
{
    void *p = malloc(G->pos_size);
    char err[256] = "";
    ck_assert_ptr_nonnull(p);
    ck_assert_msg(G->from_text(p, sfen, err, sizeof err) == 0, "from_text(%s): %s", sfen,
                  err);
    return p;
}

static const char *sfen_error(const char *sfen)
{
    static char err[256];
    void *p = malloc(G->pos_size);
    err[0] = 0;
    int r = G->from_text(p, sfen, err, sizeof err);
    free(p);
    ck_assert_msg(r == -1, "from_text accepted %s", sfen);
    return err;
}

static gt_move usi(const void *p, const char *text)
{
    char err[128];
    gt_move m = G->move_from_text(p, text, err, sizeof err);
    ck_assert_msg(m != GT_MOVE_NONE, "move %s: %s", text, err);
    return m;
}

static bool legal_text(const void *p, const char *text)
{
    char err[128];
    return G->move_from_text(p, text, err, sizeof err) != GT_MOVE_NONE;
}

static void play(void *p, const char *text)
{
    unsigned char undo[MAXU];
    G->make(p, usi(p, text), undo);
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
    gt_move list[600];
    unsigned char undo[MAXU];
    int n = G->generate(p, GT_GEN_ALL, list);
    if (depth == 1) return (uint64_t)n;
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        G->make(p, list[i], undo);
        sum += perft(p, depth - 1);
        G->unmake(p, list[i], undo);
    }
    return sum;
}

/* The SFEN with a king of the side to move added on square sq (USI). */
static void add_king(const char *sfen, const char *sq, char *out, size_t len)
{
    char cell[9][9][3];  /* "", "p", "+R" ... by rank a..i and file 9..1 */
    int file = sq[0] - '0', rank = sq[1] - 'a' + 1;
    const char *s = sfen;
    memset(cell, 0, sizeof cell);
    for (int r = 0, f = 0; *s && *s != ' '; s++) {
        if (*s == '/') { r++; f = 0; }
        else if (*s >= '1' && *s <= '9') f += *s - '0';
        else if (*s == '+') { cell[r][f][0] = '+'; cell[r][f][1] = s[1]; s++; f++; }
        else cell[r][f++][0] = *s;
    }
    bool sente = s[1] == 'b';
    ck_assert_str_eq(cell[rank - 1][9 - file], "");
    cell[rank - 1][9 - file][0] = sente ? 'K' : 'k';
    size_t o = 0;
    for (int r = 0; r < 9; r++) {
        int empty = 0;
        for (int f = 0; f < 9; f++) {
            if (!cell[r][f][0]) { empty++; continue; }
            if (empty) o += (size_t)snprintf(out + o, len - o, "%d", empty);
            empty = 0;
            o += (size_t)snprintf(out + o, len - o, "%s", cell[r][f]);
        }
        if (empty) o += (size_t)snprintf(out + o, len - o, "%d", empty);
        if (r < 8) o += (size_t)snprintf(out + o, len - o, "/");
    }
    snprintf(out + o, len - o, "%s", s);  /* " b hand n" */
}

/* ---- SFEN ---------------------------------------------------------------- */

START_TEST(test_kingless_sfen)
{
    static const struct { const char *sfen, *err; } bad[] = {
        { "9/9/9/9/9/9/9/9/4K4 b - 1",
          "gote (the side not to move) has no king: only the attacker may lack one" },
        { "4k4/9/9/9/9/9/9/9/9 w - 1",
          "sente (the side not to move) has no king: only the attacker may lack one" },
        { "9/9/9/9/9/9/9/9/9 b - 1",
          "gote (the side not to move) has no king: only the attacker may lack one" },
        { "9/9/9/9/9/9/9/9/9 w - 1",
          "sente (the side not to move) has no king: only the attacker may lack one" },
        { "4k4/9/9/9/9/9/9/9/9 b 2k 1", "bad hand: a king in hand" },
        { "4k4/4k4/9/9/9/9/9/9/9 b - 1", "gote has 2 kings" },
        { "4k4/9/9/9/9/9/9/9/9 b 19P 1", "bad hand: 19 'P' (max 18)" },
        { "4k4/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P2p 1", "too many pieces: 41 (max 40)" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_str_eq(sfen_error(bad[i].sfen), bad[i].err);

    /* The side to move may lack its king; the text reads back as written. */
    for (int i = 0; i < NPROBLEMS; i++) {
        void *p = new_pos(problems[i].sfen);
        char text[256];
        G->to_text(p, text, sizeof text);
        ck_assert_str_eq(text, problems[i].sfen);
        ck_assert(!G->in_check(p));
        free(p);
    }
    /* Everything in the attacker's hand: 80 empty squares for R B G S,
     * N not on ranks a and b (63), L and P not on rank a (72 each; P*5b is
     * no mate, the king takes it). */
    void *p = new_pos("4k4/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1");
    gt_move list[600];
    ck_assert_int_eq(G->generate(p, GT_GEN_ALL, list), 4 * 80 + 63 + 72 + 72);
    free(p);
    /* One ply into a problem the attacker is the side not to move: the text
     * is written but not read back (only the side to move may lack a king). */
    p = new_pos(problems[0].sfen);
    play(p, "G*2b");
    char text[256];
    G->to_text(p, text, sizeof text);
    ck_assert_str_eq(text, "7k1/6lG1/6p+B1/9/9/9/9/9/9 w NP2rb3g4s3n3l16p 2");
    ck_assert_str_eq(sfen_error(text),
                     "sente (the side not to move) has no king: only the attacker may lack one");
    free(p);
}
END_TEST

/* ---- the rules on a kingless side ---------------------------------------- */

START_TEST(test_kingless_rules)
{
    gt_move list[600];
    unsigned char undo[MAXU];
    /* A kingless side is never in check, so nothing pins its pieces and
     * nothing limits them: the defender's rook sees the whole board. */
    void *p = new_pos("8k/9/9/9/9/9/9/9/r8 b G 1");
    ck_assert(!G->in_check(p));
    int n = G->generate(p, GT_GEN_ALL, list);
    ck_assert_int_eq(n, 79);                 /* G on every empty square */
    ck_assert_int_eq(G->generate(p, GT_GEN_CHECKS, list), 3);  /* 1b 2a 2b */
    play(p, "G*5e");
    ck_assert(!G->in_check(p));
    /* The defender: a king and a rook; no move of it checks anything. */
    n = G->generate(p, GT_GEN_ALL, list);
    ck_assert_int_eq(n, 3 + 2 * 16);  /* king 3, rook 8 + 8, each +/- promotion */
    for (int i = 0; i < n; i++) {
        ck_assert(!G->gives_check(p, list[i]));
        G->make(p, list[i], undo);
        ck_assert(!G->in_check(p));
        ck_assert_int_eq(G->rule_outcome(p, 0), GT_ONGOING);
        G->unmake(p, list[i], undo);
    }
    ck_assert_int_eq(G->generate(p, GT_GEN_CHECKS, list), 0);
    play(p, "9i5i");
    /* The gold in front of the rook on the 5-file has nothing behind it
     * to be pinned to, and any square is safe for it. */
    ck_assert(legal_text(p, "5e4e"));
    ck_assert(legal_text(p, "5e5d"));
    free(p);

    /* The side to move has pieces but no king, and a pawn in hand: its drop
     * in front of the defender's king that mates is still refused
     * (uchifuzume), the lance drop that mates is fine. */
    p = new_pos(problems[10].sfen);
    ck_assert(!legal_text(p, "P*1b"));
    ck_assert(legal_text(p, "L*1b"));
    play(p, "L*1b");
    ck_assert(G->in_check(p));
    ck_assert_int_eq(G->generate(p, GT_GEN_ALL, list), 0);
    ck_assert_int_eq(G->no_moves(p), GT_LOSS);
    ck_assert_str_eq(G->end_reason(p, GT_LOSS), "checkmate");
    free(p);

    /* The defender's own pawn drops have no king in front of them to mate
     * or not: every empty square of ranks a to h takes one. */
    p = new_pos("4k4/9/9/9/9/9/9/9/9 b G2rb3g4s4n4l18p 1");
    play(p, "G*5e");
    n = G->generate(p, GT_GEN_ALL, list);
    int pawn_drops = 0;
    for (int i = 0; i < n; i++) {
        char t[16];
        G->move_to_text(p, list[i], t, sizeof t);
        pawn_drops += t[0] == 'P' && t[1] == '*';
    }
    ck_assert_int_eq(pawn_drops, 9 * 8 - 2);  /* 5a and 5e are taken */
    free(p);

    /* Perpetual check by the kingless attacker: it loses at the fourth
     * occurrence, as it would with a king. */
    p = new_pos("4k4/9/9/9/9/9/9/9/R8 b 2b4g4s4n4l18p 1");
    play(p, "9i5i");
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(G->rule_outcome(p, 0), GT_ONGOING);
        play_line(p, "5a4a 5i4i 4a5a 4i5i");
    }
    ck_assert(G->in_check(p));
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_WIN);  /* gote to move wins */
    ck_assert_str_eq(G->end_reason(p, GT_WIN), "perpetual check");
    free(p);

    /* No entering-king declaration without a king: twelve gote pieces in
     * its camp (28 points) win with its king among them, not without. */
    p = new_pos("4K4/9/9/9/9/9/gggg5/ssss5/rrbb1k3 w - 1");
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_WIN);
    free(p);
    p = new_pos("4K4/9/9/9/9/9/gggg5/ssss5/rrbb5 w - 1");
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_ONGOING);
    free(p);
}
END_TEST

/* The null move, the key and the evaluation of a kingless side. */
START_TEST(test_kingless_search_hooks)
{
    gt_move list[600];
    unsigned char undo[MAXU];
    for (int i = 0; i < NPROBLEMS; i++) {
        void *p = new_pos(problems[i].sfen);
        uint64_t key = G->key(p);
        int eval = G->evaluate(p, NULL);
        ck_assert_int_lt(eval, GT_EVAL_MAX);
        ck_assert_int_gt(eval, -GT_EVAL_MAX);
        (void)G->null_ok(p);
        (void)G->zugzwang_risk(p);
        /* the attacker passes: the defender moves, nothing checks it */
        G->make_null(p, undo);
        ck_assert(!G->in_check(p));
        int n = G->generate(p, GT_GEN_ALL, list);
        ck_assert_int_gt(n, 0);
        ck_assert_int_eq(G->generate(p, GT_GEN_CHECKS, list), 0);
        (void)G->evaluate(p, NULL);
        (void)G->null_ok(p);
        (void)G->zugzwang_risk(p);
        G->unmake_null(p, undo);
        ck_assert_uint_eq(G->key(p), key);
        /* after any attacker move, the defender passes back */
        n = G->generate(p, GT_GEN_ALL, list);
        for (int j = 0; j < n; j += 5) {
            G->make(p, list[j], undo);
            (void)G->evaluate(p, NULL);
            if (!G->in_check(p)) {
                unsigned char undo2[MAXU];
                G->make_null(p, undo2);
                ck_assert(!G->in_check(p));
                ck_assert_int_eq(G->rule_outcome(p, 1), GT_ONGOING);
                G->unmake_null(p, undo2);
            }
            G->unmake(p, list[j], undo);
        }
        ck_assert_uint_eq(G->key(p), key);
        free(p);
    }
    /* The same problem with colours and board turned round: same score,
     * another key. */
    void *a = new_pos("8k/6S2/7G1/9/9/9/9/9/9 b LP2r2b3g3s4n3l17p 1");
    void *b = new_pos("9/9/9/9/9/9/1g7/2s6/K8 w 2R2B3G3S4N3L17Plp 1");
    ck_assert_int_eq(G->evaluate(a, NULL), G->evaluate(b, NULL));
    ck_assert_uint_ne(G->key(a), G->key(b));
    ck_assert_int_eq(perft(a, 2), perft(b, 2));
    free(a);
    free(b);
}
END_TEST

/* ---- the move lists against a twin with a far-away king ------------------- */

struct squares { char from[3], to[3]; };

static struct squares squares_of(const void *p, gt_move m)
{
    char t[16];
    struct squares s = { "", "" };
    G->move_to_text(p, m, t, sizeof t);
    if (t[1] == '*') {
        memcpy(s.to, t + 2, 2);
    } else {
        memcpy(s.from, t, 2);
        memcpy(s.to, t + 2, 2);
    }
    return s;
}

static int cmp_move(const void *a, const void *b)
{
    gt_move x = *(const gt_move *)a, y = *(const gt_move *)b;
    return x < y ? -1 : x > y;
}

static bool member(const gt_move *sorted, int n, gt_move m)
{
    return bsearch(&m, sorted, (size_t)n, sizeof m, cmp_move) != NULL;
}

struct twin_count { long nodes, compared, skipped_in_check, pinned; };

/* a: the problem, b: its twin with the attacker king on ksq.  Where b's
 * king is not in check, a's moves are b's without the king's and with the
 * moves onto ksq (drops, and moves that b's king blocks there); a move that
 * checks in one checks in the other.  From the second ply on, the defender
 * may also have pinned a piece of the attacker to the twin's king (a slider
 * dropped behind a piece the attacker dropped on the king's line): there b
 * may lack more of a's moves, never have others.  Walks `depth` plies, from
 * the second one every 11th move. */
static void compare_twins(void *a, void *b, const char *ksq, int depth, int ply,
                          struct twin_count *c)
{
    gt_move la[600], lb[600], sa[600], sb[600];
    unsigned char ua[MAXU], ub[MAXU];
    c->nodes++;
    REQUIRE(G->side(a) == G->side(b));
    if (G->in_check(b)) {  /* the defender checked the twin's king */
        c->skipped_in_check++;
        return;
    }
    REQUIRE(G->in_check(a) == G->in_check(b));
    int na = G->generate(a, GT_GEN_ALL, la), nb = G->generate(b, GT_GEN_ALL, lb);
    memcpy(sa, la, (size_t)na * sizeof la[0]);
    memcpy(sb, lb, (size_t)nb * sizeof lb[0]);
    qsort(sa, (size_t)na, sizeof sa[0], cmp_move);
    qsort(sb, (size_t)nb, sizeof sb[0], cmp_move);
    int onto_king = 0, king_moves = 0, pinned = 0;
    for (int i = 0; i < na; i++) {
        struct squares s = squares_of(a, la[i]);
        REQUIRE(G->is_legal(a, la[i]));
        if (!strcmp(s.to, ksq)) { onto_king++; continue; }
        if (member(sb, nb, la[i])) continue;
        REQUIRE(!G->is_legal(b, la[i]));
        pinned++;
        if (ply < 2) {
            char ta[256], tb[256], m[16];
            G->to_text(a, ta, sizeof ta);
            G->to_text(b, tb, sizeof tb);
            G->move_to_text(a, la[i], m, sizeof m);
            ck_abort_msg("%s of %s is missing in the twin %s", m, ta, tb);
        }
    }
    for (int i = 0; i < nb; i++) {
        struct squares s = squares_of(b, lb[i]);
        if (!strcmp(s.from, ksq)) {
            king_moves++;
            REQUIRE(!G->is_legal(a, lb[i]));
            continue;
        }
        REQUIRE(member(sa, na, lb[i]));
    }
    REQUIRE(na - onto_king - pinned == nb - king_moves);
    c->compared++;
    c->pinned += pinned > 0;
    if (depth == 0) return;
    for (int i = 0; i < na; i += ply == 0 ? 1 : 11) {
        struct squares s = squares_of(a, la[i]);
        if (!strcmp(s.to, ksq) || !member(sb, nb, la[i])) continue;
        bool ca = G->gives_check(a, la[i]), cb = G->gives_check(b, la[i]);
        G->make(a, la[i], ua);
        G->make(b, la[i], ub);
        REQUIRE(G->in_check(a) == ca);
        REQUIRE(G->in_check(b) == cb);
        /* only the twin's king can be checked beyond the kingless one's */
        REQUIRE(!ca || cb);
        compare_twins(a, b, ksq, depth - 1, ply + 1, c);
        G->unmake(b, la[i], ub);
        G->unmake(a, la[i], ua);
    }
}

START_TEST(test_twin_with_far_king)
{
    for (int i = 0; i < NPROBLEMS; i++) {
        char twin[256];
        add_king(problems[i].sfen, problems[i].far, twin, sizeof twin);
        void *a = new_pos(problems[i].sfen), *b = new_pos(twin);
        struct twin_count c = { 0, 0, 0, 0 };
        compare_twins(a, b, problems[i].far, 2, 0, &c);
        ck_assert_msg(c.compared > 100, "%s: only %ld nodes compared", problems[i].id,
                      c.compared);
        ck_assert_msg(c.skipped_in_check * 2 < c.nodes, "%s: %ld of %ld nodes in check",
                      problems[i].id, c.skipped_in_check, c.nodes);
        ck_assert_msg(c.pinned * 10 < c.compared, "%s: %ld of %ld nodes with pins",
                      problems[i].id, c.pinned, c.compared);
        free(a);
        free(b);
    }
}
END_TEST

/* ---- perft through the core ------------------------------------------------ */

START_TEST(test_tsume_perft)
{
    /* D1 of ss01 by hand: +B 2c has 13 moves (2b 2d 1c 3cx, 1b 3bx, 1d,
     * 3d..8i), G drops on the 77 empty squares, N on 61 (not ranks a, b),
     * P on 69 (not rank a; P*2b is no mate, the king has 1a). */
    static const uint64_t want[NPROBLEMS][2] = {
        { 220, 104254 }, { 152, 72364 }, { 237, 116880 }, { 178, 81612 },
        { 160, 75608 },  { 231, 111420 }, { 169, 80683 }, { 168, 80670 },
        { 192, 74944 },  { 105, 49179 }, { 152, 71268 },
    };
    for (int i = 0; i < NPROBLEMS; i++) {
        void *p = new_pos(problems[i].sfen);
        char before[256], after[256];
        G->to_text(p, before, sizeof before);
        for (int d = 1; d <= 2; d++) {
            uint64_t core = gt_perft(G, p, d, NULL, NULL);
            ck_assert_msg(core == want[i][d - 1], "%s perft %d: %llu, want %llu",
                          problems[i].id, d, (unsigned long long)core,
                          (unsigned long long)want[i][d - 1]);
            ck_assert_uint_eq(perft(p, d), core);
        }
        G->to_text(p, after, sizeof after);
        ck_assert_str_eq(before, after);
        free(p);
    }
}
END_TEST

/* ---- the mate solver -------------------------------------------------------- */

static void assert_mating_line(const void *root, const struct gt_mate_result *res)
{
    void *pos = malloc(G->pos_size);
    unsigned char undo[MAXU];
    gt_move list[600];
    memcpy(pos, root, G->pos_size);
    int attacker = G->side(pos);
    ck_assert_int_eq(res->pv_len, res->plies);
    for (int i = 0; i < res->pv_len; i++) {
        ck_assert_msg(G->is_legal(pos, res->pv[i]), "pv move %d is illegal", i + 1);
        bool attacking = G->side(pos) == attacker;
        ck_assert(!G->in_check(pos) || !attacking);
        G->make(pos, res->pv[i], undo);
        if (attacking) ck_assert_msg(G->in_check(pos), "pv move %d does not check", i + 1);
    }
    ck_assert_int_ne(G->side(pos), attacker);
    ck_assert_int_eq(G->generate(pos, GT_GEN_ALL, list), 0);
    ck_assert(G->in_check(pos));
    free(pos);
}

START_TEST(test_tsume_solver)
{
    for (int i = 0; i < NPROBLEMS; i++) {
        const struct tsume *t = &problems[i];
        void *p = new_pos(t->sfen);
        struct gt_mate_result res;
        struct gt_mate_limits lim = { .max_plies = t->plies + 4, .nodes = 2000000, .hash_mb = 1 };
        ck_assert_int_eq(gt_mate_search(G, p, &lim, &res), 0);
        ck_assert_msg(res.status == GT_MATE_FOUND, "%s: %s", t->id,
                      gt_mate_status_name(res.status));
        ck_assert_msg(res.plies == t->plies && res.shortest, "%s: mate in %d plies, want %d",
                      t->id, res.plies, t->plies);
        assert_mating_line(p, &res);
        char first[16], want[20];
        G->move_to_text(p, res.pv[0], first, sizeof first);
        snprintf(want, sizeof want, " %s ", first);
        ck_assert_msg(strstr(t->bm, want), "%s: first move %s not in%s", t->id, first, t->bm);
        /* one ply shorter: no mate */
        lim.max_plies = t->plies - 1;
        if (lim.max_plies > 0) {
            ck_assert_int_eq(gt_mate_search(G, p, &lim, &res), 0);
            ck_assert_msg(res.status == GT_MATE_NONE, "%s: %s within %d plies", t->id,
                          gt_mate_status_name(res.status), lim.max_plies);
        }
        free(p);
    }
}
END_TEST

static void init_module(void)
{
    ck_assert_int_eq(G->init(), 0);
}

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("shogi_tsume");
    TCase *tc = tcase_create("tsume");
    tcase_add_test(tc, test_kingless_sfen);
    tcase_add_test(tc, test_kingless_rules);
    tcase_add_test(tc, test_kingless_search_hooks);
    tcase_add_test(tc, test_twin_with_far_king);
    tcase_add_test(tc, test_tsume_perft);
    tcase_add_test(tc, test_tsume_solver);
    tcase_add_unchecked_fixture(tc, init_module, NULL);
    tcase_set_timeout(tc, 300);  /* sanitizer builds are slow */
    suite_add_tcase(s, tc);
    return s;
}
