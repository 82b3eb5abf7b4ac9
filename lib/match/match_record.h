/* match_record.h -- game records: PGN and the one-line record format. */
#ifndef GT_MATCH_RECORD_H
#define GT_MATCH_RECORD_H

#include <stdio.h>

#include "match.h"
#include "match_referee.h"

/* One game as PGN: the seven standard tags, Termination, PlyCount,
 * TimeControl, FEN/SetUp when the game does not start from the start
 * position, Variant for a game other than chess, and movetext in the
 * protocol's move text (long algebraic for chess: e2e4, e7e8q), numbered
 * from 1, with the reason as a comment before the result. */
void gt_record_pgn(FILE *f, const struct gt_match_config *c, int round,
                   const char *first, const char *second,
                   const struct gt_game_record *rec);

/* One game as one line:
 *   game=N first="NAME" second="NAME" result=R end=KIND reason="TEXT"
 *   position startpos|fen TEXT|sfen TEXT [moves M...]
 * (all on one line); the tail is a protocol position command that replays
 * the whole game, the opening included. */
void gt_record_line(FILE *f, const struct gt_match_config *c, int round,
                    const char *first, const char *second,
                    const struct gt_game_record *rec);

const char *gt_end_name(enum gt_end end);

#endif
