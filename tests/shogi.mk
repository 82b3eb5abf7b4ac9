# tests/shogi.mk: the shogi module's test suites and its perft bench.
check_PROGRAMS += tests/check_shogi
TESTS += tests/check_shogi
tests_check_shogi_SOURCES = tests/check_shogi.c games/shogi/module.c
tests_check_shogi_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_shogi_CPPFLAGS = $(AM_CPPFLAGS) \
	-DTEST_DATA_DIR='"$(abs_top_srcdir)/tests/data"'
tests_check_shogi_LDADD = games/shogi/libshogi.la $(CHECK_LIBS)

noinst_PROGRAMS += tests/bench/shogi-perft-bench
tests_bench_shogi_perft_bench_SOURCES = tests/bench/shogi_perft_bench.c \
	games/shogi/module.c
tests_bench_shogi_perft_bench_CFLAGS = $(AM_CFLAGS) -O3
tests_bench_shogi_perft_bench_LDADD = games/shogi/libshogi.la
EXTRA_DIST += games/shogi/README.md tests/bench/shogi-perft.sh \
	tests/bench/shogi-perft-verify.sh tests/data/shogi/perft.epd \
	tests/data/shogi/mates.epd tests/data/shogi/openings.txt

# libFuzzer target: configure --enable-fuzzers CC=clang.  The module's
# sources are compiled in again so that they carry the fuzzer's coverage.
if FUZZERS
noinst_PROGRAMS += tests/fuzz_shogi
tests_fuzz_shogi_SOURCES = tests/fuzz_shogi.c games/shogi/module.c \
	$(games_shogi_libshogi_la_SOURCES)
tests_fuzz_shogi_CFLAGS = $(AM_CFLAGS) -fsanitize=fuzzer,address,undefined
tests_fuzz_shogi_LDFLAGS = -fsanitize=fuzzer,address,undefined
endif
