/* label_cli.c -- the `label` command: data scored again by another engine.
 *
 *   gtsearch [--game NAME] label DATA... --engine CMD [KEY=VALUE]...
 *       (--nodes N | --depth N | --movetime MS | --byoyomi MS) [--scale X]
 *       [--threads N] [--out FILE] [--format bin|text] [--resume]
 *       [--max-positions N] [--log FILE]
 *
 * Every record is written again with the score the engine gives its
 * position (the side to move's view, turned to the first player's, times
 * --scale, clamped like datagen's); result, margin and ply stay.  A
 * stronger engine's scores can teach a network what the engine's own
 * shallow searches do not know.
 *
 * Records go out one for one and in order: a position the engine gives no
 * score (it said none, ran out of time, or crashed twice on it) is written
 * with none, so that --resume knows from OUT's length how far the inputs
 * were done.  The engines (one a thread, each with its own process) get
 * the positions of a batch in turn; the batch is written whole, or up to
 * the first position not done when Ctrl-C stopped the run.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "label_cli.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/util.h"
#include "engine/engine.h"
#include "match/match_player.h"
#include "args.h"
#include "interrupt.h"
#include "match_cli.h"
#include "tune/datafile.h"

enum { EXIT_USAGE = GT_EXIT_USAGE, EXIT_INTERRUPTED = 130 };
enum { THREADS_MAX = 64, BATCH_PER_THREAD = 32, REPORT_MS = 10000 };
/* Mates arrive as +-(100000 - N) (match_player.c). */
#define MATE_FLOOR 90000

enum item_state { ITEM_PENDING, ITEM_DONE };

struct item {
    struct gt_data_record rec;
    int side;                    /* who is to move: the engine's view is theirs */
    enum item_state state;
};

struct label_run {
    const struct gt_game *g;
    struct gt_match_engine spec;
    struct gt_match_tc tc;
    double scale;
    int64_t hang_ms;             /* no answer in this long: a failure */
    const atomic_bool *stop;
    struct item *items;
    int n;
    atomic_int next;
};

struct worker {
    struct label_run *run;
    struct gt_player p;
    pthread_t tid;
    char label[32];
    long no_score, failed, restarts;
    bool broken;                 /* the engine cannot be started again */
    char err[512];
};

static int clamp_score(long v)
{
    return v > GT_DATA_SCORE_MAX ? GT_DATA_SCORE_MAX
           : v < -GT_DATA_SCORE_MAX ? -GT_DATA_SCORE_MAX : (int)v;
}

/* The engine's score (side to move's view, its units) as data's. */
static int data_score(int s, double scale, int side)
{
    int v = s >= MATE_FLOOR ? GT_DATA_SCORE_MAX
            : s <= -MATE_FLOOR ? -GT_DATA_SCORE_MAX : clamp_score(lround(s * scale));
    return side == 0 ? v : -v;
}

/* Ask for one position; a crash gets one more try with a fresh engine. */
static void label_one(struct worker *w, struct item *it)
{
    struct label_run *run = w->run;
    it->rec.score = GT_DATA_NO_SCORE;
    it->state = ITEM_DONE;
    for (int attempt = 0; attempt < 2; attempt++) {
        if (!gt_proc_running(&w->p.proc)) {
            if (gt_player_new_game(&w->p, w->err, sizeof w->err) < 0) {
                w->broken = true;
                it->state = ITEM_PENDING;
                return;
            }
            w->restarts++;
        }
        struct gt_think_req req = {
            .base = it->rec.text, .side = it->side, .tc = &run->tc,
            .deadline = gt_now_ms() + run->hang_ms,
        };
        struct gt_think_res res;
        gt_player_think(&w->p, &req, &res);
        if (res.status == GT_THINK_CRASH)
            continue;
        if (res.status == GT_THINK_TIMEOUT)
            break;
        if (res.has_score)
            it->rec.score = data_score(res.score, run->scale, it->side);
        else
            w->no_score++;
        return;
    }
    w->failed++;
}

