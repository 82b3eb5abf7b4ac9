#!/bin/sh
# match-cutechess.sh -- a chess match written as a cutechess-cli or
# fastchess user writes it: the summary agrees with itself (W/L/D, the
# pentanomial pairs), the PGN has every game, an option the engine does
# not offer is warned of, a Polyglot book (book=) plays the first moves,
# -variant reaches the engines, and the usage errors name the fault.
# SPDX-License-Identifier: MIT
set -u
gts=$abs_top_builddir/gtsearch
fail() { echo "FAIL: $*"; exit 1; }
tmp=${TMPDIR:-/tmp}/match-cute.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

"$gts" --game chess match -engine cmd="$gts" arg=--game arg=chess name=A option.Hash=16 \
    option.NoSuchOption=1 -engine "cmd=$gts --game chess" name=B \
    -each proto=uci tc=inf st=0.05 -games 2 -rounds 2 -repeat \
    -openings file="$abs_top_srcdir/tests/data/chess/openings.epd" format=epd order=random \
    -srand 3 -concurrency 2 -draw movenumber=40 movecount=8 score=10 \
    -resign movecount=3 score=600 -pgnout "$tmp/x.pgn" min -ratinginterval 2 -recover \
    >"$tmp/out" 2>&1 || fail "match exited $?: $(cat "$tmp/out")"
cat "$tmp/out"
grep -qF "warning: engine 1 (A) does not offer option 'NoSuchOption': not sent" "$tmp/out" ||
    fail "no warning for the unknown option"
