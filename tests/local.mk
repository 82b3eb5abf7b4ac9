# tests/: the Check suites of the core, and a small out-of-tree style module.

# A game module built like a third party's: only <gtsearch/game.h>.
check_LTLIBRARIES += tests/module/tictactoe.la
tests_module_tictactoe_la_SOURCES = tests/module/tictactoe.c
tests_module_tictactoe_la_LDFLAGS = $(MODULE_LDFLAGS) -rpath /nowhere
