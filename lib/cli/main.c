/* main.c -- the gtsearch program: picks a game module, then speaks the
 * game's protocol on stdin/stdout or runs one of the tools.
 * SPDX-License-Identifier: MIT */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ltdl.h>

#include "engine/engine.h"
#include "args.h"
#include "epd.h"
#include "help.h"
#include "mate_tool.h"
#include "plot_cli.h"
#include "features_cli.h"
#include "net_cli.h"
#include "train_cli.h"
#include "label_cli.h"
#include "tune_cli.h"
#include "match/match.h"
#include "protocol.h"
#include "registry.h"
#include "selftest.h"
#include "tools.h"
#include "core/util.h"
#ifdef HAVE_MPI
#include "dist/dist.h"
#endif

enum { EXIT_USAGE = GT_EXIT_USAGE };

static void list_one(void *ctx, const struct gt_game *g, const char *file)
{
    fprintf(ctx, "  %-10s %s (%s)\n", g->name, g->description ? g->description : "",
            g->dialect == GT_USI ? "USI" : "UCI");
    fprintf(ctx, "  %-10s %s\n", "", file ? file : "built in");
}

static void list_refused(void *ctx, const char *file, const char *why)
{
    size_t n = strlen(file);
    if (!strncmp(why, file, n) && !strncmp(why + n, ": ", 2))
        why += n + 2;       /* the message names the file already */
    fprintf(ctx, "  %s: %s\n", file, why);
}

/* The built-in games and every module on the module path, each with its
 * file; the files that are not usable modules, with the reason. */
static void list_games(struct gt_registry *r, FILE *out)
{
    char *refused = NULL;
    size_t len = 0;
    FILE *bad = open_memstream(&refused, &len);
    gt_registry_scan(r, list_refused, bad);
    if (bad)
        fclose(bad);
    fprintf(out, "Available games:\n");
    gt_registry_each(r, list_one, out);
    if (refused && len)
        fprintf(out, "Refused module files:\n%s", refused);
    free(refused);
}

/* A mistake before the command (or in its name). */
static int bad_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "gtsearch: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'gtsearch --help'.\n");
    return EXIT_USAGE;
}

static int parse_count(const char *text, long min, long max, long *out)
{
    return gt_parse_long(text, min, max, out);
}

/* --depth N, --nodes N or --movetime MS at argv[i]: returns the number of
 * words used (0: not a limit; -1: a bad number, already reported). */
static int parse_limit(const char *cmd, int argc, char **argv, int i, const char **limit,
                       long *value)
{
    const char *names[] = {"--depth", "--nodes", "--movetime"};
    for (int k = 0; k < 3; k++) {
        if (strcmp(argv[i], names[k]))
            continue;
        long max = k == 0 ? GT_MAX_PLY - 1 : 1L << 40;
        if (i + 1 >= argc || parse_count(argv[i + 1], 1, max, value) < 0) {
            gt_usage_error(cmd, k == 0 ? "%s needs a depth from 1 to 127"
                                       : "%s needs a positive number", argv[i]);
            return -1;
        }
        *limit = names[k] + 2;
        return 2;
    }
    return 0;
}

