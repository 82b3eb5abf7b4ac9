/* deal_net.c -- the dealer's messages between the ranks (deal.h): one
 * thread per rank is the only one that calls MPI while the work runs, so
 * MPI_THREAD_SERIALIZED is enough.  It polls (MPI_Iprobe, then a 1 ms
 * nap) instead of blocking in MPI, which would spin a core that the
 * engines need.
 *
 * Rank 0 answers requests for numbers (or holds them while numbers out
 * elsewhere may come back), takes results in, and sends every live rank a
 * beat each second; a rank it has not heard from for the timeout is lost
 * and its numbers go back in the queue.  Another rank asks for numbers as
 * its threads want them, sends their results, beats each second, and
 * gives up when rank 0 leaves a request unanswered and silent for the
 * timeout.  Every message is bytes: the ranks run one program on one kind
 * of machine.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "deal_state.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/util.h"

enum { TAG_ASK = 1, TAG_WORK, TAG_RESULT, TAG_FAIL, TAG_BEAT, TAG_BYE };
enum { BEAT_MS = 1000 };

static void nap(void)
{
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
}

static int send_long(long n, int to, int tag)
{
    int64_t v = n;
    return MPI_Send(&v, (int)sizeof v, MPI_BYTE, to, tag, MPI_COMM_WORLD);
}

static long read_long(const char *buf)
{
    int64_t v;
    memcpy(&v, buf, sizeof v);
    return (long)v;
}

int deal_net_queue(struct gt_deal *d, long n, const void *data, size_t len)
{
    int64_t v = n;
    char *buf = malloc(sizeof v + len);
    if (!buf)
        return -1;
    memcpy(buf, &v, sizeof v);
    if (data)
        memcpy(buf + sizeof v, data, len);
    if (d->nsend == d->capsend) {
        int c = d->capsend ? 2 * d->capsend : 8;
        struct deal_msg *q = realloc(d->sendq, sizeof *q * (size_t)c);
        if (!q) {
            free(buf);
            return -1;
        }
        d->sendq = q;
        d->capsend = c;
    }
    d->sendq[d->nsend++] = (struct deal_msg){data ? TAG_RESULT : TAG_FAIL, buf,
                                             sizeof v + (data ? len : 0)};
    return 0;
}

/* ---- rank 0 ---------------------------------------------------------- */

static void lose(struct gt_deal *d, int r, const char *why)
{
    struct deal_peer *p = &d->peers[r];
    p->gone = true;
    d->rep.lost_ranks++;
    deal_give_back(d, r, why);
    /* Its unanswered requests end, should it be alive after all. */
    for (; p->waiting > 0; p->waiting--)
        send_long(-1, r, TAG_WORK);
}

/* Answer rank r's requests that can be answered now (under the lock). */
static void answer(struct gt_deal *d, int r)
{
    struct deal_peer *p = &d->peers[r];
    while (p->waiting > 0) {
        long n = deal_try_take(d);
        if (n == -2)
            return;
        if (n >= 0 && deal_push(&p->out, &p->nout, &p->capout, n) < 0) {
            d->outstanding--;
            deal_push(&d->back, &d->nback, &d->capback, n);
            return;
        }
        p->waiting--;
        if (send_long(n, r, TAG_WORK) != MPI_SUCCESS) {
            lose(d, r, "cannot be reached");
            return;
        }
    }
}

static void remove_out(struct deal_peer *p, long n, bool *found)
{
    *found = false;
    for (int i = 0; i < p->nout; i++)
        if (p->out[i] == n) {
            p->out[i] = p->out[--p->nout];
            *found = true;
            return;
        }
}

/* One message from another rank (under the lock). */
static void take_in(struct gt_deal *d, int r, int tag, const char *buf, int len)
{
    struct deal_peer *p = &d->peers[r];
    if (p->gone || p->bye) {
        if (tag == TAG_ASK)
            send_long(-1, r, TAG_WORK);
        return;     /* a lost rank's results were dealt again */
    }
    p->heard_ms = gt_now_ms();
    bool found;
    switch (tag) {
    case TAG_ASK:
        p->waiting++;
        break;
    case TAG_RESULT:
    case TAG_FAIL:
        if (len < 8)
            break;
        remove_out(p, read_long(buf), &found);
        if (!found)
            break;
        if (tag == TAG_FAIL)
            fprintf(stderr, "gtsearch: rank %d could not play game %ld; no new games\n", r,
                    read_long(buf) + 1);
        deal_accept(d, read_long(buf), tag == TAG_RESULT ? buf + 8 : NULL, (size_t)len - 8);
        break;
    case TAG_BYE:
        p->bye = true;
        if (p->nout)
            deal_give_back(d, r, "has stopped");
        if (len > 0 && buf[0]) {
            fprintf(stderr, "gtsearch: rank %d failed; no new games\n", r);
            d->rep.failed++;
            d->stop = true;
        }
        break;
    default:
        break;
    }
}

