/* model.c -- the float network, its gradients and Adam (model.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/net.h"
#include "core/util.h"

int gt_model_init(struct gt_model *m, uint32_t inputs, int hidden, int buckets, int span,
                  int max_active, bool residual, uint64_t seed)
{
    size_t h = (size_t)hidden, nb = (size_t)(buckets > 0 ? buckets : 1);
    memset(m, 0, sizeof *m);
    m->inputs = inputs;
    m->hidden = hidden;
    m->buckets = (int)nb;
    m->bucket_span = span > 0 ? span : 1;
    m->max_active = max_active;
    m->residual = residual;
    m->nparams = (size_t)inputs * h + h + nb * (2 * h + 1);
    m->params = calloc(m->nparams, sizeof *m->params);
    if (!m->params)
        return -1;
    m->w1 = m->params;
    m->b1 = m->w1 + (size_t)inputs * h;
    m->w2 = m->b1 + h;
    m->b2 = m->w2 + nb * 2 * h;
    /* Uniform weights scaled so that a sum of the usual number of active
     * rows, and the output's sum, start near unit size.  The generator
     * starts off its own step, so that seeds N and N+1 do not give the
     * same stream one draw apart. */
    uint64_t rng = seed * 0xd1b54a32d192ed03ULL + 0x2545f4914f6cdd1dULL;
    double a1 = 1.0 / sqrt(max_active > 0 ? max_active : 1), a2 = 1.0 / sqrt(2.0 * hidden);
    for (size_t i = 0; i < (size_t)inputs * h; i++)
        m->w1[i] = (float)(a1 * (2.0 * (gt_rand64(&rng) >> 11) / 9007199254740992.0 - 1.0));
    for (size_t i = 0; i < 2 * h && !residual; i++)
        m->w2[i] = (float)(a2 * (2.0 * (gt_rand64(&rng) >> 11) / 9007199254740992.0 - 1.0));
    for (size_t b = 1; b < nb; b++)
        memcpy(m->w2 + b * 2 * h, m->w2, sizeof *m->w2 * 2 * h);
    gt_model_clip(m);
    return 0;
}