static int run_command(struct gt_engine *e, int argc, char **argv)
{
    const char *cmd = argv[0];
    long n = 0;
    if (!strcmp(cmd, "perft")) {
        const char *position = NULL;
        bool divide = false;
        if (argc < 2)
            return gt_usage_error(cmd, "needs a depth from 1 to 64%s", "");
        if (parse_count(argv[1], 1, 64, &n) < 0)
            return gt_usage_error(cmd, "needs a depth from 1 to 64 first, not '%s'", argv[1]);
        for (int i = 2; i < argc; i++) {
            if (!strcmp(argv[i], "--divide"))
                divide = true;
            else if (!strcmp(argv[i], "--position") && i + 1 < argc)
                position = argv[++i];
            else
                return gt_usage_error(cmd, "unexpected or incomplete argument '%s'", argv[i]);
        }
        return gt_tool_perft(e, (int)n, position, divide, stdout);
    }
    if (!strcmp(cmd, "params")) {
        if (argc > 1)
            return gt_usage_error(cmd, "unexpected argument '%s'", argv[1]);
        return gt_tool_params(e, stdout);
    }
    if (!strcmp(cmd, "bench")) {
        if (argc > 2 || (argc == 2 && parse_count(argv[1], 1, GT_MAX_PLY - 1, &n) < 0))
            return gt_usage_error(cmd, "takes one optional depth from 1 to 127, not '%s'",
                                  argv[argc - 1]);
        return gt_tool_bench(e, (int)n, stdout);
    }
    if (!strcmp(cmd, "analyse") || !strcmp(cmd, "analyze")) {
        const char *limit = "depth";
        long value = 10;
        if (argc < 2)
            return gt_usage_error(cmd, "needs a position text (or 'startpos') first%s", "");
        for (int i = 2; i < argc; i++) {
            if (!strcmp(argv[i], "--multipv")) {
                char err[256], most[16];
                snprintf(most, sizeof most, "%d", GT_MAX_MULTIPV);
                if (i + 1 >= argc ||
                    gt_engine_set_option(e, "MultiPV", argv[i + 1], err, sizeof err) < 0)
                    return gt_usage_error(cmd, "--multipv needs a number of lines from 1 to %s",
                                          most);
                i++;
                continue;
            }
            int used = parse_limit(cmd, argc, argv, i, &limit, &value);
            if (used < 0)
                return EXIT_USAGE;
            if (!used)
                return gt_usage_error(cmd, "unexpected argument '%s'", argv[i]);
            i += used - 1;
        }
        return gt_tool_analyse(e, argv[1], limit, value, stdout);
    }
    if (!strcmp(cmd, "epd")) {
        struct gt_epd_options opt = {.limit = "depth", .value = 10};
        if (argc < 2)
            return gt_usage_error(cmd, "needs the suite's file first%s", "");
        for (int i = 2; i < argc; i++) {
            int used = parse_limit(cmd, argc, argv, i, &opt.limit, &opt.value);
            if (used < 0)
                return EXIT_USAGE;
            if (used) {
                i += used - 1;
            } else if (!strcmp(argv[i], "--dm-plies"))
                opt.dm_in_plies = true;
            else if (!strcmp(argv[i], "--threads")) {
                char err[256];
                if (i + 1 >= argc ||
                    gt_engine_set_option(e, "Threads", argv[i + 1], err, sizeof err) < 0)
                    return gt_usage_error(cmd, "%s needs a number of threads from 1 to 256",
                                          argv[i]);
                i++;
            } else
                return gt_usage_error(cmd, "unexpected argument '%s'", argv[i]);
        }
        return gt_epd_run(e, argv[1], &opt, stdout);
    }
    if (!strcmp(cmd, "mate")) {
        struct gt_mate_limits lim = {0};
        enum gt_mate_rule rule = GT_MATE_RULE_DEFAULT;
        if (argc < 2)
            return gt_usage_error(cmd, "needs a position text (or 'startpos') first%s", "");
        for (int i = 2; i < argc; i++) {
            const char *a = argv[i];
            long max = !strcmp(a, "--plies") ? GT_MATE_MAX_PLY : 1L << 40;
            if (!strcmp(a, "--checks") || !strcmp(a, "--all-moves"))
                rule = a[2] == 'c' ? GT_MATE_RULE_CHECKS : GT_MATE_RULE_ALL;
            else if (!strcmp(a, "--plies") || !strcmp(a, "--nodes") ||
                     !strcmp(a, "--movetime")) {
                if (gt_arg_long(cmd, argc, argv, &i, 1, max, &n) < 0)
                    return EXIT_USAGE;
                if (a[2] == 'p') lim.max_plies = (int)n;
                else if (a[2] == 'n') lim.nodes = (uint64_t)n;
                else lim.time_ms = n;
            } else
                return gt_usage_error(cmd, "unexpected argument '%s'", a);
        }
        return gt_tool_mate(e, argv[1], rule, &lim, stdout);
    }
    if (!strcmp(cmd, "match"))
        return gt_match_main(e, argc - 1, argv + 1);
    if (!strcmp(cmd, "datagen"))
        return gt_datagen_main(e, argc - 1, argv + 1);
    if (!strcmp(cmd, "convert"))
        return gt_convert_main(e, argc - 1, argv + 1);
    if (!strcmp(cmd, "label"))
        return gt_label_main(e, argc - 1, argv + 1);
    if (!strcmp(cmd, "tune"))
        return gt_tune_main(e, argc - 1, argv + 1);
    if (!strcmp(cmd, "spsa"))
        return gt_spsa_main(e, argc - 1, argv + 1);
    if (!strcmp(cmd, "train"))
        return gt_train_main(e, argc - 1, argv + 1);
    if (!strcmp(cmd, "selftest"))
        return gt_selftest_main(e, argc, argv);
    if (!strcmp(cmd, "export-features"))
        return gt_export_features_main(e, argc - 1, argv + 1);
    if (!strcmp(cmd, "net"))
        return gt_net_main(e, argc - 1, argv + 1);
    /* The help table names a command this dispatch does not know. */
    return bad_usage("unknown command '%s'", cmd);
}

