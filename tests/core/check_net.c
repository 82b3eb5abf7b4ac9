/* check_net.c -- the learned evaluation's machinery, on chess (and the
 * search on shogi too):
 *  - the features a move says it changes are exactly the difference
 *    between the active sets before and after it, along long random walks
 *    with captures, promotions, castling, en passant and null moves;
 *  - accumulators updated move by move equal a refresh, and the AVX2 and
 *    portable outputs agree; every width's sums equal one value at a time;
 *  - a network file reads back as written, and a damaged, truncated or
 *    foreign one is refused with a message naming the fault; one of the
 *    narrower set the features extend loads widened and scores the same;
 *  - a search with the network walks the same tree whether the sums are
 *    updated or recomputed at every node (the search stack's bookkeeping),
 *    in chess and in shogi;
 *  - training lowers the loss, and the integer network evaluates as the
 *    float model does within a stated bound;
 *  - the validation split holds out whole games, which the data files'
 *    plies and results mark.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/net.h"
#include "core/perft.h"
#include "core/util.h"
#include "engine/engine.h"
#include "train/train.h"
#include "tune/datafile.h"

extern const struct gt_game chess_LTX_gt_module;
extern const struct gt_game shogi_LTX_gt_module;
#define CHESS (&chess_LTX_gt_module)
#define SHOGI (&shogi_LTX_gt_module)

#include "search_positions.h"

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The active set of pos for persp, sorted. */
static int active_sorted(const struct gt_game *g, const void *pos, int persp, uint32_t *idx)
{
    int n = g->features->active(pos, persp, idx);
    qsort(idx, (size_t)n, sizeof *idx, cmp_u32);
    return n;
}

/* before - removed + added, sorted (counts per feature, so that a feature
 * in both lists cancels). */
static int apply_change(const uint32_t *before, int n, const struct gt_feature_change *c,
                        uint32_t count, uint32_t *out)
{
    /* (Plain tests inside the loops: a Check assertion costs a write.) */
    int *have = calloc(count, sizeof *have);
    bool in_range = have != NULL, once = true;
    for (int i = 0; in_range && i < n; i++)
        have[before[i]]++;
    for (int i = 0; in_range && i < c->nremoved; i++)
        if ((in_range = c->removed[i] < count))
            have[c->removed[i]]--;
    for (int i = 0; in_range && i < c->nadded; i++)
        if ((in_range = c->added[i] < count))
            have[c->added[i]]++;
    int m = 0;
    for (uint32_t f = 0; in_range && f < count; f++) {
        once = once && have[f] >= 0 && have[f] <= 1;
        if (have[f])
            out[m++] = f;
    }
    free(have);
    ck_assert_msg(in_range, "a changed feature outside 0..%u", count - 1);
    ck_assert_msg(once, "a feature removed that was not active, or added twice");
    return m;
}

static void assert_same_set(const uint32_t *a, int na, const uint32_t *b, int nb,
                            const char *fen, const char *what)
{
    ck_assert_msg(na == nb && !memcmp(a, b, sizeof *a * (size_t)na),
                  "%s: %s: %d features expected, %d found", fen, what, na, nb);
}

/* Random walks from each position: every move's changes checked against
 * the active sets, for both perspectives; null moves change nothing. */
START_TEST(changes_match_active_sets)
{
    const struct gt_game *g = CHESS;
    const struct gt_features *ft = g->features;
    ck_assert_int_eq(g->init(), 0);
    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size);
    gt_move *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    uint32_t *before = malloc(sizeof(uint32_t) * (size_t)ft->max_active);
    uint32_t *after = malloc(sizeof(uint32_t) * (size_t)ft->max_active);
    uint32_t *want = malloc(sizeof(uint32_t) * ft->count);
    uint64_t rng = 7;
    long kinds[4] = {0}, nulls = 0, refreshes = 0, held = 0;
    char err[256], fen[256];
    for (int start = 0; chess_pos[start]; start++)
        for (int walk = 0; walk < 20; walk++) {
            ck_assert_int_eq(g->from_text(pos, chess_pos[start], err, sizeof err), 0);
            for (int ply = 0; ply < 200; ply++) {
                g->to_text(pos, fen, sizeof fen);
                if (!g->in_check(pos) && gt_rand64(&rng) % 8 == 0) {
                    int n0 = active_sorted(g, pos, 0, before);
                    g->make_null(pos, undo);
                    int n1 = active_sorted(g, pos, 0, after);
                    assert_same_set(before, n0, after, n1, fen, "null move");
                    g->unmake_null(pos, undo);
                    nulls++;
                }
                int n = g->generate(pos, GT_GEN_ALL, moves);
                if (n == 0)
                    break;
                /* Prefer the rarer kinds of move, so that they are all seen. */
                gt_move m = moves[gt_rand64(&rng) % (uint64_t)n];
                for (int i = 0; i < n; i++)
                    if ((moves[i] >> 14) && gt_rand64(&rng) % 2)
                        m = moves[i];
                struct gt_feature_change ch[2];
                memset(ch, 0, sizeof ch);   /* as the core does (game.h) */
                ft->changes(pos, m, ch);
                int nb[2], us = g->side(pos);
                uint32_t b2[2][128];
                ck_assert_int_le(ft->max_active, 128);
                for (int p = 0; p < 2; p++)
                    nb[p] = active_sorted(g, pos, p, b2[p]);
                g->make(pos, m, undo);
                kinds[m >> 14]++;
                for (int p = 0; p < 2; p++) {
                    /* Only the mover's king changes a king set. */
                    ck_assert(!ch[p].refresh || p == us);
                    refreshes += ch[p].refresh;
                    held += !ch[p].refresh;
                    if (ch[p].refresh)
                        continue;
                    int na = active_sorted(g, pos, p, after);
                    int nw = apply_change(b2[p], nb[p], &ch[p], ft->count, want);
                    assert_same_set(want, nw, after, na, fen, p ? "black's view" : "white's view");
                }
            }
        }
    /* Normal moves, promotions, en passant and castling were all seen. */
    for (int k = 0; k < 4; k++)
        ck_assert_int_gt(kinds[k], 0);
    ck_assert_int_gt(nulls, 0);
    /* King moves into another king set start their side again; most
     * moves are updated. */
    ck_assert_int_gt(refreshes, 0);
    ck_assert_int_gt(held, 10 * refreshes);
    free(pos);
    free(undo);
    free(moves);
    free(before);
    free(after);
    free(want);
}
END_TEST

/* A network of random integers that reach both ends of the clamp, with
 * `buckets` output layers that differ and a second hidden layer of l2
 * units (0: none), whose biases put some units below their clamp, some
 * above and some inside it. */
static struct gt_net *random_shaped_net(const struct gt_game *g, int hidden, int buckets,
                                        int l2, uint64_t seed)
{
    char err[256];
    /* chess's 32 pieces shared out, each active base_ratio times */
    int most = 32 * (g->features->base ? g->features->base_ratio : 1);
    struct gt_net *n = gt_net_new(g, hidden, buckets, (most + buckets - 1) / buckets, l2, 400,
                                  err, sizeof err);
    ck_assert_msg(n != NULL, "%s", err);
    uint64_t r = seed;
    for (size_t i = 0; i < (size_t)n->inputs * (size_t)hidden; i++)
        n->ft_weights[i] = (int16_t)((int)(gt_rand64(&r) % 81) - 40);
    for (int i = 0; i < hidden; i++)
        n->ft_bias[i] = (int16_t)((int)(gt_rand64(&r) % 201) - 50);
    for (size_t i = 0; i < 2 * (size_t)hidden * (size_t)buckets * gt_net_out_rows(l2); i++)
        n->out_weights[i] = (int16_t)((int)(gt_rand64(&r) % 255) - 127);
    for (int b = 0; b < buckets; b++)
        n->out_bias[b] = (int32_t)(gt_rand64(&r) % 20001) - 10000;
    for (int i = 0; i < buckets * l2; i++) {
        n->l2_bias[i] = (int32_t)(gt_rand64(&r) % 60001) - 30000;
        n->l2_out[i] = (int32_t)(gt_rand64(&r) % 40001) - 20000;
    }
    return n;
}

