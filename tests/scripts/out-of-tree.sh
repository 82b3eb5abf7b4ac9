#!/bin/sh
# out-of-tree.sh -- what a game author does: install gtsearch (here into a
# temporary directory), build the example modules with nothing but the
# installed header and `pkg-config --cflags gtsearch` (a module links
# against nothing of gtsearch), with gcc and with clang, and run them
# from GTSEARCH_MODULE_PATH.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*"; exit 1; }

if ! ${MAKE:-make} -C "$abs_top_builddir" install DESTDIR="$tmp" >"$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"
    fail "make install DESTDIR=$tmp"
fi
prefix=$(sed -n 's/^prefix=//p' "$abs_top_builddir/gtsearch.pc")
root=$tmp$prefix
pcdir=$(dirname "$(find "$root" -name gtsearch.pc | head -n 1)")
cflags=$(PKG_CONFIG_PATH=$pcdir pkg-config --define-variable=prefix="$root" \
         --cflags gtsearch)
echo "pkg-config --cflags gives: $cflags"
gtsearch=$root/bin/gtsearch
examples=$abs_top_srcdir/doc/examples

compilers=gcc
if command -v clang >/dev/null 2>&1; then
    compilers="gcc clang"
else
    echo "SKIP: clang not found (the examples are built with gcc only)"
fi

for cc in $compilers; do
    dir=$tmp/modules-$cc
    mkdir "$dir"
    for game in tictactoe othello; do
        # shellcheck disable=SC2086
        $cc -std=c17 -Wall -Wextra -Werror -O2 -shared -fPIC $cflags \
            -o "$dir/$game.so" "$examples/$game/$game.c" ||
            fail "$cc cannot build $game.c"
        # Nothing of gtsearch is left for the loader to find.
        if command -v nm >/dev/null 2>&1 &&
           nm -D --undefined-only "$dir/$game.so" | grep -q ' gt_'; then
            fail "$game.so ($cc) needs symbols of gtsearch"
        fi
    done
    export GTSEARCH_MODULE_PATH="$dir"

    out=$("$gtsearch" --game "$dir/tictactoe.so" perft 3) || fail "tictactoe.so ($cc) perft"
    case $out in
        "perft 3: 504 leaves"*) echo "PASS: tictactoe.so ($cc) counts 504 leaves at depth 3" ;;
        *) echo "$out"; fail "tictactoe.so ($cc): expected 504 leaves" ;;
    esac
    # By name, through GTSEARCH_MODULE_PATH, as an installed module is.
    out=$("$gtsearch" --game tictactoe perft 9) || fail "tictactoe ($cc) by name"
    case $out in
        "perft 9: 127872 leaves"*) echo "PASS: tictactoe ($cc) by name counts 127872 leaves at depth 9" ;;
        *) echo "$out"; fail "tictactoe ($cc) by name: expected 127872 leaves" ;;
    esac

    # Othello's published count (OEIS A124004); games that end before the
    # last ply count as leaves, passes as plies.
    out=$("$gtsearch" --game othello perft 10) || fail "othello ($cc) perft"
    echo "$out"
    case $out in
        "perft 10: 24571284 leaves"*) echo "PASS: othello ($cc) counts 24571284 leaves at depth 10" ;;
        *) fail "othello ($cc): expected 24571284 leaves at depth 10" ;;
    esac

    out=$("$gtsearch" --list-games) || fail "--list-games ($cc)"
    case $out in
        *othello*"$dir/othello.so"*) echo "PASS: --list-games shows othello from $dir" ;;
        *) echo "$out"; fail "--list-games ($cc) does not show $dir/othello.so" ;;
    esac
    case $out in
        *tictactoe*"$dir/tictactoe.so"*) echo "PASS: --list-games shows tictactoe from $dir" ;;
        *) echo "$out"; fail "--list-games ($cc) does not show $dir/tictactoe.so" ;;
    esac

    out=$(printf 'position startpos\ngo depth 6\n' | "$gtsearch" --game othello) ||
        fail "othello ($cc) does not play"
    best=$(echo "$out" | sed -n 's/^bestmove \([^ ]*\).*/\1/p')
    case $best in
        d3|c4|f5|e6) echo "PASS: othello ($cc) plays bestmove $best" ;;
        *) echo "$out"; fail "othello ($cc): bestmove '$best' is not d3, c4, f5 or e6" ;;
    esac
done

# The installed man page and headers are where users look for them.
test -f "$root/share/man/man1/gtsearch.1"
test -f "$root/include/gtsearch/game.h"
