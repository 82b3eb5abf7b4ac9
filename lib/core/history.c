/* history.c -- memory for the per-thread quiet-move statistics.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "history.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* One zeroed block per set: correction tables, butterfly, counter moves,
 * continuation, then capture.  It is mapped afresh for each search, so that its pages
 * are zeroed lazily, as a search first touches them: a large game's
 * continuation table (shogi's is 23 MB) then costs only the rows a search
 * uses.  calloc would do so only the first time: once a block that size
 * has been freed, malloc serves the next from its heap and clears all of
 * it, which took 20 ms of every shogi move with two threads. */
#define CORRECTION_BYTES (GT_CORRECTION_ENTRIES * sizeof(int16_t))

size_t gt_history_quiet_bytes(unsigned count)
{
    return 2 * (size_t)count * sizeof(int16_t) + (size_t)count * sizeof(gt_move) +
           (size_t)count * count * sizeof(int16_t) + (size_t)count * sizeof(int16_t);
}

static size_t set_bytes(unsigned count)
{
    return CORRECTION_BYTES + gt_history_quiet_bytes(count);
}

/* The move tables lie in one run from the butterfly table on. */
void gt_history_load(struct gt_history *s, const void *kept, unsigned count)
{
    memcpy(s->butterfly, kept, gt_history_quiet_bytes(count));
}

void gt_history_save(const struct gt_history *s, void *kept, unsigned count)
{
    memcpy(kept, s->butterfly, gt_history_quiet_bytes(count));
}

static int set_alloc(struct gt_history *s, unsigned count)
{
    size_t butterfly = 2 * (size_t)count * sizeof(int16_t);
    size_t counter = (size_t)count * sizeof(gt_move);
    char *mem = mmap(NULL, set_bytes(count), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED)
        return -1;
    s->correction = (int16_t *)mem;
    mem += CORRECTION_BYTES;
    s->butterfly = (int16_t *)mem;
    s->counter = (gt_move *)(mem + butterfly);
    s->cont = (int16_t *)(mem + butterfly + counter);
    s->capture = s->cont + (size_t)count * count;
    return 0;
}

int gt_histories_alloc(struct gt_histories *h, unsigned count, int threads)
{
    h->set = calloc((size_t)threads, sizeof *h->set);
    h->count = count;
    h->n = 0;
    if (!h->set)
        return -1;
    for (; h->n < threads; h->n++)
        if (set_alloc(&h->set[h->n], count) < 0) {
            gt_histories_free(h);
            return -1;
        }
    return 0;
}

void gt_histories_free(struct gt_histories *h)
{
    for (int i = 0; i < h->n; i++)
        munmap(h->set[i].correction, set_bytes(h->count));
    free(h->set);
    h->set = NULL;
    h->n = 0;
}
