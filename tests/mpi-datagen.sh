#!/bin/sh
# mpi-datagen.sh -- datagen over 2 MPI ranks writes the lines of one
# process with the same seed: the same set as two threads (compared
# sorted), and the very file of one thread (rank 0 writes in game order).
# SPDX-License-Identifier: MIT
set -u
. "$abs_top_srcdir/tests/mpi-env.sh"
tmp=${TMPDIR:-/tmp}/mpi-datagen.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

args="--games 24 --nodes 400 --seed 11"
"$gts" --game connect4 datagen $args --threads 2 --out "$tmp/threads" 2>"$tmp/err" ||
    fail "datagen exited $?: $(cat "$tmp/err")"
"$gts" --game connect4 datagen $args --threads 1 --out "$tmp/one" 2>"$tmp/err" ||
    fail "datagen exited $?: $(cat "$tmp/err")"
mpirun_np 2 "$gts" --game connect4 datagen $args --out "$tmp/mpi" 2>"$tmp/err" ||
    fail "mpirun datagen exited $?: $(cat "$tmp/err")"
cat "$tmp/err"
grep -q '^datagen: 24 games ' "$tmp/err" || fail "no summary of 24 games from rank 0"
[ "$(grep -c '^datagen: 24 games' "$tmp/err")" -eq 1 ] || fail "more than one rank reported"
[ "$(grep -vc '^#' "$tmp/mpi")" -gt 24 ] || fail "too few positions: $(wc -l <"$tmp/mpi")"
sort "$tmp/threads" >"$tmp/a"
sort "$tmp/mpi" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || fail "the sorted lines differ: $(diff "$tmp/a" "$tmp/b" | head)"
cmp -s "$tmp/one" "$tmp/mpi" || fail "not the one-thread file: $(diff "$tmp/one" "$tmp/mpi" | head)"
echo "mpi-datagen: $(grep -vc '^#' "$tmp/mpi") positions, the same as one process"
