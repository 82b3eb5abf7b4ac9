/* model.c -- the float network, its gradients and Adam (model.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/net.h"
#include "core/util.h"

/* Rows of w2 (and entries of b2) a bucket: the network's rows. */
static size_t rows_of(const struct gt_model *m)
{
    return gt_net_out_rows(m->l2);
}

static float uniform(uint64_t *rng, double a)
{
    return (float)(a * (2.0 * (gt_rand64(rng) >> 11) / 9007199254740992.0 - 1.0));
}

/* A second layer's unit that starts live (its clamp inside [0, 1] on
 * most positions) and gives the output nothing. */
#define L2_START_BIAS 0.25f

int gt_model_init(struct gt_model *m, uint32_t inputs, int hidden, int buckets, int span,
                  int l2, int max_active, bool residual, uint64_t seed)
{
    size_t h = (size_t)hidden, nb = (size_t)(buckets > 0 ? buckets : 1);
    memset(m, 0, sizeof *m);
    m->inputs = inputs;
    m->hidden = hidden;
    m->buckets = (int)nb;
    m->bucket_span = span > 0 ? span : 1;
    m->l2 = l2 > 0 ? l2 : 0;
    m->max_active = max_active;
    m->residual = residual;
    const size_t rows = rows_of(m), nl2 = (size_t)m->l2;
    m->nparams = (size_t)inputs * h + h + nb * rows * (2 * h + 1) +
                 (nl2 ? nb * (nl2 + 1) : 0);
    m->params = calloc(m->nparams, sizeof *m->params);
    if (!m->params)
        return -1;
    m->w1 = m->params;
    m->b1 = m->w1 + (size_t)inputs * h;
    m->w2 = m->b1 + h;
    m->b2 = m->w2 + nb * rows * 2 * h;
    if (nl2) {
        m->w3 = m->b2 + nb * rows;
        m->b3 = m->w3 + nb * nl2;
    }
    /* Uniform weights scaled so that a sum of the usual number of active
     * rows, and the output's sum, start near unit size.  The generator
     * starts off its own step, so that seeds N and N+1 do not give the
     * same stream one draw apart. */
    uint64_t rng = seed * 0xd1b54a32d192ed03ULL + 0x2545f4914f6cdd1dULL;
    double a1 = 1.0 / sqrt(max_active > 0 ? max_active : 1), a2 = 1.0 / sqrt(2.0 * hidden);
    for (size_t i = 0; i < (size_t)inputs * h; i++)
        m->w1[i] = uniform(&rng, a1);
    /* With a second layer its units are random even in a residual model:
     * they give the output nothing until w3 grows, and units alike would
     * learn alike. */
    for (size_t i = 0; i < rows * 2 * h && (nl2 || !residual); i++)
        m->w2[i] = uniform(&rng, a2);
    for (size_t j = 0; j < nl2; j++) {
        m->b2[j] = L2_START_BIAS;
        m->w3[j] = residual ? 0.0f : uniform(&rng, 1.0 / sqrt((double)nl2));
    }
    for (size_t b = 1; b < nb; b++) {
        memcpy(m->w2 + b * rows * 2 * h, m->w2, sizeof *m->w2 * rows * 2 * h);
        memcpy(m->b2 + b * rows, m->b2, sizeof *m->b2 * rows);
        if (nl2)
            memcpy(m->w3 + b * nl2, m->w3, sizeof *m->w3 * nl2);
    }
    gt_model_clip(m);
    return 0;
}

/* The sums (2h); with a second layer, their activations (2h), its
 * units' sums (l2) and, for the gradient, the activations' (2h). */
size_t gt_model_scratch(const struct gt_model *m)
{
    return m->l2 ? 6 * (size_t)m->hidden + (size_t)m->l2 : 2 * (size_t)m->hidden;
}

/* Output weights and biases of the network's layers, as floats, into the
 * model's bucket b from the network's bucket `from`, the hidden units
 * the network has (oh of the model's h). */
