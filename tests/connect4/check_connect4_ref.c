/* check_connect4_ref.c -- the connect4 module against an independent
 * implementation written here: a plain 6x7 array of characters, a win test
 * that walks from the last disc, its own position writer.  Nothing in it
 * shares code or layout with the module's bitboards, and no count is
 * written down: the module's perft, move lists, outcomes and game values
 * must equal what this reference computes.
 * SPDX-License-Identifier: MIT */
#include <check.h>
#include <gtsearch/game.h>

#include <stdlib.h>
#include <string.h>

extern const struct gt_game connect4_LTX_gt_module;
static const struct gt_game *const G = &connect4_LTX_gt_module;

enum { POS_MAX = 256, UNDO_MAX = 64, W = 7, H = 6 };
typedef union { unsigned char bytes[POS_MAX]; uint64_t align; } pos_buf;

static void setup(void)
{
    ck_assert_uint_le(G->pos_size, POS_MAX);
    ck_assert_uint_le(G->undo_size, UNDO_MAX);
    ck_assert_int_eq(G->init(), 0);
}

/* ---- the reference ----------------------------------------------------- */

struct ref {
    char cell[H][W]; /* [row][col], row 0 at the bottom; '.', 'x' or 'o' */
    int height[W];
    char turn;       /* 'x' or 'o' */
    int discs;
    bool over;       /* the last disc made four */
};

static void ref_start(struct ref *b)
{
    memset(b->cell, '.', sizeof b->cell);
    memset(b->height, 0, sizeof b->height);
    b->turn = 'x';
    b->discs = 0;
    b->over = false;
}

static int ref_run(const struct ref *b, int r, int c, int dr, int dc)
{
    int n = 0;
    char me = b->cell[r][c];
    for (r += dr, c += dc; r >= 0 && r < H && c >= 0 && c < W && b->cell[r][c] == me;
         r += dr, c += dc)
        n++;
    return n;
}

/* Would a disc of `who` in column c make four? */
static bool ref_wins(struct ref *b, int c, char who)
{
    if (b->height[c] == H)
        return false;
    int r = b->height[c];
    b->cell[r][c] = who;
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    bool four = false;
    for (int d = 0; d < 4; d++)
        if (1 + ref_run(b, r, c, dirs[d][0], dirs[d][1]) +
                ref_run(b, r, c, -dirs[d][0], -dirs[d][1]) >= 4)
            four = true;
    b->cell[r][c] = '.';
    return four;
}

static bool ref_can_play(const struct ref *b, int c) { return !b->over && b->height[c] < H; }

static void ref_play(struct ref *b, int c)
{
    b->over = ref_wins(b, c, b->turn);
    b->cell[b->height[c]++][c] = b->turn;
    b->turn = b->turn == 'x' ? 'o' : 'x';
    b->discs++;
}

static void ref_text(const struct ref *b, char *out)
{
    for (int r = H - 1; r >= 0; r--) {
        for (int c = 0; c < W;) {
            int run = 0;
            while (c < W && b->cell[r][c] == '.')
                run++, c++;
            if (run)
                *out++ = (char)('0' + run);
            else
                *out++ = b->cell[r][c++];
        }
        *out++ = r ? '/' : ' ';
    }
    *out++ = b->turn;
    *out = '\0';
}

static long ref_perft(const struct ref *b, int depth)
{
    if (depth == 0)
        return 1;
    long n = 0;
    for (int c = 0; c < W; c++)
        if (ref_can_play(b, c)) {
            struct ref child = *b;
            ref_play(&child, c);
            n += ref_perft(&child, depth - 1);
        }
    return n;
}

/* Game value for the side to move: 1 win, 0 draw, -1 loss (alpha-beta). */
static int ref_solve(const struct ref *b, int alpha, int beta)
{
    if (b->over)
        return -1;
    if (b->discs == W * H)
        return 0;
    int best = -1;
    for (int c = 0; c < W && best < beta; c++)
        if (ref_can_play(b, c)) {
            struct ref child = *b;
            ref_play(&child, c);
            int v = -ref_solve(&child, -beta, -(best > alpha ? best : alpha));
            if (v > best)
                best = v;
        }
    return best;
}

/* ---- the module, driven as the core drives it ---------------------------- */