/* Receive every message waiting; true if there was one. */
static bool receive(struct gt_deal *d, int from, void (*handle)(struct gt_deal *, int, int,
                                                                 const char *, int))
{
    bool any = false;
    for (;;) {
        int flag = 0, len = 0;
        MPI_Status st;
        if (MPI_Iprobe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st) != MPI_SUCCESS || !flag)
            return any;
        MPI_Get_count(&st, MPI_BYTE, &len);
        char *buf = malloc(len > 0 ? (size_t)len : 1);
        if (!buf)
            return any;
        MPI_Recv(buf, len, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        pthread_mutex_lock(&d->lock);
        handle(d, st.MPI_SOURCE, st.MPI_TAG, buf, len);
        pthread_cond_broadcast(&d->cond);
        pthread_mutex_unlock(&d->lock);
        free(buf);
        any = true;
    }
}

static void *serve(void *arg)
{
    struct gt_deal *d = arg;
    int64_t last_beat = 0;
    pthread_mutex_lock(&d->lock);
    for (int r = 1; r < d->size; r++)
        d->peers[r].heard_ms = gt_now_ms();
    pthread_mutex_unlock(&d->lock);
    for (;;) {
        bool busy = receive(d, MPI_ANY_SOURCE, take_in);
        int64_t now = gt_now_ms();
        bool beat = now - last_beat >= BEAT_MS;
        int left = 0;
        pthread_mutex_lock(&d->lock);
        for (int r = 1; r < d->size; r++) {
            struct deal_peer *p = &d->peers[r];
            if (p->gone || p->bye)
                continue;
            if (now - p->heard_ms > d->timeout_ms) {
                char why[64];
                snprintf(why, sizeof why, "is lost (silent for %lld s)",
                         (long long)(now - p->heard_ms) / 1000);
                lose(d, r, why);
                continue;
            }
            answer(d, r);
            if (beat && send_long(0, r, TAG_BEAT) != MPI_SUCCESS)
                lose(d, r, "cannot be reached");
            left += !p->gone;
        }
        pthread_mutex_unlock(&d->lock);
        if (beat)
            last_beat = now;
        if (!left)
            return NULL;
        if (!busy)
            nap();
    }
}

/* ---- the other ranks ------------------------------------------------- */

static void take_reply(struct gt_deal *d, int r, int tag, const char *buf, int len)
{
    (void)r;
    if (tag != TAG_WORK || len < 8)
        return;     /* a beat: heard */
    long n = read_long(buf);
    d->asked--;
    if (n < 0)
        d->stop = true;
    else if (deal_push(&d->got, &d->ngot, &d->capgot, n) < 0)
        d->failed = true;   /* rank 0 finds the number missing: lost */
}

static void *client(void *arg)
{
    struct gt_deal *d = arg;
    int64_t last_beat = 0, heard = gt_now_ms();
    for (;;) {
        pthread_mutex_lock(&d->lock);
        int need = d->stop || d->ending ? 0 : d->want - d->asked - d->ngot;
        need = need > 0 ? need : 0;
        d->asked += need;
        int nmsg = d->nsend;
        struct deal_msg *msgs = d->sendq;
        d->sendq = NULL;
        d->nsend = d->capsend = 0;
        pthread_mutex_unlock(&d->lock);

        for (int i = 0; i < need; i++)
            send_long(0, 0, TAG_ASK);
        for (int i = 0; i < nmsg; i++) {
            MPI_Send(msgs[i].buf, (int)msgs[i].len, MPI_BYTE, 0, msgs[i].tag, MPI_COMM_WORLD);
            free(msgs[i].buf);
        }
        free(msgs);
        bool busy = need || nmsg;
        if (receive(d, 0, take_reply)) {
            busy = true;
            heard = gt_now_ms();
        }
        int64_t now = gt_now_ms();
        if (now - last_beat >= BEAT_MS) {
            send_long(0, 0, TAG_BEAT);
            last_beat = now;
        }
        pthread_mutex_lock(&d->lock);
        bool waiting = d->asked > 0;
        bool done = d->ending && !d->nsend && !d->asked;
        char failed = d->failed;
        pthread_mutex_unlock(&d->lock);
        if (waiting && now - heard > d->timeout_ms) {
            fprintf(stderr, "gtsearch: rank %d: rank 0 has been silent for %lld s; "
                    "giving up\n", d->rank, (long long)(now - heard) / 1000);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        if (done) {
            MPI_Send(&failed, 1, MPI_BYTE, 0, TAG_BYE, MPI_COMM_WORLD);
            return NULL;
        }
        if (!busy)
            nap();
    }
}

int deal_net_start(struct gt_deal *d)
{
    if (pthread_create(&d->thread, NULL, d->rank == 0 ? serve : client, d) != 0) {
        fprintf(stderr, "gtsearch: rank %d: cannot start the thread that talks to the "
                "other ranks\n", d->rank);
        return -1;
    }
    d->thread_started = true;
    return 0;
}

void deal_net_join(struct gt_deal *d)
{
    if (d->thread_started)
        pthread_join(d->thread, NULL);
    d->thread_started = false;
}
