/* selftest.c -- `gtsearch --game NAME selftest`: random games from the
 * start (or a given position), every hook of the contract checked at
 * every ply; a failure names the hook, the position and the move.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "selftest.h"

#include <stdio.h>
#include <string.h>

#include "tools.h"
#include "core/conformance.h"
#include "core/util.h"
#include "engine/engine.h"

static void prepare(void *ctx, void *pos) { gt_engine_prepare_position(ctx, pos); }

static int usage(FILE *out)
{
    fprintf(out,
            "Usage: gtsearch --game NAME selftest [options]\n"
            "Plays random games and checks the module's hooks at every ply: legality,\n"
            "make/unmake and the null move, keys, move and position text in every\n"
            "notation, the noisy/quiet/check lists, count_moves against perft, the end\n"
            "of the game, the length bound and the input features.\n"
            "  --games N      random games to play (default 20)\n"
            "  --plies N      cut a game after N plies (default 300)\n"
            "  --depth N      perft depth checked against count_moves (default 2; 0: off)\n"
            "  --every N      ... at every N plies (default 8)\n"
            "  --seed N       the random games' seed (default 1)\n"
            "  --position P   start from P (position text, or startpos moves ...)\n"
            "Example: gtsearch --game ./mygame.so selftest --games 100 --seed 7\n");
    return 0;
}

int gt_selftest_main(struct gt_engine *e, int argc, char **argv)
{
    const struct gt_game *g = gt_engine_game(e);
    struct gt_conformance c = {.games = 20, .max_plies = 300, .perft_depth = 2,
                               .perft_every = 8, .seed = 1, .max_failures = 10};
    const char *position = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        long v = 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return usage(stdout);
        if (!strcmp(a, "--position") && i + 1 < argc) {
            position = argv[++i];
            continue;
        }
        long min = 1, max = 1L << 30;
        if (!strcmp(a, "--depth"))
            min = 0, max = 8;
        else if (strcmp(a, "--games") && strcmp(a, "--plies") && strcmp(a, "--every") &&
                 strcmp(a, "--seed")) {
            fprintf(stderr, "gtsearch selftest: unexpected argument '%s'\n", a);
            usage(stderr);
            return 2;
        }
        if (i + 1 >= argc || gt_parse_long(argv[i + 1], min, max, &v) < 0) {
            fprintf(stderr, "gtsearch selftest: %s needs a number from %ld to %ld\n", a, min,
                    max);
            return 2;
        }
        i++;
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
    if (position && gt_tool_set_position(e, position) < 0)
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
