/* net_cli.h -- the `net` command (net_cli.c).
 * SPDX-License-Identifier: MIT */
#ifndef GT_NET_CLI_H
#define GT_NET_CLI_H

struct gt_engine;

/* Arguments after the command's word; returns the program's exit status. */
int gt_net_main(struct gt_engine *e, int argc, char **argv);

#endif
