/* mate_tool.c -- the command-line face of the mate solver.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "mate_tool.h"

#include "engine/engine.h"
#include "report.h"
#include "tools.h"

bool gt_mate_rule_all_moves(const struct gt_game *g, enum gt_mate_rule rule)
{
    if (rule == GT_MATE_RULE_DEFAULT)
        return !(g->flags & GT_FLAG_MATE_BY_CHECKS);
    return rule == GT_MATE_RULE_ALL;
}

int gt_tool_mate(struct gt_engine *e, const char *position, enum gt_mate_rule rule,
                 const struct gt_mate_limits *lim, FILE *out)
{
    const struct gt_game *g = gt_engine_game(e);
    if (gt_tool_set_position(e, "mate", position) < 0)
        return 1;
    struct gt_mate_limits l = *lim;
    l.all_moves = gt_mate_rule_all_moves(g, rule);
    struct gt_mate_result res;
    const void *root = gt_engine_position(e);
    if (gt_mate_search(g, root, &l, &res) < 0) {
        fprintf(stderr, "gtsearch mate: %s\n", res.message);
        return 1;
    }
    fprintf(out, "status %s\n", gt_mate_status_name(res.status));
    if (res.status == GT_MATE_UNKNOWN)
        fprintf(out, "reason %s\n", res.message);
    if (res.status == GT_MATE_FOUND) {
        char line[8192];
        gt_format_line(g, root, res.pv, res.pv_len, line, sizeof line);
        fprintf(out, "plies %d%s\n", res.plies, res.shortest ? "" : " (maybe not the shortest)");
        fprintf(out, "pv %s\n", line);
    }
    fprintf(out, "nodes %llu\ntime %lld ms\n", (unsigned long long)res.nodes,
            (long long)res.time_ms);
    return res.status == GT_MATE_UNKNOWN ? 1 : 0;
}
