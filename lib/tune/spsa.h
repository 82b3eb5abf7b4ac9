/* spsa.h -- tuning engine options by games: simultaneous perturbation
 * stochastic approximation, as fishtest runs it.
 *
 * Each iteration k draws a random sign d_i for every parameter, plays
 * game pairs (same opening, colours swapped) between the engine with
 * theta + c_k*d and with theta - c_k*d, and steps
 *     theta_i += a_k * (score+ - score-) * d_i / (2 c_k)
 * where score+ - score- is the pairs' points difference.  The gains fall
 * as c_k = c / k^gamma and a_k = a / (A + k)^alpha; a parameter is set by
 * its final step c_end and its final learning rate r_end = a_end / c_end^2
 * (fishtest's words), so that c = c_end * N^gamma and
 * a = r_end * c_end^2 * (A + N)^alpha over N iterations.
 *
 * The parameters are the engines' options (the search's named numbers are
 * all options), passed to both engines of each match.
 * SPDX-License-Identifier: MIT */
#ifndef GT_TUNE_SPSA_H
#define GT_TUNE_SPSA_H

#include <stdint.h>
#include <stdio.h>

#include "match/match.h"

struct gt_spsa_param {
    const char *name;          /* an engine option */
    double value, min, max;
    double c_end, r_end;
};

struct gt_spsa_config {
    int iterations;
    int pairs;                 /* game pairs per iteration */
    double alpha, gamma, A;    /* A < 0: a tenth of the iterations */
    uint64_t seed;
    FILE *progress;            /* NULL, or a JSON line per iteration (the
                                  start as iteration 0): "kind": "spsa",
                                  "iteration", "iterations", "wins",
                                  "losses", "draws" (theta+'s, so far),
                                  "params": {NAME: value, ...} */
};

struct gt_spsa_stats {
    int iterations;
    long wins, losses, draws;  /* of the theta+ engines */
};

void gt_spsa_config_default(struct gt_spsa_config *c);

/* Run SPSA: the match (engine 0 is the engine to tune; its time control,
 * openings and concurrency) plays every iteration.  A line per iteration
 * on log with the result and the parameters.  Returns 0, or -1 with err
 * (a match that could not be run). */
int gt_spsa_run(const struct gt_match_config *match, struct gt_spsa_param *p, int np,
                const struct gt_spsa_config *c, FILE *log, struct gt_spsa_stats *st,
                char *err, size_t err_len);

#endif
