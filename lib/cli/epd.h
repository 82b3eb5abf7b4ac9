/* epd.h -- test suites in EPD form for any game: a position in the game's
 * text, then operations `bm`, `am`, `dm` and `id` separated by ';'. */
#ifndef GT_EPD_H
#define GT_EPD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define GT_EPD_MAX_MOVES 32

struct gt_epd {
    char position[512];
    char id[128];
    char bm[GT_EPD_MAX_MOVES][16];
    int nbm;
    char am[GT_EPD_MAX_MOVES][16];
    int nam;
    int dm;                 /* 0: none */
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
 * Returns 0 when the file was read (whatever was solved), 1 otherwise. */
int gt_epd_run(struct gt_engine *e, const char *path,
               const struct gt_epd_options *opt, FILE *out);

#endif
