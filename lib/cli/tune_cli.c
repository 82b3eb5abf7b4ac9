/* tune_cli.c -- the `datagen`, `convert`, `tune` and `spsa` command lines.
 *
 *   gtsearch [--game NAME] [--option N=V]... datagen [--out FILE]
 *       [--format bin|text] [--games N] [--nodes N] [--depth N] [--threads N]
 *       [--random-plies N] [--openings FILE] [--seed N] [--hash MB]
 *       [--max-plies N] [--seconds N] [--no-score] [--opponent-option N=V]...
 *   gtsearch [--game NAME] convert IN... --out FILE [--format bin|text]
 *   gtsearch [--game NAME] [--option EvalFile=F] tune DATA... [--out FILE]
 *       [--epochs N] [--lr X] [--l2 X] [--lambda X] [--k X] [--validation X]
 *       [--seed N] [--threads N] [--report N] [--freeze GLOB,...] [--only GLOB,...]
 *       [--update WEIGHTS_FILE] [--progress FILE]
 *   gtsearch [--game NAME] [--option N=V]... spsa --params NAME[:C_END],...
 *       [--iterations N] [--pairs N] [--r-end R] [--seed N] [--out FILE]
 *       [--engine CMD [ATTR...]] (--tc ...|--nodes N|...) [--openings FILE]
 *       [--concurrency N] [--progress FILE] [...the other match words]
 *
 * --progress FILE appends a JSON line per report (tune: the losses; --log
 * FILE is the same there) or per iteration (spsa: every parameter's value;
 * spsa's --log is match's, the engines' traffic): `gtsearch plot` draws
 * them.
 * datagen's engines take the options given with --option (EvalFile,
 * search switches); tune starts from the weights EvalFile names, or the
 * compiled-in ones.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "tune_cli.h"

#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/paramfile.h"
#include "core/params.h"
#include "core/util.h"
#include "engine/engine.h"
#include "engine/options.h"
#include "args.h"
#include "interrupt.h"
#include "match_cli.h"
#include "tune/datafile.h"
#include "tune/datagen.h"
#include "tune/dataset.h"
#include "tune/spsa.h"
#include "tune/tuner.h"
#ifdef HAVE_MPI
#include "dist/dist.h"
#endif

enum { EXIT_USAGE = GT_EXIT_USAGE, EXIT_INTERRUPTED = 130 };

/* datagen's --opponent-option words, at the most. */
#define OPPONENT_OPTIONS_MAX 64

/* ---- datagen -------------------------------------------------------------- */

struct opt_list {
    char **v;
    int n;
};

/* The engine's options as "Name=value", for the datagen engines. */
static void collect_option(void *ctx, const char *name, const char *value)
{
    struct opt_list *l = ctx;
    if (!strcasecmp(name, "Threads") || !strcasecmp(name, "Clear Hash"))
        return;
    char **v = realloc(l->v, sizeof *v * (size_t)(l->n + 1));
    if (!v)
        return;
    l->v = v;
    size_t len = strlen(name) + strlen(value) + 2;
    if ((v[l->n] = malloc(len)))
        snprintf(v[l->n++], len, "%s=%s", name, value);
}

/* Every opponent option is one the game's engine takes: a mistake is told
 * before the output is touched.  0, or -1 with a message. */
static int check_opponent(struct gt_engine *e, const char *const *opp, int n)
{
    char err[256];
    struct gt_engine *t = n > 0 ? gt_engine_new(gt_engine_game(e), err, sizeof err) : NULL;
    if (n > 0 && !t) {
        fprintf(stderr, "gtsearch datagen: %s\n", err);
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        const char *eq = strchr(opp[i], '=');
        if (!eq || eq == opp[i]) {
            gt_usage_error("datagen", "--opponent-option needs NAME=VALUE, not '%s'", opp[i]);
            rc = -1;
            break;
        }
        if (gt_engine_set_option_word(t, opp[i], err, sizeof err) < 0) {
            fprintf(stderr, "gtsearch datagen: --opponent-option %s: %s\n", opp[i], err);
            rc = -1;
        }
    }
    gt_engine_free(t);
    return rc;
}

