/* match_cutechess.c -- cutechess-cli's and fastchess's command lines, as
 * they are written, read into a gt_match_config:
 *
 *   -engine cmd=CMD [arg=A]... [dir=D] [name=N] [proto=uci|usi|xboard]
 *           [option.N=V]... [tc=TC] [st=S] [nodes=N] [depth=N|plies=N]
 *           [timemargin=MS] [restart=on|off|auto] [book=FILE] [bookdepth=N]
 *   -each KEY=VALUE...       for every engine; an engine's own words win
 *   -games N -rounds N       games per pair = N x N (default: -games 2)
 *   -repeat [2]              each opening twice, colours swapped (always)
 *   -concurrency N  -srand N  -recover  -ratinginterval N  -maxmoves N
 *   -openings file=F [format=epd|pgn] [order=random|sequential] [start=N]
 *             [plies=N] [policy=default|round|encounter]
 *   -sprt elo0= elo1= alpha= beta= [model=logistic]
 *   -draw movenumber=N movecount=N score=CP
 *   -resign movecount=N score=CP [twosided=true]
 *   -pgnout FILE [min] [fi] | -pgnout file=FILE [min=true] ...
 *                            min: PGN without comments, the tags that say
 *                            the game alone (as --pgn-min)
 *   -tournament round-robin|gauntlet
 *   -variant NAME            a variant the game names (chess: standard,
 *                            fischerandom), played through its game option
 *
 * All engines share one time control here, so tc= (and st=, depth=)
 * must agree between engines.  Clocks: TC as gt_match_tc_parse reads it.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_cutechess.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "args.h"
#include "match_cli.h"
#include "match/match_tc.h"
#include "core/util.h"

static bool is_word(const char *w) { return w[0] != '-' && strchr(w, '=') != NULL; }

static const char *value_of(const char *word) { return strchr(word, '=') + 1; }

static bool key_is(const char *word, const char *key)
{
    size_t n = strlen(key);
    return !strncmp(word, key, n) && word[n] == '=';
}

static int number(const char *cmd, const char *text, long min, long max, long *out)
{
    if (gt_parse_long(text, min, max, out) < 0)
        return gt_usage_error(cmd, "a number in range expected, not '%s'", text);
    return 0;
}

/* Gather the KEY=VALUE words after argv[*i] into words[]. */
static int gather(const char *cmd, int argc, char **argv, int *i, const char **words, int *n)
{
    while (*i + 1 < argc && is_word(argv[*i + 1])) {
        if (*n == GT_CUTE_MAX_WORDS)
            return gt_usage_error(cmd, "too many settings at '%s'", argv[*i + 1]);
        words[(*n)++] = argv[++*i];
    }
    return 0;
}

static int openings(const char *cmd, struct gt_match_config *c, const char *w)
{
    long v;
    int rc = 0;
    if (key_is(w, "file"))
        c->openings = value_of(w);
    else if (key_is(w, "format")) {
        if (strcmp(value_of(w), "epd") && strcmp(value_of(w), "pgn"))
            return gt_usage_error(cmd, "openings format=epd or pgn, not '%s' (the file's "
                                       "content tells it anyway)", w);
    } else if (key_is(w, "order")) {
        if (strcmp(value_of(w), "random") && strcmp(value_of(w), "sequential"))
            return gt_usage_error(cmd, "openings order=random or sequential, not '%s'", w);
        c->openings_random = !strcmp(value_of(w), "random");
    } else if (key_is(w, "start")) {
        if (!(rc = number(cmd, value_of(w), 1, 1L << 30, &v)))
            c->first_opening = (int)v - 1;
    } else if (key_is(w, "plies")) {
        if (!(rc = number(cmd, value_of(w), 1, 10000, &v)))
            c->opening_plies = (int)v;
    } else if (!key_is(w, "policy"))
        return gt_usage_error(cmd, "unknown openings setting '%s' (file, format, order, "
                                   "start, plies, policy)", w);
    return rc;
}

