/* mate.c -- the mate solver's driver: finds the shortest mate with df-pn
 * (dfpn.c), rebuilds its line and checks the line by replaying it.
 *
 * Shortest mate.  With all attacker moves the bound grows 1, 3, 5, ...
 * plies, so the first proof is the shortest mate (each failed bound also
 * leaves its disproofs in the table for the next).  Under the tsume rule
 * (checks only) the first search uses the whole bound, which finds long
 * mates faster, and then shrinks: a proof of length L is followed by a
 * search at L - 2 until that is disproven.
 *
 * The line.  With the shortest length L known, an attacker's node at L
 * remaining plies takes a check proven within L - 1; a defender's node
 * takes a move that is NOT mated within L - 3 (the longest resistance),
 * which must exist since the node needs L.  Every step is a small
 * bounded df-pn search that mostly hits the table.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "mate.h"

#include <stdlib.h>
#include <string.h>

#include "dfpn.h"
#include "core/util.h"

const char *gt_mate_status_name(enum gt_mate_status s)
{
    switch (s) {
    case GT_MATE_FOUND: return "mate";
    case GT_MATE_NONE: return "nomate";
    case GT_MATE_TIMEOUT: return "timeout";
    default: return "unknown";
    }
}

/* Play `m` for good at the current end of the line. */
static void advance(struct gt_dfpn *d, int *ply, gt_move m)
{
    size_t undo = d->g->undo_size ? d->g->undo_size : 1;
    d->g->make(d->pos, m, d->undo + (size_t)*ply * undo);
    d->path[++*ply] = d->g->key(d->pos);
}

static void take_back(struct gt_dfpn *d, int ply, gt_move m)
{
    size_t undo = d->g->undo_size ? d->g->undo_size : 1;
    d->g->unmake(d->pos, m, d->undo + (size_t)ply * undo);
}

/* The table's proven length of each move's position within `bound`
 * plies (-1: none) into lens. */
static void table_lens(struct gt_dfpn *d, int ply, int bound, const gt_move *moves,
                       int n, int *lens)
{
    for (int i = 0; i < n; i++) {
        int p = ply;
        advance(d, &p, moves[i]);
        lens[i] = gt_dfpn_proven_len(d, d->path[p], bound);
        take_back(d, ply, moves[i]);
    }
}

/* The attacker's move at `ply` that mates within rem - 1: the table's
 * shortest proof if it still has one, else the first move a search
 * proves.  NONE if none or a limit. */
static gt_move attacker_step(struct gt_dfpn *d, int ply, int rem, const gt_move *moves,
                             int n, int *lens)
{
    int best = -1;
    table_lens(d, ply, rem - 1, moves, n, lens);
    for (int i = 0; i < n; i++)
        if (lens[i] >= 0 && (best < 0 || lens[i] < lens[best]))
            best = i;
    if (best >= 0)
        return moves[best];
    for (int i = 0; i < n; i++) {
        int len, r, p = ply;
        advance(d, &p, moves[i]);
        r = gt_dfpn_solve(d, p, rem - 1, &len);
        take_back(d, ply, moves[i]);
        if (r == 1)
            return moves[i];
        if (r < 0)
            break;
    }
    return GT_MOVE_NONE;
}

/* The defender's longest resistance at `ply`: a reply not mated within
 * rem - 3 (tried in order of the table's proof lengths, longest first),
 * else the reply with the longest proof.  NONE on a limit. */
static gt_move defender_step(struct gt_dfpn *d, int ply, int rem, const gt_move *moves,
                             int n, int *lens)
{
    gt_move longest = moves[0];
    int longest_len = -1;
    table_lens(d, ply, rem - 1, moves, n, lens);
    for (int tried = 0; tried < n; tried++) {
        int i = 0;
        for (int j = 1; j < n; j++)
            if (lens[j] > lens[i])
                i = j;
        int len = lens[i], r = 1, p = ply;
        lens[i] = -2;               /* taken */
        advance(d, &p, moves[i]);
        if (rem >= 3)
            r = gt_dfpn_solve(d, p, rem - 3, &len);
        take_back(d, ply, moves[i]);
        if (r < 0)
            return GT_MOVE_NONE;
        if (r == 0)
            return moves[i];
        if (len > longest_len) {
            longest_len = len;
            longest = moves[i];
        }
    }
    return longest;
}

/* Rebuild the line of a mate within `len` plies into res->pv. */
static int build_line(struct gt_dfpn *d, int len, struct gt_mate_result *res)
{
    gt_move *moves = malloc((size_t)d->g->max_moves * sizeof *moves);
    int *lens = malloc((size_t)d->g->max_moves * sizeof *lens);
    int ply = 0, rem = len, rc = -1;
    if (!moves || !lens) {
        free(moves);
        free(lens);
        return -1;
    }
    d->path[0] = d->g->key(d->pos);
    for (;;) {
        bool attacking = d->g->side(d->pos) == d->attacker;
        int n = gt_dfpn_moves(d, moves);
        if (!attacking && n == 0) {
            rc = 0;
            break;
        }
        if (n <= 0 || ply >= GT_MATE_MAX_PLY || rem < 1)
            break;
        gt_move m = attacking ? attacker_step(d, ply, rem, moves, n, lens)
                              : defender_step(d, ply, rem, moves, n, lens);
        if (m == GT_MOVE_NONE)
            break;
        res->pv[res->pv_len++] = m;
        advance(d, &ply, m);
        rem--;
    }
    free(moves);
    free(lens);
    return rc;
}

