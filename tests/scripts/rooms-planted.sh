#!/bin/sh
# rooms-planted.sh -- rooms.sh must bite: in a copy of the tree, plant each
# kind of violation once and see rooms.sh fail with it named.
#  1. an angle-bracket include of a room the room may not use;
#  2. an include by a relative path out of the room;
#  3. an `extern` prototype written by hand and a call into a room the
#     room may not use (caught in the objects, by nm);
#  4. the public header including a core header;
#  5. a game module including one of lib/'s headers.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! command -v nm >/dev/null 2>&1 || ! command -v ar >/dev/null 2>&1; then
    echo "SKIP: nm or ar not found"
    exit 77
fi

# A fresh copy: the sources of lib/ and games/, the rooms' and games'
# libraries.
fresh() {
    rm -rf "$tmp/src" "$tmp/build"
    mkdir -p "$tmp/src" "$tmp/build"
    (cd "$abs_top_srcdir" && find lib games -name '*.[ch]' ! -name 'net_data.h') |
        (cd "$abs_top_srcdir" && tar cf - -T -) | tar xf - -C "$tmp/src"
    (cd "$abs_top_builddir" && find lib games -name '*.a' -path '*/.libs/*') |
        (cd "$abs_top_builddir" && tar cf - -T -) | tar xf - -C "$tmp/build"
    (cd "$abs_top_builddir" && find games -name 'net_data.h') |
        (cd "$abs_top_builddir" && tar cf - -T -) | tar xf - -C "$tmp/build"
}

fails=0
# expect NAME PATTERN: rooms.sh on the copy must fail with PATTERN.
expect() {
    set +e
    out=$(abs_top_srcdir=$tmp/src abs_top_builddir=$tmp/build \
          sh "$abs_top_srcdir/tests/scripts/rooms.sh" 2>&1)
    rc=$?
    set -e
    if [ "$rc" = 0 ]; then
        echo "FAIL: $1: rooms.sh passed"; fails=$((fails + 1))
    elif printf '%s\n' "$out" | grep -q -- "$2"; then
        echo "ok: $1: $(printf '%s\n' "$out" | grep -- "$2" | head -n 1)"
    else
        echo "FAIL: $1: rooms.sh failed, but not naming '$2':"; printf '%s\n' "$out"
        fails=$((fails + 1))
    fi
}

fresh
abs_top_srcdir=$tmp/src abs_top_builddir=$tmp/build sh "$abs_top_srcdir/tests/scripts/rooms.sh" >/dev/null ||
    { echo "FAIL: the unchanged copy does not pass"; exit 1; }

printf '#include <engine/engine.h>\n' >>"$tmp/src/lib/core/tt.c"
expect "angle-bracket include" "lib/core/tt.c includes engine/engine.h"

fresh
printf '#include "../engine/engine.h"\n' >>"$tmp/src/lib/match/match.c"
expect "relative include" "lib/match/match.c includes \"../engine/engine.h\""

fresh
cat >"$tmp/planted.c" <<'C'
struct gt_engine;
extern struct gt_engine *gt_engine_new(const void *g, char *err, unsigned long len);
struct gt_engine *planted_call(void) { return gt_engine_new(0, 0, 0); }
C
${CC:-cc} -c -o "$tmp/planted.o" "$tmp/planted.c"
ar r "$tmp/build/lib/core/.libs/libgtcore.a" "$tmp/planted.o" 2>/dev/null
expect "extern prototype and a call" "lib/core calls gt_engine_new of lib/engine"

fresh
printf '#include "core/util.h"\n' >>"$tmp/src/lib/gtsearch/game.h"
expect "public header" "lib/gtsearch/game.h includes core/util.h"

fresh
printf '#include "core/search.h"\n' >>"$tmp/src/games/connect4/connect4.c"
expect "game includes lib/" "games/connect4/connect4.c includes core/search.h"

exit "$fails"
