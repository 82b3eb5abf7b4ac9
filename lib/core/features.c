/* features.c -- checking a game's input features (features.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "features.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

struct gt_features_checker {
    const struct gt_game *g;
    int *count[2];             /* per perspective and feature: before +
                                  changes - after, which must be 0 */
    unsigned *seen;            /* per feature: the pass that last saw it */
    unsigned pass;
    uint32_t *idx;             /* max_active */
    uint32_t *base_idx;        /* the base set's max_active */
};

struct gt_features_checker *gt_features_checker_new(const struct gt_game *g)
{
    struct gt_features_checker *c = calloc(1, sizeof *c);
    if (!c || !g->features)
        goto fail;
    c->g = g;
    c->count[0] = calloc(g->features->count, sizeof *c->count[0]);
    c->count[1] = calloc(g->features->count, sizeof *c->count[1]);
    c->seen = calloc(g->features->count, sizeof *c->seen);
    c->idx = malloc(sizeof *c->idx * (size_t)g->features->max_active);
    const struct gt_features *base = g->features->base;
    if (base)
        c->base_idx = malloc(sizeof *c->base_idx * (size_t)base->max_active);
    if (c->count[0] && c->count[1] && c->seen && c->idx && (!base || c->base_idx))
        return c;
fail:
    gt_features_checker_free(c);
    return NULL;
}

void gt_features_checker_free(struct gt_features_checker *c)
{
    if (!c)
        return;
    free(c->count[0]);
    free(c->count[1]);
    free(c->seen);
    free(c->idx);
    free(c->base_idx);
    free(c);
}

/* The set this one extends (f->base): its active features of pos, all
 * among this set's (marked seen in this pass), and base_ratio times as
 * many here: a network of the base set then reads the same here. */
static int base_agrees(struct gt_features_checker *c, const void *pos, int persp, int n,
                       const char *when, char *err, size_t err_len)
{
    const struct gt_features *f = c->g->features, *b = f->base;
    if (!b)
        return 0;
    int nb = b->active(pos, persp, c->base_idx);
    if (nb < 0 || nb > b->max_active || (long)nb * f->base_ratio != n) {
        gt_errf(err, err_len, "%s, perspective %d: %d features active in %s, which %s "
                "extends with base_ratio %d, and %d here", when, persp, nb, b->name,
                f->name, f->base_ratio, n);
        return -1;
    }
    for (int i = 0; i < nb; i++) {
        uint32_t x = c->base_idx[i];
        if (x >= b->count || c->seen[x] != c->pass) {
            gt_errf(err, err_len, "%s, perspective %d: feature %u of %s is not active in %s",
                    when, persp, x, b->name, f->name);
            return -1;
        }
    }
    return 0;
}

/* Add (sign +1) or take away (-1) the active set of pos for persp. */
static int tally(struct gt_features_checker *c, const void *pos, int persp, int sign,
                 const char *when, char *err, size_t err_len)
{
    const struct gt_features *f = c->g->features;
    int n = f->active(pos, persp, c->idx);
    if (n < 0 || n > f->max_active) {
        gt_errf(err, err_len, "%s, perspective %d: %d active features, max_active is %d",
                when, persp, n, f->max_active);
        return -1;
    }
    c->pass++;
    for (int i = 0; i < n; i++) {
        uint32_t x = c->idx[i];
        if (x >= f->count) {
            gt_errf(err, err_len, "%s, perspective %d: active feature %u, count is %u", when,
                    persp, x, f->count);
            return -1;
        }
        if (c->seen[x] == c->pass) {
            gt_errf(err, err_len, "%s, perspective %d: feature %u listed twice", when, persp,
                    x);
            return -1;
        }
        c->seen[x] = c->pass;
        c->count[persp][x] += sign;
    }
    return base_agrees(c, pos, persp, n, when, err, err_len);
}

static int apply(struct gt_features_checker *c, const struct gt_feature_change *ch, int persp,
                 const char *text, char *err, size_t err_len)
{
    const struct gt_features *f = c->g->features;
    if (ch->nadded < 0 || ch->nadded > GT_FEATURE_CHANGES || ch->nremoved < 0 ||
        ch->nremoved > GT_FEATURE_CHANGES) {
        gt_errf(err, err_len, "%s, perspective %d: %d added and %d removed, at most %d each",
                text, persp, ch->nadded, ch->nremoved, GT_FEATURE_CHANGES);
        return -1;
    }
    for (int i = 0; i < ch->nremoved + ch->nadded; i++) {
        uint32_t x = i < ch->nremoved ? ch->removed[i] : ch->added[i - ch->nremoved];
        if (x >= f->count) {
            gt_errf(err, err_len, "%s, perspective %d: changed feature %u, count is %u", text,
                    persp, x, f->count);
            return -1;
        }
        c->count[persp][x] += i < ch->nremoved ? -1 : 1;
    }
    return 0;
}

int gt_features_check_move(struct gt_features_checker *c, void *pos, gt_move m, void *undo,
                           char *err, size_t err_len)
{
    const struct gt_game *g = c->g;
    const struct gt_features *f = g->features;
    struct gt_feature_change ch[2];
    const bool null = m == GT_MOVE_NULL;
    char text[80] = "a null move";
    if (!null) {
        char mv[64];
        g->move_to_text(pos, m, mv, sizeof mv);
        snprintf(text, sizeof text, "move %s", mv);
    }
    /* A pass changes nothing; without the hook every move is recomputed.
     * The counts start at zero, as the search's accumulators start them. */
    memset(ch, 0, sizeof ch);
    if (!null && f->changes)
        f->changes(pos, m, ch);
    bool held[2];
    for (int p = 0; p < 2; p++) {
        held[p] = null || (f->changes && !ch[p].refresh);
        memset(c->count[p], 0, sizeof *c->count[p] * f->count);
        if (tally(c, pos, p, 1, "before it", err, err_len) < 0 ||
            (held[p] && apply(c, &ch[p], p, text, err, err_len) < 0)) {
            return -1;
        }
    }
    if (null)
        g->make_null(pos, undo);
    else
        g->make(pos, m, undo);
    for (int p = 0; p < 2; p++) {
        if (tally(c, pos, p, -1, "after it", err, err_len) < 0)
            return -1;
        for (uint32_t x = 0; held[p] && x < f->count; x++)
            if (c->count[p][x]) {
                gt_errf(err, err_len, "after %s, perspective %d: feature %u %s", text, p, x,
                        c->count[p][x] > 0 ? "is still counted (not removed)"
                                           : "is active but was not added");
                return -1;
            }
    }
    return 0;
}
