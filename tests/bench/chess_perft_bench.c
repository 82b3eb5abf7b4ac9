/* chess_perft_bench.c -- perft through the chess module's hook table,
 * exactly as the core's perft walks it (generate; at depth 1 count the
 * list; else make / recurse / unmake with an undo buffer per level).
 *
 * usage: chess-perft-bench DEPTH FEN [DEPTH FEN ...]
 * prints one line per position: nodes, seconds, leaves per second. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gtsearch/game.h>

extern const struct gt_game chess_LTX_gt_module;
static const struct gt_game *game = &chess_LTX_gt_module;

static uint64_t perft(void *pos, int depth)
{
    gt_move list[game->max_moves];
    unsigned char undo[game->undo_size];
    int n = game->generate(pos, GT_GEN_ALL, list);
    if (depth <= 1)
        return (uint64_t)n;
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        game->make(pos, list[i], undo);
        sum += perft(pos, depth - 1);
        game->unmake(pos, list[i], undo);
    }
    return sum;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc % 2 == 0) {
        fprintf(stderr, "usage: %s DEPTH FEN [DEPTH FEN ...]\n", argv[0]);
        return 2;
    }
    if (game->init && game->init()) {
        fprintf(stderr, "chess init failed\n");
        return 1;
    }
    void *pos = malloc(game->pos_size);
    for (int a = 1; a + 1 < argc; a += 2) {
        char err[256];
        int depth = atoi(argv[a]);
        if (depth < 1 || game->from_text(pos, argv[a + 1], err, sizeof err)) {
            fprintf(stderr, "bad position or depth: %s\n", depth < 1 ? argv[a] : err);
            return 1;
        }
        double t0 = now();
        uint64_t nodes = perft(pos, depth);
        double s = now() - t0;
        printf("nodes %llu seconds %.3f leaves/s %.0f\n", (unsigned long long)nodes, s,
               s > 0 ? (double)nodes / s : 0.0);
    }
    free(pos);
    return 0;
}
