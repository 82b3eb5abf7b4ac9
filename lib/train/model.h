/* model.h -- the network in floating point, as the trainer fits it: the
 * shape of net.h (features -> hidden, both perspectives -> SCReLU -> one
 * output, or -> l2 clamped units -> one output), with its gradients,
 * Adam's moments and the conversion to the integers the engine plays
 * with.
 *
 * The output y is a logit: the predicted score of the side to move is
 * sigmoid(y), and y * k its evaluation in eval units, so the integer
 * network's scale is k.
 * SPDX-License-Identifier: MIT */
#ifndef GT_TRAIN_MODEL_H
#define GT_TRAIN_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <gtsearch/game.h>

struct gt_net;

struct gt_model {
    uint32_t inputs;
    int hidden;
    int buckets, bucket_span;  /* output layers, chosen as net.h says */
    int l2;                    /* units of the second hidden layer (0: none) */
    int max_active;            /* the feature set's: bounds the clipping */
    bool residual;             /* a correction to the game's evaluate */
    float *w1;                 /* [inputs][hidden] */
    float *b1;                 /* [hidden] */
    float *w2;                 /* [buckets][max(l2, 1)][2 * hidden]: side
                                  to move, then the other */
    float *b2;                 /* [buckets][max(l2, 1)] */
    float *w3;                 /* [buckets][l2], or NULL without l2 */
    float *b3;                 /* [buckets], or NULL without l2 */
    size_t nparams;            /* all of them, in one block from w1 */
    float *params;             /* == w1 */
};

/* Gradients of one thread (same layout as the parameters). */
struct gt_grad {
    float *g;                  /* nparams */
    float *acc;                /* gt_model_scratch(m) floats */
    double loss;               /* summed over the positions seen */
    long count;
};

/* Random first-layer weights; the output's are random too (the same in
 * every bucket), or zero for a residual model (which then starts as the
 * game's own evaluation).  l2: units of a second hidden layer (0: none). */
int gt_model_init(struct gt_model *m, uint32_t inputs, int hidden, int buckets, int span,
                  int l2, int max_active, bool residual, uint64_t seed);
/* The float model of a network file's integer weights, as it plays: its
 * output scaled from the file's scale to k eval units a logit (a network
 * written with --output-scale starts at its damped weight).  `buckets`
 * (0: the network's) may exceed a one-bucket network's: each bucket then
 * starts as a copy of its output layer, `span` active features a bucket
 * (the network's own where the counts agree).  `hidden` wider than
 * the network's (0: its own) widens it: the new units take random
 * inputs and give the output nothing, so the model starts as the
 * network plays.  l2 (0: the network's) may give a network without a
 * second layer one: two of its units then carry the old output (its
 * positive and its negative part, exact within +-4 logits) and the
 * others start small, giving the output nothing.  0, or -1 when out of
 * memory. */
int gt_model_from_net(struct gt_model *m, const struct gt_net *n, int hidden, int buckets,
                      int span, int l2, int max_active, double k);
/* Floats of scratch that gt_model_forward needs. */
size_t gt_model_scratch(const struct gt_model *m);
void gt_model_free(struct gt_model *m);
int gt_grad_init(struct gt_grad *g, const struct gt_model *m);
void gt_grad_free(struct gt_grad *g);
void gt_grad_zero(struct gt_grad *g, const struct gt_model *m);

/* The logit of one position: f[0..nus) the side to move's features,
 * f[nus..n) the other side's.  acc (gt_model_scratch floats) receives the
 * 2 * hidden sums first. */
float gt_model_forward(const struct gt_model *m, const uint32_t *f, int nus, int n, float *acc);
/* Forward and backward for one position with target probability t and
 * the logit `base` of the game's evaluation (0 unless residual): adds the
 * gradient of (sigmoid(base + y) - t)^2 to g and returns that loss. */
float gt_model_step(const struct gt_model *m, const uint32_t *f, int nus, int n, float t,
                    float base, struct gt_grad *g);
/* Keep every weight where the integer network can hold it. */
void gt_model_clip(struct gt_model *m);

/* The integer network for game g with scale k (eval units per logit). */
struct gt_net *gt_model_quantise(const struct gt_model *m, const struct gt_game *g, double k,
                                 char *err, size_t err_len);
/* The model's evaluation of pos in eval units, side to move's view (a
 * residual model's with the game's evaluate added). */
double gt_model_evaluate(const struct gt_model *m, const struct gt_game *g, const void *pos,
                         double k);

/* Adam over every parameter. */
struct gt_adam {
    float *m, *v;
    long t;
};
int gt_adam_init(struct gt_adam *a, const struct gt_model *m);
void gt_adam_free(struct gt_adam *a);
/* One Adam step at rate lr; weight_decay > 0 also shrinks the first
 * layer's weights by lr * weight_decay of themselves (decoupled, as
 * AdamW), so that a feature seen in few positions keeps small weights. */
void gt_adam_step(struct gt_adam *a, struct gt_model *m, const float *grad, double lr,
                  double weight_decay);

#endif