/* --format WORD at argv[*i]. */
static int need_format(const char *cmd, int argc, char **argv, int *i, enum gt_data_format *f)
{
    if (*i + 1 >= argc || gt_data_format_parse(argv[*i + 1], f) < 0) {
        gt_usage_error(cmd, "%s needs bin or text", argv[*i]);
        return -1;
    }
    ++*i;
    return 0;
}

int gt_datagen_main(struct gt_engine *e, int argc, char **argv)
{
    const struct gt_game *g = gt_engine_game(e);
    struct gt_datagen_config c;
    gt_datagen_config_default(&c, g);
    const char *out_path = NULL;
    bool have_format = false, have_games = false;
    long v;
    const char *opp[OPPONENT_OPTIONS_MAX];
    int nopp = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--out") && i + 1 < argc)
            out_path = argv[++i];
        else if (!strcmp(a, "--opponent-option") && i + 1 < argc) {
            if (nopp == OPPONENT_OPTIONS_MAX)
                return gt_usage_error("datagen", "more than %s opponent options", "64");
            opp[nopp++] = argv[++i];
        } else if (!strcmp(a, "--openings") && i + 1 < argc)
            c.openings = argv[++i];
        else if (!strcmp(a, "--no-score"))
            c.write_score = false;
        else if (!strcmp(a, "--format")) {
            if (need_format("datagen", argc, argv, &i, &c.format) < 0) return EXIT_USAGE;
            have_format = true;
        } else if (!strcmp(a, "--games")) {
            if (gt_arg_long("datagen", argc, argv, &i, 1, GT_DATAGEN_GAMES_MAX, &v) < 0)
                return EXIT_USAGE;
            c.games = v;
            have_games = true;
        } else if (!strcmp(a, "--seconds")) {
            if (gt_arg_long("datagen", argc, argv, &i, 1, 1L << 31, &v) < 0) return EXIT_USAGE;
            c.time_ms = v * 1000;
        } else if (!strcmp(a, "--nodes")) {
            if (gt_arg_long("datagen", argc, argv, &i, 0, 1L << 40, &v) < 0) return EXIT_USAGE;
            c.nodes = (uint64_t)v;
        } else if (!strcmp(a, "--depth")) {
            if (gt_arg_long("datagen", argc, argv, &i, 0, 100, &v) < 0) return EXIT_USAGE;
            c.depth = (int)v;
        } else if (!strcmp(a, "--threads")) {
            if (gt_arg_long("datagen", argc, argv, &i, 1, 256, &v) < 0) return EXIT_USAGE;
            c.threads = (int)v;
        } else if (!strcmp(a, "--random-plies")) {
            if (gt_arg_long("datagen", argc, argv, &i, 0, 100, &v) < 0) return EXIT_USAGE;
            c.random_plies = (int)v;
        } else if (!strcmp(a, "--seed")) {
            if (gt_arg_long("datagen", argc, argv, &i, 0, 1L << 62, &v) < 0) return EXIT_USAGE;
            c.seed = (uint64_t)v;
        } else if (!strcmp(a, "--hash")) {
            if (gt_arg_long("datagen", argc, argv, &i, 1, 65536, &v) < 0) return EXIT_USAGE;
            c.hash_mb = (int)v;
        } else if (!strcmp(a, "--max-plies")) {
            if (gt_arg_long("datagen", argc, argv, &i, 1, 100000, &v) < 0) return EXIT_USAGE;
            c.max_plies = (int)v;
        } else
            return gt_usage_error("datagen", "unexpected argument '%s'", a);
    }
    if (!c.nodes && !c.depth)
        return gt_usage_error("datagen", "%s: give --nodes or --depth a positive number",
                           "no limit per move");
    /* A time limit alone: as many games as fit in it. */
    if (c.time_ms > 0 && !have_games)
        c.games = GT_DATAGEN_GAMES_MAX;
    /* Standard output is text unless asked: binary is no terminal's. */
    if (!have_format)
        c.format = out_path ? gt_data_format_for(out_path) : GT_DATA_TEXT;
    c.out_name = out_path ? out_path : "standard output";
    if (check_opponent(e, opp, nopp) < 0)
        return EXIT_USAGE;
    c.opponent = opp;
    c.nopponent = nopp;
