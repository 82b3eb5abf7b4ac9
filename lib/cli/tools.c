/* tools.c -- perft, bench and analyse from the command line.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "tools.h"

#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/options.h"
#include "core/perft.h"
#include "report.h"
#include "core/util.h"
#ifdef HAVE_MPI
#include "dist/dist.h"
#endif

struct divide_ctx {
    const struct gt_game *g;
    const void *pos;
    FILE *out;
};

static void print_divide(void *ctx, gt_move m, uint64_t count)
{
    struct divide_ctx *d = ctx;
    char mv[32];
    d->g->move_to_text(d->pos, m, mv, sizeof mv);
    fprintf(d->out, "%s: %llu\n", mv, (unsigned long long)count);
}

int gt_tool_set_position(struct gt_engine *e, const char *cmd, const char *text)
{
    char err[512], *copy = text ? strdup(text) : NULL, *start = copy;
    const char *moves = NULL;
    if (text && !copy) {
        fprintf(stderr, "gtsearch %s: out of memory\n", cmd);
        return -1;
    }
    /* Cut at the word `moves`; what is before it is the position. */
    for (const char *cur = copy, *w; cur && *(w = gt_skip_blanks(cur));) {
        char word[16];
        gt_next_word(&cur, word, sizeof word);
        if (!strcmp(word, "moves")) {
            copy[w - copy] = 0;
            moves = cur;
            break;
        }
    }
    char first[16];
    const char *rest = start;
    if (start && gt_next_word(&rest, first, sizeof first) &&
        !strcmp(first, "startpos") && !*gt_skip_blanks(rest))
        start = NULL;
    int r = gt_engine_set_position(e, start, moves, err, sizeof err);
    free(copy);
    if (r < 0) {
        fprintf(stderr, "gtsearch %s: %s\n", cmd, err);
        return -1;
    }
    return 0;
}

int gt_tool_perft(struct gt_engine *e, int depth, const char *position,
                  bool divide, FILE *out)
{
    const struct gt_game *g = gt_engine_game(e);
    if (gt_tool_set_position(e, "perft", position) < 0)
        return 1;
    void *pos = malloc(g->pos_size);
    void *copy = malloc(g->pos_size);
    if (!pos || !copy) {
        free(pos);
        free(copy);
        return 1;
    }
    memcpy(pos, gt_engine_position(e), g->pos_size);
    memcpy(copy, pos, g->pos_size);
    struct divide_ctx d = {g, copy, out};
    int64_t t0 = gt_now_us();
#ifdef HAVE_MPI
    /* Under mpirun the ranks share the tree; rank 0 reports. */
    uint64_t n = gt_dist_perft(g, pos, depth, divide ? print_divide : NULL, &d);
    if (gt_dist_rank() != 0) {
        free(pos);
        free(copy);
        return 0;
    }
#else
    uint64_t n = gt_perft(g, pos, depth, divide ? print_divide : NULL, &d);
#endif
    int64_t us = gt_now_us() - t0;
    if (divide)
        fputc('\n', out);
    fprintf(out, "perft %d: %llu leaves in %.6f s, %.0f leaves/s\n", depth,
            (unsigned long long)n, us / 1e6, us > 0 ? n * 1e6 / (double)us : 0.0);
    free(pos);
    free(copy);
    return 0;
}

static void print_null_stats(FILE *out, const struct gt_null_stats *s)
{
    fprintf(out, "null move: tries %llu, cutoffs %llu, verifications %llu, "
            "verification failures %llu\n",
            (unsigned long long)s->tries, (unsigned long long)s->cutoffs,
            (unsigned long long)s->verifications,
            (unsigned long long)s->verify_failures);
}

