# lib/cli/: the program's front end: the command line, the protocol loop,
# the module registry and the tools (perft, bench, analyse, epd, mate,
# match's command line, plot's).
# SPDX-License-Identifier: MIT
pkginclude_HEADERS += lib/gtsearch/game.h
noinst_LTLIBRARIES += lib/cli/libgtcli.la
noinst_HEADERS += lib/cli/epd.h lib/cli/match_cli.h lib/cli/match_cutechess.h lib/cli/mate_tool.h lib/cli/protocol.h \
	lib/cli/registry.h lib/cli/report.h lib/cli/tools.h lib/cli/train_cli.h lib/cli/tune_cli.h \
	lib/cli/args.h lib/cli/interrupt.h lib/cli/features_cli.h lib/cli/net_cli.h lib/cli/selftest.h \
	lib/cli/module_symbol.h lib/cli/help.h lib/cli/plot_cli.h lib/cli/label_cli.h
lib_cli_libgtcli_la_SOURCES = \
	lib/cli/args.c \
	lib/cli/epd.c \
	lib/cli/interrupt.c \
	lib/cli/label_cli.c \
	lib/cli/features_cli.c \
	lib/cli/help.c \
	lib/cli/help_table.c \
	lib/cli/match_cli.c lib/cli/match_cutechess.c \
	lib/cli/mate_tool.c \
	lib/cli/net_cli.c \
	lib/cli/plot_cli.c \
	lib/cli/protocol.c \
	lib/cli/registry.c \
	lib/cli/report.c \
	lib/cli/module_symbol.c \
	lib/cli/selftest.c \
	lib/cli/tools.c \
	lib/cli/train_cli.c \
	lib/cli/tune_cli.c

# The rooms, in link order (a room before those it uses).
GT_ROOMS = lib/cli/libgtcli.la lib/plot/libgtplot.la $(GT_DIST_ROOM) lib/train/libgttrain.la lib/tune/libgttune.la lib/match/libgtmatch.la \
	lib/engine/libgtengine.la lib/mate/libgtmate.la lib/core/libgtcore.la

bin_PROGRAMS += gtsearch
gtsearch_SOURCES = lib/cli/main.c
# -static: embed the uninstalled libtool libraries (the rooms and the
# preloaded modules), as libtool's module demo does for its preloading
# program; system libraries stay shared.
gtsearch_LDFLAGS = -static -export-dynamic
gtsearch_LDADD = $(GT_ROOMS) $(LIBS) -dlpreopen force $(BUILTIN_MODULES:%=-dlpreopen %)
gtsearch_DEPENDENCIES = $(GT_ROOMS) $(BUILTIN_MODULES)
