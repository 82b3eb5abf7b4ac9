#!/bin/sh
# soak.sh -- a long self-play soak of the match runner and the engines: N
# fast games per game through `gtsearch match`, two at a time, openings
# from tests/data; then per game a summary: results, how the games ended,
# illegal moves, crashes, losses on time, exits between games, each engine
# process's memory (VmRSS) after its first and its last game so that a
# leak shows, and whether the games file and the record lines hold every
# game in order.
#
# Usage: tests/bench/soak.sh [GAME...]      default: chess shogi (connect4 too)
# Environment: N (games per game, default 1000), CONC (games in parallel,
# default 2), CHESS_TC (default "--tc 1+0.01"), SHOGI_TC (default
# "--tc 1 --byoyomi 20"), CONNECT4_TC (default "--tc 1+0.01"), MARGIN (ms
# over the clock before a loss on time, default 200: a loaded machine
# delays the engines' answers), GTSEARCH (default ./gtsearch), OUT
# (directory for the games, records and match output, default soak-out),
# LOG=1 keeps the engines' traffic and stderr too (large).
# Exit status 1 when a game had an illegal move or a crash, an engine
# exited between games, the match failed, or a game is missing from the
# files; losses on time are reported, not failed (they measure the load
# as much as the engine: say what `uptime` was).
# SPDX-License-Identifier: MIT
set -eu
gt=${GTSEARCH:-./gtsearch}
case $gt in /*) ;; *) gt=$PWD/$gt ;; esac
n=${N:-1000}
conc=${CONC:-2}
margin=${MARGIN:-200}
out=${OUT:-soak-out}
data=$(cd "$(dirname "$0")/../data" && pwd)
[ $# -gt 0 ] || set -- chess shogi
for game in "$@"; do
    case $game in chess|shogi|connect4) ;;
    *)  sed -n '2,/^set -eu/p' "$0" | sed 's/^# \{0,1\}//; /^set -eu/d'
        exit 2 ;;
    esac
done
mkdir -p "$out"
echo "soak: $n games per game, $conc in parallel, margin $margin ms; load:$(uptime | sed 's/.*load average://')"
bad=0

summary() {  # game, seconds, files prefix, time control
    awk -v game="$1" -v secs="$2" -v want="$n" -v tc="$4" '
        FILENAME ~ /\.record$/ {
            games++
            if ($1 != "game=" games) order = 1
            for (i = 1; i <= NF; i++) {
                if ($i ~ /^result=/) res[substr($i, 8)]++
                if ($i ~ /^end=/) end[substr($i, 5)]++
            }
            next
        }
        FILENAME ~ /\.pgn$/ {
            if ($0 ~ /^\[Round "/) {
                rounds++
                r = $0; gsub(/[^0-9]/, "", r)
                if (r + 0 != rounds) porder = 1
            }
            next
        }
        /losses on time:/ {
            t = $0; sub(/.*losses on time: /, "", t); sub(/;.*/, "", t)
            c = $0; sub(/.*crashes\/hangs: /, "", c); sub(/;.*/, "", c)
            il = $0; sub(/.*illegal moves: /, "", il)
            split(t, a, /[ ,]+/); tl = a[2] + a[4]
            split(c, a, /[ ,]+/); cr = a[2] + a[4]
            split(il, a, /[ ,]+/); ill = a[2] + a[4]
            tl_text = t
        }
        /^exits between games/ {
            x = $0; sub(/.*: /, "", x); split(x, a, /[ ,]+/); exits = a[2] + a[4]
        }
        /^  RSS / {
            sub(/^  RSS /, "")
            rss = rss sprintf("\n    %s", $0)
        }
        END {
            printf "%s (%s): %d games in %d s", game, tc, games, secs
            printf " (results 1-0 %d, 0-1 %d, 1/2 %d)\n", res["1-0"], res["0-1"], res["1/2-1/2"]
            printf "  endings:"
            for (k in end) printf " %s %d", k, end[k]
            printf "\n  illegal moves %d, crashes %d, exits between games %d, losses on time %d (%s)\n",
                   ill, cr, exits + 0, tl, tl_text
            printf "  files: record lines %d%s, PGN games %d%s\n", games,
                   order ? " OUT OF ORDER" : " in order", rounds, porder ? " OUT OF ORDER" : " in order"
            printf "  engine memory (VmRSS after its first and its last game):%s\n", rss
            ok = ill == 0 && cr == 0 && exits == 0 && games == want && rounds == want && \
                 !order && !porder
            print ok ? "  OK" : "  FAILED"
            exit !ok
        }' "$3.record" "$3.pgn" "$3.out"
}

for game in "$@"; do
    case $game in
    chess) tc=${CHESS_TC:---tc 1+0.01}; ops="--openings $data/chess/openings.epd" ;;
    shogi) tc=${SHOGI_TC:---tc 1 --byoyomi 20}; ops="--openings $data/shogi/openings.txt" ;;
    connect4) tc=${CONNECT4_TC:---tc 1+0.01}; ops= ;;
    esac
    f=$out/$game
    rm -f "$f.pgn" "$f.record" "$f.out" "$f.log"
    log=
    [ "${LOG:-0}" = 1 ] && log="--log $f.log"
    start=$(date +%s)
    # shellcheck disable=SC2086 # tc, ops and log are word lists
    if ! "$gt" --game "$game" match --engine "$gt --game $game" name=a \
        --engine "$gt --game $game" name=b --games "$n" --concurrency "$conc" \
        $tc --timemargin "$margin" $ops --pgn "$f.pgn" --record "$f.record" $log \
        --report-rss >"$f.out" 2>&1; then
        echo "$game: the match failed: $(tail -1 "$f.out")"
        bad=1
        continue
    fi
    summary "$game" $(($(date +%s) - start)) "$f" "$tc" || bad=1
done
echo "soak: done; load:$(uptime | sed 's/.*load average://')"
exit $bad
