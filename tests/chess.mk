# tests/chess.mk: the chess module's test suites, bench driver and fuzzer.
# SPDX-License-Identifier: MIT
check_PROGRAMS += tests/chess/check_chess
TESTS += tests/chess/check_chess
tests_chess_check_chess_SOURCES = tests/chess/check_chess.c tests/chess/check_chess.h tests/chess/check_chess_fen.c \
	tests/chess/check_chess_moves.c tests/chess/check_chess_rules.c tests/chess/check_chess_eval.c \
	tests/chess/check_chess_san.c tests/chess/check_chess_book.c \
	games/chess/module.c
tests_chess_check_chess_CPPFLAGS = $(AM_CPPFLAGS) -DTEST_DATA_DIR='"$(abs_top_srcdir)/tests/data"'
tests_chess_check_chess_CFLAGS = $(CORE_TEST_CFLAGS)
tests_chess_check_chess_LDADD = games/chess/libchess.la $(CHECK_LIBS)

EXTRA_DIST += tests/bench/chess-perft.sh tests/bench/chess-perft-verify.sh tests/bench/chess-net-speed.sh

# libFuzzer target (configure --enable-fuzzers CC=clang).  It compiles the
# module's sources itself so that they carry the fuzzer's coverage
# instrumentation too.
if FUZZERS
noinst_PROGRAMS += tests/chess/fuzz_chess
tests_chess_fuzz_chess_SOURCES = tests/chess/fuzz_chess.c $(games_chess_libchess_la_SOURCES) \
	games/chess/module.c
tests_chess_fuzz_chess_CFLAGS = $(AM_CFLAGS) -fsanitize=fuzzer,address,undefined
tests_chess_fuzz_chess_LDFLAGS = -fsanitize=fuzzer,address,undefined
endif

# The engine plays chess: KQK and KRK mates against a defending engine.
check_PROGRAMS += tests/chess/check_chess_play
TESTS += tests/chess/check_chess_play
tests_chess_check_chess_play_SOURCES = tests/chess/check_chess_play.c tests/check_main.c \
	games/chess/module.c
tests_chess_check_chess_play_CFLAGS = $(CORE_TEST_CFLAGS)
tests_chess_check_chess_play_LDADD = games/chess/libchess.la $(GT_ROOMS) $(CHECK_LIBS)

# Null-move pruning, guard by guard, and the chess zugzwang and mate suites.
check_PROGRAMS += tests/core/check_nullmove
TESTS += tests/core/check_nullmove
tests_core_check_nullmove_SOURCES = tests/core/check_nullmove.c tests/check_main.c \
	games/chess/module.c
tests_core_check_nullmove_CPPFLAGS = $(AM_CPPFLAGS) -DTEST_DATA_DIR='"$(abs_top_srcdir)/tests/data"'
tests_core_check_nullmove_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_nullmove_LDADD = games/chess/libchess.la $(GT_ROOMS) $(CHECK_LIBS)
