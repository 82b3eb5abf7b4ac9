/* check_selftest.c -- the module conformance checks (lib/core/conformance.c,
 * `gtsearch selftest`): every built-in game and the Othello example pass
 * them, and a copy of a module broken on purpose, one hook at a time,
 * fails with the hook named.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/conformance.h"

extern const struct gt_game chess_LTX_gt_module, shogi_LTX_gt_module, connect4_LTX_gt_module,
    othello_LTX_gt_module;
static const struct gt_game *const games[] = {&chess_LTX_gt_module, &shogi_LTX_gt_module,
                                              &connect4_LTX_gt_module, &othello_LTX_gt_module};

/* Run the checks on g from its start; the report goes to *report (the
 * caller frees it).  Returns the number of failures. */
static int run(const struct gt_game *g, int ngames, char **report)
{
    char err[256];
    ck_assert(!g->init || g->init() == 0);
    void *start = calloc(1, g->pos_size);
    ck_assert_ptr_nonnull(start);
    ck_assert_msg(g->from_text(start, g->startpos, err, sizeof err) == 0, "%s", err);
    struct gt_conformance c = {.games = ngames, .max_plies = 200, .perft_depth = 2,
                               .perft_every = 16, .seed = 3, .max_failures = 5,
                               .start = start};
    size_t len = 0;
    FILE *out = open_memstream(report, &len);
    ck_assert_ptr_nonnull(out);
    int rc = gt_conformance_run(g, &c, out);
    fclose(out);
    free(start);
    ck_assert_int_ge(rc, 0);
    ck_assert_int_eq(rc, c.failures);
    if (!rc)
        ck_assert_int_gt(c.moves, 100);
    return rc;
}

START_TEST(every_game_conforms)
{
    const struct gt_game *g = games[_i];
    char *report = NULL;
    int failures = run(g, 6, &report);
    ck_assert_msg(failures == 0, "%s: %s", g->name, report);
    free(report);
}
END_TEST

/* ---- faults planted in a copy of Othello (and of chess) ------------------
 * Each wrapper calls the real hook and spoils one answer. */
static const struct gt_game *const O = &othello_LTX_gt_module;
static const struct gt_game *const C = &chess_LTX_gt_module;

static bool legal_but_not_the_last(const void *pos, gt_move m)
{
    gt_move moves[64];
    int n = O->generate(pos, GT_GEN_ALL, moves);
    return O->is_legal(pos, m) && !(n > 1 && m == moves[n - 1]);
}
static bool legal_always(const void *pos, gt_move m) { (void)pos, (void)m; return true; }
static void unmake_forgets_flips(void *pos, gt_move m, const void *undo)
{
    uint64_t *discs = pos;
    uint64_t before = discs[0] | discs[1];
    O->unmake(pos, m, undo);
    if (m != O->pass_move && __builtin_popcountll(before) % 5 == 0)
        discs[0] ^= discs[1] & -discs[1];   /* a white disc turned black */
}
static gt_move text_off_by_one(const void *pos, const char *text, char *err, size_t len)
{
    gt_move m = O->move_from_text(pos, text, err, len);
    return m == 1 ? 2 : m;
}
static int noisy_none(const void *pos, enum gt_gen kind, gt_move *moves)
{
    return kind == GT_GEN_NOISY ? 0 : O->generate(pos, kind, moves);
}
static int generate_twice(const void *pos, enum gt_gen kind, gt_move *moves)
{
    int n = O->generate(pos, kind, moves);
    if (kind == GT_GEN_ALL && n > 2)
        moves[1] = moves[0];
    return n;
}
static enum gt_outcome never_over(const void *pos) { (void)pos; return GT_ONGOING; }
static int margin_zero(const void *pos) { (void)pos; return 0; }
static int plies_left_flat(const void *pos) { (void)pos; return 60; }
static void null_keeps_side(void *pos, void *undo) { (void)pos, (void)undo; }
static void unmake_null_none(void *pos, const void *undo) { (void)pos, (void)undo; }
static void to_text_other_side(const void *pos, char *buf, size_t len)
{
    O->to_text(pos, buf, len);
    size_t n = strlen(buf);
    if (n && !(((const uint64_t *)pos)[1] & 1) && n > 60)
        buf[n - 1] = buf[n - 1] == 'X' ? 'O' : 'X';
}
static void changes_forget_one(const void *pos, gt_move m, struct gt_feature_change ch[2])
{
    O->features->changes(pos, m, ch);
    if (ch[0].nadded > 2)
        ch[0].nadded--;
}
static struct gt_features broken_features;
/* Not a symmetry of Othello: the a and b files change places. */
static void turn_two_files(const void *pos, int k, void *out)
{
    (void)k;
    const uint64_t *d = pos;
    uint64_t *e = out;
    memcpy(out, pos, O->pos_size);
    const uint64_t a = 0x0101010101010101ull, b = a << 1;
    for (int who = 0; who < 2; who++)
        e[who] = (d[who] & ~(a | b)) | (d[who] & a) << 1 | (d[who] & b) >> 1;
}

