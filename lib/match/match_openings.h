/* match_openings.h -- the openings file of a match, and setting a referee
 * position with the match's game options. */
#ifndef GT_MATCH_OPENINGS_H
#define GT_MATCH_OPENINGS_H

#include <stddef.h>
#include <stdio.h>

#include "match.h"

struct gt_opening {
    char *base;        /* position text as the game writes it; NULL: startpos */
    char **moves;      /* moves played from base, as text */
    int nmoves;
    int line;          /* line number in the file */
};

struct gt_openings {
    struct gt_opening *v;
    int n;
};

/* Read a position (NULL: the game's start position) into pos and apply the
 * configuration's game options.  -1 with the game's message in err. */
int gt_match_set_position(const struct gt_match_config *c, void *pos, const char *text,
                          char *err, size_t err_len);

/* Read an openings file.  Each line is one of
 *   startpos [moves M...]
 *   [fen|sfen] POSITION [moves M...]
 *   an EPD line: the first 4 to 6 fields are the position, the operations
 *   after them (ce, c0, id, ...) are ignored;
 * blank lines and lines starting with '#' are skipped.  A line that does
 * not parse is reported on `warn` with its number and the reason, and
 * skipped.  Returns 0, or -1 with a message (file unreadable, no usable
 * line). */
int gt_openings_load(const struct gt_match_config *c, const char *file,
                     struct gt_openings *out, FILE *warn, char *err, size_t err_len);

/* Parse one line (exposed for the tests).  1: an opening, 0: nothing on
 * the line (blank or comment), -1: malformed, with the reason in err. */
int gt_opening_parse(const struct gt_match_config *c, const char *line,
                     struct gt_opening *op, char *err, size_t err_len);

void gt_opening_free(struct gt_opening *op);
void gt_openings_free(struct gt_openings *ops);

#endif