#ifdef HAVE_MPI
    /* Under mpirun the ranks share the games; rank 0 writes and reports. */
    struct gt_dist_datagen *dd = gt_dist_datagen_setup(&c);
    bool leader = gt_dist_rank() == 0;
#else
    bool leader = true;
#endif
    /* Only rank 0 writes the file: the others may share its disk. */
    FILE *out = !leader ? fopen("/dev/null", "w") : out_path ? fopen(out_path, "wb") : stdout;
    if (!out) {
        fprintf(stderr, "gtsearch datagen: cannot write %s: %s\n", out_path, strerror(errno));
#ifdef HAVE_MPI
        gt_dist_datagen_finish(dd, NULL, 0);
#endif
        return 1;
    }
    struct opt_list opts = {0};
    gt_options_each(gt_engine_options(e), collect_option, &opts);
    c.options = (const char *const *)opts.v;
    c.noptions = opts.n;
    char games[64];
    if (c.games < GT_DATAGEN_GAMES_MAX)
        snprintf(games, sizeof games, "%ld games%s", c.games, c.time_ms ? " at most" : "");
    else
        snprintf(games, sizeof games, "games for %lld s", (long long)(c.time_ms / 1000));
    if (c.format == GT_DATA_TEXT) {
        fprintf(out, "# gtsearch datagen: game %s, %s, nodes %llu, depth %d, "
                "%d random plies, seed %llu%s%s", g->name, games, (unsigned long long)c.nodes,
                c.depth, c.random_plies, (unsigned long long)c.seed,
                c.openings ? ", openings " : "", c.openings ? c.openings : "");
        for (int i = 0; i < nopp; i++)
            fprintf(out, "%s%s", i ? " " : ", against the opponent ", opp[i]);
        fprintf(out, "\n# POSITION | SCORE (first player, %s) | "
                "RESULT (first player)\n", c.write_score ? "eval units" : "none");
    }
    struct sigaction old_int;
    c.stop = gt_interrupt_catch(&old_int);
    struct gt_datagen_stats st = {0};
    char err[512];
    int rc = gt_datagen_run(g, &c, out, leader ? stderr : NULL, &st, err, sizeof err);
    gt_interrupt_release(&old_int);
#ifdef HAVE_MPI
    char derr[512];
    if (gt_dist_datagen_finish(dd, derr, sizeof derr) < 0 && rc == 0) {
        snprintf(err, sizeof err, "%s", derr);
        rc = -1;
    }
#endif
    if (out != stdout && fclose(out) != 0 && rc == 0) {
        snprintf(err, sizeof err, "cannot write %s: %s", out_path, strerror(errno));
        rc = -1;
    }
    for (int i = 0; i < opts.n; i++)
        free(opts.v[i]);
    free(opts.v);
    if (leader)
        fprintf(stderr, "datagen: %ld games (+%ld =%ld -%ld for the first player, %ld "
                "adjudicated), %ld positions (%s) in %.1f s, %.0f positions/s%s\n",
                st.games, st.wins[0], st.draws, st.wins[1], st.adjudicated, st.positions,
                gt_data_format_name(c.format), st.seconds,
                st.seconds > 0 ? st.positions / st.seconds : 0.0,
                st.interrupted ? ", interrupted" : st.timed_out ? ", time limit reached" : "");
    if (leader && nopp > 0)
        fprintf(stderr, "datagen: the engine against the opponent: +%ld =%ld -%ld\n",
                st.versus[0], st.versus[1], st.versus[2]);
    if (rc < 0)
        fprintf(stderr, "gtsearch datagen: %s\n", err);
    return st.interrupted ? EXIT_INTERRUPTED : rc < 0 ? 1 : 0;
}

/* ---- convert --------------------------------------------------------------- */

enum { CONVERT_WARNINGS = 10 };

/* Copy one file's good records to w; bad ones are counted and the first
 * few told.  -1 on a write error. */
