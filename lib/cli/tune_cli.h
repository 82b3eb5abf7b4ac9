/* tune_cli.h -- the `datagen`, `convert`, `tune` and `spsa` commands
 * (tune_cli.c).
 * SPDX-License-Identifier: MIT */
#ifndef GT_TUNE_CLI_H
#define GT_TUNE_CLI_H

struct gt_engine;

/* Arguments after the command's word; return the program's exit status. */
int gt_datagen_main(struct gt_engine *e, int argc, char **argv);
int gt_convert_main(struct gt_engine *e, int argc, char **argv);
int gt_tune_main(struct gt_engine *e, int argc, char **argv);
int gt_spsa_main(struct gt_engine *e, int argc, char **argv);

#endif
