/* tables.c -- constant attack tables, fancy magics and Zobrist keys.
 *
 * Everything here is built once by chess_init() from fixed seeds, so the
 * tables (and therefore hash keys and bench signatures) are the same on
 * every run and machine.  After init they are read-only. */
#include "chess.h"

bb_t chess_knight_att[64];
bb_t chess_king_att[64];
bb_t chess_pawn_att[2][64];
bb_t chess_between[64][64];
bb_t chess_line[64][64];
struct chess_magic chess_rook_magic[64];
struct chess_magic chess_bishop_magic[64];
uint64_t chess_zob_piece[16][64];
uint64_t chess_zob_castle[16];
uint64_t chess_zob_ep[8];
uint64_t chess_zob_side;

/* Rook tables need 102400 entries, bishop tables 5248 (fancy magics with
 * exactly popcount(mask) index bits). */
static bb_t slider_table[102400 + 5248];

/* xorshift64* -- small, fast, good enough for magics and Zobrist keys. */
static uint64_t prng_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

static bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

static bb_t step_attacks(int sq, const int (*d)[2], int n)
{
    bb_t b = 0;
    for (int i = 0; i < n; i++) {
        int f = sq % 8 + d[i][0], r = sq / 8 + d[i][1];
        if (on_board(f, r))
            b |= sq_bb(r * 8 + f);
    }
    return b;
}

/* Slow reference slider attacks, used only to build the tables. */
static bb_t ray_attacks(int sq, bb_t occ, const int (*d)[2])
{
    bb_t b = 0;
    for (int i = 0; i < 4; i++) {
        int f = sq % 8, r = sq / 8;
        for (;;) {
            f += d[i][0];
            r += d[i][1];
            if (!on_board(f, r))
                break;
            b |= sq_bb(r * 8 + f);
            if (occ & sq_bb(r * 8 + f))
                break;
        }
    }
    return b;
}

static const int rook_dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const int bishop_dirs[4][2] = { { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };

/* Relevant occupancy: the rays without their last square. */
static bb_t slider_mask(int sq, const int (*d)[2])
{
    bb_t b = 0;
    for (int i = 0; i < 4; i++) {
        int f = sq % 8 + d[i][0], r = sq / 8 + d[i][1];
        while (on_board(f + d[i][0], r + d[i][1])) {
            b |= sq_bb(r * 8 + f);
            f += d[i][0];
            r += d[i][1];
        }
    }
    return b;
}

/* Find a magic for one square by trial with a fixed-seed generator.  `epoch`
 * marks which table slots the current trial wrote, so nothing is cleared
 * between trials. */
static void find_magic(struct chess_magic *m, int sq, const int (*d)[2],
                       bb_t *table, uint64_t *seed)
{
    static bb_t occ[4096], ref[4096];
    static unsigned seen[4096];
    static unsigned epoch;
    int n = 0;
    bb_t sub = 0;

    m->mask = slider_mask(sq, d);
    m->shift = 64u - (unsigned)popcount(m->mask);
    m->attacks = table;
    do { /* enumerate all subsets of the mask (carry-rippler) */
        occ[n] = sub;
        ref[n] = ray_attacks(sq, sub, d);
        n++;
        sub = (sub - m->mask) & m->mask;
    } while (sub);

    for (;;) {
        bb_t magic = prng_next(seed) & prng_next(seed) & prng_next(seed);
        if (popcount((m->mask * magic) & 0xFF00000000000000ULL) < 6)
            continue;
        epoch++;
        int i;
        for (i = 0; i < n; i++) {
            unsigned idx = (unsigned)(((occ[i]) * magic) >> m->shift);
            if (seen[idx] != epoch) {
                seen[idx] = epoch;
                table[idx] = ref[i];
            } else if (table[idx] != ref[i]) {
                break;
            }
        }
        if (i == n) {
            m->magic = magic;
            return;
        }
    }
}

static void init_sliders(void)
{
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    bb_t *t = slider_table;
    for (int sq = 0; sq < 64; sq++) {
        find_magic(&chess_rook_magic[sq], sq, rook_dirs, t, &seed);
        t += sq_bb(64 - chess_rook_magic[sq].shift);
    }
    for (int sq = 0; sq < 64; sq++) {
        find_magic(&chess_bishop_magic[sq], sq, bishop_dirs, t, &seed);
        t += sq_bb(64 - chess_bishop_magic[sq].shift);
    }
}

static void init_lines(void)
{
    for (int a = 0; a < 64; a++) {
        for (int b = 0; b < 64; b++) {
            chess_between[a][b] = chess_line[a][b] = 0;
            if (a == b)
                continue;
            if (ray_attacks(a, 0, rook_dirs) & sq_bb(b)) {
                chess_between[a][b] = ray_attacks(a, sq_bb(b), rook_dirs)
                                    & ray_attacks(b, sq_bb(a), rook_dirs);
                chess_line[a][b] = (ray_attacks(a, 0, rook_dirs)
                                    & ray_attacks(b, 0, rook_dirs))
                                 | sq_bb(a) | sq_bb(b);
            } else if (ray_attacks(a, 0, bishop_dirs) & sq_bb(b)) {
                chess_between[a][b] = ray_attacks(a, sq_bb(b), bishop_dirs)
                                    & ray_attacks(b, sq_bb(a), bishop_dirs);
                chess_line[a][b] = (ray_attacks(a, 0, bishop_dirs)
                                    & ray_attacks(b, 0, bishop_dirs))
                                 | sq_bb(a) | sq_bb(b);
            }
        }
    }
}

static void init_steppers(void)
{
    static const int knight[8][2] = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 },
                                      { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
    static const int king[8][2] = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 },
                                    { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };
    static const int wpawn[2][2] = { { -1, 1 }, { 1, 1 } };
    static const int bpawn[2][2] = { { -1, -1 }, { 1, -1 } };
    for (int sq = 0; sq < 64; sq++) {
        chess_knight_att[sq] = step_attacks(sq, knight, 8);
        chess_king_att[sq] = step_attacks(sq, king, 8);
        chess_pawn_att[WHITE][sq] = step_attacks(sq, wpawn, 2);
        chess_pawn_att[BLACK][sq] = step_attacks(sq, bpawn, 2);
    }
}

static void init_zobrist(void)
{
    uint64_t seed = 0x1F2E3D4C5B6A7988ULL;
    for (int pc = 0; pc < 16; pc++)
        for (int sq = 0; sq < 64; sq++)
            chess_zob_piece[pc][sq] = prng_next(&seed);
    /* Castling keys are XORs of one key per right, so incremental updates
     * may XOR old and new masks. */
    uint64_t right[4];
    for (int i = 0; i < 4; i++)
        right[i] = prng_next(&seed);
    for (int m = 0; m < 16; m++) {
        chess_zob_castle[m] = 0;
        for (int i = 0; i < 4; i++)
            if (m & (1 << i))
                chess_zob_castle[m] ^= right[i];
    }
    for (int f = 0; f < 8; f++)
        chess_zob_ep[f] = prng_next(&seed);
    chess_zob_side = prng_next(&seed);
}

int chess_init(void)
{
    static bool done;
    if (done)
        return 0;
    init_steppers();
    init_lines();
    init_sliders();
    init_zobrist();
    done = true;
    return 0;
}
