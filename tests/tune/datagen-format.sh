#!/bin/sh
# datagen-format.sh -- the data formats end to end on chess: datagen
# writes binary, convert turns it into text and back with the same
# records, tune reads either, a file of another game is one error; and
# datagen's ends: a full disk, a file size limit, Ctrl-C (SIGINT), the
# time limit of --seconds -- each leaves a file whose whole games read
# back.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}"
gt=$abs_top_builddir/gtsearch
tmp=$(mktemp -d)
pid=
trap 'rm -rf "$tmp"; [ -z "$pid" ] || kill "$pid" 2>/dev/null || true' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# The records convert wrote, from its summary line.
written() { sed -n 's/^convert: \([0-9]*\) records written .*/\1/p' "$1"; }

# datagen: binary unless the name ends in .txt, and the summary says so.
"$gt" --game chess datagen --games 4 --nodes 500 --threads 2 --out "$tmp/d.data" \
    2>"$tmp/dg.err" || fail "datagen: $(cat "$tmp/dg.err")"
n=$(sed -n 's/^datagen: 4 games .*), \([0-9]*\) positions (binary) .*/\1/p' "$tmp/dg.err")
[ -n "$n" ] && [ "$n" -gt 4 ] || fail "datagen summary: $(cat "$tmp/dg.err")"
[ "$(head -c 8 "$tmp/d.data" | tr '\n' '|')" = "GTSDATA|" ] || fail "no binary magic"

# convert: binary -> text -> binary -> text; every step keeps the records,
# and the two texts are the same bytes.
"$gt" --game chess convert "$tmp/d.data" --out "$tmp/d.txt" 2>"$tmp/c1.err" ||
    fail "convert to text: $(cat "$tmp/c1.err")"
[ "$(written "$tmp/c1.err")" = "$n" ] || fail "convert to text: $(cat "$tmp/c1.err")"
[ "$(grep -vc '^#' "$tmp/d.txt")" = "$n" ] || fail "the text has $(grep -vc '^#' "$tmp/d.txt") lines, not $n"
bad=$(grep -v '^#' "$tmp/d.txt" | grep -vcE '^[^|]+ \| -?[0-9]+ \| (1\.0|0\.5|0\.0)$' || true)
[ "$bad" = 0 ] || fail "$bad malformed text lines"
"$gt" --game chess convert "$tmp/d.txt" --out "$tmp/back" --format bin 2>"$tmp/c2.err" ||
    fail "convert to binary: $(cat "$tmp/c2.err")"
[ "$(written "$tmp/c2.err")" = "$n" ] || fail "convert back: $(cat "$tmp/c2.err")"
"$gt" --game chess convert "$tmp/back" "$tmp/d.data" --out "$tmp/both.txt" 2>"$tmp/c3.err" ||
    fail "convert two: $(cat "$tmp/c3.err")"
[ "$(written "$tmp/c3.err")" = "$((2 * n))" ] || fail "convert two: $(cat "$tmp/c3.err")"
grep -v '^#' "$tmp/both.txt" | head -n "$n" >"$tmp/first.txt"
grep -v '^#' "$tmp/d.txt" | cmp -s - "$tmp/first.txt" || fail "text -> binary -> text changed it"

# tune reads binary as text, the same positions.
for f in d.data d.txt; do
    "$gt" --game chess tune "$tmp/$f" --epochs 1 --out "$tmp/w.h" 2>"$tmp/t.err" ||
        fail "tune $f: $(cat "$tmp/t.err")"
    grep -q "^$tmp/$f: $n positions" "$tmp/t.err" || fail "tune $f: $(cat "$tmp/t.err")"
done

# Another game's file: one error, not one a record.
"$gt" --game shogi convert "$tmp/d.data" --out "$tmp/s.data" 2>"$tmp/s.err" &&
    fail "shogi read chess data"
