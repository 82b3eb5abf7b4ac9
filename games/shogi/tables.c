/* tables.c -- constant tables of the shogi module, built once by init.
 * SPDX-License-Identifier: MIT */
#include "shogi.h"

/* Directions as seen by sente: N is toward rank a (sente's forward).  Pairs
 * (0,1) (2,3) (4,5) (6,7) are opposite, so d ^ 1 reverses a direction and
 * also mirrors it for gote. */
const int shogi_dir_offset[8] = { -1, 1, -11, 11, -12, 12, 10, -10 };

uint8_t shogi_step_dirs[SH_WALL + 1];
uint8_t shogi_slide_dirs[SH_WALL + 1];
int8_t shogi_dir_between[SH_CELLS][SH_CELLS];
uint8_t shogi_zone[2][SH_CELLS];
shogi_bb shogi_zone_bb[2];
shogi_bb shogi_zone_reach_bb[2];
uint8_t shogi_dead[SH_WALL][SH_CELLS];
shogi_bb shogi_board_bb;
shogi_bb shogi_near_bb[SH_CELLS];
shogi_bb shogi_lines_bb[SH_CELLS];
shogi_bb shogi_ray_bb[SH_CELLS][8];
struct shogi_line shogi_line[SH_CELLS][4];
uint8_t shogi_line_reach[9][512];
uint32_t shogi_slide_nibbles[256];
uint8_t shogi_step_ring[SH_WALL + 1][49];
uint8_t shogi_ring9[512];
uint8_t shogi_ring_onboard[SH_CELLS];
uint8_t shogi_touch[17 * 17];
uint8_t shogi_coord[SH_CELLS];
shogi_bb shogi_drop_ok[2][8];
shogi_bb shogi_file_fill[512];
uint8_t shogi_sq81[256];
uint64_t shogi_zob_piece[SH_WALL][SH_CELLS];
uint64_t shogi_zob_hand[2][8][SH_HAND_MAX + 1];
uint64_t shogi_zob_side;

enum { N_ = 1, S_ = 2, E_ = 4, W_ = 8, NE = 16, SW = 32, NW = 64, SE = 128 };
#define GOLDLIKE (N_ | S_ | E_ | W_ | NE | NW)
#define ORTH (N_ | S_ | E_ | W_)
#define DIAG (NE | SW | NW | SE)

/* Sente's attack directions by type; the knight is handled apart. */
static const uint8_t sente_steps[15] = {
    [SH_PAWN] = N_, [SH_LANCE] = N_, [SH_SILVER] = N_ | DIAG,
    [SH_BISHOP] = DIAG, [SH_ROOK] = ORTH, [SH_GOLD] = GOLDLIKE,
    [SH_KING] = ORTH | DIAG, [SH_PPAWN] = GOLDLIKE, [SH_PLANCE] = GOLDLIKE,
    [SH_PKNIGHT] = GOLDLIKE, [SH_PSILVER] = GOLDLIKE,
    [SH_HORSE] = ORTH | DIAG, [SH_DRAGON] = ORTH | DIAG,
};
static const uint8_t sente_slides[15] = {
    [SH_LANCE] = N_, [SH_BISHOP] = DIAG, [SH_ROOK] = ORTH,
    [SH_HORSE] = DIAG, [SH_DRAGON] = ORTH,
};

