/* train_cli.c -- the `train` command: fit a network to datagen's data.
 *
 *   gtsearch [--game NAME] train DATA... --out FILE [--hidden N] [--buckets N] [--layer2 N]
 *       [--epochs N] [--batch N] [--lr X] [--lr-end X] [--lambda X] [--k X]
 *       [--validation X] [--threads N] [--seed N] [--max-positions N]
 *       [--checkpoint FILE] [--resume FILE | --init NET] [--keep-best] [--progress FILE]
 *       [--report SECONDS] [--residual [--window UNITS] [--output-scale X]]
 *       [--symmetries] [--td-decay X [--td-plies N]]
 *
 * --progress FILE (or --log FILE, its older name) writes a JSON line per
 * epoch, as match, spsa and tune do with --progress: `gtsearch plot` draws
 * them.  The file starts afresh, but --resume appends to it.
 * --residual learns a correction to the game's own evaluation (which the
 * engine then adds): a first generation that starts from the hand-written
 * evaluation's strength instead of from nothing.  --output-scale damps
 * that correction in the written network (the checkpoint keeps it whole):
 * corrections learnt from shallow searches can weigh too much in deep ones.
 * --symmetries adds every position turned by each of the game's
 * symmetries (features->turn), in its game: more data for the same
 * datagen, and a validation split that holds out the copies with it.
 * --td-decay X blends each position's score with its game's later ones,
 * the score d plies on weighing X^d, up to --td-plies N (8) on: a
 * temporal-difference target, steadier than one shallow search's score.
 * --init starts from a network file's weights instead of random ones: a
 * generation goes on from the last one's network when its data is gone.
 * --buckets N gives the output layer N copies, one for each share of the
 * side to move's active features (material, in a game of pieces); from a
 * one-bucket --init network each copy starts as its output layer.
 * --layer2 N puts a second hidden layer of N units between the sums and
 * the output; an --init network without one starts it carrying its own
 * output, so that the run starts where that network plays.
 * Ctrl-C stops after the current step; the network and checkpoint of the
 * last whole epoch stay, and --resume goes on from the checkpoint.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "train_cli.h"

#include <errno.h>
#include <string.h>

#include "args.h"
#include "interrupt.h"
#include "core/net.h"
#include "core/util.h"
#include "engine/engine.h"
#include "train/train.h"

/* --epochs 0: the starting network's loss on the data, beside the game's
 * own evaluation's for a residual one; a table for comparing networks
 * (another generation's data, deeper searches' scores, a damped scale). */
static int measure(const struct gt_game *g, const struct gt_trainset *s,
                   const struct gt_train_config *c, const char *path)
{
    char err[512];
    struct gt_model m = {0};
    struct gt_train_stats st;
    int r = gt_train_run(g, s, c, &m, &st, err, sizeof err);
    gt_model_free(&m);
    if (r < 0) {
        fprintf(stderr, "gtsearch train: %s\n", err);
        return 1;
    }
    printf("%s: loss %.6f on %ld positions%s (lambda %g, k %g", path, st.first_loss,
           st.train_n, c->residual && c->window ? " inside the window" : "", c->lambda, c->k);
    if (c->output_scale != 1)
        printf(", its correction x%g", c->output_scale);
    printf(")");
    if (c->residual)
        printf("; the game's evaluation alone %.6f", st.base_loss);
    printf("\n");
    /* By output bucket: the side to move's active features, low to high
     * (material, in a game of pieces). */
    for (int b = 0; st.parts > 1 && b < st.parts; b++) {
        char range[64];
        int lo = b ? b * st.part_span + 1 : 0;
        if (b + 1 < st.parts)
            snprintf(range, sizeof range, "%d-%d", lo, (b + 1) * st.part_span);
        else
            snprintf(range, sizeof range, "%d+", lo);
        printf("  bucket %d, active features %-7s %9ld positions", b, range, st.part_n[b]);
        if (st.part_n[b]) {
            printf("  loss %.6f", st.part_loss[b]);
            if (c->residual)
                printf(", evaluation alone %.6f", st.part_base[b]);
        }
        printf("\n");
    }
    return 0;
}

