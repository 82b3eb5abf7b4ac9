#!/bin/sh
# tune-cli.sh -- the tuning commands end to end on Connect Four: datagen
# writes data that tune reads, tune writes a weights file that EvalFile
# loads, spsa steps a search number by games; and their usage errors.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}"
gt=$abs_top_builddir/gtsearch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# datagen: a header, then POSITION | SCORE | RESULT lines.
"$gt" --game connect4 datagen --games 4 --nodes 500 --threads 2 --out "$tmp/d.txt" \
    2>"$tmp/dg.err" || fail "datagen: $(cat "$tmp/dg.err")"
grep -q '^datagen: 4 games' "$tmp/dg.err" || fail "datagen summary: $(cat "$tmp/dg.err")"
n=$(grep -vc '^#' "$tmp/d.txt")
[ "$n" -gt 4 ] || fail "datagen wrote $n positions"
bad=$(grep -v '^#' "$tmp/d.txt" | grep -vcE '^[^|]+ \| -?[0-9]+ \| (1\.0|0\.5|0\.0)$' || true)
[ "$bad" = 0 ] || fail "$bad malformed data lines"

# tune: reads them all, writes GT_PARAM lines for every weight; the file
# drops into EvalFile, and a bad one is refused with its line.
echo "no_such_weight 3" >"$tmp/bad.h"
if "$gt" --game connect4 tune "$tmp/d.txt" --epochs 20 --out "$tmp/w.h" 2>"$tmp/t.err"; then
    grep -q "^$tmp/d.txt: $n positions" "$tmp/t.err" || fail "tune read: $(cat "$tmp/t.err")"
    grep -q '^epoch    20  loss' "$tmp/t.err" || fail "tune epochs: $(cat "$tmp/t.err")"
    grep -q '^GT_PARAM(' "$tmp/w.h" || fail "tune wrote no weights"
    "$gt" --game connect4 --option "EvalFile=$tmp/w.h" bench 4 >/dev/null ||
        fail "EvalFile refused the tuned weights"
    "$gt" --game connect4 --option "EvalFile=$tmp/bad.h" bench 1 >/dev/null 2>"$tmp/e.err" &&
        fail "EvalFile took a bad file"
    grep -q "bad.h:1: unknown parameter 'no_such_weight'" "$tmp/e.err" ||
        fail "EvalFile error: $(cat "$tmp/e.err")"
else
    # A game without weights says so, and has no EvalFile option.
    grep -q "has no evaluation weights to tune" "$tmp/t.err" || fail "tune: $(cat "$tmp/t.err")"
    "$gt" --game connect4 --option "EvalFile=$tmp/bad.h" bench 1 >/dev/null 2>"$tmp/e.err" &&
        fail "EvalFile exists without weights"
    grep -q "no such option: 'EvalFile'" "$tmp/e.err" || fail "EvalFile: $(cat "$tmp/e.err")"
fi

# spsa: one line per iteration, then the result.
"$gt" --game connect4 spsa --params RFPMargin:20 --iterations 3 --nodes 300 \
    >"$tmp/s.out" 2>"$tmp/s.err" || fail "spsa: $(cat "$tmp/s.err")"
[ "$(grep -c '^iteration [1-3]/3: +[0-9]* -[0-9]* =[0-9]*  RFPMargin ' "$tmp/s.out")" = 3 ] ||
    fail "spsa trajectory: $(cat "$tmp/s.out")"
grep -q '^result: --option RFPMargin=[0-9]*$' "$tmp/s.out" || fail "spsa result: $(cat "$tmp/s.out")"

# Usage errors name what is wrong.
"$gt" --game connect4 spsa --params NoSuchNumber --nodes 10 2>"$tmp/u.err" && fail "spsa took a bad name"
grep -q "'NoSuchNumber' is not one of the search's numbers" "$tmp/u.err" || fail "$(cat "$tmp/u.err")"
"$gt" --game connect4 tune 2>"$tmp/u.err" && fail "tune ran without data"
grep -q "name at least one data file" "$tmp/u.err" || fail "$(cat "$tmp/u.err")"
"$gt" --game connect4 datagen --games x 2>"$tmp/u.err" && fail "datagen took --games x"
grep -q -- "--games needs a number" "$tmp/u.err" || fail "$(cat "$tmp/u.err")"
echo "tune-cli: datagen ($n positions), tune, EvalFile, spsa and usage errors ok"
