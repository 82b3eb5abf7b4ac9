#!/bin/sh
# shogi-perft.sh -- perft speed of the shogi module beside YaneuraOu: the
# perft half of shogi-speed.sh (which see: positions, how YaneuraOu is
# timed without its start-up, the count check).
#   usage: tests/bench/shogi-perft.sh [runs]      (from the build directory)
# Environment: as shogi-speed.sh (GTSEARCH, YANEURAOU, FAIRY_STOCKFISH, RUNS).
# SPDX-License-Identifier: MIT
exec bash "$(dirname "$0")/shogi-speed.sh" --perft-only \
    --runs "${1:-${RUNS:-3}}"
