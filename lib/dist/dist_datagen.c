/* dist_datagen.c -- datagen over the ranks (dist.h): datagen's hooks
 * (datagen.h) as the dealer's calls (deal.h).  Game i depends only on the
 * seed and i, so whichever rank plays it writes the same lines; rank 0
 * writes every game's lines in game order, so its file is that of one
 * process with one thread.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "dist.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/util.h"
#include "deal.h"
#include "wire.h"
#include "tune/datagen.h"

struct gt_dist_datagen {
    struct gt_datagen_hooks hooks;
    struct gt_datagen_run *run;
    struct gt_deal *deal;
    long total;
    int64_t time_ms;
    bool write_failed;
    struct gt_deal_report rep;
};

static bool deliver(void *ctx, long n, const char *data, size_t len)
{
    struct gt_dist_datagen *dd = ctx;
    const char *lines;
    double result;
    int margin;
    bool adj;
    if (gt_wire_unpack_lines(data, len, &lines, &result, &margin, &adj) < 0) {
        fprintf(stderr, "gtsearch: game %ld: its positions came garbled\n", n + 1);
        dd->write_failed = true;
        return true;
    }
    if (gt_datagen_write(dd->run, n, lines, result, margin, adj) < 0)
        dd->write_failed = true;
    return dd->write_failed;
}

static void begin(void *ctx, struct gt_datagen_run *r)
{
    struct gt_dist_datagen *dd = ctx;
    dd->run = r;
    dd->deal = gt_deal_new(dd->total, deliver, dd);
    if (!dd->deal) {
        fprintf(stderr, "gtsearch: rank %d: out of memory\n", gt_dist_rank());
        exit(1);
    }
    /* The time limit is the dealer's: rank 0 stops dealing new games. */
    if (dd->time_ms > 0 && gt_dist_rank() == 0)
        gt_deal_close_at(dd->deal, gt_now_ms() + dd->time_ms);
}

static long next(void *ctx)
{
    struct gt_dist_datagen *dd = ctx;
    return gt_deal_take(dd->deal);
}

static int done(void *ctx, long i, const char *lines, double result, int margin,
                bool adjudicated)
{
    struct gt_dist_datagen *dd = ctx;
    size_t len = 0;
    char *buf = lines ? gt_wire_pack_lines(lines, result, margin, adjudicated, &len) : NULL;
    gt_deal_put(dd->deal, i, buf, len);
    free(buf);
    return 0;   /* a failure reaches rank 0, which stops every rank */
}

static void end(void *ctx, bool failed)
{
    struct gt_dist_datagen *dd = ctx;
    gt_deal_end(dd->deal, failed, &dd->rep);
}

struct gt_dist_datagen *gt_dist_datagen_setup(struct gt_datagen_config *c)
{
    if (gt_dist_size() == 1)
        return NULL;
    struct gt_dist_datagen *dd = calloc(1, sizeof *dd);
    if (!dd) {
        fprintf(stderr, "gtsearch: rank %d: out of memory\n", gt_dist_rank());
        exit(1);
    }
    dd->total = c->games;
    dd->time_ms = c->time_ms;
    dd->hooks = (struct gt_datagen_hooks){dd, begin, next, done, end};
    c->hooks = &dd->hooks;
    if (gt_dist_rank() == 0)
        fprintf(stderr, "datagen: %d MPI ranks, each playing up to %d game%s at once\n",
                gt_dist_size(), c->threads, c->threads > 1 ? "s" : "");
    return dd;
}

int gt_dist_datagen_finish(struct gt_dist_datagen *dd, char *err, size_t err_len)
{
    if (!dd)
        return 0;
    int rc = 0;
    /* Every game dealt is owed: all of them, or those before the time
     * limit closed the deal. */
    long want = dd->rep.closed ? dd->rep.dealt : dd->total;
    /* A run that failed before its first game (and said why) still
     * answers, or tells, the other ranks: no games from here. */
    if (!dd->deal) {
        dd->deal = gt_deal_new(0, deliver, dd);
        if (dd->deal)
            gt_deal_end(dd->deal, true, NULL);
    } else if (gt_dist_rank() == 0 && dd->rep.delivered < want) {
        snprintf(err, err_len, "%ld of %ld games are missing (%s)", want - dd->rep.delivered,
                 want, dd->write_failed ? "the data could not be written" : "a rank failed");
        rc = -1;
    }
    gt_deal_free(dd->deal);
    free(dd);
    return rc;
}
