# lib/match.mk: the match runner (sources join libgtsearch).
