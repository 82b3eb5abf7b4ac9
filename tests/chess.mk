# tests/chess.mk: the chess module's test suites.