#ifndef HAVE_MPI
/* How many copies an MPI launcher (mpirun, srun) started, as it says in
 * the environment (lib/dist/dist.c reads the same words); 1 without one. */
static long launched_copies(void)
{
    const char *v = getenv("OMPI_COMM_WORLD_SIZE");
    if (!v)
        v = getenv("PMI_SIZE");
    if (v)
        return strtol(v, NULL, 10);
    v = getenv("PMIX_RANK");
    return v && strtol(v, NULL, 10) > 0 ? 2 : 1;
}
#endif

int main(int argc, char **argv)
{
    const char *game = GT_DEFAULT_GAME;
    const char *options[64];
    int noptions = 0, first_cmd = argc;
    bool list = false;
    char err[512];

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            gt_help_usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--version")) {
            printf("gtsearch %s\n"
                   "Copyright (c) 2026 the gtsearch authors.\n"
                   "MIT License: free to use, change and share; no warranty (see LICENSE).\n",
                   gt_version());
            return 0;
        } else if (!strcmp(argv[i], "--list-games"))
            list = true;
        else if (!strcmp(argv[i], "--game") && i + 1 < argc)
            game = argv[++i];
        else if (!strcmp(argv[i], "--option") && i + 1 < argc) {
            if (noptions == 64)
                return bad_usage("too many --option arguments%s", "");
            options[noptions++] = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1] == '-')
            return bad_usage("unknown or incomplete option '%s'", argv[i]);
        else {
            first_cmd = i;
            break;
        }
    }
    /* Help needs no game: it is answered before one is loaded, and
     * --help anywhere after the command wins over its other words. */
    if (first_cmd < argc) {
        const char *cmd = argv[first_cmd];
        int nargs = argc - first_cmd - 1;
        const struct gt_command_help *h = gt_help_find(cmd);
        if (!h)
            return bad_usage("unknown command '%s'", cmd);
        if (!strcmp(h->name, "help"))
            return gt_help_main(nargs, argv + first_cmd + 1);
        if (gt_help_asked(nargs, argv + first_cmd + 1)) {
            gt_help_command(h, stdout);
            return 0;
        }
        /* Drawing progress files needs no game either. */
        if (!strcmp(h->name, "plot"))
            return gt_plot_main(nargs, argv + first_cmd + 1);
    }

    LTDL_SET_PRELOADED_SYMBOLS();
    struct gt_registry *reg = gt_registry_new(lt_preloaded_symbols, err, sizeof err);
    if (!reg) {
        fprintf(stderr, "gtsearch: %s\n", err);
        return 1;
    }
    if (list) {
        list_games(reg, stdout);
        gt_registry_free(reg);
        return 0;
    }
    int rc = 0;
    struct gt_engine *e = NULL;
    const struct gt_game *g = gt_registry_find(reg, game, err, sizeof err);
    if (!g) {
        fprintf(stderr, "gtsearch: %s\n", err);
        /* An unknown name: what there is.  A module file that was found
         * but refused: the reason says it all. */
        if (!gt_registry_is_file(game))
            list_games(reg, stderr);
        rc = EXIT_USAGE;
        goto out;
    }
    e = gt_engine_new(g, err, sizeof err);
    if (!e) {
        fprintf(stderr, "gtsearch: %s\n", err);
        rc = 1;
        goto out;
    }
    for (int i = 0; i < noptions; i++) {
        if (gt_engine_set_option_word(e, options[i], err, sizeof err) < 0) {
            fprintf(stderr, "gtsearch: --option %s: %s\n", options[i], err);
            rc = EXIT_USAGE;
            goto out;
        }
    }
    if (first_cmd < argc) {
#ifdef HAVE_MPI
        gt_dist_init(argv[first_cmd]);
#else
        /* The commands MPI would share out: without it every copy would
         * do the whole job alone (engines a match starts inherit the
         * launcher's environment, so the protocol loop is not refused). */
        const char *c = argv[first_cmd];
        long copies = launched_copies();
        if (copies > 1 && (!strcmp(c, "perft") || !strcmp(c, "match") ||
                           !strcmp(c, "datagen"))) {
            fprintf(stderr, "gtsearch %s: started as one of %ld copies by an MPI launcher, "
                    "but this gtsearch was built without MPI (./configure --with-mpi): "
                    "each copy would run the whole job alone\n", c, copies);
            rc = 1;
            goto out;
        }
#endif
        rc = run_command(e, argc - first_cmd, argv + first_cmd);
    }
    else
        rc = gt_protocol_run(e, stdin, stdout);
out:
    gt_engine_free(e);
    gt_registry_free(reg);
#ifdef HAVE_MPI
    gt_dist_finish(rc);
#endif
    return rc;
}
