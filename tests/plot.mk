# tests/plot.mk: the plot room: the JSON-line reader and the axes' ticks
# (Check), and tests/plot/plot.sh: real progress files of match, train,
# tune and spsa drawn and the pictures read back.
# SPDX-License-Identifier: MIT
check_PROGRAMS += tests/plot/check_plot
TESTS += tests/plot/check_plot tests/plot/plot.sh
EXTRA_DIST += tests/plot/plot.sh
tests_plot_check_plot_SOURCES = tests/plot/check_plot.c tests/check_main.c
tests_plot_check_plot_CFLAGS = $(CORE_TEST_CFLAGS)
tests_plot_check_plot_LDADD = lib/plot/libgtplot.la $(CHECK_LIBS)
