#!/bin/sh
# fuzz.sh -- run every libFuzzer target of a build for a fixed time each:
# a short smoke run for CI, or a longer hunt by hand.
# Usage: tests/scripts/fuzz.sh [SECONDS]   (from a build directory configured with
#   --enable-fuzzers CC=clang, after `make tests/chess/fuzz_chess tests/shogi/fuzz_shogi
#   tests/connect4/fuzz_connect4`; default 25 seconds per target)
# Each target starts from the positions of tests/data (one per input) and
# any corpus left in fuzz-corpus/ by an earlier run; a crash, a sanitizer
# report or a broken invariant leaves its input in fuzz-out/ and fails.
# SPDX-License-Identifier: MIT
set -eu
secs=${1:-25}
src=$(cd "$(dirname "$0")/../.." && pwd)
status=0
for target in chess shogi connect4; do
    bin=tests/$target/fuzz_$target
    if [ ! -x "$bin" ]; then
        echo "fuzz: no $bin here (configure --enable-fuzzers CC=clang; make $bin)" >&2
        exit 2
    fi
    corpus=fuzz-corpus/$target
    mkdir -p "$corpus" fuzz-out
    # Seeds: the first field of every record of the game's data files.
    for f in "$src"/tests/data/"$target"/*.epd; do
        [ -f "$f" ] || continue
        n=0
        grep -v '^[[:space:]]*\(#\|$\)' "$f" | cut -d';' -f1 | while read -r line; do
            n=$((n + 1))
            printf '%s\n' "$line" >"$corpus/seed-$(basename "$f" .epd)-$n"
        done
    done
    echo "fuzz: $target for ${secs}s ($(ls "$corpus" | wc -l) inputs to start from)"
    if ! "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
             -print_final_stats=1 -artifact_prefix=fuzz-out/"$target"- \
             "$corpus" >fuzz-out/"$target".log 2>&1; then
        echo "fuzz: $target FAILED; its log follows" >&2
        tail -n 60 fuzz-out/"$target".log >&2
        status=1
        continue
    fi
    grep -E '^Done [0-9]+ runs' fuzz-out/"$target".log |
        sed "s/^/fuzz: $target: /"
done
exit $status