static int convert_file(const struct gt_game *g, struct gt_data_reader *r,
                        struct gt_data_writer *w, void *pos, struct gt_data_record *rec,
                        long *written, long *bad)
{
    char err[512], msg[256], where[300];
    int k;
    while ((k = gt_data_read(r, rec, err, sizeof err)) != 0) {
        msg[0] = 0;
        if (k > 0 && g->from_text(pos, rec->text, msg, sizeof msg) != 0) {
            gt_data_where(r, where, sizeof where);
            snprintf(err, sizeof err, "%.255s: %.250s", where,
                     msg[0] ? msg : "the game refuses the position");
            k = -1;
        }
        if (k < 0) {
            if (++*bad <= CONVERT_WARNINGS)
                fprintf(stderr, "%s\n", err);
            continue;
        }
        if (gt_data_write(w, rec) < 0)
            return -1;
        /* Whole records out now and then: the buffer stays small. */
        if (++*written % 65536 == 0 && gt_data_flush(w) < 0)
            return -1;
    }
    return gt_data_flush(w);
}

int gt_convert_main(struct gt_engine *e, int argc, char **argv)
{
    const struct gt_game *g = gt_engine_game(e);
    const char *out_path = NULL;
    enum gt_data_format format = GT_DATA_BINARY;
    bool have_format = false;
    const char **names = calloc((size_t)argc + 1, sizeof *names);
    struct gt_data_reader **in = calloc((size_t)argc + 1, sizeof *in);
    struct gt_data_record *rec = malloc(sizeof *rec);
    void *pos = malloc(g->pos_size);
    struct gt_data_writer *w = NULL;
    FILE *out = NULL;
    char err[512];
    int nin = 0, rc = EXIT_USAGE;
    if (!names || !in || !rec || !pos) {
        fprintf(stderr, "gtsearch convert: out of memory\n");
        rc = 1;
        goto out;
    }
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--out") && i + 1 < argc)
            out_path = argv[++i];
        else if (!strcmp(a, "--format")) {
            if (need_format("convert", argc, argv, &i, &format) < 0) goto out;
            have_format = true;
        } else if (a[0] == '-' && a[1] == '-') {
            gt_usage_error("convert", "unknown or incomplete option '%s'", a);
            goto out;
        } else
            names[nin++] = a;
    }
    if (!nin) {
        gt_usage_error("convert", "%s", "name at least one data file to read");
        goto out;
    }
    if (!out_path) {
        gt_usage_error("convert", "%s", "name the file to write: --out FILE");
        goto out;
    }
    for (int i = 0; i < nin; i++)
        if (gt_same_file(names[i], out_path)) {
            gt_usage_error("convert", "'%s' is both read and written", names[i]);
            goto out;
        }
    if (!have_format)
        format = gt_data_format_for(out_path);

    /* Every input opens before the output is emptied. */
    rc = 1;
    for (int i = 0; i < nin; i++)
        if (!(in[i] = gt_data_open(g, names[i], err, sizeof err))) {
            fprintf(stderr, "gtsearch convert: %s\n", err);
            goto out;
        }
    if (!(out = fopen(out_path, "wb"))) {
        fprintf(stderr, "gtsearch convert: cannot write %s: %s\n", out_path, strerror(errno));
        goto out;
    }
    if (format == GT_DATA_TEXT)
        fprintf(out, "# gtsearch convert: game %s\n# POSITION | SCORE (first player, eval "
                "units) | RESULT (first player)\n", g->name);
    if (!(w = gt_data_writer_new(g, out, format, err, sizeof err))) {
        fprintf(stderr, "gtsearch convert: cannot write %s: %s\n", out_path, err);
        goto out;
    }
    long written = 0, bad = 0;
    int wrc = 0;
    for (int i = 0; i < nin && wrc == 0; i++)
        wrc = convert_file(g, in[i], w, pos, rec, &written, &bad);
    if (wrc < 0 || gt_data_flush(w) < 0) {
        fprintf(stderr, "gtsearch convert: cannot write %s: %s\n", out_path, strerror(errno));
        goto out;
    }
    if (bad > CONVERT_WARNINGS)
        fprintf(stderr, "convert: %ld more bad records not shown\n", bad - CONVERT_WARNINGS);
    fprintf(stderr, "convert: %ld records written to %s (%s), %ld bad records skipped\n",
            written, out_path, gt_data_format_name(format), bad);
    rc = 0;
