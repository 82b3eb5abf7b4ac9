/* conformance.c -- the module contract, checked at every ply of random
 * games (conformance.h).  Everything is compared through the hooks: two
 * positions are the same when their keys and texts agree (a module may
 * keep a memo that differs byte for byte).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "conformance.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "conformance_book.h"
#include "features.h"
#include "perft.h"
#include "util.h"

#define TEXT_LEN 8192
#define ILLEGAL_PROBES 16

struct run {
    const struct gt_game *g;
    struct gt_conformance *c;
    FILE *out;
    void *pos, *scratch;
    unsigned char *undo;
    gt_move *all, *sorted, *noisy, *quiet, *checks, *prev;
    bool *gives;                /* per move of all: in check after it */
    int nprev;
    struct gt_features_checker *fc;
    uint32_t *fc_idx;           /* max_active features, for check_turns */
    void *book_work;            /* gt_book_check's room, with a book format */
    char text[TEXT_LEN], text2[TEXT_LEN], err[256];
    int game, ply;
    gt_move last;               /* the move that led here */
    const char *made;           /* the text of a move being made, while
                                   the position is after it */
    uint64_t rng;
};

/* Report one failure: the hook, what went wrong, where.  Returns -1. */
static int fail(struct run *r, gt_move m, const char *hook, const char *fmt, ...)
{
    const struct gt_game *g = r->g;
    char why[512], mv[64] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    r->c->failures++;
    fprintf(r->out, "selftest: FAIL: %s: %s\n", hook, why);
    fprintf(r->out, "  game %d, ply %d, position: %s\n", r->game + 1, r->ply, r->text);
    if (r->made)
        fprintf(r->out, "  move: %s (%u)\n", r->made, (unsigned)m);
    else if (m != GT_MOVE_NONE && m != GT_MOVE_NULL) {
        g->move_to_text(r->pos, m, mv, sizeof mv);
        fprintf(r->out, "  move: %s (%u)\n", mv, (unsigned)m);
    } else if (m == GT_MOVE_NULL)
        fprintf(r->out, "  move: the null move\n");
    return -1;
}

static int cmp_move(const void *a, const void *b)
{
    gt_move x = *(const gt_move *)a, y = *(const gt_move *)b;
    return x < y ? -1 : x > y;
}

static bool listed(const struct run *r, int n, gt_move m)
{
    return bsearch(&m, r->sorted, (size_t)n, sizeof m, cmp_move) != NULL;
}

/* The same position as pos before: key and text. */
static int restored(struct run *r, uint64_t key, gt_move m, const char *hook)
{
    const struct gt_game *g = r->g;
    if (g->key(r->pos) != key)
        return fail(r, m, hook, "the key is not restored");
    g->to_text(r->pos, r->text2, sizeof r->text2);
    if (strcmp(r->text, r->text2))
        return fail(r, m, hook, "the position is not restored: now %s", r->text2);
    return 0;
}

/* Text of the position read back: the same key and the same text. */
static int check_text(struct run *r)
{
    const struct gt_game *g = r->g;
    r->err[0] = 0;
    if (g->from_text(r->scratch, r->text, r->err, sizeof r->err) != 0)
        return fail(r, GT_MOVE_NONE, "from_text", "refuses to_text's own text: %s", r->err);
    if (r->c->prepare)
        r->c->prepare(r->c->ctx, r->scratch);
    if (g->key(r->scratch) != g->key(r->pos))
        return fail(r, GT_MOVE_NONE, "key", "the position read back from its text has "
                    "another key");
    g->to_text(r->scratch, r->text2, sizeof r->text2);
    if (strcmp(r->text, r->text2))
        return fail(r, GT_MOVE_NONE, "to_text", "read back and written again it says %s",
                    r->text2);
    return 0;
}

/* A finished game: the hooks that say how it ended. */
static int check_end(struct run *r, enum gt_outcome o, const char *how)
{
    const struct gt_game *g = r->g;
    if (o != GT_DRAW && o != GT_WIN && o != GT_LOSS)
        return fail(r, GT_MOVE_NONE, how, "the game has ended but the outcome is %d", (int)o);
    if (g->final_margin && o != GT_DRAW && g->final_margin(r->pos) < 1)
        return fail(r, GT_MOVE_NONE, "final_margin", "a won game's margin is %d, not at "
                    "least 1", g->final_margin(r->pos));
    if (g->end_reason) {
        const char *why = g->end_reason(r->pos, o);
        if (!why || !*why)
            return fail(r, GT_MOVE_NONE, "end_reason", "no reason for a finished game");
    }
    if (g->max_plies_left && g->max_plies_left(r->pos) < 0)
        return fail(r, GT_MOVE_NONE, "max_plies_left", "negative: %d",
                    g->max_plies_left(r->pos));
    r->c->ended++;
    return 1;
}

