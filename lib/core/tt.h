/* tt.h -- the transposition table, shared by all search threads.
 *
 * Lockless: an entry is two 64-bit words, the check word XOR the data
 * and the data, so a torn write by another thread fails the key check
 * instead of handing back a mix of two positions.  The check word is the
 * key's upper 48 bits (the low ones pick the bucket) and the position's
 * static evaluation.  Moves read from it are still
 * checked by the game's is_legal before use.
 * SPDX-License-Identifier: MIT */
#ifndef GT_TT_H
#define GT_TT_H

#include <stdbool.h>
#include <stdint.h>
#include <gtsearch/game.h>

enum gt_bound { GT_BOUND_NONE, GT_BOUND_UPPER, GT_BOUND_LOWER, GT_BOUND_EXACT };

struct gt_tt_entry_view {
    gt_move move;
    int score;      /* already adjusted to the probing node's ply */
    int depth;
    enum gt_bound bound;
    int eval;       /* the static evaluation, or GT_TT_NO_EVAL */
    bool pv;        /* the node was once in a principal variation */
};

/* No static evaluation kept (a node in check has none). */
#define GT_TT_NO_EVAL INT16_MIN

struct gt_tt {
    struct gt_tt_slot *slots;   /* buckets of GT_TT_WAYS entries */
    uint64_t buckets;           /* a power of two */
    uint8_t age;
};

int gt_tt_resize(struct gt_tt *tt, long megabytes);
void gt_tt_free(struct gt_tt *tt);
void gt_tt_clear(struct gt_tt *tt);
void gt_tt_new_search(struct gt_tt *tt);
/* Start loading key's bucket into the cache: a probe follows soon. */
void gt_tt_prefetch(const struct gt_tt *tt, uint64_t key);
bool gt_tt_probe(const struct gt_tt *tt, uint64_t key, int ply,
                 struct gt_tt_entry_view *out);
void gt_tt_store(struct gt_tt *tt, uint64_t key, int ply, gt_move move, int score,
                 int depth, enum gt_bound bound, int eval, bool pv);
/* Permille of a sample of entries written in this search (UCI hashfull). */
int gt_tt_hashfull(const struct gt_tt *tt);

/* Mate scores are stored relative to the node, not to the root. */
int gt_score_to_tt(int score, int ply);
int gt_score_from_tt(int score, int ply);

#endif