static int adjudication(const char *cmd, struct gt_match_config *c, bool draw, const char *w)
{
    long v;
    if (!draw && key_is(w, "twosided")) {
        c->resign_twosided = !strcmp(value_of(w), "true");
        return 0;
    }
    bool count = key_is(w, "movecount"), score = key_is(w, "score");
    bool movenumber = draw && key_is(w, "movenumber");
    if (!count && !score && !movenumber)
        return gt_usage_error(cmd, draw ? "unknown -draw setting '%s' (movenumber, movecount, "
                                          "score)"
                                        : "unknown -resign setting '%s' (movecount, score, "
                                          "twosided)", w);
    int rc = number(cmd, value_of(w), score ? 0 : 1, score ? 1000000 : 100000, &v);
    if (rc)
        return rc;
    if (draw)
        *(count ? &c->draw_movecount : score ? &c->draw_score : &c->draw_movenumber) = (int)v;
    else
        *(count ? &c->resign_moves : &c->resign_score) = (int)v;
    return 0;
}

/* -pgnout FILE [min] [fi], or fastchess's file=FILE [min=true] ... */
static int pgnout(const char *cmd, struct gt_match_config *c, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        return gt_usage_error(cmd, "-pgnout needs a file%s", "");
    if (key_is(argv[*i + 1], "file")) {
        c->pgn = value_of(argv[++*i]);
        while (*i + 1 < argc && is_word(argv[*i + 1]))
            if (key_is(argv[++*i], "min"))   /* nodes=, notation=, ...: accepted */
                c->pgn_min = !strcmp(value_of(argv[*i]), "true");
    } else {
        c->pgn = argv[++*i];
        while (*i + 1 < argc && (!strcmp(argv[*i + 1], "min") || !strcmp(argv[*i + 1], "fi")))
            c->pgn_min = c->pgn_min || !strcmp(argv[++*i], "min");
    }
    return 0;
}

int gt_cute_option(const char *cmd, struct gt_match_config *c, struct gt_cute *st, int argc,
                   char **argv, int *i)
{
    const char *a = argv[*i] + 1, *val = *i + 1 < argc ? argv[*i + 1] : NULL;
    const char *words[GT_CUTE_MAX_WORDS];
    int n = 0, rc = 0;
    long v;
    if (!st->used)
        st->first_engine = c->nengines;
    st->used = true;
    if (!strcmp(a, "engine")) {
        if (c->nengines == GT_MATCH_MAX_ENGINES)
            return gt_usage_error(cmd, "at most 16 engines%s", "");
        int e = c->nengines++;
        return gather(cmd, argc, argv, i, st->words[e], &st->nwords[e]);
    }
    if (!strcmp(a, "each"))
        return gather(cmd, argc, argv, i, st->each, &st->neach);
    if (!strcmp(a, "recover"))
        return 0;                /* a crashed engine is restarted anyway */
    if (!strcmp(a, "repeat")) {
        if (val && gt_parse_long(val, 0, 1000, &v) == 0) {
            ++*i;
            if (v != 2)
                return gt_usage_error(cmd, "each opening is played twice, colours swapped: "
                                           "-repeat 2, not %s", val);
        }
        return 0;
    }
    if (!strcmp(a, "pgnout"))
        return pgnout(cmd, c, argc, argv, i);
    if (!strcmp(a, "openings") || !strcmp(a, "draw") || !strcmp(a, "resign") ||
        !strcmp(a, "sprt")) {
        if ((rc = gather(cmd, argc, argv, i, words, &n)))
            return rc;
        if (!n)
            return gt_usage_error(cmd, "-%s needs KEY=VALUE settings", a);
        c->sprt = c->sprt || a[0] == 's';
        for (int k = 0; k < n && !rc; k++)
            if (a[0] == 'o')
                rc = openings(cmd, c, words[k]);
            else if (a[0] == 's')
                rc = key_is(words[k], "model")
                         ? strcmp(value_of(words[k]), "logistic")
                               ? gt_usage_error(cmd, "only the logistic SPRT model, not '%s'",
                                                words[k])
                               : 0
                         : gt_match_sprt_attr(cmd, c, words[k]);
            else
                rc = adjudication(cmd, c, a[0] == 'd', words[k]);
        return rc;
    }
    if (!val)
        return gt_usage_error(cmd, "unknown option or missing value: '%s'", argv[*i]);
    ++*i;
    if (!strcmp(a, "tournament")) {
        if (strcmp(val, "round-robin") && strcmp(val, "gauntlet"))
            return gt_usage_error(cmd, "-tournament round-robin or gauntlet, not '%s'", val);
        c->gauntlet = !strcmp(val, "gauntlet");
        return 0;
    }
    if (!strcmp(a, "variant")) {
        st->variant = val;       /* the game's names: read once all are */
        return 0;
    }
    struct { const char *name; long min, max; long *out; } nums[] = {
        {"games", 1, 1000000, &st->games}, {"rounds", 1, 1000000, &st->rounds},
        {"concurrency", 1, 256, &v}, {"srand", 0, 1L << 62, &v},
        {"ratinginterval", 0, 1000000, &v}, {"maxmoves", 1, 50000, &v},
    };
    for (size_t k = 0; k < sizeof nums / sizeof *nums; k++) {
        if (strcmp(a, nums[k].name))
            continue;
        if ((rc = number(cmd, val, nums[k].min, nums[k].max, nums[k].out)))
            return rc;
        if (k == 2)
            c->concurrency = (int)v;
        else if (k == 3)
            c->seed = (unsigned long)v;
        else if (k == 4)
            c->rating_interval = (int)v;
        else if (k == 5)
            c->draw_after = (int)v * 2;     /* full moves: plies */
        return 0;
    }
    return gt_usage_error(cmd, "unknown option '%s'", argv[*i - 1]);
}

