#!/bin/sh
# null-move.sh -- what null-move pruning and its neighbours buy: bench nodes
# and time at fixed depth, and the zugzwang and mate suites, for each
# configuration.  Node counts are exact; times depend on the machine.
# Usage: tests/bench/null-move.sh [GAME] [BENCH_DEPTH] [SUITE_DEPTH]
# SPDX-License-Identifier: MIT
set -eu
game=${1:-chess}
depth=${2:-}
sdepth=${3:-20}
gt=${GTSEARCH:-./gtsearch}
data=${DATA:-$(dirname "$0")/../data/$game}

run() {  # label, options...
    label=$1; shift
    opts=
    for o in "$@"; do opts="$opts --option $o"; done
    out=$($gt --game "$game" $opts bench $depth)
    nodes=$(echo "$out" | sed -n 's/^Nodes searched: //p')
    ms=$(echo "$out" | sed -n 's/^time \([0-9]*\) ms.*/\1/p')
    zz=- mates=-
    if [ -f "$data/zugzwang.epd" ]; then
        zz=$($gt --game "$game" $opts epd "$data/zugzwang.epd" --depth "$sdepth" |
             sed -n 's/^solved \([0-9]*\/[0-9]*\).*/\1/p')
    fi
    if [ -f "$data/mates.epd" ]; then
        mates=$($gt --game "$game" $opts epd "$data/mates.epd" --depth 30 |
                sed -n 's/^solved \([0-9]*\/[0-9]*\).*/\1/p')
    fi
    [ -n "${base:-}" ] || base=$nodes
    [ -n "${base_ms:-}" ] || base_ms=$ms
    awk -v l="$label" -v n="$nodes" -v b="$base" -v t="$ms" -v bt="$base_ms" \
        -v z="$zz" -v m="$mates" 'BEGIN {
        printf "| %-34s | %10d | %6.1f%% | %7d | %5.2fx | %6s | %6s |\n",
               l, n, 100 * (1 - n / b), t, (t > 0 ? bt / t : 0), z, m }'
}

echo "game $game, bench depth ${depth:-default}, suites at depth $sdepth (mates at 30)"
echo "| configuration                      | bench nodes | fewer  | time ms | speed | zugzw. | mates  |"
echo "|------------------------------------|------------|--------|---------|-------|--------|--------|"
run "null move off"                   NullMove=false
run "fixed R=3, no verification"      NullMoveAdaptiveR=false NullMoveVerification=false
run "adaptive R, no verification"     NullMoveVerification=false
run "adaptive R + verification (default)"
run "default, reverse futility off"   ReverseFutility=false
run "default, LMR off"                LMR=false
run "null move off, RFP off, LMR off" NullMove=false ReverseFutility=false LMR=false

# The null move alone: the other forward pruning off, so that what it cuts
# is not already cut by reverse futility or LMR.
alone=${ALONE_DEPTH:-10}
echo
echo "null move alone (ReverseFutility, LMR, LMP, Futility off), bench depth $alone"
echo "| configuration                      | bench nodes | fewer  | time ms | speed | zugzw. | mates  |"
echo "|------------------------------------|------------|--------|---------|-------|--------|--------|"
depth=$alone base= base_ms=
off="ReverseFutility=false LMR=false LMP=false Futility=false"
run "null move off"                   NullMove=false $off
run "fixed R=3, no verification"      NullMoveAdaptiveR=false NullMoveVerification=false $off
run "adaptive R, no verification"     NullMoveVerification=false $off
run "adaptive R + verification"       $off
