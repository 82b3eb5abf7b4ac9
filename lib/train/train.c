/* train.c -- the training loop (train.h).
 *
 * Each step takes a batch of shuffled positions, splits it among the
 * threads, each summing its gradient in its own buffer, then adds them up
 * and moves every weight by Adam.  The validation positions are held out
 * once, by the seed, so that a resumed run holds out the same ones.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "train.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "checkpoint.h"
#include "core/net.h"
#include "core/util.h"

void gt_train_config_default(struct gt_train_config *c, const struct gt_game *g)
{
    *c = (struct gt_train_config){
        .hidden = 256, .epochs = 10, .batch = 16384, .threads = 1,
        .lr = 0.001, .lr_end = 0.00005, .lambda = 0.5, .k = 4.0 * g->eval_unit,
        .validation = 0.05, .output_scale = 1, .seed = 1, .report_ms = 10000,
    };
}

int gt_train_buckets(const struct gt_train_config *c)
{
    return c->buckets > 0 ? c->buckets : c->init ? c->init->buckets : 1;
}

/* The target: the result and the search score's win probability, blended. */
static float target(const struct gt_trainset *s, size_t i, const struct gt_train_config *c)
{
    float r = s->result[i], sc = s->score[i];
    if (isnan(sc))
        return r;
    float p = 1.0f / (1.0f + expf(-sc / (float)c->k));
    return (float)(c->lambda * r + (1.0 - c->lambda) * p);
}

/* The loss of one position: output logit y against target t. */
static double sq_error(float y, float t)
{
    float e = 1.0f / (1.0f + expf(-y)) - t;
    return (double)e * e;
}

/* --epochs 0: the losses of positions idx[0..n) by the model's output
 * bucket, and for a residual network the game's evaluation alone's
 * beside them and over all (st->base_loss; else NAN). */
static void part_losses(const struct gt_trainset *s, const struct gt_train_config *c,
                        const struct gt_model *m, const size_t *idx, size_t n, float *acc,
                        struct gt_train_stats *st)
{
    st->parts = m->buckets;
    st->part_span = m->bucket_span;
    for (size_t k = 0; k < n; k++) {
        size_t i = idx[k];
        const uint32_t *f = s->feat + s->start[i];
        float t = target(s, i, c);
        float base = c->residual ? s->base[i] / (float)c->k : 0.0f;
        float y = base + gt_model_forward(m, f, s->nus[i], (int)(s->start[i + 1] - s->start[i]),
                                          acc);
        int b = gt_net_bucket_of(s->nus[i], m->bucket_span, m->buckets);
        st->part_n[b]++;
        st->part_loss[b] += sq_error(y, t);
        if (c->residual)
            st->part_base[b] += sq_error(base, t);
    }
    double base_sum = 0;
    for (int b = 0; b < m->buckets; b++) {
        base_sum += st->part_base[b];
        if (st->part_n[b]) {
            st->part_loss[b] /= (double)st->part_n[b];
            st->part_base[b] /= (double)st->part_n[b];
        }
        if (!c->residual)
            st->part_base[b] = NAN;
    }
    st->base_loss = !c->residual ? NAN : n ? base_sum / (double)n : 0;
}

int gt_train_scaled(int scale, double x)
{
    long scaled = lround(scale * x);
    return scaled < 1 ? 1 : (int)scaled;
}

struct job {
    const struct gt_trainset *s;
    const struct gt_train_config *c;
    const struct gt_model *m;
    const size_t *idx;         /* the positions of this slice */
    size_t n;
    bool learn;                /* false: the loss only */
    struct gt_grad *g;
};

static void *run_job(void *arg)
{
    struct job *j = arg;
    const struct gt_trainset *s = j->s;
    for (size_t k = 0; k < j->n; k++) {
        size_t i = j->idx[k];
        const uint32_t *f = s->feat + s->start[i];
        int n = (int)(s->start[i + 1] - s->start[i]);
        float t = target(s, i, j->c);
        float base = j->c->residual ? s->base[i] / (float)j->c->k : 0.0f;
        if (j->learn)
            gt_model_step(j->m, f, s->nus[i], n, t, base, j->g);
        else {
            float y = base + gt_model_forward(j->m, f, s->nus[i], n, j->g->acc);
            j->g->loss += sq_error(y, t);
            j->g->count++;
        }
    }
    return NULL;
}

