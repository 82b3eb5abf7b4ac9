#!/bin/sh
# mpi-lost-rank.sh -- a rank killed in the middle of a game loses only
# that game, which another rank plays again: the match of 3 ranks still
# reports and records every game, in order.  Open MPI ends the whole job
# when a rank dies unless mpirun is given --enable-recovery (doc/cluster.md);
# without it (an mpirun that does not know it) the test skips.
# SPDX-License-Identifier: MIT
set -u
. "$abs_top_srcdir/tests/mpi/mpi-env.sh"
tmp=${TMPDIR:-/tmp}/mpi-lost-rank.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"; [ -n "${job:-}" ] && kill "$job" 2>/dev/null' EXIT

if ! mpirun_np 1 --enable-recovery true >/dev/null 2>&1; then
    echo "SKIP: this mpirun has no --enable-recovery: a dead rank ends the job"
    exit 77
fi
# Rank 0 gives a rank up after 2 s of silence (it beats every second).
export GTSEARCH_MPI_TIMEOUT=2
mpirun_np 3 --enable-recovery "$gts" --game connect4 match \
    --engine "$gts --game connect4" name=plain \
    --engine "$gts --game connect4 --option NullMove=false" name=nonull \
    --games 6 --movetime 40 --draw-after 16 --record "$tmp/rec" --log "$tmp/log" \
    >"$tmp/out" 2>"$tmp/err" &
job=$!

# Rank 1's process, once its first game has begun: its log (log.rank1)
# shows the first search command sent to an engine.
killed=
for _ in $(seq 400); do
    if grep -q '< go ' "$tmp/log.rank1" 2>/dev/null; then
        for p in $(pgrep -f "mpi-lost-rank\.$$/rec"); do
            if tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null |
               grep -qx 'OMPI_COMM_WORLD_RANK=1'; then
                kill -9 "$p" && killed=$p
            fi
        done
        break
    fi
    sleep 0.05
done
wait "$job"
job=
cat "$tmp/err" "$tmp/out"
[ -n "$killed" ] || fail "rank 1 was never seen playing"
grep -q '^gtsearch: rank 1 is lost (silent for [0-9]* s); its game in progress goes back in the queue: [0-9]' \
    "$tmp/err" || fail "rank 0 does not report rank 1's game going back"
grep -q '^Results after 6 games:' "$tmp/out" || fail "not all 6 games were counted"
[ "$(sed 's/^game=\([0-9]*\) .*/\1/' "$tmp/rec" | tr '\n' ' ')" = "1 2 3 4 5 6 " ] ||
    fail "the record has not games 1 to 6 in order: $(cat "$tmp/rec")"
echo "mpi-lost-rank: rank 1 killed, its game played again, all 6 games recorded"
