/* match_cli.h -- the match runner's command-line words, shared by `match`
 * and `spsa` (match_cli.c).
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_CLI_H
#define GT_MATCH_CLI_H

#include "match/match.h"

/* Parse --engine, --tc, --openings, ... into c (filled with defaults
 * first); at least min_engines engines.  Returns 0, or the exit status of
 * a usage error, already reported as the command cmd's (match, spsa). */
int gt_match_parse_args(const char *cmd, struct gt_match_config *c, int argc, char **argv,
                        int min_engines);
/* Does the word after --engine CMD belong to it (KEY=VALUE, no dash)? */
bool gt_match_is_attr(const char *w);
/* One KEY=VALUE word of an engine (name=, proto=, nodes=, option.N=V)
 * and of the SPRT (elo0=, elo1=, alpha=, beta=).  0, or a usage error's
 * exit status. */
int gt_match_engine_attr(const char *cmd, struct gt_match_engine *e, const char *word);
int gt_match_sprt_attr(const char *cmd, struct gt_match_config *c, const char *word);

/* Free what parsing allocated (the engines' option names): of every
 * engine, or of one. */
void gt_match_free_args(struct gt_match_config *c);
void gt_match_free_engine(struct gt_match_engine *e);

#endif
