# tests/mpi.mk: the distributed runs (lib/dist) under mpirun -np 2 against
# one process: perft counts, a match's report and records, datagen's
# lines, and a rank killed in a match.  Without ./configure --with-mpi
# they skip, saying so.
# SPDX-License-Identifier: MIT
mpi_tests = tests/mpi-perft.sh tests/mpi-match.sh tests/mpi-datagen.sh tests/mpi-lost-rank.sh
TESTS += $(mpi_tests)
EXTRA_DIST += $(mpi_tests) tests/mpi-env.sh
if HAVE_MPI
AM_TESTS_ENVIRONMENT += HAVE_MPI=yes MPIRUN='$(MPIRUN)'; export HAVE_MPI MPIRUN;
endif
