/* net_cli.c -- the `net` command: what a network file holds, how it
 * scores a position, and a copy with another weight.
 *
 *   gtsearch [--game NAME] net [FILE] [--position TEXT]
 *       [--scale N | --weight X] [--window N] [--out FILE]
 *
 * Without FILE it describes the engine's network (EvalFile's, else the
 * game's built-in one).  --scale, --weight and --window change only the
 * header's scale and window fields: the weights stay the same bytes, so a
 * residual network's correction is damped or strengthened (what `train
 * --output-scale` writes) without training again, and a ladder of weights
 * is a few commands.  The file is read whole and checked before anything
 * is written, and written through a temporary file (gt_net_save).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "net_cli.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "tools.h"
#include "core/net.h"
#include "engine/engine.h"
#include "engine/options.h"

#define MAX_SCALE 100000        /* far beyond any trained net's; keeps out * scale in range */

struct net_args {
    const char *file, *out, *position;
    long scale, window;         /* -1: unchanged */
    double weight;              /* 0: unchanged */
};

static int parse(int argc, char **argv, struct net_args *a)
{
    const char *cmd = "net";
    *a = (struct net_args){.scale = -1, .window = -1};
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "--out") || !strcmp(s, "--position")) {
            if (i + 1 == argc)
                return gt_usage_error(cmd, "%s needs a value", s);
            *(s[2] == 'o' ? &a->out : &a->position) = argv[++i];
        } else if (!strcmp(s, "--scale")) {
            if (gt_arg_long(cmd, argc, argv, &i, 1, MAX_SCALE, &a->scale) < 0)
                return GT_EXIT_USAGE;
        } else if (!strcmp(s, "--window")) {
            if (gt_arg_long(cmd, argc, argv, &i, 0, GT_EVAL_MAX, &a->window) < 0)
                return GT_EXIT_USAGE;
        } else if (!strcmp(s, "--weight")) {
            if (gt_arg_double(cmd, argc, argv, &i, 0.01, 100, &a->weight) < 0)
                return GT_EXIT_USAGE;
        } else if (s[0] == '-' && s[1])
            return gt_usage_error(cmd, "unknown option '%s'", s);
        else if (!a->file)
            a->file = s;
        else
            return gt_usage_error(cmd, "one network file at a time (then '%s')", s);
    }
    if (a->scale >= 0 && a->weight > 0)
        return gt_usage_error(cmd, "%s", "--scale or --weight, not both");
    bool change = a->scale >= 0 || a->weight > 0 || a->window >= 0;
    if (change && !a->out)
        return gt_usage_error(cmd, "%s", "--scale, --weight and --window need --out FILE");
    return 0;
}

static void describe(const struct gt_net *n, const char *what, FILE *out)
{
    fprintf(out, "network:   %s\n", what);
    fprintf(out, "game:      %s\n", n->game);
    fprintf(out, "features:  %s version %d, %u inputs\n", n->features, n->features_version,
            n->inputs);
    if (n->l2)
        fprintf(out, "shape:     %u -> %d x 2 -> %d -> 1, SCReLU then clamped, quantisation "
                "%d/%d/%d/%d\n", n->inputs, n->hidden, n->l2, GT_NET_QA, GT_NET_QB,
                GT_NET_QL2, GT_NET_QO);
    else
        fprintf(out, "shape:     %u -> %d x 2 -> 1, SCReLU, quantisation %d/%d\n", n->inputs,
                n->hidden, GT_NET_QA, GT_NET_QB);
    if (n->buckets > 1)
        fprintf(out, "buckets:   %d output layers, by the side to move's active features, "
                "%d a bucket\n", n->buckets, n->bucket_span);
    if (n->residual && n->window)
        fprintf(out, "kind:      residual, a correction where |evaluation| <= %d\n",
                n->window);
    else
        fprintf(out, "kind:      %s\n", n->residual ? "residual, a correction everywhere"
                                                    : "the whole evaluation");
    fprintf(out, "scale:     %d eval units an output unit\n", n->scale);
}

/* The position's scores, the side to move's view: the network's, and for
 * a residual network the evaluation it corrects. */
static int score_position(struct gt_engine *e, const struct gt_net *n, const char *text,
                          FILE *out)
{
    const struct gt_game *g = gt_engine_game(e);
    if (gt_tool_set_position(e, "net", text) < 0)
        return -1;
    const void *pos = gt_engine_position(e);
    int score = gt_net_evaluate(n, g, pos, NULL);
    if (score == INT32_MIN) {
        fprintf(stderr, "gtsearch net: out of memory\n");
        return -1;
    }
    const char *name = text ? text : "startpos";
    if (n->residual) {
        int base = g->evaluate(pos, NULL);
        if (gt_net_corrects(n, base))
            fprintf(out, "position:  %s: %d (evaluation %d, correction %+d), side to move\n",
                    name, score, base, score - base);
        else
            fprintf(out, "position:  %s: %d (the evaluation: outside the window), side to "
                    "move\n", name, score);
    } else
        fprintf(out, "position:  %s: %d, side to move\n", name, score);
    return 0;
}

int gt_net_main(struct gt_engine *e, int argc, char **argv)
{
    const struct gt_game *g = gt_engine_game(e);
    struct net_args a;
    int rc = parse(argc, argv, &a);
    if (rc)
        return rc;
    if (!g->features) {
        fprintf(stderr, "gtsearch net: %s declares no input features (the features hook "
                "of game.h)\n", g->name);
        return 1;
    }
    char err[512], what[600];
    struct gt_net *loaded = NULL;
    const struct gt_net *n;
    if (a.file) {
        if (!(n = loaded = gt_net_load(g, a.file, err, sizeof err))) {
            fprintf(stderr, "gtsearch net: %s\n", err);
            return 1;
        }
        snprintf(what, sizeof what, "%s", a.file);
    } else {
        if (!(n = gt_engine_network(e))) {
            fprintf(stderr, "gtsearch net: %s has no network built in; name a file\n",
                    g->name);
            return 1;
        }
        const char *ef = gt_options_str(gt_engine_options(e), "EvalFile");
        if (ef && *ef)
            snprintf(what, sizeof what, "%s (EvalFile)", ef);
        else
            snprintf(what, sizeof what, "built in");
    }
    describe(n, what, stdout);
    rc = 1;
    struct gt_net *w = NULL;
    if (score_position(e, n, a.position, stdout) < 0)
        goto done;
    if (a.out) {
        if (!(w = gt_net_copy(n))) {      /* the engine's own network is shared */
            fprintf(stderr, "gtsearch net: out of memory\n");
            goto done;
        }
        if (a.scale >= 0)
            w->scale = (int)a.scale;
        else if (a.weight > 0)
            w->scale = (int)lround(n->scale * a.weight);
        if (w->scale < 1 || w->scale > MAX_SCALE) {
            fprintf(stderr, "gtsearch net: --weight %g gives scale %d, outside 1 to %d\n",
                    a.weight, w->scale, MAX_SCALE);
            goto done;
        }
        if (a.window >= 0) {
            if (!n->residual) {
                fprintf(stderr, "gtsearch net: --window: %s is not a residual network\n",
                        what);
                goto done;
            }
            w->window = (int)a.window;
        }
        if (gt_net_save(w, a.out, err, sizeof err) < 0) {
            fprintf(stderr, "gtsearch net: %s\n", err);
            goto done;
        }
        printf("written:   %s, scale %d (was %d), window %d (was %d)\n", a.out, w->scale,
               n->scale, w->window, n->window);
    }
    rc = 0;
done:
    gt_net_free(w);
    gt_net_free(loaded);
    return rc;
}