/* One legal move: legal, text both ways, index, key_after, make and unmake,
 * gives_check, the length bound. */
static int check_move(struct run *r, int i, int left)
{
    const struct gt_game *g = r->g;
    gt_move m = r->all[i];
    char mv[256];
    if (m == GT_MOVE_NONE || m == GT_MOVE_NULL)
        return fail(r, GT_MOVE_NONE, "generate", "lists the reserved move value %u",
                    (unsigned)m);
    if (!g->is_legal(r->pos, m))
        return fail(r, m, "is_legal", "rejects a move that generate lists");
    if (g->move_index(r->pos, m) >= g->move_index_count)
        return fail(r, m, "move_index", "%u, not below move_index_count %u",
                    g->move_index(r->pos, m), g->move_index_count);
    g->move_to_text(r->pos, m, mv, sizeof mv);
    r->err[0] = 0;
    gt_move back = g->move_from_text(r->pos, mv, r->err, sizeof r->err);
    if (back != m)
        return fail(r, m, "move_from_text", "reads its own text '%s' as %u%s%s", mv,
                    (unsigned)back, *r->err ? ": " : "", r->err);
    for (const struct gt_notation *n = g->notations; n && n->name; n++) {
        n->move_to_text(r->pos, m, mv, sizeof mv);
        r->err[0] = 0;
        back = n->move_from_text(r->pos, mv, r->err, sizeof r->err);
        if (back != m)
            return fail(r, m, "notation", "%s reads its own text '%s' as %u%s%s", n->name, mv,
                        (unsigned)back, *r->err ? ": " : "", r->err);
    }
    uint64_t key = g->key(r->pos), after = g->key_after ? g->key_after(r->pos, m) : 0;
    int side = g->side(r->pos);
    bool check = g->gives_check ? g->gives_check(r->pos, m) : false;
    g->move_to_text(r->pos, m, mv, sizeof mv);
    r->made = mv;
    g->make(r->pos, m, r->undo);
    r->c->moves++;
    int fault = 0;
    if (g->side(r->pos) != !side)
        fault = fail(r, m, "side", "the side to move is %d after a move of side %d",
                     g->side(r->pos), side);
    else if (g->key_after && g->key(r->pos) != after)
        fault = fail(r, m, "key_after", "differs from the key after make");
    else if (g->gives_check && check != g->in_check(r->pos))
        fault = fail(r, m, "gives_check", "says %s, in_check after the move says %s",
                     check ? "check" : "no check", check ? "no check" : "check");
    else if (g->max_plies_left && g->max_plies_left(r->pos) >= left)
        fault = fail(r, m, "max_plies_left", "%d before the move, %d after: it must fall",
                     left, g->max_plies_left(r->pos));
    r->gives[i] = g->in_check(r->pos);
    g->unmake(r->pos, m, r->undo);
    r->made = NULL;
    return fault ? fault : restored(r, key, m, "unmake");
}

/* Values that generate does not list must be refused by is_legal. */
static int check_illegal(struct run *r, int n)
{
    const struct gt_game *g = r->g;
    for (int i = 0; i < ILLEGAL_PROBES + 2; i++) {
        uint64_t x = gt_rand64(&r->rng);
        gt_move m = i == 0 ? GT_MOVE_NONE
                  : i == 1 ? GT_MOVE_NULL
                  : i % 3 == 0 && r->nprev ? r->prev[x % (unsigned)r->nprev]
                  : i % 3 == 1 ? (gt_move)(x % 4096) : (gt_move)x;
        if (listed(r, n, m))
            continue;
        if (g->is_legal(r->pos, m))
            return fail(r, GT_MOVE_NONE, "is_legal", "accepts %u, which generate does not "
                        "list", (unsigned)m);
    }
    return 0;
}

