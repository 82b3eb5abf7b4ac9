# tests/othello.mk: the Othello example module (doc/examples/othello/), its
# code linked in directly, with the core for perft and search.
# SPDX-License-Identifier: MIT
check_PROGRAMS += tests/check_othello
TESTS += tests/check_othello
tests_check_othello_SOURCES = tests/check_othello.c tests/check_main.c \
	doc/examples/othello/othello.c
tests_check_othello_CFLAGS = $(CORE_TEST_CFLAGS)
tests_check_othello_LDADD = $(CORE_TEST_LDADD)
