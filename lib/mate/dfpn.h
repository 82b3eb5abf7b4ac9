/* dfpn.h -- depth-first proof-number search (Nagai 2002) with a bound on
 * the remaining plies, for the mate solver (mate.c drives it).
 * SPDX-License-Identifier: MIT */
#ifndef GT_DFPN_H
#define GT_DFPN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <gtsearch/game.h>

#include "mate_tt.h"

/* One child of an expanded node, with the numbers the node knows of it. */
struct gt_dfpn_child {
    gt_move move;
    uint64_t key;
    uint32_t pn, dn;
    int16_t depth;      /* pn 0: the proof's length; dn 0: the disproof's bound */
    bool pinned;        /* a path-dependent value: keep it, do not refresh */
};

struct gt_dfpn {
    const struct gt_game *g;
    void *pos;                   /* moves are made and taken back on it */
    int attacker;                /* side() of the root */
    bool all_moves;              /* attacker may play non-checking moves */
    bool gen_checks;             /* generate(GT_GEN_CHECKS) is supported */
    int max_ply;                 /* room of the per-ply arrays */
    struct gt_mate_tt tt;
    struct gt_dfpn_child *children;   /* max_moves per ply */
    gt_move *list;                    /* max_moves: a node's moves */
    gt_move *scratch;                 /* max_moves: unfiltered generation */
    unsigned char *undo;              /* undo_size per ply, and one spare */
    uint64_t *path;                   /* key of the position at each ply */

    uint64_t nodes, node_limit;       /* node_limit 0: none */
    int64_t deadline;                 /* gt_now_ms() value; 0: none */
    const atomic_bool *stop;
    bool aborted;                     /* a limit was hit */
};

/* Set up for positions of g; `max_ply` bounds the path length.  Returns -1
 * if memory ran out (then gt_dfpn_free is still safe). */
int gt_dfpn_init(struct gt_dfpn *d, const struct gt_game *g, const void *root,
                 int max_ply, bool all_moves, long hash_mb);
void gt_dfpn_free(struct gt_dfpn *d);

/* Is there a mate within `rem` plies from d->pos, which is at `ply` of the
 * path (d->path[0..ply-1] hold the keys of the positions before it)?
 * 1: proven, *len = the proof's length; 0: disproven; -1: a limit ended
 * the search. */
int gt_dfpn_solve(struct gt_dfpn *d, int ply, int rem, int *len);

/* The moves the solver tries at d->pos (checks or all for the attacker,
 * all for the defender); returns their number. */
int gt_dfpn_moves(struct gt_dfpn *d, gt_move *moves);

/* The table's proven length of the position with this key within rem
 * plies, or -1 (for rebuilding a line after a limit). */
int gt_dfpn_proven_len(const struct gt_dfpn *d, uint64_t key, int rem);

#endif
