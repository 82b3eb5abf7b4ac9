/* ending.c -- the end of a game, as the game's hooks tell it.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "ending.h"

#include <stdio.h>

const char *gt_side_name(const struct gt_game *g, int side)
{
    const char *name = g->side_names[side & 1];
    return name ? name : side & 1 ? "second" : "first";
}

static bool fill(const struct gt_game *g, const void *pos, enum gt_outcome o,
                 bool no_moves, struct gt_ending *end)
{
    int stm = g->side(pos) & 1;
    end->outcome = o;
    end->no_moves = no_moves;
    end->winner = o == GT_WIN ? stm : o == GT_LOSS ? !stm : -1;
    end->margin = 0;
    if (end->winner >= 0 && g->final_margin) {
        int m = g->final_margin(pos);
        end->margin = m < 1 ? 1 : m > GT_MARGIN_MAX ? GT_MARGIN_MAX : m;
    }
    end->reason = g->end_reason ? g->end_reason(pos, o) : NULL;
    if (!end->reason)
        end->reason = no_moves ? "no legal move" : "game rule";
    return true;
}

bool gt_game_ended(const struct gt_game *g, const void *pos, int ply, gt_move *buf,
                   struct gt_ending *end)
{
    int n = g->generate(pos, GT_GEN_ALL, buf);
    if (n == 0 && g->in_check(pos) && g->no_moves(pos) == GT_LOSS)
        return fill(g, pos, GT_LOSS, true, end);
    enum gt_outcome o = g->rule_outcome(pos, ply);
    if (o != GT_ONGOING)
        return fill(g, pos, o, false, end);
    if (n == 0)
        return fill(g, pos, g->no_moves(pos), true, end);
    end->outcome = GT_ONGOING;
    end->winner = -1;
    end->margin = 0;
    end->no_moves = false;
    end->reason = NULL;
    return false;
}

void gt_ending_text(const struct gt_game *g, const struct gt_ending *end, char *buf,
                    size_t len)
{
    if (end->outcome == GT_ONGOING)
        snprintf(buf, len, "the game goes on");
    else if (end->winner < 0)
        snprintf(buf, len, "draw: %s", end->reason);
    else if (end->margin)
        snprintf(buf, len, "%s wins by %g: %s", gt_side_name(g, end->winner),
                 (double)end->margin / g->eval_unit, end->reason);
    else
        snprintf(buf, len, "%s wins: %s", gt_side_name(g, end->winner), end->reason);
}
