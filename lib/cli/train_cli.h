/* train_cli.h -- the `train` command (train_cli.c).
 * SPDX-License-Identifier: MIT */
#ifndef GT_TRAIN_CLI_H
#define GT_TRAIN_CLI_H

struct gt_engine;

/* Arguments after the command's word; returns the program's exit status. */
int gt_train_main(struct gt_engine *e, int argc, char **argv);

#endif
