/* mate_tt.c -- the mate solver's proof-number table: buckets of a few
 * entries, replacement of the entry that cost the least work to compute
 * (an expensive proof is the last thing to throw away).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "mate_tt.h"

#include <stdlib.h>

#define GT_MATE_TT_WAYS 4

int gt_mate_tt_init(struct gt_mate_tt *tt, long megabytes)
{
    if (megabytes < 1)
        megabytes = 1;
    size_t want = (size_t)megabytes * 1024 * 1024 /
                  (sizeof(struct gt_mate_entry) * GT_MATE_TT_WAYS);
    size_t buckets = 1;
    while (buckets * 2 <= want)
        buckets *= 2;
    tt->entries = calloc(buckets * GT_MATE_TT_WAYS, sizeof *tt->entries);
    tt->buckets = tt->entries ? buckets : 0;
    return tt->entries ? 0 : -1;
}

void gt_mate_tt_free(struct gt_mate_tt *tt)
{
    free(tt->entries);
    tt->entries = NULL;
    tt->buckets = 0;
}

static struct gt_mate_entry *bucket(const struct gt_mate_tt *tt, uint64_t key)
{
    return tt->entries + (size_t)(key & (tt->buckets - 1)) * GT_MATE_TT_WAYS;
}

void gt_mate_tt_prefetch(const struct gt_mate_tt *tt, uint64_t key)
{
#if defined(__GNUC__)
    const char *b = (const char *)bucket(tt, key);
    __builtin_prefetch(b);
    __builtin_prefetch(b + sizeof(struct gt_mate_entry) * GT_MATE_TT_WAYS - 1);
#else
    (void)tt;
    (void)key;
#endif
}

const struct gt_mate_entry *gt_mate_tt_probe(const struct gt_mate_tt *tt, uint64_t key)
{
    const struct gt_mate_entry *b = bucket(tt, key);
    for (int i = 0; i < GT_MATE_TT_WAYS; i++)
        if (b[i].work && b[i].key == key)   /* work 0 marks an empty slot */
            return &b[i];
    return NULL;
}

struct gt_mate_entry *gt_mate_tt_slot(struct gt_mate_tt *tt, uint64_t key)
{
    struct gt_mate_entry *b = bucket(tt, key), *victim = &b[0];
    for (int i = 0; i < GT_MATE_TT_WAYS; i++) {
        if (b[i].work && b[i].key == key)
            return &b[i];
        if (b[i].work < victim->work)
            victim = &b[i];
    }
    *victim = (struct gt_mate_entry){
        .key = key, .work = 1, .rem = -1, .proof = GT_MATE_NO_PROOF, .disproof = -1,
    };
    return victim;
}