static void *work(void *arg)
{
    struct worker *w = arg;
    struct label_run *run = w->run;
    while (!w->broken && !atomic_load(run->stop)) {
        int i = atomic_fetch_add(&run->next, 1);
        if (i >= run->n)
            break;
        label_one(w, &run->items[i]);
    }
    return NULL;
}

/* The next record of the inputs that the game can read, with its side to
 * move: 1, or 0 when every input is done.  Unreadable records and
 * positions are skipped (and counted): the same ones on every run, so
 * --resume counts alike. */
static int next_item(const struct gt_game *g, struct gt_data_reader **in, int nin, int *cur,
                     void *pos, struct item *it, long *bad)
{
    char err[512], where[300];
    while (*cur < nin) {
        int k = gt_data_read(in[*cur], &it->rec, err, sizeof err);
        if (k == 0) {
            ++*cur;
            continue;
        }
        char msg[256] = "";
        if (k > 0 && g->from_text(pos, it->rec.text, msg, sizeof msg) != 0) {
            gt_data_where(in[*cur], where, sizeof where);
            snprintf(err, sizeof err, "%.255s: %.250s", where,
                     msg[0] ? msg : "the game refuses the position");
            k = -1;
        }
        if (k < 0) {
            if (++*bad <= 5)
                fprintf(stderr, "label: %s (skipped)\n", err);
            continue;
        }
        it->side = g->side(pos);
        it->state = ITEM_PENDING;
        return 1;
    }
    return 0;
}

/* Records of OUT (for --resume): -1 with err when it cannot be read to
 * its end. */
static long count_records(const struct gt_game *g, const char *path,
                          enum gt_data_format *format, char *err, size_t err_len)
{
    struct gt_data_reader *r = gt_data_open(g, path, err, err_len);
    if (!r)
        return -1;
    struct gt_data_record *rec = malloc(sizeof *rec);
    long n = 0;
    int k = 0;
    while (rec && (k = gt_data_read(r, rec, err, err_len)) > 0)
        n++;
    *format = gt_data_reader_format(r);
    gt_data_close(r);
    free(rec);
    if (!rec || k < 0) {
        if (!rec)
            gt_errf(err, err_len, "out of memory");
        return -1;
    }
    return n;
}

struct options {
    const char **names;
    int nin;
    const char *out_path, *log_path;
    enum gt_data_format format;
    bool have_format, resume;
    int threads;
    long max_positions;
};

