#!/bin/sh
# match-resume.sh -- --resume: a three-engine match stopped by Ctrl-C,
# resumed and killed (SIGKILL: the games in progress are lost, and a game
# cut off mid-write is added to the end of the PGN), then resumed to the
# end.  The PGN and the record lines must hold every game of the schedule
# exactly once, and the final summary's wins, losses, draws and
# pentanomial pairs must be those counted from the PGN.  A resume with
# other engines, fewer games, another game or no file is refused and
# leaves the files as they were.  A shogi match whose games file is CSA
# (not read back) is cut where its record lines end, so that a game the
# lines lack is played again, not kept twice.
# SPDX-License-Identifier: MIT
set -u
: "${abs_top_builddir:?}"
gt=$abs_top_builddir/gtsearch
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
e="$gt --game connect4"
games=10
npairs=3
total=$((games * npairs))
set -- --engine "$e" name=A nodes=3000 --engine "$e" name=B nodes=10000 \
    --engine "$e" name=C nodes=30000 --nodes 500 --games $games --concurrency 2 \
    --pgn "$tmp/g.pgn" --record "$tmp/g.rec"

# Wait for $2 game lines in the output file $1 (or the end of the match).
# The file may not exist yet when the loop first looks: the background
# job opens it.
wait_games() {
    tries=0
    while n=$(grep -c '^Game ' "$1" 2>/dev/null || true); [ "${n:-0}" -lt "$2" ] &&
          kill -0 "$pid" 2>/dev/null; do
        tries=$((tries + 1))
        [ "$tries" -le 300 ] || { kill "$pid"; fail "no game after 30 s: $(cat "$1")"; }
        sleep 0.1
    done
}

"$gt" --game connect4 match "$@" >"$tmp/out1" 2>&1 &
pid=$!
wait_games "$tmp/out1" 3
kill -INT "$pid"
wait "$pid"
rc=$?
[ "$rc" = 130 ] || [ "$rc" = 0 ] || fail "interrupted match exited $rc: $(cat "$tmp/out1")"

"$gt" --game connect4 match "$@" --resume >"$tmp/out2" 2>&1 &
pid=$!
wait_games "$tmp/out2" 3
kill -KILL "$pid"
wait "$pid" 2>/dev/null
grep -q "^Resumed: [1-9][0-9]* of the $total games are in the files" "$tmp/out2" ||
    fail "the first resume did not count the games: $(head -3 "$tmp/out2")"
# A game cut off while it was written.
printf '[Event "gtsearch match"]\n[Site "?"]\n[Da' >>"$tmp/g.pgn"

"$gt" --game connect4 match "$@" --resume >"$tmp/out3" 2>"$tmp/err3" ||
    fail "the last resume exited $?: $(cat "$tmp/out3" "$tmp/err3")"
grep -q "cut off; that game is played again" "$tmp/err3" ||
    fail "no notice of the cut-off game: $(cat "$tmp/err3")"
grep -q "^Results after $total games:$" "$tmp/out3" || fail "not $total games in the end"

# Every game of the schedule once, in each file.
rounds=$(sed -n 's/^\[Round "\([0-9]*\)"\]$/\1/p' "$tmp/g.pgn" | sort -n | tr '\n' ' ')
lines=$(sed -n 's/^game=\([0-9]*\) .*/\1/p' "$tmp/g.rec" | sort -n | tr '\n' ' ')
want=$(seq 1 $total | tr '\n' ' ')
[ "$rounds" = "$want" ] || fail "the PGN's games are $rounds"
[ "$lines" = "$want" ] || fail "the record lines' games are $lines"
[ "$(grep -c '^\[Event ' "$tmp/g.pgn")" = "$total" ] || fail "a partial game is left in the PGN"

