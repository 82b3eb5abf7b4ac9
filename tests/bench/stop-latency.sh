#!/bin/bash
# stop-latency.sh -- how long gtsearch takes to answer `stop` during a
# search: sends `go infinite`, waits, sends `stop` and times the bestmove.
# Usage: tests/bench/stop-latency.sh [GAME] [RUNS] [THINK_MS]
# Prints each latency, the median and maximum in milliseconds, and as a
# control the median round trip of `isready` through the same pipes.
# SPDX-License-Identifier: MIT
set -eu
game=${1:-chess} runs=${2:-20} think=${3:-300}
engine=${GTSEARCH:-./gtsearch}
lat=() ctl=()
for ((i = 0; i < runs; i++)); do
    coproc ENG { "$engine" --game "$game"; }
    echo "go infinite" >&"${ENG[1]}"
    sleep "$(printf '0.%03d' "$think")"
    t0=$(date +%s%N)
    echo "stop" >&"${ENG[1]}"
    while read -r line <&"${ENG[0]}"; do
        case $line in bestmove*) break ;; esac
    done
    t1=$(date +%s%N)
    # Control: an isready round trip through the same pipes and clock.
    c0=$(date +%s%N)
    echo "isready" >&"${ENG[1]}"
    while read -r line <&"${ENG[0]}"; do
        case $line in readyok) break ;; esac
    done
    c1=$(date +%s%N)
    ctl+=($(( (c1 - c0) / 1000 )))
    echo "quit" >&"${ENG[1]}"
    wait "$ENG_PID" 2>/dev/null || true
    lat+=($(( (t1 - t0) / 1000 )))
done
sorted=($(printf '%s\n' "${lat[@]}" | sort -n))
printf 'stop latency (%s, %d runs, microseconds): %s\n' "$game" "$runs" "${lat[*]}"
csorted=($(printf '%s\n' "${ctl[@]}" | sort -n))
awk -v c="${csorted[$((runs / 2))]}" \
    'BEGIN { printf "control: isready round trip median %.2f ms\n", c / 1000 }'
awk -v m="${sorted[$((runs / 2))]}" -v x="${sorted[$((runs - 1))]}" \
    'BEGIN { printf "median %.2f ms, max %.2f ms\n", m / 1000, x / 1000 }'