static int parse(int argc, char **argv, struct options *o, struct label_run *run)
{
    long v;
    double x;
    int limits = 0, rc;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--engine") && i + 1 < argc) {
            if (run->spec.cmd)
                return gt_usage_error("label", "%s", "one --engine only");
            run->spec.cmd = argv[++i];
            while (i + 1 < argc && gt_match_is_attr(argv[i + 1]))
                if ((rc = gt_match_engine_attr("label", &run->spec, argv[++i])))
                    return rc;
        } else if (!strcmp(a, "--nodes")) {
            if (gt_arg_long("label", argc, argv, &i, 1, 1L << 50, &v) < 0)
                return EXIT_USAGE;
            run->tc.nodes = (uint64_t)v;
            limits++;
        } else if (!strcmp(a, "--depth")) {
            if (gt_arg_long("label", argc, argv, &i, 1, 1000, &v) < 0)
                return EXIT_USAGE;
            run->tc.depth = (int)v;
            limits++;
        } else if (!strcmp(a, "--movetime") || !strcmp(a, "--byoyomi")) {
            bool byo = a[2] == 'b';
            if (gt_arg_long("label", argc, argv, &i, 1, 3600000, &v) < 0)
                return EXIT_USAGE;
            *(byo ? &run->tc.byoyomi_ms : &run->tc.movetime_ms) = v;
            run->hang_ms = v + 10000;
            limits++;
        } else if (!strcmp(a, "--scale")) {
            if (gt_arg_double("label", argc, argv, &i, 0.001, 1000, &x) < 0)
                return EXIT_USAGE;
            run->scale = x;
        } else if (!strcmp(a, "--threads")) {
            if (gt_arg_long("label", argc, argv, &i, 1, THREADS_MAX, &v) < 0)
                return EXIT_USAGE;
            o->threads = (int)v;
        } else if (!strcmp(a, "--max-positions")) {
            if (gt_arg_long("label", argc, argv, &i, 1, 1L << 50, &v) < 0)
                return EXIT_USAGE;
            o->max_positions = v;
        } else if (!strcmp(a, "--format") && i + 1 < argc) {
            if (gt_data_format_parse(argv[++i], &o->format) < 0)
                return gt_usage_error("label", "--format is bin or text, not '%s'", argv[i]);
            o->have_format = true;
        } else if (!strcmp(a, "--out") && i + 1 < argc) {
            o->out_path = argv[++i];
        } else if (!strcmp(a, "--log") && i + 1 < argc) {
            o->log_path = argv[++i];
        } else if (!strcmp(a, "--resume")) {
            o->resume = true;
        } else if (a[0] == '-' && a[1] == '-') {
            return gt_usage_error("label", "unknown or incomplete option '%s'", a);
        } else
            o->names[o->nin++] = a;
    }
    if (!o->nin)
        return gt_usage_error("label", "%s", "name at least one data file to read");
    if (!o->out_path)
        return gt_usage_error("label", "%s", "name the file to write: --out FILE");
    if (!run->spec.cmd)
        return gt_usage_error("label", "%s", "name the engine that scores: --engine CMD");
    if (limits != 1)
        return gt_usage_error("label", "%s", "give one limit a position: --nodes N, "
                              "--depth N, --movetime MS or --byoyomi MS");
    for (int i = 0; i < o->nin; i++)
        if (gt_same_file(o->names[i], o->out_path))
            return gt_usage_error("label", "'%s' is both read and written", o->names[i]);
    if (!o->have_format)
        o->format = gt_data_format_for(o->out_path);
    return 0;
}

/* Start every engine, and refuse an option one of them does not offer:
 * scores made with a setting mistyped would be hours lost. */
static int start_engines(struct worker *w, int n, char *err, size_t err_len)
{
    for (int t = 0; t < n; t++) {
        if (gt_player_start(&w[t].p, err, err_len) < 0 ||
            gt_player_new_game(&w[t].p, err, err_len) < 0)
            return -1;
        const struct gt_match_engine *s = &w[t].run->spec;
        for (int i = 0; i < s->noptions; i++)
            if (!(w[t].p.offered & 1u << i)) {
                gt_errf(err, err_len, "engine '%s' has no option '%s'", s->cmd,
                        s->opt_name[i]);
                return -1;
            }
    }
    return 0;
}

/* What the engine's scores are against the data's own, over the records
 * that had both (mates left out). */
struct agreement {
    double sxy, syy, sad;
    long n;
};

static void agree(struct agreement *a, int old, int now)
{
    if (old == GT_DATA_NO_SCORE || now == GT_DATA_NO_SCORE || abs(now) >= GT_DATA_SCORE_MAX)
        return;
    a->sxy += (double)old * now;
    a->syy += (double)now * now;
    a->sad += fabs((double)old - now);
    a->n++;
}

/* Read, score and write batch after batch.  0 when every input is done
 * (or --max-positions), EXIT_INTERRUPTED after Ctrl-C, 1 on a failure. */
