# tests/: the Check suites of the core, and a small out-of-tree style module.
# SPDX-License-Identifier: MIT

# A game module built like a third party's: only <gtsearch/game.h>.
check_LTLIBRARIES += tests/module/tictactoe.la
tests_module_tictactoe_la_SOURCES = doc/examples/tictactoe/tictactoe.c
tests_module_tictactoe_la_LDFLAGS = $(MODULE_LDFLAGS) -rpath /nowhere

# The core's suites share one main() (check_main.c) and, where they need a
# game, link the tic-tac-toe module's code directly.
CORE_TEST_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) -I$(top_srcdir)/tests
CORE_TEST_LDADD = $(GT_ROOMS) $(CHECK_LIBS)
core_tests = tests/core/check_options tests/core/check_tt tests/core/check_history tests/core/check_registry \
	tests/core/check_ending \
	tests/core/check_protocol tests/core/check_search tests/core/check_epd
check_PROGRAMS += $(core_tests)
TESTS += $(core_tests)
noinst_HEADERS += tests/protocol_io.h tests/search_positions.h

tests_core_check_options_SOURCES = tests/core/check_options.c tests/check_main.c
tests_core_check_options_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_options_LDADD = $(CORE_TEST_LDADD)

tests_core_check_tt_SOURCES = tests/core/check_tt.c tests/check_main.c
tests_core_check_tt_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_tt_LDADD = $(CORE_TEST_LDADD)

tests_core_check_history_SOURCES = tests/core/check_history.c tests/check_main.c
tests_core_check_history_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_history_LDADD = $(CORE_TEST_LDADD)

tests_core_check_registry_SOURCES = tests/core/check_registry.c tests/check_main.c \
	doc/examples/tictactoe/tictactoe.c
tests_core_check_registry_CPPFLAGS = $(AM_CPPFLAGS) \
	-DTEST_MODULE='"$(abs_top_builddir)/tests/module/tictactoe.la"' \
	-DGAME_H='"$(abs_top_srcdir)/lib/gtsearch/game.h"'
tests_core_check_registry_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_registry_LDADD = $(CORE_TEST_LDADD)
tests_core_check_registry_DEPENDENCIES = $(GT_ROOMS) tests/module/tictactoe.la

tests_core_check_protocol_SOURCES = tests/core/check_protocol.c tests/check_main.c \
	tests/protocol_io.c doc/examples/tictactoe/tictactoe.c
tests_core_check_protocol_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_protocol_LDADD = $(CORE_TEST_LDADD)

tests_core_check_epd_SOURCES = tests/core/check_epd.c tests/check_main.c \
	doc/examples/tictactoe/tictactoe.c games/chess/module.c
tests_core_check_epd_CPPFLAGS = $(AM_CPPFLAGS) -DTEST_DATA_DIR='"$(abs_top_srcdir)/tests/data"'
tests_core_check_epd_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_epd_LDADD = games/chess/libchess.la $(CORE_TEST_LDADD)

tests_core_check_ending_SOURCES = tests/core/check_ending.c tests/check_main.c \
	doc/examples/tictactoe/tictactoe.c
tests_core_check_ending_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_ending_LDADD = $(CORE_TEST_LDADD)

tests_core_check_search_SOURCES = tests/core/check_search.c tests/check_main.c \
	doc/examples/tictactoe/tictactoe.c
tests_core_check_search_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_search_LDADD = $(CORE_TEST_LDADD)

# Lazy SMP on chess and shogi with 2 to 4 threads: the race test of a
# --enable-sanitizers=thread build.
check_PROGRAMS += tests/core/check_threads
TESTS += tests/core/check_threads
tests_core_check_threads_SOURCES = tests/core/check_threads.c tests/check_main.c \
	games/chess/module.c games/shogi/module.c
tests_core_check_threads_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_threads_LDADD = games/chess/libchess.la games/shogi/libshogi.la \
	$(CORE_TEST_LDADD)

# The move picker: every move once, losing noisy moves last on request.
check_PROGRAMS += tests/core/check_movepick
TESTS += tests/core/check_movepick
tests_core_check_movepick_SOURCES = tests/core/check_movepick.c tests/check_main.c \
	games/chess/module.c
tests_core_check_movepick_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_movepick_LDADD = games/chess/libchess.la $(CORE_TEST_LDADD)

# Move lists in stages (noisy, then quiet): the same tree as one list.
check_PROGRAMS += tests/core/check_staged
TESTS += tests/core/check_staged
tests_core_check_staged_SOURCES = tests/core/check_staged.c tests/check_main.c \
	games/chess/module.c games/shogi/module.c