/* Replay the line from the root: legal moves, checks where the rule asks
 * for them, and a defender with no move who has lost. */
static bool line_is_mate(const struct gt_game *g, const void *root, bool all_moves,
                         const gt_move *pv, int n)
{
    void *pos = malloc(g->pos_size);
    void *undo = malloc(g->undo_size ? g->undo_size : 1);
    gt_move *moves = malloc((size_t)g->max_moves * sizeof *moves);
    bool ok = pos && undo && moves;
    if (ok) {
        memcpy(pos, root, g->pos_size);
        int attacker = g->side(pos);
        for (int i = 0; ok && i < n; i++) {
            bool attacking = g->side(pos) == attacker;
            ok = g->is_legal(pos, pv[i]);
            if (ok)
                g->make(pos, pv[i], undo);
            if (ok && attacking && !all_moves)
                ok = g->in_check(pos);
        }
        ok = ok && n > 0 && g->side(pos) != attacker &&
             g->generate(pos, GT_GEN_ALL, moves) == 0 && g->no_moves(pos) == GT_LOSS;
    }
    free(pos);
    free(undo);
    free(moves);
    return ok;
}

/* 1: mate within *len (shortened as far as the limits allowed), 0: none,
 * -1: a limit. */
static int find_shortest(struct gt_dfpn *d, int max_plies, bool all_moves, int *len,
                         bool *shortest)
{
    int r = 0;
    *shortest = true;
    if (all_moves) {
        for (int b = 1; b <= max_plies && r == 0; b += 2)
            r = gt_dfpn_solve(d, 0, b, len);
        return r;
    }
    r = gt_dfpn_solve(d, 0, max_plies, len);
    while (r == 1 && *len > 1) {
        int shorter;
        int r2 = gt_dfpn_solve(d, 0, *len - 2, &shorter);
        if (r2 != 1) {
            *shortest = r2 == 0;
            break;
        }
        *len = shorter;
    }
    return r;
}

int gt_mate_search(const struct gt_game *g, const void *root,
                   const struct gt_mate_limits *lim, struct gt_mate_result *res)
{
    int64_t t0 = gt_now_ms();
    memset(res, 0, sizeof *res);
    res->status = GT_MATE_UNKNOWN;
    if (!g || !root || !lim) {
        gt_errf(res->message, sizeof res->message, "mate search: missing %s",
                !g ? "game" : !root ? "position" : "limits");
        return -1;
    }
    int max_plies = lim->max_plies ? lim->max_plies : GT_MATE_MAX_PLY;
    if (max_plies < 1 || max_plies > GT_MATE_MAX_PLY) {
        gt_errf(res->message, sizeof res->message,
                "mate search: max plies %d is not from 1 to %d", lim->max_plies,
                GT_MATE_MAX_PLY);
        return -1;
    }
    struct gt_dfpn d;
    if (gt_dfpn_init(&d, g, root, max_plies, lim->all_moves,
                     lim->hash_mb > 0 ? lim->hash_mb : 16) < 0) {
        gt_dfpn_free(&d);
        gt_errf(res->message, sizeof res->message, "mate search: out of memory");
        return -1;
    }
    d.node_limit = lim->nodes;
    d.deadline = lim->time_ms > 0 ? t0 + lim->time_ms : 0;
    d.stop = lim->stop;

    int len = 0;
    int r = find_shortest(&d, max_plies, lim->all_moves, &len, &res->shortest);
    if (r == 1) {
        /* The proof stands: rebuilding its line may take what it needs
         * within a generous node budget, and ignores the clock. */
        d.aborted = false;
        d.deadline = 0;
        d.stop = NULL;
        d.node_limit = d.nodes + (d.nodes * 4 > (1u << 20) ? d.nodes * 4 : (1u << 20));
        if (build_line(&d, len, res) == 0 &&
            line_is_mate(g, root, lim->all_moves, res->pv, res->pv_len)) {
            res->status = GT_MATE_FOUND;
            res->plies = res->pv_len;
        } else {
            res->pv_len = 0;
            res->shortest = false;
            gt_errf(res->message, sizeof res->message,
                    "mate in %d plies proven, but its line could not be rebuilt", len);
        }
    } else {
        res->shortest = false;
        res->status = r == 0 ? GT_MATE_NONE : GT_MATE_TIMEOUT;
    }
    res->nodes = d.nodes;
    res->time_ms = gt_now_ms() - t0;
    gt_dfpn_free(&d);
    return 0;
}
