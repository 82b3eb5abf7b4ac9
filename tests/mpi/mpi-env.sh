# mpi-env.sh -- sourced by the tests/mpi-*.sh.  Without MPI configured
# they skip, saying so; with it they run mpirun as CI does: as root, with
# more ranks than cores allowed.
# SPDX-License-Identifier: MIT
if [ "${HAVE_MPI:-no}" != yes ]; then
    echo "SKIP: MPI not configured (./configure --with-mpi builds the distributed runs)"
    exit 77
fi
if [ -z "${MPIRUN:-}" ] || ! [ -x "$MPIRUN" ]; then
    echo "FAIL: gtsearch was configured with MPI, but configure found no mpirun"
    exit 1
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Containers often forbid the cross-memory attach of Open MPI's shared
# memory transport; copying through the segment works everywhere.
export OMPI_MCA_btl_vader_single_copy_mechanism=none
gts=$abs_top_builddir/gtsearch

# mpirun_np N CMD...: CMD as N ranks.
mpirun_np() {
    n=$1
    shift
    "$MPIRUN" --oversubscribe --allow-run-as-root -np "$n" "$@"
}

fail() { echo "FAIL: $*"; exit 1; }
