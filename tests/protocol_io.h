/* protocol_io.h -- run the protocol loop on a script of input lines and
 * capture what the engine answered (for the protocol tests).
 * SPDX-License-Identifier: MIT */
#ifndef GT_TEST_PROTOCOL_IO_H
#define GT_TEST_PROTOCOL_IO_H

#include <gtsearch/game.h>

/* The engine's whole answer to `script`; the caller frees it. */
char *run_script(const struct gt_game *g, const char *script);

/* Does text contain line as a whole line? */
int has_line(const char *text, const char *line);

/* Remove every " NAME <number>" field (time and nps vary from run to run). */
void drop_field(char *text, const char *name);

#endif
