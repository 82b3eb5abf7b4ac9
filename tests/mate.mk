# tests/mate.mk: the mate solver's suites (on the chess and shogi modules,
# linked in as their convenience libraries).
# SPDX-License-Identifier: MIT
check_PROGRAMS += tests/mate/check_mate
TESTS += tests/mate/check_mate
tests_mate_check_mate_SOURCES = tests/mate/check_mate.c tests/check_main.c tests/protocol_io.c \
	games/chess/module.c games/shogi/module.c
tests_mate_check_mate_CPPFLAGS = $(AM_CPPFLAGS) -DTEST_DATA_DIR='"$(abs_top_srcdir)/tests/data"'
tests_mate_check_mate_CFLAGS = $(CORE_TEST_CFLAGS)
tests_mate_check_mate_LDADD = $(GT_ROOMS) games/chess/libchess.la \
	games/shogi/libshogi.la $(CHECK_LIBS)
EXTRA_DIST += tests/bench/mates.sh doc/mate.md
