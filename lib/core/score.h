/* score.h -- what the search's scores mean: the bounds, mate scores,
 * the scores of finished games (with their margins), and the game's real
 * pass.  Apart from the search's entry point (search.h), so that the
 * node search and its callers share them without sharing each other.
 * SPDX-License-Identifier: MIT */
#ifndef GT_SCORE_H
#define GT_SCORE_H

#include <stdbool.h>
#include <gtsearch/game.h>

#define GT_MAX_PLY 128
#define GT_INF (GT_MATE + 1)
#define GT_MATE_IN_MAX (GT_MATE - GT_MAX_PLY)
/* Scores beyond any evaluation: mates, and finished games with a margin
 * (GT_EVAL_MAX + margin, see final_margin in game.h). */
#define GT_DECIDED (GT_EVAL_MAX + 1)

/* Is a score a mate score, and in how many moves (+ we mate, - we are mated)? */
bool gt_is_mate_score(int score);
/* Is a score beyond any evaluation (a mate, or a finished game)? */
bool gt_is_decided_score(int score);
/* The score of a finished game for the side to move, `ply` plies from the
 * root: mate scores, or the margin band for games that have one. */
int gt_outcome_score(const struct gt_game *g, const void *pos, enum gt_outcome o, int ply);
/* Is m the game's real pass? */
static inline bool gt_is_pass(const struct gt_game *g, gt_move m)
{
    return g->pass_move != GT_MOVE_NONE && m == g->pass_move;
}
int gt_mate_moves(int score);

#endif
