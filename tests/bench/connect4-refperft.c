/* connect4-refperft -- an independent perft of Connect Four on a plain 6x7
 * array (no bitboards, no module code), the yardstick of
 * connect4-perft.sh.  Same convention as the module: a game ends at the
 * first four, so a won position has no moves.
 *
 *   connect4-refperft DEPTH      (from the empty board)
 *
 * Prints lines "depth leaves seconds Mleaves/s" like connect4-perft.
 * SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { W = 7, H = 6 };
struct board { char cell[H][W]; int height[W]; };

static int run(const struct board *b, int r, int c, int dr, int dc)
{
    int n = 0;
    char me = b->cell[r][c];
    for (r += dr, c += dc; r >= 0 && r < H && c >= 0 && c < W && b->cell[r][c] == me;
         r += dr, c += dc)
        n++;
    return n;
}

/* Does the disc on (r, c) complete four? */
static bool four_at(const struct board *b, int r, int c)
{
    static const int dir[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int i = 0; i < 4; i++)
        if (1 + run(b, r, c, dir[i][0], dir[i][1]) + run(b, r, c, -dir[i][0], -dir[i][1]) >= 4)
            return true;
    return false;
}

static long long perft(struct board *b, int depth, char turn)
{
    long long n = 0;
    for (int c = 0; c < W; c++) {
        if (b->height[c] == H)
            continue;
        int r = b->height[c]++;
        b->cell[r][c] = turn;
        if (depth == 1)
            n++;
        else if (!four_at(b, r, c)) /* after a four the game is over */
            n += perft(b, depth - 1, turn == 'x' ? 'o' : 'x');
        b->cell[r][c] = '.';
        b->height[c]--;
    }
    return n;
}

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int depth = argc == 2 ? atoi(argv[1]) : 0;
    if (depth < 1 || depth > 42) {
        fprintf(stderr, "usage: %s DEPTH\n", argv[0]);
        return 2;
    }
    struct board b;
    memset(&b, 0, sizeof b);
    memset(b.cell, '.', sizeof b.cell);
    for (int d = 1; d <= depth; d++) {
        double t0 = now();
        long long n = perft(&b, d, 'x');
        double s = now() - t0;
        printf("%d %lld %.3f %.1f\n", d, n, s, s > 0 ? n / s / 1e6 : 0.0);
        fflush(stdout);
    }
    return 0;
}
