#!/bin/sh
# chess-perft.sh -- perft speed of the chess module against Stockfish.
#
# Runs each position RUNS times (default 3) with our engine and with
# Stockfish (`go perft D`, one thread), and prints the median leaves per
# second of both and the ratio ours / Stockfish.
# usage: tests/bench/chess-perft.sh [RUNS]      (from the build directory)
#
# GTSEARCH is the engine program (its `perft DEPTH --position FEN`
# prints "perft D: N leaves in S s, R leaves/s").
# SPDX-License-Identifier: MIT
GTSEARCH=${GTSEARCH:-./gtsearch}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
RUNS=${1:-3}

positions='6|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|startpos
5|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|kiwipete
7|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|cpw3
5|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10|cpw6'

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
now() { date +%s.%N; }

ours_rate() { # depth fen -> leaves/s as gtsearch measures it
    "$GTSEARCH" --game chess perft "$1" --position "$2" |
        awk '{for (i = 2; i <= NF; i++) if ($i == "leaves/s") print $(i-1)}'
}

# Stockfish prints no time for perft, and its start-up (network loading)
# is long and noisy, so one process runs `go perft 1` then `go perft D`,
# and the time between the two "Nodes searched" lines is the perft's.
sf_rate() { # depth fen -> leaves/s
    printf 'setoption name Threads value 1\nposition fen %s\ngo perft 1\ngo perft %s\nquit\n' \
           "$2" "$1" | "$STOCKFISH" 2>/dev/null |
    while IFS= read -r l; do
        case $l in "Nodes searched"*) echo "$(now) ${l#Nodes searched: }" ;; esac
    done | awk 'NR == 1 {t0 = $1} NR == 2 {printf "%.0f\n", $2 / ($1 - t0)}'
}

printf '%-10s %5s %14s %14s %7s\n' position depth ours/s stockfish/s ratio
echo "$positions" | while IFS='|' read -r depth fen name; do
    ours=$(for i in $(seq "$RUNS"); do ours_rate "$depth" "$fen"; done | median)
    if [ -x "$STOCKFISH" ]; then
        sf=$(for i in $(seq "$RUNS"); do sf_rate "$depth" "$fen"; done | median)
        ratio=$(awk -v a="$ours" -v b="$sf" 'BEGIN {printf "%.2f", a / b}')
    else
        sf=n/a; ratio=n/a
    fi
    printf '%-10s %5s %14.0f %14s %7s\n' "$name" "$depth" "$ours" "$sf" "$ratio"
done