/* The noisy and quiet lists against the whole list and is_noisy. */
static int check_kinds(struct run *r, int n)
{
    const struct gt_game *g = r->g;
    int k = g->generate(r->pos, GT_GEN_NOISY, r->noisy);
    if (k < 0 || k > n)
        return fail(r, GT_MOVE_NONE, "generate", "GT_GEN_NOISY gives %d moves, of %d", k, n);
    int j = 0, q = 0;
    bool quiet_list = g->flags & GT_FLAG_GEN_QUIET;
    if (quiet_list) {
        q = g->generate(r->pos, GT_GEN_QUIET, r->quiet);
        if (q != n - k)
            return fail(r, GT_MOVE_NONE, "generate", "GT_GEN_NOISY gives %d moves and "
                        "GT_GEN_QUIET %d, but GT_GEN_ALL %d", k, q, n);
    }
    /* The noisy list is the noisy moves of the whole list, in its order
     * (the quiet one likewise): a partition by is_noisy. */
    int a = 0, b = 0;
    for (int i = 0; i < n; i++) {
        gt_move m = r->all[i];
        if (g->is_noisy(r->pos, m)) {
            if (a >= k || r->noisy[a] != m) {
                bool there = false;
                for (j = 0; j < k; j++)
                    there |= r->noisy[j] == m;
                return fail(r, m, "generate", there ? "GT_GEN_NOISY lists the noisy moves in "
                            "another order than GT_GEN_ALL"
                            : "is_noisy says noisy, GT_GEN_NOISY does not list it");
            }
            a++;
        } else if (quiet_list) {
            if (b >= q || r->quiet[b] != m)
                return fail(r, m, "generate", "a quiet move of GT_GEN_ALL is not the next "
                            "of GT_GEN_QUIET");
            b++;
        }
    }
    if (a != k)
        return fail(r, r->noisy[a], "is_noisy", "GT_GEN_NOISY lists a move is_noisy "
                    "calls quiet (or one GT_GEN_ALL does not list)");
    return 0;
}

/* Checking moves: what GT_GEN_CHECKS lists against in_check after each. */
static int check_checks(struct run *r, int n)
{
    const struct gt_game *g = r->g;
    int k = g->generate(r->pos, GT_GEN_CHECKS, r->checks);
    if (k < 0)
        return 0;               /* not supported: the core filters */
    int want = 0;
    for (int i = 0; i < n; i++)
        want += r->gives[i];
    for (int i = 0; i < k; i++) {
        int at = -1;
        for (int j = 0; j < n; j++)
            if (r->all[j] == r->checks[i])
                at = j;
        if (at < 0 || !r->gives[at])
            return fail(r, r->checks[i], "generate", "GT_GEN_CHECKS lists a move that %s",
                        at < 0 ? "GT_GEN_ALL does not" : "does not give check");
    }
    if (k != want)
        return fail(r, GT_MOVE_NONE, "generate", "GT_GEN_CHECKS lists %d moves, %d give "
                    "check", k, want);
    return 0;
}

/* The core's null move: the other side to move, another key, and back. */
static int check_null(struct run *r, bool in_check)
{
    const struct gt_game *g = r->g;
    if (!g->make_null || in_check || (g->pass_move && r->last == g->pass_move))
        return 0;
    uint64_t key = g->key(r->pos);
    int side = g->side(r->pos);
    if (g->null_ok)
        (void)g->null_ok(r->pos);
    if (r->fc) {
        if (gt_features_check_move(r->fc, r->pos, GT_MOVE_NULL, r->undo, r->err,
                                   sizeof r->err) < 0)
            return fail(r, GT_MOVE_NULL, "features", "%s", r->err);
    } else
        g->make_null(r->pos, r->undo);
    int fault = 0;
    if (g->side(r->pos) != !side)
        fault = fail(r, GT_MOVE_NULL, "make_null", "the side to move did not change");
    else if (g->key(r->pos) == key)
        fault = fail(r, GT_MOVE_NULL, "make_null", "the key did not change");
    g->unmake_null(r->pos, r->undo);
    return fault ? fault : restored(r, key, GT_MOVE_NULL, "unmake_null");
}

/* A count of the tree through generate alone, to hold perft's
 * count_moves to. */
