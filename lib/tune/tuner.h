/* tuner.h -- fitting evaluation weights to game results (Texel's method).
 *
 * The model: a position's evaluation E = sum(coef_i * w_i) + rest (the
 * trace, dataset.h) predicts the first player's result through
 *     p = 1 / (1 + exp(-k * E / eval_unit)),
 * k fitted once to the data at the starting weights.  The loss is the mean
 * squared error between p and the target, the result blended with the
 * search score's prediction by lambda, plus l2 * sum((w_i - w0_i)^2),
 * which keeps weights the data says little about near where they were.
 * Adam steps the weights on the full batch; each weight stays in its
 * [min, max].
 *
 * The positions are cut into a fixed number of chunks whose gradients are
 * summed in order, so the result is the same for any number of threads;
 * the seed chooses the validation positions.
 * SPDX-License-Identifier: MIT */
#ifndef GT_TUNE_TUNER_H
#define GT_TUNE_TUNER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <gtsearch/game.h>

#include "dataset.h"

struct gt_tune_config {
    int epochs;                /* Adam steps over the whole training set */
    double lr;                 /* Adam's step, in weight units */
    double l2;                 /* pull towards the starting weights */
    double lambda;             /* 0: results only; 1: search scores only */
    double k;                  /* the sigmoid's scale; 0: fit it */
    double eval_unit;          /* the game's eval_unit */
    double validation;         /* fraction of positions kept out */
    uint64_t seed;             /* chooses the validation positions */
    int threads;
    int report_every;          /* epochs between loss lines (0: 10) */
    FILE *progress;            /* NULL, or a JSON line per loss line:
                                  "kind": "tune", "epoch", "train_loss",
                                  "validation_loss" (null without a
                                  validation set), "l2" (the penalty) */
    const bool *frozen;        /* NULL, or per weight: keep it as it is */
};

struct gt_tune_report {
    double k;
    double loss0, loss;        /* training loss before and after */
    double vloss0, vloss;      /* validation loss (NAN without any) */
    size_t ntrain, nvalid;
};

void gt_tune_config_default(struct gt_tune_config *c);

/* The k that best fits the data at weights w (golden-section search). */
double gt_tune_fit_k(const struct gt_tune_set *s, const double *w,
                     const struct gt_tune_config *c);

/* Fit w (s->nparams values, in and out; t gives each one's range) and
 * print the loss per reported epoch on log (may be NULL).  Returns 0, or
 * -1 when out of memory or the set is empty. */
int gt_tune_run(const struct gt_tune_set *s, const struct gt_param *t, double *w,
                const struct gt_tune_config *c, FILE *log, struct gt_tune_report *rep);

#endif