tests_core_check_staged_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_staged_LDADD = games/chess/libchess.la games/shogi/libshogi.la \
	$(CORE_TEST_LDADD)

# The learned evaluation: features, accumulators, network files, training.
check_PROGRAMS += tests/core/check_net
TESTS += tests/core/check_net
tests_core_check_net_SOURCES = tests/core/check_net.c tests/check_main.c \
	games/chess/module.c games/shogi/module.c
tests_core_check_net_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_net_LDADD = games/chess/libchess.la games/shogi/libshogi.la \
	$(CORE_TEST_LDADD)

# Every game's input features, move by move.
check_PROGRAMS += tests/core/check_features
TESTS += tests/core/check_features
tests_core_check_features_SOURCES = tests/core/check_features.c tests/check_main.c \
	games/chess/module.c games/shogi/module.c doc/examples/othello/othello.c
tests_core_check_features_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_features_LDADD = games/chess/libchess.la games/shogi/libshogi.la \
	games/connect4/libconnect4-test.la \
	$(CORE_TEST_LDADD)

# The rooms of lib/ and what each may include; no game knowledge in them.
TESTS += tests/scripts/rooms.sh tests/scripts/license.sh tests/tune/tune-cli.sh tests/scripts/tools-position.sh \
	tests/tune/material-weights.sh tests/tune/datagen-format.sh tests/tune/export-features.sh tests/tune/train-init.sh tests/tune/train-keep-best.sh tests/tune/net-cli.sh tests/tune/datagen-opponent.sh tests/tune/label.sh \
	tests/scripts/selftest-cli.sh tests/scripts/help.sh tests/scripts/rooms-planted.sh \
	tests/scripts/uci-session.sh
EXTRA_DIST += tests/scripts/rooms.sh tests/scripts/license.sh tests/tune/tune-cli.sh tests/scripts/tools-position.sh \
	tests/tune/material-weights.sh tests/tune/datagen-format.sh tests/tune/export-features.sh tests/tune/train-init.sh tests/tune/train-keep-best.sh tests/tune/net-cli.sh tests/tune/datagen-opponent.sh tests/tune/label.sh \
	tests/scripts/selftest-cli.sh tests/scripts/help.sh tests/scripts/rooms-planted.sh \
	tests/scripts/uci-session.sh

# The game author's path, end to end (installs into a temporary DESTDIR).
TESTS += tests/scripts/out-of-tree.sh
AM_TESTS_ENVIRONMENT = abs_top_builddir='$(abs_top_builddir)'; \
	abs_top_srcdir='$(abs_top_srcdir)'; MAKE='$(MAKE)'; CC='$(CC)'; \
	CK_TIMEOUT_MULTIPLIER=$${CK_TIMEOUT_MULTIPLIER:-$(SAN_SLOWDOWN)}; \
	export abs_top_builddir abs_top_srcdir MAKE CC CK_TIMEOUT_MULTIPLIER;
EXTRA_DIST += tests/scripts/out-of-tree.sh tests/scripts/summary.sh tests/data

# After the tests, Check's closing lines for every suite, and their total.
check-local: check-TESTS
	@$(SHELL) $(srcdir)/tests/scripts/summary.sh $(builddir)
EXTRA_DIST += tests/bench/stop-latency.sh tests/bench/null-move.sh tests/bench/strength.sh \
	tests/bench/epd-vs-stockfish.sh tests/bench/soak.sh tests/bench/threads.sh tests/scripts/fuzz.sh \
	tests/bench/train-compare.sh tests/bench/train-torch.py tests/bench/chess-move-losses.sh

# The search against exhaustive minimax in Connect Four endgames.
check_PROGRAMS += tests/connect4/check_connect4_play
TESTS += tests/connect4/check_connect4_play
tests_connect4_check_connect4_play_SOURCES = tests/connect4/check_connect4_play.c tests/check_main.c
tests_connect4_check_connect4_play_CFLAGS = $(CORE_TEST_CFLAGS)
tests_connect4_check_connect4_play_LDADD = games/connect4/libconnect4-test.la $(CORE_TEST_LDADD)

# The module conformance checks (selftest): every game passes, planted
# faults fail.
check_PROGRAMS += tests/core/check_selftest
TESTS += tests/core/check_selftest
tests_core_check_selftest_SOURCES = tests/core/check_selftest.c tests/check_main.c \
	games/chess/module.c games/shogi/module.c doc/examples/othello/othello.c
tests_core_check_selftest_CFLAGS = $(CORE_TEST_CFLAGS)
tests_core_check_selftest_LDADD = games/chess/libchess.la games/shogi/libshogi.la \
	games/connect4/libconnect4-test.la \
	$(CORE_TEST_LDADD)
