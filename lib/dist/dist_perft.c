/* dist_perft.c -- perft over the ranks (dist.h).
 *
 * The tree is cut at a split ply: the shallowest at which there are at
 * least 32 nodes a rank (never the last ply).  Each node there (or a game
 * that ended above it) is a task, numbered in the generator's order; rank
 * r counts the tasks r, r + size, r + 2 size, ...  Interleaving hundreds of
 * tasks balances the ranks without messages, and every rank derives the
 * same numbering, so the sums per root move, added up on rank 0, are the
 * counts of one process.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "dist.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { TASKS_PER_RANK = 32 };

struct walk {
    const struct gt_game *g;
    void *pos;
    int depth, split, rank, size;
    gt_move *moves;             /* split lists of max_moves */
    char *undo;                 /* split records of undo_size */
    size_t undo_size;
    long task;                  /* the next task's number */
    uint64_t *per_root;         /* this rank's counts by root move */
    int root;                   /* the root move being walked */
    bool failed;
};

static void count_task(struct walk *w, int ply)
{
    if (w->task++ % w->size != w->rank)
        return;
    uint64_t c = gt_perft(w->g, w->pos, w->depth - ply, NULL, NULL);
    if (c == UINT64_MAX)
        w->failed = true;
    else
        w->per_root[w->root] += c;
}

static void walk(struct walk *w, int ply)
{
    const struct gt_game *g = w->g;
    gt_move *list = w->moves + (size_t)ply * (size_t)g->max_moves;
    int n = ply < w->split ? g->generate(w->pos, GT_GEN_ALL, list) : 0;
    if (ply == w->split || n == 0) {
        count_task(w, ply);
        return;
    }
    void *undo = w->undo + (size_t)ply * w->undo_size;
    for (int i = 0; i < n; i++) {
        if (ply == 0)
            w->root = i;
        g->make(w->pos, list[i], undo);
        walk(w, ply + 1);
        g->unmake(w->pos, list[i], undo);
    }
}

/* Wait for the sums with naps: a blocking MPI call would spin the core
 * that a slower rank on the same machine needs. */
static void wait_politely(MPI_Request req[2])
{
    int done = 0;
    while (MPI_Testall(2, req, &done, MPI_STATUSES_IGNORE) == MPI_SUCCESS && !done) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
}

static int split_ply(const struct gt_game *g, void *pos, int depth, int size)
{
    int s = 1;
    while (s < depth - 1 && gt_perft(g, pos, s, NULL, NULL) < (uint64_t)TASKS_PER_RANK * (uint64_t)size)
        s++;
    return s;
}

uint64_t gt_dist_perft(const struct gt_game *g, void *pos, int depth,
                       gt_divide_fn divide, void *ctx)
{
    int size = gt_dist_size(), rank = gt_dist_rank();
    if (size == 1 || depth < 2)
        return rank == 0 ? gt_perft(g, pos, depth, divide, ctx) : 0;
    gt_move *root = malloc(sizeof *root * (size_t)g->max_moves);
    int nroot = root ? g->generate(pos, GT_GEN_ALL, root) : 0;
    struct walk w = {.g = g, .pos = pos, .depth = depth, .rank = rank, .size = size,
                     .undo_size = g->undo_size ? g->undo_size : 1};
    w.split = split_ply(g, pos, depth, size);
    w.moves = malloc(sizeof *w.moves * (size_t)w.split * (size_t)g->max_moves);
    w.undo = malloc(w.undo_size * (size_t)w.split);
    w.per_root = calloc((size_t)nroot + 1, sizeof *w.per_root);
    uint64_t *sum = calloc((size_t)nroot + 1, sizeof *sum);
    if (!root || !w.moves || !w.undo || !w.per_root || !sum) {
        fprintf(stderr, "gtsearch: rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    walk(&w, 0);
    /* A root without moves is one task, counted in slot 0. */
    int failed = w.failed, any_failed = 0;
    MPI_Request req[2];
    MPI_Ireduce(&failed, &any_failed, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD, &req[0]);
    MPI_Ireduce(w.per_root, sum, nroot + 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD, &req[1]);
    wait_politely(req);
    uint64_t total = 0;
    for (int i = 0; rank == 0 && i <= nroot; i++)
        total += sum[i];
    for (int i = 0; rank == 0 && !any_failed && divide && i < nroot; i++)
        divide(ctx, root[i], sum[i]);
    free(root);
    free(w.moves);
    free(w.undo);
    free(w.per_root);
    free(sum);
    return rank != 0 ? 0 : any_failed ? UINT64_MAX : total;
}
