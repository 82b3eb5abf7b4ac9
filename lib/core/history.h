/* history.h -- what the search learns about its moves: butterfly
 * history, counter moves and continuation history of the quiet ones,
 * capture history of the noisy ones, one set per search thread.  They live for one search unless HistoryKeep hands the main
 * thread's to the next search of the game (doc/strength.md measures it).
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
    int16_t *capture;     /* [move index]: noisy moves */
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

/* The bytes of one set's move tables (butterfly, counter moves,
 * continuation, capture), which HistoryKeep carries from one search to
 * the next, and the copies to and from such a block. */
size_t gt_history_quiet_bytes(unsigned count);
void gt_history_load(struct gt_history *s, const void *kept, unsigned count);
void gt_history_save(const struct gt_history *s, void *kept, unsigned count);

#endif
