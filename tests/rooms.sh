#!/bin/sh
# rooms.sh -- the architecture of doc/architecture.md, enforced:
#  1. each room of lib/ includes only its own headers, the public ones
#     (gtsearch/*.h) and those of the rooms it may use;
#  2. no room of lib/ knows a game: no game's name, piece or notation in
#     its code (comments may give examples, code may not).
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_srcdir:?}"
lib=$abs_top_srcdir/lib
fails=$(mktemp)
trap 'rm -f "$fails"' EXIT

# The rooms each room may use (the rooms below it).
uses() {
    case $1 in
        core) echo "" ;;
        mate) echo "core" ;;
        engine) echo "core mate" ;;
        match) echo "core" ;;
        tune) echo "core engine match" ;;
        train) echo "core tune" ;;
        dist) echo "core engine match tune" ;;
        cli) echo "core mate engine match tune train dist" ;;
        *) echo "?" ;;
    esac
}

fail() { echo "FAIL: $*"; echo x >>"$fails"; }

# 1. Includes.
for dir in "$lib"/*/; do
    room=$(basename "$dir")
    [ "$room" = gtsearch ] && continue
    ok=$(uses "$room")
    if [ "$ok" = "?" ]; then
        fail "lib/$room is not a room of doc/architecture.md"
        continue
    fi
    for f in "$dir"*.[ch]; do
        [ -f "$f" ] || continue
        for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
            case $inc in
                */*)
                    case " $ok gtsearch " in
                        *" ${inc%%/*} "*) ;;
                        *) fail "lib/$room/$(basename "$f") includes \"$inc\"; room $room may use ${ok:-no other room}" ;;
                    esac ;;
                config.h) ;;
                *) [ -f "$dir$inc" ] ||
                       fail "lib/$room/$(basename "$f") includes \"$inc\", which is not in lib/$room" ;;
            esac
        done
    done
done

# 2. Game knowledge: the code with its comments removed, searched for the
# names of games, their pieces and notations, as whole words.
words='chess|shogi|othello|reversi|connect4|tictactoe|castling|castle|king|queen|rook|bishop|knight|pawn|kif|csa|O-O'
for f in "$lib"/*/*.[ch]; do
    case $f in "$lib"/gtsearch/*) continue ;; esac
    awk '
        { line = $0; out = "" }
        {
            while (line != "") {
                if (incomment) {
                    i = index(line, "*/")
                    if (!i) { line = ""; break }
                    line = substr(line, i + 2); incomment = 0
                } else {
                    i = index(line, "/*"); j = index(line, "//")
                    if (j && (!i || j < i)) { out = out substr(line, 1, j - 1); line = ""; break }
                    if (!i) { out = out line; line = ""; break }
                    out = out substr(line, 1, i - 1); line = substr(line, i + 2); incomment = 1
                }
            }
            printf "%d:%s\n", NR, out
        }' "$f" |
    grep -iwE "$words" | sed "s|^|$(echo "$f" | sed "s|^$lib/|lib/|"):|" >>"$fails.words" || true
done
if [ -s "$fails.words" ]; then
    while IFS= read -r l; do fail "game knowledge in the core's rooms: $l"; done <"$fails.words"
fi
rm -f "$fails.words"

if [ -s "$fails" ]; then
    exit 1
fi
echo "PASS: lib/'s rooms include only what they may, and name no game"