static struct gt_net *random_bucketed_net(const struct gt_game *g, int hidden, int buckets,
                                          uint64_t seed)
{
    return random_shaped_net(g, hidden, buckets, 0, seed);
}

static struct gt_net *random_net(const struct gt_game *g, int hidden, uint64_t seed)
{
    return random_bucketed_net(g, hidden, 1, seed);
}

START_TEST(updates_equal_refresh)
{
    const struct gt_game *g = CHESS;
    ck_assert_int_eq(g->init(), 0);
    struct gt_net *net = random_bucketed_net(g, 64, 4, 3);
    const int h = net->hidden;
    int16_t *acc = aligned_alloc(GT_NET_ALIGN, 4 * sizeof(int16_t) * (size_t)h);
    int active[2], seen[4] = {0};
    int16_t *fresh = acc + 2 * h;
    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size);
    gt_move *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    uint32_t idx[128];
    ck_assert_int_le(g->features->max_active, 128);
    uint64_t rng = 11;
    char err[256];
    int clamped_low = 0, clamped_high = 0;
    for (int start = 0; chess_pos[start]; start++) {
        ck_assert_int_eq(g->from_text(pos, chess_pos[start], err, sizeof err), 0);
        for (int p = 0; p < 2; p++) {
            active[p] = g->features->active(pos, p, idx);
            gt_net_refresh(net, acc + p * h, idx, active[p]);
        }
        for (int ply = 0; ply < 300; ply++) {
            int n = g->generate(pos, GT_GEN_ALL, moves);
            if (n == 0)
                break;
            gt_move m = moves[gt_rand64(&rng) % (uint64_t)n];
            struct gt_feature_change ch[2];
            memset(ch, 0, sizeof ch);
            g->features->changes(pos, m, ch);
            g->make(pos, m, undo);
            for (int p = 0; p < 2; p++) {
                if (ch[p].refresh) {
                    active[p] = g->features->active(pos, p, idx);
                    gt_net_refresh(net, acc + p * h, idx, active[p]);
                } else {
                    gt_net_update(net, acc + p * h, acc + p * h, ch[p].added, ch[p].nadded,
                                  ch[p].removed, ch[p].nremoved);
                    active[p] += ch[p].nadded - ch[p].nremoved;
                }
                int n_fresh = g->features->active(pos, p, idx);
                gt_net_refresh(net, fresh + p * h, idx, n_fresh);
                ck_assert(!memcmp(acc + p * h, fresh + p * h, sizeof(int16_t) * (size_t)h));
                ck_assert_int_eq(active[p], n_fresh);
            }
            for (int i = 0; i < 2 * h; i++) {
                clamped_low += acc[i] < 0;
                clamped_high += acc[i] > GT_NET_QA;
            }
            int us = g->side(pos), bucket = gt_net_bucket(net, active[us]);
            seen[bucket]++;
            /* Every bucket's layer, the same with and without SIMD. */
            for (int b = 0; b < net->buckets; b++)
                ck_assert_int_eq(gt_net_output(net, acc + us * h, acc + (1 - us) * h, b),
                                 gt_net_output_portable(net, acc + us * h, acc + (1 - us) * h,
                                                        b));
            int a = gt_net_output(net, acc + us * h, acc + (1 - us) * h, bucket);
            ck_assert_int_eq(a, gt_net_evaluate(net, g, pos, NULL));
        }
    }
    ck_assert_int_gt(clamped_low, 0);
    ck_assert_int_gt(clamped_high, 0);
    /* 32 pieces at most, 8 a bucket: the walks reach every bucket, and the
     * layers differ (bucket 3 of the start position is not bucket 0's). */
    for (int b = 0; b < 4; b++)
        ck_assert_msg(seen[b] > 0, "bucket %d never used", b);
    const int q = net->bucket_span;
    ck_assert_int_eq(gt_net_bucket(net, 4 * q), 3);
    ck_assert_int_eq(gt_net_bucket(net, q), 0);
    ck_assert_int_eq(gt_net_bucket(net, q + 1), 1);
    free(acc);
    free(pos);
    free(undo);
    free(moves);
    gt_net_free(net);
}
END_TEST

/* Every width's sums, whichever tiles of registers it is cut into (480 =
 * 256 + 128 + 64 + 32), equal the same sums added one value at a time,
 * into another accumulator and in place. */
START_TEST(updates_every_width)
{
    const struct gt_game *g = CHESS;
    ck_assert_int_eq(g->init(), 0);
    static const int widths[] = {32, 64, 96, 128, 224, 256, 480, 1024};
    uint64_t rng = 29;
    for (size_t wi = 0; wi < sizeof widths / sizeof widths[0]; wi++) {
        struct gt_net *net = random_net(g, widths[wi], 41 + wi);
        const int h = net->hidden;
        int16_t *acc = aligned_alloc(GT_NET_ALIGN, 3 * sizeof(int16_t) * (size_t)h);
        int16_t *out = acc + h, *want = acc + 2 * h;
        for (int trial = 0; trial < 50; trial++) {
            uint32_t added[8], removed[8];
            int na = (int)(gt_rand64(&rng) % 9), nr = (int)(gt_rand64(&rng) % 9);
            for (int i = 0; i < h; i++)
                acc[i] = want[i] = (int16_t)((int)(gt_rand64(&rng) % 401) - 200);
            for (int a = 0; a < na; a++)
                added[a] = (uint32_t)(gt_rand64(&rng) % (uint64_t)net->inputs);
            for (int d = 0; d < nr; d++)
                removed[d] = (uint32_t)(gt_rand64(&rng) % (uint64_t)net->inputs);
            for (int i = 0; i < h; i++) {
                int v = want[i];
                for (int a = 0; a < na; a++)
                    v += net->ft_weights[(size_t)added[a] * (size_t)h + (size_t)i];
                for (int d = 0; d < nr; d++)
                    v -= net->ft_weights[(size_t)removed[d] * (size_t)h + (size_t)i];
                want[i] = (int16_t)v;
            }
            gt_net_update(net, acc, out, added, na, removed, nr);
            ck_assert_msg(!memcmp(out, want, sizeof(int16_t) * (size_t)h),
                          "width %d: sums differ", h);
            gt_net_update(net, acc, acc, added, na, removed, nr);
            ck_assert_msg(!memcmp(acc, want, sizeof(int16_t) * (size_t)h),
                          "width %d: sums in place differ", h);
        }
        free(acc);
        gt_net_free(net);
    }
}
END_TEST

/* A residual network adds its output to the game's evaluation inside its
 * window and leaves the evaluation alone outside it. */
START_TEST(residual_window)
{
    const struct gt_game *g = CHESS;
    ck_assert_int_eq(g->init(), 0);
    struct gt_net *net = random_net(g, 32, 17);
    net->residual = true;
    net->window = 150;
    const int h = net->hidden;
    int16_t *acc = aligned_alloc(GT_NET_ALIGN, 2 * sizeof(int16_t) * (size_t)h);
    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size);
    gt_move *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    uint32_t idx[128];
    ck_assert_int_le(g->features->max_active, 128);
    uint64_t rng = 19;
    char err[256];
    int inside = 0, outside = 0;
    for (int walk = 0; walk < 30; walk++) {
        ck_assert_int_eq(g->from_text(pos, chess_pos[walk % 3], err, sizeof err), 0);
        for (int ply = 0; ply < 60; ply++) {
            int n = g->generate(pos, GT_GEN_ALL, moves);
            if (n == 0)
                break;
            g->make(pos, moves[gt_rand64(&rng) % (uint64_t)n], undo);
            int us = g->side(pos), base = g->evaluate(pos, NULL);
            for (int p = 0; p < 2; p++)
                gt_net_refresh(net, acc + p * h, idx, g->features->active(pos, p, idx));
            int out = gt_net_output(net, acc + us * h, acc + (1 - us) * h, 0);
            int want = abs(base) <= 150 ? base + out : base;
            want = want > GT_EVAL_MAX ? GT_EVAL_MAX : want < -GT_EVAL_MAX ? -GT_EVAL_MAX : want;
            ck_assert_int_eq(gt_net_evaluate(net, g, pos, NULL), want);
            inside += abs(base) <= 150;
            outside += abs(base) > 150;
        }
    }
    ck_assert_int_gt(inside, 10);
    ck_assert_int_gt(outside, 10);
    free(acc);
    free(pos);
    free(undo);
    free(moves);
    gt_net_free(net);
}
END_TEST