/* The key of a word: up to its '=' (option.Hash=16: "option.Hash"). */
static bool same_key(const char *x, const char *y)
{
    size_t n = (size_t)(strchr(x, '=') - x);
    return !strncmp(x, y, n) && y[n] == '=';
}

/* Append `text` to the engine's command, quoted for /bin/sh when asked. */
static int append(struct gt_match_engine *e, const char *text, bool quote)
{
    size_t old = e->cmd_owned ? strlen(e->cmd_owned) : 0, n = old + 4 * strlen(text) + 4;
    char *s = realloc(e->cmd_owned, n);
    if (!s)
        return -1;
    e->cmd_owned = s;
    char *at = s + old;
    if (old)
        *at++ = ' ';
    if (quote)
        *at++ = '\'';
    for (const char *t = text; *t; t++)
        if (quote && *t == '\'')
            at += sprintf(at, "'\\''");
        else
            *at++ = *t;
    if (quote)
        *at++ = '\'';
    *at = 0;
    return 0;
}

/* One word of engine e: the command's, the time control's, or else one
 * of gtsearch's own engine settings. */
static int engine_word(const char *cmd, struct gt_match_config *c, struct gt_match_engine *e,
                       const char *w, struct gt_match_tc *tc, const char **dir)
{
    const char *val = value_of(w);
    long v;
    int rc = 0;
    if (key_is(w, "cmd") || key_is(w, "arg")) {
        if (key_is(w, "cmd") && e->cmd_owned)
            e->cmd_owned[0] = 0;
        if (append(e, val, key_is(w, "arg")) < 0)
            return gt_usage_error(cmd, "out of memory at '%s'", w);
    } else if (key_is(w, "dir"))
        *dir = val;
    else if (key_is(w, "tc")) {
        if (gt_match_tc_parse(val, tc) < 0)
            return gt_usage_error(cmd, "tc= needs [MOVES/]TIME[+INC] (40/60+0.6, 1:30+1, "
                                       "10+0.1) or inf, not '%s'", val);
    } else if (key_is(w, "st")) {
        double s = strtod(val, NULL);
        if (s <= 0 || s > 1e6)
            return gt_usage_error(cmd, "st= needs seconds per move, not '%s'", val);
        tc->movetime_ms = (int64_t)(s * 1000 + 0.5);
    } else if (key_is(w, "depth") || key_is(w, "plies")) {
        if (!(rc = number(cmd, val, 1, 127, &v)))
            tc->depth = (int)v;
    } else if (key_is(w, "timemargin")) {
        if (!(rc = number(cmd, val, 0, 1L << 30, &v)))
            c->tc.margin_ms = v;
    } else if (key_is(w, "restart")) {
        /* A crashed engine is restarted; a live one keeps running. */
    } else if (key_is(w, "proto") && !strcmp(val, "xboard"))
        e->proto = GT_PROTO_CECP;
    else
        rc = gt_match_engine_attr(cmd, e, w);
    return rc;
}

static bool same_tc(const struct gt_match_tc *x, const struct gt_match_tc *y)
{
    return x->base_ms == y->base_ms && x->inc_ms == y->inc_ms && x->moves == y->moves &&
           x->movetime_ms == y->movetime_ms && x->depth == y->depth;
}

