# games/connect4: the teaching module, one source file (and the weights
# file it includes, eval_weights.h).
#
# The module (connect4.la, preloaded into the gtsearch program) and a
# convenience copy for the tests (libconnect4-test.la) are built from the
# same connect4.c.  Both are libtool libraries with the same flags, so
# Automake compiles connect4.c once and both link that object; the tests
# then reach the very table the core loads, connect4_LTX_gt_module.
# (A program should not link a -module library directly: not portable.)
# SPDX-License-Identifier: MIT
noinst_LTLIBRARIES += games/connect4/connect4.la
games_connect4_connect4_la_SOURCES = games/connect4/connect4.c games/connect4/eval_weights.h
games_connect4_connect4_la_LDFLAGS = $(MODULE_LDFLAGS) -rpath /nowhere
BUILTIN_MODULES += games/connect4/connect4.la

noinst_LTLIBRARIES += games/connect4/libconnect4-test.la
games_connect4_libconnect4_test_la_SOURCES = games/connect4/connect4.c \
	games/connect4/eval_weights.h

# The trained network, built into the module (doc/network.md): the file
# as a C array that connect4.c includes.
BUILT_SOURCES += games/connect4/net_data.h
CLEANFILES += games/connect4/net_data.h
EXTRA_DIST += games/connect4/connect4.gtnet
games/connect4/net_data.h: $(srcdir)/games/connect4/connect4.gtnet $(srcdir)/games/net2c.sh
	$(NET2C) connect4 $(srcdir)/games/connect4/connect4.gtnet >$@.tmp && mv $@.tmp $@
games/connect4/connect4.lo games/connect4/tests_connect4_fuzz_connect4-connect4.$(OBJEXT): games/connect4/net_data.h
