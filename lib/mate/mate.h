/* mate.h -- the df-pn mate solver: proves or refutes a forced mate for the
 * side to move of any game, beside the alpha-beta search.
 *
 * The side to move at the root is the attacker.  At its nodes (OR nodes)
 * it tries checking moves only (the tsume rule, and what USI `go mate`
 * asks) or, with all_moves, every legal move (a chess "mate in N").  At
 * the defender's nodes (AND nodes) every legal move is tried.  A defender
 * without a legal move is mated when the game's no_moves() says GT_LOSS;
 * a stalemate (GT_DRAW) is not a mate.  Rule outcomes (repetition and the
 * like) count as a failure of the attack unless they are a loss for the
 * defender to move.
 *
 * The answer is the shortest mate: the attacker's moves mate as fast as
 * possible and the defender's resist as long as possible.
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATE_H
#define GT_MATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <gtsearch/game.h>

/* The longest mate the solver looks for, in plies (also the PV's room). */
#define GT_MATE_MAX_PLY 255

struct gt_mate_limits {
    int max_plies;            /* longest mate to look for; 0: GT_MATE_MAX_PLY */
    uint64_t nodes;           /* node budget; 0: none */
    int64_t time_ms;          /* time budget; 0: none */
    const atomic_bool *stop;  /* set by another thread to end at once; may be NULL */
    bool all_moves;           /* attacker may play non-checking moves */
    long hash_mb;             /* the solver's own table; 0: 16 MB */
};

enum gt_mate_status {
    GT_MATE_FOUND,    /* a forced mate; pv holds it */
    GT_MATE_NONE,     /* proven: no mate within max_plies */
    GT_MATE_TIMEOUT,  /* a node or time limit or the stop flag ended it */
    GT_MATE_UNKNOWN   /* bad arguments, no memory, or the proof could not be
                         turned into a verified line (see the message) */
};

struct gt_mate_result {
    enum gt_mate_status status;
    int plies;                /* length of the mate (= pv_len) when found */
    bool shortest;            /* the mate is proven to be the shortest one
                                 (false if a limit cut the shortening short) */
    int pv_len;
    gt_move pv[GT_MATE_MAX_PLY];
    uint64_t nodes;
    int64_t time_ms;
    char message[128];        /* why, for GT_MATE_UNKNOWN */
};

/* Search `root` (not changed).  Returns 0, or -1 with res->status
 * GT_MATE_UNKNOWN and res->message set when the arguments are bad or
 * memory ran out.  Thread-safe: all state lives in the call. */
int gt_mate_search(const struct gt_game *g, const void *root,
                   const struct gt_mate_limits *lim, struct gt_mate_result *res);

/* "mate", "nomate", "timeout", "unknown". */
const char *gt_mate_status_name(enum gt_mate_status s);

#endif
