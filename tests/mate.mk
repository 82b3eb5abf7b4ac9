# tests/mate.mk: the mate solver's suites.
