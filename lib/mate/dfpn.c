/* dfpn.c -- depth-first proof-number search with a ply bound.
 *
 * MID (Nagai 2002) with the 1+epsilon child threshold (Pawlewicz and Lew
 * 2007): a node is searched until its proof number reaches thpn or its
 * disproof number reaches thdn; the most proving child gets a threshold
 * a quarter above the second best, so the search does not hop between
 * two children of equal promise.
 *
 * The ply bound: an attacker's node with no plies left is disproven.  The
 * table keeps, with a proof, its length (it holds for any bound at least
 * that long) and, with a disproof, the largest bound it holds for
 * (GT_MATE_DEPTH_INF when no horizon was involved: no checks, stalemate);
 * unresolved numbers are reused only at the bound they were computed at.
 *
 * Repetitions (GHI).  A position that repeats one on the current path, or
 * that the game's rule_outcome() ends, is judged as a failure of the
 * attack (a loss of the defender to move, from the rules, is a proof).
 * Such a value depends on the path, so it is never written to the table
 * and the parent keeps it ("pinned") instead of refreshing it from the
 * table, which would let it expand the same cycle forever.  The parents'
 * own values are stored; a disproof that rests on a repetition is stored
 * as holding only for the bound it was found at.  What remains of the
 * graph-history interaction problem can only make the solver miss a mate
 * reached through a transposition, never claim a false one, since only
 * disproofs come from repetitions (and mate.c replays and checks every
 * line it reports).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "dfpn.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"

/* Initial proof number of a quiet attacker move (all_moves): checks are
 * tried first (4 was best on tests/data/chess/mates.epd). */
enum { QUIET_PN = 4 };

struct val {
    uint32_t pn, dn;
    int16_t depth;
    bool pinned;
};

static struct val proven(int len)
{
    return (struct val){0, GT_PN_INF, (int16_t)len, false};
}

static struct val disproven(int depth)
{
    if (depth > GT_MATE_DEPTH_INF)
        depth = GT_MATE_DEPTH_INF;
    return (struct val){GT_PN_INF, 0, (int16_t)(depth < 0 ? 0 : depth), false};
}

int gt_dfpn_init(struct gt_dfpn *d, const struct gt_game *g, const void *root,
                 int max_ply, bool all_moves, long hash_mb)
{
    memset(d, 0, sizeof *d);
    d->g = g;
    d->all_moves = all_moves;
    d->max_ply = max_ply;
    size_t plies = (size_t)max_ply + 2, mm = (size_t)g->max_moves;
    size_t undo = g->undo_size ? g->undo_size : 1;
    d->pos = malloc(g->pos_size);
    d->children = calloc(plies * mm, sizeof *d->children);
    d->list = calloc(mm, sizeof *d->list);
    d->scratch = calloc(mm, sizeof *d->scratch);
    d->undo = calloc(plies + 1, undo);
    d->path = calloc(plies, sizeof *d->path);
    if (!d->pos || !d->children || !d->list || !d->scratch || !d->undo || !d->path ||
        gt_mate_tt_init(&d->tt, hash_mb) < 0)
        return -1;
    memcpy(d->pos, root, g->pos_size);
    d->attacker = g->side(root);
    d->gen_checks = all_moves || g->generate(root, GT_GEN_CHECKS, d->scratch) >= 0;
    return 0;
}

void gt_dfpn_free(struct gt_dfpn *d)
{
    gt_mate_tt_free(&d->tt);
    free(d->pos);
    free(d->children);
    free(d->list);
    free(d->scratch);
    free(d->undo);
    free(d->path);
    d->pos = NULL;
    d->children = NULL;
    d->list = d->scratch = NULL;
    d->undo = NULL;
    d->path = NULL;
}

static void *undo_at(const struct gt_dfpn *d, int slot)
{
    size_t undo = d->g->undo_size ? d->g->undo_size : 1;
    return d->undo + (size_t)slot * undo;
}

int gt_dfpn_moves(struct gt_dfpn *d, gt_move *moves)
{
    const struct gt_game *g = d->g;
    void *pos = d->pos;
    if (g->side(pos) != d->attacker || d->all_moves)
        return g->generate(pos, GT_GEN_ALL, moves);
    if (d->gen_checks)
        return g->generate(pos, GT_GEN_CHECKS, moves);
    /* The game cannot list checks: filter every legal move. */
    int n = g->generate(pos, GT_GEN_ALL, d->scratch), k = 0;
    void *undo = undo_at(d, d->max_ply + 2);
    for (int i = 0; i < n; i++) {
        gt_move m = d->scratch[i];
        bool check;
        if (g->gives_check)
            check = g->gives_check(pos, m);
        else {
            g->make(pos, m, undo);
            check = g->in_check(pos);
            g->unmake(pos, m, undo);
        }
        if (check)
            moves[k++] = m;
    }
    return k;
}