/* A temporary file name (in TMPDIR: a failed test leaves it there, not
 * in the build folder). */
static void temp_name(char *buf, size_t len, const char *what)
{
    const char *dir = getenv("TMPDIR");
    snprintf(buf, len, "%s/check_net-%ld-%s", dir && *dir ? dir : "/tmp", (long)getpid(),
             what);
}

/* A binary data file at a temporary path (path[256]) holding n records:
 * texts[i] with scores[i], results[i] and plies[i]. */
static void write_records(const struct gt_game *g, char *path, const char *what,
                          const char *const *texts, const int *scores, const double *results,
                          const int *plies, int n)
{
    char err[512];
    temp_name(path, 256, what);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    struct gt_data_writer *w = gt_data_writer_new(g, f, GT_DATA_BINARY, err, sizeof err);
    ck_assert_msg(w != NULL, "%s", err);
    for (int i = 0; i < n; i++) {
        struct gt_data_record r = {.score = scores[i], .result = results[i], .ply = plies[i]};
        snprintf(r.text, sizeof r.text, "%s", texts[i]);
        ck_assert_int_eq(gt_data_write(w, &r), 0);
    }
    ck_assert_int_eq(gt_data_flush(w), 0);
    gt_data_writer_free(w);
    fclose(f);
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

/* Copy the first `keep` bytes of src to dst, with byte `flip` (if >= 0)
 * changed. */
static void copy_damaged(const char *src, const char *dst, long keep, long flip)
{
    FILE *in = fopen(src, "rb"), *out = fopen(dst, "wb");
    ck_assert(in && out);
    for (long i = 0; i < keep; i++) {
        int c = fgetc(in);
        ck_assert_int_ne(c, EOF);
        fputc(i == flip ? c ^ 0x20 : c, out);
    }
    fclose(in);
    fclose(out);
}

START_TEST(file_round_trip_and_refusals)
{
    const struct gt_game *g = CHESS;
    ck_assert_int_eq(g->init(), 0);
    struct gt_net *net = random_net(g, 32, 5);
    char path[256], bad[256], err[512];
    temp_name(path, sizeof path, "net");
    temp_name(bad, sizeof bad, "bad");
    ck_assert_int_eq(gt_net_save(net, path, err, sizeof err), 0);
    struct gt_net *back = gt_net_load(g, path, err, sizeof err);
    ck_assert_msg(back != NULL, "%s", err);
    ck_assert_int_eq(back->hidden, net->hidden);
    ck_assert_int_eq(back->scale, net->scale);
    ck_assert_int_eq(back->out_bias[0], net->out_bias[0]);
    ck_assert(!memcmp(back->ft_weights, net->ft_weights,
                      sizeof(int16_t) * net->inputs * (size_t)net->hidden));
    ck_assert(!memcmp(back->out_weights, net->out_weights,
                      sizeof(int16_t) * 2 * (size_t)net->hidden));
    gt_net_free(back);
    /* One bucket is written as format 1, which every reader reads;
     * several as format 2, its two more header fields included. */
    FILE *fv = fopen(path, "rb");
    unsigned char head[16];
    ck_assert(fv && fread(head, 1, sizeof head, fv) == sizeof head);
    fclose(fv);
    ck_assert_int_eq(head[8], 1);
    ck_assert_int_eq(head[12], 128);
    {
        struct gt_net *many = random_bucketed_net(g, 32, 5, 8);
        ck_assert_int_eq(gt_net_save(many, bad, err, sizeof err), 0);
        struct gt_net *again = gt_net_load(g, bad, err, sizeof err);
        ck_assert_msg(again != NULL, "%s", err);
        ck_assert_int_eq(again->buckets, 5);
        ck_assert_int_eq(again->bucket_span, many->bucket_span);
        ck_assert(!memcmp(again->out_bias, many->out_bias, sizeof(int32_t) * 5));
        ck_assert(!memcmp(again->out_weights, many->out_weights,
                          sizeof(int16_t) * 2 * 5 * (size_t)many->hidden));
        ck_assert_int_eq(file_size(bad),
                         136 + 2 * ((long)g->features->count * 32 + 32 + 5 * 64) + 4 * 5);
        /* A bucket count out of range is refused by name. */
        long big = file_size(bad);
        FILE *in = fopen(bad, "r+b");
        ck_assert(in != NULL);
        fseek(in, 128, SEEK_SET);
        fputc(GT_NET_MAX_BUCKETS + 1, in);
        fclose(in);
        ck_assert_ptr_null(gt_net_load(g, bad, err, sizeof err));
        ck_assert_msg(strstr(err, "output buckets"), "%s (%ld bytes)", err, big);
        gt_net_free(again);
        gt_net_free(many);
    }

    long size = file_size(path);
    copy_damaged(path, bad, size - 1, -1);
    ck_assert_ptr_null(gt_net_load(g, bad, err, sizeof err));
    ck_assert_msg(strstr(err, "truncated"), "%s", err);
    copy_damaged(path, bad, size, size / 2);
    ck_assert_ptr_null(gt_net_load(g, bad, err, sizeof err));
    ck_assert_msg(strstr(err, "damaged"), "%s", err);
    copy_damaged(path, bad, size, 2);   /* the magic */
    ck_assert_ptr_null(gt_net_load(g, bad, err, sizeof err));
    ck_assert_msg(strstr(err, "not a gtsearch network file"), "%s", err);
    copy_damaged(path, bad, size, 16);  /* the game's name: "chess" -> "Chess" */
    ck_assert_ptr_null(gt_net_load(g, bad, err, sizeof err));
    ck_assert_msg(strstr(err, "a network for Chess, not chess"), "%s", err);

    /* Another version of the feature set. */
    struct gt_features other = *g->features;
    other.version++;
    struct gt_game g2 = *g;
    g2.features = &other;
    ck_assert_ptr_null(gt_net_load(&g2, path, err, sizeof err));
    char want[80];
    snprintf(want, sizeof want, "feature set %s version %d", other.name, g->features->version);
    ck_assert_msg(strstr(err, want), "%s", err);

    /* The engine keeps its evaluation when EvalFile names a bad file. */
    struct gt_engine *e = gt_engine_new(g, err, sizeof err);
    ck_assert_int_eq(gt_engine_set_option(e, "EvalFile", path, err, sizeof err), 0);
    struct gt_search_params p;
    gt_engine_params(e, &p);
    const struct gt_net *loaded = p.net;
    ck_assert_ptr_nonnull(loaded);
    ck_assert_int_eq(gt_engine_set_option(e, "EvalFile", bad, err, sizeof err), -1);
    gt_engine_params(e, &p);
    ck_assert_ptr_eq(p.net, loaded);
    ck_assert_int_eq(gt_engine_set_option(e, "UseNetwork", "false", err, sizeof err), 0);
    gt_engine_params(e, &p);
    ck_assert_ptr_null(p.net);
    gt_engine_free(e);

    /* A game with no weights to load names a missing file as missing. */
    struct gt_game g3 = *g;
    g3.eval_params = NULL;
    e = gt_engine_new(&g3, err, sizeof err);
    ck_assert_int_eq(gt_engine_set_option(e, "EvalFile", "/nonexistent/n.gtnet", err,
                                          sizeof err), -1);
    ck_assert_str_eq(err, "cannot open /nonexistent/n.gtnet: No such file or directory");
    ck_assert_int_eq(gt_engine_set_option(e, "EvalFile", "/dev/null", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "is not a network file"), "%s", err);
    gt_engine_free(e);

    unlink(path);
    unlink(bad);
    gt_net_free(net);
}
END_TEST

/* Position i of the checks below: one of the first three chess positions
 * after i % 40 random moves. */
static void random_position(const struct gt_game *g, void *pos, int i, gt_move *moves,
                            void *undo, uint64_t *rng)
{
    char err[256];
    ck_assert_int_eq(g->from_text(pos, chess_pos[i % 3], err, sizeof err), 0);
    for (int k = 0; k < i % 40; k++) {
        int n = g->generate(pos, GT_GEN_ALL, moves);
        if (n == 0)
            break;
        g->make(pos, moves[gt_rand64(rng) % (uint64_t)n], undo);
    }
}

static struct gt_search_result search_with(const struct gt_game *g, const char *net,
                                           const char *text, int depth)
{
    char err[256];
    struct gt_engine *e = gt_engine_new(g, err, sizeof err);
    ck_assert_msg(e != NULL, "%s", err);
    const char *hash = g->dialect == GT_USI ? "USI_Hash" : "Hash";
    ck_assert_msg(gt_engine_set_option(e, hash, "4", err, sizeof err) == 0, "%s", err);
    ck_assert_msg(gt_engine_set_option(e, "EvalFile", net, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(gt_engine_set_position(e, text, NULL, err, sizeof err) == 0, "%s", err);
    gt_engine_new_game(e);
    struct gt_limits lim = {.depth = depth};
    struct gt_search_result res;
    ck_assert_int_eq(gt_engine_search(e, &lim, NULL, NULL, &res), 0);
    gt_engine_free(e);
    return res;
}

/* Search text with the network file net as games a and b: the same
 * tree, move and score.  Returns the nodes. */
static uint64_t search_twice(const struct gt_game *a, const char *a_name,
                             const struct gt_game *b, const char *b_name, const char *net,
                             const char *text, int depth)
{
    struct gt_search_result ra = search_with(a, net, text, depth);
    struct gt_search_result rb = search_with(b, net, text, depth);
    ck_assert_msg(ra.nodes == rb.nodes && ra.best == rb.best && ra.score == rb.score,
                  "%s: %s %llu nodes, score %d; %s %llu nodes, score %d", text, a_name,
                  (unsigned long long)ra.nodes, ra.score, b_name,
                  (unsigned long long)rb.nodes, rb.score);
    return ra.nodes;
}

/* The same game whose features give no changes: every node recomputes;
 * both walk the same tree, of over 1000 nodes from each position. */
static void search_same_tree(const struct gt_game *g, const char *const *positions,
                             int depth, uint64_t seed)
{
    ck_assert_int_eq(g->init(), 0);
    /* Buckets: the updated count of active features must be the
     * recomputed one, or the trees part. */
    struct gt_net *net = random_bucketed_net(g, 64, 4, seed);
    char path[256], err[512];
    temp_name(path, sizeof path, "search");
    struct gt_features refresh_only = *g->features;
    refresh_only.changes = NULL;
    struct gt_game g2 = *g;
    g2.features = &refresh_only;
    /* A full network, then a residual one whose window skips some nodes
     * (their sums are left to be worked out later). */
    int n = 0;
    while (positions[n])
        n++;
    for (int i = 0; i < 2 * n; i++) {
        if (i == n) {
            net->residual = true;
            net->window = 100;
            for (int k = 0; k < 2 * net->hidden * net->buckets; k++)
                net->out_weights[k] /= 8;
        }
        if (i % n == 0)
            ck_assert_int_eq(gt_net_save(net, path, err, sizeof err), 0);
        const char *text = positions[i % n];
        ck_assert_uint_gt(search_twice(g, "updated", &g2, "recomputed", path, text, depth),
                          1000);
    }
    unlink(path);
    gt_net_free(net);
}

/* A second hidden layer: along random games, the AVX2 output equals the
 * portable one in every bucket, and the evaluation moves with the
 * position; the file keeps every weight, as format 3. */
START_TEST(second_layer_same_numbers_and_file)
{
    const struct gt_game *g = CHESS;
    ck_assert_int_eq(g->init(), 0);
    struct gt_net *net = random_shaped_net(g, 64, 3, 16, 77);
    const int h = net->hidden;
    int16_t *acc = aligned_alloc(GT_NET_ALIGN, 2 * sizeof(int16_t) * (size_t)h);
    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size);
    gt_move *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    uint32_t idx[128];
    uint64_t rng = 5;
    char err[512];
    int distinct = 0, last = INT32_MIN;
    for (int game = 0; game < 4; game++) {
        ck_assert_int_eq(g->from_text(pos, g->startpos, err, sizeof err), 0);
        for (int ply = 0; ply < 120; ply++) {
            int n = g->generate(pos, GT_GEN_ALL, moves);
            if (n == 0)
                break;
            g->make(pos, moves[gt_rand64(&rng) % (uint64_t)n], undo);
            for (int p = 0; p < 2; p++)
                gt_net_refresh(net, acc + p * h, idx, g->features->active(pos, p, idx));
            int us = g->side(pos);
            for (int b = 0; b < net->buckets; b++)
                ck_assert_int_eq(gt_net_output(net, acc + us * h, acc + (1 - us) * h, b),
                                 gt_net_output_portable(net, acc + us * h, acc + (1 - us) * h,
                                                        b));
            int v = gt_net_evaluate(net, g, pos, NULL);
            distinct += v != last;
            last = v;
        }
    }
    ck_assert_int_gt(distinct, 100);
    char path[256];
    temp_name(path, sizeof path, "l2net");
    ck_assert_int_eq(gt_net_save(net, path, err, sizeof err), 0);
    ck_assert_int_eq(file_size(path), 140 + 2 * ((long)g->features->count * 64 + 64 +
                                                 3 * 16 * 128) + 4 * 3 + 2 * 4 * 3 * 16);
    FILE *fv = fopen(path, "rb");
    unsigned char head[16];
    ck_assert(fv && fread(head, 1, sizeof head, fv) == sizeof head);
    fclose(fv);
    ck_assert_int_eq(head[8], 3);
    struct gt_net *back = gt_net_load(g, path, err, sizeof err);
    ck_assert_msg(back != NULL, "%s", err);
    ck_assert_int_eq(back->l2, 16);
    ck_assert(!memcmp(back->out_weights, net->out_weights,
                      sizeof(int16_t) * 2 * 3 * 16 * (size_t)h));
    ck_assert(!memcmp(back->l2_bias, net->l2_bias, sizeof(int32_t) * 3 * 16));
    ck_assert(!memcmp(back->l2_out, net->l2_out, sizeof(int32_t) * 3 * 16));
    ck_assert(!memcmp(back->out_bias, net->out_bias, sizeof(int32_t) * 3));
    for (int i = 0; i < 20; i++) {
        random_position(g, pos, i, moves, undo, &rng);
        ck_assert_int_eq(gt_net_evaluate(back, g, pos, NULL), gt_net_evaluate(net, g, pos, NULL));
    }
    /* A width out of range is refused by name. */
    FILE *in = fopen(path, "r+b");
    ck_assert(in != NULL);
    fseek(in, 136, SEEK_SET);
    fputc(GT_NET_MAX_L2 + 1, in);
    fclose(in);
    ck_assert_ptr_null(gt_net_load(g, path, err, sizeof err));
    ck_assert_msg(strstr(err, "second hidden layer"), "%s", err);
    unlink(path);
    gt_net_free(back);
    gt_net_free(net);
    free(acc);
    free(pos);
    free(undo);
    free(moves);
}
END_TEST

/* A network of the set the game's features extend (chess-psq, which
 * chess-king4 extends) loads widened: zero rows for the features it
 * lacks, its buckets' span times base_ratio, and the same score for
 * every position; written back, it is a network of the wider set.  A
 * file of another version of the base set is refused, naming both. */
START_TEST(base_networks_widen)
{
    const struct gt_game *g = CHESS;
    ck_assert_int_eq(g->init(), 0);
    const struct gt_features *ft = g->features, *base = ft->base;
    ck_assert_ptr_nonnull(base);
    struct gt_game narrow_game = *g;
    narrow_game.features = base;
    struct gt_net *narrow = random_bucketed_net(&narrow_game, 32, 4, 23);
    narrow->residual = true;
    narrow->window = 300;
    char path[256], wide_path[256], err[256];
    temp_name(path, sizeof path, "narrow.gtnet");
    temp_name(wide_path, sizeof wide_path, "wide.gtnet");
    ck_assert_int_eq(gt_net_save(narrow, path, err, sizeof err), 0);
    struct gt_net *wide = gt_net_load(g, path, err, sizeof err);
    ck_assert_msg(wide != NULL, "%s", err);
    ck_assert_str_eq(wide->features, ft->name);
    ck_assert_int_eq(wide->features_version, ft->version);
    ck_assert_uint_eq(wide->inputs, ft->count);
    ck_assert_int_eq(wide->bucket_span, narrow->bucket_span * ft->base_ratio);
    const size_t h = (size_t)wide->hidden, split = (size_t)base->count * h;
    ck_assert(!memcmp(wide->ft_weights, narrow->ft_weights, sizeof(int16_t) * split));
    for (size_t i = split; i < (size_t)ft->count * h; i++)
        ck_assert_int_eq(wide->ft_weights[i], 0);

    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size);
    gt_move *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    uint64_t rng = 29;
    int differ = 0;
    for (int i = 0; i < 200; i++) {
        random_position(g, pos, i, moves, undo, &rng);
        int a = gt_net_evaluate(narrow, &narrow_game, pos, NULL);
        ck_assert_int_eq(gt_net_evaluate(wide, g, pos, NULL), a);
        differ += a != g->evaluate(pos, NULL);
    }
    ck_assert_int_gt(differ, 100);   /* the network does score them */
    /* And the search walks the same tree with it as with the base set. */
    for (int i = 0; chess_pos[i]; i++)
        search_twice(&narrow_game, "base set", g, "widened", path, chess_pos[i], 8);

    /* Written back: the wider set's file, read as it was written. */
    ck_assert_int_eq(gt_net_save(wide, wide_path, err, sizeof err), 0);
    struct gt_net *again = gt_net_load(g, wide_path, err, sizeof err);
    ck_assert_msg(again != NULL, "%s", err);
    ck_assert_str_eq(again->features, ft->name);
    ck_assert_int_eq(again->bucket_span, wide->bucket_span);
    ck_assert(!memcmp(again->ft_weights, wide->ft_weights, sizeof(int16_t) * ft->count * h));

    /* Another version of the base set is not the base set. */
    struct gt_features other = *base;
    other.version++;
    narrow_game.features = &other;
    struct gt_net *foreign = random_bucketed_net(&narrow_game, 32, 1, 31);
    ck_assert_int_eq(gt_net_save(foreign, path, err, sizeof err), 0);
    ck_assert_ptr_null(gt_net_load(g, path, err, sizeof err));
    char want[160];
    snprintf(want, sizeof want, "made for feature set %s version %d (%u features); chess uses "
             "%s version %d (%u features) and reads %s version %d", base->name,
             base->version + 1, base->count, ft->name, ft->version, ft->count, base->name,
             base->version);
    ck_assert_msg(strstr(err, want), "%s", err);

    unlink(path);
    unlink(wide_path);
    free(pos);
    free(undo);
    free(moves);
    gt_net_free(narrow);
    gt_net_free(wide);
    gt_net_free(again);
    gt_net_free(foreign);
}
END_TEST

/* Chess: king moves that change the king set start their side again.
 * (Some random networks make trees of millions of nodes from the second
 * position at this depth; the one of seed 4 makes at most about 70,000.) */
START_TEST(search_updates_equal_refresh)
{
    search_same_tree(CHESS, chess_pos, 10, 4);
}
END_TEST

/* Shogi: captures into the hand and drops out of it (depth 9: 2617 nodes
 * or more from each position). */
START_TEST(search_updates_equal_refresh_shogi)
{
    search_same_tree(SHOGI, shogi_pos, 9, 9);
}
END_TEST

/* Train on positions of random games scored by the hand-written
 * evaluation: the loss falls, and the integer network agrees with the
 * float model. */
START_TEST(training_learns_and_quantises)
{
    const struct gt_game *g = CHESS;
    ck_assert_int_eq(g->init(), 0);
    struct gt_trainset s;
    gt_trainset_init(&s);
    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size);
    gt_move *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    uint64_t rng = 13;
    char err[512];
    while (s.n < 6000) {
        ck_assert_int_eq(g->from_text(pos, g->startpos, err, sizeof err), 0);
        for (int ply = 0; ply < 80; ply++) {
            int n = g->generate(pos, GT_GEN_ALL, moves);
            if (n == 0)
                break;
            /* Captures first, so that material comes off the board. */
            gt_move m = moves[gt_rand64(&rng) % (uint64_t)n];
            for (int i = 0; i < n; i++)
                if (g->is_noisy(pos, moves[i]) && gt_rand64(&rng) % 2)
                    m = moves[i];
            g->make(pos, m, undo);
            if (ply >= 6 && !g->in_check(pos)) {
                double ev = g->evaluate(pos, NULL);
                double first = g->side(pos) == 0 ? ev : -ev;
                ck_assert_int_eq(gt_trainset_add(&s, g, pos, first,
                                                 first > 100 ? 1 : first < -100 ? 0 : 0.5), 0);
            }
        }
    }
    char path[256], ckpt[256];
    temp_name(path, sizeof path, "trained");
    temp_name(ckpt, sizeof ckpt, "ckpt");
    struct gt_train_config c;
    gt_train_config_default(&c, g);
    c.hidden = 32;
    c.epochs = 8;
    c.batch = 256;
    c.lr = 0.005;
    c.lambda = 0.2;
    c.threads = 2;
    c.out = path;
    c.checkpoint = ckpt;
    struct gt_model m = {0};
    struct gt_train_stats st;
    ck_assert_msg(gt_train_run(g, &s, &c, &m, &st, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(st.epochs, 8);
    ck_assert_msg(st.val_loss < 0.8 * st.first_loss, "loss %f before, %f after",
                  st.first_loss, st.val_loss);
    const double fresh_loss = st.first_loss, trained_loss = st.val_loss;

    struct gt_net *net = gt_net_load(g, path, err, sizeof err);
    ck_assert_msg(net != NULL, "%s", err);
    /* The float model with the integer weights: the integer arithmetic
     * must give its numbers, but for the final truncations. */
    struct gt_model dq = {0};
    ck_assert_int_eq(gt_model_from_net(&dq, net, 0, 0, 0, 0, 64, c.k), 0);
    double sum = 0, worst = 0;
    const int N = 500;
    for (int i = 0; i < N; i++) {
        random_position(g, pos, i, moves, undo, &rng);
        int q = gt_net_evaluate(net, g, pos, NULL);
        double exact = gt_model_evaluate(&dq, g, pos, c.k);
        ck_assert_msg(fabs(q - exact) <= 2, "integer %d, its float value %.2f", q, exact);
        /* The rounding of the weights themselves: the bound doc/network.md
         * states. */
        double d = fabs(q - gt_model_evaluate(&m, g, pos, c.k));
        sum += d;
        if (d > worst)
            worst = d;
    }
    ck_assert_msg(sum / N <= 15 && worst <= 60, "float and integer differ by %.1f on "
                  "average, %.1f at most", sum / N, worst);
    gt_model_free(&dq);
    /* The checkpoint resumes: no epoch is left, it loads, and its network
     * is written again, the same as the last epoch's. */
    char again[256];
    temp_name(again, sizeof again, "again");
    c.resume = ckpt;
    c.out = again;
    struct gt_model m2 = {0};
    ck_assert_msg(gt_train_run(g, &s, &c, &m2, &st, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(st.epochs, 8);
    ck_assert(st.nothing_left);
    ck_assert(!memcmp(m.params, m2.params, sizeof(float) * m.nparams));
    struct gt_net *net2 = gt_net_load(g, again, err, sizeof err);
    ck_assert_msg(net2 != NULL, "%s", err);
    for (int i = 0; i < 50; i++) {
        random_position(g, pos, i, moves, undo, &rng);
        ck_assert_int_eq(gt_net_evaluate(net2, g, pos, NULL), gt_net_evaluate(net, g, pos, NULL));
    }
    gt_net_free(net2);
    unlink(again);
    c.out = path;
    gt_model_free(&m);
    gt_model_free(&m2);

    /* --init: a run that starts from the written network starts where the
     * first one ended, but for the rounding, far below a fresh start. */
    c.resume = NULL;
    c.init = net;
    c.epochs = 1;
    c.lr = c.lr_end = 1e-9;
    struct gt_model mi = {0};
    ck_assert_msg(gt_train_run(g, &s, &c, &mi, &st, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(fabs(st.first_loss - trained_loss) <= 0.1 * trained_loss &&
                  st.first_loss < 0.9 * fresh_loss, "started at %f; the network ended at %f, "
                  "a fresh start was %f", st.first_loss, trained_loss, fresh_loss);
    gt_model_free(&mi);
    /* Weight decay shrinks the first layer: the same steps with it leave
     * its weights far smaller than without (0.9 of them kept a step). */
    c.lr = c.lr_end = 0.001;
    double w1_sum[2];
    for (int wd = 0; wd < 2; wd++) {
        c.weight_decay = wd ? 100 : 0;
        ck_assert_msg(gt_train_run(g, &s, &c, &mi, &st, err, sizeof err) == 0, "%s", err);
        w1_sum[wd] = 0;
        for (size_t i = 0; i < (size_t)mi.inputs * (size_t)mi.hidden; i++)
            w1_sum[wd] += fabs(mi.w1[i]);
        gt_model_free(&mi);
    }
    ck_assert_msg(w1_sum[1] < 0.5 * w1_sum[0], "first layer |w| %f with decay, %f without",
                  w1_sum[1], w1_sum[0]);
    c.weight_decay = 0;
    c.lr = c.lr_end = 1e-9;
    /* A wider run starts where the network ended too: its new units add
     * nothing until they learn. */
    c.hidden = 64;
    ck_assert_msg(gt_train_run(g, &s, &c, &mi, &st, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(mi.hidden, 64);
    ck_assert_msg(fabs(st.first_loss - trained_loss) <= 0.1 * trained_loss,
                  "widened, it started at %f; the network ended at %f", st.first_loss,
                  trained_loss);
    for (int i = 0; i < 100; i++) {     /* at lr 1e-9 it is the network still */
        random_position(g, pos, i, moves, undo, &rng);
        int q = gt_net_evaluate(net, g, pos, NULL);
        double wide_eval = gt_model_evaluate(&mi, g, pos, c.k);
        ck_assert_msg(fabs(q - wide_eval) <= 2, "the network %d, widened %.2f", q, wide_eval);
    }
    gt_model_free(&mi);
    /* ... but a narrower one is refused, naming both widths. */
    struct gt_net *wide = gt_net_load(g, path, err, sizeof err);
    ck_assert_msg(wide != NULL, "%s", err);
    ck_assert_int_eq(wide->hidden, 64);
    c.init = wide;
    c.hidden = 32;
    ck_assert_int_eq(gt_train_run(g, &s, &c, &mi, &st, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "x 64") && strstr(err, "x 32"), "%s", err);
    gt_net_free(wide);
    c.init = net;

    /* Output buckets from the one-bucket network: each starts as its
     * output layer, so the run starts where that network ended. */
    c.buckets = 4;
    ck_assert_msg(gt_train_run(g, &s, &c, &mi, &st, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(fabs(st.first_loss - trained_loss) <= 0.1 * trained_loss,
                  "4 buckets started at %f; the network ended at %f", st.first_loss,
                  trained_loss);
    gt_model_free(&mi);
    /* Measured (no epoch), the loss by bucket as well: the buckets hold
     * every position, and their losses weighted by their counts give the
     * whole's (a full network: no evaluation alone beside them). */
    c.epochs = 0;
    ck_assert_msg(gt_train_run(g, &s, &c, &mi, &st, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(st.parts, 4);
    ck_assert_int_eq(st.part_span, mi.bucket_span);
    long parts_n = 0;
    double parts_loss = 0;
    int filled = 0;
    for (int b = 0; b < st.parts; b++) {
        parts_n += st.part_n[b];
        parts_loss += st.part_loss[b] * (double)st.part_n[b];
        filled += st.part_n[b] > 0;
        ck_assert(isnan(st.part_base[b]));       /* not residual */
    }
    ck_assert_int_eq(parts_n, st.train_n);
    ck_assert_int_ge(filled, 2);
    ck_assert_msg(fabs(parts_loss / (double)parts_n - st.first_loss) <= 1e-6 * st.first_loss,
                  "the buckets' loss %.9f, the whole's %.9f", parts_loss / (double)parts_n,
                  st.first_loss);
    gt_model_free(&mi);
    /* Trained on, the buckets part ways, and the integer network written
     * is the float model's, as with one. */
    c.lr = 0.005;
    c.epochs = 3;
    ck_assert_msg(gt_train_run(g, &s, &c, &mi, &st, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(mi.buckets, 4);
    ck_assert(memcmp(mi.w2, mi.w2 + 3 * 2 * 32, sizeof(float) * 2 * 32));
    struct gt_net *bn = gt_net_load(g, path, err, sizeof err);
    ck_assert_msg(bn != NULL, "%s", err);
    ck_assert_int_eq(bn->buckets, 4);
    struct gt_model bq = {0};
    ck_assert_int_eq(gt_model_from_net(&bq, bn, 0, 0, 0, 0, 64, c.k), 0);
    ck_assert_int_eq(bq.bucket_span, bn->bucket_span);
    int used[4] = {0};
    for (int i = 0; i < 300; i++) {
        random_position(g, pos, i, moves, undo, &rng);
        uint32_t f[64];
        used[gt_net_bucket(bn, g->features->active(pos, g->side(pos), f))]++;
        int q = gt_net_evaluate(bn, g, pos, NULL);
        double exact = gt_model_evaluate(&bq, g, pos, c.k);
        ck_assert_msg(fabs(q - exact) <= 2, "integer %d, its float value %.2f", q, exact);
        ck_assert_msg(fabs(q - gt_model_evaluate(&mi, g, pos, c.k)) <= 60,
                      "integer %d, the trained model %.1f", q,
                      gt_model_evaluate(&mi, g, pos, c.k));
    }
    ck_assert_msg((used[0] > 0) + (used[1] > 0) + (used[2] > 0) + (used[3] > 0) >= 2,
                  "buckets used %d %d %d %d", used[0], used[1], used[2], used[3]);
    gt_model_free(&bq);
    gt_model_free(&mi);
    gt_net_free(bn);
    /* A four-bucket network cannot start a run of another count. */
    bn = gt_net_load(g, path, err, sizeof err);
    c.init = bn;
    c.buckets = 2;
    ck_assert_int_eq(gt_train_run(g, &s, &c, &mi, &st, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "4 output buckets"), "%s", err);
    gt_net_free(bn);
    c.buckets = 0;

    /* A second layer from the network without one: two of its units carry
     * the old output, so the model evaluates as the network does wherever
     * that output is inside the two units' clamps (+-4 logits), and the
     * run starts far below a fresh start. */
    c.init = net;
    c.l2 = 8;
    c.epochs = 1;
    c.lr = c.lr_end = 1e-9;
    ck_assert_msg(gt_train_run(g, &s, &c, &mi, &st, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(mi.l2, 8);
    ck_assert_msg(st.first_loss < 0.9 * fresh_loss, "with a second layer it started at "
                  "%f; the network ended at %f, a fresh start was %f", st.first_loss,
                  trained_loss, fresh_loss);
    int inside = 0;
    for (int i = 0; i < 200; i++) {
        random_position(g, pos, i, moves, undo, &rng);
        int q = gt_net_evaluate(net, g, pos, NULL);
        double l2_eval = gt_model_evaluate(&mi, g, pos, c.k);
        if (abs(q) >= 3.9 * c.k)
            continue;
        inside++;
        ck_assert_msg(fabs(q - l2_eval) <= 2, "the network %d, with a second layer %.2f", q,
                      l2_eval);
    }
    ck_assert_int_gt(inside, 50);
    gt_model_free(&mi);
    /* Trained on, the loss falls, and the integer network written is the
     * float model's: its own weights exactly but for the truncations, the
     * trained ones within the first layer's rounding. */
    c.lr = 0.005;
    c.epochs = 4;
    ck_assert_msg(gt_train_run(g, &s, &c, &mi, &st, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(st.val_loss < st.first_loss, "loss %f before, %f after", st.first_loss,
                  st.val_loss);
    struct gt_net *ln = gt_net_load(g, path, err, sizeof err);
    ck_assert_msg(ln != NULL, "%s", err);
    ck_assert_int_eq(ln->l2, 8);
    struct gt_model lq = {0};
    ck_assert_int_eq(gt_model_from_net(&lq, ln, 0, 0, 0, 0, 64, c.k), 0);
    double lsum = 0;
    for (int i = 0; i < 300; i++) {
        random_position(g, pos, i, moves, undo, &rng);
        int q = gt_net_evaluate(ln, g, pos, NULL);
        double exact = gt_model_evaluate(&lq, g, pos, c.k);
        ck_assert_msg(fabs(q - exact) <= 2, "integer %d, its float value %.2f", q, exact);
        double d = fabs(q - gt_model_evaluate(&mi, g, pos, c.k));
        ck_assert_msg(d <= 60, "integer %d, the trained model %.1f", q,
                      gt_model_evaluate(&mi, g, pos, c.k));
        lsum += d;
    }
    ck_assert_msg(lsum / 300 <= 15, "float and integer differ by %.1f on average", lsum / 300);
    gt_model_free(&lq);
    gt_model_free(&mi);
    /* It starts a run of its own width, not another. */
    c.init = ln;
    c.l2 = 4;
    ck_assert_int_eq(gt_train_run(g, &s, &c, &mi, &st, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "second hidden layer of 8"), "%s", err);
    gt_net_free(ln);
    c.l2 = 0;

    c.init = NULL;
    c.lr = 0.005;
    c.lr_end = 0.00005;
    gt_net_free(net);

    /* --output-scale: the same training written at half scale evaluates
     * every position at half the value, but for the rounding. */
    char half_path[256];
    temp_name(half_path, sizeof half_path, "half");
    struct gt_net *at_scale[2];  /* 1, then 0.5 */
    for (int k = 0; k < 2; k++) {
        c.resume = NULL;
        c.epochs = 1;
        c.threads = 1;
        c.output_scale = k ? 0.5 : 1;
        c.out = k ? half_path : path;
        struct gt_model mk = {0};
        ck_assert_msg(gt_train_run(g, &s, &c, &mk, &st, err, sizeof err) == 0, "%s", err);
        gt_model_free(&mk);
        at_scale[k] = gt_net_load(g, c.out, err, sizeof err);
        ck_assert_msg(at_scale[k] != NULL, "%s", err);
    }
    ck_assert_int_eq(at_scale[1]->scale * 2, at_scale[0]->scale);
    int differ = 0;
    for (int i = 0; i < 200; i++) {
        random_position(g, pos, i, moves, undo, &rng);
        int a = gt_net_evaluate(at_scale[0], g, pos, NULL);
        int b = gt_net_evaluate(at_scale[1], g, pos, NULL);
        ck_assert_msg(abs(2 * b - a) <= 2, "full %d, half %d", a, b);
        differ += a != 0;
    }
    ck_assert_int_gt(differ, 100);
    gt_net_free(at_scale[0]);
    gt_net_free(at_scale[1]);
    unlink(half_path);
    gt_trainset_free(&s);
    unlink(path);
    unlink(ckpt);
    free(pos);
    free(undo);
    free(moves);
}
END_TEST

/* The validation split: every game on one side of it, and a data file's
 * games told apart by their plies and results. */
START_TEST(validation_holds_out_whole_games)
{
    const struct gt_game *g = CHESS;
    ck_assert_int_eq(g->init(), 0);
    void *pos = malloc(g->pos_size);
    char err[512];
    ck_assert_int_eq(g->from_text(pos, g->startpos, err, sizeof err), 0);
    struct gt_trainset s;
    gt_trainset_init(&s);
    for (int i = 0; i < 2000; i++) {
        s.same_game = i % 20 != 0;  /* 100 games of 20 positions */
        ck_assert_int_eq(gt_trainset_add(&s, g, pos, 0, 0.5), 0);
    }
    ck_assert_uint_eq(s.games, 100);
    size_t order[2000];
    for (uint64_t seed = 1; seed <= 5; seed++) {
        for (size_t i = 0; i < 2000; i++)
            order[i] = i;
        size_t nval = gt_train_split(&s, 0.2, seed, order, 2000);
        ck_assert_msg(nval >= 200 && nval <= 700 && nval % 20 == 0, "%zu held out", nval);
        int side[100] = {0};  /* 1 trains, 2 held out */
        for (size_t i = 0; i < 2000; i++) {
            int want = i < 2000 - nval ? 1 : 2, game = (int)s.game[order[i]];
            ck_assert_msg(side[game] == 0 || side[game] == want, "game %d on both sides", game);
            side[game] = want;
        }
    }
    /* One game: no draw of games splits it; the positions' share does. */
    gt_trainset_free(&s);
    for (int i = 0; i < 50; i++) {
        s.same_game = i > 0;
        ck_assert_int_eq(gt_trainset_add(&s, g, pos, 0, 0.5), 0);
    }
    for (size_t i = 0; i < 50; i++)
        order[i] = i;
    ck_assert_uint_eq(gt_train_split(&s, 0.2, 1, order, 50), 10);
    ck_assert_uint_eq(gt_train_split(&s, 0, 1, order, 50), 0);
    gt_trainset_free(&s);

    /* A file: a game ends where the ply does not rise or the result
     * changes. */
    char path[256];
    temp_name(path, sizeof path, "games");
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    struct gt_data_writer *w = gt_data_writer_new(g, f, GT_DATA_BINARY, err, sizeof err);
    ck_assert_msg(w != NULL, "%s", err);
    static const struct {
        int ply;
        double result;
        uint32_t game;
    } recs[] = {{5, 1, 0}, {6, 1, 0}, {9, 1, 0}, {4, 1, 1}, {7, 1, 1}, {8, 0, 2}, {9, 0, 2},
                {9, 0, 3}};
    for (size_t i = 0; i < sizeof recs / sizeof recs[0]; i++) {
        struct gt_data_record r = {.score = 10, .result = recs[i].result, .ply = recs[i].ply};
        snprintf(r.text, sizeof r.text, "%s", g->startpos);
        ck_assert_int_eq(gt_data_write(w, &r), 0);
    }
    ck_assert_int_eq(gt_data_flush(w), 0);
    gt_data_writer_free(w);
    fclose(f);
    const char *paths[2] = {path, path};
    ck_assert_msg(gt_trainset_load(&s, g, paths, 2, 0, NULL, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(s.n, 16);
    ck_assert_uint_eq(s.games, 8);  /* the second file starts afresh */
    for (size_t i = 0; i < 16; i++)
        ck_assert_uint_eq(s.game[i], recs[i % 8].game + (i < 8 ? 0 : 4));
    gt_trainset_free(&s);
    unlink(path);
    free(pos);
}
END_TEST

/* --td-decay: each score becomes the weighted mean of its own and its
 * game's later scores (d plies on: decay^d, up to --td-plies), each seen
 * from the position's side to move; a turned copy counts once, a mate is
 * left out of the means and keeps its own, and games do not mix. */
START_TEST(td_target_blends_later_scores)
{
    const struct gt_game *g = SHOGI;
    ck_assert_int_eq(g->init(), 0);
    char path[256], err[512];
    /* 7g7f 3c3d 2g2f from the start, then the start again: a second game */
    static const char *const texts[] = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"};
    static const int plies[] = {0, 1, 2, 3, 0}, first[] = {100, 300, -200, 32000, 40};
    static const double results[] = {1, 1, 1, 1, 0.5};
    write_records(g, path, "td", texts, first, results, plies, 5);

    /* the first player's targets with decay 0.5 over 2 plies */
    const double want[] = {(100 + 0.5 * 300 - 0.25 * 200) / 1.75, (300 - 0.5 * 200) / 1.5, -200,
                           32000, 40};
    struct gt_trainset s;
    gt_trainset_init(&s);
    s.turned = true;
    const char *paths[1] = {path};
    for (int pass = 0; pass < 2; pass++) {
        ck_assert_msg(gt_trainset_load(&s, g, paths, 1, 0, NULL, err, sizeof err) == 0, "%s",
                      err);
        ck_assert_uint_eq(s.n, 10);  /* each record and its copy */
        ck_assert_uint_eq(s.games, 2);
        ck_assert_int_eq(gt_trainset_blend_later(&s, pass ? 0.5 : 0, 2), 0);
        for (size_t i = 0; i < s.n; i++) {
            int k = s.game[i] ? 4 : s.ply[i];
            double v = pass ? want[k] : first[k], mover = plies[k] % 2 ? -v : v;
            ck_assert_msg(fabs(s.score[i] - mover) < 1e-3, "position %zu: %g, want %g", i,
                          s.score[i], mover);
        }
        gt_trainset_free(&s);
    }
    unlink(path);
}
END_TEST

/* Chess's one symmetry, the files reversed: only where nobody may
 * castle.  There the mirror has the same moves, as many at every depth,
 * and turned again is the position it came from; with a castling right
 * the position comes back unchanged and the trainer adds no copy. */
START_TEST(chess_mirror_without_castling)
{
    const struct gt_game *g = CHESS;
    ck_assert_int_eq(g->init(), 0);
    ck_assert_int_eq(g->features->symmetries, 1);
    static const char *const open[] = {
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        NULL};
    void *pos = malloc(g->pos_size), *turned = malloc(g->pos_size),
         *back = malloc(g->pos_size);
    char err[256], text[256], again[256];
    ck_assert_int_eq(g->from_text(pos, open[0], err, sizeof err), 0);
    g->features->turn(pos, 1, turned);
    g->to_text(turned, text, sizeof text);
    ck_assert_str_eq(text, "3k4/8/8/3Pp3/8/8/8/3K4 w - e6 0 2");
    for (int i = 0; open[i]; i++) {
        ck_assert_int_eq(g->from_text(pos, open[i], err, sizeof err), 0);
        g->features->turn(pos, 1, turned);
        ck_assert_int_ne(memcmp(turned, pos, g->pos_size), 0);
        g->features->turn(turned, 1, back);
        g->to_text(back, again, sizeof again);
        ck_assert_str_eq(again, open[i]);
        for (int d = 1; d <= 3; d++)
            ck_assert_uint_eq(gt_perft(g, turned, d, NULL, NULL),
                              gt_perft(g, pos, d, NULL, NULL));
    }
    /* one castling right is enough to keep the wings apart */
    ck_assert_int_eq(g->from_text(pos, "r3k2r/8/8/8/8/8/8/4K3 b k - 0 1", err, sizeof err), 0);
    g->features->turn(pos, 1, turned);
    ck_assert_int_eq(memcmp(turned, pos, g->pos_size), 0);

    /* the trainer: a copy for the open position only */
    char path[256];
    const char *const texts[] = {
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", open[1]};
    static const int scores[] = {20, 20}, plies[] = {1, 19};
    static const double results[] = {0.5, 0.5};
    write_records(g, path, "mirror", texts, scores, results, plies, 2);
    struct gt_trainset s;
    gt_trainset_init(&s);
    s.with_base = true;
    s.turned = true;
    const char *paths[1] = {path};
    ck_assert_msg(gt_trainset_load(&s, g, paths, 1, 0, NULL, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(s.n, 3);
    ck_assert_uint_eq(s.game[2], s.game[1]);
    /* the copy's base is the mirror's own evaluation */
    ck_assert_int_eq(g->from_text(pos, open[1], err, sizeof err), 0);
    g->features->turn(pos, 1, turned);
    ck_assert_float_eq(s.base[2], (float)g->evaluate(turned, NULL));
    gt_trainset_free(&s);
    unlink(path);
    free(pos);
    free(turned);
    free(back);
}
END_TEST

/* --symmetries: each record comes with its turned copy, in its game and
 * with its score and result, its features those of the turned position
 * (shogi: the files reversed), and the game's evaluation, for a residual
 * network, the turned position's own. */
START_TEST(turned_copies_join_their_game)
{
    const struct gt_game *g = SHOGI;
    ck_assert_int_eq(g->init(), 0);
    ck_assert_int_eq(g->features->symmetries, 1);
    char path[256], err[512];
    /* two games: a castle on one wing, then the start */
    static const char *const texts[] = {
        "ln1g3nl/1r1sk1gs1/p1ppppbpp/1p4p2/9/2P3P2/PPSPPP1PP/1BG4R1/LN2KGSNL b - 11",
        "ln1g3nl/1r1sk1gs1/p1ppppbpp/1p4p2/9/2P3P2/PPSPPP1PP/1BGK3R1/LN3GSNL w - 12",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"};
    static const int plies[] = {10, 11, 0}, scores[] = {50, 100, 150};
    static const double results[] = {1, 1, 0.5};
    write_records(g, path, "turned", texts, scores, results, plies, 3);

    struct gt_trainset s;
    gt_trainset_init(&s);
    s.with_base = true;
    s.turned = true;
    const char *paths[1] = {path};
    ck_assert_msg(gt_trainset_load(&s, g, paths, 1, 0, NULL, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(s.n, 6);
    ck_assert_uint_eq(s.games, 2);
    void *pos = malloc(g->pos_size), *turned = malloc(g->pos_size);
    uint32_t want[80];
    for (size_t i = 0; i < 6; i += 2) {
        ck_assert_uint_eq(s.game[i + 1], s.game[i]);
        ck_assert_float_eq(s.score[i + 1], s.score[i]);
        ck_assert_float_eq(s.result[i + 1], s.result[i]);
        ck_assert_int_eq(g->from_text(pos, texts[i / 2], err, sizeof err), 0);
        g->features->turn(pos, 1, turned);
        int us = g->side(turned), n = g->features->active(turned, us, want);
        n += g->features->active(turned, 1 - us, want + n);
        ck_assert_uint_eq(s.start[i + 2] - s.start[i + 1], (size_t)n);
        ck_assert_int_eq(memcmp(s.feat + s.start[i + 1], want, sizeof *want * (size_t)n), 0);
        ck_assert_float_eq(s.base[i + 1], (float)g->evaluate(turned, NULL));
        ck_assert_float_eq(s.base[i], (float)g->evaluate(pos, NULL));
    }
    /* the castled position's evaluation is not the same in the mirror:
     * the turned copy is not the same position again */
    ck_assert_float_ne(s.base[1], s.base[0]);
    /* --max-positions counts the copies */
    gt_trainset_free(&s);
    ck_assert_msg(gt_trainset_load(&s, g, paths, 1, 3, NULL, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(s.n, 3);
    gt_trainset_free(&s);
    free(pos);
    free(turned);
    unlink(path);
}
END_TEST

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("net");
    struct {
        const char *name;
        const TTest *test;
    } cases[] = {
        {"features", changes_match_active_sets},
        {"accumulators", updates_equal_refresh},
        {"widths", updates_every_width},
        {"files", file_round_trip_and_refusals},
        {"second-layer", second_layer_same_numbers_and_file},
        {"widen", base_networks_widen},
        {"search", search_updates_equal_refresh},
        {"search-shogi", search_updates_equal_refresh_shogi},
        {"residual", residual_window},
        {"training", training_learns_and_quantises},
        {"split", validation_holds_out_whole_games},
        {"turned", turned_copies_join_their_game},
        {"mirror-chess", chess_mirror_without_castling},
        {"td", td_target_blends_later_scores},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_set_timeout(tc, 120);
        tcase_add_test(tc, cases[i].test);
        suite_add_tcase(s, tc);
    }
    return s;
}
