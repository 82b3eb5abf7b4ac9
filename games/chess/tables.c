/* tables.c -- constant attack tables, fancy magics and Zobrist keys.
 *
 * Everything here is built once by chess_init() from fixed seeds, so the
 * tables (and therefore hash keys and bench signatures) are the same on
 * every run and machine.  After init they are read-only.
 * SPDX-License-Identifier: MIT */
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

/* Magics found by find_magic() below from its fixed seed, shipped so that
 * init does not repeat the search; init still verifies each one (and
 * searches again if one ever failed). */
static const uint64_t rook_magics[64] = {
    0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL,
    0x0880100008000480ULL, 0x4200100420080200ULL, 0x8100020100080400ULL,
    0x0200040110886200ULL, 0x0200008040220411ULL, 0x0404800084400220ULL,
    0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL,
    0x0442000102105084ULL, 0x9080010020804100ULL, 0x0040404000201009ULL,
    0x0000808010002009ULL, 0x2200090021d00100ULL, 0x0008008008040080ULL,
    0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL,
    0x1000100080080080ULL, 0x0442000a00049020ULL, 0x2100040080020080ULL,
    0x0800120400900148ULL, 0x0010040a00128541ULL, 0x2800804000800030ULL,
    0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
    0x0400802402800800ULL, 0xc100020080800400ULL, 0x0002000802000401ULL,
    0x0182085882000401ULL, 0x0220204000808000ULL, 0x2860100040024022ULL,
    0x0001002004110040ULL, 0x99101042000a0020ULL, 0x0004080004008080ULL,
    0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040a00300ULL,
    0x0801100280080480ULL, 0x0242009008200600ULL, 0x1002000489500200ULL,
    0x0040800200010080ULL, 0x0091800041000080ULL, 0x0000209300488001ULL,
    0x04c1002414824001ULL, 0x020020000b001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL,
    0x4000002840840112ULL,
};
static const uint64_t bishop_magics[64] = {
    0xa010041108003100ULL, 0x006082020a002900ULL, 0x6810010619200000ULL,
    0x08281a0520000408ULL, 0x0001104001000400ULL, 0x0018901008048400ULL,
    0x00040a0210245280ULL, 0x000200210808a402ULL, 0x9140048410821200ULL,
    0x0800091010820041ULL, 0x20504804832202c0ULL, 0x0100091401081000ULL,
    0x8021011140000012ULL, 0x0810020804450400ULL, 0x208b0542109008a2ULL,
    0x0080084a08040204ULL, 0x0040e2a80811244cULL, 0x2505022008008108ULL,
    0x0430220100420040ULL, 0x010a040420220040ULL, 0x1105000290400000ULL,
    0x0093001200822120ULL, 0x4000a62048043004ULL, 0x280120048a015004ULL,
    0x006090002a020814ULL, 0x44042000240800d0ULL, 0x01102800040a4400ULL,
    0x1004080080220040ULL, 0x0001001011004024ULL, 0x0010044000805040ULL,
    0x0914041200820100ULL, 0x0004821012821480ULL, 0x0024040500c05021ULL,
    0x0088611002080200ULL, 0x0116080a00040020ULL, 0x4000020080080080ULL,
    0x2450450140840040ULL, 0x0000880201484100ULL, 0x0222020404020092ULL,
    0x8081110600002e00ULL, 0x2842101105000801ULL, 0x1100809008001025ULL,
    0x00020202221c0400ULL, 0x0422014022009020ULL, 0x0210046102100c00ULL,
    0xc004008082029102ULL, 0x00aa461801101200ULL, 0x0404080080201108ULL,
    0x020542108c205002ULL, 0x0410544804100100ULL, 0x0040910841100000ULL,
    0x0400200042021100ULL, 0x00004204850400c0ULL, 0x0200100410a42102ULL,
    0x1040020801210102ULL, 0x0805040410420000ULL, 0x2884804130100200ULL,
    0x800c262201242000ULL, 0x1058000194108800ULL, 0x0014221054420204ULL,
    0x0104000012a02200ULL, 0x0200881003300100ULL, 0x0140400202840100ULL,
    0x0402020801010201ULL,
};

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
                       bb_t *table, uint64_t *seed, uint64_t shipped)
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

    for (bool first = true;; first = false) {
        bb_t magic = first ? shipped : prng_next(seed) & prng_next(seed) & prng_next(seed);
        if (!first && popcount((m->mask * magic) & 0xFF00000000000000ULL) < 6)
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
        find_magic(&chess_rook_magic[sq], sq, rook_dirs, t, &seed, rook_magics[sq]);
        t += sq_bb(64 - chess_rook_magic[sq].shift);
    }
    for (int sq = 0; sq < 64; sq++) {
        find_magic(&chess_bishop_magic[sq], sq, bishop_dirs, t, &seed, bishop_magics[sq]);
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
    chess_eval_init();
    done = true;
    return 0;
}
