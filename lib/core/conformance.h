/* conformance.h -- the contract of struct gt_game, checked at every ply of
 * random games: what `gtsearch selftest` runs on a module.  Each check
 * names the hook it holds to account; a failure is reported with the
 * position and the move, and ends that game (what follows would be
 * built on a broken position).
 * SPDX-License-Identifier: MIT */
#ifndef GT_CONFORMANCE_H
#define GT_CONFORMANCE_H

#include <stdint.h>
#include <stdio.h>
#include <gtsearch/game.h>

struct gt_conformance {
    /* What to run. */
    int games;              /* random games from the start position */
    int max_plies;          /* a game is cut after this many plies */
    int perft_depth;        /* perft through count_moves against a plain
                               count, this deep; 0: not checked */
    int perft_every;        /* ... at every this many plies */
    uint64_t seed;
    int max_failures;       /* stop after reporting this many */
    /* The position the games start from (the caller set it up, game
     * options applied), and what the caller does to a position the check
     * reads from text (apply the same options); may be NULL. */
    const void *start;
    void (*prepare)(void *ctx, void *pos);
    void *ctx;
    /* What was run. */
    long positions, moves, perfts;
    int ended;              /* games that reached their end */
    int failures;
};

/* Run the checks of c on g, reporting each failure to out.  Returns the
 * number of failures (c->failures), or -1 when memory ran out. */
int gt_conformance_run(const struct gt_game *g, struct gt_conformance *c, FILE *out);

#endif
