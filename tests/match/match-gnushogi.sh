#!/bin/sh
# match-gnushogi.sh -- one short real game of gtsearch against GNU Shogi
# (gnushogi 1.4, Debian package gnushogi) through the match runner's
# gnushogi adapter: the game must end by the rules, a resignation or the
# --draw-after adjudication, with no move refused on either side.  SKIP
# (exit 77) when gnushogi is not installed.
# SPDX-License-Identifier: MIT
set -u
gts=$abs_top_builddir/gtsearch
gs=$(command -v gnushogi 2>/dev/null)
[ -z "$gs" ] && [ -x /usr/games/gnushogi ] && gs=/usr/games/gnushogi
if [ -z "$gs" ]; then
    echo "SKIP: gnushogi is not installed (neither on PATH nor /usr/games/gnushogi)"
    exit 77
fi
fail() { echo "FAIL: $*"; exit 1; }
tmp=${TMPDIR:-/tmp}/match-gnushogi.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 99

# The command names gnushogi, so no proto= is needed.  The wide time
# margin: the test is about the protocol, and a loaded machine must not
# turn it into a loss on time.
"$gts" --game shogi match --engine "$gts --game shogi" name=gtsearch \
    --engine "$gs" name=gnushogi proto=gnushogi --games 1 --movetime 100 --timemargin 5000 --draw-after 60 \
    --record rec --log log >out 2>&1 || fail "match exited $?: $(cat out)"
cat out rec
grep -q '^game=1 first="gtsearch" second="gnushogi" result=' rec || fail "no record line"
grep -Eq ' end=(rule|resign|adjudication) ' rec || fail "the game did not end normally"
grep -q '^\[gnushogi#1\] > GNU Shogi ' log || fail "no gnushogi banner in the log"
if grep 'Illegal' log | grep -v 'gtsync'; then
    fail "gnushogi refused a move"
fi
echo "match-gnushogi: a real game played"
