# games/shogi: the shogi module.  libshogi.la holds the rules, move
# generation, text forms and evaluation; shogi.la adds the hook table.
# SPDX-License-Identifier: MIT
noinst_LTLIBRARIES += games/shogi/libshogi.la
games_shogi_libshogi_la_SOURCES = \
	games/shogi/shogi.h \
	games/shogi/tables.c \
	games/shogi/board.c \
	games/shogi/movegen.c \
	games/shogi/check.c \
	games/shogi/uchifuzume.c \
	games/shogi/mate1.c \
	games/shogi/ring.h \
	games/shogi/legal.c \
	games/shogi/sfen.c \
	games/shogi/draw.c \
	games/shogi/usi.c \
	games/shogi/notation.c \
	games/shogi/records.h \
	games/shogi/records.c \
	games/shogi/records_kif.c \
	games/shogi/records_csa.c \
	games/shogi/kif_encoding.c \
	games/shogi/rules.c \
	games/shogi/search.c \
	games/shogi/eval.c \
	games/shogi/eval_weights.h \
	games/shogi/features.c

noinst_LTLIBRARIES += games/shogi/shogi.la
games_shogi_shogi_la_SOURCES = games/shogi/module.c
games_shogi_shogi_la_LIBADD = games/shogi/libshogi.la
games_shogi_shogi_la_LDFLAGS = $(MODULE_LDFLAGS) -rpath /nowhere
BUILTIN_MODULES += games/shogi/shogi.la

# The trained network, built into the module (doc/network.md): the file
# as a C array that features.c includes.
BUILT_SOURCES += games/shogi/net_data.h
CLEANFILES += games/shogi/net_data.h
EXTRA_DIST += games/shogi/shogi.gtnet
games/shogi/net_data.h: $(srcdir)/games/shogi/shogi.gtnet $(srcdir)/games/net2c.sh
	$(NET2C) shogi $(srcdir)/games/shogi/shogi.gtnet >$@.tmp && mv $@.tmp $@
games/shogi/features.lo games/shogi/tests_shogi_fuzz_shogi-features.$(OBJEXT): games/shogi/net_data.h