# The results counted from the PGN, as the summary prints them: pair p of
# game n is (n-1) % npairs, in the order A-B, A-C, B-C; game k of a pair
# and game k^1 share an opening (the pentanomial pairs).
awk -v np=$npairs '
    /^\[Round / { gsub(/[^0-9]/, ""); n = $0 }
    /^\[White / { w = $2; gsub(/["\]]/, "", w) }
    /^\[Result / {
        r = $2; gsub(/["\]]/, "", r)
        p = (n - 1) % np; k = int((n - 1) / np)
        a = p == 2 ? "B" : "A"
        half = r == "1-0" ? 2 : r == "0-1" ? 0 : 1       # for White
        if (w != a) half = 2 - half                       # for the pair first
        if (half == 2) win[p]++; else if (half == 0) loss[p]++; else draw[p]++
        pts[p, int(k / 2)] += half; cnt[p, int(k / 2)]++
    }
    END {
        split("A vs B,A vs C,B vs C", name, ",")
        for (p = 0; p < np; p++) {
            for (i = 0; i <= 4; i++) pt[i] = 0
            for (key in cnt) {
                split(key, ix, SUBSEP)
                if (ix[1] == p && cnt[key] == 2) pt[pts[key]]++
            }
            printf "%s: W %d L %d D %d; Ptnml %d, %d, %d, %d, %d\n", name[p + 1], win[p],
                   loss[p], draw[p], pt[0], pt[1], pt[2], pt[3], pt[4]
        }
    }' "$tmp/g.pgn" >"$tmp/counted"
sed -n '/^Results after/,$p' "$tmp/out3" | awk '
    / vs .*games, W / { pair = $1 " " $2 " " $3; sub(/:$/, "", pair); w = $7; l = $9; d = $11 }
    /^  Ptnml/ { printf "%s: W %d L %d D %d; Ptnml %s %s %s %s %s\n", pair, w, l, d, $2, $3, $4, $5, $6 }
' >"$tmp/summary"
cmp -s "$tmp/counted" "$tmp/summary" || {
    echo "counted from the PGN:"; cat "$tmp/counted"
    echo "the summary:"; cat "$tmp/summary"
    fail "the summary is not what the PGN holds"
}
grep -q '^Rank Name' "$tmp/out3" || fail "no standings table for three engines"

# Refusals: the files stay as they are.
before=$(cat "$tmp/g.pgn" "$tmp/g.rec" | cksum)
refused() {
    want_rc=$1 expect=$2
    shift 2
    "$gt" "$@" >"$tmp/out" 2>&1
    rc=$?
    [ "$rc" = "$want_rc" ] || fail "exit $rc, not $want_rc, for: $* ($(cat "$tmp/out"))"
    grep -qF -- "$expect" "$tmp/out" || fail "no '$expect' for $*: $(cat "$tmp/out")"
    [ "$(cat "$tmp/g.pgn" "$tmp/g.rec" | cksum)" = "$before" ] || fail "the files changed: $*"
}
refused 1 "but game 1 of this match is A - X" --game connect4 match \
    --engine "$e" name=A --engine "$e" name=X --engine "$e" name=C --nodes 500 \
    --games $games --pgn "$tmp/g.pgn" --record "$tmp/g.rec" --resume
refused 1 "but this match has 15 games" --game connect4 match \
    --engine "$e" name=A --engine "$e" name=B --engine "$e" name=C --nodes 500 \
    --games 5 --pgn "$tmp/g.pgn" --resume
refused 1 "game 1 is connect4, and this match plays chess" --game chess match \
    --engine "$gt --game chess" name=A --engine "$gt --game chess" name=B \
    --engine "$gt --game chess" name=C --nodes 500 --games $games --pgn "$tmp/g.pgn" --resume
refused 2 "--resume goes on from the games file" --game connect4 match \
    --engine "$e" --engine "$e" --nodes 500 --resume
refused 1 "cannot read '$tmp/none.pgn' to resume from" --game connect4 match \
    --engine "$e" --engine "$e" --nodes 500 --pgn "$tmp/none.pgn" --resume

# CSA games beside record lines: the lines lose their last game (killed
# between the two writes), the resume cuts that game off the CSA file.
sg="$gt --game shogi"
csa() { # GAMES [--resume]
    $sg match --engine "$sg" name=S --engine "$sg" name=T --depth 1 --draw-after 40 \
        --openings "$abs_top_srcdir/tests/data/shogi/openings.txt" --games "$@" \
        --pgn "$tmp/s.csa" --record "$tmp/s.rec" >"$tmp/s.out" 2>&1 || fail "csa: $(cat "$tmp/s.out")"
}
csa 4
[ "$(grep -c '^/$' "$tmp/s.csa")" -eq 3 ] || fail "4 CSA games need 3 separators"
grep -q ' games_end=[0-9]* position ' "$tmp/s.rec" || fail "no games_end in the record lines"
head -n 3 "$tmp/s.rec" >"$tmp/s.cut" && mv "$tmp/s.cut" "$tmp/s.rec"
csa 6 --resume
grep -q "'$tmp/s.csa': [0-9]* bytes after its last whole game" "$tmp/s.out" ||
    fail "the CSA file was not cut: $(cat "$tmp/s.out")"
[ "$(grep -c '^\$EVENT:' "$tmp/s.csa")" -eq 6 ] || fail "not 6 games in the CSA file: $(grep '^\$EVENT' "$tmp/s.csa")"
[ "$(grep '^\$EVENT:' "$tmp/s.csa" | sort -u | wc -l)" -eq 6 ] || fail "a CSA game twice"
[ "$(grep -c '^/$' "$tmp/s.csa")" -eq 5 ] || fail "6 CSA games need 5 separators"
echo "PASS: $total games in both files, each once; the summary is what the PGN holds; CSA cut"