static int label_all(struct label_run *run, struct worker *w, int nthreads,
                     struct gt_data_reader **in, int nin, void *pos,
                     struct gt_data_writer *wr, long skip, long max, const char *out_path)
{
    const struct gt_game *g = run->g;
    int cap = BATCH_PER_THREAD * nthreads, cur = 0;
    long bad = 0, written = skip, done_now = 0;
    struct agreement ag = {0};
    if (!(run->items = malloc((size_t)cap * sizeof *run->items))) {
        fprintf(stderr, "gtsearch label: out of memory\n");
        return 1;
    }
    for (long k = 0; k < skip && next_item(g, in, nin, &cur, pos, &run->items[0], &bad); k++)
        ;
    int64_t start = gt_now_ms(), last_report = start;
    bool broken = false, write_failed = false;
    while (!broken && !atomic_load(run->stop) && (max <= 0 || written < max)) {
        int n = 0;
        while (n < cap && (max <= 0 || written + n < max) &&
               next_item(g, in, nin, &cur, pos, &run->items[n], &bad))
            n++;
        if (!n)
            break;
        int old[BATCH_PER_THREAD * THREADS_MAX];
        for (int i = 0; i < n; i++)
            old[i] = run->items[i].rec.score;
        run->n = n;
        atomic_store(&run->next, 0);
        int started = 0;
        for (; started < nthreads; started++)
            if (pthread_create(&w[started].tid, NULL, work, &w[started]) != 0)
                break;
        if (!started)
            work(&w[0]);
        for (int t = 0; t < started; t++)
            pthread_join(w[t].tid, NULL);
        for (int t = 0; t < nthreads; t++)
            if (w[t].broken) {
                fprintf(stderr, "gtsearch label: %s\n", w[t].err);
                broken = true;
            }
        /* In order, up to the first position not done (Ctrl-C, a broken
         * engine). */
        int k = 0;
        for (; k < n && run->items[k].state == ITEM_DONE; k++) {
            agree(&ag, old[k], run->items[k].rec.score);
            if (gt_data_write(wr, &run->items[k].rec) < 0)
                break;
        }
        if (k < n && run->items[k].state == ITEM_DONE) {
            write_failed = true;
            break;
        }
        if (gt_data_flush(wr) < 0) {
            write_failed = true;
            break;
        }
        written += k;
        done_now += k;
        int64_t now = gt_now_ms();
        if (now - last_report >= REPORT_MS) {
            last_report = now;
            fprintf(stderr, "label: %ld positions written  %.1f positions/s\n", written,
                    1000.0 * (double)done_now / (double)(now - start + 1));
        }
    }
    free(run->items);
    run->items = NULL;
    if (write_failed) {
        fprintf(stderr, "gtsearch label: cannot write %s: %s (%ld positions written before)\n",
                out_path, strerror(errno), written);
        return 1;
    }
    long no_score = 0, failed = 0, restarts = 0;
    for (int t = 0; t < nthreads; t++) {
        no_score += w[t].no_score;
        failed += w[t].failed;
        restarts += w[t].restarts;
    }
    double secs = (double)(gt_now_ms() - start) / 1000.0;
    fprintf(stderr, "label: %ld positions in %s (%ld now, %.1f positions/s); %ld without a "
            "score (%ld the engine scored none, %ld failed: timed out or crashed twice), "
            "%ld engine restarts, %ld bad records skipped\n",
            written, out_path, done_now, secs > 0 ? (double)done_now / secs : 0,
            no_score + failed, no_score, failed, restarts, bad);
    if (ag.n && ag.syy > 0)
        fprintf(stderr, "label: over the %ld positions scored before, the old scores are "
                "%.3f x the new (least squares), %.0f eval units apart on average\n",
                ag.n, ag.sxy / ag.syy, ag.sad / (double)ag.n);
    if (broken)
        return 1;
    if (atomic_load(run->stop)) {
        fprintf(stderr, "label: interrupted; --resume goes on from here\n");
        return EXIT_INTERRUPTED;
    }
    return 0;
}

