/* match_cecp.h -- the CECP (xboard protocol 2) adapter of match_player.c.
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_CECP_H
#define GT_MATCH_CECP_H

#include "match_player.h"

/* xboard, protover 2, the feature exchange and the engine's options. */
int gt_cecp_start(struct gt_player *p, char *err, size_t err_len);
/* Between games: wait for the engine to catch up (ping/pong, or a short
 * drain of what it still says), so no late line is read as an answer. */
int gt_cecp_sync(struct gt_player *p, char *err, size_t err_len);
/* Bring the engine's board up to the request (new, setboard, moves in
 * force mode), send the clocks, go, and read its move. */
void gt_cecp_think(struct gt_player *p, const struct gt_think_req *req,
                   struct gt_think_res *res);

#endif
