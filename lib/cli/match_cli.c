/* match_cli.c -- the `match` command line.
 *
 *   gtsearch [--game NAME] [--option N=V]... match --engine CMD [KEY=VALUE]...
 *       --engine CMD ... [OPTION]...
 *
 * The options, with their defaults, are `gtsearch match --help`
 * (help_table.c) and gtsearch(1); this file reads them into a
 * gt_match_config (match.h says what each field means).
 *
 * cutechess-cli's and fastchess's own options (one dash: -engine cmd=...,
 * -each, -games, -rounds, -openings file=..., ...) are read as well, by
 * match_cutechess.c.
 *
 * The words after `--engine CMD` that look like KEY=VALUE belong to that
 * engine.  proto defaults to the game's dialect (UCI for chess and
 * connect4, USI for shogi), except that a shogi engine whose command
 * names gnushogi speaks gnushogi's protocol.  The game options given with
 * --option before `match` (UCI_Chess960, EnteringKingRule) also rule the
 * referee.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_cli.h"
#include "match/match_record.h"
#include "match/match_tc.h"

#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "interrupt.h"
#include "match_cutechess.h"
#include "engine/engine.h"
#include "engine/options.h"
#include "core/util.h"
#ifdef HAVE_MPI
#include "dist/dist.h"
#endif

static int parse_double(const char *text, double min, double max, double *out)
{
    char *end;
    if (!text || !*text)
        return -1;
    double v = strtod(text, &end);
    if (*end || v < min || v > max || v != v)
        return -1;
    *out = v;
    return 0;
}

/* KEY=VALUE words after --engine CMD. */
int gt_match_engine_attr(const char *cmd, struct gt_match_engine *e, const char *word)
{
    const char *eq = strchr(word, '=');
    if (!strncmp(word, "name=", 5)) {
        if (!word[5])
            return gt_usage_error(cmd, "empty engine name in '%s'", word);
        snprintf(e->name, sizeof e->name, "%s", word + 5);
    } else if (!strncmp(word, "proto=", 6)) {
        const char *p = word + 6;
        if (!strcmp(p, "uci"))
            e->proto = GT_PROTO_UCI;
        else if (!strcmp(p, "usi"))
            e->proto = GT_PROTO_USI;
        else if (!strcmp(p, "cecp") || !strcmp(p, "xboard"))
            e->proto = GT_PROTO_CECP;
        else if (!strcmp(p, "gnushogi"))
            e->proto = GT_PROTO_GNUSHOGI;
        else
            return gt_usage_error(cmd, "unknown protocol in '%s' (uci, usi, cecp or gnushogi)",
                                  word);
    } else if (!strncmp(word, "nodes=", 6)) {
        long v;
        if (gt_parse_long(word + 6, 1, 1L << 50, &v) < 0)
            return gt_usage_error(cmd, "nodes= needs a positive number, not '%s'", word + 6);
        e->nodes = (uint64_t)v;
    } else if (!strncmp(word, "book=", 5)) {
        if (!word[5])
            return gt_usage_error(cmd, "book= needs a book file, in '%s'", word);
        e->book = word + 5;
    } else if (!strncmp(word, "bookdepth=", 10)) {
        long v;
        if (gt_parse_long(word + 10, 1, 100000, &v) < 0)
            return gt_usage_error(cmd, "bookdepth= needs a positive number of full moves, "
                                       "not '%s'", word + 10);
        e->book_depth = (int)v;
    } else if (!strncmp(word, "option.", 7) && eq && eq > word + 7) {
        if (e->noptions == GT_MATCH_MAX_EOPTIONS)
            return gt_usage_error(cmd, "too many engine options at '%s'", word);
        char *name = strndup(word + 7, (size_t)(eq - word - 7));
        if (!name) {
            fprintf(stderr, "gtsearch %s: out of memory\n", cmd);
            return 1;
        }
        e->opt_name[e->noptions] = name;
        e->opt_value[e->noptions++] = eq + 1;
    } else
        return gt_usage_error(cmd, "unknown engine setting '%s' "
                                   "(name=, proto=, nodes=, book=, bookdepth=, "
                                   "option.NAME=)",
                              word);
    return 0;
}