int gt_label_main(struct gt_engine *e, int argc, char **argv)
{
    const struct gt_game *g = gt_engine_game(e);
    struct options o = {.names = calloc((size_t)argc + 1, sizeof(char *)), .threads = 1};
    struct label_run run = {.g = g, .scale = 1, .hang_ms = 60000};
    struct gt_data_reader **in = calloc((size_t)argc + 1, sizeof *in);
    struct worker *w = NULL;
    struct gt_data_writer *wr = NULL;
    struct gt_match_log log = {.f = NULL};
    FILE *out = NULL;
    void *pos = malloc(g->pos_size);
    char err[512];
    int rc = 1, nin = 0, nstarted = 0;
    struct sigaction old_int;
    bool caught = false;
    pthread_mutex_init(&log.lock, NULL);
    if (!o.names || !in || !pos) {
        fprintf(stderr, "gtsearch label: out of memory\n");
        goto done;
    }
    if ((rc = parse(argc, argv, &o, &run)))
        goto done;
    rc = 1;
    for (nin = 0; nin < o.nin; nin++)
        if (!(in[nin] = gt_data_open(g, o.names[nin], err, sizeof err))) {
            fprintf(stderr, "gtsearch label: %s\n", err);
            goto done;
        }
    long skip = 0;
    struct stat st;
    bool append = o.resume && stat(o.out_path, &st) == 0 && st.st_size > 0;
    if (append) {
        enum gt_data_format had;
        if ((skip = count_records(g, o.out_path, &had, err, sizeof err)) < 0) {
            fprintf(stderr, "gtsearch label: cannot resume %s: %s\n", o.out_path, err);
            goto done;
        }
        if (had != o.format) {
            fprintf(stderr, "gtsearch label: cannot resume %s: it is %s, not %s\n",
                    o.out_path, gt_data_format_name(had), gt_data_format_name(o.format));
            goto done;
        }
        fprintf(stderr, "label: %s holds %ld positions: going on after them\n", o.out_path,
                skip);
    }
    if (o.log_path && !(log.f = fopen(o.log_path, "a"))) {
        fprintf(stderr, "gtsearch label: cannot write %s: %s\n", o.log_path, strerror(errno));
        goto done;
    }

    /* The engines answer before the output is touched. */
    if (!(w = calloc((size_t)o.threads, sizeof *w))) {
        fprintf(stderr, "gtsearch label: out of memory\n");
        goto done;
    }
    for (; nstarted < o.threads; nstarted++) {
        w[nstarted].run = &run;
        snprintf(w[nstarted].label, sizeof w[nstarted].label, "scorer#%d", nstarted + 1);
        gt_player_init(&w[nstarted].p, &run.spec, g, &log, w[nstarted].label);
    }
    if (start_engines(w, o.threads, err, sizeof err) < 0) {
        fprintf(stderr, "gtsearch label: %s\n", err);
        goto done;
    }
    if (!(out = fopen(o.out_path, append ? "ab" : "wb"))) {
        fprintf(stderr, "gtsearch label: cannot write %s: %s\n", o.out_path, strerror(errno));
        goto done;
    }
    if (!append && o.format == GT_DATA_TEXT)
        fprintf(out, "# gtsearch label: game %s, scores by %s\n# POSITION | SCORE (first "
                "player, eval units) | RESULT (first player)\n", g->name, run.spec.cmd);
    wr = append ? gt_data_writer_append(g, out, o.format, err, sizeof err)
                : gt_data_writer_new(g, out, o.format, err, sizeof err);
    if (!wr) {
        fprintf(stderr, "gtsearch label: cannot write %s: %s\n", o.out_path, err);
        goto done;
    }
    run.stop = gt_interrupt_catch(&old_int);
    caught = true;
    rc = label_all(&run, w, o.threads, in, nin, pos, wr, skip, o.max_positions, o.out_path);
done:
    if (caught)
        gt_interrupt_release(&old_int);
    for (int t = 0; t < nstarted; t++)
        gt_player_quit(&w[t].p);
    gt_data_writer_free(wr);
    if (out && fclose(out) != 0 && rc == 0) {
        fprintf(stderr, "gtsearch label: cannot write %s: %s\n", o.out_path, strerror(errno));
        rc = 1;
    }
    if (log.f)
        fclose(log.f);
    pthread_mutex_destroy(&log.lock);
    for (int i = 0; i < nin; i++)
        gt_data_close(in[i]);
    gt_match_free_engine(&run.spec);
    free(in);
    free(w);
    free(pos);
    free(o.names);
    return rc;
}
