# tests/mpi.mk: the distributed runs (lib/dist) under mpirun -np 2 against
# one process: perft counts, a match's report and records, datagen's
# lines, and a rank killed in a match.  They belong to the MPI build
# (./configure --with-mpi), which .ci/run checks as well; a build without
# MPI has nothing of lib/dist to test.
# SPDX-License-Identifier: MIT
mpi_tests = tests/mpi/mpi-perft.sh tests/mpi/mpi-match.sh tests/mpi/mpi-datagen.sh tests/mpi/mpi-lost-rank.sh
EXTRA_DIST += $(mpi_tests) tests/mpi/mpi-env.sh tests/mpi/mpi-absent.sh
if HAVE_MPI
TESTS += $(mpi_tests)
AM_TESTS_ENVIRONMENT += HAVE_MPI=yes MPIRUN='$(MPIRUN)'; export HAVE_MPI MPIRUN;
else
# Without MPI: a launcher's copies are refused, not run alone.
TESTS += tests/mpi/mpi-absent.sh
endif
