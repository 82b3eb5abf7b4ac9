/* deal_state.h -- inside the dealer (deal.h): its state, shared by the
 * bookkeeping (deal.c, no MPI) and the thread that carries it between
 * the ranks (deal_net.c).  Every field is under the lock.
 * SPDX-License-Identifier: MIT */
#ifndef GT_DIST_DEAL_STATE_H
#define GT_DIST_DEAL_STATE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "deal.h"

/* Rank 0's view of another rank. */
struct deal_peer {
    bool gone, bye;         /* lost (silent too long), or finished */
    int64_t heard_ms;       /* when it last sent anything */
    int waiting;            /* its requests not answered yet */
    long *out;              /* the numbers it holds */
    int nout, capout;
};

/* A result that came before its turn. */
struct deal_held {
    long n;
    char *data;
    size_t len;
};

/* A message a rank other than 0 has still to send. */
struct deal_msg {
    int tag;
    char *buf;
    size_t len;
};

struct gt_deal {
    int rank, size;
    int64_t timeout_ms;
    pthread_mutex_t lock;
    pthread_cond_t cond;    /* a number to take, or the end */
    pthread_t thread;
    bool thread_started;
    bool stop;              /* no new numbers */
    bool ending;            /* this rank's threads are done */
    bool failed;            /* this rank's work failed */

    /* Rank 0. */
    long total, next;       /* numbers never dealt: next..total-1 */
    long outstanding;       /* dealt, not done */
    int64_t close_ms;       /* no new numbers from then on (0: never) */
    long released;          /* results delivered up to here */
    long *back;             /* numbers a lost rank gave back */
    int nback, capback;
    struct deal_held *held;
    int nheld, capheld;
    struct deal_peer *peers;
    gt_deal_deliver_fn deliver;
    void *ctx;
    struct gt_deal_report rep;

    /* The other ranks. */
    int want;               /* threads waiting for a number */
    int asked;              /* requests sent, not answered */
    long *got;              /* numbers received, not taken */
    int ngot, capgot;
    struct deal_msg *sendq;
    int nsend, capsend;
};

/* Rank 0's bookkeeping (deal.c). */
long deal_try_take(struct gt_deal *d);   /* a number, -1 none left, -2 not now */
void deal_accept(struct gt_deal *d, long n, const char *data, size_t len);
void deal_give_back(struct gt_deal *d, int rank, const char *why);
int deal_push(long **v, int *n, int *cap, long x);

/* The thread between the ranks (deal_net.c). */
int deal_net_start(struct gt_deal *d);
void deal_net_join(struct gt_deal *d);
/* A result or failure of a rank other than 0, as its message. */
int deal_net_queue(struct gt_deal *d, long n, const void *data, size_t len);

#endif
