#!/bin/sh
# gps-label.sh -- tests/bench/shogi-gps-label.py on a small datagen file,
# where gpsshell (Debian's gpsshogi) and python3 are present: every record
# comes back with its position, result and order; weight 0 keeps every
# score; weight 1 with factor 1 gives GPSShogi's own, so the two files'
# scores differ; another game's file is refused by name.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
gt=$abs_top_builddir/gtsearch
label=$abs_top_srcdir/tests/bench/shogi-gps-label.py
shell=${GPSSHELL:-/usr/games/gpsshell}
if ! command -v python3 >/dev/null || [ ! -x "$shell" ]; then
    echo "SKIP: needs python3 and gpsshell ($shell; apt-get install gpsshogi)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

"$gt" --game shogi datagen --games 4 --nodes 300 --seed 3 --out "$tmp/d.gtd" 2>/dev/null
python3 "$label" "$tmp/d.gtd" "$tmp/w0.gtd" --weight 0 --factor 1 --jobs 1 \
    >"$tmp/w0.out" 2>/dev/null || fail "weight 0: exit status $?"
python3 "$label" "$tmp/d.gtd" "$tmp/w1.gtd" --weight 1 --factor 1 --jobs 2 \
    --chunk 120 >"$tmp/w1.out" 2>/dev/null || fail "weight 1: exit status $?"
for f in d w0 w1; do
    "$gt" --game shogi convert "$tmp/$f.gtd" --out "$tmp/$f.txt" >/dev/null 2>&1
    grep -v '^#' "$tmp/$f.txt" | cut -d'|' -f1,3 >"$tmp/$f.pos"
done
n=$(wc -l <"$tmp/d.pos")
[ "$n" -gt 20 ] || fail "datagen gave $n records"
cmp -s "$tmp/d.pos" "$tmp/w0.pos" || fail "weight 0 changed positions or results"
cmp -s "$tmp/d.pos" "$tmp/w1.pos" || fail "weight 1 changed positions or results"
cmp -s "$tmp/d.txt" "$tmp/w0.txt" || fail "weight 0 changed a score"
changed=$(paste -d'|' "$tmp/d.txt" "$tmp/w1.txt" | grep -v '^#' |
    awk -F'|' '$2 != $5' | wc -l)
[ "$changed" -gt $((n / 2)) ] ||
    fail "weight 1 changed $changed of $n scores: GPSShogi's are not in"
grep -q "$n blended" "$tmp/w1.out" || fail "summary: $(cat "$tmp/w1.out")"
# the binary file's ply survives (train --td-decay reads it)
cmp -s "$tmp/d.gtd" "$tmp/w0.gtd" || fail "weight 0 is not the same file"
"$gt" --game chess datagen --games 1 --nodes 200 --out "$tmp/c.gtd" 2>/dev/null
if err=$(python3 "$label" "$tmp/c.gtd" "$tmp/x.gtd" 2>&1); then
    fail "a chess file was accepted"
else
    printf '%s' "$err" | grep -q "data for chess, not shogi" ||
        fail "a chess file: $err"
fi
[ "$fails" = 0 ] && echo "ok: $n records labelled and blended"
exit "$fails"