out:
    gt_data_writer_free(w);
    if (out && fclose(out) != 0 && rc == 0) {
        fprintf(stderr, "gtsearch convert: cannot write %s: %s\n", out_path, strerror(errno));
        rc = 1;
    }
    for (int i = 0; in && i < nin; i++)
        gt_data_close(in[i]);
    free(in);
    free(names);
    free(rec);
    free(pos);
    return rc;
}

/* ---- tune ----------------------------------------------------------------- */

/* Does name match one of the comma-separated globs? */
static bool matches(const char *globs, const char *name)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", globs);
    for (char *save = NULL, *p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save))
        if (!fnmatch(p, name, 0))
            return true;
    return false;
}

struct change {
    int i;
    double d;
};

static int by_size(const void *a, const void *b)
{
    double x = fabs(((const struct change *)a)->d), y = fabs(((const struct change *)b)->d);
    return (x < y) - (x > y);
}

static void print_changes(const struct gt_param *t, int n, const int32_t *from,
                          const int32_t *to, FILE *out)
{
    struct change *ch = malloc(sizeof *ch * (n > 0 ? (size_t)n : 1));
    int k = 0;
    for (int i = 0; ch && i < n; i++)
        if (to[i] != from[i])
            ch[k++] = (struct change){i, (double)to[i] - from[i]};
    if (!ch)
        return;
    qsort(ch, (size_t)k, sizeof *ch, by_size);
    fprintf(out, "%d of %d weights changed; the largest changes:\n", k, n);
    for (int j = 0; j < k && j < 12; j++)
        fprintf(out, "  %-28s %6ld -> %6ld\n", t[ch[j].i].name, (long)from[ch[j].i],
                (long)to[ch[j].i]);
    free(ch);
}

/* --update FILE: the module's own weights file, values replaced in place
 * (comments and layout kept), through a temporary file and a rename. */
static int update_file(const struct gt_param *t, int n, const int32_t *w, const char *path)
{
    FILE *in = fopen(path, "r");
    char *text = NULL, tmp[4200];
    size_t cap = 0;
    int rc = 1;
    if (!in) {
        fprintf(stderr, "gtsearch tune: cannot read %s\n", path);
        return 1;
    }
    ssize_t len = getdelim(&text, &cap, '\0', in);
    fclose(in);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *out = len >= 0 ? fopen(tmp, "w") : NULL;
    int done = out ? gt_params_rewrite(t, n, w, text, out) : -1;
    if (out && (fclose(out) != 0 || done < 0))
        done = -1;
    if (done < 0 || rename(tmp, path) != 0)
        fprintf(stderr, "gtsearch tune: cannot write %s\n", path);
    else {
        fprintf(stderr, "%s: %d of %d weights rewritten\n", path, done, n);
        rc = 0;
    }
    free(text);
    return rc;
}

