/* match_resume.h -- --resume: the games an interrupted match already
 * wrote, read back from its PGN games file (the Round tag is the game's
 * number in the schedule) or its record lines (game=N).
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_RESUME_H
#define GT_MATCH_RESUME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "match.h"
#include "match_referee.h"

/* One finished game as a file has it. */
struct gt_resumed {
    int number;               /* 1-based game number in the schedule */
    char first[80], second[80]; /* the engines on side 0 and side 1 */
    int result;               /* +1 side 0 won, -1 side 1 won, 0 a draw */
    enum gt_end end;          /* time, crash and illegal name a culprit:
                                 the loser; the others are told apart
                                 only as far as the file says */
    char *start;              /* the start position's text; NULL: the
                                 game's start position */
    bool has_variant;         /* PGN: its Variant tag */
    char variant[80];
    long games_end;           /* a record line's games_end (a notation
                                 games file's length after the game),
                                 -1: none */
    int line;                 /* where the game starts in the file */
    size_t start_offset;      /* where its text starts */
};

/* The games of one file, in the file's order. */
struct gt_resume {
    const char *file;
    bool pgn;                 /* PGN (its games have a Variant or none) */
    struct gt_resumed *v;
    int n;
    size_t complete;          /* the length through the last whole game;
                                 what follows is a game cut off when the
                                 program was killed while writing it */
    size_t size;              /* the text's length */
    size_t keep;              /* after gt_resume_reconcile: the length to
                                 keep (the file is cut there) */
};

/* Read the text of a games file written as PGN by gtsearch match, or of
 * a record lines file.  0, or -1 with a message naming the file and the
 * line (a game without a Round tag, an unknown result, out of memory). */
int gt_resume_parse_pgn(const char *text, const char *file, struct gt_resume *out, char *err,
                        size_t err_len);
int gt_resume_parse_lines(const char *text, const char *file, struct gt_resume *out,
                          char *err, size_t err_len);

/* The same on a file (pgn: which of the two it is).  A file that does not
 * exist is an error; an empty one has no games. */
int gt_resume_read(const char *path, bool pgn, struct gt_resume *out, char *err,
                   size_t err_len);

/* Both files of a match (b NULL when there is one) brought to the games
 * they both have: the games only one of them has must be at its end (the
 * program was killed between writing the two), and are then dropped, as
 * is an incomplete last game; each file's keep says where it is to be
 * cut.  0, or -1 with a message when a file has a game twice or the
 * files disagree otherwise. */
int gt_resume_reconcile(struct gt_resume *a, struct gt_resume *b, char *err, size_t err_len);

/* Cut the file to r->keep when it is longer, saying so on note.  0, or -1
 * with a message. */
int gt_resume_cut(const struct gt_resume *r, FILE *note, char *err, size_t err_len);

/* A games file in a notation's own format, which is not read back: cut
 * it where the last record line (lines, reconciled) says its game ended,
 * so that a game written there but not to the lines is played again, not
 * kept twice.  Lines without games_end (or none) leave the file as it is.
 * 0, or -1 with a message (the file is shorter than the lines say). */
int gt_resume_cut_notation(const char *path, const struct gt_resume *lines, FILE *note,
                           char *err, size_t err_len);

void gt_resume_free(struct gt_resume *r);

#endif
