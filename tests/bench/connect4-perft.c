/* connect4-perft -- perft of the connect4 module through its hook table,
 * the way the core's perft walks it, with timing.  Too deep for make check;
 * tests/bench/connect4-perft.sh runs it against the published counts.
 *
 *   connect4-perft DEPTH [POSITION TEXT]     (default: the empty board)
 *
 * Prints one line per depth 1..DEPTH: depth, leaves, seconds, million
 * leaves per second.
 * SPDX-License-Identifier: MIT */
#include <gtsearch/game.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

extern const struct gt_game connect4_LTX_gt_module;
static const struct gt_game *const G = &connect4_LTX_gt_module;

static long long perft(void *pos, int depth)
{
    gt_move list[16];
    unsigned char undo[64];
    int n = G->generate(pos, GT_GEN_ALL, list);
    if (depth == 1)
        return n;
    long long sum = 0;
    for (int i = 0; i < n; i++) {
        G->make(pos, list[i], undo);
        sum += perft(pos, depth - 1);
        G->unmake(pos, list[i], undo);
    }
    return sum;
}

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int depth = argc > 1 ? atoi(argv[1]) : 0;
    if (depth < 1 || depth > 42 || argc > 3) {
        fprintf(stderr, "usage: %s DEPTH [POSITION TEXT]\n", argv[0]);
        return 2;
    }
    union { unsigned char bytes[256]; long long align; } pos;
    char err[160];
    if (G->pos_size > sizeof pos || G->undo_size > 64 || G->init() != 0) {
        fprintf(stderr, "%s: module does not fit the bench\n", argv[0]);
        return 1;
    }
    if (G->from_text(&pos, argc > 2 ? argv[2] : G->startpos, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", argv[0], err);
        return 1;
    }
    for (int d = 1; d <= depth; d++) {
        double t0 = now();
        long long n = perft(&pos, d);
        double s = now() - t0;
        printf("%d %lld %.3f %.1f\n", d, n, s, s > 0 ? n / s / 1e6 : 0.0);
        fflush(stdout);
    }
    return 0;
}