int gt_tune_main(struct gt_engine *e, int argc, char **argv)
{
    const struct gt_game *g = gt_engine_game(e);
    const struct gt_param *t = g->eval_params;
    int n = gt_param_count(t);
    struct gt_tune_config c;
    gt_tune_config_default(&c);
    c.eval_unit = g->eval_unit > 0 ? g->eval_unit : 100;
    const char *out_path = NULL, *freeze = NULL, *only = NULL, *update = NULL;
    const char *progress = NULL;
    const char *data[64];
    int ndata = 0;
    long v;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        double *d = !strcmp(a, "--lr") ? &c.lr : !strcmp(a, "--l2") ? &c.l2
                  : !strcmp(a, "--lambda") ? &c.lambda : !strcmp(a, "--k") ? &c.k
                  : !strcmp(a, "--validation") ? &c.validation : NULL;
        if (d) {
            double hi = d == &c.lambda || d == &c.validation ? 1 : d == &c.k ? 100 : 1e6;
            if (gt_arg_double("tune", argc, argv, &i, 0, hi, d) < 0) return EXIT_USAGE;
        } else if (!strcmp(a, "--out") && i + 1 < argc)
            out_path = argv[++i];
        else if (!strcmp(a, "--freeze") && i + 1 < argc)
            freeze = argv[++i];
        else if (!strcmp(a, "--update") && i + 1 < argc)
            update = argv[++i];
        else if (!strcmp(a, "--only") && i + 1 < argc)
            only = argv[++i];
        else if ((!strcmp(a, "--progress") || !strcmp(a, "--log")) && i + 1 < argc)
            progress = argv[++i];
        else if (!strcmp(a, "--epochs")) {
            if (gt_arg_long("tune", argc, argv, &i, 0, 1000000, &v) < 0) return EXIT_USAGE;
            c.epochs = (int)v;
        } else if (!strcmp(a, "--threads")) {
            if (gt_arg_long("tune", argc, argv, &i, 1, 64, &v) < 0) return EXIT_USAGE;
            c.threads = (int)v;
        } else if (!strcmp(a, "--seed")) {
            if (gt_arg_long("tune", argc, argv, &i, 0, 1L << 62, &v) < 0) return EXIT_USAGE;
            c.seed = (uint64_t)v;
        } else if (!strcmp(a, "--report")) {
            if (gt_arg_long("tune", argc, argv, &i, 1, 1000000, &v) < 0) return EXIT_USAGE;
            c.report_every = (int)v;
        } else if (a[0] == '-' && a[1] == '-')
            return gt_usage_error("tune", "unknown or incomplete option '%s'", a);
        else if (ndata < 64)
            data[ndata++] = a;
        else
            return gt_usage_error("tune", "too many data files (at most 64): '%s'", a);
    }
    if (!ndata)
        return gt_usage_error("tune", "%s", "name at least one data file (gtsearch datagen "
                           "writes them)");
    if (!t || !g->eval_trace) {
        fprintf(stderr, "gtsearch tune: game '%s' has no evaluation weights to tune "
                "(it gives no eval_params and eval_trace)\n", g->name);
        return 1;
    }

    if (progress && !(c.progress = fopen(progress, "a"))) {
        fprintf(stderr, "gtsearch tune: cannot write %s: %s\n", progress, strerror(errno));
        return 1;
    }

    /* The starting weights: EvalFile's, or the compiled-in ones. */
    size_t nn = n > 0 ? (size_t)n : 1;
    int32_t *w0 = malloc(sizeof *w0 * nn), *w1 = malloc(sizeof *w1 * nn);
    double *w = malloc(sizeof *w * nn);
    bool *frozen = calloc(nn, sizeof *frozen);
    struct gt_tune_set set;
    gt_tune_set_init(&set, n);
    int rc = 1;
    char err[512];
    if (!w0 || !w1 || !w || !frozen)
        goto out;
    for (int i = 0; i < n; i++)
        w0[i] = t[i].value;
    const char *evalfile = gt_options_str(gt_engine_options(e), "EvalFile");
    if (evalfile[0] && strcmp(evalfile, "<empty>") &&
        gt_params_read(t, n, evalfile, w0, err, sizeof err) < 0) {
        fprintf(stderr, "gtsearch tune: %s\n", err);
        goto out;
    }
    int nfrozen = 0;
    for (int i = 0; i < n; i++) {
        w[i] = w0[i];
        frozen[i] = (only && !matches(only, t[i].name)) || (freeze && matches(freeze, t[i].name));
        nfrozen += frozen[i];
    }
    c.frozen = frozen;
    for (int f = 0; f < ndata; f++) {
        long got = gt_tune_load(g, w0, data[f], &set, stderr, err, sizeof err);
        if (got < 0) {
            fprintf(stderr, "gtsearch tune: %s\n", err);
            goto out;
        }
        fprintf(stderr, "%s: %ld positions\n", data[f], got);
    }
    if (set.n == 0) {
        fprintf(stderr, "gtsearch tune: the data has no positions\n");
        goto out;
    }
    fprintf(stderr, "%d weights (%d frozen), %zu coefficients (%.1f a position)\n", n,
            nfrozen, set.nnz, (double)set.nnz / (double)set.n);
    struct gt_tune_report rep;
    if (gt_tune_run(&set, t, w, &c, stderr, &rep) < 0) {
        fprintf(stderr, "gtsearch tune: out of memory\n");
        goto out;
    }
    for (int i = 0; i < n; i++)
        w1[i] = (int32_t)lround(w[i]);
    fprintf(stderr, "k %.6f; loss %.7f -> %.7f, validation %.7f -> %.7f\n", rep.k, rep.loss0,
            rep.loss, rep.vloss0, rep.vloss);
    print_changes(t, n, w0, w1, stderr);
    if (update) {
        rc = update_file(t, n, w1, update);
        goto out;
    }
    FILE *out = out_path ? fopen(out_path, "w") : stdout;
    if (!out) {
        fprintf(stderr, "gtsearch tune: cannot write %s\n", out_path);
        goto out;
    }
    char comment[1024];
    snprintf(comment, sizeof comment,
             "Evaluation weights of %s, written by gtsearch tune: %zu positions\n"
             "(%s%s), %d epochs, lr %g, l2 %g, lambda %g, k %.4f, seed %llu;\n"
             "training loss %.6f -> %.6f, validation %.6f -> %.6f.\n"
             "SPDX-License-Identifier: MIT", g->name, set.n, data[0], ndata > 1 ? ", ..." : "",
             c.epochs, c.lr, c.l2, c.lambda, rep.k, (unsigned long long)c.seed, rep.loss0,
             rep.loss, rep.vloss0, rep.vloss);
    int wrc = gt_params_write(t, n, w1, comment, out);
    if ((out != stdout && fclose(out) != 0) || wrc < 0)
        fprintf(stderr, "gtsearch tune: cannot write %s\n", out_path ? out_path : "the table");
    else
        rc = 0;
