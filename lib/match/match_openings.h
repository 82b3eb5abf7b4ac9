/* match_openings.h -- the openings file of a match, and setting a referee
 * position with the match's game options.
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_OPENINGS_H
#define GT_MATCH_OPENINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "match.h"

struct gt_opening {
    char *base;        /* position text as the game writes it; NULL: startpos */
    char **moves;      /* moves played from base, as text */
    int nmoves;
    int line;          /* line number in the file (of a game's start) */
};

struct gt_openings {
    struct gt_opening *v;
    int n;
};

/* Read a position (NULL: the game's start position) into pos and apply the
 * configuration's game options.  -1 with the game's message in err. */
int gt_match_set_position(const struct gt_match_config *c, void *pos, const char *text,
                          char *err, size_t err_len);

/* Read an openings file.  Its format is told by its extension: .pgn is
 * PGN (gt_pgn_openings), and a notation's name (or that name and one more
 * letter: .kifu) is that notation's record files (its read_record, game
 * after game).  Otherwise by its content: a file that starts with a PGN
 * tag or a numbered move is PGN; else it has one opening a line, each
 *   startpos [moves M...]
 *   [fen|sfen] POSITION [moves M...]
 *   an EPD line: the first 4 to 6 fields are the position, the operations
 *   after them (ce, c0, id, ...) are ignored;
 * blank lines and lines starting with '#' skipped; and a file without a
 * single such line that a notation's read_record reads is read as that
 * notation's records.  A line or game that does not parse is reported on
 * `warn` as FILE:LINE: with the reason, and skipped.  Returns 0, or -1
 * with a message (file unreadable, nothing usable). */
int gt_openings_load(const struct gt_match_config *c, const char *file,
                     struct gt_openings *out, FILE *warn, char *err, size_t err_len);

/* The same on the text of a file named `file` (its name tells the format
 * and names it in messages). */
int gt_openings_parse_text(const struct gt_match_config *c, const char *text, const char *file,
                           struct gt_openings *out, FILE *warn, char *err, size_t err_len);

/* PGN openings: each game of the text is an opening, from its FEN tag
 * (SetUp is not required) or the start position, with the moves of its
 * movetext read in the game's record notation (else as protocol text) on
 * the running position; comments ({...}, ;...), NAGs ($1), annotation
 * marks (!, ?), move numbers, variations in parentheses and % lines are
 * skipped, and a result (or the next game's tags) ends a game.  A game
 * with a bad tag, FEN or move is reported on warn, "FILE:LINE: skipped
 * game N: move 3 'Nf9': ...", counted in *bad and skipped.  -1 (with a
 * message) only when out of memory. */
int gt_pgn_openings(const struct gt_match_config *c, const char *text, const char *file,
                    struct gt_openings *out, FILE *warn, int *bad, char *err, size_t err_len);

/* Helpers of the readers: set pos to a start (NULL: the game's start
 * position) and keep its text in op->base; add a move's protocol text to
 * op; add op to ops (op is freed when that fails); the line number of a
 * place in a text. */
int gt_opening_set_start(const struct gt_match_config *c, void *pos, const char *text,
                         struct gt_opening *op, char *err, size_t err_len);
int gt_opening_add_move(struct gt_opening *op, const char *text);
int gt_openings_add(struct gt_openings *ops, struct gt_opening *op);
int gt_text_line(const char *text, const char *at);

/* Parse one line (exposed for the tests).  1: an opening, 0: nothing on
 * the line (blank or comment), -1: malformed, with the reason in err. */
int gt_opening_parse(const struct gt_match_config *c, const char *line,
                     struct gt_opening *op, char *err, size_t err_len);

void gt_opening_free(struct gt_opening *op);
void gt_openings_free(struct gt_openings *ops);

#endif
