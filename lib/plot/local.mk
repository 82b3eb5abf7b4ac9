# lib/plot/: progress files (JSON lines of match, spsa, tune and train)
# drawn as SVG pictures: the line reader, the axes' ticks, the SVG writer
# and each kind's layout.  Game-agnostic; uses no other room.
# SPDX-License-Identifier: MIT
noinst_LTLIBRARIES += lib/plot/libgtplot.la
noinst_HEADERS += lib/plot/jsonl.h lib/plot/layout.h lib/plot/plot.h lib/plot/progress.h \
	lib/plot/series.h lib/plot/svg.h lib/plot/ticks.h
lib_plot_libgtplot_la_SOURCES = \
	lib/plot/jsonl.c \
	lib/plot/layout_loss.c \
	lib/plot/layout_match.c \
	lib/plot/layout_spsa.c \
	lib/plot/plot.c \
	lib/plot/progress.c \
	lib/plot/series.c \
	lib/plot/svg.c \
	lib/plot/ticks.c
lib_plot_libgtplot_la_LIBADD = -lm
