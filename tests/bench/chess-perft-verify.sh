#!/bin/sh
# chess-perft-verify.sh -- run EVERY depth of tests/data/chess/perft.epd, and
# depth 5 of the Chess960 set of tests/chess/check_chess.c, through the perft
# engine's perft and compare the counts.  Too slow for make check (the deep counts
# reach 2e8 leaves each; about half a minute in all).
# usage: tests/bench/chess-perft-verify.sh [MAXDEPTH]   (from the build dir)
# SPDX-License-Identifier: MIT
srcdir=${srcdir:-$(dirname "$0")/../..}
GTSEARCH=${GTSEARCH:-./gtsearch}
max=${1:-8}
log=$(mktemp)

# Chess960 (chessprogramming wiki "Chess960 Perft Results", and our own
# castling cases; counts confirmed with Stockfish 15.1).
chess960='bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9; D5 8146062
2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9; D5 16253601
b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9; D5 6417013
qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9; D5 9183776
1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9; D5 34030312
qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9; D5 24851983
q1bnrkr1/ppppp2p/2n2p2/4b1p1/2NP4/8/PPP1PPPP/QNB1RRKB w ge - 1 9; D5 21093346
qbn1brkr/ppp1p1p1/2n4p/3p1p2/P7/6PP/QPPPPP2/1BNNBRKR w HFhf - 0 9; D5 13203304
qnnbbrkr/1p2ppp1/2pp3p/p7/1P5P/2NP4/P1P1PPP1/Q1NBBRKR w HFhf - 0 9; D5 11110203
qn1rbbkr/ppp2p1p/1n1pp1p1/8/3P4/P6P/1PP1PPPK/QNNRBB1R w hd - 2 9; D5 19836606
qnr1bkrb/pppp2pp/3np3/5p2/8/P2P2P1/NPP1PP1P/QN1RBKRB w GDg - 3 9; D5 23114629
qb1nrkbr/1pppp1p1/1n3p2/p1B4p/8/3P1P1P/PPP1P1P1/QBNNRK1R w HEhe - 0 9; D5 21796206'

{ grep -v '^#' "$srcdir/tests/data/chess/perft.epd"; echo "$chess960" | sed 's/^/960 /'; } |
grep . |
while IFS= read -r line; do
    opt=
    case $line in 960\ *) line=${line#960 }; opt="--option UCI_Chess960=true" ;; esac
    fen=${line%%;*}
    for d in 1 2 3 4 5 6 7 8; do
        [ "$d" -le "$max" ] || continue
        exp=$(printf '%s\n' "$line" | sed -n "s/.*; *D$d \([0-9]*\).*/\1/p")
        [ -n "$exp" ] || continue
        got=$("$GTSEARCH" --game chess $opt perft "$d" --position "$fen" | awk '{print $3}')
        if [ "$got" = "$exp" ]; then
            echo "ok   d$d $exp  $fen"
        else
            echo "FAIL d$d got $got expected $exp  $fen"
        fi
    done
done > "$log"
grep -v '^ok' "$log"
total=$(wc -l < "$log")
bad=$(grep -c '^FAIL' "$log")
rm -f "$log"
echo "$total counts checked, $bad failed"
[ "$bad" -eq 0 ]