int gt_model_from_net(struct gt_model *m, const struct gt_net *n, int hidden, int buckets,
                      int span, int max_active, double k)
{
    if (buckets <= 0)
        buckets = n->buckets;
    if (buckets == n->buckets)
        span = n->bucket_span;
    const int oh = n->hidden, h = hidden > oh ? hidden : oh;
    /* The units beyond the network's start as a residual model's do:
     * random inputs, nothing into the output, so that the wider model
     * still plays as the network does and learns from there. */
    if (gt_model_init(m, n->inputs, h, buckets, span, max_active, true, 0) < 0)
        return -1;
    m->residual = n->residual;
    const double r = n->scale / k;
    for (size_t f = 0; f < (size_t)n->inputs; f++)
        for (int i = 0; i < oh; i++)
            m->w1[f * (size_t)h + (size_t)i] = n->ft_weights[f * (size_t)oh + (size_t)i] /
                                               (float)GT_NET_QA;
    for (int i = 0; i < oh; i++)
        m->b1[i] = n->ft_bias[i] / (float)GT_NET_QA;
    /* Bucket b of the model from the network's bucket b, or from its
     * only one; each half (the side to move's, the other's) in place. */
    for (int b = 0; b < buckets; b++) {
        int from = n->buckets == 1 ? 0 : b;
        for (int half = 0; half < 2; half++)
            for (int i = 0; i < oh; i++)
                m->w2[(size_t)b * 2 * h + (size_t)half * h + (size_t)i] =
                    (float)(n->out_weights[(size_t)from * 2 * oh + (size_t)half * oh +
                                           (size_t)i] * r / GT_NET_QB);
        m->b2[b] = (float)(n->out_bias[from] * r / (GT_NET_QA * GT_NET_QB));
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
    g->acc = calloc(2 * (size_t)m->hidden, sizeof *g->acc);
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

float gt_model_forward(const struct gt_model *m, const uint32_t *f, int nus, int n, float *acc)
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
    const int b = gt_net_bucket_of(nus, m->bucket_span, m->buckets);
    const float *w2 = m->w2 + (size_t)b * 2 * (size_t)h;
    float y = m->b2[b];
    for (int i = 0; i < 2 * h; i++) {
        float c = clamp01(acc[i]);
        y += c * c * w2[i];
    }
    return y;
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
    float *restrict gw1 = g->g, *restrict gb1 = gw1 + (size_t)m->inputs * (size_t)h,
                    *restrict gw2 = gb1 + h + (size_t)b * 2 * (size_t)h,
                    *restrict gb2 = gb1 + h + nb * 2 * (size_t)h;
    const float *w2 = m->w2 + (size_t)b * 2 * (size_t)h;
    float *restrict acc = g->acc;
    gb2[b] += dy;
    /* acc becomes the gradient of the sums. */
    for (int i = 0; i < 2 * h; i++) {
        float x = acc[i], c = clamp01(x);
        gw2[i] += dy * c * c;
        acc[i] = x > 0 && x < 1 ? dy * w2[i] * 2.0f * x : 0.0f;
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
 * bias stays inside int16; an output weight within +-127/QB (net.h). */
void gt_model_clip(struct gt_model *m)
{
    const float l1 = 32000.0f / GT_NET_QA / (float)(m->max_active + 1);
    const float l2 = 127.0f / GT_NET_QB;
    size_t n1 = (size_t)m->inputs * (size_t)m->hidden + (size_t)m->hidden;
    for (size_t i = 0; i < n1; i++)
        m->w1[i] = m->w1[i] > l1 ? l1 : m->w1[i] < -l1 ? -l1 : m->w1[i];
    for (int i = 0; i < 2 * m->hidden * m->buckets; i++)
        m->w2[i] = m->w2[i] > l2 ? l2 : m->w2[i] < -l2 ? -l2 : m->w2[i];
}

static int16_t q16(double x)
{
    double r = round(x);
    return (int16_t)(r > 32767 ? 32767 : r < -32767 ? -32767 : r);
}

struct gt_net *gt_model_quantise(const struct gt_model *m, const struct gt_game *g, double k,
                                 char *err, size_t err_len)
{
    struct gt_net *n = gt_net_new(g, m->hidden, m->buckets, m->bucket_span, (int)lround(k),
                                  err, err_len);
    if (!n)
        return NULL;
    size_t n1 = (size_t)m->inputs * (size_t)m->hidden;
    for (size_t i = 0; i < n1; i++)
        n->ft_weights[i] = q16(m->w1[i] * GT_NET_QA);
    for (int i = 0; i < m->hidden; i++)
        n->ft_bias[i] = q16(m->b1[i] * GT_NET_QA);
    for (int i = 0; i < 2 * m->hidden * m->buckets; i++)
        n->out_weights[i] = q16(m->w2[i] * GT_NET_QB);
    for (int b = 0; b < m->buckets; b++) {
        double v = round((double)m->b2[b] * GT_NET_QA * GT_NET_QB);
        n->out_bias[b] = (int32_t)(v > 2e9 ? 2e9 : v < -2e9 ? -2e9 : v);
    }
    n->residual = m->residual;
    return n;
}

double gt_model_evaluate(const struct gt_model *m, const struct gt_game *g, const void *pos,
                         double k)
{
    const struct gt_features *ft = g->features;
    uint32_t *f = malloc(sizeof *f * 2 * (size_t)ft->max_active);
    float *acc = malloc(sizeof *acc * 2 * (size_t)m->hidden);
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

void gt_adam_step(struct gt_adam *a, struct gt_model *m, const float *grad, double lr)
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
    gt_model_clip(m);
}
