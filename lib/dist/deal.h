/* deal.h -- work numbers dealt over the ranks of an MPI job, results
 * gathered in order on rank 0.
 *
 * Rank 0 owns the numbers 0..total-1.  A thread of any rank takes a
 * number, does that piece of work (plays that game) and puts its result,
 * as bytes; rank 0 passes the results on to `deliver` in number order,
 * whichever rank finished them when.  A rank that is silent for longer
 * than the timeout (GTSEARCH_MPI_TIMEOUT seconds, default 30) is lost:
 * the numbers it held go back in the queue and another rank does them
 * again (unless deliver has said stop).
 * SPDX-License-Identifier: MIT */
#ifndef GT_DIST_DEAL_H
#define GT_DIST_DEAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct gt_deal;

/* Result n, in order; returns true to stop dealing new numbers. */
typedef bool (*gt_deal_deliver_fn)(void *ctx, long n, const char *data, size_t len);

struct gt_deal_report {
    long delivered;     /* results passed to deliver */
    long lost;          /* numbers lost with a rank after the stop */
    long failed;        /* numbers whose work failed (put without data) */
    int lost_ranks;
    long dealt;         /* numbers dealt (all of them unless closed) */
    bool closed;        /* the time gt_deal_close_at set came first */
};

/* Every rank makes one (total and deliver matter on rank 0 only). */
struct gt_deal *gt_deal_new(long total, gt_deal_deliver_fn deliver, void *ctx);
/* On rank 0: deal no new number from when_ms (gt_now_ms's clock) on; the
 * numbers out are finished and delivered. */
void gt_deal_close_at(struct gt_deal *d, int64_t when_ms);
/* The next number to work on, or -1: none left.  Waits while numbers
 * out on other ranks may still come back. */
long gt_deal_take(struct gt_deal *d);
/* Number n is done; data NULL: it failed, and dealing stops. */
void gt_deal_put(struct gt_deal *d, long n, const void *data, size_t len);
/* After this rank's last take: rank 0 waits for the other ranks to
 * finish (or be lost) and delivers what is left; the others say so to
 * rank 0.  failed: this rank's work failed.  rep may be NULL. */
void gt_deal_end(struct gt_deal *d, bool failed, struct gt_deal_report *rep);
void gt_deal_free(struct gt_deal *d);

/* GTSEARCH_MPI_TIMEOUT in milliseconds (default 30 s), dist.c's. */
int64_t gt_dist_timeout_ms(void);

#endif
