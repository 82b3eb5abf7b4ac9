#!/bin/sh
# net-cli.sh -- the `net` command on chess's built-in network: it reports
# the header the file holds; --weight and --window change those header
# fields and no other byte; a half-weight copy scores half the
# correction, and doubling it again gives the file back; a file that is
# truncated or for another game is refused, and a bad command line too.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
gt=$abs_top_builddir/gtsearch
src=$abs_top_srcdir/games/chess/chess.gtnet
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# The little-endian u32 at byte $2 of file $1.
u32() { od --endian=little -An -t u4 -j "$2" -N 4 "$1" | tr -d ' '; }
# The value after "$2:" in a description $1.
field() { sed -n "s/^$2: *\([0-9-]*\).*/\1/p" "$1"; }
# The network's and the evaluation's scores of position $2 by file $1:
# "score correction".
scores() {
    "$gt" --game chess net "$1" --position "$2" >"$tmp/s" 2>&1 || fail "net $1: $(cat "$tmp/s")"
    sed -n 's/^position: .*: \(-*[0-9]*\) (evaluation -*[0-9]*, correction \([-+][0-9]*\)).*/\1 \2/p' \
        "$tmp/s"
}

# The engine's network is the file built from the source tree.
"$gt" --game chess net >"$tmp/d" 2>&1 || fail "net: $(cat "$tmp/d")"
scale=$(field "$tmp/d" scale)
window=$(sed -n 's/^kind: .*<= \([0-9]*\)$/\1/p' "$tmp/d")
[ "$scale" = "$(u32 "$src" 104)" ] || fail "scale $scale, the file says $(u32 "$src" 104)"
[ "$window" = "$(u32 "$src" 124)" ] || fail "window '$window', the file says $(u32 "$src" 124)"
grep -q '^network: *built in$' "$tmp/d" || fail "not the built-in one: $(head -n 1 "$tmp/d")"

# Half weight: only the scale field differs (bytes 105-108 counted from 1).
"$gt" --game chess net --weight 0.5 --out "$tmp/half.gtnet" >"$tmp/w" 2>&1 ||
    fail "net --weight: $(cat "$tmp/w")"
[ "$(u32 "$tmp/half.gtnet" 104)" = $(((scale + 1) / 2)) ] ||
    fail "half weight's scale $(u32 "$tmp/half.gtnet" 104) for $scale"
bad=$(cmp -l "$src" "$tmp/half.gtnet" | awk '$1 < 105 || $1 > 108')
[ -z "$bad" ] || fail "bytes other than the scale differ: $bad"

# ... and half the correction, within rounding, on positions of play.
for p in startpos "startpos moves e2e4 e7e5 g1f3 b8c6 f1b5" \
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"; do
    set -- $(scores "$src" "$p") $(scores "$tmp/half.gtnet" "$p")
    [ $# = 4 ] || fail "no scores for $p: $(cat "$tmp/s")"
    d=$(($2 - 2 * $4))
    [ "$d" -ge -2 ] && [ "$d" -le 2 ] || fail "$p: correction $2 at full weight, $4 at half"
done

# Beyond the window the evaluation stands alone (a queen up here).
"$gt" --game chess net --position "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" \
    >"$tmp/s" 2>&1 || fail "net --position: $(cat "$tmp/s")"
grep -q '^position: .*outside the window' "$tmp/s" || fail "a queen up: $(tail -n 1 "$tmp/s")"

# Doubled again: the file back.  EvalFile's network is the one described.
"$gt" --game chess --option EvalFile="$tmp/half.gtnet" net --weight 2 \
    --out "$tmp/back.gtnet" >"$tmp/w" 2>&1 || fail "net --weight 2: $(cat "$tmp/w")"
grep -q "^network: *$tmp/half.gtnet (EvalFile)$" "$tmp/w" || fail "not EvalFile's: $(cat "$tmp/w")"
cmp -s "$src" "$tmp/back.gtnet" || fail "half weight doubled is not the file"

# --window and --scale set their fields.
"$gt" --game chess net "$src" --scale 123 --window 77 --out "$tmp/win.gtnet" >/dev/null 2>&1 ||
    fail "net --scale --window"
[ "$(u32 "$tmp/win.gtnet" 104) $(u32 "$tmp/win.gtnet" 124)" = "123 77" ] ||
    fail "scale and window $(u32 "$tmp/win.gtnet" 104) $(u32 "$tmp/win.gtnet" 124)"

# Refusals: status 1 with the reason, nothing written.
head -c 1000 "$src" >"$tmp/cut.gtnet"
st=0
"$gt" --game chess net "$tmp/cut.gtnet" --weight 0.5 --out "$tmp/x.gtnet" >/dev/null \
    2>"$tmp/e" || st=$?
[ "$st" = 1 ] && grep -q truncated "$tmp/e" || fail "a cut file: status $st, $(cat "$tmp/e")"
[ ! -e "$tmp/x.gtnet" ] || fail "a cut file was copied"
st=0
"$gt" --game connect4 net "$src" >/dev/null 2>"$tmp/e" || st=$?
[ "$st" = 1 ] && grep -q "for chess, not connect4" "$tmp/e" ||
    fail "another game's file: status $st, $(cat "$tmp/e")"
st=0
"$gt" --game chess net --out "$tmp/no/such/dir.gtnet" >/dev/null 2>"$tmp/e" || st=$?
[ "$st" = 1 ] && grep -q "cannot write" "$tmp/e" || fail "an unwritable path: status $st"
# Usage errors: status 2.
for args in "--weight 0.5" "--scale 0 --out $tmp/x.gtnet" "--scale 5 --weight 2 --out $tmp/x" \
    "a.gtnet b.gtnet" "--out"; do
    st=0
    # shellcheck disable=SC2086
    "$gt" --game chess net $args >/dev/null 2>&1 || st=$?
    [ "$st" = 2 ] || fail "net $args: status $st, not 2"
done
echo "net: scale $scale, window $window; half weight and back checked"
