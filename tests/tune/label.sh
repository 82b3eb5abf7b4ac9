#!/bin/sh
# label.sh -- `label`: data scored again by another engine.  A scripted
# UCI engine gives known answers, so the test checks the turn to the
# first player's view, --scale, mates, a position without a score, an
# engine that crashes on one position, --resume, and that records go out
# one for one with their results; the real engine scores datagen's data;
# mistakes are refused before the output is touched.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}"
gt=$abs_top_builddir/gtsearch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# The scripted engine: 42 for the side to move, but a mate in 3 where the
# full move number is 7, no score at 8, and an exit at 9.
cat >"$tmp/fake" <<'ENGINE'
#!/bin/sh
pos=
while read -r line; do
    case $line in
    uci) echo "id name fake"; echo "option name Depth type spin default 1 min 1 max 9"
         echo uciok ;;
    isready) echo readyok ;;
    position*) pos=$line ;;
    go*) case $pos in
         *" 0 7") echo "info depth 3 score mate 3 pv e2e4" ;;
         *" 0 8") ;;
         *" 0 9") exit 3 ;;
         *) echo "info depth 1 score cp 42 pv e2e4" ;;
         esac
         echo "bestmove e2e4" ;;
    quit) exit 0 ;;
    esac
done
ENGINE
chmod +x "$tmp/fake"

cat >"$tmp/in.txt" <<'DATA'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 10 | 1.0
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 20 | 0.5
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 7 | 30 | 0.0
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7 | 30 | 0.0
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 8 | 40 | 1.0
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 9 | 50 | 0.5
rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 2 | 60 | 0.0
DATA
"$gt" --game chess label "$tmp/in.txt" --engine "$tmp/fake" option.Depth=2 --depth 1 \
    --scale 2 --out "$tmp/out.txt" 2>"$tmp/err" || fail "label: $(cat "$tmp/err")"
grep -v '^#' "$tmp/out.txt" | awk -F' [|] ' '{ print $2 }' | tr '\n' ' ' >"$tmp/scores"
[ "$(cat "$tmp/scores")" = "84 -84 32000 -32000 - - -84 " ] ||
    fail "scores $(cat "$tmp/scores"), not 84 -84 32000 -32000 - - -84"
# The positions and results, unchanged and in order.
grep -v '^#' "$tmp/out.txt" | awk -F' [|] ' '{ print $1 "|" $3 }' >"$tmp/kept"
awk -F' [|] ' '{ print $1 "|" $3 }' "$tmp/in.txt" | cmp -s - "$tmp/kept" ||
    fail "positions or results changed: $(cat "$tmp/kept")"
grep -q "2 without a score (1 the engine scored none, 1 failed" "$tmp/err" ||
    fail "the summary does not count the missing scores: $(cat "$tmp/err")"

# --resume: three positions, then the rest, make the same file.
"$gt" --game chess label "$tmp/in.txt" --engine "$tmp/fake" --depth 1 --scale 2 \
    --max-positions 3 --out "$tmp/part.gtd" 2>"$tmp/err" || fail "label part: $(cat "$tmp/err")"
"$gt" --game chess label "$tmp/in.txt" --engine "$tmp/fake" --depth 1 --scale 2 \
    --resume --out "$tmp/part.gtd" 2>"$tmp/err" || fail "label --resume: $(cat "$tmp/err")"
grep -q "holds 3 positions" "$tmp/err" || fail "--resume did not count 3: $(cat "$tmp/err")"
"$gt" --game chess convert "$tmp/part.gtd" --out "$tmp/part.txt" 2>/dev/null
grep -v '^#' "$tmp/out.txt" >"$tmp/whole"
grep -v '^#' "$tmp/part.txt" | cmp -s - "$tmp/whole" ||
    fail "a resumed run wrote another file: $(cat "$tmp/part.txt")"

# The engine itself scores datagen's positions: one for one, results kept,
# and the scores its own.
"$gt" --game chess datagen --games 3 --nodes 500 --seed 5 --out "$tmp/d.gtd" 2>/dev/null
"$gt" --game chess label "$tmp/d.gtd" --engine "$gt --game chess" --nodes 200 --threads 2 \
    --out "$tmp/l.gtd" 2>"$tmp/err" || fail "label with gtsearch: $(cat "$tmp/err")"
"$gt" --game chess convert "$tmp/d.gtd" --out "$tmp/d.txt" 2>/dev/null
"$gt" --game chess convert "$tmp/l.gtd" --out "$tmp/l.txt" 2>/dev/null
grep -v '^#' "$tmp/d.txt" | awk -F' [|] ' '{ print $1 "|" $3 }' >"$tmp/d.kept"
grep -v '^#' "$tmp/l.txt" | awk -F' [|] ' '{ print $1 "|" $3 }' | cmp -s - "$tmp/d.kept" ||
    fail "labelled data lost or moved positions"
n=$(wc -l <"$tmp/d.kept")
[ "$n" -gt 20 ] || fail "datagen wrote only $n positions"
grep -q "^label: $n positions in .*0 without a score" "$tmp/err" ||
    fail "not every position scored: $(cat "$tmp/err")"

# Mistakes: a usage error (2) or a refusal (1), and no output file.
bad() {
    want=$1; msg=$2; shift 2
    st=0
    "$gt" --game chess label "$@" --out "$tmp/bad.txt" 2>"$tmp/bad.err" || st=$?
    [ "$st" = "$want" ] || fail "label $*: status $st, not $want"
    grep -q -- "$msg" "$tmp/bad.err" || fail "label $*: $(cat "$tmp/bad.err")"
    [ ! -e "$tmp/bad.txt" ] || fail "label $* wrote a file"
}
bad 2 "name the engine" "$tmp/in.txt" --depth 1
bad 2 "give one limit" "$tmp/in.txt" --engine "$tmp/fake"
bad 2 "give one limit" "$tmp/in.txt" --engine "$tmp/fake" --depth 1 --nodes 5
bad 1 "has no option 'Nope'" "$tmp/in.txt" --engine "$tmp/fake" option.Nope=1 --depth 1
bad 1 "engine '$tmp/none'" "$tmp/in.txt" --engine "$tmp/none" --depth 1
bad 1 "no positions\|cannot open" "$tmp/missing.txt" --engine "$tmp/fake" --depth 1
echo "label: scripted answers turned, scaled, missing and crashed as they should;" \
     "--resume; $n datagen positions scored by gtsearch; mistakes refused"
