/* match_standings.h -- the table of a match of three or more engines:
 * each engine's Elo against the field, as cutechess-cli ranks them.
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_STANDINGS_H
#define GT_MATCH_STANDINGS_H

#include <stdio.h>

#include "match.h"
#include "match_elo.h"

/* One engine's results against all its opponents together. */
struct gt_standing {
    int engine;               /* its index in the configuration */
    int wins, losses, draws;
    struct gt_elo elo;        /* from its total score (gt_elo_estimate) */
};

/* One row per engine into rows[nengines], best first: by score, then by
 * more games, then in the command line's order.  Returns nengines. */
int gt_standings(const struct gt_match_summary *sum, int nengines, struct gt_standing *rows);

/* The table: "Rank Name Elo +/- Points Games Score Draw", +/- half the
 * 95% interval's width. */
void gt_standings_print(FILE *out, const struct gt_match_config *c,
                        const struct gt_match_summary *sum);

#endif
