#!/bin/sh
# mpi-absent.sh -- a gtsearch built without MPI, started by mpirun or srun
# as one of several copies, refuses the commands MPI would share out
# (perft, match, datagen) instead of running the whole job in every copy;
# one copy, or the protocol loop (match engines inherit the launcher's
# environment), runs as usual.  The launchers' words are set by hand.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}"
if grep -q '^#define HAVE_MPI 1' "$abs_top_builddir/config.h"; then
    echo "SKIP: an MPI build (tests/mpi/mpi-*.sh test it under mpirun)"
    exit 77
fi
gt=$abs_top_builddir/gtsearch
fails=0
for env in OMPI_COMM_WORLD_SIZE=4 PMI_SIZE=2 PMIX_RANK=1; do
    set +e
    err=$(env "$env" "$gt" perft 2 2>&1 >/dev/null); rc=$?
    set -e
    case $rc:$err in
        1:*"built without MPI"*) echo "ok: $env: refused" ;;
        *) echo "FAIL: $env perft: status $rc: $err"; fails=$((fails + 1)) ;;
    esac
done
env OMPI_COMM_WORLD_SIZE=1 "$gt" perft 2 | grep -q "^perft 2: 400 " ||
    { echo "FAIL: a job of one copy"; fails=$((fails + 1)); }
printf 'uci\nquit\n' | env OMPI_COMM_WORLD_SIZE=4 "$gt" | grep -q '^uciok' ||
    { echo "FAIL: the protocol loop under a launcher"; fails=$((fails + 1)); }
exit "$fails"
