/* tuner.c -- Texel's method with Adam on the trace (tuner.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "tuner.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

/* Gradients are summed over this many chunks in a fixed order, whatever
 * the number of threads, so that a run can be repeated exactly. */
#define NCHUNKS 64

void gt_tune_config_default(struct gt_tune_config *c)
{
    *c = (struct gt_tune_config){
        .epochs = 300, .lr = 1.0, .l2 = 1e-7, .lambda = 0, .k = 0, .eval_unit = 100,
        .validation = 0.1, .seed = 1, .threads = 1, .report_every = 10,
    };
}

static inline double sigmoid(double x) { return 1 / (1 + exp(-x)); }

static double row_eval(const struct gt_tune_set *s, size_t r, const double *w)
{
    double e = s->rest[r];
    for (size_t j = s->start[r]; j < s->start[r + 1]; j++)
        e += s->coef[j] * w[s->idx[j]];
    return e;
}

static double target(const struct gt_tune_set *s, size_t r, double k, double unit,
                     double lambda)
{
    double y = s->result[r];
    if (lambda > 0 && !isnan(s->score[r]))
        y = (1 - lambda) * y + lambda * sigmoid(k * s->score[r] / unit);
    return y;
}

/* The job of one pass: loss (and gradient) over rows[lo..hi) of each chunk. */
struct pass {
    const struct gt_tune_set *s;
    const size_t *rows;
    size_t nrows;
    const double *w;
    double k, unit, lambda;
    bool want_grad;
    double loss[NCHUNKS];
    double *grad;              /* NCHUNKS x nparams, or NULL */
    int next;                  /* next chunk to take */
    pthread_mutex_t lock;
};

static void run_chunk(struct pass *p, int c)
{
    size_t lo = p->nrows * (size_t)c / NCHUNKS, hi = p->nrows * (size_t)(c + 1) / NCHUNKS;
    const struct gt_tune_set *s = p->s;
    double loss = 0, scale = p->k / p->unit;
    double *g = p->want_grad ? p->grad + (size_t)c * (size_t)s->nparams : NULL;
    if (g)
        memset(g, 0, sizeof *g * (size_t)s->nparams);
    for (size_t i = lo; i < hi; i++) {
        size_t r = p->rows[i];
        double q = sigmoid(scale * row_eval(s, r, p->w));
        double err = q - target(s, r, p->k, p->unit, p->lambda);
        loss += err * err;
        if (!g)
            continue;
        double d = 2 * err * q * (1 - q) * scale;
        for (size_t j = s->start[r]; j < s->start[r + 1]; j++)
            g[s->idx[j]] += d * s->coef[j];
    }
    p->loss[c] = loss;
}

static void *pass_thread(void *arg)
{
    struct pass *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        int c = p->next < NCHUNKS ? p->next++ : -1;
        pthread_mutex_unlock(&p->lock);
        if (c < 0)
            return NULL;
        run_chunk(p, c);
    }
}

/* Mean squared error over rows; with grad != NULL also its gradient
 * (nparams values) of the mean. */
static double pass_run(const struct gt_tune_set *s, const size_t *rows, size_t nrows,
                       const double *w, double k, const struct gt_tune_config *c,
                       double *chunk_grad, double *grad)
{
    if (nrows == 0)
        return NAN;
    struct pass p = {.s = s, .rows = rows, .nrows = nrows, .w = w, .k = k,
                     .unit = c->eval_unit, .lambda = c->lambda,
                     .want_grad = grad != NULL, .grad = chunk_grad};
    pthread_mutex_init(&p.lock, NULL);
    int nt = c->threads > 1 ? c->threads : 1;
    pthread_t th[64];
    int started = 0;
    for (; started < nt - 1 && started < 64; started++)
        if (pthread_create(&th[started], NULL, pass_thread, &p) != 0)
            break;
    pass_thread(&p);
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    pthread_mutex_destroy(&p.lock);
    double loss = 0;
    for (int i = 0; i < NCHUNKS; i++)
        loss += p.loss[i];
    if (grad) {
        int n = s->nparams;
        memset(grad, 0, sizeof *grad * (size_t)n);
        for (int ch = 0; ch < NCHUNKS; ch++)
            for (int i = 0; i < n; i++)
                grad[i] += chunk_grad[(size_t)ch * (size_t)n + i];
        for (int i = 0; i < n; i++)
            grad[i] /= (double)nrows;
    }
    return loss / (double)nrows;
}

static size_t *all_rows(size_t n)
{
    size_t *rows = malloc(sizeof *rows * (n ? n : 1));
    for (size_t i = 0; rows && i < n; i++)
        rows[i] = i;
    return rows;
}

double gt_tune_fit_k(const struct gt_tune_set *s, const double *w,
                     const struct gt_tune_config *c)
{
    size_t *rows = all_rows(s->n);
    if (!rows)
        return 1;
    struct gt_tune_config cc = *c;
    double lo = 0.01, hi = 10, phi = (sqrt(5) - 1) / 2;
    double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
    double fa = pass_run(s, rows, s->n, w, a, &cc, NULL, NULL);
    double fb = pass_run(s, rows, s->n, w, b, &cc, NULL, NULL);
    for (int it = 0; it < 60; it++) {
        if (fa < fb) {
            hi = b, b = a, fb = fa;
            a = hi - phi * (hi - lo);
            fa = pass_run(s, rows, s->n, w, a, &cc, NULL, NULL);
        } else {
            lo = a, a = b, fa = fb;
            b = lo + phi * (hi - lo);
            fb = pass_run(s, rows, s->n, w, b, &cc, NULL, NULL);
        }
    }
    free(rows);
    return (lo + hi) / 2;
}

