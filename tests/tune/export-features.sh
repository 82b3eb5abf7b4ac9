#!/bin/sh
# export-features.sh -- export-features on chess, read back with od: the
# header's counts match the records and the file's size, every feature
# index is below the count, each position's slice splits at nus, and the
# scores and results are the data's turned to the side to move's view.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}"
gt=$abs_top_builddir/gtsearch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# Numbers of a type (u2, u4, u8, f4) from byte $2, $3 bytes, one a line.
num() { od --endian=little -An -v -t "$1" -j "$2" -N "$3" "$f" | tr -s ' ' '\n' | sed '/^$/d'; }

"$gt" --game chess datagen --games 4 --nodes 500 --threads 2 --out "$tmp/d.data" \
    2>"$tmp/dg.err" || fail "datagen: $(cat "$tmp/dg.err")"
n=$(sed -n 's/^datagen: 4 games .*), \([0-9]*\) positions .*/\1/p' "$tmp/dg.err")
[ -n "$n" ] && [ "$n" -gt 4 ] || fail "datagen summary: $(cat "$tmp/dg.err")"
f=$tmp/f.bin
"$gt" --game chess export-features "$tmp/d.data" --out "$f" 2>"$tmp/x.err" ||
    fail "export-features: $(cat "$tmp/x.err")"

# The header.
[ "$(head -c 8 "$f")" = GTSFEAT1 ] || fail "no magic: $(head -c 8 "$f" | od -c | head -1)"
count=$(num u4 8 4)
p=$(num u8 12 8)
t=$(num u8 20 8)
[ "$count" = 3840 ] || fail "$count features per perspective, not chess-king4's 3840"
[ "$p" = "$n" ] || fail "$p positions in the header, datagen wrote $n"
size=$((28 + 8 * (p + 1) + 2 * p + 4 * t + 4 * p + 4 * p))
[ "$(wc -c <"$f")" -eq "$size" ] || fail "$(wc -c <"$f") bytes, the header says $size"

# The slices: start[] rises from 0 to total, nus[i] features of each are
# the mover's and as many the other side's (chess sees every piece from
# both sides), at most 64 each (32 pieces, each in chess-psq and in its
# king set).
o_nus=$((28 + 8 * (p + 1)))
o_feat=$((o_nus + 2 * p))
o_score=$((o_feat + 4 * t))
o_result=$((o_score + 4 * p))
num u8 28 $((8 * (p + 1))) >"$tmp/start"
num u2 "$o_nus" $((2 * p)) >"$tmp/nus"
bad=$(awk -v t="$t" 'NR == FNR { s[FNR - 1] = $1; m = FNR - 1; next }
    { i = FNR - 1; len = s[i + 1] - s[i]
      if (len != 2 * $1 || $1 < 1 || $1 > 64) { print "position " i ": " len " features, nus " $1; exit } }
    END { if (s[0] != 0 || s[m] != t) print "start runs " s[0] " .. " s[m] ", total " t }' \
    "$tmp/start" "$tmp/nus")
[ -z "$bad" ] || fail "$bad"

# Every feature index below the count.
bad=$(num u4 "$o_feat" $((4 * t)) |
      awk -v c="$count" '$1 >= c { print "feature " NR - 1 " is " $1; exit } END { if (NR == 0) print "no features" }')
[ -z "$bad" ] || fail "$bad"

# Scores and results: the text file's (first player's view), negated and
# turned over when black is to move.
"$gt" --game chess convert "$tmp/d.data" --out "$tmp/d.txt" 2>"$tmp/c.err" ||
    fail "convert: $(cat "$tmp/c.err")"
num f4 "$o_score" $((4 * p)) >"$tmp/score"
num f4 "$o_result" $((4 * p)) >"$tmp/result"
grep -v '^#' "$tmp/d.txt" | awk -F ' [|] ' '{ split($1, w, " "); print w[2], $2, $3 }' |
    paste -d ' ' - "$tmp/score" "$tmp/result" >"$tmp/all"
[ "$(wc -l <"$tmp/all")" = "$p" ] || fail "the text has $(wc -l <"$tmp/all") records, not $p"
bad=$(awk '{ s = $1 == "w" ? $2 : -$2; r = $1 == "w" ? $3 : 1 - $3
             if ($4 != s || $5 != r) { print "record " NR ": " $0; exit } }' "$tmp/all")
[ -z "$bad" ] || fail "score or result not the side to move's: $bad"

# Options: --max-positions, and the usage errors.
"$gt" --game chess export-features "$tmp/d.data" --max-positions 3 --out "$f" 2>"$tmp/x.err" ||
    fail "export-features --max-positions: $(cat "$tmp/x.err")"
[ "$(num u8 12 8)" = 3 ] || fail "--max-positions 3 kept $(num u8 12 8)"
st=0
"$gt" --game chess export-features "$tmp/d.data" 2>/dev/null || st=$?
[ "$st" = 2 ] || fail "no --out: status $st, not 2"
echo "export-features: $p positions, $t features checked"