int gt_tool_bench(struct gt_engine *e, int depth, FILE *out)
{
    const struct gt_game *g = gt_engine_game(e);
    struct gt_limits lim = {.depth = depth > 0 ? depth : g->bench_depth};
    struct gt_null_stats null = {0};
    uint64_t nodes = 0;
    int64_t ms = 0;
    char err[512];
    int i = 0;
    if (!g->bench_positions || !g->bench_positions[0]) {
        fprintf(stderr, "gtsearch bench: game '%s' has no bench positions\n", g->name);
        return 1;
    }
    if (lim.depth <= 0)
        lim.depth = 8;
    /* One thread and a cleared table: the node count is a signature. */
    gt_engine_set_option(e, "Threads", "1", NULL, 0);
    for (; g->bench_positions[i]; i++) {
        struct gt_search_result res;
        if (gt_engine_set_position(e, g->bench_positions[i], NULL, err, sizeof err) < 0) {
            fprintf(stderr, "gtsearch bench: position %d: %s\n", i + 1, err);
            return 1;
        }
        gt_engine_new_game(e);
        if (gt_engine_search(e, &lim, NULL, NULL, &res) < 0)
            return 1;
        char mv[32] = "(none)", score[32];
        gt_move best = gt_safe_best_move(g, gt_engine_position(e), res.best);
        if (best)
            g->move_to_text(gt_engine_position(e), best, mv, sizeof mv);
        gt_format_score(g, res.score, score, sizeof score);
        fprintf(out, "position %2d: bestmove %-8s score %-10s nodes %10llu\n", i + 1,
                mv, score, (unsigned long long)res.nodes);
        nodes += res.nodes;
        ms += res.time_ms;
        null.tries += res.null.tries;
        null.cutoffs += res.null.cutoffs;
        null.verifications += res.null.verifications;
        null.verify_failures += res.null.verify_failures;
    }
    fprintf(out, "\n%d positions, depth %d\n", i, lim.depth);
    print_null_stats(out, &null);
    fprintf(out, "time %lld ms, nodes/s %llu\n", (long long)ms,
            (unsigned long long)(ms > 0 ? nodes * 1000 / (uint64_t)ms : 0));
    fprintf(out, "Nodes searched: %llu\n", (unsigned long long)nodes);
    return 0;
}

struct analyse_ctx {
    const struct gt_game *g;
    const void *pos;
    FILE *out;
};

static void print_info(void *ctx, const struct gt_search_info *info)
{
    struct analyse_ctx *a = ctx;
    char line[8192];
    gt_format_info(a->g, a->pos, info, line, sizeof line);
    fprintf(a->out, "%s\n", line);
    fflush(a->out);
}

int gt_tool_analyse(struct gt_engine *e, const char *position, const char *limit,
                    long value, FILE *out)
{
    const struct gt_game *g = gt_engine_game(e);
    struct gt_limits lim = {0};
    struct gt_search_result res;
    if (gt_tool_set_position(e, "analyse", position) < 0)
        return 1;
    if (!strcmp(limit, "nodes"))
        lim.nodes = (uint64_t)value;
    else if (!strcmp(limit, "movetime"))
        lim.movetime = value;
    else
        lim.depth = (int)value;
    struct analyse_ctx a = {g, gt_engine_position(e), out};
    if (gt_engine_search(e, &lim, print_info, &a, &res) < 0)
        return 1;
    gt_move best = gt_safe_best_move(g, gt_engine_position(e), res.best);
    char mv[32] = "(none)";
    if (best)
        g->move_to_text(gt_engine_position(e), best, mv, sizeof mv);
    fprintf(out, "bestmove %s\n", mv);
    print_null_stats(out, &res.null);
    fprintf(out, "nodes %llu, time %lld ms\n", (unsigned long long)res.nodes,
            (long long)res.time_ms);
    return 0;
}

int gt_tool_params(struct gt_engine *e, FILE *out)
{
    struct gt_search_params p;
    gt_engine_params(e, &p);
    fprintf(out, "%-20s %7s %7s %7s %7s  %s\n", "# name", "value", "default", "min", "max",
            "what it does (switches: 1 on, 0 off)");
    for (int i = 0; i < GT_SP_COUNT; i++) {
        const struct gt_param *t = &gt_search_param_table[i];
        fprintf(out, "%-20s %7ld %7ld %7ld %7ld  %s\n", t->name, (long)p.sp[i],
                gt_engine_search_default(e, i), (long)t->min, (long)t->max,
                gt_search_param_doc[i]);
    }
    return 0;
}
