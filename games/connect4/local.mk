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
pkglib_LTLIBRARIES += games/connect4/connect4.la
games_connect4_connect4_la_SOURCES = games/connect4/connect4.c games/connect4/eval_weights.h
games_connect4_connect4_la_LDFLAGS = $(MODULE_LDFLAGS)
BUILTIN_MODULES += games/connect4/connect4.la

noinst_LTLIBRARIES += games/connect4/libconnect4-test.la
games_connect4_libconnect4_test_la_SOURCES = games/connect4/connect4.c \
	games/connect4/eval_weights.h
