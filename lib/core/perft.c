/* perft.c -- perft through the game's hooks.  The last ply is counted in
 * bulk: a legal generator's count is the number of leaves.
 *
 * The rule, as gtsearch(1) states it: perft N counts the sequences of N
 * legal moves (a real pass is a move).  Only generate decides: rule ends
 * (repetition, move counts) are not consulted, as chess and shogi counts
 * are made.  A game that ends before the last ply (generate gives no
 * move) adds nothing, unless the game sets GT_FLAG_PERFT_ENDED_IS_LEAF:
 * then it counts as one leaf, as Othello's published counts do.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "perft.h"

#include <stdlib.h>

struct perft {
    const struct gt_game *g;
    void *pos;
    gt_move *moves;     /* depth lists of max_moves */
    char *undo;         /* depth records of undo_size */
    size_t undo_size;
    uint64_t ended;     /* what a game that has ended counts: 0 or 1 */
};

static uint64_t count(struct perft *p, int depth, int ply)
{
    const struct gt_game *g = p->g;
    gt_move *list = p->moves + (size_t)ply * (size_t)g->max_moves;
    void *undo = p->undo + (size_t)ply * p->undo_size;
    if (depth == 1 && g->count_moves) {
        int n = g->count_moves(p->pos);
        return n ? (uint64_t)n : p->ended;
    }
    int n = g->generate(p->pos, GT_GEN_ALL, list);
    if (n == 0)
        return p->ended;
    if (depth == 1)
        return (uint64_t)n;
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        g->make(p->pos, list[i], undo);
        sum += count(p, depth - 1, ply + 1);
        g->unmake(p->pos, list[i], undo);
    }
    return sum;
}

uint64_t gt_perft(const struct gt_game *g, void *pos, int depth,
                  gt_divide_fn divide, void *ctx)
{
    if (depth <= 0)
        return 1;
    struct perft p = {.g = g, .pos = pos, .undo_size = g->undo_size ? g->undo_size : 1,
                      .ended = (g->flags & GT_FLAG_PERFT_ENDED_IS_LEAF) != 0};
    p.moves = malloc((size_t)depth * (size_t)g->max_moves * sizeof(gt_move));
    p.undo = malloc((size_t)depth * p.undo_size);
    uint64_t total = UINT64_MAX;
    if (p.moves && p.undo) {
        if (!divide)
            total = count(&p, depth, 0);
        else {
            int n = g->generate(pos, GT_GEN_ALL, p.moves);
            total = n == 0 ? p.ended : 0;
            for (int i = 0; i < n; i++) {
                gt_move m = p.moves[i];
                uint64_t c = 1;
                if (depth > 1) {
                    g->make(pos, m, p.undo);
                    c = count(&p, depth - 1, 1);
                    g->unmake(pos, m, p.undo);
                }
                divide(ctx, m, c);
                total += c;
            }
        }
    }
    free(p.moves);
    free(p.undo);
    return total;
}
