#!/bin/sh
# xboard-screenshot.sh -- play gtsearch against itself in xboard (through
# polyglot, xboard's UCI adapter) on a virtual X display, and take a
# screenshot of the board mid-game.  A developer's check that a real GUI
# drives the engine; not part of make check.
#
# Usage: tests/gui/xboard-screenshot.sh [GTSEARCH [OUT.png [SECONDS]]]
#   GTSEARCH  the program (default ./gtsearch, from the build directory)
#   OUT.png   the screenshot (default doc/xboard-game.png)
#   SECONDS   how long to let the engines play first (default 25)
# Needs: xboard polyglot xvfb x11-apps imagemagick (Debian package names).
# Exit status: 0 done, 1 failure, 77 a tool is missing (said on stderr).
# SPDX-License-Identifier: MIT
set -eu
engine=${1:-./gtsearch}
out=${2:-doc/xboard-game.png}
play=${3:-25}
PATH=$PATH:/usr/games        # Debian installs xboard and polyglot there

missing=
for tool in xboard polyglot Xvfb xwd; do
    command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
# ImageMagick's convert (a stand-in of that name earlier in PATH is passed by).
convert=
for c in convert /usr/bin/convert; do
    if "$c" -version 2>/dev/null | grep -q ImageMagick; then convert=$c; break; fi
done
[ -n "$convert" ] || missing="$missing convert(imagemagick)"
if [ -n "$missing" ]; then
    echo "xboard-screenshot: missing:$missing" >&2
    echo "xboard-screenshot: install them with:" \
         "apt-get install xboard polyglot xvfb x11-apps imagemagick" >&2
    exit 77
fi
[ -x "$engine" ] || { echo "xboard-screenshot: no program $engine (build first)" >&2; exit 1; }
engine=$(cd "$(dirname "$engine")" && pwd)/$(basename "$engine")

tmp=$(mktemp -d)
xvfb= gui=
cleanup() {
    [ -n "$gui" ] && kill "$gui" 2>/dev/null
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null
    [ -n "${KEEP:-}" ] && echo "kept $tmp" || rm -rf "$tmp"
}
trap cleanup EXIT

# A free display number.
n=91
while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
Xvfb ":$n" -screen 0 1024x768x24 -nolisten tcp >"$tmp/xvfb.log" 2>&1 &
xvfb=$!
sleep 1
kill -0 "$xvfb" 2>/dev/null || { cat "$tmp/xvfb.log"; echo "xboard-screenshot: Xvfb failed" >&2; exit 1; }
export DISPLAY=":$n"

# Two instances of the engine, one game at 1 minute each, moves logged.
cd "$tmp"
xboard -fcp "$engine --game chess" -fUCI -scp "$engine --game chess" -sUCI \
       -mm -mg 1 -tc 1 -debug -nameOfDebugFile "$tmp/xboard.debug" \
       >"$tmp/xboard.log" 2>&1 &
gui=$!
sleep "$play"
kill -0 "$gui" 2>/dev/null || { cat "$tmp/xboard.log"; echo "xboard-screenshot: xboard exited" >&2; exit 1; }
cd - >/dev/null
xwd -root -silent | "$convert" xwd:- -trim +repage "$out"

# What the engines said, as xboard's debug log has it: polyglot turns each
# UCI bestmove into a "move" line of xboard's protocol; an illegal move or
# an engine error shows up as such.
moves=$(grep -a -c -E '^[0-9]+ <(first|second) *: move ' "$tmp/xboard.debug" || true)
echo "xboard-screenshot: $moves moves played in $play s; screenshot in $out"
if grep -a -E '^[0-9]+ <(first|second)' "$tmp/xboard.debug" |
        grep -a -i -E 'illegal|error|info string' | head -5 | grep -a .; then
    echo "xboard-screenshot: an engine complained (above)" >&2
    exit 1
fi
[ "$moves" -ge 4 ] || { echo "xboard-screenshot: too few moves played" >&2; exit 1; }
