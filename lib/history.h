/* history.h -- what the search learns about quiet moves: butterfly
 * history, counter moves and continuation history, one set per search
 * thread.  The engine keeps them from one search to the next (the
 * positions of one game resemble each other) and clears them at a new
 * game, as it does the transposition table. */
#ifndef GT_HISTORY_H
#define GT_HISTORY_H

#include <stdint.h>
#include <gtsearch/game.h>

struct gt_history {
    int16_t *butterfly;   /* [side][move index] */
    gt_move *counter;     /* [previous move index]: its refutation */
    int16_t *cont;        /* [previous move index][move index] */
};

struct gt_histories {
    unsigned count;       /* the move_index_count the tables are made for */
    int n;                /* sets allocated: one per thread */
    struct gt_history *set;
};

/* Make room for `threads` sets for a game with `count` move indices;
 * sets that exist keep what they learnt.  Returns 0, or -1 without memory
 * (the old sets stay). */
int gt_histories_reserve(struct gt_histories *h, unsigned count, int threads);
/* Forget everything (a new game). */
void gt_histories_clear(struct gt_histories *h);
void gt_histories_free(struct gt_histories *h);

#endif