static void load(pos_buf *p, const char *text)
{
    char err[128] = "";
    ck_assert_msg(G->from_text(p, text, err, sizeof err) == 0, "'%s': %s", text, err);
}

/* Exactly the core's perft (lib/perft.c). */
static long hook_perft(void *pos, int depth)
{
    gt_move list[16];
    unsigned char undo[UNDO_MAX];
    int n = G->generate(pos, GT_GEN_ALL, list);
    if (depth == 1)
        return n;
    long sum = 0;
    for (int i = 0; i < n; i++) {
        G->make(pos, list[i], undo);
        sum += hook_perft(pos, depth - 1);
        G->unmake(pos, list[i], undo);
    }
    return sum;
}

/* The core's view of a node: rule_outcome first, then the moves, and
 * no_moves when there are none. */
static int outcome_value(enum gt_outcome o) { return o == GT_WIN ? 1 : o == GT_LOSS ? -1 : 0; }

static int hook_solve(void *pos, int alpha, int beta)
{
    enum gt_outcome rule = G->rule_outcome(pos, 1);
    if (rule != GT_ONGOING)
        return outcome_value(rule);
    int e = G->evaluate(pos, NULL);
    ck_assert_int_le(abs(e), GT_EVAL_MAX);
    gt_move list[16];
    unsigned char undo[UNDO_MAX];
    int n = G->generate(pos, GT_GEN_ALL, list);
    if (n == 0)
        return outcome_value(G->no_moves(pos));
    int best = -1;
    for (int i = 0; i < n && best < beta; i++) {
        G->make(pos, list[i], undo);
        int v = -hook_solve(pos, -beta, -(best > alpha ? best : alpha));
        G->unmake(pos, list[i], undo);
        if (v > best)
            best = v;
    }
    return best;
}

/* ---- random positions ------------------------------------------------------ */

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Play up to `discs` random moves.  A "peaceful" playout avoids making four
 * when it can, so that crowded boards are reached often. */
static void random_game(struct ref *b, int discs, bool peaceful, uint64_t *seed)
{
    ref_start(b);
    while (b->discs < discs && !b->over && b->discs < W * H) {
        int cols[W], n = 0, calm[W], k = 0;
        for (int c = 0; c < W; c++)
            if (ref_can_play(b, c)) {
                cols[n++] = c;
                if (!ref_wins(b, c, b->turn))
                    calm[k++] = c;
            }
        if (peaceful && k)
            ref_play(b, calm[rng_next(seed) % (unsigned)k]);
        else
            ref_play(b, cols[rng_next(seed) % (unsigned)n]);
    }
}

static const int centre_first[W] = {3, 2, 4, 1, 5, 0, 6};

/* ---- tests --------------------------------------------------------------------- */

START_TEST(perft_empty_board)
{
    struct ref b;
    pos_buf p;
    ref_start(&b);
    load(&p, G->startpos);
    long power = 1;
    for (int d = 1; d <= 8; d++) {
        long got = hook_perft(&p, d), want = ref_perft(&b, d);
        power *= 7;
        ck_assert_msg(got == want, "perft(%d) = %ld, reference %ld", d, got, want);
        if (d <= 6) /* no column fills and nobody wins before ply 7 */
            ck_assert_int_eq(got, power);
    }
    ck_assert_int_lt(hook_perft(&p, 7), 7 * hook_perft(&p, 6)); /* full columns */
    ck_assert_int_lt(hook_perft(&p, 8), 7 * hook_perft(&p, 7)); /* first wins */
}
END_TEST

/* Openings, crowded boards and positions with wins close by; the module reads
 * the reference's own text of each. */
START_TEST(perft_other_positions)
{
    static const struct { const char *moves; int depth; } cases[] = {
        {"dddd", 6},
        {"dcdcdc", 6},               /* x threatens d4 at once */
        {"abcdefgabcdefg", 6},
        {"ddddddccccccee", 6},       /* two full columns */
        {"gbfadeedbcgec", 6},
        {"cdbcfgdbcdeadfeeddfccc", 7},
        {"fbdeeaecbdccefdbbcbbceedd", 7},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct ref b;
        pos_buf p;
        char text[64];
        ref_start(&b);
        for (const char *m = cases[i].moves; *m; m++) {
            ck_assert(ref_can_play(&b, *m - 'a'));
            ref_play(&b, *m - 'a');
        }
        ref_text(&b, text);
        load(&p, text);
        for (int d = 1; d <= cases[i].depth; d++) {
            long got = hook_perft(&p, d), want = ref_perft(&b, d);
            ck_assert_msg(got == want, "%s perft(%d) = %ld, reference %ld", cases[i].moves,
                          d, got, want);
        }
    }
}
END_TEST

