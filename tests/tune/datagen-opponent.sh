#!/bin/sh
# datagen-opponent.sh -- datagen --opponent-option on chess: the second
# engine plays with its own options (a crippled evaluation loses nearly
# every game, and the tally says so from the engine's side), a game is
# the same whichever thread plays it, the text header names the
# opponent, and a bad opponent option is a usage error that writes
# nothing.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
gt=$abs_top_builddir/gtsearch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A hand-written evaluation that knows nothing: every piece at its lowest
# value and the piece-square tables noise across their whole range.
awk -F'[(,)]' '/^GT_PARAM\(/ {
        lo = $4 + 0; hi = $5 + 0; v = (lo <= 0 && hi >= 0) ? 0 : lo
        if ($2 ~ /^ *pst_/) v = (NR * 7919) % (hi - lo + 1) + lo
        printf "GT_PARAM(%s, %d, %d, %d)\n", $2, v, lo, hi; next }
    { print }' "$abs_top_srcdir/games/chess/eval_weights.h" >"$tmp/noise.txt"
opp="--opponent-option EvalFile=$tmp/noise.txt --opponent-option UseNetwork=false"

# shellcheck disable=SC2086
"$gt" --game chess datagen --games 20 --nodes 1000 --threads 2 --seed 3 $opp \
    --out "$tmp/two.txt" 2>"$tmp/two.err" || fail "datagen: $(cat "$tmp/two.err")"
tally=$(sed -n 's/^datagen: the engine against the opponent: +\([0-9]*\) =\([0-9]*\) -\([0-9]*\)$/\1 \2 \3/p' \
            "$tmp/two.err")
[ -n "$tally" ] || fail "no tally against the opponent: $(cat "$tmp/two.err")"
set -- $tally
[ $(($1 + $2 + $3)) = 20 ] || fail "the tally $tally does not count 20 games"
# Either colour: the engine moves first in half the games, so a tally
# taken from the wrong side would be near even.
[ "$1" -ge 16 ] && [ "$3" -le 2 ] ||
    fail "the engine scored +$1 =$2 -$3 against an evaluation of noise"
head -n 1 "$tmp/two.txt" | grep -q "against the opponent EvalFile=$tmp/noise.txt UseNetwork=false\$" ||
    fail "the header does not name the opponent: $(head -n 1 "$tmp/two.txt")"

# One thread plays the same games: each game depends on its number alone.
# shellcheck disable=SC2086
"$gt" --game chess datagen --games 20 --nodes 1000 --threads 1 --seed 3 $opp \
    --out "$tmp/one.txt" 2>"$tmp/one.err" || fail "datagen, one thread: $(cat "$tmp/one.err")"
grep -v '^#' "$tmp/two.txt" | sort >"$tmp/two.sorted"
grep -v '^#' "$tmp/one.txt" | sort >"$tmp/one.sorted"
cmp -s "$tmp/one.sorted" "$tmp/two.sorted" || fail "one thread and two wrote other positions"
[ -s "$tmp/one.sorted" ] || fail "no positions written"

# Self-play from the same seed is other games.
"$gt" --game chess datagen --games 20 --nodes 1000 --threads 2 --seed 3 \
    --out "$tmp/self.txt" 2>"$tmp/self.err" || fail "self-play: $(cat "$tmp/self.err")"
grep -q "against the opponent" "$tmp/self.err" && fail "self-play reports an opponent"
grep -v '^#' "$tmp/self.txt" | sort | cmp -s - "$tmp/two.sorted" &&
    fail "self-play wrote the games against the opponent"

# Bad opponent options: status 2, the option named, no file.
bad() {
    st=0
    "$gt" --game chess datagen --games 2 --nodes 100 --opponent-option "$1" \
        --out "$tmp/bad.txt" 2>"$tmp/bad.err" || st=$?
    [ "$st" = 2 ] || fail "--opponent-option $1: status $st, not 2"
    grep -q -- "$2" "$tmp/bad.err" || fail "--opponent-option $1: $(cat "$tmp/bad.err")"
    [ ! -e "$tmp/bad.txt" ] || fail "--opponent-option $1 wrote a file"
}
bad NoSuchOption=1 "--opponent-option NoSuchOption=1"
bad UseNetwork "needs NAME=VALUE, not 'UseNetwork'"
bad "EvalFile=$tmp/none.gtnet" "--opponent-option EvalFile=$tmp/none.gtnet"
bad "Hash=0" "--opponent-option Hash=0"
echo "datagen against an opponent: +$1 =$2 -$3 for the engine; bad options refused"