static void from_net_bucket(struct gt_model *m, const struct gt_net *n, int b, int from,
                            double r)
{
    const size_t h = (size_t)m->hidden, oh = (size_t)n->hidden, rows = rows_of(m);
    for (size_t j = 0; j < rows; j++)
        for (size_t half = 0; half < 2; half++)
            for (size_t i = 0; i < oh; i++)
                m->w2[((size_t)b * rows + j) * 2 * h + half * h + i] =
                    (float)(n->out_weights[((size_t)from * rows + j) * 2 * oh + half * oh + i] /
                            (double)gt_net_out_quant(m->l2));
    for (size_t j = 0; j < (size_t)m->l2; j++) {
        m->b2[(size_t)b * rows + j] =
            (float)(n->l2_bias[(size_t)from * rows + j] / (double)(GT_NET_QA * GT_NET_QL2));
        m->w3[(size_t)b * rows + j] =
            (float)(n->l2_out[(size_t)from * rows + j] * r / GT_NET_QO);
    }
    const float bias = (float)(n->out_bias[from] * r / (GT_NET_QA * GT_NET_QB));
    if (m->l2)
        m->b3[b] = bias;
    else {
        /* One output: its weights scale with r too. */
        for (size_t i = 0; i < 2 * h; i++)
            m->w2[(size_t)b * 2 * h + i] = (float)(m->w2[(size_t)b * 2 * h + i] * r);
        m->b2[b] = bias;
    }
}

/* A network without a second layer into a model with one: units 0 and 1
 * carry the output's positive and negative parts, each scaled by
 * 1/PASS_SPAN into its clamp, the output weights PASS_SPAN and
 * -PASS_SPAN putting them together again.  The other units keep their
 * random start and give nothing yet. */
#define PASS_SPAN 4.0

static void pass_through(struct gt_model *m, const struct gt_net *n, int b, int from, double r)
{
    const size_t h = (size_t)m->hidden, oh = (size_t)n->hidden, rows = rows_of(m);
    float *u0 = m->w2 + (size_t)b * rows * 2 * h, *u1 = u0 + 2 * h;
    for (size_t half = 0; half < 2; half++)
        for (size_t i = 0; i < h; i++) {
            double w = i < oh ? n->out_weights[(size_t)from * 2 * oh + half * oh + i] * r /
                                    GT_NET_QB / PASS_SPAN
                              : 0.0;
            u0[half * h + i] = (float)w;
            u1[half * h + i] = (float)-w;
        }
    const double bias = n->out_bias[from] * r / (GT_NET_QA * GT_NET_QB) / PASS_SPAN;
    m->b2[(size_t)b * rows] = (float)bias;
    m->b2[(size_t)b * rows + 1] = (float)-bias;
    for (size_t j = 0; j < rows; j++)
        m->w3[(size_t)b * rows + j] = j == 0 ? (float)PASS_SPAN : j == 1 ? (float)-PASS_SPAN
                                                                         : 0.0f;
    m->b3[b] = 0.0f;
}

int gt_model_from_net(struct gt_model *m, const struct gt_net *n, int hidden, int buckets,
                      int span, int l2, int max_active, double k)
{
    if (buckets <= 0)
        buckets = n->buckets;
    if (buckets == n->buckets)
        span = n->bucket_span;
    if (l2 <= 0)
        l2 = n->l2;
    if (n->l2 && l2 != n->l2)
        return -1;   /* the caller says why */
    const int oh = n->hidden, h = hidden > oh ? hidden : oh;
    /* The units beyond the network's start as a residual model's do:
     * random inputs, nothing into the output, so that the wider model
     * still plays as the network does and learns from there. */
    if (gt_model_init(m, n->inputs, h, buckets, span, l2, max_active, true, 0) < 0)
        return -1;
    m->residual = n->residual;
    const double r = n->scale / k;
    for (size_t f = 0; f < (size_t)n->inputs; f++)
        for (int i = 0; i < oh; i++)
            m->w1[f * (size_t)h + (size_t)i] = n->ft_weights[f * (size_t)oh + (size_t)i] /
                                               (float)GT_NET_QA;
    for (int i = 0; i < oh; i++)
        m->b1[i] = n->ft_bias[i] / (float)GT_NET_QA;
    /* With a second layer, the units beyond the network's give its
     * units nothing. */
    const size_t rows = rows_of(m);
    for (size_t r2 = 0; m->l2 && r2 < (size_t)buckets * rows * 2; r2++)
        for (size_t i = (size_t)oh; i < (size_t)h; i++)
            m->w2[r2 * (size_t)h + i] = 0.0f;
    /* Bucket b of the model from the network's bucket b, or from its
     * only one. */
    for (int b = 0; b < buckets; b++) {
        int from = n->buckets == 1 ? 0 : b;
        if (m->l2 && !n->l2)
            pass_through(m, n, b, from, r);
        else
            from_net_bucket(m, n, b, from, r);
    }
    gt_model_clip(m);
    return 0;
}

