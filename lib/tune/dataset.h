/* dataset.h -- tuning data: positions with a game result (and maybe a
 * search score), held as the evaluation's trace.
 *
 * A data file (datafile.h, doc/data-format.md) is binary or text; a text
 * file has one position a line:
 *     POSITION TEXT | SCORE | RESULT
 * POSITION TEXT is the game's own (FEN, SFEN, ...); SCORE the search's
 * score in the game's eval units from the first player's view, or "-";
 * RESULT the first player's result, 1 (won), 0.5 (drawn) or 0 (lost), or
 * any number between for a soft target.  Blank lines and '#' lines are
 * skipped.  `datagen` writes such files; `tune` reads them.
 *
 * In memory each position is a sparse row: the trace's non-zero
 * coefficients, turned to the first player's view, and what no parameter
 * explains (`rest`: the evaluation minus the coefficients' sum).
 * SPDX-License-Identifier: MIT */
#ifndef GT_TUNE_DATASET_H
#define GT_TUNE_DATASET_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <gtsearch/game.h>

#include "datafile.h"

struct gt_tune_set {
    int nparams;
    size_t n, cap;             /* positions */
    size_t nnz, nnz_cap;       /* coefficients */
    size_t *start;             /* row i is start[i] .. start[i+1]-1 */
    int32_t *idx;
    float *coef;
    float *rest;
    float *result;             /* 0..1, the first player's */
    float *score;              /* the search's, first player's view; NAN: none */
};

void gt_tune_set_init(struct gt_tune_set *s, int nparams);
void gt_tune_set_free(struct gt_tune_set *s);

/* Add a row from a dense coefficient vector (nparams entries, first
 * player's view).  -1 when out of memory. */
int gt_tune_set_add(struct gt_tune_set *s, const double *coef, double rest, double result,
                    double score);

/* Read a data file (either format) with game g, tracing each position
 * with weights w (nparams values).  A record that does not parse, or
 * whose position the game refuses, is reported on warn as FILE:LINE:
 * reason (binary: FILE: record N: reason) and skipped.  Returns the
 * number of positions read, or -1 with err (a file that cannot be opened
 * or is another game's, out of memory, a game without
 * eval_params/eval_trace). */
long gt_tune_load(const struct gt_game *g, const int32_t *w, const char *path,
                  struct gt_tune_set *s, FILE *warn, char *err, size_t err_len);

#endif
