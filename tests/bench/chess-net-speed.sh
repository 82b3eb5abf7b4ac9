#!/bin/sh
# chess-net-speed.sh -- search speed with the network: gtsearch with its
# network, gtsearch with the hand-written evaluation (UseNetwork=false),
# and Stockfish with its NNUE, on the same positions in one run.
#
# Each engine searches each position to NODES nodes (default 2,000,000),
# one thread, 64 MB, RUNS times (default 3); the median nodes/s of each is
# printed with the ratios network / hand-written and network / Stockfish,
# and their geometric means.  Nodes are moves made, for both engines.
# usage: tests/bench/chess-net-speed.sh [RUNS] [NODES]   (from the build directory)
# Environment: GTSEARCH (default ./gtsearch), STOCKFISH (default
# /usr/games/stockfish; skipped when absent), EVALFILE (a network file for
# gtsearch; default its built-in one).
# SPDX-License-Identifier: MIT
GTSEARCH=${GTSEARCH:-./gtsearch}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
RUNS=${1:-3}
NODES=${2:-2000000}

positions='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|startpos
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|kiwipete
r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10|cpw6
r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2NB4/PPP1Q1PP/2KR3R w - - 2 14|sicilian
8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|endgame'

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

# The nps of the last info line of a `go nodes` search.
last_nps() { awk '/^info .* nps / {for (i = 1; i < NF; i++) if ($i == "nps") n = $(i+1)} END {print n + 0}'; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Run an engine on UCI commands until its bestmove, keeping its input open
# meanwhile (Stockfish stops searching at the end of its input).
uci_run() { # commands engine...
    cmds=$1
    shift
    rm -f "$tmp/in" "$tmp/out"
    mkfifo "$tmp/in"
    "$@" <"$tmp/in" >"$tmp/out" 2>/dev/null &
    pid=$!
    exec 3>"$tmp/in"
    printf '%b' "$cmds" >&3
    until grep -q '^bestmove' "$tmp/out" 2>/dev/null; do sleep 0.1; done
    printf 'quit\n' >&3
    exec 3>&-
    wait $pid
    last_nps <"$tmp/out"
}

gt_nps() { # use_network fen
    net=
    [ -n "${EVALFILE:-}" ] && net="setoption name EvalFile value $EVALFILE\n"
    uci_run "uci\nsetoption name Hash value 64\n${net}setoption name UseNetwork value $1\nisready\nposition fen $2\ngo nodes $NODES\n" \
        "$GTSEARCH" --game chess
}

sf_nps() { # fen
    uci_run "uci\nsetoption name Hash value 64\nsetoption name Threads value 1\nisready\nposition fen $1\ngo nodes $NODES\n" \
        "$STOCKFISH"
}

have_sf=no
[ -x "$STOCKFISH" ] && have_sf=yes
printf '%-10s %12s %12s %12s %9s %9s\n' position network/s hand/s stockfish/s net/hand net/sf
echo "$positions" | {
    lg1=0 lg2=0 n=0
    while IFS='|' read -r fen name; do
        net=$(for i in $(seq "$RUNS"); do gt_nps true "$fen"; done | median)
        hand=$(for i in $(seq "$RUNS"); do gt_nps false "$fen"; done | median)
        if [ $have_sf = yes ]; then
            sf=$(for i in $(seq "$RUNS"); do sf_nps "$fen"; done | median)
        else
            sf=0
        fi
        r1=$(awk -v a="$net" -v b="$hand" 'BEGIN {printf "%.2f", a / b}')
        r2=$(awk -v a="$net" -v b="$sf" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "n/a"}')
        printf '%-10s %12.0f %12.0f %12s %9s %9s\n' "$name" "$net" "$hand" \
            "$([ $have_sf = yes ] && echo "$sf" || echo n/a)" "$r1" "$r2"
        lg1=$(awk -v s="$lg1" -v r="$r1" 'BEGIN {print s + log(r)}')
        [ $have_sf = yes ] && lg2=$(awk -v s="$lg2" -v r="$r2" 'BEGIN {print s + log(r)}')
        n=$((n + 1))
    done
    g1=$(awk -v s="$lg1" -v n="$n" 'BEGIN {printf "%.2f", exp(s / n)}')
    g2=n/a
    [ $have_sf = yes ] && g2=$(awk -v s="$lg2" -v n="$n" 'BEGIN {printf "%.2f", exp(s / n)}')
    printf '%-10s %12s %12s %12s %9s %9s\n' geomean "" "" "" "$g1" "$g2"
    [ $have_sf = yes ] || echo "(Stockfish not found at $STOCKFISH: skipped)"
}
