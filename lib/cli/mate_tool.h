/* mate_tool.h -- `gtsearch mate TEXT`: run the mate solver on one position
 * and print what it found.
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATE_TOOL_H
#define GT_MATE_TOOL_H

#include <stdio.h>

#include "mate/mate.h"

struct gt_engine;

/* The attacker's moves by default: every move in a UCI game (chess's
 * "mate in N"), checks only in a USI game (tsume, as `go mate` means). */
enum gt_mate_rule { GT_MATE_RULE_DEFAULT, GT_MATE_RULE_CHECKS, GT_MATE_RULE_ALL };

bool gt_mate_rule_all_moves(const struct gt_game *g, enum gt_mate_rule rule);

/* Prints status, plies, pv, nodes and time.  Returns 0, 1 if the position
 * is bad or the solver failed. */
int gt_tool_mate(struct gt_engine *e, const char *position, enum gt_mate_rule rule,
                 const struct gt_mate_limits *lim, FILE *out);

#endif