static uint64_t plain_count(struct run *r, int depth, gt_move *list, unsigned char *undo)
{
    const struct gt_game *g = r->g;
    int n = g->generate(r->pos, GT_GEN_ALL, list);
    if (n == 0)
        return (g->flags & GT_FLAG_PERFT_ENDED_IS_LEAF) != 0;
    if (depth == 1)
        return (uint64_t)n;
    uint64_t sum = 0;
    size_t step = g->undo_size ? g->undo_size : 1;
    for (int i = 0; i < n; i++) {
        g->make(r->pos, list[i], undo);
        sum += plain_count(r, depth - 1, list + g->max_moves, undo + step);
        g->unmake(r->pos, list[i], undo);
    }
    return sum;
}

static int check_perft(struct run *r)
{
    const struct gt_game *g = r->g;
    int d = r->c->perft_depth;
    if (!g->count_moves || d <= 0 || r->ply % (r->c->perft_every > 0 ? r->c->perft_every : 1))
        return 0;
    gt_move *list = malloc(sizeof *list * (size_t)g->max_moves * (size_t)d);
    unsigned char *undo = malloc((g->undo_size ? g->undo_size : 1) * (size_t)d);
    int rc = -2;
    if (list && undo) {
        uint64_t key = g->key(r->pos);
        uint64_t want = plain_count(r, d, list, undo);
        uint64_t got = gt_perft(g, r->pos, d, NULL, NULL);
        r->c->perfts++;
        rc = got == want ? restored(r, key, GT_MOVE_NONE, "perft")
                         : fail(r, GT_MOVE_NONE, "count_moves", "perft %d says %llu with "
                                "count_moves, %llu without", d, (unsigned long long)got,
                                (unsigned long long)want);
    }
    free(list);
    free(undo);
    return rc;
}

/* Each of the features' symmetries turns the position into one with the
 * same side to move, as many moves, the same check and the same rule
 * outcome, and as many active features for each perspective. */
static int check_turns(struct run *r, int n)
{
    const struct gt_game *g = r->g;
    const struct gt_features *f = g->features;
    for (int k = 1; f && k <= f->symmetries; k++) {
        f->turn(r->pos, k, r->scratch);
        const char *what = NULL;
        int got = 0, want = 0;
        if (g->side(r->scratch) != g->side(r->pos))
            what = "the side to move", got = g->side(r->scratch), want = g->side(r->pos);
        else if ((got = g->generate(r->scratch, GT_GEN_ALL, r->quiet)) != n)
            what = "the number of moves", want = n;
        else if ((got = g->in_check(r->scratch)) != (want = g->in_check(r->pos)))
            what = "in_check";
        else if ((got = (int)g->rule_outcome(r->scratch, 0)) !=
                 (want = (int)g->rule_outcome(r->pos, 0)))
            what = "rule_outcome";
        for (int p = 0; p < 2 && !what; p++) {
            got = f->active(r->scratch, p, r->fc_idx);
            if (got != (want = f->active(r->pos, p, r->fc_idx)))
                what = p ? "the active features of perspective 1"
                         : "the active features of perspective 0";
        }
        if (what) {
            g->to_text(r->scratch, r->text2, sizeof r->text2);
            return fail(r, GT_MOVE_NONE, "features.turn", "symmetry %d changes %s (%d, not "
                        "%d): %s", k, what, got, want, r->text2);
        }
    }
    return 0;
}

/* Every check at one position.  0: go on; 1: the game has ended; -1: a
 * failure; -2: out of memory. */
