# tests/match.mk: the match runner's suites.  The referee tests play
# scripted games between fake engines (tests/match/fake-engine.sh); the gnushogi
# adapter's too, and tests/match/match-gnushogi.sh plays the real one if it is
# installed.  tests/match/match-pgn-chessjs.sh has the PGN of a real chess match
# read by chess.js (node), and tests/match/match-records-tsshogi.sh the CSA and
# KIF files of a real shogi match read by tsshogi, when they are installed.
# SPDX-License-Identifier: MIT
MATCH_TEST_CFLAGS = $(CORE_TEST_CFLAGS)
MATCH_TEST_CPPFLAGS = $(AM_CPPFLAGS) \
	-DFAKE_ENGINE='"$(abs_top_srcdir)/tests/match/fake-engine.sh"'
match_tests = tests/match/check_match tests/match/check_match_elo tests/match/check_match_tc tests/match/check_match_chess \
	tests/match/check_match_shogi tests/match/check_match_records tests/match/check_match_resume tests/match/check_match_book
check_PROGRAMS += $(match_tests)
TESTS += $(match_tests) tests/match/match-cli.sh tests/match/match-cutechess.sh tests/match/match-interrupt.sh tests/match/match-gnushogi.sh tests/match/match-pgn-chessjs.sh \
	tests/match/match-records-tsshogi.sh tests/match/match-resume.sh
EXTRA_DIST += tests/match/fake-engine.sh tests/match/match-cli.sh tests/match/match-cutechess.sh tests/match/match-interrupt.sh tests/match/match-gnushogi.sh \
	tests/match/match-pgn-chessjs.sh tests/match/match-records-tsshogi.sh tests/match/match-resume.sh \
	tests/match/npm-package.sh

tests_match_check_match_SOURCES = tests/match/check_match.c tests/check_main.c doc/examples/tictactoe/tictactoe.c
tests_match_check_match_CPPFLAGS = $(MATCH_TEST_CPPFLAGS)
tests_match_check_match_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_match_check_match_LDADD = $(GT_ROOMS) $(CHECK_LIBS)

tests_match_check_match_records_SOURCES = tests/match/check_match_records.c tests/check_main.c \
	doc/examples/tictactoe/tictactoe.c
tests_match_check_match_records_CPPFLAGS = $(MATCH_TEST_CPPFLAGS)
tests_match_check_match_records_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_match_check_match_records_LDADD = $(GT_ROOMS) $(CHECK_LIBS)

tests_match_check_match_resume_SOURCES = tests/match/check_match_resume.c tests/check_main.c
tests_match_check_match_resume_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_match_check_match_resume_LDADD = $(GT_ROOMS) $(CHECK_LIBS)

tests_match_check_match_elo_SOURCES = tests/match/check_match_elo.c tests/check_main.c
tests_match_check_match_elo_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_match_check_match_elo_LDADD = $(GT_ROOMS) $(CHECK_LIBS)

tests_match_check_match_tc_SOURCES = tests/match/check_match_tc.c tests/check_main.c
tests_match_check_match_tc_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_match_check_match_tc_LDADD = $(GT_ROOMS) $(CHECK_LIBS)

tests_match_check_match_chess_SOURCES = tests/match/check_match_chess.c tests/check_main.c \
	games/chess/module.c
tests_match_check_match_chess_CPPFLAGS = $(MATCH_TEST_CPPFLAGS) \
	-DTEST_DATA_DIR='"$(abs_top_srcdir)/tests/data"'
tests_match_check_match_chess_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_match_check_match_chess_LDADD = $(GT_ROOMS) games/chess/libchess.la $(CHECK_LIBS)

tests_match_check_match_shogi_SOURCES = tests/match/check_match_shogi.c tests/check_main.c \
	games/shogi/module.c
tests_match_check_match_shogi_CPPFLAGS = $(MATCH_TEST_CPPFLAGS)
tests_match_check_match_shogi_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_match_check_match_shogi_LDADD = $(GT_ROOMS) games/shogi/libshogi.la $(CHECK_LIBS)

tests_match_check_match_book_SOURCES = tests/match/check_match_book.c tests/check_main.c \
	games/chess/module.c
tests_match_check_match_book_CPPFLAGS = $(MATCH_TEST_CPPFLAGS)
tests_match_check_match_book_CFLAGS = $(MATCH_TEST_CFLAGS)
tests_match_check_match_book_LDADD = $(GT_ROOMS) games/chess/libchess.la $(CHECK_LIBS)
