# tests/match.mk: the match runner's suites.
