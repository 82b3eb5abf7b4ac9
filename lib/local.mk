# lib/: libgtsearch, the game-agnostic core, and the gtsearch program.
lib_LTLIBRARIES += lib/libgtsearch.la
pkginclude_HEADERS += lib/gtsearch/game.h
noinst_HEADERS += lib/engine.h lib/epd.h lib/history.h lib/nullmove.h lib/options.h lib/perft.h lib/protocol.h \
	lib/registry.h lib/report.h lib/search.h lib/tools.h lib/tt.h \
	lib/util.h lib/worker.h
lib_libgtsearch_la_SOURCES = \
	lib/alphabeta.c \
	lib/epd.c \
	lib/engine.c \
	lib/history.c \
	lib/movepick.c \
	lib/nullmove.c \
	lib/options.c \
	lib/perft.c \
	lib/protocol.c \
	lib/registry.c \
	lib/report.c \
	lib/search.c \
	lib/timeman.c \
	lib/tools.c \
	lib/tt.c \
	lib/util.c
lib_libgtsearch_la_CFLAGS = $(AM_CFLAGS) -O2
lib_libgtsearch_la_LIBADD = $(LIBS)
lib_libgtsearch_la_LDFLAGS = -no-undefined -version-info 0:0:0

bin_PROGRAMS += gtsearch
gtsearch_SOURCES = lib/main.c
# -static: embed the uninstalled libtool libraries (the core and the
# preloaded modules), as libtool's module demo does for its preloading
# program; system libraries stay shared.
gtsearch_LDFLAGS = -static -export-dynamic
gtsearch_LDADD = lib/libgtsearch.la -dlpreopen force $(BUILTIN_MODULES:%=-dlpreopen %)
gtsearch_DEPENDENCIES = lib/libgtsearch.la $(BUILTIN_MODULES)
