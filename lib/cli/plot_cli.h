/* plot_cli.h -- the `plot` command (plot_cli.c).
 * SPDX-License-Identifier: MIT */
#ifndef GT_CLI_PLOT_CLI_H
#define GT_CLI_PLOT_CLI_H

/* The words after `plot`; returns the program's exit status.  No game is
 * needed: main() runs it before it loads one. */
int gt_plot_main(int argc, char **argv);

#endif