static bool out_of_budget(struct gt_dfpn *d)
{
    if (d->aborted)
        return true;
    if ((d->stop && atomic_load_explicit(d->stop, memory_order_relaxed)) ||
        (d->node_limit && d->nodes >= d->node_limit) ||
        (d->deadline && (d->nodes & 255) == 0 && gt_now_ms() >= d->deadline))
        d->aborted = true;
    return d->aborted;
}

/* The table's value of a position at `rem` plies, if it has a usable one. */
static bool lookup(const struct gt_dfpn *d, uint64_t key, int rem, struct val *v)
{
    const struct gt_mate_entry *e = gt_mate_tt_probe(&d->tt, key);
    if (!e)
        return false;
    if (e->proof <= rem)
        *v = proven(e->proof);
    else if (e->disproof >= rem)
        *v = disproven(e->disproof);
    else if (e->rem == rem)
        *v = (struct val){e->pn, e->dn, 0, false};
    else
        return false;
    return true;
}

/* Merge what a search learnt into the table. */
static void store(struct gt_dfpn *d, uint64_t key, int rem, const struct val *v,
                  uint64_t work)
{
    struct gt_mate_entry *e = gt_mate_tt_slot(&d->tt, key);
    if (v->pn == 0) {
        if (v->depth < e->proof)
            e->proof = v->depth;
    } else if (v->dn == 0) {
        if (v->depth > e->disproof)
            e->disproof = v->depth;
    } else {
        e->pn = v->pn;
        e->dn = v->dn;
        e->rem = (int16_t)rem;
    }
    uint32_t w = work > UINT32_MAX ? UINT32_MAX : (uint32_t)work;
    if (w > e->work)
        e->work = w;
}

static bool repeats_path(const struct gt_dfpn *d, int ply)
{
    for (int i = ply - 1; i >= 0; i--)
        if (d->path[i] == d->path[ply])
            return true;
    return false;
}

/* Judge a node without expanding it; false: it has *count moves in
 * d->list to search. */
static bool terminal(struct gt_dfpn *d, int ply, int rem, bool attacking,
                     struct val *v, int *count)
{
    const struct gt_game *g = d->g;
    if (ply > 0) {
        enum gt_outcome o = g->rule_outcome(d->pos, ply);
        if (o != GT_ONGOING || repeats_path(d, ply)) {
            *v = o == GT_LOSS && !attacking ? proven(0) : disproven(rem);
            v->pinned = true;
            return true;
        }
    }
    if (attacking && rem <= 0) {
        *v = disproven(0);
        return true;
    }
    int n = gt_dfpn_moves(d, d->list);
    if (n <= 0) {
        bool mated = !attacking && g->no_moves(d->pos) == GT_LOSS;
        *v = mated ? proven(0) : disproven(GT_MATE_DEPTH_INF);
        return true;
    }
    if (rem <= 0) {             /* a defender who can move, at the horizon */
        *v = disproven(0);
        return true;
    }
    *count = n;
    return false;
}

static uint32_t add_pn(uint32_t a, uint32_t b)
{
    if (a >= GT_PN_INF || b >= GT_PN_INF)
        return GT_PN_INF;
    return a + b >= GT_PN_INF ? GT_PN_INF - 1 : a + b;
}

/* The node's numbers from its children; returns the child to search and
 * the second smallest of the minimised number in *second. */
static int aggregate(const struct gt_dfpn_child *ch, int n, bool attacking,
                     struct val *v, uint32_t *second)
{
    int best = 0;
    uint32_t lo = GT_PN_INF, lo2 = GT_PN_INF, sum = 0;
    for (int i = 0; i < n; i++) {
        uint32_t mine = attacking ? ch[i].pn : ch[i].dn;
        uint32_t other = attacking ? ch[i].dn : ch[i].pn;
        if (mine < lo) {
            lo2 = lo;
            lo = mine;
            best = i;
        } else if (mine < lo2)
            lo2 = mine;
        sum = add_pn(sum, other);
    }
    v->pn = attacking ? lo : sum;
    v->dn = attacking ? sum : lo;
    *second = lo2;
    return best;
}

/* Proof length or disproof bound of a resolved node from its children. */
static int16_t resolved_depth(const struct gt_dfpn_child *ch, int n, bool attacking,
                              bool is_proof)
{
    /* The side that chooses takes its best child (the shortest proof, the
     * disproof for the largest bound); the other side's result needs all
     * children, so it holds as far as the worst of them. */
    bool chooser = attacking == is_proof;
    bool take_min = chooser == is_proof;
    int best = take_min ? GT_MATE_DEPTH_INF : 0;
    for (int i = 0; i < n; i++) {
        bool counts = is_proof ? ch[i].pn == 0 : ch[i].dn == 0;
        if (!counts)
            continue;
        if (take_min ? ch[i].depth < best : ch[i].depth > best)
            best = ch[i].depth;
    }
    return (int16_t)(best >= GT_MATE_DEPTH_INF ? GT_MATE_DEPTH_INF : best + 1);
}

