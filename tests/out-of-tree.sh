#!/bin/sh
# out-of-tree.sh -- what a game author does: install gtsearch (here into a
# temporary directory), build a module with nothing but the installed
# headers and `pkg-config --cflags --libs gtsearch`, and run it.
set -eu
: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! ${MAKE:-make} -C "$abs_top_builddir" install DESTDIR="$tmp" >"$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"
    echo "FAIL: make install DESTDIR=$tmp"
    exit 1
fi
prefix=$(sed -n 's/^prefix=//p' "$abs_top_builddir/gtsearch.pc")
root=$tmp$prefix
pcdir=$(dirname "$(find "$root" -name gtsearch.pc | head -n 1)")
flags=$(PKG_CONFIG_PATH=$pcdir pkg-config --define-variable=prefix="$root" \
        --cflags --libs gtsearch)
echo "pkg-config gives: $flags"
${CC:-cc} -std=c17 -Wall -Wextra -Werror -shared -fPIC -o "$tmp/tictactoe.so" \
    "$abs_top_srcdir/doc/examples/tictactoe/tictactoe.c" $flags

libdir=$(dirname "$(find "$root" -name 'libgtsearch.so*' | head -n 1)")
out=$(LD_LIBRARY_PATH=$libdir "$root/bin/gtsearch" --game "$tmp/tictactoe.so" perft 3)
echo "$out"
case $out in
    "perft 3: 504 leaves"*) echo "PASS: out-of-tree module counts 504 leaves at depth 3" ;;
    *) echo "FAIL: expected 504 leaves"; exit 1 ;;
esac
# The installed man page and headers are where users look for them.
test -f "$root/share/man/man1/gtsearch.1"
test -f "$root/include/gtsearch/game.h"
