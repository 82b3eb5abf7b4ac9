# doc/: the manual page and the guides.
dist_man1_MANS = doc/gtsearch.1
EXTRA_DIST += doc/architecture.md
EXTRA_DIST += doc/null-move.md
EXTRA_DIST += doc/writing-a-game.md doc/examples/tictactoe/Makefile \
	doc/examples/tictactoe/tictactoe.c

# The tutorial's commands, run as its reader would against an installed
# gtsearch (see tests/tutorial.sh).
TESTS += tests/tutorial.sh
EXTRA_DIST += tests/tutorial.sh