/* Random games of every length, won and full boards included: the module
 * and the reference agree on text, moves, tactics, outcomes and make/unmake. */
START_TEST(random_positions_agree)
{
    uint64_t seed = 0x9E3779B97F4A7C15u;
    for (int game = 0; game < 3000; game++) {
        struct ref b;
        pos_buf p, before;
        char want[64], got[64];
        random_game(&b, (int)(rng_next(&seed) % 43), game % 2, &seed);
        ref_text(&b, want);
        load(&p, want);
        G->to_text(&p, got, sizeof got);
        ck_assert_str_eq(got, want);

        char mover = b.turn, other = mover == 'x' ? 'o' : 'x';
        gt_move all[16], tact[16];
        int n = G->generate(&p, GT_GEN_ALL, all), nt = G->generate(&p, GT_GEN_NOISY, tact);
        int i = 0, j = 0;
        for (int k = 0; k < W; k++) {
            int c = centre_first[k];
            if (!ref_can_play(&b, c))
                continue;
            ck_assert_msg(i < n && all[i] == (gt_move)c + 1, "%s: move %c", want, 'a' + c);
            i++;
            bool hot = ref_wins(&b, c, mover) || ref_wins(&b, c, other);
            ck_assert_int_eq(G->is_noisy(&p, (gt_move)c + 1), hot);
            if (hot) {
                ck_assert_msg(j < nt && tact[j] == (gt_move)c + 1, "%s: tactical %c", want,
                              'a' + c);
                j++;
                ck_assert_int_eq(G->noisy_order(&p, (gt_move)c + 1) >= 20,
                                 ref_wins(&b, c, mover));
            }
            unsigned idx = G->move_index(&p, (gt_move)c + 1);
            ck_assert_uint_eq(idx, ((mover == 'o') * 7u + (unsigned)c) * 6u + (unsigned)b.height[c]);
        }
        ck_assert_int_eq(n, i);
        ck_assert_int_eq(nt, j);
        for (gt_move m = 0; m <= 9; m++)
            ck_assert_int_eq(G->is_legal(&p, m), m >= 1 && m <= 7 && ref_can_play(&b, (int)m - 1));

        ck_assert_int_eq(G->rule_outcome(&p, 0), b.over ? GT_LOSS : GT_ONGOING);
        if (n == 0)
            ck_assert_int_eq(G->no_moves(&p), b.over ? GT_LOSS : GT_DRAW);
        ck_assert_int_eq(G->side(&p), mover == 'o');

        memcpy(&before, &p, sizeof p);
        uint64_t key = G->key(&p);
        for (int k = 0; k < n; k++) {
            unsigned char undo[UNDO_MAX];
            struct ref child = b;
            ref_play(&child, (int)all[k] - 1);
            ref_text(&child, want);
            G->make(&p, all[k], undo);
            G->to_text(&p, got, sizeof got);
            ck_assert_str_eq(got, want);
            ck_assert_uint_ne(G->key(&p), key);
            G->unmake(&p, all[k], undo);
            ck_assert_mem_eq(&p, &before, G->pos_size);
        }
        if (!b.over && n) { /* evaluate: bounded and side-relative */
            unsigned char undo[UNDO_MAX];
            int e = G->evaluate(&p, NULL);
            ck_assert_int_le(abs(e), GT_EVAL_MAX);
            G->make_null(&p, undo);
            ck_assert_int_eq(G->evaluate(&p, NULL), -e);
            ck_assert_uint_ne(G->key(&p), key);
            G->unmake_null(&p, undo);
            ck_assert_mem_eq(&p, &before, G->pos_size);
        }
    }
}
END_TEST