/* -variant NAME: the game's variant of that name (its variants, else
 * the game itself under its own name) sets its game option for the
 * referee and for every engine that offers the option. */
static int variant(const char *cmd, struct gt_match_config *c, const char *wanted)
{
    const struct gt_game *g = c->g;
    const char *own = g->variant && *g->variant ? g->variant : g->name;
    const struct gt_variant *v = g->variants;
    while (v && v->name && strcmp(v->name, wanted))
        v++;
    if (!v && !strcmp(wanted, own))
        return 0;
    if (!v || !v->name) {
        char why[512];
        size_t n = (size_t)snprintf(why, sizeof why, "'%s' for %s (its variants: ", wanted,
                                    g->name);
        for (const struct gt_variant *k = g->variants; k && k->name && n < sizeof why; k++)
            n += (size_t)snprintf(why + n, sizeof why - n, "%s%s", k == g->variants ? ""
                                  : ", ", k->name);
        if (!g->variants && n < sizeof why)
            n += (size_t)snprintf(why + n, sizeof why - n, "%s", own);
        if (n < sizeof why)
            snprintf(why + n, sizeof why - n, ")");
        return gt_usage_error(cmd, "unknown variant %s", why);
    }
    const char *option = v->option, *value = v->value;
    if (!option)
        return 0;
    if (c->ngameopts < GT_MATCH_MAX_EOPTIONS)
        c->gameopts[c->ngameopts++] = (struct gt_match_gameopt){option, value};
    for (int i = 0; i < c->nengines; i++) {
        struct gt_match_engine *e = &c->engines[i];
        if (e->noptions == GT_MATCH_MAX_EOPTIONS)
            return gt_usage_error(cmd, "too many engine options for '%s'", option);
        char *name = strdup(option);
        if (!name)
            return gt_usage_error(cmd, "out of memory at '%s'", option);
        e->opt_if_offered |= 1u << e->noptions;
        e->opt_name[e->noptions] = name;
        e->opt_value[e->noptions++] = value;
    }
    return 0;
}

int gt_cute_finish(const char *cmd, struct gt_match_config *c, struct gt_cute *st)
{
    if (!st->used)
        return 0;
    bool tc_set = false;
    struct gt_match_tc shared = c->tc;
    for (int i = st->first_engine; i < c->nengines; i++) {
        struct gt_match_engine *e = &c->engines[i];
        struct gt_match_tc tc = c->tc;
        const char *dir = NULL;
        int rc = 0;
        for (int k = 0; k < st->neach && !rc; k++) {
            bool own = false;
            for (int j = 0; j < st->nwords[i]; j++)
                own = own || same_key(st->each[k], st->words[i][j]);
            if (!own)
                rc = engine_word(cmd, c, e, st->each[k], &tc, &dir);
        }
        for (int j = 0; j < st->nwords[i] && !rc; j++)
            rc = engine_word(cmd, c, e, st->words[i][j], &tc, &dir);
        if (rc)
            return rc;
        if (!e->cmd_owned || !e->cmd_owned[0])
            return gt_usage_error(cmd, "-engine needs cmd=COMMAND%s", "");
        if (dir) {
            char *with = malloc(strlen(dir) * 4 + strlen(e->cmd_owned) + 16);
            if (!with)
                return gt_usage_error(cmd, "out of memory at '%s'", dir);
            struct gt_match_engine tmp = {.cmd_owned = NULL};
            if (append(&tmp, dir, true) < 0)
                return gt_usage_error(cmd, "out of memory at '%s'", dir);
            sprintf(with, "cd %s && %s", tmp.cmd_owned, e->cmd_owned);
            free(tmp.cmd_owned);
            free(e->cmd_owned);
            e->cmd_owned = with;
        }
        e->cmd = e->cmd_owned;
        if (tc_set && !same_tc(&tc, &shared))
            return gt_usage_error(cmd, "every engine plays the same time control here: "
                                       "give tc= (st=, depth=) once, with -each%s", "");
        shared = tc;
        tc_set = true;
    }
    shared.margin_ms = c->tc.margin_ms;
    c->tc = shared;
    if (st->games || st->rounds)
        c->games = (int)((st->games ? st->games : 1) * (st->rounds ? st->rounds : 1));
    return st->variant ? variant(cmd, c, st->variant) : 0;
}
