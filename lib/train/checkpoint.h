/* checkpoint.h -- a training run's state between epochs: the float
 * weights, Adam's moments and where the run stood, so that an interrupted
 * run goes on where it was (`train --resume`).  Written through a
 * temporary file and renamed, so that the last whole checkpoint survives
 * a crash or Ctrl-C.  The layout is this machine's (floats as stored in
 * memory): a checkpoint is for going on, the network file is for sharing.
 * SPDX-License-Identifier: MIT */
#ifndef GT_TRAIN_CHECKPOINT_H
#define GT_TRAIN_CHECKPOINT_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

struct gt_checkpoint_info {
    char game[32], features[32];
    int features_version;
    int residual;              /* a correction to the game's evaluate */
    int epoch;                 /* epochs completed */
    uint64_t seed;
    uint64_t positions;        /* the data's size, to warn of other data */
    double k;
    int best_epoch;            /* --keep-best: the epoch the network file
                                  holds (0: none yet) */
    double best_loss;          /* ... and its validation loss */
};

int gt_checkpoint_save(const char *path, const struct gt_model *m, const struct gt_adam *a,
                       const struct gt_checkpoint_info *info, char *err, size_t err_len);
/* Read into m and a, which must have the shape the file has (checked:
 * game, features, inputs, hidden).  0, or -1 with err. */
int gt_checkpoint_load(const char *path, struct gt_model *m, struct gt_adam *a,
                       struct gt_checkpoint_info *info, char *err, size_t err_len);

#endif
