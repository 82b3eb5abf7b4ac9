/* deal.c -- the dealer's bookkeeping (deal.h): which numbers are left,
 * which are out, the results waiting for their turn.  The messages
 * between the ranks are deal_net.c's.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "deal_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "dist.h"

int deal_push(long **v, int *n, int *cap, long x)
{
    if (*n == *cap) {
        int c = *cap ? 2 * *cap : 16;
        long *nv = realloc(*v, sizeof *nv * (size_t)c);
        if (!nv)
            return -1;
        *v = nv;
        *cap = c;
    }
    (*v)[(*n)++] = x;
    return 0;
}

struct gt_deal *gt_deal_new(long total, gt_deal_deliver_fn deliver, void *ctx)
{
    struct gt_deal *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->rank = gt_dist_rank();
    d->size = gt_dist_size();
    d->timeout_ms = gt_dist_timeout_ms();
    d->total = total;
    d->deliver = deliver;
    d->ctx = ctx;
    pthread_mutex_init(&d->lock, NULL);
    pthread_cond_init(&d->cond, NULL);
    if (d->rank == 0 && d->size > 1 && !(d->peers = calloc((size_t)d->size, sizeof *d->peers))) {
        gt_deal_free(d);
        return NULL;
    }
    if (d->size > 1 && deal_net_start(d) < 0) {
        gt_deal_free(d);
        return NULL;
    }
    return d;
}

void gt_deal_close_at(struct gt_deal *d, int64_t when_ms)
{
    pthread_mutex_lock(&d->lock);
    d->close_ms = when_ms;
    pthread_mutex_unlock(&d->lock);
}

/* Past the closing time no number is dealt for the first time (asked only
 * while some are left); those given back by a lost rank still are, so
 * that the results up to the last one dealt can all be delivered. */
static bool closed(struct gt_deal *d)
{
    if (!d->rep.closed && d->close_ms > 0 && gt_now_ms() >= d->close_ms)
        d->rep.closed = true;
    return d->rep.closed;
}

long deal_try_take(struct gt_deal *d)
{
    long n;
    if (d->stop)
        return -1;
    if (d->nback) {
        /* The lowest first: the results go out in order. */
        int k = 0;
        for (int i = 1; i < d->nback; i++)
            if (d->back[i] < d->back[k])
                k = i;
        n = d->back[k];
        d->back[k] = d->back[--d->nback];
    } else if (d->next < d->total && !closed(d))
        n = d->next++;
    else
        return d->outstanding ? -2 : -1;
    d->outstanding++;
    return n;
}

long gt_deal_take(struct gt_deal *d)
{
    long n;
    pthread_mutex_lock(&d->lock);
    if (d->rank == 0) {
        while ((n = deal_try_take(d)) == -2)
            pthread_cond_wait(&d->cond, &d->lock);
    } else {
        d->want++;
        while (!d->ngot && !d->stop)
            pthread_cond_wait(&d->cond, &d->lock);
        n = -1;
        if (d->ngot) {
            n = d->got[0];
            memmove(d->got, d->got + 1, sizeof *d->got * (size_t)--d->ngot);
        }
        d->want--;
    }
    pthread_mutex_unlock(&d->lock);
    return n;
}

static void deliver(struct gt_deal *d, long n, const char *data, size_t len)
{
    if (d->deliver(d->ctx, n, data, len))
        d->stop = true;
    d->rep.delivered++;
    d->released = n + 1;
}

/* Result n (data NULL: its work failed), on rank 0: delivered now if it is
 * its turn, with the held ones that follow it, else held. */