void gt_model_free(struct gt_model *m)
{
    free(m->params);
    memset(m, 0, sizeof *m);
}

int gt_grad_init(struct gt_grad *g, const struct gt_model *m)
{
    g->g = calloc(m->nparams, sizeof *g->g);
    g->acc = calloc(gt_model_scratch(m), sizeof *g->acc);
    g->loss = 0;
    g->count = 0;
    return g->g && g->acc ? 0 : -1;
}

void gt_grad_free(struct gt_grad *g)
{
    free(g->g);
    free(g->acc);
    g->g = g->acc = NULL;
}

void gt_grad_zero(struct gt_grad *g, const struct gt_model *m)
{
    memset(g->g, 0, m->nparams * sizeof *g->g);
    g->loss = 0;
    g->count = 0;
}

static inline float clamp01(float x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

/* The first layer: acc[0..2h) the two perspectives' sums. */
static void first_layer(const struct gt_model *m, const uint32_t *f, int nus, int n,
                        float *acc)
{
    const int h = m->hidden;
    float *restrict us = acc, *restrict them = acc + h;
    memcpy(us, m->b1, sizeof *us * (size_t)h);
    memcpy(them, m->b1, sizeof *them * (size_t)h);
    for (int k = 0; k < n; k++) {
        const float *restrict row = m->w1 + (size_t)f[k] * (size_t)h;
        float *restrict a = k < nus ? us : them;
        for (int i = 0; i < h; i++)
            a[i] += row[i];
    }
}

/* The second layer of bucket b: c[0..2h) the activated sums, z[0..l2)
 * each unit's sum before its clamp.  Returns the output. */
static float second_layer(const struct gt_model *m, int b, const float *c, float *z)
{
    const size_t h2 = 2 * (size_t)m->hidden, l2 = (size_t)m->l2;
    const float *w = m->w2 + (size_t)b * l2 * h2;
    float y = m->b3[b];
    for (size_t j = 0; j < l2; j++, w += h2) {
        float s = m->b2[(size_t)b * l2 + j];
        for (size_t i = 0; i < h2; i++)
            s += c[i] * w[i];
        z[j] = s;
        y += clamp01(s) * m->w3[(size_t)b * l2 + j];
    }
    return y;
}

float gt_model_forward(const struct gt_model *m, const uint32_t *f, int nus, int n, float *acc)
{
    const int h = m->hidden;
    first_layer(m, f, nus, n, acc);
    const int b = gt_net_bucket_of(nus, m->bucket_span, m->buckets);
    if (m->l2) {
        float *c = acc + 2 * h;
        for (int i = 0; i < 2 * h; i++) {
            float x = clamp01(acc[i]);
            c[i] = x * x;
        }
        return second_layer(m, b, c, c + 2 * h);
    }
    const float *w2 = m->w2 + (size_t)b * 2 * (size_t)h;
    float y = m->b2[b];
    for (int i = 0; i < 2 * h; i++) {
        float c = clamp01(acc[i]);
        y += c * c * w2[i];
    }
    return y;
}

/* The gradient through the second layer: dy of the output into g's
 * entries for w2, b2, w3, b3 of bucket b, and into acc[0..2h) that of
 * the first layer's sums. */
static void second_layer_back(const struct gt_model *m, int b, float dy, float *acc,
                              struct gt_grad *g)
{
    const size_t h = (size_t)m->hidden, h2 = 2 * h, l2 = (size_t)m->l2,
                 nb = (size_t)m->buckets;
    const size_t o2 = (size_t)m->inputs * h + h;                /* w2 */
    float *restrict gw2 = g->g + o2 + (size_t)b * l2 * h2,
                    *restrict gb2 = g->g + o2 + nb * l2 * h2 + (size_t)b * l2,
                    *restrict gw3 = g->g + o2 + nb * l2 * (h2 + 1) + (size_t)b * l2,
                    *restrict gb3 = g->g + o2 + nb * l2 * (h2 + 1) + nb * l2;
    const float *c = acc + h2, *z = c + h2, *w = m->w2 + (size_t)b * l2 * h2;
    float *restrict dc = acc + h2 + h2 + l2;   /* the gradient of each c */
    gb3[b] += dy;
    for (size_t i = 0; i < h2; i++)
        dc[i] = 0.0f;
    for (size_t j = 0; j < l2; j++, w += h2, gw2 += h2) {
        gw3[j] += dy * clamp01(z[j]);
        if (z[j] <= 0 || z[j] >= 1)
            continue;
        const float dz = dy * m->w3[(size_t)b * l2 + j];
        gb2[j] += dz;
        for (size_t i = 0; i < h2; i++) {
            gw2[i] += dz * c[i];
            dc[i] += dz * w[i];
        }
    }
    for (size_t i = 0; i < h2; i++) {
        float x = acc[i];
        acc[i] = x > 0 && x < 1 ? dc[i] * 2.0f * x : 0.0f;
    }
}

float gt_model_step(const struct gt_model *m, const uint32_t *f, int nus, int n, float t,
                    float base, struct gt_grad *g)
{
    const int h = m->hidden;
    float y = base + gt_model_forward(m, f, nus, n, g->acc);
    float p = 1.0f / (1.0f + expf(-y)), err = p - t;
    float dy = 2.0f * err * p * (1.0f - p);
    const int b = gt_net_bucket_of(nus, m->bucket_span, m->buckets);
    const size_t nb = (size_t)m->buckets;
    float *restrict gw1 = g->g, *restrict gb1 = gw1 + (size_t)m->inputs * (size_t)h;
    float *restrict acc = g->acc;
    if (m->l2)
        second_layer_back(m, b, dy, acc, g);
    else {
        float *restrict gw2 = gb1 + h + (size_t)b * 2 * (size_t)h,
                        *restrict gb2 = gb1 + h + nb * 2 * (size_t)h;
        const float *w2 = m->w2 + (size_t)b * 2 * (size_t)h;
        gb2[b] += dy;
        /* acc becomes the gradient of the sums. */
        for (int i = 0; i < 2 * h; i++) {
            float x = acc[i], c = clamp01(x);
            gw2[i] += dy * c * c;
            acc[i] = x > 0 && x < 1 ? dy * w2[i] * 2.0f * x : 0.0f;
        }
    }
    for (int i = 0; i < h; i++)
        gb1[i] += acc[i] + acc[h + i];
    for (int k = 0; k < n; k++) {
        float *restrict row = gw1 + (size_t)f[k] * (size_t)h;
        const float *restrict d = k < nus ? acc : acc + h;
        for (int i = 0; i < h; i++)
            row[i] += d[i];
    }
    g->loss += (double)err * err;
    g->count++;
    return err * err;
}

/* The integer network's limits: a hidden sum of max_active rows and the
 * bias stays inside int16; an output weight within +-127/QB, or a second
 * layer's input weight within +-127/QL2 (net.h); a second layer's output
 * weight within what its int32 holds, and far beyond any logit a score
 * needs. */
#define W3_LIMIT 64.0f

void gt_model_clip(struct gt_model *m)
{
    const float l1 = 32000.0f / GT_NET_QA / (float)(m->max_active + 1);
    const float l2 = 127.0f / gt_net_out_quant(m->l2);
    size_t n1 = (size_t)m->inputs * (size_t)m->hidden + (size_t)m->hidden;
    for (size_t i = 0; i < n1; i++)
        m->w1[i] = m->w1[i] > l1 ? l1 : m->w1[i] < -l1 ? -l1 : m->w1[i];
    const size_t n2 = 2 * (size_t)m->hidden * (size_t)m->buckets * rows_of(m);
    for (size_t i = 0; i < n2; i++)
        m->w2[i] = m->w2[i] > l2 ? l2 : m->w2[i] < -l2 ? -l2 : m->w2[i];
    for (size_t i = 0; i < (size_t)m->buckets * (size_t)m->l2; i++)
        m->w3[i] = m->w3[i] > W3_LIMIT ? W3_LIMIT : m->w3[i] < -W3_LIMIT ? -W3_LIMIT : m->w3[i];
}

static int16_t q16(double x)
{
    double r = round(x);
    return (int16_t)(r > 32767 ? 32767 : r < -32767 ? -32767 : r);
}

static int32_t q32(double x)
{
    double r = round(x);
    return (int32_t)(r > 2e9 ? 2e9 : r < -2e9 ? -2e9 : r);
}

struct gt_net *gt_model_quantise(const struct gt_model *m, const struct gt_game *g, double k,
                                 char *err, size_t err_len)
{
    struct gt_net *n = gt_net_new(g, m->hidden, m->buckets, m->bucket_span, m->l2,
                                  (int)lround(k), err, err_len);
    if (!n)
        return NULL;
    size_t n1 = (size_t)m->inputs * (size_t)m->hidden;
    for (size_t i = 0; i < n1; i++)
        n->ft_weights[i] = q16(m->w1[i] * GT_NET_QA);
    for (int i = 0; i < m->hidden; i++)
        n->ft_bias[i] = q16(m->b1[i] * GT_NET_QA);
    const size_t n2 = 2 * (size_t)m->hidden * (size_t)m->buckets * rows_of(m);
    for (size_t i = 0; i < n2; i++)
        n->out_weights[i] = q16(m->w2[i] * gt_net_out_quant(m->l2));
    for (int b = 0; b < m->buckets; b++)
        n->out_bias[b] = q32((double)(m->l2 ? m->b3[b] : m->b2[b]) * GT_NET_QA * GT_NET_QB);
    for (int i = 0; i < m->buckets * m->l2; i++) {
        n->l2_bias[i] = q32((double)m->b2[i] * GT_NET_QA * GT_NET_QL2);
        n->l2_out[i] = q32((double)m->w3[i] * GT_NET_QO);
    }
    n->residual = m->residual;
    return n;
}

double gt_model_evaluate(const struct gt_model *m, const struct gt_game *g, const void *pos,
                         double k)
{
    const struct gt_features *ft = g->features;
    uint32_t *f = malloc(sizeof *f * 2 * (size_t)ft->max_active);
    float *acc = malloc(sizeof *acc * gt_model_scratch(m));
    double v = NAN;
    if (f && acc) {
        int us = g->side(pos);
        int nus = ft->active(pos, us, f);
        int n = nus + ft->active(pos, 1 - us, f + nus);
        v = gt_model_forward(m, f, nus, n, acc) * k;
        if (m->residual)
            v += g->evaluate(pos, NULL);
    }
    free(f);
    free(acc);
    return v;
}

int gt_adam_init(struct gt_adam *a, const struct gt_model *m)
{
    a->m = calloc(m->nparams, sizeof *a->m);
    a->v = calloc(m->nparams, sizeof *a->v);
    a->t = 0;
    return a->m && a->v ? 0 : -1;
}

void gt_adam_free(struct gt_adam *a)
{
    free(a->m);
    free(a->v);
    a->m = a->v = NULL;
}

void gt_adam_step(struct gt_adam *a, struct gt_model *m, const float *grad, double lr,
                  double weight_decay)
{
    const float b1 = 0.9f, b2 = 0.999f, eps = 1e-8f;
    a->t++;
    const float c1 = (float)(lr / (1.0 - pow(b1, (double)a->t)));
    const float c2 = (float)(1.0 / (1.0 - pow(b2, (double)a->t)));
    float *restrict p = m->params, *restrict mm = a->m, *restrict vv = a->v;
    for (size_t i = 0; i < m->nparams; i++) {
        float g = grad[i];
        mm[i] = b1 * mm[i] + (1 - b1) * g;
        vv[i] = b2 * vv[i] + (1 - b2) * g * g;
        p[i] -= c1 * mm[i] / (sqrtf(vv[i] * c2) + eps);
    }
    if (weight_decay > 0) {
        const float keep = (float)(1.0 - lr * weight_decay);
        const size_t n = (size_t)m->inputs * (size_t)m->hidden;
        for (size_t i = 0; i < n; i++)
            m->w1[i] *= keep;
    }
    gt_model_clip(m);
}
