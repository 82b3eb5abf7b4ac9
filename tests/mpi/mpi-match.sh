#!/bin/sh
# mpi-match.sh -- a match over 2 MPI ranks (two games at once on each) is
# the match of one process playing the games one by one: the same
# progress lines and results, the same record lines, every game in the
# PGN in order; and the SPRT stops it after the same game.
# SPDX-License-Identifier: MIT
set -u
. "$abs_top_srcdir/tests/mpi/mpi-env.sh"
tmp=${TMPDIR:-/tmp}/mpi-match.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# Connect Four openings of two plies: games that differ.
for a in a b c d e f g; do
    for b in a b c d e f g; do echo "startpos moves $a $b"; done
done >"$tmp/ops"

# match OUT ARGS...: one process; mmatch OUT ARGS...: 2 ranks.
match() {
    out=$1
    shift
    "$gts" --game connect4 match --engine "$gts --game connect4" name=plain \
        --engine "$gts --game connect4 --option NullMove=false" name=nonull \
        --nodes 300 --openings "$tmp/ops" --record "$out.rec" --pgn "$out.pgn" "$@" \
        >"$out.out" 2>"$out.err" || fail "match exited $?: $(cat "$out.err")"
}
mmatch() {
    out=$1
    shift
    mpirun_np 2 "$gts" --game connect4 match --engine "$gts --game connect4" name=plain \
        --engine "$gts --game connect4 --option NullMove=false" name=nonull \
        --nodes 300 --openings "$tmp/ops" --record "$out.rec" --pgn "$out.pgn" \
        --concurrency 2 "$@" >"$out.out" 2>"$out.err" ||
        fail "mpirun match exited $?: $(cat "$out.err")"
}

match "$tmp/one" --games 12
mmatch "$tmp/mpi" --games 12
cat "$tmp/mpi.err" "$tmp/mpi.out"
grep -q '^match: 2 MPI ranks' "$tmp/mpi.err" || fail "rank 0 does not say it has 2 ranks"
grep -q '^Results after 12 games:' "$tmp/mpi.out" || fail "no results of 12 games"
grep -v '^Match: ' "$tmp/one.out" >"$tmp/a"
grep -v '^Match: ' "$tmp/mpi.out" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || fail "the report differs: $(diff "$tmp/a" "$tmp/b")"
cmp -s "$tmp/one.rec" "$tmp/mpi.rec" || fail "the records differ: $(diff "$tmp/one.rec" "$tmp/mpi.rec")"
[ "$(sed -n 's/^\[Round "\([0-9]*\)"\]$/\1/p' "$tmp/mpi.pgn" | tr '\n' ' ')" = \
  "1 2 3 4 5 6 7 8 9 10 11 12 " ] || fail "the PGN has not games 1 to 12 in order"

# The SPRT stops the match after the same game N as in one process:
# rank 0 counts the games in their order.  The games the ranks finished
# beyond it are counted after it.  N comes from the one-process run (it
# moves with the search); the bounds make it stop long before 98.
match "$tmp/sone" --games 98 --sprt elo0=100 elo1=300
mmatch "$tmp/smpi" --games 98 --sprt elo0=100 elo1=300
grep '^SPRT' "$tmp/sone.out" "$tmp/smpi.out"
n1=$(sed -n 's/^SPRT.* H[01] accepted after \([0-9]*\) games.*/\1/p' "$tmp/sone.out")
[ -n "$n1" ] && [ "$n1" -lt 98 ] || fail "one process: the SPRT did not stop the match"
grep -q "^SPRT.* accepted after $n1 games" "$tmp/smpi.out" || fail "mpirun: the SPRT did not stop after game $n1"
[ "$(sed -n 's/^SPRT.* \(H[01]\) accepted.*/\1/p' "$tmp/sone.out")" = \
  "$(sed -n 's/^SPRT.* \(H[01]\) accepted.*/\1/p' "$tmp/smpi.out")" ] || fail "the SPRT verdicts differ"
[ "$(wc -l <"$tmp/sone.rec")" -eq "$n1" ] || fail "one process recorded other than $n1 games"
n=$(wc -l <"$tmp/smpi.rec")
[ "$n" -ge "$n1" ] && [ "$n" -lt 98 ] || fail "$n games when the SPRT stopped at $n1"
head -n "$n1" "$tmp/smpi.rec" | cmp -s - "$tmp/sone.rec" || fail "the first $n1 records differ"
echo "mpi-match: the report, the records and the SPRT of one process"