static int check_position(struct run *r)
{
    const struct gt_game *g = r->g;
    r->c->positions++;
    g->to_text(r->pos, r->text, sizeof r->text);
    int side = g->side(r->pos);
    if (side != 0 && side != 1)
        return fail(r, GT_MOVE_NONE, "side", "%d, not 0 or 1", side);
    if (check_text(r) < 0)
        return -1;
    int n = g->generate(r->pos, GT_GEN_ALL, r->all);
    if (n < 0 || n > g->max_moves)
        return fail(r, GT_MOVE_NONE, "generate", "%d moves, max_moves is %d", n, g->max_moves);
    if (g->count_moves && g->count_moves(r->pos) != n)
        return fail(r, GT_MOVE_NONE, "count_moves", "%d, generate lists %d",
                    g->count_moves(r->pos), n);
    memcpy(r->sorted, r->all, sizeof *r->all * (size_t)n);
    qsort(r->sorted, (size_t)n, sizeof *r->sorted, cmp_move);
    for (int i = 1; i < n; i++)
        if (r->sorted[i] == r->sorted[i - 1])
            return fail(r, r->sorted[i], "generate", "lists the move twice");
    if (check_turns(r, n) < 0)
        return -1;
    bool in_check = g->in_check(r->pos);
    if (n == 0)
        return check_end(r, g->no_moves(r->pos), "no_moves");
    enum gt_outcome o = g->rule_outcome(r->pos, 0);
    if (o != GT_ONGOING)
        return check_end(r, o, "rule_outcome");
    int left = g->max_plies_left ? g->max_plies_left(r->pos) : 0;
    if (g->max_plies_left && left < 1)
        return fail(r, GT_MOVE_NONE, "max_plies_left", "%d, but there are moves", left);
    for (int i = 0; i < n; i++)
        if (check_move(r, i, left) < 0)
            return -1;
    if (check_illegal(r, n) < 0 || (!in_check && check_kinds(r, n) < 0) ||
        check_checks(r, n) < 0 || check_null(r, in_check) < 0)
        return -1;
    gt_move culprit;
    if (g->book && gt_book_check(g, r->pos, r->all, n, in_check, r->book_work, &culprit,
                                 r->err, sizeof r->err) < 0)
        return fail(r, culprit, "book", "%s", r->err);
    return check_perft(r);
}

/* Play a random move of the list (checking its features on the way). */
static int play(struct run *r, int n)
{
    const struct gt_game *g = r->g;
    gt_move m = r->all[gt_rand64(&r->rng) % (unsigned)n];
    char mv[256];
    memcpy(r->prev, r->all, sizeof *r->all * (size_t)n);
    r->nprev = n;
    r->last = m;
    g->move_to_text(r->pos, m, mv, sizeof mv);
    r->made = mv;
    int rc = 0;
    if (r->fc) {
        if (gt_features_check_move(r->fc, r->pos, m, r->undo, r->err, sizeof r->err) < 0)
            rc = fail(r, m, "features", "%s", r->err);
    } else
        g->make(r->pos, m, r->undo);
    r->made = NULL;
    return rc;
}

static void run_free(struct run *r)
{
    free(r->pos);
    free(r->scratch);
    free(r->undo);
    free(r->all);
    free(r->sorted);
    free(r->noisy);
    free(r->quiet);
    free(r->checks);
    free(r->prev);
    free(r->gives);
    gt_features_checker_free(r->fc);
    free(r->fc_idx);
    free(r->book_work);
}

int gt_conformance_run(const struct gt_game *g, struct gt_conformance *c, FILE *out)
{
    struct run r = {.g = g, .c = c, .out = out, .rng = c->seed};
    size_t list = sizeof(gt_move) * (size_t)(g->max_moves > 0 ? g->max_moves : 1);
    r.pos = malloc(g->pos_size);
    r.scratch = malloc(g->pos_size);
    r.undo = malloc(g->undo_size ? g->undo_size : 1);
    r.all = malloc(list);
    r.sorted = malloc(list);
    r.noisy = malloc(list);
    r.quiet = malloc(list);
    r.checks = malloc(list);
    r.prev = malloc(list);
    r.gives = malloc(sizeof *r.gives * (size_t)(g->max_moves > 0 ? g->max_moves : 1));
    if (g->features) {
        r.fc = gt_features_checker_new(g);
        r.fc_idx = malloc(sizeof *r.fc_idx * (size_t)g->features->max_active);
    }
    if (g->book)
        r.book_work = malloc(gt_book_check_size(g));
    if (!r.pos || !r.scratch || !r.undo || !r.all || !r.sorted || !r.noisy || !r.quiet ||
        !r.checks || !r.prev || !r.gives || (g->features && (!r.fc || !r.fc_idx)) ||
        (g->book && !r.book_work)) {
        run_free(&r);
        return -1;
    }
    int rc = 0;
    for (r.game = 0; r.game < c->games && c->failures < c->max_failures; r.game++) {
        memcpy(r.pos, c->start, g->pos_size);
        r.nprev = 0;
        r.last = GT_MOVE_NONE;
        for (r.ply = 0; r.ply < c->max_plies; r.ply++) {
            int s = check_position(&r);
            if (s == -2)
                rc = -1;
            if (s != 0)
                break;
            if (play(&r, g->generate(r.pos, GT_GEN_ALL, r.all)) < 0)
                break;
        }
        if (rc < 0)
            break;
    }
    run_free(&r);
    return rc < 0 ? -1 : c->failures;
}