int gt_match_sprt_attr(const char *cmd, struct gt_match_config *c, const char *word)
{
    const char *eq = strchr(word, '=');
    double v;
    if (!eq || parse_double(eq + 1, -2000, 2000, &v) < 0)
        return gt_usage_error(cmd, "bad SPRT setting '%s'", word);
    size_t n = (size_t)(eq - word);
    if (n == 4 && !strncmp(word, "elo0", 4))
        c->elo0 = v;
    else if (n == 4 && !strncmp(word, "elo1", 4))
        c->elo1 = v;
    else if ((n == 5 && !strncmp(word, "alpha", 5)) || (n == 4 && !strncmp(word, "beta", 4))) {
        if (v <= 0 || v >= 0.5)
            return gt_usage_error(cmd, "SPRT error rates lie between 0 and 0.5, not '%s'",
                                  word);
        *(word[0] == 'a' ? &c->alpha : &c->beta) = v;
    } else
        return gt_usage_error(cmd, "unknown SPRT setting '%s' (elo0, elo1, alpha, beta)", word);
    return 0;
}

bool gt_match_is_attr(const char *w) { return w[0] != '-' && strchr(w, '=') != NULL; }

int gt_match_parse_args(const char *cmd, struct gt_match_config *c, int argc, char **argv,
                        int min_engines)
{
    long v;
    struct gt_cute st = {.used = false};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int rc = 0;
        if (a[0] == '-' && a[1] && a[1] != '-') {   /* cutechess's and fastchess's */
            if ((rc = gt_cute_option(cmd, c, &st, argc, argv, &i)))
                return rc;
            continue;
        }
        if (!strcmp(a, "--engine")) {
            if (!val)
                return gt_usage_error(cmd, "--engine needs a command%s", "");
            if (c->nengines == GT_MATCH_MAX_ENGINES)
                return gt_usage_error(cmd, "at most 16 engines%s", "");
            struct gt_match_engine *e = &c->engines[c->nengines++];
            e->cmd = argv[++i];
            while (i + 1 < argc && gt_match_is_attr(argv[i + 1]))
                if ((rc = gt_match_engine_attr(cmd, e, argv[++i])))
                    return rc;
            continue;
        }
        if (!strcmp(a, "--sprt")) {
            c->sprt = true;
            while (i + 1 < argc && gt_match_is_attr(argv[i + 1]))
                if ((rc = gt_match_sprt_attr(cmd, c, argv[++i])))
                    return rc;
            continue;
        }
        bool *flag = !strcmp(a, "--report-rss") ? &c->report_rss
                     : !strcmp(a, "--gauntlet") ? &c->gauntlet
                     : !strcmp(a, "--resume") ? &c->resume
                     : !strcmp(a, "--pgn-min") ? &c->pgn_min : NULL;
        if (flag) {
            *flag = true;
            continue;
        }
        if (!val)
            return gt_usage_error(cmd, "unknown option or missing value: '%s'", a);
        i++;
        if (!strcmp(a, "--games")) {
            if (gt_parse_long(val, 1, 1000000, &v) < 0)
                return gt_usage_error(cmd, "--games needs a number from 1 to 1000000, not '%s'",
                                      val);
            c->games = (int)v;
        } else if (!strcmp(a, "--tc")) {
            if (gt_match_tc_parse(val, &c->tc) < 0)
                return gt_usage_error(cmd, "--tc needs SECONDS[+INCREMENT] (e.g. 10+0.1), "
                                           "not '%s'",
                                      val);
        } else if (!strcmp(a, "--byoyomi") || !strcmp(a, "--movetime") ||
                   !strcmp(a, "--timemargin") || !strcmp(a, "--timeout")) {
            if (gt_parse_long(val, !strcmp(a, "--timemargin") ? 0 : 1, 1L << 40, &v) < 0)
                return gt_usage_error(cmd, "bad number of milliseconds '%s'", val);
            int64_t *dst = a[2] == 'b' ? &c->tc.byoyomi_ms : a[2] == 'm' ? &c->tc.movetime_ms
                           : a[6] == 'm' ? &c->tc.margin_ms : &c->tc.hang_ms;
            *dst = v;
        } else if (!strcmp(a, "--nodes")) {
            if (gt_parse_long(val, 1, 1L << 50, &v) < 0)
                return gt_usage_error(cmd, "--nodes needs a positive number, not '%s'", val);
            c->tc.nodes = (uint64_t)v;
        } else if (!strcmp(a, "--depth")) {
            if (gt_parse_long(val, 1, 127, &v) < 0)
                return gt_usage_error(cmd, "--depth needs a number from 1 to 127, not '%s'",
                                      val);
            c->tc.depth = (int)v;
        } else if (!strcmp(a, "--concurrency")) {
            if (gt_parse_long(val, 1, 256, &v) < 0)
                return gt_usage_error(cmd, "--concurrency needs a number from 1 to 256, "
                                           "not '%s'",
                                      val);
            c->concurrency = (int)v;
        } else if (!strcmp(a, "--draw-after")) {
            if (gt_parse_long(val, 1, 100000, &v) < 0)
                return gt_usage_error(cmd, "--draw-after needs a number of plies, not '%s'",
                                      val);
            c->draw_after = (int)v;
        } else if (!strcmp(a, "--resign")) {
            long s, m;
            char head[32];
            const char *colon = strchr(val, ':');
            size_t n = colon ? (size_t)(colon - val) : 0;
            if (!colon || n >= sizeof head)
                return gt_usage_error(cmd, "--resign needs SCORE:MOVES (e.g. 600:3), not '%s'",
                                      val);
            memcpy(head, val, n);
            head[n] = 0;
            if (gt_parse_long(head, 1, 1000000, &s) < 0 ||
                gt_parse_long(colon + 1, 1, 1000, &m) < 0)
                return gt_usage_error(cmd, "--resign needs SCORE:MOVES (e.g. 600:3), not '%s'",
                                      val);
            c->resign_score = (int)s;
            c->resign_moves = (int)m;
        } else if (!strcmp(a, "--rating-interval")) {
            if (gt_parse_long(val, 0, 1000000, &v) < 0)
                return gt_usage_error(cmd, "--rating-interval needs a number of games, "
                                           "not '%s'", val);
            c->rating_interval = (int)v;
        } else if (!strcmp(a, "--book-depth")) {
            if (gt_parse_long(val, 1, 100000, &v) < 0)
                return gt_usage_error(cmd, "--book-depth needs a positive number of full "
                                           "moves, not '%s'", val);
            c->book_depth = (int)v;
        } else if (!strcmp(a, "--openings"))
            c->openings = val;
        else if (!strcmp(a, "--book"))
            c->book = val;
        else if (!strcmp(a, "--pgn"))
            c->pgn = val;
        else if (!strcmp(a, "--record-format"))
            c->record_format = val;
        else if (!strcmp(a, "--record"))
            c->record = val;
        else if (!strcmp(a, "--log"))
            c->log = val;
        else if (!strcmp(a, "--progress"))
            c->progress = val;
        else
            return gt_usage_error(cmd, "unknown option '%s'", a);
    }
    int rc = gt_cute_finish(cmd, c, &st);
    if (rc)
        return rc;
    if (c->nengines < min_engines)
        return gt_usage_error(cmd, min_engines == 1 ? "give the engine: --engine CMD%s"
                                            : "a match needs at least two --engine%s", "");
    const struct gt_match_tc *tc = &c->tc;
    if (!tc->base_ms && !tc->byoyomi_ms && !tc->movetime_ms && !tc->nodes && !tc->depth)
        return gt_usage_error(cmd, "give a time control: --tc, --byoyomi, --movetime, --nodes "
                           "or --depth%s", "");
    if (c->sprt && c->nengines != 2)
        return gt_usage_error(cmd, "--sprt needs exactly two engines%s", "");
    bool book = c->book != NULL;
    for (int i = 0; i < c->nengines; i++)
        book = book || c->engines[i].book;
    if (book && !c->g->book)
        return gt_usage_error(cmd, "%s has no opening-book format: --book and book= cannot "
                                   "be used with it", c->g->name);
    if (c->record_format && !c->pgn)
        return gt_usage_error(cmd, "--record-format needs --pgn FILE, the games file it is "
                                   "for%s",
                              "");
    /* --record x.csa would get one-line records under a games file's
     * name, which every reader of that format refuses. */
    const struct gt_notation *named;
    if (c->record && gt_record_format_of_path(c->g, c->record, false, &named) == 0)
        return gt_usage_error(cmd, "--record writes one line per game; for a games file "
                                   "named '%s' use --pgn", c->record);
    const struct gt_notation *fmt;
    char why[512];
    if (gt_record_format(c->g, c->record_format, c->pgn, &fmt, why, sizeof why) < 0)
        return gt_usage_error(cmd, "--record-format: %s", why);
    if ((c->resume || c->gauntlet) && strcmp(cmd, "match"))
        return gt_usage_error(cmd, "--resume and --gauntlet are options of match%s", "");
    if (c->resume && !c->pgn && !c->record)
        return gt_usage_error(cmd, "--resume goes on from the games file of the match: give "
                                   "--pgn FILE (or -pgnout FILE) or --record FILE as it had%s",
                              "");
    if (c->pgn_min && (!c->pgn || fmt))
        return gt_usage_error(cmd, "--pgn-min is for a PGN games file: give --pgn FILE.pgn%s",
                              "");
    if (c->sprt && c->elo1 <= c->elo0)
        return gt_usage_error(cmd, "--sprt needs elo1 above elo0%s", "");
    return 0;
}

