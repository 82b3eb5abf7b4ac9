# tests/connect4.mk: the connect4 module's test suites.
