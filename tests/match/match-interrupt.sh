#!/bin/sh
# match-interrupt.sh -- Ctrl-C in a match: no new game starts, the games
# in progress finish and count, the summary is printed, every finished
# game is in the games file, and the exit status is 130.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}"
gt=$abs_top_builddir/gtsearch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$gt" --game connect4 match --engine "$gt --game connect4" --engine "$gt --game connect4" \
    --nodes 2000 --games 1000 --pgn "$tmp/games.pgn" >"$tmp/out" 2>&1 &
pid=$!
# Interrupt once some games are done (the output file may not exist yet
# when the loop first looks: the background job opens it).
tries=0
while n=$(grep -c '^Game ' "$tmp/out" 2>/dev/null || true); [ "${n:-0}" -lt 3 ]; do
    tries=$((tries + 1))
    [ "$tries" -le 300 ] || { echo "FAIL: no game after 30 s"; kill "$pid"; cat "$tmp/out"; exit 1; }
    sleep 0.1
done
kill -INT "$pid"
set +e
wait "$pid"
rc=$?
set -e
fails=0
[ "$rc" = 130 ] || { echo "FAIL: exit status $rc, not 130"; fails=$((fails + 1)); }
grep -q '^Interrupted: no new game' "$tmp/out" || { echo "FAIL: no interruption notice"; fails=$((fails + 1)); }
played=$(grep -c '^Game ' "$tmp/out" || true)
summary=$(sed -n 's/^Results after \([0-9]*\) games:$/\1/p' "$tmp/out")
inpgn=$(grep -c '^\[Result ' "$tmp/games.pgn" || true)
if [ -z "$summary" ] || [ "$summary" != "$played" ] || [ "$inpgn" != "$played" ]; then
    echo "FAIL: $played games played, summary after '${summary:-none}', $inpgn in the PGN"
    fails=$((fails + 1))
fi
[ "$played" -lt 1000 ] || { echo "FAIL: the match was not stopped"; fails=$((fails + 1)); }
[ "$fails" -eq 0 ] && echo "PASS: interrupted after $played games, all of them kept"
cat "$tmp/out" | tail -3
exit "$fails"