void gt_match_free_engine(struct gt_match_engine *e)
{
    for (int k = 0; k < e->noptions; k++)
        free((char *)e->opt_name[k]);
    e->noptions = 0;
    free(e->cmd_owned);
    e->cmd_owned = NULL;
}

void gt_match_free_args(struct gt_match_config *c)
{
    for (int i = 0; i < c->nengines; i++)
        gt_match_free_engine(&c->engines[i]);
}

int gt_match_main(struct gt_engine *e, int argc, char **argv)
{
    const struct gt_game *g = gt_engine_game(e);
    struct gt_match_config *c = malloc(sizeof *c);
    struct gt_match_summary *sum = malloc(sizeof *sum);
    char err[512];
    int rc = 1;
    if (!c || !sum) {
        fprintf(stderr, "gtsearch match: out of memory\n");
        goto out;
    }
    gt_match_config_default(c, g);
    rc = gt_match_parse_args("match", c, argc, argv, 2);
    if (rc)
        goto out;
    /* The referee plays by the game options the engine object was given. */
    int given = c->ngameopts;   /* -variant's switch wins */
    for (const struct gt_option_spec *s = g->options; s && s->name; s++) {
        bool set = false;
        for (int k = 0; k < given; k++)
            set = set || !strcmp(c->gameopts[k].name, s->name);
        if (!set && c->ngameopts < GT_MATCH_MAX_EOPTIONS) {
            c->gameopts[c->ngameopts].name = s->name;
            c->gameopts[c->ngameopts++].value = gt_options_str(gt_engine_options(e), s->name);
        }
    }
#ifdef HAVE_MPI
    /* Under mpirun the ranks share the games; rank 0 reports. */
    struct gt_dist_match *dm = gt_dist_match_setup(c);
#endif
    /* Ctrl-C: the games already begun finish, then the summary. */
    struct sigaction old;
    c->interrupted = gt_interrupt_catch(&old);
    if (gt_match_run(c, stdout, sum, err, sizeof err) < 0) {
        fprintf(stderr, "gtsearch match: %s\n", err);
        rc = 1;
    } else if (atomic_load(c->interrupted))
        rc = 130;
    gt_interrupt_release(&old);
#ifdef HAVE_MPI
    gt_dist_match_finish(dm);
#endif
out:
    if (c)
        gt_match_free_args(c);
    free(c);
    free(sum);
    return rc;
}