out:
    if (c.progress)
        fclose(c.progress);
    gt_tune_set_free(&set);
    free(w0);
    free(w1);
    free(w);
    free(frozen);
    return rc;
}

/* ---- spsa ------------------------------------------------------------------ */

/* "--params A,B:4" into parameters of the search's table, starting from
 * the engine's current option values.  Returns the count, or -1 (reported). */
static int spsa_params(struct gt_engine *e, const char *list, struct gt_spsa_param *p, int max,
                       double r_end)
{
    char buf[1024];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        char *colon = strchr(w, ':');
        if (colon)
            *colon++ = 0;
        int i = gt_param_find(gt_search_param_table, GT_SP_COUNT, w);
        if (i < 0) {
            gt_usage_error("spsa", "'%s' is not one of the search's numbers (gtsearch params "
                        "lists them)", w);
            return -1;
        }
        if (n == max) {
            gt_usage_error("spsa", "too many parameters at '%s'", w);
            return -1;
        }
        const struct gt_param *t = &gt_search_param_table[i];
        double v = (double)gt_engine_search_value(e, i);
        double c_end = fabs(v) / 8 > 1 ? fabs(v) / 8 : 1;
        if (colon) {
            char *end;
            c_end = strtod(colon, &end);
            if (end == colon || *end || !(c_end > 0)) {
                gt_usage_error("spsa", "'%s' needs NAME:C_END with a positive step", w);
                return -1;
            }
        }
        p[n++] = (struct gt_spsa_param){t->name, v, t->min, t->max, c_end, r_end};
    }
    return n;
}

