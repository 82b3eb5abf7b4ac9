# tests/match.mk: the match runner's suites.  The referee tests play
# scripted games between fake engines (tests/fake-engine.sh).
MATCH_TEST_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
MATCH_TEST_CPPFLAGS = $(AM_CPPFLAGS) \
	-DFAKE_ENGINE='"$(abs_top_srcdir)/tests/fake-engine.sh"'
match_tests = tests/check_match tests/check_match_elo tests/check_match_chess
check_PROGRAMS += $(match_tests)
TESTS += $(match_tests) tests/match-cli.sh
EXTRA_DIST += tests/fake-engine.sh tests/match-cli.sh

tests_check_match_SOURCES = tests/check_match.c tests/check_main.c doc/examples/tictactoe/tictactoe.c
tests_check_match_CPPFLAGS = $(MATCH_TEST_CPPFLAGS)
tests_check_match_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_check_match_LDADD = lib/libgtsearch.la $(CHECK_LIBS)

tests_check_match_elo_SOURCES = tests/check_match_elo.c tests/check_main.c
tests_check_match_elo_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_check_match_elo_LDADD = lib/libgtsearch.la $(CHECK_LIBS)

tests_check_match_chess_SOURCES = tests/check_match_chess.c tests/check_main.c \
	games/chess/module.c
tests_check_match_chess_CPPFLAGS = $(MATCH_TEST_CPPFLAGS) \
	-DTEST_DATA_DIR='"$(abs_top_srcdir)/tests/data"'
tests_check_match_chess_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_check_match_chess_LDADD = lib/libgtsearch.la games/chess/libchess.la $(CHECK_LIBS)
