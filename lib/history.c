/* history.c -- the per-thread quiet-move statistics' memory. */
#include <config.h>
#include "history.h"

#include <stdlib.h>
#include <string.h>

static size_t set_bytes(unsigned count)
{
    return 2 * (size_t)count * sizeof(int16_t) + (size_t)count * sizeof(gt_move)
         + (size_t)count * count * sizeof(int16_t);
}

/* One block per set: butterfly, then counter moves, then continuation. */
static int set_alloc(struct gt_history *s, unsigned count)
{
    char *mem = calloc(1, set_bytes(count));
    if (!mem)
        return -1;
    s->butterfly = (int16_t *)mem;
    s->counter = (gt_move *)(mem + 2 * (size_t)count * sizeof(int16_t));
    s->cont = (int16_t *)(s->counter + count);
    return 0;
}

int gt_histories_reserve(struct gt_histories *h, unsigned count, int threads)
{
    if (h->n > 0 && h->count != count)
        gt_histories_free(h);
    if (threads <= h->n)
        return 0;
    struct gt_history *set = realloc(h->set, (size_t)threads * sizeof *set);
    if (!set)
        return -1;
    h->set = set;
    h->count = count;
    for (; h->n < threads; h->n++)
        if (set_alloc(&h->set[h->n], count) < 0)
            return -1;
    return 0;
}

void gt_histories_clear(struct gt_histories *h)
{
    for (int i = 0; i < h->n; i++)
        memset(h->set[i].butterfly, 0, set_bytes(h->count));
}

void gt_histories_free(struct gt_histories *h)
{
    for (int i = 0; i < h->n; i++)
        free(h->set[i].butterfly);
    free(h->set);
    h->set = NULL;
    h->n = 0;
    h->count = 0;
}
