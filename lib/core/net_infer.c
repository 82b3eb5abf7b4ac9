/* net_infer.c -- the network's arithmetic: accumulators and the output
 * (net.h).  With AVX2 the loops use its registers by hand; the portable
 * loops give the same numbers (every sum fits its type: net.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "net.h"

#include <stdlib.h>
#include <string.h>

#ifdef __AVX2__
#include <immintrin.h>
#endif

#define TILE 256    /* int16 values a tile of 16 AVX2 registers holds */

static inline const int16_t *row(const struct gt_net *n, uint32_t f)
{
    return n->ft_weights + (size_t)f * (size_t)n->hidden;
}

void gt_net_refresh(const struct gt_net *n, int16_t *acc, const uint32_t *idx, int count)
{
    gt_net_update(n, n->ft_bias, acc, idx, count, NULL, 0);
}

#ifdef __AVX2__
/* regs registers of the accumulator from value base on, held while every
 * row is added to them: one load and one store per value, whatever the
 * count.  regs is a constant at each call, so that the tile stays in
 * registers rather than in an array on the stack. */
static inline __attribute__((always_inline)) void
update_tile(const struct gt_net *n, const int16_t *acc_in, int16_t *acc_out,
            const uint32_t *added, int nadded, const uint32_t *removed, int nremoved,
            int base, const int regs)
{
    __m256i r[TILE / 16];
    for (int k = 0; k < regs; k++)
        r[k] = _mm256_load_si256((const __m256i *)(acc_in + base) + k);
    for (int a = 0; a < nadded; a++) {
        const __m256i *w = (const __m256i *)(row(n, added[a]) + base);
        for (int k = 0; k < regs; k++)
            r[k] = _mm256_add_epi16(r[k], _mm256_load_si256(w + k));
    }
    for (int d = 0; d < nremoved; d++) {
        const __m256i *w = (const __m256i *)(row(n, removed[d]) + base);
        for (int k = 0; k < regs; k++)
            r[k] = _mm256_sub_epi16(r[k], _mm256_load_si256(w + k));
    }
    for (int k = 0; k < regs; k++)
        _mm256_store_si256((__m256i *)(acc_out + base) + k, r[k]);
}

void gt_net_update(const struct gt_net *n, const int16_t *acc_in, int16_t *acc_out,
                   const uint32_t *added, int nadded, const uint32_t *removed,
                   int nremoved)
{
    /* Whole tiles of 16 registers, then the rest in tiles of 8, 4 and 2
     * (the width is a multiple of 32 values: net.h). */
    const int h = n->hidden;
    int base = 0;
    for (; h - base >= TILE; base += TILE)
        update_tile(n, acc_in, acc_out, added, nadded, removed, nremoved, base, 16);
    if (h - base >= 128) {
        update_tile(n, acc_in, acc_out, added, nadded, removed, nremoved, base, 8);
        base += 128;
    }
    if (h - base >= 64) {
        update_tile(n, acc_in, acc_out, added, nadded, removed, nremoved, base, 4);
        base += 64;
    }
    if (h - base >= 32)
        update_tile(n, acc_in, acc_out, added, nadded, removed, nremoved, base, 2);
}

/* One perspective's half of the output: sum of clamp(v)^2 * w, as
 * v * (v * w) so that the inner product stays in int16. */
static inline __m256i half_sum(__m256i sum, const int16_t *acc, const int16_t *w, int h)
{
    const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(GT_NET_QA);
    for (int i = 0; i < h; i += 16) {
        __m256i v = _mm256_load_si256((const __m256i *)(acc + i));
        v = _mm256_min_epi16(_mm256_max_epi16(v, zero), qa);
        __m256i vw = _mm256_mullo_epi16(v, _mm256_load_si256((const __m256i *)(w + i)));
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v));
    }
    return sum;
}

static int64_t lanes_total(__m256i sum)
{
    int32_t lanes[8];
    _mm256_storeu_si256((__m256i *)lanes, sum);
    int64_t total = 0;
    for (int i = 0; i < 8; i++)
        total += lanes[i];
    return total;
}

static int64_t dot(const struct gt_net *n, const int16_t *us, const int16_t *them,
                   const int16_t *w)
{
    __m256i sum = half_sum(_mm256_setzero_si256(), us, w, n->hidden);
    sum = half_sum(sum, them, w + n->hidden, n->hidden);
    return lanes_total(sum);
}

/* The second layer's l2 sums: the clamped values once, then each unit's
 * row against them. */
static void dots_l2(const struct gt_net *n, const int16_t *us, const int16_t *them,
                    const int16_t *w, int64_t *out)
{
    const int h = n->hidden;
    const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(GT_NET_QA);
    _Alignas(32) int16_t v[2 * GT_NET_MAX_HIDDEN];
    for (int i = 0; i < 2 * h; i += 16) {
        const int16_t *src = i < h ? us + i : them + (i - h);
        __m256i x = _mm256_load_si256((const __m256i *)src);
        _mm256_store_si256((__m256i *)(v + i), _mm256_min_epi16(_mm256_max_epi16(x, zero), qa));
    }
    for (int j = 0; j < n->l2; j++, w += 2 * h) {
        __m256i sum = _mm256_setzero_si256();
        for (int i = 0; i < 2 * h; i += 16) {
            __m256i x = _mm256_load_si256((const __m256i *)(v + i));
            __m256i xw = _mm256_mullo_epi16(x, _mm256_load_si256((const __m256i *)(w + i)));
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(xw, x));
        }
        out[j] = lanes_total(sum);
    }
}
#else
void gt_net_update(const struct gt_net *n, const int16_t *acc_in, int16_t *acc_out,
                   const uint32_t *added, int nadded, const uint32_t *removed,
                   int nremoved)
{
    const int h = n->hidden;
    if (acc_out != acc_in)
        memcpy(acc_out, acc_in, sizeof *acc_out * (size_t)h);
    for (int a = 0; a < nadded; a++) {
        const int16_t *w = row(n, added[a]);
        for (int i = 0; i < h; i++)
            acc_out[i] = (int16_t)(acc_out[i] + w[i]);
    }
    for (int d = 0; d < nremoved; d++) {
        const int16_t *w = row(n, removed[d]);
        for (int i = 0; i < h; i++)
            acc_out[i] = (int16_t)(acc_out[i] - w[i]);
    }
}
#endif

