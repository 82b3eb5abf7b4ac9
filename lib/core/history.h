/* history.h -- what the search learns about quiet moves: butterfly
 * history, counter moves and continuation history, one set per search
 * thread.  They live for one search: kept from one move to the next, they
 * measured level in games and spoilt a king-and-rook mate (doc/strength.md).
 * SPDX-License-Identifier: MIT */
#ifndef GT_HISTORY_H
#define GT_HISTORY_H

#include <stdint.h>
#include <gtsearch/game.h>

/* Entries of each correction table (a power of two), and of all of them. */
#define GT_CORRECTION_SIZE 16384
#define GT_CORRECTION_ENTRIES ((size_t)GT_CORRECTION_KEYS * 2 * GT_CORRECTION_SIZE)

struct gt_history {
    int16_t *butterfly;   /* [side][move index] */
    gt_move *counter;     /* [previous move index]: its refutation */
    int16_t *cont;        /* [previous move index][move index] */
    int16_t *correction;  /* [GT_CORRECTION_KEYS][side][GT_CORRECTION_SIZE] */
};

struct gt_histories {
    unsigned count;       /* the move_index_count the tables are made for */
    int n;                /* sets: one per thread */
    struct gt_history *set;
};

/* Zeroed tables for `threads` threads of a game with `count` move
 * indices.  Returns 0, or -1 without memory (nothing is left allocated). */
int gt_histories_alloc(struct gt_histories *h, unsigned count, int threads);
void gt_histories_free(struct gt_histories *h);

#endif
