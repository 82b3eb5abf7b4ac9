/* mate_tt.h -- the mate solver's own table of proof and disproof numbers,
 * separate from the search's transposition table (it stores other things
 * and lives only for one solver call). */
#ifndef GT_MATE_TT_H
#define GT_MATE_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Proof and disproof numbers are below GT_PN_INF; GT_PN_INF itself means
 * "proven" (as a disproof number) or "disproven" (as a proof number). */
#define GT_PN_INF 0x40000000u
/* A disproof depth that holds at any bound (not caused by the horizon). */
#define GT_MATE_DEPTH_INF 0x7fff

struct gt_mate_entry {
    uint64_t key;
    uint32_t pn, dn;
    uint32_t work;      /* nodes spent below this entry: replacement value */
    int16_t rem;        /* remaining plies the numbers were computed with */
    int16_t depth;      /* pn == 0: the proof's length in plies;
                           dn == 0: the largest bound the disproof holds for */
};

struct gt_mate_tt {
    struct gt_mate_entry *entries;   /* buckets of GT_MATE_TT_WAYS */
    size_t buckets;                  /* a power of two */
};

int gt_mate_tt_init(struct gt_mate_tt *tt, long megabytes);
void gt_mate_tt_free(struct gt_mate_tt *tt);
/* The entry of key, or NULL. */
const struct gt_mate_entry *gt_mate_tt_probe(const struct gt_mate_tt *tt, uint64_t key);
/* Write e over the entry of the same key, or over the bucket's entry with
 * the least work. */
void gt_mate_tt_store(struct gt_mate_tt *tt, const struct gt_mate_entry *e);

#endif
