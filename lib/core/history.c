/* history.c -- memory for the per-thread quiet-move statistics.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "history.h"

#include <stdlib.h>

/* One zeroed block per set: butterfly, then counter moves, then
 * continuation.  calloc maps untouched pages lazily, so a large game's
 * continuation table costs only the rows a search uses. */
static int set_alloc(struct gt_history *s, unsigned count)
{
    size_t butterfly = 2 * (size_t)count * sizeof(int16_t);
    size_t counter = (size_t)count * sizeof(gt_move);
    size_t cont = (size_t)count * count * sizeof(int16_t);
    char *mem = calloc(1, butterfly + counter + cont);
    if (!mem)
        return -1;
    s->butterfly = (int16_t *)mem;
    s->counter = (gt_move *)(mem + butterfly);
    s->cont = (int16_t *)(mem + butterfly + counter);
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
        free(h->set[i].butterfly);
    free(h->set);
    h->set = NULL;
    h->n = 0;
}
