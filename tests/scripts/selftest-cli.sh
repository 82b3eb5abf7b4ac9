#!/bin/sh
# selftest-cli.sh -- `gtsearch selftest` from the command line: every
# built-in game passes with exit status 0, --help answers, and a bad
# argument is refused with status 2 and a message naming it.  (The
# planted faults are in check_selftest.c.)
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}"
gt=$abs_top_builddir/gtsearch
fails=0
for game in chess shogi connect4; do
    if out=$("$gt" --game "$game" selftest --games 8 --seed 5 2>&1); then
        case $out in
            *"every check held"*) echo "ok: $game: $out" ;;
            *) echo "FAIL: $game: no summary: $out"; fails=$((fails + 1)) ;;
        esac
    else
        echo "FAIL: $game: exit status $?: $out"; fails=$((fails + 1))
    fi
done
"$gt" selftest --help | grep -q "^Usage: gtsearch .* selftest " ||
    { echo "FAIL: selftest --help"; fails=$((fails + 1)); }
set +e
err=$("$gt" selftest --games zero 2>&1); rc=$?
set -e
if [ "$rc" != 2 ] || ! printf '%s' "$err" | grep -q -- "--games needs a number"; then
    echo "FAIL: a bad --games: status $rc: $err"; fails=$((fails + 1))
fi
exit "$fails"
