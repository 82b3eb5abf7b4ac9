# lib/match/: the match runner (engine processes, protocol adapters,
# referee, records, Elo/SPRT).  Linked only into the program.
# SPDX-License-Identifier: MIT
noinst_LTLIBRARIES += lib/match/libgtmatch.la
lib_match_libgtmatch_la_SOURCES = lib/match/match.c lib/match/match_book.c lib/match/match_cecp.c \
	lib/match/match_elo.c lib/match/match_gnushogi.c lib/match/match_openings.c \
	lib/match/match_pgn.c lib/match/match_player.c lib/match/match_proc.c lib/match/match_progress.c \
	lib/match/match_record.c lib/match/match_record_pgn.c \
	lib/match/match_referee.c lib/match/match_resume.c lib/match/match_standings.c lib/match/match_tc.c
noinst_HEADERS += lib/match/match.h lib/match/match_book.h lib/match/match_cecp.h lib/match/match_elo.h \
	lib/match/match_gnushogi.h lib/match/match_openings.h lib/match/match_player.h \
	lib/match/match_proc.h lib/match/match_progress.h lib/match/match_record.h lib/match/match_referee.h \
	lib/match/match_resume.h lib/match/match_standings.h lib/match/match_tc.h
