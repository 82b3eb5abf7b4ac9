/* match_tc.h -- time controls as cutechess-cli and fastchess write them.
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_TC_H
#define GT_MATCH_TC_H

#include "match.h"

/* [MOVES/]TIME[+INC]: TIME in seconds (60, 0.5) or minutes:seconds
 * (1:30), INC in seconds; MOVES a period (40/60: 60 s for every 40
 * moves).  Sets base_ms, inc_ms and moves of tc.  Returns 0, 1 for "inf"
 * (no clock; tc untouched), -1 when the text is not a time control. */
int gt_match_tc_parse(const char *text, struct gt_match_tc *tc);

#endif
