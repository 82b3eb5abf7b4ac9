#!/bin/sh
# epd-vs-stockfish.sh -- a chess test suite (EPD, bm/am in SAN as published
# suites write them, or in coordinates) run by gtsearch and by Stockfish with
# the same time per position; prints each position's moves and both scores.
# SPDX-License-Identifier: MIT
#
# Usage: tests/bench/epd-vs-stockfish.sh [--count N] [--movetime MS] [FILE]
#   FILE        the suite (default tests/data/chess/san-suite.epd); e.g. Win At
#               Chess, wac.epd, as many engines' repositories carry it
#   --count N   only the first N positions (default: all)
#   --movetime  milliseconds per position for each engine (default 1000)
# Environment: GTSEARCH (default ./gtsearch), STOCKFISH (default
# /usr/games/stockfish; the script says so and stops when it is absent),
# THREADS (default 1) and HASH (MB, default 16) for both engines.
#
# gtsearch runs the suite itself (`epd FILE --movetime MS`), which reads the
# SAN into moves and prints each position's bm/am in protocol text between
# brackets; Stockfish is then given each position over UCI (`go movetime
# MS`) and its bestmove is compared with those, so the script needs no SAN
# of its own.  A position gtsearch cannot read (an error line) is solved by
# neither engine (each summary counts it in the total, as an error).  The
# two engines run one after the other, never at once.
set -eu
gt=${GTSEARCH:-./gtsearch}
sf=${STOCKFISH:-/usr/games/stockfish}
threads=${THREADS:-1}
hash=${HASH:-16}
count=0
movetime=1000
file=$(dirname "$0")/../data/chess/san-suite.epd
while [ $# -gt 0 ]; do
    case $1 in
    --count) count=$2; shift 2 ;;
    --movetime) movetime=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -eu/p' "$0" | sed 's/^# \{0,1\}//; /^set -eu/d'; exit 0 ;;
    -*) echo "epd-vs-stockfish: unknown option $1" >&2; exit 2 ;;
    *) file=$1; shift ;;
    esac
done
if [ ! -x "$sf" ]; then
    echo "epd-vs-stockfish: no Stockfish at $sf (set STOCKFISH); skipped"
    exit 0
fi
[ -f "$file" ] || { echo "epd-vs-stockfish: no suite '$file'" >&2; exit 2; }
[ -x "$gt" ] || { echo "epd-vs-stockfish: no gtsearch at $gt (set GTSEARCH)" >&2; exit 2; }

