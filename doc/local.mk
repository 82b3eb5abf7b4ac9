# doc/: the manual page and the guides.
# SPDX-License-Identifier: MIT
dist_man1_MANS = doc/gtsearch.1
EXTRA_DIST += doc/architecture.md doc/data-format.md
# The pictures of doc/strength.md and doc/network.md (gtsearch plot).
EXTRA_DIST += doc/pictures/match.svg doc/pictures/spsa.svg doc/pictures/train.svg \
	doc/pictures/tune.svg
EXTRA_DIST += doc/null-move.md doc/strength.md doc/cluster.md doc/threads.md \
	doc/dev/speed.md doc/soak.md
EXTRA_DIST += doc/writing-a-game.md doc/examples/tictactoe/Makefile \
	doc/examples/tictactoe/tictactoe.c \
	doc/examples/othello/Makefile doc/examples/othello/othello.c \
	doc/examples/othello/othello.gtnet

# The tutorial's commands, run as its reader would against an installed
# gtsearch (see tests/scripts/tutorial.sh).
TESTS += tests/scripts/tutorial.sh
EXTRA_DIST += tests/scripts/tutorial.sh

# The Info manual.  Its reference chapter is made from game.h's comments
# at build time, into the source tree beside the manual (like version.texi)
# so that it is distributed, and a tarball's copy is newer than game.h and
# never rebuilt in a read-only source tree.
info_TEXINFOS = doc/gtsearch.texi
doc_gtsearch_TEXINFOS = doc/game-reference.texi
$(srcdir)/doc/game-reference.texi: $(srcdir)/lib/gtsearch/game.h \
		$(srcdir)/doc/header2texi.sh
	$(AM_V_GEN)$(SHELL) $(srcdir)/doc/header2texi.sh \
		$(srcdir)/lib/gtsearch/game.h >$@-t && mv -f $@-t $@
EXTRA_DIST += doc/header2texi.sh
# distcheck builds HTML, not DVI: no TeX needed.
AM_DISTCHECK_DVI_TARGET = html

# What USI GUIs send, played to the shogi engine as a GUI would.
TESTS += tests/scripts/usi-session.sh
EXTRA_DIST += tests/scripts/usi-session.sh
EXTRA_DIST += doc/gui.md doc/xboard-game.png tests/gui/xboard-screenshot.sh
EXTRA_DIST += doc/null-move-hooks.md