void deal_accept(struct gt_deal *d, long n, const char *data, size_t len)
{
    d->outstanding--;
    pthread_cond_broadcast(&d->cond);
    if (!data) {
        d->rep.failed++;
        d->stop = true;
        return;
    }
    if (n != d->released) {
        if (d->nheld == d->capheld) {
            int c = d->capheld ? 2 * d->capheld : 16;
            struct deal_held *h = realloc(d->held, sizeof *h * (size_t)c);
            if (!h)
                goto lost;
            d->held = h;
            d->capheld = c;
        }
        char *copy = malloc(len ? len : 1);
        if (!copy)
            goto lost;
        memcpy(copy, data, len);
        d->held[d->nheld++] = (struct deal_held){n, copy, len};
        return;
    }
    deliver(d, n, data, len);
    for (int i = 0; i < d->nheld;) {
        if (d->held[i].n != d->released) {
            i++;
            continue;
        }
        struct deal_held h = d->held[i];
        d->held[i] = d->held[--d->nheld];
        deliver(d, h.n, h.data, h.len);
        free(h.data);
        i = 0;
    }
    return;
lost:
    fprintf(stderr, "gtsearch: out of memory: the result of game %ld is lost\n", n + 1);
    d->rep.failed++;
    d->stop = true;
}

void deal_give_back(struct gt_deal *d, int rank, const char *why)
{
    struct deal_peer *p = &d->peers[rank];
    fprintf(stderr, "gtsearch: rank %d %s", rank, why);
    if (p->nout)
        fprintf(stderr, "; %s in progress %s:", p->nout > 1 ? "its games" : "its game",
                d->stop ? "is lost (no new games)" : p->nout > 1 ? "go back in the queue"
                : "goes back in the queue");
    for (int i = 0; i < p->nout; i++) {
        fprintf(stderr, " %ld", p->out[i] + 1);
        d->outstanding--;
        if (d->stop || deal_push(&d->back, &d->nback, &d->capback, p->out[i]) < 0)
            d->rep.lost++;
    }
    fputc('\n', stderr);
    p->nout = 0;
    pthread_cond_broadcast(&d->cond);
}

void gt_deal_put(struct gt_deal *d, long n, const void *data, size_t len)
{
    pthread_mutex_lock(&d->lock);
    if (d->rank == 0)
        deal_accept(d, n, data, len);
    else if (deal_net_queue(d, n, data, len) < 0) {
        fprintf(stderr, "gtsearch: rank %d: out of memory: the result of game %ld is lost\n",
                d->rank, n + 1);
        d->failed = true;
    }
    pthread_mutex_unlock(&d->lock);
}

static int by_number(const void *a, const void *b)
{
    long x = ((const struct deal_held *)a)->n, y = ((const struct deal_held *)b)->n;
    return (x > y) - (x < y);
}

void gt_deal_end(struct gt_deal *d, bool failed, struct gt_deal_report *rep)
{
    pthread_mutex_lock(&d->lock);
    d->ending = true;
    d->failed |= failed;
    if (d->rank == 0 && failed)
        d->stop = true;
    pthread_cond_broadcast(&d->cond);
    pthread_mutex_unlock(&d->lock);
    deal_net_join(d);
    pthread_mutex_lock(&d->lock);
    /* What is still held waits behind a game lost after the stop. */
    qsort(d->held, (size_t)d->nheld, sizeof *d->held, by_number);
    for (int i = 0; i < d->nheld; i++) {
        deliver(d, d->held[i].n, d->held[i].data, d->held[i].len);
        free(d->held[i].data);
    }
    d->nheld = 0;
    d->rep.dealt = d->next;
    if (rep)
        *rep = d->rep;
    pthread_mutex_unlock(&d->lock);
}

void gt_deal_free(struct gt_deal *d)
{
    if (!d)
        return;
    for (int i = 0; i < d->nheld; i++)
        free(d->held[i].data);
    for (int i = 0; i < d->nsend; i++)
        free(d->sendq[i].buf);
    for (int i = 0; d->peers && i < d->size; i++)
        free(d->peers[i].out);
    free(d->held);
    free(d->sendq);
    free(d->peers);
    free(d->back);
    free(d->got);
    pthread_mutex_destroy(&d->lock);
    pthread_cond_destroy(&d->cond);
    free(d);
}
