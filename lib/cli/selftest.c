/* selftest.c -- `gtsearch --game NAME selftest`: random games from the
 * start (or a given position), every hook of the contract checked at
 * every ply; a failure names the hook, the position and the move.  Its
 * help is help_table.c's.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "selftest.h"

#include <stdio.h>
#include <string.h>

#include "args.h"
#include "tools.h"
#include "core/conformance.h"
#include "core/util.h"
#include "engine/engine.h"

static void prepare(void *ctx, void *pos) { gt_engine_prepare_position(ctx, pos); }

int gt_selftest_main(struct gt_engine *e, int argc, char **argv)
{
    const struct gt_game *g = gt_engine_game(e);
    struct gt_conformance c = {.games = 20, .max_plies = 300, .perft_depth = 2,
                               .perft_every = 8, .seed = 1, .max_failures = 10};
    const char *position = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        long v = 0;
        if (!strcmp(a, "--position") && i + 1 < argc) {
            position = argv[++i];
            continue;
        }
        long min = 1, max = 1L << 30;
        if (!strcmp(a, "--depth"))
            min = 0, max = 8;
        else if (strcmp(a, "--games") && strcmp(a, "--plies") && strcmp(a, "--every") &&
                 strcmp(a, "--seed"))
            return gt_usage_error("selftest", "unexpected or incomplete argument '%s'", a);
        if (gt_arg_long("selftest", argc, argv, &i, min, max, &v) < 0)
            return GT_EXIT_USAGE;
        if (!strcmp(a, "--games"))
            c.games = (int)v;
        else if (!strcmp(a, "--plies"))
            c.max_plies = (int)v;
        else if (!strcmp(a, "--depth"))
            c.perft_depth = (int)v;
        else if (!strcmp(a, "--every"))
            c.perft_every = (int)v;
        else
            c.seed = (uint64_t)v;
    }
    if (position && gt_tool_set_position(e, "selftest", position) < 0)
        return 2;
    c.start = gt_engine_position(e);
    c.prepare = prepare;
    c.ctx = e;
    int64_t t0 = gt_now_us();
    int rc = gt_conformance_run(g, &c, stdout);
    if (rc < 0) {
        fprintf(stderr, "gtsearch selftest: out of memory\n");
        return 1;
    }
    printf("selftest: %s: %d games (%d to their end), %ld positions, %ld moves made, "
           "%ld perfts, %.1f s: %s\n",
           g->name, c.games, c.ended, c.positions, c.moves, c.perfts,
           (double)(gt_now_us() - t0) / 1e6,
           c.failures ? "FAILED" : "every check held");
    return c.failures ? 1 : 0;
}
