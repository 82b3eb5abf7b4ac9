#!/bin/sh
# plot.sh -- progress files end to end: a short Connect Four match (two
# engines with an SPRT, run twice into one file; three engines, a series
# per pair), train, tune and spsa write their JSON lines (--progress),
# `gtsearch plot` draws each, and the pictures are read back: well-formed
# XML (xmllint, where installed), each series an element with the number
# of points its file gives.  Then the mistakes: an empty file, an unknown
# kind, a malformed line, mixed kinds, no --out; an older picture stays.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
gt=$abs_top_builddir/gtsearch
ops=$abs_top_srcdir/tests/data/connect4/openings.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

if command -v xmllint >/dev/null 2>&1; then
    wellformed() { xmllint --noout "$1" || fail "$1 is not well-formed XML"; }
else
    echo "SKIP: xmllint not found (Debian: libxml2-utils): the pictures' XML is not checked"
    wellformed() { :; }
fi

# The points of the element with id $2 in picture $1 ("x,y" pairs), and
# the count it says it drew (data-points): they must agree.
points() {
    n=$(sed -n "s/.* id=\"$2\"[^>]* points=\"\\([^\"]*\\)\".*/\\1/p" "$1" | wc -w)
    said=$(sed -n "s/.* id=\"$2\"[^>]* data-points=\"\\([0-9]*\\)\".*/\\1/p" "$1")
    [ -n "$said" ] || fail "$1: no element with id $2"
    [ "$n" = "$said" ] || [ "$n" = $((2 * said)) ] || fail "$1: $2 has $n points, says $said"
    echo "$n"
}
expect_points() {
    got=$(points "$1" "$2")
    [ "$got" = "$3" ] || fail "$1: $2 has $got points, not $3"
}
plot() { "$gt" plot "$@" 2>"$tmp/plot.err" || fail "plot $*: $(cat "$tmp/plot.err")"; }

# match: two engines with an SPRT, twice into one file (appended: a second
# run, a second series), then three engines (a series per pair).
two_engines() {
    "$gt" --game connect4 match --engine "$gt --game connect4" name=plain \
        --engine "$gt --game connect4 --option NullMove=false" name=nonull \
        --games "$1" --depth 3 --openings "$ops" --sprt elo0=0 elo1=50 \
        --progress "$tmp/m.jsonl" >"$tmp/m.out" 2>&1 || fail "match: $(cat "$tmp/m.out")"
}
two_engines 6
[ "$(grep -c '^{"kind": "match", "game": [1-6], "games": [1-6], "pair": 0, "engine_a": "plain", "engine_b": "nonull", "pair_games": [1-6], "wins": [0-6], "losses": [0-6], "draws": [0-6], "score": [01]\.[0-9]*, "elo": .*, "llr": -\{0,1\}[0-9.]*, "llr_lo": -2\.9444, "llr_hi": 2\.9444, "elo0": 0\.00, "elo1": 50\.00}$' "$tmp/m.jsonl")" = 6 ] ||
    fail "match progress lines: $(cat "$tmp/m.jsonl")"
plot "$tmp/m.jsonl" --out "$tmp/m.svg"
wellformed "$tmp/m.svg"
finite=$(grep -c '"elo": -\{0,1\}[0-9]' "$tmp/m.jsonl" || true)
banded=$(grep -c '"elo_lo": -\{0,1\}[0-9][0-9.]*, "elo_hi": -\{0,1\}[0-9]' "$tmp/m.jsonl" || true)
expect_points "$tmp/m.svg" elo-1 "$finite"
expect_points "$tmp/m.svg" elo-band-1 $((2 * banded))
expect_points "$tmp/m.svg" llr-1 6
grep -q 'id="llr-lower-1" class="bound" data-value="-2.9444"' "$tmp/m.svg" || fail "no lower bound"
grep -q 'id="llr-upper-1" class="bound" data-value="2.9444"' "$tmp/m.svg" || fail "no upper bound"
grep -q 'data-name="plain vs nonull"' "$tmp/m.svg" || fail "the pair is not named"
two_engines 4
[ "$(wc -l <"$tmp/m.jsonl")" = 10 ] || fail "the second match did not append"
plot "$tmp/m.jsonl" --out "$tmp/m2.svg"
expect_points "$tmp/m2.svg" llr-1 6
expect_points "$tmp/m2.svg" llr-2 4
grep -q 'id="elo-2" class="series" data-name="plain vs nonull (run 2)"' "$tmp/m2.svg" ||
    fail "the appended run is no series of its own"

"$gt" --game connect4 match --engine "$gt --game connect4" name=a --engine "$gt --game connect4" \
    name=b --engine "$gt --game connect4 --option NullMove=false" name=c --games 2 --depth 2 \
    --openings "$ops" --progress "$tmp/m3.jsonl" >"$tmp/m3.out" 2>&1 ||
    fail "match of three: $(cat "$tmp/m3.out")"
plot "$tmp/m3.jsonl" --out "$tmp/m3.svg"
wellformed "$tmp/m3.svg"
k=0
for pair in "a vs b" "a vs c" "b vs c"; do
    k=$((k + 1))
    grep -q "id=\"elo-$k\" class=\"series\" data-name=\"$pair\"" "$tmp/m3.svg" ||
        fail "no series $k for $pair"
done
grep -q 'id="elo-4"' "$tmp/m3.svg" && fail "more series than pairs"
grep -q 'id="panel-llr"' "$tmp/m3.svg" && fail "an LLR panel without an SPRT"

