/* train.h -- fitting a network to self-play data: the score/result blend,
 * a validation split, Adam with a cosine learning-rate schedule, a
 * checkpoint after every epoch, and progress a person can follow.
 * SPDX-License-Identifier: MIT */
#ifndef GT_TRAIN_TRAIN_H
#define GT_TRAIN_TRAIN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <gtsearch/game.h>

#include "core/net.h"
#include "model.h"
#include "trainset.h"

struct gt_train_config {
    int hidden;                /* accumulator width per perspective */
    int buckets;               /* output layers by the side to move's active
                                  features (net.h); 0: the starting
                                  network's, else 1 */
    int l2;                    /* units of a second hidden layer; 0: the
                                  starting network's, else none */
    int epochs;
    int batch;                 /* positions per step */
    int threads;
    double lr, lr_end;         /* the schedule runs from lr down to lr_end */
    double weight_decay;       /* the first layer's weights shrink by
                                  lr * this a step (0: none) */
    double lambda;             /* weight of the game result in the target
                                  (the search score has 1 - lambda) */
    double k;                  /* eval units of one logit: sigmoid(score/k) */
    double validation;         /* the fraction held out */
    bool residual;             /* learn a correction to the game's evaluate
                                  (the set must be loaded with_base) */
    int window;                /* residual: learn and apply it only where
                                  |evaluate| <= window (0: everywhere) */
    double output_scale;       /* the written network's output times this
                                  (1: as trained): a residual network's
                                  correction damped for deep searches */
    uint64_t seed;
    const char *out;           /* the network, written after every epoch */
    bool keep_best;            /* ... only after one whose validation loss
                                  is this run's lowest so far */
    const char *checkpoint;    /* the float weights and Adam's state */
    const char *resume;        /* a checkpoint to go on from, or NULL */
    const struct gt_net *init; /* start from this network's weights (its
                                  shape and kind), or NULL: random ones */
    FILE *log;                 /* a JSON line per epoch ("kind": "train",
                                  "epoch", "train_loss", "validation_loss"
                                  (null without a validation set), "lr",
                                  "positions_per_s", "seconds"), or NULL */
    FILE *progress;            /* lines for a person, or NULL */
    int report_ms;             /* between progress lines inside an epoch */
    const atomic_bool *stop;   /* set (Ctrl-C): stop after this step */
};

struct gt_train_stats {
    int epochs;                /* completed, a resumed run's included */
    double first_loss;         /* validation loss before the first step;
                                  epochs 0: the loss over every position */
    double base_loss;          /* epochs 0, residual: the game's evaluation
                                  alone over the same positions (else NAN) */
    /* epochs 0: the same losses by output bucket (the side to move's
     * share of active features: material, in a game of pieces), where
     * the network gains and where it does not.  Bucket b holds the
     * counts b * part_span + 1 to (b + 1) * part_span (net.h); the last
     * takes every count above. */
    int parts, part_span;
    long part_n[GT_NET_MAX_BUCKETS];
    double part_loss[GT_NET_MAX_BUCKETS], part_base[GT_NET_MAX_BUCKETS];
    double train_loss, val_loss; /* of the last epoch */
    double seconds, positions_per_s;
    long train_n, val_n;
    bool interrupted;
    bool nothing_left;         /* resumed from a finished checkpoint: no
                                  epoch run, its network written again
                                  (but with keep_best) */
    int best_epoch;            /* keep_best: the epoch c->out holds */
    double best_loss;          /* ... and its validation loss */
};

void gt_train_config_default(struct gt_train_config *c, const struct gt_game *g);
/* The run's output buckets: c->buckets, else the starting network's,
 * else 1. */
int gt_train_buckets(const struct gt_train_config *c);

/* Train on s and write the network to c->out.  m receives the float
 * model (the caller frees it).  0, or -1 with err.  With c->epochs 0 it
 * only measures c->init's network (required) on every position inside
 * the window, no split and nothing written: st->first_loss and, for a
 * residual network, st->base_loss. */
int gt_train_run(const struct gt_game *g, const struct gt_trainset *s,
                 const struct gt_train_config *c, struct gt_model *m,
                 struct gt_train_stats *st, char *err, size_t err_len);

/* The validation split of order[0..n) (positions of s): whole games held
 * out, each with chance `validation` drawn from the seed, or, where that
 * draw holds out none or all (few games), the share `validation` of the
 * positions.  order is rearranged, training positions first; returns how
 * many are held out, after them. */
size_t gt_train_split(const struct gt_trainset *s, double validation, uint64_t seed,
                      size_t *order, size_t n);

/* A network's scale (eval units an output unit) times x, at least 1: its
 * output damped or raised, bias included. */
int gt_train_scaled(int scale, double x);

#endif
