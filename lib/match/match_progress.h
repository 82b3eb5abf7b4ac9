/* match_progress.h -- the match's progress file (--progress FILE): after
 * every finished game one JSON line with the pair's results so far, so
 * that `gtsearch plot` can draw the match.  The fields: "kind": "match",
 * "game" (the finished game's number), "games" (games finished in all),
 * "pair" (0-based), "engine_a", "engine_b" (the pair; the counts are
 * engine_a's), "pair_games", "wins", "losses", "draws", "score", "elo",
 * "elo_lo", "elo_hi" (95% interval; null where infinite: a 0% or 100%
 * score), and with an SPRT "llr", "llr_lo", "llr_hi", "elo0", "elo1".
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_PROGRESS_H
#define GT_MATCH_PROGRESS_H

#include <stdio.h>

#include "match.h"

/* The line after game n (0-based) of pair p; llr_lo and llr_hi are the
 * SPRT's bounds (unused without one). */
void gt_match_progress_line(FILE *f, const struct gt_match_config *c,
                            const struct gt_match_summary *sum, int n, int p, double llr_lo,
                            double llr_hi);

#endif
