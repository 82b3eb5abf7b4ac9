# doc/: the manual page and the guides.
dist_man1_MANS = doc/gtsearch.1
EXTRA_DIST += doc/architecture.md
EXTRA_DIST += doc/null-move.md
