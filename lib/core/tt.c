/* tt.c -- lockless transposition table with depth/age replacement.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "tt.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "history.h"
#include "search.h"

#define HUGE_PAGE ((size_t)2 << 20)

#define GT_TT_WAYS 4

/* Searches are told apart by an age that wraps at 32. */
#define AGE_MASK 31u
#define AGE_WEIGHT 8         /* a search older costs an entry this much depth */

struct gt_tt_slot {
    _Atomic uint64_t check;     /* (key's upper 48 bits | eval 16) ^ data */
    _Atomic uint64_t data;
};

/* data: move 32 bits | score 16 | depth 8 | bound 2 | age 5 | pv 1.  The
 * static eval rides in the check word: a rich evaluation (shogi's) costs
 * as much as the rest of a node, and a node revisited needs it again. */
#define KEY_BITS (~(uint64_t)0xFFFF)

/* 48 bits of the key to check, its low half folded into the high one so
 * that keys of one bucket (equal low bits) still differ in every bit. */
static uint64_t key_check(uint64_t key)
{
    return (key ^ key << 32) & KEY_BITS;
}

static uint64_t check_word(uint64_t key, int eval)
{
    return key_check(key) | (uint16_t)(int16_t)eval;
}
static uint64_t pack(gt_move move, int score, int depth, enum gt_bound bound,
                     unsigned age, bool pv)
{
    return (uint64_t)move | (uint64_t)(uint16_t)(int16_t)score << 32 |
           (uint64_t)(uint8_t)depth << 48 | (uint64_t)bound << 56 |
           (uint64_t)(age & AGE_MASK) << 58 | (uint64_t)pv << 63;
}

static gt_move data_move(uint64_t d) { return (gt_move)d; }
static int data_score(uint64_t d) { return (int16_t)(uint16_t)(d >> 32); }
static int data_depth(uint64_t d) { return (uint8_t)(d >> 48); }
static enum gt_bound data_bound(uint64_t d) { return (enum gt_bound)((d >> 56) & 3); }
static unsigned data_age(uint64_t d) { return (unsigned)(d >> 58) & AGE_MASK; }
static bool data_pv(uint64_t d) { return d >> 63; }

int gt_score_to_tt(int score, int ply)
{
    return score >= GT_MATE_IN_MAX ? score + ply
         : score <= -GT_MATE_IN_MAX ? score - ply : score;
}

int gt_score_from_tt(int score, int ply)
{
    return score >= GT_MATE_IN_MAX ? score - ply
         : score <= -GT_MATE_IN_MAX ? score + ply : score;
}

int gt_tt_resize(struct gt_tt *tt, long megabytes)
{
    uint64_t bytes = (uint64_t)megabytes << 20;
    uint64_t buckets = 1;
    while (buckets * 2 * GT_TT_WAYS * sizeof(struct gt_tt_slot) <= bytes)
        buckets *= 2;
    /* A bucket is one 64-byte cache line when the table starts on one:
     * a probe then touches a single line (calloc aligns to 16 only).  A
     * table of 2 MB or more (a power of two) starts on a 2 MB boundary and
     * asks for transparent huge pages, before the memset faults it in:
     * every probe is a random access, and with 4 KB pages most of them
     * missed the TLB as well as the cache. */
    size_t size = buckets * GT_TT_WAYS * sizeof(struct gt_tt_slot);
    void *mem = aligned_alloc(size >= HUGE_PAGE ? HUGE_PAGE : 64, size);
    if (!mem)
        return -1;
#ifdef MADV_HUGEPAGE
    if (size >= HUGE_PAGE)
        madvise(mem, size, MADV_HUGEPAGE);  /* a hint: failure is harmless */
#endif
    memset(mem, 0, size);
    free(tt->slots);
    tt->slots = mem;
    tt->buckets = buckets;
    tt->age = 0;
    return 0;
}

void gt_tt_free(struct gt_tt *tt)
{
    free(tt->slots);
    tt->slots = NULL;
    tt->buckets = 0;
}

void gt_tt_clear(struct gt_tt *tt)
{
    memset(tt->slots, 0, tt->buckets * GT_TT_WAYS * sizeof(struct gt_tt_slot));
    tt->age = 0;
}

void gt_tt_new_search(struct gt_tt *tt) { tt->age = (tt->age + 1) & AGE_MASK; }

static struct gt_tt_slot *bucket(const struct gt_tt *tt, uint64_t key)
{
    return &tt->slots[(key & (tt->buckets - 1)) * GT_TT_WAYS];
}

void gt_tt_prefetch(const struct gt_tt *tt, uint64_t key)
{
    __builtin_prefetch(bucket(tt, key));
}

bool gt_tt_probe(const struct gt_tt *tt, uint64_t key, int ply,
                 struct gt_tt_entry_view *out)
{
    struct gt_tt_slot *b = bucket(tt, key);
    const uint64_t kc = key_check(key);
    for (int i = 0; i < GT_TT_WAYS; i++) {
        uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        uint64_t x = c ^ d;
        if (((x & KEY_BITS) != kc) || data_bound(d) == GT_BOUND_NONE)
            continue;
        out->eval = (int16_t)(uint16_t)x;
        out->move = data_move(d);
        out->score = gt_score_from_tt(data_score(d), ply);
        out->depth = data_depth(d);
        out->bound = data_bound(d);
        out->pv = data_pv(d);
        return true;
    }
    return false;
}

void gt_tt_store(struct gt_tt *tt, uint64_t key, int ply, gt_move move, int score,
                 int depth, enum gt_bound bound, int eval, bool pv)
{
    struct gt_tt_slot *b = bucket(tt, key);
    const uint64_t kc = key_check(key);
    struct gt_tt_slot *victim = &b[0];
    int victim_worth = 1 << 30;
    for (int i = 0; i < GT_TT_WAYS; i++) {
        uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        bool same = ((c ^ d) & KEY_BITS) == kc;
        if (same || data_bound(d) == GT_BOUND_NONE) {
            /* Same position: keep the old move if the new one has none. */
            if (same && move == GT_MOVE_NONE)
                move = data_move(d);
            victim = &b[i];
            break;
        }
        /* Older searches and shallower entries go first. */
        int stale = ((tt->age - data_age(d)) & AGE_MASK) * AGE_WEIGHT;
        int worth = data_depth(d) - stale;
        if (worth < victim_worth) {
            victim_worth = worth;
            victim = &b[i];
        }
    }
    if (depth < 0)
        depth = 0;
    if (depth > 255)
        depth = 255;
    uint64_t d = pack(move, gt_score_to_tt(score, ply), depth, bound, tt->age, pv);
    atomic_store_explicit(&victim->data, d, memory_order_relaxed);
    atomic_store_explicit(&victim->check, check_word(key, eval) ^ d,
                          memory_order_relaxed);
}

int gt_tt_hashfull(const struct gt_tt *tt)
{
    int used = 0, n = 0;
    for (uint64_t i = 0; i < 250 && i < tt->buckets; i++)
        for (int w = 0; w < GT_TT_WAYS; w++, n++) {
            uint64_t d = atomic_load_explicit(&tt->slots[i * GT_TT_WAYS + w].data,
                                              memory_order_relaxed);
            used += data_bound(d) != GT_BOUND_NONE && data_age(d) == tt->age;
        }
    return n ? used * 1000 / n : 0;
}
