/* label_cli.h -- the `label` command: another engine's scores for the
 * positions of data files (label_cli.c).
 * SPDX-License-Identifier: MIT */
#ifndef GT_CLI_LABEL_CLI_H
#define GT_CLI_LABEL_CLI_H

struct gt_engine;

int gt_label_main(struct gt_engine *e, int argc, char **argv);

#endif