/* Every position up to 6 plies, with either side to move: the same text
 * always gives the same key, different texts different keys. */
struct keyed { uint64_t key; char text[64]; };
static struct keyed *keyed_list;
static size_t keyed_count, keyed_room;

static void collect(void *pos, int depth)
{
    unsigned char undo[UNDO_MAX];
    for (int pass = 0; pass < 2; pass++) {
        if (keyed_count == keyed_room) {
            keyed_room = keyed_room ? 2 * keyed_room : 1024;
            keyed_list = realloc(keyed_list, keyed_room * sizeof *keyed_list);
            ck_assert_ptr_nonnull(keyed_list);
        }
        if (pass)
            G->make_null(pos, undo);
        keyed_list[keyed_count].key = G->key(pos);
        G->to_text(pos, keyed_list[keyed_count].text, 64);
        keyed_count++;
        if (pass)
            G->unmake_null(pos, undo);
    }
    if (depth == 0)
        return;
    gt_move list[16];
    int n = G->generate(pos, GT_GEN_ALL, list);
    for (int i = 0; i < n; i++) {
        G->make(pos, list[i], undo);
        collect(pos, depth - 1);
        G->unmake(pos, list[i], undo);
    }
}

static int by_key(const void *a, const void *b)
{
    const struct keyed *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key ? 1 : strcmp(x->text, y->text);
}

static int by_text(const void *a, const void *b)
{
    const struct keyed *x = a, *y = b;
    return strcmp(x->text, y->text);
}

START_TEST(keys_unique_and_consistent)
{
    pos_buf p;
    load(&p, G->startpos);
    keyed_count = 0;
    collect(&p, 6);
    qsort(keyed_list, keyed_count, sizeof *keyed_list, by_key);
    size_t distinct = 1;
    for (size_t i = 1; i < keyed_count; i++)
        if (keyed_list[i].key == keyed_list[i - 1].key)
            ck_assert_msg(!strcmp(keyed_list[i].text, keyed_list[i - 1].text),
                          "key collision: %s / %s", keyed_list[i].text, keyed_list[i - 1].text);
        else
            distinct++;
    qsort(keyed_list, keyed_count, sizeof *keyed_list, by_text);
    size_t texts = 1;
    for (size_t i = 1; i < keyed_count; i++)
        if (strcmp(keyed_list[i].text, keyed_list[i - 1].text))
            texts++;
        else
            ck_assert_uint_eq(keyed_list[i].key, keyed_list[i - 1].key);
    ck_assert_uint_eq(distinct, texts);
    ck_assert_uint_gt(texts, 10000);
    free(keyed_list);
    keyed_list = NULL;
    keyed_room = 0;
}
END_TEST

/* Near the end of the game a full-width alpha-beta through the hooks
 * (rule_outcome, generate, no_moves, evaluate's bounds) must find the same
 * game value as the reference's own solver. */
START_TEST(minimax_few_empty_cells)
{
    uint64_t seed = 0x2545F4914F6CDD1Du;
    int solved = 0, wins = 0, losses = 0, draws = 0;
    while (solved < 300) {
        struct ref b;
        int empty = 4 + (int)(rng_next(&seed) % 7); /* 4..10 empty cells */
        random_game(&b, W * H - empty, true, &seed);
        if (b.over || b.discs != W * H - empty)
            continue;
        char text[64];
        pos_buf p;
        ref_text(&b, text);
        load(&p, text);
        int want = ref_solve(&b, -1, 1), got = hook_solve(&p, -1, 1);
        ck_assert_msg(got == want, "%s: module %d, reference %d", text, got, want);
        solved++;
        wins += want > 0, losses += want < 0, draws += want == 0;
    }
    /* the sample must exercise all three results */
    ck_assert_int_gt(wins, 0);
    ck_assert_int_gt(losses, 0);
    ck_assert_int_gt(draws, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("connect4-reference");
    TCase *tc = tcase_create("reference");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, perft_empty_board);
    tcase_add_test(tc, perft_other_positions);
    tcase_add_test(tc, random_positions_agree);
    tcase_add_test(tc, keys_unique_and_consistent);
    tcase_add_test(tc, minimax_few_empty_cells);
    suite_add_tcase(s, tc);
    SRunner *r = srunner_create(s);
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
