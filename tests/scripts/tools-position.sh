#!/bin/sh
# tools-position.sh -- perft, analyse and mate take a position as the
# protocols write one: a FEN/SFEN or startpos, then perhaps `moves M...`;
# a bad move is named and the command fails.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}"
gt=$abs_top_builddir/gtsearch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Leaf counts after moves equal those of the position they lead to.
leaves() { "$gt" "$@" | sed -n 's/^perft [0-9]*: \([0-9]*\) leaves.*/\1/p'; }
a=$(leaves --game chess perft 3 --position "startpos moves e2e4 e7e5")
b=$(leaves --game chess perft 3 --position \
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
[ -n "$a" ] && [ "$a" = "$b" ] || fail "chess: '$a' after moves, '$b' from the FEN"
a=$(leaves --game shogi perft 3 --position "startpos moves 7g7f 3c3d")
b=$(leaves --game shogi perft 3 --position \
    "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")
[ -n "$a" ] && [ "$a" = "$b" ] || fail "shogi: '$a' after moves, '$b' from the SFEN"
a=$(leaves --game chess perft 2 --position "startpos")
[ "$a" = 400 ] || fail "startpos alone: '$a'"

# analyse and mate read the same forms.
"$gt" --game shogi analyse "startpos moves 7g7f 3c3d" --depth 4 | grep -q '^bestmove ' ||
    fail "analyse after moves"
"$gt" --game chess mate "6k1/5ppp/8/8/8/8/8/R6K w - - 0 1 moves h1g1 g8h8" --plies 1 |
    grep -q '^pv a1a8$' || fail "mate after moves"

# A bad move is named; the command fails.
if "$gt" --game chess perft 2 --position "startpos moves e2e4 e2e4" 2>"$tmp/err"; then
    fail "an illegal move was accepted"
fi
grep -q "move 2 (e2e4)" "$tmp/err" || fail "the bad move is not named: $(cat "$tmp/err")"
echo "tools-position: ok"
