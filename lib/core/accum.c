/* accum.c -- the network's accumulators on the search stack.
 *
 * Each frame holds both perspectives' sums for its position and the
 * feature changes of the move that led to it.  A move only records its
 * changes (the game's `changes` hook, before make); the sums are worked
 * out when a node is evaluated, from the nearest frame above whose sums
 * are known, so that nodes cut before their evaluation cost nothing.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "accum.h"

#include <stdlib.h>

#include "net.h"
#include "worker.h"

int gt_accum_init(struct gt_worker *w, const struct gt_net *net)
{
    w->net = net;
    w->acc_mem = NULL;
    if (!net)
        return 0;
    const size_t frames = GT_MAX_PLY + 8, h = (size_t)net->hidden;
    const size_t idx = ((size_t)w->g->features->max_active * sizeof(uint32_t) +
                        GT_NET_ALIGN - 1) / GT_NET_ALIGN * GT_NET_ALIGN;
    char *mem = aligned_alloc(GT_NET_ALIGN, frames * 2 * h * sizeof(int16_t) + idx);
    if (!mem)
        return -1;
    w->acc_mem = mem;
    for (size_t i = 0; i < frames; i++) {
        struct gt_frame *f = &w->stack[i];
        f->acc[0] = (int16_t *)mem + (2 * i) * h;
        f->acc[1] = f->acc[0] + h;
        f->acc_ok[0] = f->acc_ok[1] = false;
        f->change[0].refresh = f->change[1].refresh = true;
    }
    w->feature_idx = (uint32_t *)(mem + frames * 2 * h * sizeof(int16_t));
    return 0;
}

void gt_accum_free(struct gt_worker *w)
{
    free(w->acc_mem);
    w->acc_mem = NULL;
}

void gt_accum_move(struct gt_worker *w, int ply, gt_move m)
{
    struct gt_frame *child = &w->stack[ply + 1];
    const struct gt_features *ft = w->g->features;
    child->acc_ok[0] = child->acc_ok[1] = false;
    if (ft->changes) {
        /* The counts start at zero (game.h): a module writes what changes. */
        for (int p = 0; p < 2; p++) {
            child->change[p].refresh = false;
            child->change[p].nadded = child->change[p].nremoved = 0;
        }
        ft->changes(w->pos, m, child->change);
    }
    else
        child->change[0].refresh = child->change[1].refresh = true;
}

void gt_accum_null(struct gt_worker *w, int ply)
{
    struct gt_frame *child = &w->stack[ply + 1];
    /* A pass changes no feature: the sums are the parent's, copied when
     * they are needed. */
    for (int p = 0; p < 2; p++) {
        child->change[p].refresh = false;
        child->change[p].nadded = child->change[p].nremoved = 0;
        child->acc_ok[p] = false;
    }
}

/* Make perspective p's sums at ply known: from the nearest known frame
 * above through the recorded changes, or from the position itself where
 * a move on the way asked for a refresh. */
static void ensure(struct gt_worker *w, int ply, int p)
{
    struct gt_frame *s = w->stack;
    if (s[ply].acc_ok[p])
        return;
    int k = ply;
    while (k > 0 && !s[k].acc_ok[p] && !s[k].change[p].refresh)
        k--;
    if (s[k].acc_ok[p]) {
        for (int j = k + 1; j <= ply; j++) {
            const struct gt_feature_change *c = &s[j].change[p];
            gt_net_update(w->net, s[j - 1].acc[p], s[j].acc[p], c->added, c->nadded,
                          c->removed, c->nremoved);
            s[j].active[p] = s[j - 1].active[p] + c->nadded - c->nremoved;
            s[j].acc_ok[p] = true;
        }
        return;
    }
    int n = w->g->features->active(w->pos, p, w->feature_idx);
    gt_net_refresh(w->net, s[ply].acc[p], w->feature_idx, n);
    s[ply].active[p] = n;
    s[ply].acc_ok[p] = true;
}

int gt_accum_evaluate(struct gt_worker *w, int ply)
{
    const struct gt_net *n = w->net;
    int base = 0;
    if (n->residual) {
        base = w->g->evaluate(w->pos, w->p->eval_params);
        /* Outside the window the evaluation alone: no sums needed. */
        if (!gt_net_corrects(n, base))
            return base;
    }
    ensure(w, ply, 0);
    ensure(w, ply, 1);
    int us = w->g->side(w->pos);
    const struct gt_frame *f = &w->stack[ply];
    int out = gt_net_output(n, f->acc[us], f->acc[1 - us], gt_net_bucket(n, f->active[us]));
    return n->residual ? gt_net_add_base(n, base, out) : out;
}
