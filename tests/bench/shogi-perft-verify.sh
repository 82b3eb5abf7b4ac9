#!/bin/sh
# shogi-perft-verify.sh -- run EVERY count of tests/data/shogi/perft.epd
# (make check stops at 2M leaves; this goes all the way, ~1 minute).
#   usage: tests/bench/shogi-perft-verify.sh [max-count]   (from the build dir)
# SPDX-License-Identifier: MIT
GTSEARCH=${GTSEARCH:-./gtsearch}
SRCDIR=${SRCDIR:-$(dirname "$0")/../..}
EPD=${EPD:-$SRCDIR/tests/data/shogi/perft.epd}
MAX=${1:-999999999999}
fail=0
total=0
grep -v '^#' "$EPD" | grep . > /tmp/shogi-perft-verify.$$
while IFS= read -r line; do
    sfen=${line%%;*}
    d=1
    while :; do
        exp=$(echo "$line" | sed -n "s/.*; D$d \([0-9][0-9]*\).*/\1/p")
        [ -n "$exp" ] || break
        if [ "$exp" -le "$MAX" ]; then
            got=$("$GTSEARCH" --game shogi perft $d --position "$sfen" | awk '{print $3}')
            total=$((total + 1))
            if [ "$got" = "$exp" ]; then
                echo "ok   d$d $exp  $sfen"
            else
                echo "FAIL d$d expected $exp got $got  $sfen"
                fail=$((fail + 1))
            fi
        fi
        d=$((d + 1))
    done
done < /tmp/shogi-perft-verify.$$
rm -f /tmp/shogi-perft-verify.$$
echo "$total counts, $fail failed"
[ $fail -eq 0 ]
