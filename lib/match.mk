# lib/match.mk: the match runner (sources join libgtsearch).
lib_libgtsearch_la_SOURCES += lib/match.c lib/match_cli.c lib/match_cecp.c \
	lib/match_elo.c lib/match_gnushogi.c lib/match_openings.c lib/match_player.c \
	lib/match_proc.c lib/match_record.c lib/match_referee.c
noinst_HEADERS += lib/match.h lib/match_cecp.h lib/match_elo.h lib/match_gnushogi.h \
	lib/match_openings.h lib/match_player.h lib/match_proc.h lib/match_record.h \
	lib/match_referee.h
