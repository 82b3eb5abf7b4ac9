# tests/shogi.mk: the shogi module's test suites.