grep -q ": data for chess, not shogi$" "$tmp/s.err" || fail "$(cat "$tmp/s.err")"
"$gt" --game shogi tune "$tmp/d.txt" --epochs 1 --out "$tmp/w.h" 2>"$tmp/s.err" &&
    fail "shogi tuned on chess data"
[ "$(wc -l <"$tmp/s.err")" = 1 ] || fail "more than one error: $(head -5 "$tmp/s.err")"
grep -q "d.txt does not look like shogi data: line 3: " "$tmp/s.err" || fail "$(cat "$tmp/s.err")"

# A full disk: one message naming the file, no crash.
for fmt in bin text; do
    st=0
    "$gt" --game chess datagen --games 2 --nodes 300 --out /dev/full --format $fmt \
        2>"$tmp/f.err" || st=$?
    [ "$st" = 1 ] || fail "datagen on /dev/full ($fmt) exited $st: $(cat "$tmp/f.err")"
    grep -q "^gtsearch datagen: cannot write /dev/full: No space left on device$" "$tmp/f.err" ||
        fail "/dev/full ($fmt): $(cat "$tmp/f.err")"
done

# A file size limit met in the middle of a game: the games before it
# read back whole; at most the last record is cut, and convert says so.
st=0
(trap '' XFSZ; ulimit -f 40; exec "$gt" --game chess datagen --games 40 --nodes 300 \
    --out "$tmp/limit.data") 2>"$tmp/l.err" || st=$?
[ "$st" = 1 ] || fail "datagen past the size limit exited $st: $(cat "$tmp/l.err")"
grep -q "^gtsearch datagen: cannot write $tmp/limit.data: File too large$" "$tmp/l.err" ||
    fail "size limit: $(cat "$tmp/l.err")"
"$gt" --game chess convert "$tmp/limit.data" --out "$tmp/limit.txt" 2>"$tmp/lc.err" ||
    fail "convert after the size limit: $(cat "$tmp/lc.err")"
kept=$(written "$tmp/lc.err")
[ -n "$kept" ] && [ "$kept" -gt 0 ] || fail "nothing kept: $(cat "$tmp/lc.err")"
[ "$(grep -vc '^convert: ' "$tmp/lc.err" || true)" -le 1 ] || fail "$(cat "$tmp/lc.err")"
if grep -vq '^convert: ' "$tmp/lc.err"; then
    grep -q "limit.data: truncated record $((kept + 1)) at byte [0-9]*: the $kept records before it are whole" \
        "$tmp/lc.err" || fail "after the size limit: $(cat "$tmp/lc.err")"
fi

# Ctrl-C: stops at the next move, flushes the whole games, says
# "interrupted" and exits 130; the file reads back without an error.
"$gt" --game chess datagen --games 100000 --nodes 2000 --threads 2 --out "$tmp/int.data" \
    2>"$tmp/i.err" &
pid=$!
waited=0
while [ "$( (wc -c <"$tmp/int.data") 2>/dev/null || echo 0)" -le 64 ] && [ $waited -lt 300 ]; do
    sleep 0.2
    waited=$((waited + 1))
done
sleep 0.5
kill -INT "$pid"
st=0
wait "$pid" || st=$?
pid=
[ "$st" = 130 ] || fail "datagen after SIGINT exited $st: $(cat "$tmp/i.err")"
grep -q '^datagen: [0-9]* games .*, interrupted$' "$tmp/i.err" || fail "$(cat "$tmp/i.err")"
"$gt" --game chess convert "$tmp/int.data" --out "$tmp/int.txt" 2>"$tmp/ic.err" ||
    fail "convert after SIGINT: $(cat "$tmp/ic.err")"
[ "$(wc -l <"$tmp/ic.err")" = 1 ] || fail "the interrupted file has bad records: $(cat "$tmp/ic.err")"
grep -q ', 0 bad records skipped$' "$tmp/ic.err" || fail "$(cat "$tmp/ic.err")"
ni=$(sed -n 's/^datagen: .*), \([0-9]*\) positions (binary) .*/\1/p' "$tmp/i.err")
[ "$(written "$tmp/ic.err")" = "$ni" ] || fail "datagen said $ni positions: $(cat "$tmp/ic.err")"

