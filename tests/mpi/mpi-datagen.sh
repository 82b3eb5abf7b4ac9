#!/bin/sh
# mpi-datagen.sh -- datagen over 2 MPI ranks writes the records of one
# process with the same seed: the same set as two threads (text lines,
# compared sorted), and the very file of one thread in both formats
# (rank 0 writes in game order; the binary file also holds each record's
# ply and margin, which travel between the ranks with the game).  With
# --seconds, rank 0 stops dealing at the limit and the file is that of
# one process playing as many games.
# SPDX-License-Identifier: MIT
set -u
. "$abs_top_srcdir/tests/mpi/mpi-env.sh"
tmp=${TMPDIR:-/tmp}/mpi-datagen.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

args="--games 24 --nodes 400 --seed 11"
"$gts" --game connect4 datagen $args --threads 2 --out "$tmp/threads.txt" 2>"$tmp/err" ||
    fail "datagen exited $?: $(cat "$tmp/err")"
for f in one.txt one.data; do
    "$gts" --game connect4 datagen $args --threads 1 --out "$tmp/$f" 2>"$tmp/err" ||
        fail "datagen exited $?: $(cat "$tmp/err")"
done
mpirun_np 2 "$gts" --game connect4 datagen $args --out "$tmp/mpi.txt" 2>"$tmp/err" ||
    fail "mpirun datagen exited $?: $(cat "$tmp/err")"
cat "$tmp/err"
grep -q '^datagen: 24 games ' "$tmp/err" || fail "no summary of 24 games from rank 0"
[ "$(grep -c '^datagen: 24 games' "$tmp/err")" -eq 1 ] || fail "more than one rank reported"
[ "$(grep -vc '^#' "$tmp/mpi.txt")" -gt 24 ] || fail "too few positions: $(wc -l <"$tmp/mpi.txt")"
sort "$tmp/threads.txt" >"$tmp/a"
sort "$tmp/mpi.txt" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || fail "the sorted lines differ: $(diff "$tmp/a" "$tmp/b" | head)"
cmp -s "$tmp/one.txt" "$tmp/mpi.txt" ||
    fail "not the one-thread file: $(diff "$tmp/one.txt" "$tmp/mpi.txt" | head)"
mpirun_np 2 "$gts" --game connect4 datagen $args --out "$tmp/mpi.data" 2>"$tmp/err" ||
    fail "mpirun datagen (binary) exited $?: $(cat "$tmp/err")"
grep -q '^datagen: 24 games .* positions (binary) ' "$tmp/err" || fail "$(cat "$tmp/err")"
cmp -s "$tmp/one.data" "$tmp/mpi.data" || fail "not the one-thread binary file"
mpirun_np 2 "$gts" --game connect4 datagen --seconds 2 --nodes 400 --seed 11 \
    --out "$tmp/timed.data" 2>"$tmp/err" || fail "mpirun datagen --seconds exited $?: $(cat "$tmp/err")"
grep -q '^datagen: [1-9][0-9]* games .*, time limit reached$' "$tmp/err" || fail "$(cat "$tmp/err")"
k=$(sed -n 's/^datagen: \([0-9]*\) games .*/\1/p' "$tmp/err")
"$gts" --game connect4 datagen --games "$k" --nodes 400 --seed 11 --out "$tmp/k.data" \
    2>"$tmp/err" || fail "datagen --games $k exited $?: $(cat "$tmp/err")"
cmp -s "$tmp/k.data" "$tmp/timed.data" || fail "--seconds 2 over 2 ranks is not the file of $k games"
echo "mpi-datagen: $(grep -vc '^#' "$tmp/mpi.txt") positions, the same as one process;" \
    "--seconds 2: $k games, the same as one process"