/* Run positions idx[0..n) over the threads: their gradients summed into
 * grads[0] (learn), and the mean loss returned. */
static double run_slice(const struct gt_trainset *s, const struct gt_train_config *c,
                        const struct gt_model *m, const size_t *idx, size_t n, bool learn,
                        struct gt_grad *grads, int nthreads)
{
    struct job jobs[64];
    pthread_t th[64];
    bool started[64] = {false};
    if (nthreads > 64)
        nthreads = 64;
    size_t per = (n + (size_t)nthreads - 1) / (size_t)nthreads;
    for (int t = 0; t < nthreads; t++) {
        size_t a = per * (size_t)t < n ? per * (size_t)t : n;
        size_t b = a + per < n ? a + per : n;
        if (learn)
            gt_grad_zero(&grads[t], m);
        else
            grads[t].loss = 0, grads[t].count = 0;
        jobs[t] = (struct job){s, c, m, idx + a, b - a, learn, &grads[t]};
        if (t > 0)
            started[t] = pthread_create(&th[t], NULL, run_job, &jobs[t]) == 0;
    }
    run_job(&jobs[0]);
    double loss = grads[0].loss;
    long count = grads[0].count;
    for (int t = 1; t < nthreads; t++) {
        if (started[t])
            pthread_join(th[t], NULL);
        else
            run_job(&jobs[t]);     /* no thread: do it here */
        loss += grads[t].loss;
        count += grads[t].count;
        if (learn)
            for (size_t p = 0; p < m->nparams; p++)
                grads[0].g[p] += grads[t].g[p];
    }
    if (learn && count)
        for (size_t p = 0; p < m->nparams; p++)
            grads[0].g[p] /= (float)count;
    return count ? loss / (double)count : 0;
}

/* Rounding the first layer's weights to 1/QA moves every position that
 * holds a feature by the same error, so the integer network stands off
 * the float one by an amount common to many positions: measured on up to
 * 20,000 positions and taken off the output bias. */
static void calibrate(struct gt_net *net, const struct gt_model *m,
                      const struct gt_trainset *s, const size_t *idx, size_t n, double k)
{
    const int h = net->hidden;
    int16_t *acc = aligned_alloc(GT_NET_ALIGN, 2 * sizeof *acc * (size_t)h);
    float *facc = malloc(sizeof *facc * gt_model_scratch(m));
    if (!acc || !facc) {
        free(acc);
        free(facc);
        return;
    }
    size_t step = n > 20000 ? n / 20000 : 1, count = 0;
    double diff = 0;
    for (size_t j = 0; j < n; j += step) {
        size_t i = idx[j];
        const uint32_t *f = s->feat + s->start[i];
        int nus = s->nus[i], all = (int)(s->start[i + 1] - s->start[i]);
        double fl = gt_model_forward(m, f, nus, all, facc) * k;
        if (fabs(fl) >= GT_EVAL_MAX)
            continue;
        gt_net_refresh(net, acc, f, nus);
        gt_net_refresh(net, acc + h, f + nus, all - nus);
        diff += fl - gt_net_output(net, acc, acc + h, gt_net_bucket(net, nus));
        count++;
    }
    /* The error comes from the shared first layer: the same for every
     * bucket. */
    int32_t shift =
        count ? (int32_t)lround(diff / (double)count * GT_NET_QA * GT_NET_QB / k) : 0;
    for (int b = 0; b < net->buckets; b++)
        net->out_bias[b] += shift;
    free(acc);
    free(facc);
}

static double schedule(const struct gt_train_config *c, double progress)
{
    return c->lr_end + 0.5 * (c->lr - c->lr_end) * (1.0 + cos(M_PI * progress));
}

static void clock_text(double s, char *buf, size_t len)
{
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(buf, len, "%ld:%02ld", t / 60, t % 60);
}

