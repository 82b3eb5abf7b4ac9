#!/bin/sh
# mpi-perft.sh -- perft over 2 (and 3) MPI ranks counts what one process
# counts: the totals, and every root move's count with --divide.
# SPDX-License-Identifier: MIT
set -u
. "$abs_top_srcdir/tests/mpi/mpi-env.sh"
tmp=${TMPDIR:-/tmp}/mpi-perft.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# same NP GAME ARGS...: the counts of NP ranks equal one process's (the
# timing line's count only).
same() {
    np=$1 game=$2
    shift 2
    "$gts" --game "$game" perft "$@" | sed 's/ leaves in .*//' >"$tmp/one" ||
        fail "$game perft $*: exit $?"
    mpirun_np "$np" "$gts" --game "$game" perft "$@" | sed 's/ leaves in .*//' >"$tmp/many" ||
        fail "mpirun -np $np $game perft $*: exit $?"
    cmp -s "$tmp/one" "$tmp/many" ||
        fail "-np $np $game perft $*: $(diff "$tmp/one" "$tmp/many")"
    echo "-np $np $game perft $*: $(tail -n 1 "$tmp/many")"
}

same 2 chess 5
grep -qx 'perft 5: 4865609' "$tmp/many" || fail "chess perft 5 is not 4865609"
same 2 shogi 4
grep -qx 'perft 4: 719731' "$tmp/many" || fail "shogi perft 4 is not 719731"
same 2 chess 4 --divide
[ "$(grep -c ': [0-9]*$' "$tmp/many")" -eq 21 ] || fail "chess divide has not 20 moves"
same 2 shogi 3 --divide
same 3 chess 4 --position "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
same 2 connect4 1
echo "mpi-perft: all counts equal"
