/* features_cli.h -- the `export-features` command (features_cli.c).
 * SPDX-License-Identifier: MIT */
#ifndef GT_FEATURES_CLI_H
#define GT_FEATURES_CLI_H

struct gt_engine;

/* Arguments after the command's word; returns the program's exit status. */
int gt_export_features_main(struct gt_engine *e, int argc, char **argv);

#endif
