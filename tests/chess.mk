# tests/chess.mk: the chess module's test suites, bench driver and fuzzer.
# SPDX-License-Identifier: MIT
check_PROGRAMS += tests/check_chess
TESTS += tests/check_chess
tests_check_chess_SOURCES = tests/check_chess.c tests/check_chess.h tests/check_chess_fen.c \
	tests/check_chess_moves.c tests/check_chess_rules.c tests/check_chess_eval.c \
	tests/check_chess_san.c \
	games/chess/module.c
tests_check_chess_CPPFLAGS = $(AM_CPPFLAGS) -DTEST_DATA_DIR='"$(abs_top_srcdir)/tests/data"'
tests_check_chess_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_chess_LDADD = games/chess/libchess.la $(CHECK_LIBS)

EXTRA_DIST += tests/bench/chess-perft.sh tests/bench/chess-perft-verify.sh

# libFuzzer target (configure --enable-fuzzers CC=clang).  It compiles the
# module's sources itself so that they carry the fuzzer's coverage
# instrumentation too.
if FUZZERS
noinst_PROGRAMS += tests/fuzz_chess
tests_fuzz_chess_SOURCES = tests/fuzz_chess.c $(games_chess_libchess_la_SOURCES) \
	games/chess/module.c
tests_fuzz_chess_CFLAGS = $(AM_CFLAGS) -fsanitize=fuzzer,address,undefined
tests_fuzz_chess_LDFLAGS = -fsanitize=fuzzer,address,undefined
endif

# The engine plays chess: KQK and KRK mates against a defending engine.
check_PROGRAMS += tests/check_chess_play
TESTS += tests/check_chess_play
tests_check_chess_play_SOURCES = tests/check_chess_play.c tests/check_main.c \
	games/chess/module.c
tests_check_chess_play_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_chess_play_LDADD = games/chess/libchess.la $(GT_ROOMS) $(CHECK_LIBS)

# Null-move pruning, guard by guard, and the chess zugzwang and mate suites.
check_PROGRAMS += tests/check_nullmove
TESTS += tests/check_nullmove
tests_check_nullmove_SOURCES = tests/check_nullmove.c tests/check_main.c \
	games/chess/module.c
tests_check_nullmove_CPPFLAGS = $(AM_CPPFLAGS) -DTEST_DATA_DIR='"$(abs_top_srcdir)/tests/data"'
tests_check_nullmove_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_nullmove_LDADD = games/chess/libchess.la $(GT_ROOMS) $(CHECK_LIBS)
