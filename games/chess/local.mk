# games/chess: the chess module.  libchess.la holds the rules, the
# evaluation and the hook table's functions (tests link it); chess.la is
# the loadable module around the table in module.c.
# SPDX-License-Identifier: MIT
noinst_LTLIBRARIES += games/chess/libchess.la
games_chess_libchess_la_SOURCES = \
	games/chess/chess.h \
	games/chess/tables.c \
	games/chess/movegen.c \
	games/chess/makemove.c \
	games/chess/fen.c \
	games/chess/draw.c \
	games/chess/movetext.c \
	games/chess/san.c \
	games/chess/rules.c \
	games/chess/tactics.c \
	games/chess/search_hints.c \
	games/chess/eval_weights.h \
	games/chess/eval.c \
	games/chess/features.c \
	games/chess/book.c \
	games/chess/book_random.h

noinst_LTLIBRARIES += games/chess/chess.la
games_chess_chess_la_SOURCES = games/chess/module.c
games_chess_chess_la_LIBADD = games/chess/libchess.la
games_chess_chess_la_LDFLAGS = $(MODULE_LDFLAGS) -rpath /nowhere
BUILTIN_MODULES += games/chess/chess.la

# The trained network, built into the module (doc/network.md): the file
# as a C array that features.c includes.
BUILT_SOURCES += games/chess/net_data.h
CLEANFILES += games/chess/net_data.h
EXTRA_DIST += games/chess/chess.gtnet
games/chess/net_data.h: $(srcdir)/games/chess/chess.gtnet $(srcdir)/games/net2c.sh
	$(NET2C) chess $(srcdir)/games/chess/chess.gtnet >$@.tmp && mv $@.tmp $@
games/chess/features.lo games/chess/tests_chess_fuzz_chess-features.$(OBJEXT): games/chess/net_data.h