# --seconds alone: as many games as fit; none starts after the limit,
# the ones in progress finish, exit 0: the file holds games 1..K whole,
# the positions of `--games K` (sorted: two threads finish out of
# order).  With --games too, whichever comes first.
"$gt" --game chess datagen --seconds 2 --nodes 500 --threads 2 --out "$tmp/t.data" \
    2>"$tmp/t.err" || fail "datagen --seconds exited $?: $(cat "$tmp/t.err")"
grep -q '^datagen: [1-9][0-9]* games .*, time limit reached$' "$tmp/t.err" || fail "$(cat "$tmp/t.err")"
secs=$(sed -n 's/^datagen: .* in \([0-9]*\)\.[0-9] s, .*/\1/p' "$tmp/t.err")
[ -n "$secs" ] && [ "$secs" -ge 2 ] && [ "$secs" -lt 60 ] ||
    fail "a 2 s limit took ${secs:-?} s: $(cat "$tmp/t.err")"
"$gt" --game chess convert "$tmp/t.data" --out "$tmp/t.txt" 2>"$tmp/tc.err" ||
    fail "convert after --seconds: $(cat "$tmp/tc.err")"
grep -q ', 0 bad records skipped$' "$tmp/tc.err" || fail "$(cat "$tmp/tc.err")"
nt=$(sed -n 's/^datagen: .*), \([0-9]*\) positions (binary) .*/\1/p' "$tmp/t.err")
[ "$(written "$tmp/tc.err")" = "$nt" ] || fail "datagen said $nt positions: $(cat "$tmp/tc.err")"
k=$(sed -n 's/^datagen: \([0-9]*\) games .*/\1/p' "$tmp/t.err")
"$gt" --game chess datagen --games "$k" --nodes 500 --out "$tmp/k.txt" 2>"$tmp/k.err" ||
    fail "datagen --games $k: $(cat "$tmp/k.err")"
grep -v '^#' "$tmp/t.txt" | sort >"$tmp/t.sorted"
grep -v '^#' "$tmp/k.txt" | sort >"$tmp/k.sorted"
cmp -s "$tmp/t.sorted" "$tmp/k.sorted" || fail "--seconds 2 ($k games) did not write games 1..$k"
"$gt" --game chess datagen --seconds 600 --games 2 --nodes 500 --out "$tmp/g.txt" \
    2>"$tmp/g.err" || fail "datagen --seconds --games exited $?: $(cat "$tmp/g.err")"
grep -q '^datagen: 2 games .*positions/s$' "$tmp/g.err" || fail "$(cat "$tmp/g.err")"
head -1 "$tmp/g.txt" | grep -q ', 2 games at most, ' || fail "text header: $(head -1 "$tmp/g.txt")"
"$gt" --game chess datagen --seconds 0 2>"$tmp/u.err" && fail "datagen took --seconds 0"
grep -q -- "--seconds" "$tmp/u.err" || fail "$(cat "$tmp/u.err")"

# Usage errors.
"$gt" --game chess convert "$tmp/d.data" 2>"$tmp/u.err" && fail "convert without --out"
grep -q "name the file to write: --out FILE" "$tmp/u.err" || fail "$(cat "$tmp/u.err")"
"$gt" --game chess convert "$tmp/d.data" --out "$tmp/d.data" 2>"$tmp/u.err" &&
    fail "convert onto its input"
grep -q "is both read and written" "$tmp/u.err" || fail "$(cat "$tmp/u.err")"
"$gt" --game chess datagen --format csv 2>"$tmp/u.err" && fail "datagen took --format csv"
grep -q -- "--format needs bin or text" "$tmp/u.err" || fail "$(cat "$tmp/u.err")"
echo "datagen-format: $n positions through both formats; /dev/full, a size limit, SIGINT ($ni positions) and --seconds 2 ($nt) leave readable files"
