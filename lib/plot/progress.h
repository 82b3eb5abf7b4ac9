/* progress.h -- reading a progress file: JSON lines that match, spsa,
 * tune and train write (--progress FILE), each with a "kind" naming the
 * command, all of one kind in a file.
 * SPDX-License-Identifier: MIT */
#ifndef GT_PLOT_PROGRESS_H
#define GT_PLOT_PROGRESS_H

#include <stddef.h>

#include "jsonl.h"

struct gt_progress {
    const char *path;
    char kind[16];             /* "match", "spsa", "train" or "tune" */
    int n;                     /* lines read */
    struct gt_json_line *rec;
    int *line;                 /* each one's line number in the file */
};

/* Is kind one of the kinds plot draws? */
int gt_progress_known_kind(const char *kind);

/* Read the file at path.  Blank lines are skipped; a line of train's
 * without "kind" (written before it had one) counts as train's.  Returns
 * 0, or -1 with err naming the file (and the line): a file that cannot be
 * read, one without a line, a malformed line, a line without a known
 * kind, a kind other than the file's first. */
int gt_progress_read(const char *path, struct gt_progress *p, char *err, size_t err_len);

void gt_progress_free(struct gt_progress *p);

#endif