int gt_spsa_main(struct gt_engine *e, int argc, char **argv)
{
    const struct gt_game *g = gt_engine_game(e);
    struct gt_spsa_config c;
    gt_spsa_config_default(&c);
    const char *params = NULL, *out_path = NULL, *progress = NULL;
    double r_end = 0.002;
    char **rest = calloc((size_t)argc + 3, sizeof *rest);
    struct gt_match_config *mc = malloc(sizeof *mc);
    struct gt_spsa_param p[GT_SP_COUNT];
    char self[4096 + 64];
    int nrest = 0, rc = EXIT_USAGE, np = 0;
    long v;
    if (!rest || !mc) {
        free(rest);
        free(mc);
        return 1;
    }
    gt_match_config_default(mc, g);
    bool have_engine = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--params") && i + 1 < argc)
            params = argv[++i];
        else if (!strcmp(a, "--out") && i + 1 < argc)
            out_path = argv[++i];
        else if (!strcmp(a, "--progress") && i + 1 < argc)
            progress = argv[++i];
        else if (!strcmp(a, "--r-end")) {
            if (gt_arg_double("spsa", argc, argv, &i, 1e-9, 1, &r_end) < 0) goto out;
        } else if (!strcmp(a, "--iterations")) {
            if (gt_arg_long("spsa", argc, argv, &i, 1, 10000000, &v) < 0) goto out;
            c.iterations = (int)v;
        } else if (!strcmp(a, "--pairs")) {
            if (gt_arg_long("spsa", argc, argv, &i, 1, 10000, &v) < 0) goto out;
            c.pairs = (int)v;
        } else if (!strcmp(a, "--seed")) {
            if (gt_arg_long("spsa", argc, argv, &i, 0, 1L << 62, &v) < 0) goto out;
            c.seed = (uint64_t)v;
        } else {
            have_engine |= !strcmp(a, "--engine");
            rest[nrest++] = argv[i];
        }
    }
    /* Without --engine: this program, on this game. */
    if (!have_engine) {
        char exe[4096];
        ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (len <= 0) {
            gt_usage_error("spsa", "%s", "cannot name this program: give --engine CMD");
            goto out;
        }
        exe[len] = 0;
        snprintf(self, sizeof self, "'%s' --game %s", exe, g->name);
        rest[nrest++] = "--engine";
        rest[nrest++] = self;
    }
    if ((rc = gt_match_parse_args("spsa", mc, nrest, rest, 1)))
        goto out;
    rc = EXIT_USAGE;
    if (mc->nengines != 1) {
        gt_usage_error("spsa", "%s", "give one --engine: it plays itself with two settings");
        goto out;
    }
    if (!params) {
        gt_usage_error("spsa", "%s", "name the numbers to tune: --params NAME[:C_END],...");
        goto out;
    }
    if ((np = spsa_params(e, params, p, GT_SP_COUNT, r_end)) < 0)
        goto out;
    if (progress && !(c.progress = fopen(progress, "a"))) {
        fprintf(stderr, "gtsearch spsa: cannot write %s: %s\n", progress, strerror(errno));
        rc = 1;
        goto out;
    }
    printf("spsa: %d parameters, %d iterations of %d game pair%s\n", np,
            c.iterations, c.pairs, c.pairs > 1 ? "s" : "");
    struct gt_spsa_stats st;
    char err[512];
    if (gt_spsa_run(mc, p, np, &c, stdout, &st, err, sizeof err) < 0) {
        fprintf(stderr, "gtsearch spsa: %s\n", err);
        rc = 1;
        goto out;
    }
    printf("spsa: %d iterations, theta+ scored +%ld -%ld =%ld\nresult:", st.iterations,
           st.wins, st.losses, st.draws);
    int32_t values[GT_SP_COUNT];
    gt_search_param_defaults(values);
    for (int i = 0; i < GT_SP_COUNT; i++)
        values[i] = (int32_t)gt_engine_search_value(e, i);
    for (int i = 0; i < np; i++) {
        int k = gt_param_find(gt_search_param_table, GT_SP_COUNT, p[i].name);
        values[k] = (int32_t)lround(p[i].value);
        printf(" --option %s=%ld", p[i].name, (long)values[k]);
    }
    putchar('\n');
    rc = 0;
    if (out_path) {
        FILE *f = fopen(out_path, "w");
        char comment[256];
        snprintf(comment, sizeof comment, "Search numbers of %s after %d SPSA iterations.\n"
                 "SPDX-License-Identifier: MIT", g->name, st.iterations);
        if (!f || gt_params_write(gt_search_param_table, GT_SP_COUNT, values, comment, f) < 0 ||
            fclose(f) != 0) {
            fprintf(stderr, "gtsearch spsa: cannot write %s\n", out_path);
            rc = 1;
        }
    }
out:
    if (c.progress)
        fclose(c.progress);
    gt_match_free_args(mc);
    free(mc);
    free(rest);
    return rc;
}
