# tests/connect4.mk: the connect4 module's test suites.
# SPDX-License-Identifier: MIT
check_PROGRAMS += tests/connect4/check_connect4
TESTS += tests/connect4/check_connect4
tests_connect4_check_connect4_SOURCES = tests/connect4/check_connect4.c
tests_connect4_check_connect4_CFLAGS = $(CORE_TEST_CFLAGS)
tests_connect4_check_connect4_LDADD = games/connect4/libconnect4-test.la $(CHECK_LIBS)

check_PROGRAMS += tests/connect4/check_connect4_ref
TESTS += tests/connect4/check_connect4_ref
tests_connect4_check_connect4_ref_SOURCES = tests/connect4/check_connect4_ref.c
tests_connect4_check_connect4_ref_CFLAGS = $(CORE_TEST_CFLAGS)
tests_connect4_check_connect4_ref_LDADD = games/connect4/libconnect4-test.la $(CHECK_LIBS)

# Deep perft with timing (not part of make check): tests/bench/connect4-perft.sh
noinst_PROGRAMS += tests/bench/connect4-perft
tests_bench_connect4_perft_SOURCES = tests/bench/connect4-perft.c
tests_bench_connect4_perft_LDADD = games/connect4/libconnect4-test.la
EXTRA_DIST += tests/bench/connect4-perft.sh
noinst_PROGRAMS += tests/bench/connect4-refperft
tests_bench_connect4_refperft_SOURCES = tests/bench/connect4-refperft.c

# libFuzzer target (./configure --enable-fuzzers CC=clang).  It compiles
# the module's source itself so that the module is instrumented too.
if FUZZERS
noinst_PROGRAMS += tests/connect4/fuzz_connect4
tests_connect4_fuzz_connect4_SOURCES = tests/connect4/fuzz_connect4.c games/connect4/connect4.c
tests_connect4_fuzz_connect4_CFLAGS = $(AM_CFLAGS) -fsanitize=fuzzer,address,undefined
tests_connect4_fuzz_connect4_LDFLAGS = -fsanitize=fuzzer,address,undefined
endif
