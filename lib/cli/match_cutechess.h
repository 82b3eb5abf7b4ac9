/* match_cutechess.h -- cutechess-cli's and fastchess's options (one dash:
 * -engine cmd=..., -each, -games, -rounds, -openings file=..., ...) read
 * into the same match configuration as gtsearch's own.
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_CUTECHESS_H
#define GT_MATCH_CUTECHESS_H

#include "match/match.h"

#define GT_CUTE_MAX_WORDS 64

/* What the options say before it can be applied: each engine's words
 * and the -each ones (engine-specific words win), -games and -rounds. */
struct gt_cute {
    bool used;
    int first_engine;                   /* c->nengines before the first -engine */
    int nwords[GT_MATCH_MAX_ENGINES];
    const char *words[GT_MATCH_MAX_ENGINES][GT_CUTE_MAX_WORDS];
    int neach;
    const char *each[GT_CUTE_MAX_WORDS];
    long games, rounds;                 /* 0: not given */
    const char *variant;
};

/* Read the option at argv[*i] (it starts with one dash), and its words;
 * *i is left on its last word.  0, or a usage error's exit status. */
int gt_cute_option(const char *cmd, struct gt_match_config *c, struct gt_cute *st, int argc,
                   char **argv, int *i);

/* Apply what gt_cute_option gathered, once all are read. */
int gt_cute_finish(const char *cmd, struct gt_match_config *c, struct gt_cute *st);

#endif
