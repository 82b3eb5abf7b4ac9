#!/bin/sh
# shogi-net-speed.sh -- shogi search speed with the network beside the
# hand-written evaluation (UseNetwork=false), same binary, same positions,
# one run.
#
# Each position is searched to NODES nodes (default 2,000,000), one
# thread, 64 MB, RUNS times (default 3), the two evaluations interleaved
# so that a slow spell of a shared machine falls on both; the median
# nodes/s of each is printed with the ratio network / hand-written and
# its geometric mean (the goal: at least 0.5x).
# usage: tests/bench/shogi-net-speed.sh [RUNS] [NODES]   (from the build directory)
# Environment: GTSEARCH (default ./gtsearch), EVALFILE (a network file;
# default the built-in one: without either, both columns are the
# hand-written evaluation).
# SPDX-License-Identifier: MIT
GTSEARCH=${GTSEARCH:-./gtsearch}
RUNS=${1:-3}
NODES=${2:-2000000}
srcdir=$(dirname "$0")/../..
data=$srcdir/tests/data/shogi

sfen_of_id() { grep -F "id \"$1" "$data/perft.epd" | head -1 | cut -d';' -f1 | sed 's/ *$//'; }
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
last_nps() { awk '/^info .* nps / {for (i = 1; i < NF; i++) if ($i == "nps") n = $(i+1)} END {print n + 0}'; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One USI session until its bestmove, keeping the input open meanwhile (a
# `quit` read during the search would stop it).
gt_nps() { # use_network sfen
    net=
    [ -n "${EVALFILE:-}" ] && net="setoption name EvalFile value $EVALFILE\n"
    rm -f "$tmp/in" "$tmp/out"
    mkfifo "$tmp/in"
    "$GTSEARCH" --game shogi <"$tmp/in" >"$tmp/out" 2>/dev/null &
    pid=$!
    exec 3>"$tmp/in"
    printf "usi\nsetoption name USI_Hash value 64\n${net}setoption name UseNetwork value %s\nisready\nposition sfen %s\ngo nodes %s\n" \
        "$1" "$2" "$NODES" >&3
    until grep -q '^bestmove' "$tmp/out" 2>/dev/null; do sleep 0.1; done
    printf 'quit\n' >&3
    exec 3>&-
    wait $pid
    last_nps <"$tmp/out"
}

printf '%-16s %12s %12s %9s\n' position network/s hand/s net/hand
for id in startpos matsuri "bishop exchange"; do
    s=$(sfen_of_id "$id")
    [ -n "$s" ] || { echo "shogi-net-speed: no position '$id' in $data/perft.epd" >&2; exit 2; }
    for i in $(seq "$RUNS"); do
        echo "net $(gt_nps true "$s")"
        echo "hand $(gt_nps false "$s")"
    done >"$tmp/runs"
    net=$(awk '$1 == "net" {print $2}' "$tmp/runs" | median)
    hand=$(awk '$1 == "hand" {print $2}' "$tmp/runs" | median)
    [ "$hand" != 0 ] && [ "$net" != 0 ] || { echo "shogi-net-speed: no nps from gtsearch on $id" >&2; exit 1; }
    r=$(awk -v a="$net" -v b="$hand" 'BEGIN {printf "%.2f", a / b}')
    printf '%-16s %12.0f %12.0f %9s\n' "$id" "$net" "$hand" "$r"
    echo "$r" >>"$tmp/ratios"
done
g=$(awk '{s += log($1); n++} END {printf "%.2f", exp(s / n)}' "$tmp/ratios")
printf '%-16s %12s %12s %9s\n' geomean "" "" "$g"