int gt_train_main(struct gt_engine *e, int argc, char **argv)
{
    const struct gt_game *g = gt_engine_game(e);
    struct gt_train_config c;
    gt_train_config_default(&c, g);
    c.progress = stderr;
    const char *data[256], *log_path = NULL, *init_path = NULL;
    bool hidden_given = false, window_given = false, symmetries = false;
    char ckpt[4096] = "";
    int ndata = 0, td_plies = 8;
    double td_decay = 0;
    long v, max = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        double *d = !strcmp(a, "--lr") ? &c.lr : !strcmp(a, "--lr-end") ? &c.lr_end
                  : !strcmp(a, "--weight-decay") ? &c.weight_decay
                  : !strcmp(a, "--lambda") ? &c.lambda : !strcmp(a, "--k") ? &c.k
                  : !strcmp(a, "--validation") ? &c.validation
                  : !strcmp(a, "--td-decay") ? &td_decay
                  : !strcmp(a, "--output-scale") ? &c.output_scale : NULL;
        int *n = !strcmp(a, "--hidden") ? &c.hidden : !strcmp(a, "--epochs") ? &c.epochs
               : !strcmp(a, "--batch") ? &c.batch : !strcmp(a, "--threads") ? &c.threads
               : !strcmp(a, "--buckets") ? &c.buckets : !strcmp(a, "--layer2") ? &c.l2
               : !strcmp(a, "--td-plies") ? &td_plies : NULL;
        if (d) {
            double lo = d == &c.k ? 1 : d == &c.output_scale ? 0.01 : 0;
            double hi = d == &c.output_scale ? 4   /* above 1: --epochs 0 only */
                      : d == &c.lambda || d == &c.validation || d == &td_decay ? 1
                      : d == &c.k ? 1e6 : d == &c.weight_decay ? 1000 : 10;
            if (gt_arg_double("train", argc, argv, &i, lo, hi, d) < 0)
                return GT_EXIT_USAGE;
        } else if (n) {
            long lo = n == &c.epochs ? 0 : 1;          /* 0 epochs: measure only */
            long hi = n == &c.hidden ? GT_NET_MAX_HIDDEN : n == &c.threads ? 64
                    : n == &c.buckets ? GT_NET_MAX_BUCKETS : n == &c.l2 ? GT_NET_MAX_L2
                    : n == &td_plies ? 1000
                    : n == &c.batch ? 1 << 24 : 100000;
            if (gt_arg_long("train", argc, argv, &i, lo, hi, &v) < 0)
                return GT_EXIT_USAGE;
            *n = (int)v;
            hidden_given |= n == &c.hidden;
        } else if (!strcmp(a, "--out") && i + 1 < argc)
            c.out = argv[++i];
        else if (!strcmp(a, "--checkpoint") && i + 1 < argc)
            snprintf(ckpt, sizeof ckpt, "%s", argv[++i]);
        else if (!strcmp(a, "--resume") && i + 1 < argc)
            c.resume = argv[++i];
        else if (!strcmp(a, "--init") && i + 1 < argc)
            init_path = argv[++i];
        else if (!strcmp(a, "--residual"))
            c.residual = true;
        else if (!strcmp(a, "--keep-best"))
            c.keep_best = true;
        else if (!strcmp(a, "--symmetries"))
            symmetries = true;
        else if ((!strcmp(a, "--progress") || !strcmp(a, "--log")) && i + 1 < argc)
            log_path = argv[++i];
        else if (!strcmp(a, "--seed")) {
            if (gt_arg_long("train", argc, argv, &i, 0, 0x7fffffffL, &v) < 0)
                return GT_EXIT_USAGE;
            c.seed = (uint64_t)v;
        } else if (!strcmp(a, "--max-positions")) {
            if (gt_arg_long("train", argc, argv, &i, 1, 0x7fffffffL, &max) < 0)
                return GT_EXIT_USAGE;
        } else if (!strcmp(a, "--window")) {
            if (gt_arg_long("train", argc, argv, &i, 0, GT_EVAL_MAX, &v) < 0)
                return GT_EXIT_USAGE;
            c.window = (int)v;
            window_given = true;
        } else if (!strcmp(a, "--report")) {
            if (gt_arg_long("train", argc, argv, &i, 0, 86400, &v) < 0)
                return GT_EXIT_USAGE;
            c.report_ms = (int)v * 1000;
        } else if (a[0] == '-' && a[1])
            return gt_usage_error("train", "unknown option '%s'", a);
        else if (ndata < (int)(sizeof data / sizeof data[0]))
            data[ndata++] = a;
        else
            return gt_usage_error("train", "too many data files (at %s)", a);
    }
    if (!ndata)
        return gt_usage_error("train", "%s", "no data file given");
    if (c.hidden % 32) {
        char h[16];
        snprintf(h, sizeof h, "%d", c.hidden);
        return gt_usage_error("train", "--hidden %s: must be a multiple of 32", h);
    }
    if (c.epochs && c.window && !c.residual)
        return gt_usage_error("train", "%s", "--window is for a --residual network");
    if (c.epochs && c.output_scale > 1)
        return gt_usage_error("train", "%s", "--output-scale: from 0.01 to 1 (to 4 with "
                              "--epochs 0)");
    if (c.epochs && c.output_scale != 1 && !c.residual)
        return gt_usage_error("train", "%s", "--output-scale is for a --residual network");
    if (c.epochs == 0 && (!init_path || c.out))
        return gt_usage_error("train", "%s", "--epochs 0 measures the --init network on "
                              "the data and writes nothing: give --init NET, not --out");
    if (!c.out && c.epochs)
        return gt_usage_error("train", "%s", "--out FILE is required (the network)");
    if (c.keep_best && !(c.validation > 0))
        return gt_usage_error("train", "%s", "--keep-best keeps the epoch with the lowest "
                              "validation loss: it needs --validation above 0");
    if (c.weight_decay * (c.lr > c.lr_end ? c.lr : c.lr_end) >= 1)
        return gt_usage_error("train", "%s", "--weight-decay times the learning rate must "
                              "stay below 1: at 1 a step would take all of the first "
                              "layer's weights");
    if (init_path && c.resume)
        return gt_usage_error("train", "%s", "--init and --resume: a run starts from a "
                              "network or goes on from a checkpoint, not both");
    /* After the command line: its mistakes are told whatever the game. */
    if (!g->features) {
        fprintf(stderr, "gtsearch train: %s declares no input features (the features "
                "hook of game.h): it plays with its own evaluation only\n", g->name);
        return 1;
    }
    if (symmetries && g->features->symmetries <= 0) {
        fprintf(stderr, "gtsearch train: --symmetries: %s declares no symmetries (the "
                "turn hook of its features)\n", g->name);
        return 1;
    }
    if (!ckpt[0] && c.out)
        snprintf(ckpt, sizeof ckpt, "%s.ckpt", c.out);
    c.checkpoint = ckpt[0] ? ckpt : NULL;

    char err[512];
    struct gt_net *init = NULL;
    if (init_path) {
        if (!(init = gt_net_load(g, init_path, err, sizeof err))) {
            fprintf(stderr, "gtsearch train: --init: %s\n", err);
            return 1;
        }
        if (!hidden_given)
            c.hidden = init->hidden;
        c.init = init;
        /* Measured as it plays: its kind, and its window unless given. */
        if (!c.epochs) {
            if ((window_given || c.output_scale != 1) && !init->residual) {
                gt_net_free(init);
                return gt_usage_error("train", "%s", "--window and --output-scale are for "
                                      "a residual network, and --init's is a full one");
            }
            /* As if written with that scale: the correction damped or raised. */
            init->scale = gt_train_scaled(init->scale, c.output_scale);
            c.residual = init->residual;
            if (!window_given)
                c.window = init->residual ? init->window : 0;
        }
    }

    /* The data, all in memory. */
    struct gt_trainset s;
    gt_trainset_init(&s);
    s.with_base = c.residual;
    s.turned = symmetries;
    int rc = 1;
    int64_t t0 = gt_now_ms();
    if (gt_trainset_load(&s, g, data, ndata, max, stderr, err, sizeof err) < 0) {
        fprintf(stderr, "gtsearch train: %s\n", err);
        goto out;
    }
    if (gt_trainset_blend_later(&s, td_decay, td_plies) < 0) {
        fprintf(stderr, "gtsearch train: out of memory for --td-decay\n");
        goto out;
    }
    if (td_decay > 0)
        fprintf(stderr, "train: each score blended with its game's later ones, decay %g, up to "
                "%d plies on\n", td_decay, td_plies);
    if (!c.epochs) {
        rc = measure(g, &s, &c, init_path);
        goto out;
    }
    const int buckets = gt_train_buckets(&c);
    const int l2 = c.l2 ? c.l2 : init ? init->l2 : 0;
    char bk[96] = "";
    if (buckets > 1)
        snprintf(bk, sizeof bk, ", %d output buckets", buckets);
    if (l2)
        snprintf(bk + strlen(bk), sizeof bk - strlen(bk), ", a second layer of %d", l2);
    fprintf(stderr, "train: %zu positions%s from %d file%s in %.1f s; %d x %d%s%s, %d epochs, "
            "batch %d, %d thread%s\n", s.n, symmetries ? " (turned copies included)" : "",
            ndata, ndata == 1 ? "" : "s",
            (gt_now_ms() - t0) / 1000.0, g->features->count, c.hidden,
            c.residual ? " (residual)" : "", bk, c.epochs, c.batch, c.threads,
            c.threads == 1 ? "" : "s");

    if (init)
        fprintf(stderr, "train: starting from %s (%d wide%s%s%s, %d eval units an output "
                "unit)\n", init_path, init->hidden, init->residual ? ", residual" : "",
                init->buckets > 1 ? ", output buckets" : "",
                init->l2 ? ", a second layer" : "", init->scale);

    FILE *log = NULL;
    if (log_path && !(log = fopen(log_path, c.resume ? "a" : "w"))) {
        fprintf(stderr, "gtsearch train: cannot write the log '%s': %s\n", log_path,
                strerror(errno));
        goto out;
    }
    c.log = log;
    struct sigaction old_int;
    c.stop = gt_interrupt_catch(&old_int);
    struct gt_model m = {0};
    struct gt_train_stats st;
    int r = gt_train_run(g, &s, &c, &m, &st, err, sizeof err);
    gt_interrupt_release(&old_int);
    if (log)
        fclose(log);
    gt_model_free(&m);
    if (r < 0) {
        fprintf(stderr, "gtsearch train: %s\n", err);
        goto out;
    }
    if (st.interrupted) {
        fprintf(stderr, "train: interrupted in epoch %d; ", st.epochs + 1);
        if (st.epochs && c.keep_best && st.best_epoch)
            fprintf(stderr, "%s holds epoch %d (the lowest validation loss) and %s epoch %d: "
                    "--resume %s goes on\n", c.out, st.best_epoch, ckpt, st.epochs, ckpt);
        else if (st.epochs && c.keep_best)
            fprintf(stderr, "%s is as it was and %s holds epoch %d: --resume %s goes on\n",
                    c.out, ckpt, st.epochs, ckpt);
        else if (st.epochs)
            fprintf(stderr, "%s and %s hold epoch %d: --resume %s goes on\n", c.out, ckpt,
                    st.epochs, ckpt);
        else
            fprintf(stderr, "no epoch was completed, nothing was written\n");
        rc = 130;
        goto out;
    }
    if (st.nothing_left && c.keep_best) {
        fprintf(stderr, "train: the checkpoint holds all %d epochs, nothing to train; %s is "
                "left as it was (--keep-best: it holds the best epoch, the checkpoint the "
                "last)\n", st.epochs, c.out);
        rc = 0;
        goto out;
    }
    if (st.nothing_left) {
        fprintf(stderr, "train: the checkpoint holds all %d epochs, nothing to train; its "
                "network (validation loss %.6f) written to %s\n", st.epochs, st.val_loss,
                c.out);
        rc = 0;
        goto out;
    }
    fprintf(stderr, "train: %d epochs, loss %.6f before, %.6f (training) and %.6f "
            "(validation) after, %.0f positions/s; network in %s", st.epochs,
            st.first_loss, st.train_loss, st.val_loss, st.positions_per_s, c.out);
    if (c.keep_best)
        fprintf(stderr, " (epoch %d's, the lowest validation loss, %.6f)", st.best_epoch,
                st.best_loss);
    fputc('\n', stderr);
    rc = 0;
out:
    gt_trainset_free(&s);
    gt_net_free(init);
    return rc;
}
