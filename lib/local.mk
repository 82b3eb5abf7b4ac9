# lib/: libgtsearch, the game-agnostic core, and the gtsearch program.
lib_LTLIBRARIES += lib/libgtsearch.la
pkginclude_HEADERS += lib/gtsearch/game.h
lib_libgtsearch_la_SOURCES = \
	lib/version.c
lib_libgtsearch_la_LDFLAGS = -no-undefined -version-info 0:0:0

bin_PROGRAMS += gtsearch
gtsearch_SOURCES = lib/main.c
gtsearch_LDFLAGS = -export-dynamic
gtsearch_LDADD = lib/libgtsearch.la $(BUILTIN_MODULES:%=-dlpreopen %)
gtsearch_DEPENDENCIES = lib/libgtsearch.la $(BUILTIN_MODULES)
