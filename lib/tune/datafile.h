/* datafile.h -- self-play positions on disk: a versioned binary format and
 * the text lines of dataset.h, read and written record by record
 * (doc/data-format.md describes both, byte by byte).
 *
 * A reader tells the formats apart by the binary magic; a writer writes
 * the one it is asked for.  Records are appended to a buffer and reach
 * the file only on gt_data_flush, so a file that is flushed after each
 * whole game never holds half a game unless the disk itself fails.
 * SPDX-License-Identifier: MIT */
#ifndef GT_TUNE_DATAFILE_H
#define GT_TUNE_DATAFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <gtsearch/game.h>

#define GT_DATA_TEXT_MAX 1024          /* longest position text, with its NUL */
#define GT_DATA_NO_SCORE INT16_MIN

/* The binary layout, version 1 (all numbers little-endian). */
#define GT_DATA_MAGIC "GTSDATA\n"      /* 8 bytes */
#define GT_DATA_VERSION 1u
#define GT_DATA_HEADER_SIZE 64
#define GT_DATA_NAME_SIZE 32           /* the game's name, NUL-padded */
#define GT_DATA_RECORD_HEAD 10         /* a record's bytes before its text */
#define GT_DATA_SCORE_MAX 32000        /* scores and margins are clamped to it */

struct gt_data_record {
    char text[GT_DATA_TEXT_MAX];   /* the game's position text (FEN, SFEN, ...) */
    int score;                     /* search score, first player's view, eval units;
                                      GT_DATA_NO_SCORE: none */
    double result;                 /* first player's result: 1 won, 0.5 drawn, 0 lost
                                      (text files may hold soft values between) */
    int margin;                    /* first player's final margin in eval units for
                                      games that have one (final_margin, negative when
                                      the first player lost); 0 otherwise */
    int ply;                       /* plies from the game's start position to this
                                      one (0 if unknown) */
};

enum gt_data_format { GT_DATA_BINARY, GT_DATA_TEXT };

struct gt_data_reader;

/* Open a data file of game g in either format (binary recognised by its
 * magic; anything else is read as text lines).  NULL with err: cannot
 * open, a binary file of another game ("data for B, not A"), another
 * format version (naming both), an empty file ("no positions"), or a
 * text file whose first records (up to 20) all fail to parse as g's
 * positions ("FILE does not look like G data: ..."). */
struct gt_data_reader *gt_data_open(const struct gt_game *g, const char *path, char *err,
                                    size_t err_len);
/* The next record: 1, 0 at the end, -1 with err naming the file and the
 * record number (binary) or line number (text) and what is wrong.  After
 * -1 the caller may call again: the next record where the file allows it
 * (text: the next line; binary: after a bad field), else 0 (binary: a
 * truncated record or a bad length, after which nothing can be trusted). */
int gt_data_read(struct gt_data_reader *r, struct gt_data_record *rec, char *err,
                 size_t err_len);
enum gt_data_format gt_data_reader_format(const struct gt_data_reader *r);
/* Where the last record read came from, for messages about it:
 * "FILE:LINE" (text) or "FILE: record N" (binary). */
void gt_data_where(const struct gt_data_reader *r, char *buf, size_t len);
void gt_data_close(struct gt_data_reader *r);

struct gt_data_writer;

/* Start writing to out (binary: the header is buffered now and reaches
 * the file with the first flush).  NULL with err when out of memory. */
struct gt_data_writer *gt_data_writer_new(const struct gt_game *g, FILE *out,
                                           enum gt_data_format f, char *err, size_t err_len);
/* The same for a file that already holds records of g in format f, out
 * opened to append: no header is written. */
struct gt_data_writer *gt_data_writer_append(const struct gt_game *g, FILE *out,
                                              enum gt_data_format f, char *err, size_t err_len);
/* Append one record (buffered).  0, or -1 on a write error (errno says
 * which) or a text that is empty or too long (EINVAL). */
int gt_data_write(struct gt_data_writer *w, const struct gt_data_record *rec);
/* Push everything appended so far to the file (fflush): call after each
 * whole game so that a crash or Ctrl-C never leaves half a record.  0 or
 * -1 (errno); after a failure every call fails and writes nothing. */
int gt_data_flush(struct gt_data_writer *w);
void gt_data_writer_free(struct gt_data_writer *w);  /* does not close out */

/* The format a file name asks for: text when it ends in ".txt", else
 * binary. */
enum gt_data_format gt_data_format_for(const char *path);
/* "bin", "binary" or "text" (-1 for anything else). */
int gt_data_format_parse(const char *word, enum gt_data_format *f);
const char *gt_data_format_name(enum gt_data_format f);

/* One text data line: the position text (into pos_text), score (NAN for
 * "-") and result.  1: a position, 0: blank or comment, -1: malformed,
 * with the reason in err. */
int gt_data_line_parse(char *line, char **pos_text, double *score, double *result,
                       char *err, size_t err_len);

#endif