static int64_t dot_portable(const struct gt_net *n, const int16_t *us, const int16_t *them,
                            const int16_t *out)
{
    const int h = n->hidden;
    int64_t total = 0;
    for (int side = 0; side < 2; side++) {
        const int16_t *acc = side ? them : us, *w = out + side * h;
        for (int i = 0; i < h; i++) {
            int v = acc[i] < 0 ? 0 : acc[i] > GT_NET_QA ? GT_NET_QA : acc[i];
            total += v * (int16_t)(v * w[i]);
        }
    }
    return total;
}

/* An output in 1/(QA*QB) units, its bias not yet added, to eval units,
 * clamped. */
static int scale_final(const struct gt_net *n, int64_t v, int bucket)
{
    int64_t out = (v + n->out_bias[bucket]) * n->scale / (GT_NET_QA * GT_NET_QB);
    return out > GT_EVAL_MAX ? GT_EVAL_MAX : out < -GT_EVAL_MAX ? -GT_EVAL_MAX : (int)out;
}

/* The second layer: each unit's sum (1/(QA*QA*QL2) units) to
 * 1/(QA*QL2), plus its bias, clamped to [0, 1], times its output weight
 * (1/QO); the total in the output's 1/(QA*QB). */
static int64_t layer2(const struct gt_net *n, const int64_t *sums, int bucket)
{
    const int32_t *bias = n->l2_bias + (size_t)bucket * (size_t)n->l2,
                  *w = n->l2_out + (size_t)bucket * (size_t)n->l2;
    int64_t total = 0;
    for (int j = 0; j < n->l2; j++) {
        int64_t a = sums[j] / GT_NET_QA + bias[j];
        a = a < 0 ? 0 : a > GT_NET_QA * GT_NET_QL2 ? GT_NET_QA * GT_NET_QL2 : a;
        total += a * w[j];
    }
    return total / GT_NET_QO / (GT_NET_QL2 / GT_NET_QB);
}

static const int16_t *out_layer(const struct gt_net *n, int bucket)
{
    return n->out_weights +
           (size_t)bucket * gt_net_out_rows(n->l2) * 2 * (size_t)n->hidden;
}

int gt_net_output_portable(const struct gt_net *n, const int16_t *us, const int16_t *them,
                           int bucket)
{
    const int16_t *w = out_layer(n, bucket);
    if (!n->l2)
        return scale_final(n, dot_portable(n, us, them, w) / GT_NET_QA, bucket);
    int64_t sums[GT_NET_MAX_L2];
    for (int j = 0; j < n->l2; j++)
        sums[j] = dot_portable(n, us, them, w + (size_t)j * 2 * (size_t)n->hidden);
    return scale_final(n, layer2(n, sums, bucket), bucket);
}

int gt_net_output(const struct gt_net *n, const int16_t *us, const int16_t *them, int bucket)
{
#ifdef __AVX2__
    const int16_t *w = out_layer(n, bucket);
    if (!n->l2)
        return scale_final(n, dot(n, us, them, w) / GT_NET_QA, bucket);
    int64_t sums[GT_NET_MAX_L2];
    dots_l2(n, us, them, w, sums);
    return scale_final(n, layer2(n, sums, bucket), bucket);
#else
    return gt_net_output_portable(n, us, them, bucket);
#endif
}

int gt_net_add_base(const struct gt_net *n, int base, int out)
{
    int v = gt_net_corrects(n, base) ? base + out : base;
    return v > GT_EVAL_MAX ? GT_EVAL_MAX : v < -GT_EVAL_MAX ? -GT_EVAL_MAX : v;
}

int gt_net_evaluate(const struct gt_net *n, const struct gt_game *g, const void *pos,
                    const int32_t *params)
{
    const struct gt_features *f = g->features;
    uint32_t *idx = malloc(sizeof *idx * (size_t)f->max_active);
    int16_t *acc = aligned_alloc(GT_NET_ALIGN, 2 * sizeof *acc * (size_t)n->hidden);
    int score = INT32_MIN;
    if (idx && acc) {
        int us = g->side(pos), active[2];
        for (int p = 0; p < 2; p++) {
            active[p] = f->active(pos, p, idx);
            gt_net_refresh(n, acc + p * n->hidden, idx, active[p]);
        }
        score = gt_net_output(n, acc + us * n->hidden, acc + (1 - us) * n->hidden,
                              gt_net_bucket(n, active[us]));
        if (n->residual)
            score = gt_net_add_base(n, g->evaluate(pos, params), score);
    }
    free(idx);
    free(acc);
    return score;
}
