# lib/core/: the search core -- what a module's search runs on.  It sees
# only lib/gtsearch/ (see tests/include-rules.sh).
# SPDX-License-Identifier: MIT
noinst_LTLIBRARIES += lib/core/libgtcore.la
noinst_HEADERS += lib/core/accum.h lib/core/conformance.h lib/core/conformance_book.h lib/core/score.h lib/core/net.h lib/core/ending.h lib/core/features.h lib/core/history.h lib/core/nullmove.h lib/core/paramfile.h lib/core/params.h lib/core/perft.h \
	lib/core/search.h lib/core/tt.h lib/core/util.h lib/core/worker.h
lib_core_libgtcore_la_SOURCES = \
	lib/core/accum.c \
	lib/core/alphabeta.c \
	lib/core/conformance.c lib/core/conformance_book.c \
	lib/core/correction.c \
	lib/core/ending.c \
	lib/core/features.c \
	lib/core/history.c \
	lib/core/movepick.c \
	lib/core/net.c \
	lib/core/net_infer.c \
	lib/core/nullmove.c \
	lib/core/paramfile.c \
	lib/core/params.c \
	lib/core/perft.c \
	lib/core/score.c \
	lib/core/search.c \
	lib/core/timeman.c \
	lib/core/tt.c \
	lib/core/util.c
lib_core_libgtcore_la_LIBADD = $(LIBS)
