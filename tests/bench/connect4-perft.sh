#!/bin/sh
# connect4-perft.sh -- deep perft of the empty board: the module (through its
# hook table, as the core's perft walks it) against the independent 6x7-array
# reference, depth by depth, with the speed of both.  Run it from the build
# directory after make (the programs are looked up in ./tests/bench):
#   tests/bench/connect4-perft.sh [DEPTH]            (in-tree build)
#   ../tests/bench/connect4-perft.sh [DEPTH]         (from _build/)
# Exits non-zero at the first count that differs.
# SPDX-License-Identifier: MIT
depth=${1:-10}
dir=tests/bench
module=$("$dir/connect4-perft" "$depth") || exit 1
reference=$("$dir/connect4-refperft" "$depth") || exit 1
echo "$module" | while read -r d n secs mlps; do
    ref=$(echo "$reference" | sed -n "${d}p")
    want=$(echo "$ref" | cut -d' ' -f2)
    if [ "$n" != "$want" ]; then
        echo "perft($d) = $n, reference $want: DIFFERENT"
        exit 1
    fi
    printf 'perft(%2d) = %11s  module %7ss %6s M/s   reference %7ss %6s M/s\n' \
        "$d" "$n" "$secs" "$mlps" "$(echo "$ref" | cut -d' ' -f3)" "$(echo "$ref" | cut -d' ' -f4)"
done
