/* epd.h -- test suites in EPD form for any game: a position in the game's
 * text, then operations separated by ';'.  `bm`, `am`, `dm`, `pv` and `id`
 * are read; every other operation (c0, ce, acd, ...) is kept as a count
 * and ignored.
 * SPDX-License-Identifier: MIT */
#ifndef GT_EPD_H
#define GT_EPD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define GT_EPD_MAX_MOVES 32
#define GT_EPD_MOVE_LEN 32      /* bytes of one move's text, NUL included */

/* One line as written: the moves are text (protocol text or any of the
 * game's notations), read into moves only by the runner, which has the
 * position. */
struct gt_epd {
    char position[512];
    char id[128];
    char bm[GT_EPD_MAX_MOVES][GT_EPD_MOVE_LEN];
    int nbm;
    char am[GT_EPD_MAX_MOVES][GT_EPD_MOVE_LEN];
    int nam;
    char pv[GT_EPD_MAX_MOVES][GT_EPD_MOVE_LEN]; /* the first moves of pv */
    int npv;
    int dm;                 /* 0: none */
    int nother;             /* operations kept but ignored (c0, ce, ...) */
};

/* Parse one line.  Returns 1 for a record, 0 for a blank or comment line,
 * -1 with a message in err for a malformed one. */
int gt_epd_parse(const char *line, struct gt_epd *rec, char *err, size_t err_len);

struct gt_engine;

struct gt_epd_options {
    const char *limit;      /* "depth", "nodes" or "movetime" */
    long value;
    bool dm_in_plies;       /* dm counts plies rather than moves */
};

/* Run every record of the file; prints a line per position and a summary.
 * A line that cannot be run (malformed, a bad position, a bm/am/pv text
 * that is no move of the position) is reported as `epd: line N (id
 * "..."): why`, counted as an error and as not solved, and the run goes
 * on.  Returns 0 when the file was read (whatever was solved), 1
 * otherwise. */
int gt_epd_run(struct gt_engine *e, const char *path,
               const struct gt_epd_options *opt, FILE *out);

#endif
