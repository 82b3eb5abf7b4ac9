#!/bin/sh
# match-cli.sh -- `gtsearch match` end to end: a short connect4 match of
# gtsearch against itself (the built program as both engines), and the
# command line's error messages.
# SPDX-License-Identifier: MIT
set -u
gts=$abs_top_builddir/gtsearch
fail() { echo "FAIL: $*"; exit 1; }
tmp=${TMPDIR:-/tmp}/match-cli.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

"$gts" --game connect4 match --engine "$gts --game connect4" name=plain \
    --engine "$gts --game connect4 --option NullMove=false" name=nonull \
    --games 2 --depth 3 --record "$tmp/rec" --pgn "$tmp/pgn" >"$tmp/out" 2>&1 ||
    fail "match exited $?: $(cat "$tmp/out")"
cat "$tmp/out"
grep -q '^Game 2/2: nonull - plain ' "$tmp/out" || fail "no progress line for game 2"
grep -q '^plain vs nonull: 2 games, W [0-2] L [0-2] D [0-2] (for plain)$' "$tmp/out" ||
    fail "no result line"
grep -q 'LOS ' "$tmp/out" || fail "no LOS"
[ "$(wc -l <"$tmp/rec")" -eq 2 ] || fail "record has not 2 lines"
grep -q '^game=1 first="plain" second="nonull" result=' "$tmp/rec" || fail "record line 1"
grep -q '^\[Variant "connect4"\]$' "$tmp/pgn" || fail "PGN Variant tag"
grep -q '^\[PlyCount "[0-9]*"\]$' "$tmp/pgn" || fail "PGN PlyCount tag"
grep -q '^1\. [a-g] {[-+][0-9.]*/3 [0-9.]*s} [a-g] {' "$tmp/pgn" || fail "PGN movetext: $(cat "$tmp/pgn")"

# --report-rss: the memory of each engine process (one thread here) after
# its first and its last game.
"$gts" --game connect4 match --engine "$gts --game connect4" name=one \
    --engine "$gts --game connect4" name=two --games 3 --depth 2 --report-rss \
    >"$tmp/out" 2>&1 || fail "match with --report-rss exited $?: $(cat "$tmp/out")"
for e in one two; do
    grep -q "^  RSS $e#1: [1-9][0-9]* kB after game 1, [1-9][0-9]* kB after game 3 ([-+][0-9]* kB); restarts 0\$" \
        "$tmp/out" || fail "no RSS line for $e: $(cat "$tmp/out")"
done

# Openings from a PGN file (connect4 has no record notation: protocol
# text), found by its extension; a bad game is named by file and line.
printf '[Event "x"]\n\n1. d {centre} d (1... c) 2. c *\n\n1. d z *\n' >"$tmp/ops.pgn"
"$gts" --game connect4 match --engine "$gts --game connect4" --engine "$gts --game connect4" \
    --games 2 --depth 2 --draw-after 2 --openings "$tmp/ops.pgn" --record "$tmp/rec2" \
    >"$tmp/out" 2>&1 || fail "match with PGN openings exited $?: $(cat "$tmp/out")"
grep -q "ops.pgn:5: skipped game 2: move 2 'z': " "$tmp/out" || fail "bad PGN game: $(cat "$tmp/out")"
grep -q 'position startpos moves d d c ' "$tmp/rec2" || fail "PGN opening not played: $(cat "$tmp/rec2")"

# Usage errors name the fault and exit 2.
check_usage() {
    expect=$1
    shift
    "$gts" --game connect4 match "$@" >"$tmp/out" 2>&1
    rc=$?
    [ $rc -eq 2 ] || fail "exit $rc for: $*"
    grep -qF -- "$expect" "$tmp/out" || fail "no '$expect' for $*: $(cat "$tmp/out")"
}
check_usage "a match needs at least two --engine" --engine x --depth 2
check_usage "give a time control" --engine x --engine y
check_usage "--tc needs SECONDS[+INCREMENT] (e.g. 10+0.1), not '10+x'" --engine x --engine y --tc 10+x
check_usage "unknown engine setting 'foo=1'" --engine x foo=1 --engine y --depth 1
check_usage "nodes= needs a positive number, not '0'" --engine x nodes=0 --engine y --depth 1
check_usage "unknown protocol in 'proto=gnu' (uci, usi, cecp or gnushogi)" \
    --engine x proto=gnu --engine y --depth 1
check_usage "--resign needs SCORE:MOVES" --engine x --engine y --depth 1 --resign 600
check_usage "unknown SPRT setting 'elo2=3'" --engine x --engine y --depth 1 --sprt elo2=3
check_usage "--record-format: connect4 has no record format 'kif' (its formats: pgn)" \
    --engine x --engine y --depth 1 --pgn "$tmp/x" --record-format kif
check_usage "--record-format needs --pgn FILE" --engine x --engine y --depth 1 --record-format pgn
check_usage "--record writes one line per game; for a games file named 'g.pgn' use --pgn" \
    --engine x --engine y --depth 1 --record g.pgn

# An engine that cannot start stops the match before any game, exit 1.
"$gts" --game connect4 match --engine "$gts --game connect4" --engine "/nonexistent/engine" \
    --depth 1 >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "a missing engine should exit 1"
grep -qF "engine 2 does not start: engine '/nonexistent/engine' (UCI): the engine exited before 'uciok'" \
    "$tmp/out" || fail "missing engine message: $(cat "$tmp/out")"
echo "match-cli: all checks passed"
