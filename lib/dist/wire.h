/* wire.h -- a finished game as bytes, for its trip from the rank that
 * played it to rank 0.  The ranks run one program on one kind of
 * machine, so numbers travel as they lie in memory.
 * SPDX-License-Identifier: MIT */
#ifndef GT_DIST_WIRE_H
#define GT_DIST_WIRE_H

#include <stdbool.h>
#include <stddef.h>

struct gt_game_record;

/* A match game's record (all but its opening, which rank 0 knows from the
 * game number).  Returns a malloc'd buffer and its length, or NULL. */
char *gt_wire_pack_record(const struct gt_game_record *rec, size_t *len);
/* Back into rec (rec->op NULL); free it with gt_game_record_free.
 * -1 when the bytes are not a record. */
int gt_wire_unpack_record(const char *buf, size_t len, struct gt_game_record *rec);

/* A datagen game: its result (1, 0.5, 0), the first player's margin,
 * whether it was adjudicated, and its kept lines. */
char *gt_wire_pack_lines(const char *lines, double result, int margin, bool adjudicated,
                         size_t *len);
/* Points into buf; lines is NUL-terminated there.  -1 if malformed. */
int gt_wire_unpack_lines(const char *buf, size_t len, const char **lines, double *result,
                         int *margin, bool *adjudicated);

#endif
