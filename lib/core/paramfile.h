/* paramfile.h -- weights files: a table of named integer parameters
 * (struct gt_param) read from and written to text.
 *
 * The form is the one game.h describes: GT_PARAM(name, value, min, max)
 * lines with C comments around them, which a module includes as its
 * compiled-in table; lines of `name value` are read too, so a hand-made
 * file of a few overrides works.
 * SPDX-License-Identifier: MIT */
#ifndef GT_PARAMFILE_H
#define GT_PARAMFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <gtsearch/game.h>

/* Entries of a table ended by a NULL name (0 for NULL). */
int gt_param_count(const struct gt_param *t);

/* Index of a name in the table, or -1. */
int gt_param_find(const struct gt_param *t, int n, const char *name);

/* Parse a weights file's text into values[] (n entries of t; the names a
 * file does not give keep the value already in values[]).  A name that is
 * not in the table, a value that is not a number or outside [min, max],
 * or a line that is neither form is an error naming file, line and what
 * was wrong, and values[] stays as it was.  Returns the number of parameters set, or -1 with err. */
int gt_params_parse(const struct gt_param *t, int n, const char *text, const char *file,
                    int32_t *values, char *err, size_t err_len);
/* The same on a file (an empty path or "<empty>" is an error). */
int gt_params_read(const struct gt_param *t, int n, const char *path, int32_t *values,
                   char *err, size_t err_len);

/* Write values[] as GT_PARAM lines, after a comment of `comment`'s lines
 * (may be NULL).  Returns 0, or -1 on a write error. */
int gt_params_write(const struct gt_param *t, int n, const int32_t *values,
                    const char *comment, FILE *out);

/* Rewrite a weights file's text with new values: every GT_PARAM line of
 * `text` whose name is in t gets values[] (its range and the rest of the
 * file, comments and order, stay as they are).  Returns the number of
 * lines rewritten, or -1 on a write error. */
int gt_params_rewrite(const struct gt_param *t, int n, const int32_t *values,
                      const char *text, FILE *out);

#endif