static uint8_t mirror_dirs(uint8_t m)
{
    /* swap each pair of bits (0,1) (2,3) ... */
    return (uint8_t)(((m & 0x55) << 1) | ((m & 0xAA) >> 1));
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static bool on_board(int sq)
{
    int f = SH_FILE(sq), r = SH_RANK(sq);
    return sq >= 0 && sq < SH_CELLS && f >= 1 && f <= 9 && r >= 1 && r <= 9;
}

int shogi_init(void)
{
    for (int t = 1; t < 15; t++) {
        shogi_step_dirs[t] = sente_steps[t];
        shogi_slide_dirs[t] = sente_slides[t];
        shogi_step_dirs[t | SH_GOTE] = mirror_dirs(sente_steps[t]);
        shogi_slide_dirs[t | SH_GOTE] = mirror_dirs(sente_slides[t]);
    }
    /* 11 * files + ranks names each offset of the 5x5 box once (and no
     * other square of the board) */
    for (int pc = 0; pc <= SH_WALL; pc++)
        for (int df = -2; df <= 2; df++)
            for (int dr = -2; dr <= 2; dr++)
                for (int d = 0; d < 8; d++) {
                    if (!(shogi_step_dirs[pc] >> d & 1)) continue;
                    int to = 11 * df + dr + shogi_dir_offset[d];
                    for (int e = 0; e < 8; e++)
                        if (to == shogi_dir_offset[e])
                            shogi_step_ring[pc][11 * df + dr + 24] |= 1u << e;
                }
    static const int box9[9] = { -12, -11, -10, -1, 0, 1, 10, 11, 12 };
    for (int i = 0; i < 512; i++)
        for (int j = 0; j < 9; j++)
            for (int e = 0; e < 8 && (i >> j & 1); e++)
                if (box9[j] == shogi_dir_offset[e]) shogi_ring9[i] |= (uint8_t)(1u << e);
    /* files and ranks a step of each direction moves (offset 11 f + r) */
    static const int step_f[8] = { 0, 0, -1, 1, -1, 1, 1, -1 };
    static const int step_r[8] = { -1, 1, 0, 0, -1, 1, -1, 1 };
    for (int x = -8; x <= 8; x++)
        for (int y = -8; y <= 8; y++)
            for (int d = 0; d < 8; d++)
                for (int n = 1; n <= 8; n++) {
                    int ex = n * step_f[d] - x, ey = n * step_r[d] - y;
                    if (ex >= -1 && ex <= 1 && ey >= -1 && ey <= 1)
                        shogi_touch[(x + 8) * 17 + y + 8] |= (uint8_t)(1u << d);
                }
    for (int sq = 0; sq < SH_CELLS; sq++)
        if (on_board(sq))
            shogi_coord[sq] = (uint8_t)(SH_FILE(sq) * 17 + SH_RANK(sq));
    for (int k = 0; k < SH_CELLS; k++)
        for (int d = 0; d < 8 && on_board(k); d++)
            if (on_board(k + shogi_dir_offset[d]))
                shogi_ring_onboard[k] |= (uint8_t)(1u << d);
    shogi_board_bb = 0;
    for (int k = 0; k < SH_CELLS; k++) {
        shogi_near_bb[k] = 0;
        if (!on_board(k)) continue;
        for (int sq = 0; sq < SH_CELLS; sq++) {
            int df = SH_FILE(sq) - SH_FILE(k), dr = SH_RANK(sq) - SH_RANK(k);
            if (on_board(sq) && df >= -2 && df <= 2 && dr >= -2 && dr <= 2)
                shogi_near_bb[k] |= SH_BIT(sq);
        }
    }
    for (int sq = 0; sq < SH_CELLS; sq++) {
        if (!on_board(sq)) continue;
        shogi_board_bb |= SH_BIT(sq);
        int r = SH_RANK(sq);
        shogi_zone[0][sq] = r <= 3;
        shogi_zone[1][sq] = r >= 7;
        for (int c = 0; c < 2; c++)
            if (shogi_zone[c][sq]) shogi_zone_bb[c] |= SH_BIT(sq);
        if (r <= 4) shogi_zone_reach_bb[0] |= SH_BIT(sq);
        if (r >= 6) shogi_zone_reach_bb[1] |= SH_BIT(sq);
        for (int c = 0; c < 2; c++) {
            int rel = c ? 10 - r : r;  /* 1 = the side's last rank */
            int g = c * SH_GOTE;
            shogi_dead[g | SH_PAWN][sq] = rel == 1;
            shogi_dead[g | SH_LANCE][sq] = rel == 1;
            shogi_dead[g | SH_KNIGHT][sq] = rel <= 2;
            for (int t = 1; t < 8; t++)
                if (!shogi_dead[g | t][sq]) shogi_drop_ok[c][t] |= SH_BIT(sq);
        }
    }
    for (int a = 0; a < SH_CELLS; a++)
        for (int b = 0; b < SH_CELLS; b++) shogi_dir_between[a][b] = -1;
    for (int a = 0; a < SH_CELLS; a++) {
        if (!on_board(a)) continue;
        for (int d = 0; d < 8; d++)
            for (int s = a + shogi_dir_offset[d]; on_board(s);
                 s += shogi_dir_offset[d]) {
                shogi_dir_between[a][s] = (int8_t)d;
                shogi_ray_bb[a][d] |= SH_BIT(s);
                if (s != a + shogi_dir_offset[d]) shogi_lines_bb[a] |= SH_BIT(s);
            }
    }
    /* the lines through each square, in the order of their bits */
    for (int a = 0; a < SH_CELLS; a++) {
        if (!on_board(a)) continue;
        for (int l = 0; l < 4; l++) {
            shogi_bb line = shogi_ray_bb[a][2 * l] | shogi_ray_bb[a][2 * l + 1] |
                            SH_BIT(a);
            struct shogi_line *x = &shogi_line[a][l];
            x->lo = (uint64_t)line;
            x->hi = (uint64_t)(line >> 64);
            x->lo_bits = (uint8_t)__builtin_popcountll(x->lo);
            x->pos = (uint8_t)shogi_bb_count(line & (SH_BIT(a) - 1));
            x->past = (uint16_t)(0x1FF & ~((1u << shogi_bb_count(line)) - 1));
        }
    }
    for (int pos = 0; pos < 9; pos++)
        for (int occ = 0; occ < 512; occ++) {
            int up = 0, down = 0;
            for (int j = pos + 1; j < 9 && !(occ >> j & 1); j++) up++;
            for (int j = pos - 1; j >= 0 && !(occ >> j & 1); j--) down++;
            shogi_line_reach[pos][occ] = (uint8_t)(up | down << 4);
        }
    for (int set = 0; set < 256; set++)
        for (int d = 0; d < 8; d++)
            if (set >> d & 1)
                shogi_slide_nibbles[set] |= (SH_UP_DIRS >> d & 1 ? 0x0Fu : 0xF0u)
                                            << (8 * (d >> 1));
    for (int set = 0; set < 512; set++) {
        shogi_bb b = 0;
        for (int f = 1; f <= 9; f++)
            if (set & (1 << (f - 1)))
                for (int r = 1; r <= 9; r++) b |= SH_BIT(SH_SQ(f, r));
        shogi_file_fill[set] = b;
    }
    for (int sq = 0; sq < 256; sq++) {
        /* the arithmetic move_index did, out-of-range results to 0 */
        unsigned i = (unsigned)((SH_FILE(sq) - 1) * 9 + SH_RANK(sq) - 1);
        shogi_sq81[sq] = (uint8_t)(i > 80 ? 0 : i);
    }
    uint64_t seed = 0x5348304749ull;  /* fixed: keys are the same every run */
    for (int pc = 0; pc < SH_WALL; pc++)
        for (int sq = 0; sq < SH_CELLS; sq++)
            shogi_zob_piece[pc][sq] = splitmix(&seed);
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 8; t++)
            for (int n = 0; n < 20; n++)
                shogi_zob_hand[c][t][n] = n ? splitmix(&seed) : 0;
    shogi_zob_side = splitmix(&seed);
    /* Counts from 20 on (drawn after the rest, which keeps every other key
     * as it was) only arise from the readers' unreal positions. */
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 8; t++)
            for (int n = 20; n <= SH_HAND_MAX; n++)
                shogi_zob_hand[c][t][n] = splitmix(&seed);
    shogi_eval_init();
    return 0;
}
