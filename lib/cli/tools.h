/* tools.h -- the command-line tools for engine developers: perft, bench
 * and analyse, for any game.
 * SPDX-License-Identifier: MIT */
#ifndef GT_TOOLS_H
#define GT_TOOLS_H

#include <stdbool.h>
#include <stdio.h>

struct gt_engine;

/* Set the engine's position from a command line's text: a FEN/SFEN or
 * `startpos` (NULL too), either followed by `moves M...` as in the
 * protocols.  Prints what is wrong, as the command cmd's, and returns -1
 * on error. */
int gt_tool_set_position(struct gt_engine *e, const char *cmd, const char *text);

int gt_tool_perft(struct gt_engine *e, int depth, const char *position,
                  bool divide, FILE *out);
int gt_tool_bench(struct gt_engine *e, int depth, FILE *out);
/* The search's named numbers as the options set them: name, value, the
 * default and the range, one per line (a tuner's starting point). */
int gt_tool_params(struct gt_engine *e, FILE *out);
/* limit: "depth", "nodes" or "movetime" with its value. */
int gt_tool_analyse(struct gt_engine *e, const char *position, const char *limit,
                    long value, FILE *out);

#endif
