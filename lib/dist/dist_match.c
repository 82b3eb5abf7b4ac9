/* dist_match.c -- a match over the ranks (dist.h): the match runner's
 * hooks (match.h) as the dealer's calls (deal.h).  Every rank runs the
 * whole match runner with its own engines and --concurrency threads;
 * game numbers come from rank 0 and every finished game goes back to it
 * as its record, where gt_match_tally prints, counts and writes it as a
 * game of its own, in game order.  So the progress lines, the SPRT and
 * the records files are those of one process playing the games one by
 * one.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "dist.h"

#include <stdio.h>
#include <stdlib.h>

#include "deal.h"
#include "wire.h"
#include "match/match.h"
#include "match/match_referee.h"

struct gt_dist_match {
    struct gt_match_hooks hooks;
    struct gt_match *m;
    struct gt_deal *deal;
    char log[4096];
};

static bool deliver(void *ctx, long n, const char *data, size_t len)
{
    struct gt_dist_match *dm = ctx;
    struct gt_game_record rec;
    if (gt_wire_unpack_record(data, len, &rec) < 0) {
        fprintf(stderr, "gtsearch: game %ld: its record came garbled; not counted\n", n + 1);
        return false;
    }
    bool stop = gt_match_tally(dm->m, (int)n, &rec);
    gt_game_record_free(&rec);
    return stop;
}

static void begin(void *ctx, struct gt_match *m, int total)
{
    struct gt_dist_match *dm = ctx;
    dm->m = m;
    dm->deal = gt_deal_new(total, deliver, dm);
    if (!dm->deal) {
        fprintf(stderr, "gtsearch: rank %d: out of memory\n", gt_dist_rank());
        exit(1);
    }
}

static int next(void *ctx)
{
    struct gt_dist_match *dm = ctx;
    return (int)gt_deal_take(dm->deal);
}

static void done(void *ctx, int n, const struct gt_game_record *rec)
{
    struct gt_dist_match *dm = ctx;
    size_t len = 0;
    char *buf = gt_wire_pack_record(rec, &len);
    if (!buf)
        fprintf(stderr, "gtsearch: rank %d: out of memory: game %d is lost\n",
                gt_dist_rank(), n + 1);
    gt_deal_put(dm->deal, n, buf, len);
    free(buf);
}

static void end(void *ctx)
{
    struct gt_dist_match *dm = ctx;
    struct gt_deal_report rep;
    gt_deal_end(dm->deal, false, &rep);
    if (gt_dist_rank() == 0 && rep.lost_ranks)
        fprintf(stderr, "gtsearch: %d rank%s lost; %ld game%s lost with them, the others "
                "were played again\n", rep.lost_ranks, rep.lost_ranks == 1 ? "" : "s",
                rep.lost, rep.lost == 1 ? "" : "s");
}

struct gt_dist_match *gt_dist_match_setup(struct gt_match_config *c)
{
    int rank = gt_dist_rank();
    if (gt_dist_size() == 1)
        return NULL;
    struct gt_dist_match *dm = calloc(1, sizeof *dm);
    if (!dm) {
        fprintf(stderr, "gtsearch: rank %d: out of memory\n", rank);
        exit(1);
    }
    dm->hooks = (struct gt_match_hooks){dm, begin, next, done, end};
    c->hooks = &dm->hooks;
    if (rank == 0) {
        fprintf(stderr, "match: %d MPI ranks, each playing up to %d game%s at once\n",
                gt_dist_size(), c->concurrency, c->concurrency > 1 ? "s" : "");
        return dm;
    }
    /* Rank 0 reports and writes the records. */
    c->quiet = true;
    c->pgn = c->record = NULL;
    if (c->log) {
        snprintf(dm->log, sizeof dm->log, "%s.rank%d", c->log, rank);
        c->log = dm->log;
    }
    return dm;
}

void gt_dist_match_finish(struct gt_dist_match *dm)
{
    if (!dm)
        return;
    /* A run that failed before its first game still answers, or tells,
     * the other ranks: none of its games are left. */
    if (!dm->deal) {
        dm->deal = gt_deal_new(0, deliver, dm);
        if (dm->deal)
            gt_deal_end(dm->deal, false, NULL);
    }
    gt_deal_free(dm->deal);
    free(dm);
}
