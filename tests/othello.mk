# tests/othello.mk: the Othello example module (doc/examples/othello/), its
# code linked in directly, with the core for perft and search.
# SPDX-License-Identifier: MIT
check_PROGRAMS += tests/othello/check_othello
TESTS += tests/othello/check_othello
tests_othello_check_othello_SOURCES = tests/othello/check_othello.c tests/check_main.c \
	doc/examples/othello/othello.c
tests_othello_check_othello_CFLAGS = $(CORE_TEST_CFLAGS) \
	-DOTHELLO_NET='"$(abs_top_srcdir)/doc/examples/othello/othello.gtnet"'
tests_othello_check_othello_LDADD = $(CORE_TEST_LDADD)

# The tuner on synthetic Othello data, and datagen on Connect Four.
check_PROGRAMS += tests/tune/check_tune
TESTS += tests/tune/check_tune
tests_tune_check_tune_SOURCES = tests/tune/check_tune.c tests/check_main.c \
	doc/examples/othello/othello.c
tests_tune_check_tune_CFLAGS = $(CORE_TEST_CFLAGS)
tests_tune_check_tune_LDADD = games/connect4/libconnect4-test.la $(CORE_TEST_LDADD)

# The data files (binary and text) and datagen's records, on Othello.
check_PROGRAMS += tests/tune/check_datafile
TESTS += tests/tune/check_datafile
tests_tune_check_datafile_SOURCES = tests/tune/check_datafile.c tests/check_main.c \
	doc/examples/othello/othello.c
tests_tune_check_datafile_CFLAGS = $(CORE_TEST_CFLAGS)
tests_tune_check_datafile_LDADD = $(CORE_TEST_LDADD)