tmp=$(mktemp -d)
sfpid=
cleanup() {
    [ -z "$sfpid" ] || kill "$sfpid" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# The records alone, so that record k is line k (error lines name lines).
grep -v '^[[:space:]]*\(#\|$\)' "$file" | { [ "$count" -gt 0 ] && head -n "$count" || cat; } \
    >"$tmp/suite.epd"
n=$(wc -l <"$tmp/suite.epd")
echo "suite $file: $n positions, $movetime ms each, $threads thread(s), Hash $hash MB"

# ---- gtsearch -------------------------------------------------------------
echo "gtsearch ($gt) ..."
"$gt" --game chess --option "Hash=$hash" epd "$tmp/suite.epd" --movetime "$movetime" \
    --threads "$threads" >"$tmp/gt.out"
# Per record: k, verdict, id, the bracket's "bm ... am ... dm N played M".
awk '
    /^ *[0-9]+ (solved|FAILED) / {
        k = $1; v = $2
        id = $0; sub(/^ *[0-9]+ (solved|FAILED) /, "", id); sub(/: expected .*/, "", id)
        b = $0; sub(/.*\[/, "", b); sub(/\]$/, "", b)
        printf "%d\t%s\t%s\t%s\n", k, v, id, b
    }
    /^epd: line [0-9]+/ {
        k = $3; sub(/[:(].*/, "", k)
        printf "%d\terror\t-\t-\n", k
    }' "$tmp/gt.out" >"$tmp/gt.tsv"
gt_summary=$(sed -n 's/^solved /solved /p' "$tmp/gt.out")

# ---- Stockfish --------------------------------------------------------------
echo "stockfish ($sf) ..."
mkfifo "$tmp/to_sf" "$tmp/from_sf"
"$sf" <"$tmp/to_sf" >"$tmp/from_sf" 2>/dev/null &
sfpid=$!
exec 3>"$tmp/to_sf" 4<"$tmp/from_sf"
say() { printf '%s\n' "$*" >&3; }
# Read Stockfish's lines until one starts with $1; the last score seen is
# left in $score ("mate 3", "cp 120"), the line in $reply.
wait_for() {
    want=$1 score=
    while IFS= read -r reply <&4; do
        case $reply in
        "$want"*) return 0 ;;
        info*" score "*) set -- ${reply#* score }; score="$1 $2" ;;
        esac
    done
    echo "epd-vs-stockfish: Stockfish stopped answering" >&2
    exit 1
}
say uci; wait_for uciok
say "setoption name Threads value $threads"
say "setoption name Hash value $hash"
say isready; wait_for readyok

sf_solved=0 errors=0
t0=$(date +%s)
printf '%-4s %-22s %-26s %-8s %-8s\n' "#" "id" "expected" "gtsearch" "stockfish"
k=0
while IFS= read -r line; do
    k=$((k + 1))
    row=$(awk -F '\t' -v k="$k" '$1 == k' "$tmp/gt.tsv")
    verdict=$(printf '%s' "$row" | cut -f2)
    if [ -z "$row" ] || [ "$verdict" = error ]; then
        errors=$((errors + 1))
        printf '%-4s %-22s %s\n' "$k" "-" "not read by gtsearch (see its error line)"
        continue
    fi
    id=$(printf '%s' "$row" | cut -f3)
    ops=$(printf '%s' "$row" | cut -f4)
    # bm, am, dm and gtsearch's move, from the bracket.
    set -- $ops
    bm= am= dm= played= mode=
    for w; do
        case $w in
        bm|am|dm|played) mode=$w ;;
        *) case $mode in
           bm) bm="$bm $w" ;; am) am="$am $w" ;; dm) dm=$w ;; played) played=$w ;;
           esac ;;
        esac
    done
    fen=$(printf '%s\n' "$line" | awk '{print $1, $2, $3, $4}')
    say ucinewgame; say isready; wait_for readyok
    say "position fen $fen"
    say "go movetime $movetime"
    wait_for bestmove
    best=$(printf '%s\n' "$reply" | awk '{print $2}')
    ok=yes
    if [ -n "$bm" ]; then
        case " $bm " in *" $best "*) ;; *) ok=no ;; esac
    fi
    if [ -n "$am" ]; then
        case " $am " in *" $best "*) ok=no ;; esac
    fi
    [ -z "$dm" ] || [ "$score" = "mate $dm" ] || ok=no
    [ $ok = yes ] && sf_solved=$((sf_solved + 1))
    expect=$(printf '%s' "${bm:+bm$bm}${am:+ am$am}${dm:+ dm $dm}" | sed 's/^ //')
    gtmark=$played; [ "$verdict" = solved ] || gtmark="$played!"
    sfmark=$best; [ $ok = yes ] || sfmark="$best!"
    printf '%-4s %-22.22s %-26.26s %-8s %-8s\n' "$k" "$id" "$expect" "$gtmark" "$sfmark"
done <"$tmp/suite.epd"
say quit
sf_secs=$(( $(date +%s) - t0 ))

echo "(moves in protocol text; ! marks a move that does not solve the position)"
echo
# Both summaries alike: every record in the total, errors counted unsolved.
echo "gtsearch:  ${gt_summary:-no summary (see $tmp/gt.out)}"
echo "stockfish: solved $sf_solved/$n, $errors error$([ "$errors" -eq 1 ] || echo s), in $sf_secs s"
