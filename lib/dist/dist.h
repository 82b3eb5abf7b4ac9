/* dist.h -- distributed runs over MPI: perft, match and datagen spread
 * over the processes (ranks) of an MPI job, with rank 0 reporting as one
 * process would.  Built only with ./configure --with-mpi; this header
 * does not need <mpi.h>.  doc/cluster.md has the recipes.
 * SPDX-License-Identifier: MIT */
#ifndef GT_DIST_H
#define GT_DIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/perft.h"

struct gt_match_config;
struct gt_datagen_config;
struct gt_dist_match;
struct gt_dist_datagen;

/* Join the MPI job before the command `command` runs, when a launcher
 * (mpirun, srun) started this process and the command is one that is
 * distributed; otherwise (a GUI's engine, a plain shell) MPI is never
 * touched and the program is one process. */
void gt_dist_init(const char *command);
/* Leave the job, if init joined one, before exiting with status. */
void gt_dist_finish(int status);

/* This process's rank and the number of ranks (0 and 1 outside a job). */
int gt_dist_rank(void);
int gt_dist_size(void);

/* gt_perft over the ranks: every rank calls it with the same position;
 * rank 0 gets the count and the divide calls, the others get 0. */
uint64_t gt_dist_perft(const struct gt_game *g, void *pos, int depth,
                       gt_divide_fn divide, void *ctx);

/* A match over the ranks: setup gives c the hooks that deal its games
 * (on ranks other than 0 it also silences c and drops its record files;
 * a --log file gets the rank's number); then gt_match_run runs on every
 * rank; finish ends the exchange (also when the run failed before its
 * first game) and frees.  setup returns NULL outside a job. */
struct gt_dist_match *gt_dist_match_setup(struct gt_match_config *c);
void gt_dist_match_finish(struct gt_dist_match *dm);

/* The same for datagen; finish returns -1 with err when games are
 * missing from rank 0's output (a game failed on some rank). */
struct gt_dist_datagen *gt_dist_datagen_setup(struct gt_datagen_config *c);
int gt_dist_datagen_finish(struct gt_dist_datagen *dd, char *err, size_t err_len);

#endif
