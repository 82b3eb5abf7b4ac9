/* plot.h -- progress files drawn as an SVG picture: match's Elo with its
 * interval over the games and the SPRT's LLR between its bounds; train's
 * and tune's training and validation loss per epoch; spsa's parameters
 * over the iterations, one small panel each.  Several files of one kind
 * give several series; so do runs appended one after another in a file
 * (the games, epochs or iterations start over).
 * SPDX-License-Identifier: MIT */
#ifndef GT_PLOT_PLOT_H
#define GT_PLOT_PLOT_H

#include <stddef.h>
#include <stdio.h>

#include "progress.h"

/* Draw the n files (read by gt_progress_read, all of one kind) on f;
 * title NULL: one that names the kind.  Returns 0, or -1 with err (files
 * of different kinds, a line without a field its kind needs). */
int gt_plot_write(FILE *f, const struct gt_progress *files, int n, const char *title,
                  char *err, size_t err_len);

#endif