grep -q '^Results after 4 games:$' "$tmp/out" || fail "not 4 games"
[ "$(grep -c '^Standings after [24] games:$' "$tmp/out")" -eq 2 ] || fail "no standings every 2 games"
[ "$(grep -c '^\[Event ' "$tmp/x.pgn")" -eq 4 ] || fail "the PGN has not 4 games"
! grep -q '[{]' "$tmp/x.pgn" || fail "-pgnout FILE min wrote comments"
! grep -q '^\[PlyCount ' "$tmp/x.pgn" || fail "-pgnout FILE min wrote PlyCount"
# The last pentanomial line: two pairs whose points add up to W + D/2.
line=$(sed -n '/^Results/,$p' "$tmp/out")
set -- $(echo "$line" | sed -n 's/^A vs B: 4 games, W \([0-9]*\) L \([0-9]*\) D \([0-9]*\) .*/\1 \2 \3/p')
[ $# -eq 3 ] || fail "no W/L/D line"
w=$1 d=$3
set -- $(echo "$line" | sed -n 's/^  Ptnml(0-2): \([0-9]*\), \([0-9]*\), \([0-9]*\), \([0-9]*\), \([0-9]*\)$/\1 \2 \3 \4 \5/p')
[ $# -eq 5 ] || fail "no Ptnml line"
[ $(($1 + $2 + $3 + $4 + $5)) -eq 2 ] || fail "not 2 pairs: $*"
[ $(($2 + 2 * $3 + 3 * $4 + 4 * $5)) -eq $((2 * w + d)) ] || fail "pairs $* disagree with W $w D $d"
echo "$line" | grep -q '^  pairs 2: Elo .*; nElo ' || fail "no nElo"

# A Polyglot book for both engines (-each book= bookdepth=), written here
# from the format's published keys: 1. e4 from the start position, 1...
# e5 after it (key, move code, weight, learn; big-endian).  Under
# -variant fischerandom the referee and the engines play with
# UCI_Chess960 on.
entry() {   # KEY MOVE WEIGHT as hex digits: 16 bytes
    hex=$(printf '%016s%04s%04s00000000' "$1" "$2" "$3" | tr ' ' 0)
    while [ -n "$hex" ]; do
        printf "\\$(printf %03o "0x${hex%"${hex#??}"}")"
        hex=${hex#??}
    done
}
{ entry 463b96181691fc9c 031c 1; entry 823c9b50fd114196 0d24 1; } >"$tmp/book.bin"
[ "$(wc -c <"$tmp/book.bin")" -eq 32 ] || fail "the book is not 32 bytes"
"$gts" --game chess match -engine cmd="$gts" arg=--game arg=chess name=A \
    -engine "cmd=$gts --game chess" name=B -each proto=uci tc=inf depth=2 \
    book="$tmp/book.bin" bookdepth=1 -games 2 -variant fischerandom -maxmoves 4 \
    -pgnout "$tmp/book.pgn" --log "$tmp/book.log" >"$tmp/out" 2>&1 ||
    fail "the match with a book exited $?: $(cat "$tmp/out")"
[ "$(grep -c '^1\. e4 {book} e5 {book} 2\. ' "$tmp/book.pgn")" -eq 2 ] ||
    fail "the games do not start with the book's moves: $(cat "$tmp/book.pgn")"
grep -q 'setoption name UCI_Chess960 value true' "$tmp/book.log" ||
    fail "-variant fischerandom did not reach the engines"
[ "$(grep -c '^\[Variant "fischerandom"\]$' "$tmp/book.pgn")" -eq 2 ] ||
    fail "the PGN does not name the variant: $(grep Variant "$tmp/book.pgn")"
"$gts" --game chess match --engine x --engine y --nodes 1 --book "$tmp/none.bin" \
    >"$tmp/out" 2>&1
[ $? -eq 1 ] && grep -qF "cannot read the book '$tmp/none.bin'" "$tmp/out" ||
    fail "a missing book: $(cat "$tmp/out")"

# Usage errors name the fault and exit 2.
check_usage() {
    expect=$1
    shift
    "$gts" --game chess match "$@" >"$tmp/out" 2>&1
    rc=$?
    [ $rc -eq 2 ] || fail "exit $rc for: $*"
    grep -qF -- "$expect" "$tmp/out" || fail "no '$expect' for $*: $(cat "$tmp/out")"
}
check_usage "-engine needs cmd=COMMAND" -engine name=x -engine cmd=y -each st=1
check_usage "tc= needs [MOVES/]TIME[+INC]" -engine cmd=x tc=1:75 -engine cmd=y
check_usage "every engine plays the same time control" -engine cmd=x tc=10 -engine cmd=y tc=20
check_usage "-repeat 2, not 3" -engine cmd=x -engine cmd=y -each st=1 -repeat 3
check_usage "unknown openings setting 'foo=1'" -openings foo=1
check_usage "unknown variant 'atomic' for chess (its variants: standard, fischerandom)" \
    -variant atomic
check_usage "bookdepth= needs a positive number of full moves, not '0'" \
    -engine cmd=x bookdepth=0 -engine cmd=y
usage_of() {   # GAME EXPECTED ARGS...: a usage error of another game
    game=$1 expect=$2
    shift 2
    "$gts" --game "$game" match "$@" >"$tmp/out" 2>&1
    rc=$?
    [ $rc -eq 2 ] && grep -qF -- "$expect" "$tmp/out" || fail "exit $rc for $*: $(cat "$tmp/out")"
}
usage_of connect4 "connect4 has no opening-book format" -engine cmd=x book=b.bin -engine cmd=y \
    -each st=1
usage_of connect4 "connect4 has no opening-book format" --engine x --engine y --book b.bin \
    --nodes 1
usage_of shogi "unknown variant 'fischerandom' for shogi (its variants: shogi)" \
    -variant fischerandom
check_usage "-tournament round-robin or gauntlet, not 'swiss'" -tournament swiss
check_usage "--pgn-min is for a PGN games file" -engine cmd=x -engine cmd=y -each st=1 --pgn-min

# A gauntlet of three: the first engine meets the others, who do not meet.
"$gts" --game chess match -tournament gauntlet -engine "cmd=$gts --game chess" name=A \
    -engine "cmd=$gts --game chess" name=B -engine "cmd=$gts --game chess" name=C \
    -each tc=inf depth=1 -games 2 -pgnout file="$tmp/g.pgn" min=true >"$tmp/out" 2>&1 ||
    fail "gauntlet exited $?: $(cat "$tmp/out")"
grep -q '^Match: 3 engines (gauntlet), 2 games per pair' "$tmp/out" || fail "no gauntlet: $(cat "$tmp/out")"
grep -q '^Results after 4 games:$' "$tmp/out" || fail "the gauntlet has not 4 games"
! grep -q '^B vs C' "$tmp/out" || fail "B met C in a gauntlet"
grep -q '^Rank Name ' "$tmp/out" || fail "no standings table"
! grep -q '[{]' "$tmp/g.pgn" || fail "min=true wrote comments"
check_usage "unknown option '-nosuch'" -nosuch 1
echo "match-cutechess: all checks passed"
