/* trainset.h -- training positions in memory, as the network sees them:
 * each position's active features (the side to move's, then the
 * other's), its search score and its game result, both turned to the
 * side to move's view.
 * SPDX-License-Identifier: MIT */
#ifndef GT_TRAIN_TRAINSET_H
#define GT_TRAIN_TRAINSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <gtsearch/game.h>

struct gt_trainset {
    size_t n, cap;             /* positions */
    size_t nf, nf_cap;         /* features, all positions */
    size_t *start;             /* position i: feat[start[i] .. start[i + 1]) */
    uint16_t *nus;             /* ... of which the first nus[i] are the mover's */
    uint32_t *feat;
    float *score;              /* search score, eval units; NAN: none */
    float *result;             /* 1 won, 0.5 drawn, 0 lost */
    float *base;               /* the game's evaluate, eval units (only
                                  with_base: for a residual network) */
    uint32_t *game;            /* the game position i came from, 0, 1, ...:
                                  the validation split holds out whole games */
    uint16_t *ply;             /* the record's ply (0: unknown) */
    uint8_t *mover;            /* the side to move, 0 or 1 */
    uint32_t games;
    uint16_t next_ply;         /* the next add's ply */
    bool same_game;            /* the next add is of the last one's game;
                                  false: it starts a game of its own */
    bool with_base;
    bool turned;               /* load adds each position turned by each of
                                  the game's symmetries too (features->turn),
                                  in the same game */
};

void gt_trainset_init(struct gt_trainset *s);
void gt_trainset_free(struct gt_trainset *s);
/* Add pos with the first player's score (NAN: none) and result (and the
 * game's evaluation with the compiled-in weights, with_base), in the last
 * position's game if same_game is set, else in a new one.  0, or -1 when
 * out of memory. */
int gt_trainset_add(struct gt_trainset *s, const struct gt_game *g, const void *pos,
                    double score_first, double result_first);
/* Add the positions of the data files paths[0..n) (either format of
 * tune/datafile.h), at most max in all (0: no limit).  A record starts a
 * new game where its ply is not above the last one's, or its result or
 * margin differs (datagen writes each game's records together, plies
 * rising); a text file has no plies, so each of its positions is a game
 * of its own.  Records that do not read or whose position the game
 * refuses are skipped, the first few of each file named on warn (NULL:
 * silently).  With `turned`, each position comes with its turned copies
 * (max counts them).  0, or -1 with err: a file
 * that cannot be read or holds no usable position, or out of memory. */
int gt_trainset_load(struct gt_trainset *s, const struct gt_game *g, const char *const *paths,
                     int n, long max, FILE *warn, char *err, size_t err_len);
/* A temporal-difference target: each position's score becomes a weighted
 * mean of its own and its game's later scores, the score d plies on
 * weighing decay^d, up to `plies` on.  A shallow search's score swings
 * from one move to the next; its game's later searches look further
 * along the line that was played.  Positions without a score or with a
 * decisive one (beyond half the data's range: mates) keep theirs, and
 * are left out of the others' means.  decay 0 changes nothing.  0, or -1
 * when out of memory (the scores unchanged). */
int gt_trainset_blend_later(struct gt_trainset *s, double decay, int plies);

#endif