static bool check_never(const void *pos, gt_move m) { (void)pos, (void)m; return false; }

struct fault {
    const char *what, *hook;
    void (*plant)(struct gt_game *g);
};
static void p_legal(struct gt_game *g) { g->is_legal = legal_but_not_the_last; }
static void p_accepts(struct gt_game *g) { g->is_legal = legal_always; }
static void p_unmake(struct gt_game *g) { g->unmake = unmake_forgets_flips; }
static void p_text(struct gt_game *g) { g->move_from_text = text_off_by_one; }
static void p_noisy(struct gt_game *g) { g->generate = noisy_none; }
static void p_twice(struct gt_game *g) { g->generate = generate_twice; }
static void p_over(struct gt_game *g) { g->no_moves = never_over; }
static void p_margin(struct gt_game *g) { g->final_margin = margin_zero; }
static void p_bound(struct gt_game *g) { g->max_plies_left = plies_left_flat; }
static void p_null(struct gt_game *g) { g->make_null = null_keeps_side; }
static void p_unnull(struct gt_game *g) { g->unmake_null = unmake_null_none; }
static void p_to_text(struct gt_game *g) { g->to_text = to_text_other_side; }
static void p_features(struct gt_game *g)
{
    broken_features = *O->features;
    broken_features.changes = changes_forget_one;
    g->features = &broken_features;
}
static void p_turn(struct gt_game *g)
{
    broken_features = *O->features;
    broken_features.symmetries = 1;
    broken_features.turn = turn_two_files;
    g->features = &broken_features;
}
static void p_checks(struct gt_game *g) { g->gives_check = check_never; }

static const struct fault faults[] = {
    {"is_legal rejects a listed move", "is_legal", p_legal},
    {"is_legal accepts anything", "is_legal", p_accepts},
    {"unmake leaves a disc turned", "unmake", p_unmake},
    {"move text read back as another move", "move_from_text", p_text},
    {"no noisy moves, though is_noisy names corners", "generate", p_noisy},
    {"a move listed twice", "generate", p_twice},
    {"a finished game not over", "no_moves", p_over},
    {"a win by no margin", "final_margin", p_margin},
    {"a length bound that does not fall", "max_plies_left", p_bound},
    {"a null move that does not pass", "make_null", p_null},
    {"a null move not undone", "unmake_null", p_unnull},
    {"position text that reads back as another", "", p_to_text},
    {"a feature change forgotten", "features", p_features},
    {"a symmetry that is not one", "features.turn", p_turn},
    {"gives_check that never says check (chess)", "gives_check", p_checks},
};

START_TEST(planted_faults_fail)
{
    const struct fault *f = &faults[_i];
    const struct gt_game *real = f->plant == p_checks ? C : O;
    struct gt_game g = *real;
    f->plant(&g);
    char *report = NULL;
    int failures = run(&g, 6, &report);
    ck_assert_msg(failures > 0, "%s: not caught", f->what);
    char want[64];
    snprintf(want, sizeof want, "FAIL: %s", f->hook);
    ck_assert_msg(strstr(report, want) && strstr(report, "position: "),
                  "%s: the report does not name '%s':\n%s", f->what, f->hook, report);
    free(report);
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    Suite *s = suite_create("selftest");
    TCase *t = tcase_create("conformance");
    tcase_set_timeout(t, 60);
    tcase_add_loop_test(t, every_game_conforms, 0, (int)(sizeof games / sizeof *games));
    tcase_add_loop_test(t, planted_faults_fail, 0, (int)(sizeof faults / sizeof *faults));
    suite_add_tcase(s, t);
    return s;
}
