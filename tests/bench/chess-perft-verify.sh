#!/bin/sh
# chess-perft-verify.sh -- run EVERY depth of tests/data/chess/perft.epd (and
# the Chess960 set) through the perft driver and compare the counts.  Too
# slow for make check (the deep counts are up to 2e8 leaves each).
# usage: tests/bench/chess-perft-verify.sh [MAXDEPTH]   (run from the build dir)
srcdir=${srcdir:-$(dirname "$0")/../..}
bench=${CHESS_PERFT_BENCH:-./tests/bench/chess-perft-bench}
max=${1:-8}
fail=0; runs=0
for epd in "$srcdir/tests/data/chess/perft.epd" "$srcdir/tests/data/chess/perft960.epd"; do
    [ -f "$epd" ] || continue
    grep -v '^#' "$epd" | grep . | while IFS= read -r line; do
        fen=${line%%;*}
        for d in 1 2 3 4 5 6 7 8; do
            [ "$d" -le "$max" ] || continue
            exp=$(printf '%s\n' "$line" | sed -n "s/.*; *D$d \([0-9]*\).*/\1/p")
            [ -n "$exp" ] || continue
            got=$("$bench" "$d" "$fen" | awk '{print $2}')
            if [ "$got" = "$exp" ]; then
                echo "ok   d$d $exp  $fen"
            else
                echo "FAIL d$d got $got expected $exp  $fen"
            fi
        done
    done
done | tee /tmp/chess-perft-verify.$$ | grep -v '^ok' ; 
total=$(wc -l < /tmp/chess-perft-verify.$$)
bad=$(grep -c '^FAIL' /tmp/chess-perft-verify.$$)
rm -f /tmp/chess-perft-verify.$$
echo "$total counts checked, $bad failed"
[ "$bad" -eq 0 ]