/* Shuffle order[0..n) by the seed. */
static void shuffle(size_t *order, size_t n, uint64_t *rng)
{
    for (size_t i = n - 1; n > 1 && i > 0; i--) {
        size_t j = gt_rand64(rng) % (i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

size_t gt_train_split(const struct gt_trainset *s, double validation, uint64_t seed,
                      size_t *order, size_t n)
{
    if (validation <= 0 || n < 2)
        return 0;
    /* Each game is held out with chance `validation`, drawn from its index
     * and the seed: positions of one game are too alike to test one with
     * another.  Stable: both parts keep their order. */
    size_t ntrain = 0, nval = 0;
    size_t *held = malloc(sizeof *held * n);
    if (held) {
        for (size_t i = 0; i < n; i++) {
            uint64_t x = (seed ^ 0xa0761d6478bd642fULL) +
                         s->game[order[i]] * 0x2545f4914f6cdd1dULL;
            if ((double)(gt_rand64(&x) >> 11) * 0x1.0p-53 < validation)
                held[nval++] = order[i];
            else
                order[ntrain++] = order[i];
        }
        memcpy(order + ntrain, held, sizeof *held * nval);
        free(held);
        if (nval > 0 && ntrain > 0)
            return nval;
    }
    /* Too few games to draw from (or no memory for it): positions, the
     * tail of a permutation by the seed. */
    uint64_t rng = seed ^ 0x5851f42d4c957f2dULL;
    shuffle(order, n, &rng);
    nval = (size_t)(validation * (double)n);
    return nval < 1 ? 1 : nval > n - 1 ? n - 1 : nval;
}

/* Quantise m and write it to c->out: the network as it plays, its
 * window and --output-scale applied. */
static int write_network(const struct gt_game *g, const struct gt_trainset *s,
                         const struct gt_train_config *c, const struct gt_model *m,
                         const size_t *order, size_t ntrain, char *err, size_t err_len)
{
    struct gt_net *net = gt_model_quantise(m, g, c->k, err, err_len);
    if (net) {
        net->window = c->residual ? c->window : 0;
        calibrate(net, m, s, order, ntrain, c->k);
        /* The scale multiplies the whole output, bias included. */
        net->scale = gt_train_scaled(net->scale, c->output_scale);
    }
    int rc = net ? gt_net_save(net, c->out, err, err_len) : -1;
    gt_net_free(net);
    return rc;
}

int gt_train_run(const struct gt_game *g, const struct gt_trainset *s,
                 const struct gt_train_config *c, struct gt_model *m,
                 struct gt_train_stats *st, char *err, size_t err_len)
{
    memset(st, 0, sizeof *st);
    st->base_loss = NAN;
    const struct gt_features *ft = g->features;
    int nthreads = c->threads > 0 ? c->threads : 1;
    if (nthreads > 64)
        nthreads = 64;
    if (c->residual && !s->base) {
        gt_errf(err, err_len, "a residual network needs the positions' own evaluations");
        return -1;
    }
    /* A starting network may be narrower: the run widens it. */
    if (c->init && (c->init->inputs != ft->count || c->init->hidden > c->hidden ||
                    c->init->residual != c->residual)) {
        gt_errf(err, err_len, "the starting network is %s %u x %d; this run trains a%s %u x %d%s",
                c->init->residual ? "a residual" : "a full", c->init->inputs, c->init->hidden,
                c->residual ? " residual" : " full", ft->count, c->hidden,
                c->init->hidden > c->hidden ? " (a run may widen a network, not narrow one)" : "");
        return -1;
    }
    /* A one-bucket network starts every bucket; else the counts agree. */
    const int buckets = gt_train_buckets(c);
    if (buckets > GT_NET_MAX_BUCKETS) {
        gt_errf(err, err_len, "%d output buckets: at most %d", buckets, GT_NET_MAX_BUCKETS);
        return -1;
    }
    if (c->init && c->init->l2 && c->l2 && c->l2 != c->init->l2) {
        gt_errf(err, err_len, "the starting network has a second hidden layer of %d units; "
                "this run trains %d (a network without one can start any)", c->init->l2,
                c->l2);
        return -1;
    }
    if (c->init && c->init->buckets > 1 && c->init->buckets != buckets) {
        gt_errf(err, err_len, "the starting network has %d output buckets; this run trains "
                "%d (a network of one bucket can start any count)", c->init->buckets,
                buckets);
        return -1;
    }
    /* The positions the network is for: a residual network's window. */
    size_t *order = malloc(sizeof *order * (s->n ? s->n : 1)), n = 0;
    for (size_t i = 0; order && i < s->n; i++)
        if (!c->residual || !c->window || fabsf(s->base[i]) <= (float)c->window)
            order[n++] = i;
    const bool measure = c->epochs == 0;
    if (measure && !c->init) {
        gt_errf(err, err_len, "no network to measure (0 epochs without a starting network)");
        free(order);
        return -1;
    }
    if (!order) {
        gt_errf(err, err_len, "out of memory");
        return -1;
    }
    size_t nval = measure ? 0 : gt_train_split(s, c->validation, c->seed, order, n);
    size_t ntrain = n - nval;
    if (ntrain == 0) {
        gt_errf(err, err_len, "no training positions (%zu in all, %zu inside the window, "
                "%zu held out)", s->n, n, nval);
        free(order);
        return -1;
    }
    st->train_n = (long)ntrain;
    st->val_n = (long)nval;

    struct gt_adam adam = {0};
    struct gt_grad *grads = calloc((size_t)nthreads, sizeof *grads);
    int rc = -1, first_epoch = 0;
    /* The buckets share out the data's range of active features evenly
     * (a game's max_active may allow more than play reaches). */
    int most = 1;
    for (size_t i = 0; i < s->n; i++)
        most = s->nus[i] > most ? s->nus[i] : most;
    const int span = (most + buckets - 1) / buckets;
    if ((c->init ? gt_model_from_net(m, c->init, c->hidden, buckets, span, c->l2,
                                     ft->max_active, c->k)
                 : gt_model_init(m, ft->count, c->hidden, buckets, span, c->l2, ft->max_active,
                                 c->residual, c->seed)) < 0 ||
        !grads || gt_adam_init(&adam, m) < 0)
        goto oom;
    for (int t = 0; t < nthreads; t++)
        if (gt_grad_init(&grads[t], m) < 0)
            goto oom;
    if (measure) {
        st->first_loss = run_slice(s, c, m, order, n, false, grads, nthreads);
        part_losses(s, c, m, order, n, grads[0].acc, st);
        rc = 0;
        goto out;
    }

    uint64_t rng = c->seed ^ 0x5851f42d4c957f2dULL;  /* the epochs' orders */
    const size_t *val = order + ntrain;

    struct gt_checkpoint_info info = {.seed = c->seed, .positions = s->n, .k = c->k,
                                      .features_version = ft->version,
                                      .residual = c->residual};
    snprintf(info.game, sizeof info.game, "%s", g->name);
    snprintf(info.features, sizeof info.features, "%s", ft->name);
    if (c->resume) {
        if (gt_checkpoint_load(c->resume, m, &adam, &info, err, err_len) < 0)
            goto out;
        first_epoch = info.epoch;
        if (c->keep_best) {  /* a better epoch than before replaces the file */
            st->best_epoch = info.best_epoch;
            st->best_loss = info.best_loss;
        }
        if (c->progress) {
            if (info.positions != s->n || info.seed != c->seed)
                fprintf(c->progress, "train: warning: the checkpoint was made with %llu "
                        "positions and seed %llu; this run has %zu and %llu: its "
                        "validation positions differ\n",
                        (unsigned long long)info.positions, (unsigned long long)info.seed,
                        s->n, (unsigned long long)c->seed);
            fprintf(c->progress, "train: resumed from %s after epoch %d\n", c->resume,
                    first_epoch);
        }
    }
    st->first_loss = nval ? run_slice(s, c, m, val, nval, false, grads, nthreads)
                          : run_slice(s, c, m, order, ntrain, false, grads, nthreads);
    if (c->progress) {
        size_t games = 0;  /* held out whole: a game's positions lie together */
        for (size_t i = 0; i < nval; i++)
            games += i == 0 || s->game[val[i]] != s->game[val[i - 1]];
        fprintf(c->progress, "train: %zu positions for training, %zu held out%s from "
                "%zu games; loss before training %.6f\n", ntrain, nval,
                n < s->n ? " (inside the window)" : "", games, st->first_loss);
    }

    int64_t t0 = gt_now_ms(), last = t0, t0_us = gt_now_us();
    long done = 0;
    const long steps_per_epoch = (long)((ntrain + (size_t)c->batch - 1) / (size_t)c->batch);
    st->epochs = first_epoch;
    for (int e = first_epoch; e < c->epochs; e++) {
        /* A new order of the training positions every epoch. */
        shuffle(order, ntrain, &rng);
        double sum = 0, lr = c->lr;
        long steps = 0;
        for (size_t b = 0; b < ntrain; b += (size_t)c->batch) {
            if (c->stop && atomic_load(c->stop)) {
                st->interrupted = true;
                goto finish;
            }
            size_t take = ntrain - b < (size_t)c->batch ? ntrain - b : (size_t)c->batch;
            lr = schedule(c, (e - first_epoch + (double)steps / (double)steps_per_epoch) /
                                 (c->epochs - first_epoch));
            sum += run_slice(s, c, m, order + b, take, true, grads, nthreads);
            gt_adam_step(&adam, m, grads[0].g, lr, c->weight_decay);
            steps++;
            done += (long)take;
            int64_t now = gt_now_ms();
            if (c->progress && c->report_ms > 0 && now - last >= c->report_ms) {
                double secs = (now - t0) / 1000.0, rate = done / (secs > 0 ? secs : 1);
                double todo = (double)(c->epochs - e) * (double)ntrain - (double)(b + take);
                double left = todo / (rate > 0 ? rate : 1);
                char lt[32];
                clock_text(left, lt, sizeof lt);
                fprintf(c->progress, "epoch %d/%d  %3.0f%%  loss %.6f  %.0f positions/s  "
                        "%s left\n", e + 1, c->epochs,
                        100.0 * (double)(b + take) / (double)ntrain, sum / (double)steps, rate,
                        lt);
                fflush(c->progress);
                last = now;
            }
        }
        st->train_loss = steps ? sum / (double)steps : 0;
        st->val_loss = nval ? run_slice(s, c, m, val, nval, false, grads, nthreads) : NAN;
        st->epochs = e + 1;
        st->seconds = (double)(gt_now_us() - t0_us) / 1e6; /* a small set takes < 1 ms */
        st->positions_per_s = done / (st->seconds > 0 ? st->seconds : 1);

        /* The network (every epoch, or each new best) and the checkpoint. */
        if (!c->keep_best || !st->best_epoch || st->val_loss < st->best_loss) {
            if (write_network(g, s, c, m, order, ntrain, err, err_len) < 0)
                goto out;
            st->best_epoch = e + 1;
            st->best_loss = st->val_loss;
        }
        info.epoch = e + 1;
        info.best_epoch = st->best_epoch;
        info.best_loss = st->best_loss;
        if (c->checkpoint && gt_checkpoint_save(c->checkpoint, m, &adam, &info, err,
                                                err_len) < 0)
            goto out;
        if (c->progress) {
            char el[32], lt[32];
            clock_text(st->seconds, el, sizeof el);
            clock_text(st->seconds / (e + 1 - first_epoch) * (c->epochs - e - 1), lt,
                       sizeof lt);
            fprintf(c->progress, "epoch %d/%d  train loss %.6f  validation loss %.6f  "
                    "lr %.6f  %.0f positions/s  %s elapsed  %s left\n", e + 1, c->epochs,
                    st->train_loss, st->val_loss, lr, st->positions_per_s, el, lt);
            fflush(c->progress);
        }
        if (c->log) {
            /* No validation set: null, which plot leaves out (not a 0 loss). */
            char vl[32] = "null";
            if (nval)
                snprintf(vl, sizeof vl, "%.8f", st->val_loss);
            fprintf(c->log, "{\"kind\": \"train\", \"epoch\": %d, \"train_loss\": %.8f, "
                    "\"validation_loss\": %s, \"lr\": %.8f, \"positions_per_s\": %.0f, "
                    "\"seconds\": %.1f}\n", e + 1, st->train_loss, vl, lr,
                    st->positions_per_s, st->seconds);
            fflush(c->log);
        }
    }
    if (first_epoch >= c->epochs) {
        /* A finished checkpoint: nothing to train, but its network is
         * written again with this run's --output-scale and --window --
         * unless the file holds a best epoch, which the checkpoint (the
         * last epoch) is not. */
        st->nothing_left = true;
        st->val_loss = nval ? st->first_loss : NAN;
        st->train_loss = NAN;
        if (!c->keep_best && write_network(g, s, c, m, order, ntrain, err, err_len) < 0)
            goto out;
    }
finish:
    rc = 0;
    goto out;
oom:
    gt_errf(err, err_len, "out of memory for a network of %u x %d", ft->count, c->hidden);
out:
    for (int t = 0; grads && t < nthreads; t++)
        gt_grad_free(&grads[t]);
    free(grads);
    free(order);
    gt_adam_free(&adam);
    return rc;
}
