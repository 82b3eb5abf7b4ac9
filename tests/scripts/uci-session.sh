#!/bin/sh
# uci-session.sh -- what UCI clients send beyond the basics, to
# `gtsearch --game chess`: a position line of a whole long game (120 kB),
# FEN with four, five or six fields, go searchmoves, and currmove lines
# once a search has run for a second.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}"
engine=$abs_top_builddir/gtsearch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# A game of 12,000 knight moves and back, then e2e4: black to move.
moves=$(awk 'BEGIN { for (i = 0; i < 3000; i++) printf " g1f3 g8f6 f3g1 f6g8"; }')
{
    printf 'position startpos moves%s e2e4\n' "$moves"
    printf 'd\nisready\n'
} | "$engine" >"$tmp/long" 2>&1
grep -q "^readyok" "$tmp/long" || fail "no readyok after a long position line"
grep -q "b KQkq - 0 6001" "$tmp/long" ||
    { fail "the long position line was not played"; sed 's/^/  /' "$tmp/long" | tail -5; }

for fen in "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3" \
           "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0" \
           "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"; do
    out=$(printf 'position fen %s\ngo depth 3\n' "$fen" | "$engine" 2>&1)
    case $out in
        *"bestmove "[a-h][1-8]*) ;;
        *) fail "FEN '$fen': $out" ;;
    esac
    case $out in *"info string"*) fail "FEN '$fen' complained: $out" ;; esac
done

out=$(printf 'position startpos\ngo depth 6 searchmoves a2a3 h2h3\n' | "$engine" 2>&1)
case $out in
    *"bestmove a2a3"* | *"bestmove h2h3"*) ;;
    *) fail "searchmoves a2a3 h2h3: $(printf '%s\n' "$out" | tail -1)" ;;
esac

# currmove and currmovenumber, after the first second, as Stockfish does.
out=$( (printf 'position startpos\ngo infinite\n'; sleep 3; printf 'stop\n'; sleep 1) |
      "$engine" 2>&1)
printf '%s\n' "$out" | grep -Eq '^info depth [0-9]+ currmove [a-h][1-8][a-h][1-8] currmovenumber [0-9]+$' ||
    fail "no currmove line in a 3 s search"
[ "$fails" -eq 0 ] && echo "PASS: long lines, FEN fields, searchmoves, currmove"
exit "$fails"
