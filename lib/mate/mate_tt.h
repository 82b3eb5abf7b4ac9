/* mate_tt.h -- the mate solver's own table of proof and disproof numbers,
 * separate from the search's transposition table (it stores other things
 * and lives only for one solver call).
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATE_TT_H
#define GT_MATE_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Proof and disproof numbers are below GT_PN_INF; GT_PN_INF itself means
 * "proven" (as a disproof number) or "disproven" (as a proof number). */
#define GT_PN_INF 0x40000000u
/* A disproof bound that holds at any bound (not caused by the horizon). */
#define GT_MATE_DEPTH_INF 0x7fff

/* What is known of one position.  A proof and a disproof for different
 * bounds can both be true (no mate within 5, one within 7), so each is
 * kept beside the unresolved numbers of the last bound searched. */
struct gt_mate_entry {
    uint64_t key;
    uint32_t pn, dn;        /* unresolved numbers at bound `rem` */
    uint32_t work;          /* nodes spent on this position: replacement value */
    int16_t rem;            /* bound of pn and dn; -1: none */
    int16_t proof;          /* shortest proof in plies; GT_MATE_NO_PROOF: none */
    int16_t disproof;       /* largest bound disproven; -1: none */
};
#define GT_MATE_NO_PROOF 0x7fff

struct gt_mate_tt {
    struct gt_mate_entry *entries;   /* buckets of GT_MATE_TT_WAYS */
    size_t buckets;                  /* a power of two */
};

int gt_mate_tt_init(struct gt_mate_tt *tt, long megabytes);
void gt_mate_tt_free(struct gt_mate_tt *tt);
/* The entry of key, or NULL. */
const struct gt_mate_entry *gt_mate_tt_probe(const struct gt_mate_tt *tt, uint64_t key);
/* Start loading the bucket of key into the cache (probes are the
 * solver's main cost: a node looks up all its children). */
void gt_mate_tt_prefetch(const struct gt_mate_tt *tt, uint64_t key);
/* The entry of key to update: the existing one, or the bucket's entry with
 * the least work, cleared (rem -1, no proof, no disproof). */
struct gt_mate_entry *gt_mate_tt_slot(struct gt_mate_tt *tt, uint64_t key);

#endif
