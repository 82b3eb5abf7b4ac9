/* dist.c -- joining and leaving the MPI job (dist.h).
 *
 * MPI_Init runs only when a launcher started this process and the
 * command is perft, match or datagen.  Open MPI can start a process alone
 * as a job of one (a "singleton"), but that forks a daemon and costs
 * about half a second a start; and the engines a match starts inherit
 * the launcher's environment, so the protocol loop must never join.  The
 * launchers say so in the environment: Open MPI's mpirun sets
 * OMPI_COMM_WORLD_SIZE, PMIx launchers (srun --mpi=pmix, Open MPI 5)
 * PMIX_RANK, PMI-1/2 launchers (srun --mpi=pmi2, MPICH) PMI_RANK or
 * PMI_SIZE.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "dist.h"

#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "deal.h"
#include "core/util.h"

/* Set once by gt_dist_init, before any thread starts. */
static int my_rank, my_size = 1;
static bool joined;

static bool launched(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK",
                                       "PMI_SIZE"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if (getenv(vars[i]))
            return true;
    return false;
}

void gt_dist_init(const char *command)
{
    if (joined || !command || !launched() ||
        (strcmp(command, "perft") && strcmp(command, "match") && strcmp(command, "datagen")))
        return;
    int provided = 0;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "gtsearch: MPI_Init failed; running as one process\n");
        return;
    }
    joined = true;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &my_size);
    if (provided < MPI_THREAD_SERIALIZED && my_size > 1) {
        fprintf(stderr, "gtsearch: this MPI gives no MPI_THREAD_SERIALIZED, which the "
                "distributed %s needs\n", command);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
}

int64_t gt_dist_timeout_ms(void)
{
    const char *s = getenv("GTSEARCH_MPI_TIMEOUT");
    long v;
    if (s && gt_parse_long(s, 1, 86400, &v) == 0)
        return v * 1000;
    return 30000;
}

static void *watchdog(void *arg)
{
    int64_t ms = gt_dist_timeout_ms();
    struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000};
    nanosleep(&ts, NULL);
    fprintf(stderr, "gtsearch: rank %d: MPI_Finalize still waits (for a lost rank?); "
            "leaving without it\n", my_rank);
    _exit(*(int *)arg);
}

/* MPI_Finalize waits for every rank, the lost ones too (Open MPI with
 * --enable-recovery): after the timeout the process leaves without it. */
void gt_dist_finish(int status)
{
    static int exit_status;
    int done = 0;
    if (!joined || MPI_Finalized(&done) != MPI_SUCCESS || done)
        return;
    fflush(NULL);
    exit_status = status;
    pthread_t t;
    if (pthread_create(&t, NULL, watchdog, &exit_status) == 0)
        pthread_detach(t);
    MPI_Finalize();
}

int gt_dist_rank(void)
{
    return my_rank;
}

int gt_dist_size(void)
{
    return my_size;
}