/* The validation choice: a hash of the seed and the row. */
static uint64_t mix(uint64_t x) { return gt_rand64(&x); }

static double penalty(const double *w, const double *w0, int n, double l2)
{
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += (w[i] - w0[i]) * (w[i] - w0[i]);
    return l2 * sum;
}

/* The JSON line of a report (tuner.h: progress); NAN is null. */
static void progress_line(FILE *f, int epoch, double loss, double vloss, double pen)
{
    if (!f)
        return;
    char vl[32] = "null";
    if (isfinite(vloss))
        snprintf(vl, sizeof vl, "%.9f", vloss);
    fprintf(f, "{\"kind\": \"tune\", \"epoch\": %d, \"train_loss\": %.9f, "
            "\"validation_loss\": %s, \"l2\": %.9f}\n", epoch, loss, vl, pen);
    fflush(f);
}

int gt_tune_run(const struct gt_tune_set *s, const struct gt_param *t, double *w,
                const struct gt_tune_config *c, FILE *log, struct gt_tune_report *rep)
{
    int n = s->nparams, rc = -1;
    size_t ntrain = 0, nvalid = 0;
    size_t *train = malloc(sizeof *train * (s->n + 1));
    size_t *valid = malloc(sizeof *valid * (s->n + 1));
    double *w0 = malloc(sizeof *w0 * (size_t)n), *grad = malloc(sizeof *grad * (size_t)n);
    double *m = calloc((size_t)n, sizeof *m), *v = calloc((size_t)n, sizeof *v);
    double *chunk = malloc(sizeof *chunk * (size_t)n * NCHUNKS);
    if (!train || !valid || !w0 || !grad || !m || !v || !chunk || s->n == 0)
        goto out;
    uint64_t cut = c->validation > 0 ? (uint64_t)(c->validation * 18446744073709551615.0) : 0;
    for (size_t r = 0; r < s->n; r++) {
        if (cut && mix(c->seed * 0x100000001b3ULL + r) < cut)
            valid[nvalid++] = r;
        else
            train[ntrain++] = r;
    }
    memcpy(w0, w, sizeof *w0 * (size_t)n);
    double k = c->k > 0 ? c->k : gt_tune_fit_k(s, w, c);
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    double loss = pass_run(s, train, ntrain, w, k, c, NULL, NULL);
    double vloss = pass_run(s, valid, nvalid, w, k, c, NULL, NULL);
    rep->k = k;
    rep->loss0 = loss;
    rep->vloss0 = vloss;
    rep->ntrain = ntrain;
    rep->nvalid = nvalid;
    if (log)
        fprintf(log, "k %.6f, %zu training and %zu validation positions, %d weights\n"
                "epoch %5d  loss %.7f  validation %.7f\n",
                k, ntrain, nvalid, n, 0, loss, vloss);
    progress_line(c->progress, 0, loss, vloss, 0);
    int every = c->report_every > 0 ? c->report_every : 10;
    for (int e = 1; e <= c->epochs; e++) {
        loss = pass_run(s, train, ntrain, w, k, c, chunk, grad);
        double bc1 = 1 - pow(b1, e), bc2 = 1 - pow(b2, e);
        for (int i = 0; i < n; i++) {
            if (c->frozen && c->frozen[i])
                continue;
            double g = grad[i] + 2 * c->l2 * (w[i] - w0[i]);
            m[i] = b1 * m[i] + (1 - b1) * g;
            v[i] = b2 * v[i] + (1 - b2) * g * g;
            w[i] -= c->lr * (m[i] / bc1) / (sqrt(v[i] / bc2) + eps);
            if (w[i] < t[i].min)
                w[i] = t[i].min;
            if (w[i] > t[i].max)
                w[i] = t[i].max;
        }
        if ((log || c->progress) && (e % every == 0 || e == c->epochs)) {
            double tl = pass_run(s, train, ntrain, w, k, c, NULL, NULL);
            double vl = pass_run(s, valid, nvalid, w, k, c, NULL, NULL);
            double pen = penalty(w, w0, n, c->l2);
            if (log) {
                fprintf(log, "epoch %5d  loss %.7f  validation %.7f  (+l2 %.7f)\n", e, tl,
                        vl, pen);
                fflush(log);
            }
            progress_line(c->progress, e, tl, vl, pen);
        }
    }
    rep->loss = pass_run(s, train, ntrain, w, k, c, NULL, NULL);
    rep->vloss = pass_run(s, valid, nvalid, w, k, c, NULL, NULL);
    rc = 0;
out:
    free(train);
    free(valid);
    free(w0);
    free(grad);
    free(m);
    free(v);
    free(chunk);
    return rc;
}
