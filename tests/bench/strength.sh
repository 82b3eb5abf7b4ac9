#!/bin/sh
# strength.sh -- games, not nodes: the match runner plays gtsearch against
# itself with one technique switched off, or against the engines Debian
# packages, and prints one table row per match (score and Elo with its 95%
# interval, from gtsearch's side; time losses of each side).
#
# Usage: tests/bench/strength.sh selfplay OPTION...   e.g. NullMove ReverseFutility
#        tests/bench/strength.sh chess [ENGINE...]     default: the five below
#        tests/bench/strength.sh shogi                 against gnushogi
# Environment: GAMES (per match, default 40), TC (default 10+0.1),
# CONC (games in parallel, default 1), GTSEARCH (default ./gtsearch),
# OUT (directory for PGN/records/logs, default strength-out).
# An engine that is not installed is reported as skipped.
# SPDX-License-Identifier: MIT
set -eu
gt=${GTSEARCH:-./gtsearch}
case $gt in /*) ;; *) gt=$PWD/$gt ;; esac
games=${GAMES:-40}
tc=${TC:-10+0.1}
conc=${CONC:-1}
out=${OUT:-strength-out}
data=$(cd "$(dirname "$0")/../data" && pwd)
case ${1:-} in
selfplay|chess|shogi) ;;
*)  sed -n '2,/^set -eu/p' "$0" | sed 's/^# \{0,1\}//; /^set -eu/d'
    exit 2 ;;
esac
mkdir -p "$out"

# CECP engines without setboard (fairymax) need the openings as move lists:
# the shared EPD file carries each one as c0 "startpos moves ...".
sed -n 's/.*c0 "\(startpos moves [^"]*\)".*/\1/p' "$data/chess/openings.epd" \
    >"$out/chess-openings.txt"

row() {  # label, match output file
    awk -v l="$1" '
        / games, W / { g = $0; sub(/.*: /, "", g); split(g, a, " ")
                      g = a[1]; w = a[4]; lo = a[6]; d = a[8] }
        /score .*Elo difference/ {
            s = $2; sub(",", "", s); e = $5; sub(",", "", e)
            iv = $0; sub(/.*interval /, "", iv); sub(/, LOS.*/, "", iv) }
        /losses on time/ { t = $0; sub(/.*losses on time: /, "", t); sub(/;.*/, "", t) }
        END { printf "| %-28s | %5s | %3s-%3s-%3s | %6s | %7s | %-16s | %s |\n",
                     l, g, w, lo, d, s, e, iv, t }' "$2"
}

header() {
    echo "games per match $games, time control $tc, $conc in parallel"
    echo "| match                        | games |   W-  L-  D  | score  |   Elo   | 95% interval     | losses on time |"
    echo "|------------------------------|-------|--------------|--------|---------|------------------|----------------|"
}

match() {  # game, label, openings, engine args...
    game=$1 label=$2 openings=$3; shift 3
    log=$out/$(echo "$label" | tr -c 'A-Za-z0-9\n' '_')
    "$gt" --game "$game" match "$@" --tc "$tc" --games "$games" \
        --concurrency "$conc" --openings "$openings" --pgn "$log.pgn" \
        --record "$log.record" --log "$log.traffic" >"$log.out" 2>&1 || {
        echo "| $label: the match did not run: $(tail -1 "$log.out")"
        return 0
    }
    row "$label" "$log.out"
}

engine_cmd() {  # name -> command and protocol, or nothing when absent
    for d in /usr/games /usr/bin /usr/local/bin; do
        [ -x "$d/$1" ] && { echo "$d/$1"; return; }
    done
}

what=${1:-}
[ $# -gt 0 ] && shift
case $what in
selfplay)
    [ $# -gt 0 ] || set -- NullMove NullMoveVerification ReverseFutility
    header
    for opt in "$@"; do
        match chess "on vs $opt=false" "$out/chess-openings.txt" \
            --engine "$gt --game chess" name=gtsearch \
            --engine "$gt --game chess" name="no-$opt" "option.$opt=false"
    done ;;
chess)
    [ $# -gt 0 ] || set -- fairymax phalanx sjeng glaurung toga2
    header
    for e in "$@"; do
        cmd=$(engine_cmd "$e")
        if [ -z "$cmd" ]; then
            echo "| $e: skipped, not installed (apt-get install $e)"
            continue
        fi
        case $e in glaurung|toga2|stockfish) proto=uci ;; *) proto=cecp ;; esac
        match chess "gtsearch vs $e" "$out/chess-openings.txt" \
            --engine "$gt --game chess" name=gtsearch --engine "$cmd" proto=$proto
    done ;;
shogi)
    header
    cmd=$(engine_cmd gnushogi)
    if [ -z "$cmd" ]; then
        echo "| gnushogi: skipped, not installed (apt-get install gnushogi)"
    else
        match shogi "gtsearch vs gnushogi" "$data/shogi/openings.txt" \
            --engine "$gt --game shogi" name=gtsearch --engine "$cmd" proto=gnushogi
    fi ;;
esac
