# tests/shogi.mk: the shogi module's test suites and fuzzer.
# SPDX-License-Identifier: MIT
check_PROGRAMS += tests/shogi/check_shogi
TESTS += tests/shogi/check_shogi
tests_shogi_check_shogi_SOURCES = tests/shogi/check_shogi.c games/shogi/module.c
tests_shogi_check_shogi_CFLAGS = $(CORE_TEST_CFLAGS)
tests_shogi_check_shogi_CPPFLAGS = $(AM_CPPFLAGS) \
	-DTEST_DATA_DIR='"$(abs_top_srcdir)/tests/data"'
tests_shogi_check_shogi_LDADD = games/shogi/libshogi.la $(CHECK_LIBS)

# The notations (kif, csa, xshogi) and end_reason.
check_PROGRAMS += tests/shogi/check_shogi_notation
TESTS += tests/shogi/check_shogi_notation
tests_shogi_check_shogi_notation_SOURCES = tests/shogi/check_shogi_notation.c tests/check_main.c \
	games/shogi/module.c
tests_shogi_check_shogi_notation_CFLAGS = $(CORE_TEST_CFLAGS)
tests_shogi_check_shogi_notation_LDADD = games/shogi/libshogi.la $(CHECK_LIBS)

# Tsume positions (an attacker without a king): rules, perft through the
# core, the twin with a far-away king, and the df-pn solver.
check_PROGRAMS += tests/shogi/check_shogi_tsume
TESTS += tests/shogi/check_shogi_tsume
tests_shogi_check_shogi_tsume_SOURCES = tests/shogi/check_shogi_tsume.c tests/check_main.c \
	games/shogi/module.c
tests_shogi_check_shogi_tsume_CFLAGS = $(CORE_TEST_CFLAGS)
tests_shogi_check_shogi_tsume_LDADD = lib/mate/libgtmate.la lib/core/libgtcore.la \
	games/shogi/libshogi.la $(CHECK_LIBS)

# KIF and CSA record files: exact text, round trips, real files, errors.
check_PROGRAMS += tests/shogi/check_shogi_records
TESTS += tests/shogi/check_shogi_records
tests_shogi_check_shogi_records_SOURCES = tests/shogi/check_shogi_records.c tests/check_main.c \
	games/shogi/module.c
tests_shogi_check_shogi_records_CFLAGS = $(CORE_TEST_CFLAGS)
tests_shogi_check_shogi_records_LDADD = games/shogi/libshogi.la $(CHECK_LIBS)

# The evaluation as data: the parameter table and the trace.
check_PROGRAMS += tests/shogi/check_shogi_eval
TESTS += tests/shogi/check_shogi_eval
tests_shogi_check_shogi_eval_SOURCES = tests/shogi/check_shogi_eval.c tests/check_main.c \
	games/shogi/module.c
tests_shogi_check_shogi_eval_CFLAGS = $(CORE_TEST_CFLAGS)
tests_shogi_check_shogi_eval_CPPFLAGS = $(AM_CPPFLAGS) \
	-DTEST_DATA_DIR='"$(abs_top_srcdir)/tests/data"'
tests_shogi_check_shogi_eval_LDADD = games/shogi/libshogi.la $(CHECK_LIBS) -lm

EXTRA_DIST += games/shogi/README.md tests/bench/shogi-perft.sh \
	tests/bench/shogi-perft-verify.sh tests/bench/shogi-speed.sh \
	tests/bench/shogi-material-weights.sh tests/bench/shogi-search-match.sh \
	tests/bench/shogi-net-speed.sh tests/bench/shogi-gps-label.py \
	tests/shogi/gps-label.sh

# GPSShogi's scores blended into a data file, where gpsshell is installed.
TESTS += tests/shogi/gps-label.sh

# libFuzzer target: configure --enable-fuzzers CC=clang.  The module's
# sources are compiled in again so that they carry the fuzzer's coverage.
if FUZZERS
noinst_PROGRAMS += tests/shogi/fuzz_shogi
tests_shogi_fuzz_shogi_SOURCES = tests/shogi/fuzz_shogi.c games/shogi/module.c \
	$(games_shogi_libshogi_la_SOURCES)
tests_shogi_fuzz_shogi_CFLAGS = $(AM_CFLAGS) -fsanitize=fuzzer,address,undefined
tests_shogi_fuzz_shogi_LDFLAGS = -fsanitize=fuzzer,address,undefined
endif
