# tests/match.mk: the match runner's suites.  The referee tests play
# scripted games between fake engines (tests/fake-engine.sh); the gnushogi
# adapter's too, and tests/match-gnushogi.sh plays the real one if it is
# installed.  tests/match-pgn-chessjs.sh has the PGN of a real chess match
# read by chess.js (node), when it is installed.
# SPDX-License-Identifier: MIT
MATCH_TEST_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
MATCH_TEST_CPPFLAGS = $(AM_CPPFLAGS) \
	-DFAKE_ENGINE='"$(abs_top_srcdir)/tests/fake-engine.sh"'
match_tests = tests/check_match tests/check_match_elo tests/check_match_chess \
	tests/check_match_shogi tests/check_match_records
check_PROGRAMS += $(match_tests)
TESTS += $(match_tests) tests/match-cli.sh tests/match-gnushogi.sh tests/match-pgn-chessjs.sh
EXTRA_DIST += tests/fake-engine.sh tests/match-cli.sh tests/match-gnushogi.sh \
	tests/match-pgn-chessjs.sh

tests_check_match_SOURCES = tests/check_match.c tests/check_main.c doc/examples/tictactoe/tictactoe.c
tests_check_match_CPPFLAGS = $(MATCH_TEST_CPPFLAGS)
tests_check_match_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_check_match_LDADD = $(GT_ROOMS) $(CHECK_LIBS)

tests_check_match_records_SOURCES = tests/check_match_records.c tests/check_main.c \
	doc/examples/tictactoe/tictactoe.c
tests_check_match_records_CPPFLAGS = $(MATCH_TEST_CPPFLAGS)
tests_check_match_records_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_check_match_records_LDADD = $(GT_ROOMS) $(CHECK_LIBS)

tests_check_match_elo_SOURCES = tests/check_match_elo.c tests/check_main.c
tests_check_match_elo_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_check_match_elo_LDADD = $(GT_ROOMS) $(CHECK_LIBS)

tests_check_match_chess_SOURCES = tests/check_match_chess.c tests/check_main.c \
	games/chess/module.c
tests_check_match_chess_CPPFLAGS = $(MATCH_TEST_CPPFLAGS) \
	-DTEST_DATA_DIR='"$(abs_top_srcdir)/tests/data"'
tests_check_match_chess_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_check_match_chess_LDADD = $(GT_ROOMS) games/chess/libchess.la $(CHECK_LIBS)

tests_check_match_shogi_SOURCES = tests/check_match_shogi.c tests/check_main.c \
	games/shogi/module.c
tests_check_match_shogi_CPPFLAGS = $(MATCH_TEST_CPPFLAGS)
tests_check_match_shogi_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_check_match_shogi_LDADD = $(GT_ROOMS) games/shogi/libshogi.la $(CHECK_LIBS)
