/* selftest.h -- `gtsearch selftest`: the module contract checked along
 * random games (lib/core/conformance.c), the first thing a game author
 * runs.
 * SPDX-License-Identifier: MIT */
#ifndef GT_SELFTEST_H
#define GT_SELFTEST_H

struct gt_engine;

/* argv[0] is "selftest".  Returns the exit status: 0 when every check
 * held, 1 when one failed, 2 for a bad command line. */
int gt_selftest_main(struct gt_engine *e, int argc, char **argv);

#endif
