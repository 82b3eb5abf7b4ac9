# lib/dist/: distributed runs over MPI (perft, match, datagen over the
# ranks of an MPI job).  Built only with ./configure --with-mpi; the
# sources are distributed either way.
# SPDX-License-Identifier: MIT
if HAVE_MPI
noinst_LTLIBRARIES += lib/dist/libgtdist.la
GT_DIST_ROOM = lib/dist/libgtdist.la
endif
noinst_HEADERS += lib/dist/deal.h lib/dist/deal_state.h lib/dist/dist.h lib/dist/wire.h
lib_dist_libgtdist_la_SOURCES = lib/dist/deal.c lib/dist/deal_net.c lib/dist/dist.c \
	lib/dist/dist_datagen.c lib/dist/dist_match.c lib/dist/dist_perft.c lib/dist/wire.c
lib_dist_libgtdist_la_CPPFLAGS = $(AM_CPPFLAGS) $(MPI_CFLAGS)
lib_dist_libgtdist_la_LIBADD = $(MPI_LIBS)