static uint32_t clamp_th(int64_t t)
{
    return t < 1 ? 1 : t > GT_PN_INF ? GT_PN_INF : (uint32_t)t;
}

static void mid(struct gt_dfpn *d, int ply, int rem, uint32_t thpn, uint32_t thdn,
                struct val *out)
{
    const struct gt_game *g = d->g;
    void *pos = d->pos;
    uint64_t start = d->nodes++;
    bool attacking = g->side(pos) == d->attacker;
    int n = 0;
    if (terminal(d, ply, rem, attacking, out, &n)) {
        if (!out->pinned)
            store(d, d->path[ply], rem, out, 1);
        return;
    }
    struct gt_dfpn_child *ch = d->children + (size_t)ply * (size_t)g->max_moves;
    void *undo = undo_at(d, ply);
    for (int i = 0; i < n; i++) {
        ch[i].move = d->list[i];
        g->make(pos, ch[i].move, undo);
        ch[i].key = g->key(pos);
        /* A quiet attacker move starts less promising than a check. */
        ch[i].pn = attacking && d->all_moves && !g->in_check(pos) ? QUIET_PN : 1;
        g->unmake(pos, ch[i].move, undo);
        gt_mate_tt_prefetch(&d->tt, ch[i].key);
    }
    for (int i = 0; i < n; i++) {
        struct val v = {ch[i].pn, 1, 0, false};
        lookup(d, ch[i].key, rem - 1, &v);
        ch[i].pn = v.pn;
        ch[i].dn = v.dn;
        ch[i].depth = v.depth;
        ch[i].pinned = false;
    }
    struct val v;
    for (bool fresh = true;; fresh = false) {
        /* Transpositions may have changed an open child's numbers; a
         * resolved child stays resolved (probing is the main cost). */
        for (int i = 0; i < n && !fresh; i++)
            if (!ch[i].pinned && ch[i].pn && ch[i].dn)
                gt_mate_tt_prefetch(&d->tt, ch[i].key);
        for (int i = 0; i < n && !fresh; i++) {
            struct val t;
            if (!ch[i].pinned && ch[i].pn && ch[i].dn &&
                lookup(d, ch[i].key, rem - 1, &t)) {
                ch[i].pn = t.pn;
                ch[i].dn = t.dn;
                ch[i].depth = t.depth;
            }
        }
        uint32_t second;
        int best = aggregate(ch, n, attacking, &v, &second);
        if (v.pn >= thpn || v.dn >= thdn || out_of_budget(d))
            break;
        int64_t eps = (int64_t)second + second / 4 + 1;
        uint32_t cthpn, cthdn;
        if (attacking) {
            cthpn = clamp_th(eps < thpn ? eps : thpn);
            cthdn = clamp_th((int64_t)thdn - v.dn + ch[best].dn);
        } else {
            cthdn = clamp_th(eps < thdn ? eps : thdn);
            cthpn = clamp_th((int64_t)thpn - v.pn + ch[best].pn);
        }
        struct val cv;
        g->make(pos, ch[best].move, undo);
        d->path[ply + 1] = ch[best].key;
        mid(d, ply + 1, rem - 1, cthpn, cthdn, &cv);
        g->unmake(pos, ch[best].move, undo);
        ch[best].pn = cv.pn;
        ch[best].dn = cv.dn;
        ch[best].depth = cv.depth;
        ch[best].pinned = cv.pinned;
    }
    v.pinned = false;
    v.depth = v.pn == 0 ? resolved_depth(ch, n, attacking, true)
            : v.dn == 0 ? resolved_depth(ch, n, attacking, false) : 0;
    *out = v;
    if (!d->aborted)
        store(d, d->path[ply], rem, out, d->nodes - start);
}

int gt_dfpn_solve(struct gt_dfpn *d, int ply, int rem, int *len)
{
    struct val v;
    d->path[ply] = d->g->key(d->pos);
    if (!lookup(d, d->path[ply], rem, &v) || (v.pn && v.dn))
        mid(d, ply, rem, GT_PN_INF, GT_PN_INF, &v);
    if (v.pn == 0) {
        *len = v.depth;
        return 1;
    }
    return v.dn == 0 ? 0 : -1;
}

int gt_dfpn_proven_len(const struct gt_dfpn *d, uint64_t key, int rem)
{
    struct val v;
    return lookup(d, key, rem, &v) && v.pn == 0 ? v.depth : -1;
}
