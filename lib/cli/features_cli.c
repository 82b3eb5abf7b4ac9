/* features_cli.c -- the `export-features` command: a data set's positions
 * as the network sees them, for a trainer outside gtsearch.
 *
 *   gtsearch [--game NAME] export-features DATA... --out FILE [--max-positions N]
 *
 * The positions are read as `train` reads them (gt_trainset_load), so an
 * outside trainer sees the same features, scores and results.  The file,
 * all numbers little-endian, no padding:
 *
 *   char magic[8]       "GTSFEAT1"
 *   u32  features       per perspective: every index is below it
 *   u64  positions      P
 *   u64  total          T, the features of all positions, both perspectives
 *   u64  start[P + 1]   position i: feat[start[i] .. start[i + 1]), start[P] = T
 *   u16  nus[P]         ... of which the first nus[i] are the side to move's,
 *                       the rest the other side's
 *   u32  feat[T]
 *   f32  score[P]       search score, eval units, side to move's view; NaN: none
 *   f32  result[P]      side to move's result: 1 won, 0.5 drawn, 0 lost
 *
 * doc/network.md's trainer section describes it too.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "features_cli.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "core/util.h"
#include "engine/engine.h"
#include "train/trainset.h"

/* Little-endian whatever the host's order: values go through a buffer. */
struct out {
    FILE *f;
    unsigned char buf[1 << 16];
    size_t len;
    int failed;
};

static void put(struct out *o, uint64_t v, int bytes)
{
    if (o->len + (size_t)bytes > sizeof o->buf) {
        if (fwrite(o->buf, 1, o->len, o->f) != o->len)
            o->failed = 1;
        o->len = 0;
    }
    for (int i = 0; i < bytes; i++)
        o->buf[o->len++] = (unsigned char)(v >> (8 * i));
}

static void put_f32(struct out *o, float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    put(o, u, 4);
}

static int write_set(const struct gt_trainset *s, uint32_t count, FILE *f)
{
    struct out *o = calloc(1, sizeof *o);       /* the buffer is big for the stack */
    if (!o)
        return -1;
    o->f = f;
    for (const char *m = "GTSFEAT1"; *m; m++)
        put(o, (unsigned char)*m, 1);
    put(o, count, 4);
    put(o, s->n, 8);
    put(o, s->nf, 8);
    for (size_t i = 0; i <= s->n; i++)
        put(o, s->n ? s->start[i] : 0, 8);      /* an empty set has no start[] */
    for (size_t i = 0; i < s->n; i++)
        put(o, s->nus[i], 2);
    for (size_t i = 0; i < s->nf; i++)
        put(o, s->feat[i], 4);
    for (size_t i = 0; i < s->n; i++)
        put_f32(o, s->score[i]);
    for (size_t i = 0; i < s->n; i++)
        put_f32(o, s->result[i]);
    if (fwrite(o->buf, 1, o->len, f) != o->len)
        o->failed = 1;
    int rc = o->failed ? -1 : 0;
    free(o);
    return rc;
}

int gt_export_features_main(struct gt_engine *e, int argc, char **argv)
{
    const char *cmd = "export-features";
    const struct gt_game *g = gt_engine_game(e);
    const char *data[256], *out = NULL;
    int ndata = 0;
    long max = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--out") && i + 1 < argc)
            out = argv[++i];
        else if (!strcmp(a, "--max-positions")) {
            if (gt_arg_long(cmd, argc, argv, &i, 1, 0x7fffffffL, &max) < 0)
                return GT_EXIT_USAGE;
        } else if (a[0] == '-' && a[1])
            return gt_usage_error(cmd, "unknown option '%s'", a);
        else if (ndata < (int)(sizeof data / sizeof data[0]))
            data[ndata++] = a;
        else
            return gt_usage_error(cmd, "too many data files (at %s)", a);
    }
    if (!ndata)
        return gt_usage_error(cmd, "%s", "no data file given");
    if (!out)
        return gt_usage_error(cmd, "%s", "--out FILE is required");
    /* After the command line: its mistakes are told whatever the game. */
    if (!g->features) {
        fprintf(stderr, "gtsearch %s: %s declares no input features (the features hook "
                "of game.h)\n", cmd, g->name);
        return 1;
    }

    char err[512];
    struct gt_trainset s;
    gt_trainset_init(&s);
    int rc = 1;
    int64_t t0 = gt_now_ms();
    if (gt_trainset_load(&s, g, data, ndata, max, stderr, err, sizeof err) < 0) {
        fprintf(stderr, "gtsearch %s: %s\n", cmd, err);
        goto done;
    }
    FILE *f = fopen(out, "wb");
    if (!f) {
        fprintf(stderr, "gtsearch %s: cannot write '%s': %s\n", cmd, out, strerror(errno));
        goto done;
    }
    int w = write_set(&s, g->features->count, f);
    int werrno = errno;
    if (fclose(f) != 0 && w == 0) {
        w = -1;
        werrno = errno;
    }
    if (w < 0) {
        fprintf(stderr, "gtsearch %s: writing '%s': %s\n", cmd, out, strerror(werrno));
        remove(out);            /* half a file would mislead a trainer */
        goto done;
    }
    fprintf(stderr, "%s: %zu positions, %zu features (%u per perspective) from %d file%s "
            "in %.1f s; written to %s\n", cmd, s.n, s.nf, g->features->count, ndata,
            ndata == 1 ? "" : "s", (gt_now_ms() - t0) / 1000.0, out);
    rc = 0;
done:
    gt_trainset_free(&s);
    return rc;
}
