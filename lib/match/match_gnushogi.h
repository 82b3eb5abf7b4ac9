/* match_gnushogi.h -- the adapter of match_player.c for GNU Shogi
 * (gnushogi 1.4), which speaks neither USI nor CECP but the line protocol
 * of xshogi, its old X11 board.
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_GNUSHOGI_H
#define GT_MATCH_GNUSHOGI_H

#include <stdbool.h>
#include <stddef.h>

#include "match_player.h"

/* gnushogi's MAXMOVES: it stops playing a game this long (a draw). */
#define GT_GNUSHOGI_MAX_PLIES 300

/* Wait for the banner, read its settings from `help`, turn pondering off. */
int gt_gnushogi_start(struct gt_player *p, char *err, size_t err_len);
/* Between games: `new`, and wait until it has read everything before. */
int gt_gnushogi_sync(struct gt_player *p, char *err, size_t err_len);
/* Bring its board up to the request (new, edit, the moves in force mode),
 * name the side to move, go, and read its move; the adapter keeps the
 * clock and tells it to move when the move's time is used up. */
void gt_gnushogi_think(struct gt_player *p, const struct gt_think_req *req,
                       struct gt_think_res *res);

/* The name of the notation the adapter asks the game for: GNU Shogi's
 * move text and its `edit` board set-up (the xshogi protocol's). */
#define GT_GNUSHOGI_NOTATION "xshogi"

/* The game's xshogi notation, or NULL when it has none (with its
 * position_to_text). */
const struct gt_notation *gt_gnushogi_notation(const struct gt_game *g);

#endif