# train: a small network on a few self-play games; --log is --progress.
"$gt" --game connect4 datagen --games 6 --nodes 300 --out "$tmp/d.txt" 2>"$tmp/dg.err" ||
    fail "datagen: $(cat "$tmp/dg.err")"
for f in t1 t2; do
    opt=--progress
    [ "$f" = t2 ] && opt=--log
    "$gt" --game connect4 train "$tmp/d.txt" --out "$tmp/$f.gtnet" --hidden 32 --epochs 3 \
        --batch 64 --validation 0.2 "$opt" "$tmp/$f.jsonl" 2>"$tmp/t.err" ||
        fail "train: $(cat "$tmp/t.err")"
done
[ "$(grep -c '^{"kind": "train", "epoch": [1-3], "train_loss": [0-9.]*, "validation_loss": [0-9.]*, ' "$tmp/t1.jsonl")" = 3 ] ||
    fail "train progress lines: $(cat "$tmp/t1.jsonl")"
plot "$tmp/t1.jsonl" "$tmp/t2.jsonl" --out "$tmp/t.svg" --title 'two <networks> & more'
wellformed "$tmp/t.svg"
for k in 1 2; do
    expect_points "$tmp/t.svg" "train-$k" 3
    expect_points "$tmp/t.svg" "validation-$k" 3
done
grep -q '<title>two &lt;networks&gt; &amp; more</title>' "$tmp/t.svg" || fail "the title"
grep -q 'data-name="t2.jsonl, validation"' "$tmp/t.svg" || fail "series not named by file"

# tune: the losses every 5 epochs, and at the start.
"$gt" --game connect4 tune "$tmp/d.txt" --epochs 20 --report 5 --progress "$tmp/u.jsonl" \
    --out "$tmp/w.h" 2>"$tmp/u.err" || fail "tune: $(cat "$tmp/u.err")"
[ "$(grep -c '^{"kind": "tune", "epoch": [0-9]*, "train_loss": [0-9.]*, "validation_loss": [0-9.]*, "l2": [0-9.]*}$' "$tmp/u.jsonl")" = 5 ] ||
    fail "tune progress lines: $(cat "$tmp/u.jsonl")"
plot "$tmp/u.jsonl" --out "$tmp/u.svg"
wellformed "$tmp/u.svg"
expect_points "$tmp/u.svg" train-1 5
expect_points "$tmp/u.svg" validation-1 5

# spsa: the start and three iterations, a panel per parameter.
"$gt" --game connect4 spsa --params RFPMargin:20,LMRBase --iterations 3 --nodes 200 \
    --progress "$tmp/s.jsonl" >"$tmp/s.out" 2>&1 || fail "spsa: $(cat "$tmp/s.out")"
[ "$(grep -c '^{"kind": "spsa", "iteration": [0-3], "iterations": 3, .*"params": {"RFPMargin": [0-9.]*, "LMRBase": [0-9.]*}}$' "$tmp/s.jsonl")" = 4 ] ||
    fail "spsa progress lines: $(cat "$tmp/s.jsonl")"
plot "$tmp/s.jsonl" --out "$tmp/s.svg"
wellformed "$tmp/s.svg"
expect_points "$tmp/s.svg" param-RFPMargin-1 4
expect_points "$tmp/s.svg" param-LMRBase-1 4
grep -q 'id="panel-param-LMRBase-2"' "$tmp/s.svg" || fail "no panel for LMRBase"

# The mistakes, each named; the picture written before stays as it was.
cp "$tmp/u.svg" "$tmp/keep.svg"
bad() {
    want=$1
    shift
    if "$gt" plot "$@" --out "$tmp/keep.svg" 2>"$tmp/bad.err"; then
        fail "plot $* took it"
    fi
    grep -q -- "$want" "$tmp/bad.err" || fail "plot $*: '$(cat "$tmp/bad.err")', not '$want'"
    cmp -s "$tmp/keep.svg" "$tmp/u.svg" || fail "plot $* spoiled the older picture"
}
: >"$tmp/empty.jsonl"
bad "^gtsearch plot: $tmp/empty.jsonl: empty" "$tmp/empty.jsonl"
echo '{"kind": "weather", "x": 1}' >"$tmp/odd.jsonl"
bad "$tmp/odd.jsonl:1: unknown kind 'weather'" "$tmp/odd.jsonl"
{ head -n 2 "$tmp/u.jsonl"; echo '{"kind": "tune", "epoch": 10,'; } >"$tmp/cut.jsonl"
bad "$tmp/cut.jsonl:3: malformed line: column 30: expected a key" "$tmp/cut.jsonl"
bad "holds tune progress and $tmp/s.jsonl spsa progress" "$tmp/u.jsonl" "$tmp/s.jsonl"
cat "$tmp/u.jsonl" "$tmp/s.jsonl" >"$tmp/mixed.jsonl"
bad "$tmp/mixed.jsonl:6: a line of kind 'spsa' in a file of kind 'tune'" "$tmp/mixed.jsonl"
echo '{"kind": "tune", "epoch": 1}' >"$tmp/short.jsonl"
bad "$tmp/short.jsonl:1: a tune line without the number \"train_loss\"" "$tmp/short.jsonl"
bad "cannot read" "$tmp/nonexistent.jsonl"
set +e
"$gt" plot "$tmp/u.jsonl" 2>"$tmp/bad.err"
rc=$?
set -e
[ "$rc" = 2 ] && grep -q "name the picture to write: --out" "$tmp/bad.err" ||
    fail "no --out: status $rc: $(cat "$tmp/bad.err")"
echo "plot: match (SPRT, appended run, three engines), train, tune and spsa drawn and read back"
