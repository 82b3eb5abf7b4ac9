/* shogi_perft_bench.c -- perft of one SFEN through the shogi hook table,
 * exactly as the core's perft walks it (generate; at depth 1 count; else
 * make / recurse / unmake with an undo buffer per level).
 *   usage: shogi-perft-bench "<sfen>" <depth>
 * prints: nodes <n> time <seconds> nps <leaves per second> */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <gtsearch/game.h>

extern const struct gt_game shogi_LTX_gt_module;
static const struct gt_game *game = &shogi_LTX_gt_module;

static uint64_t perft(void *pos, int depth)
{
    gt_move list[1024];
    unsigned char undo[256];
    int n = game->generate(pos, GT_GEN_ALL, list);
    if (depth == 1) return (uint64_t)n;
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        game->make(pos, list[i], undo);
        sum += perft(pos, depth - 1);
        game->unmake(pos, list[i], undo);
    }
    return sum;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s \"<sfen>\" <depth>\n", argv[0]);
        return 2;
    }
    int depth = atoi(argv[2]);
    if (depth < 1 || (size_t)game->max_moves > 1024 || game->undo_size > 256) {
        fprintf(stderr, "bad depth or buffer sizes\n");
        return 2;
    }
    if (game->init && game->init()) return 1;
    void *pos = malloc(game->pos_size);
    char err[256];
    if (!pos || game->from_text(pos, argv[1], err, sizeof err)) {
        fprintf(stderr, "bad SFEN: %s\n", err);
        return 1;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t n = perft(pos, depth);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    printf("nodes %llu time %.3f nps %.0f\n", (unsigned long long)n, s,
           s > 0 ? (double)n / s : 0.0);
    free(pos);
    return 0;
}
