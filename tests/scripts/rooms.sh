#!/bin/sh
# rooms.sh -- the architecture of doc/architecture.md, enforced:
#  1. each room of lib/ includes only its own headers, the public one
#     (gtsearch/game.h) and those of the rooms it may use, whether the
#     include is written "room/x.h", <room/x.h> or with a relative path
#     (a path that climbs out of its folder is refused as such);
#  2. lib/gtsearch, the public header, includes system headers only;
#  3. a game module (games/) includes <gtsearch/game.h>, system headers
#     and its own files, nothing of lib/;
#  4. the built objects agree: no room's library calls a function defined
#     in a room it may not use (an `extern` prototype written by hand
#     gets past the includes, not past nm), and no game's calls any;
#  5. no room of lib/ knows a game: no game's name, piece or notation in
#     its code (comments may give examples, code may not).
# The tree checked is $abs_top_srcdir (sources) and $abs_top_builddir
# (libraries); tests/scripts/rooms-planted.sh points them at a copy with one
# violation planted, to see each rule fail.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
lib=$abs_top_srcdir/lib
games=$abs_top_srcdir/games
fails=$(mktemp)
trap 'rm -f "$fails" "$fails".*' EXIT

rooms="core mate engine match tune train dist plot cli"

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
        plot) echo "" ;;
        cli) echo "core mate engine match tune train dist plot" ;;
        *) echo "?" ;;
    esac
}

is_room() { case " $rooms gtsearch " in *" $1 "*) return 0 ;; esac; return 1; }

fail() { echo "FAIL: $*"; echo x >>"$fails"; }

# The includes of a file, one a line: q<TAB>name for "name", a<TAB>name
# for <name>.
includes() {
    sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/q	\1/p
            s/^[[:space:]]*#[[:space:]]*include[[:space:]]*<\([^>]*\)>.*/a	\1/p' "$1"
}

rel() { echo "$1" | sed "s|^$abs_top_srcdir/||"; }

# 1. The rooms' includes.
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
        includes "$f" | while IFS='	' read -r kind inc; do
            case $inc in
                ../*|*/../*|./*)
                    fail "$(rel "$f") includes \"$inc\": a path out of its folder; name the room (\"room/x.h\")"
                    continue ;;
            esac
            top=${inc%%/*}
            if [ "$top" != "$inc" ] && is_room "$top"; then
                case " $ok gtsearch " in
                    *" $top "*) ;;
                    *) fail "$(rel "$f") includes $inc; room $room may use ${ok:-no other room}" ;;
                esac
            elif [ "$top" = games ]; then
                fail "$(rel "$f") includes $inc: a game's file in lib/"
            elif [ "$kind" = q ] && [ "$inc" != config.h ] && [ ! -f "$dir$inc" ]; then
                fail "$(rel "$f") includes \"$inc\", which is not in lib/$room"
            fi
        done
    done
done

# 2. The public header: system headers only.
for f in "$lib"/gtsearch/*.h; do
    includes "$f" | while IFS='	' read -r kind inc; do
        top=${inc%%/*}
        if [ "$kind" = q ] || { [ "$top" != "$inc" ] && is_room "$top"; }; then
            fail "$(rel "$f") includes $inc: the public header may include system headers only"
        fi
    done
done

# 3. Game modules: <gtsearch/game.h>, system headers, their own files.
for dir in "$games"/*/; do
    game=$(basename "$dir")
    for f in "$dir"*.[ch]; do
        [ -f "$f" ] || continue
        includes "$f" | while IFS='	' read -r kind inc; do
            top=${inc%%/*}
            case $kind:$inc in
                a:gtsearch/game.h) continue ;;
                q:games/$game/*) [ -f "$abs_top_srcdir/$inc" ] || [ -f "$abs_top_builddir/$inc" ] ||
                                 fail "$(rel "$f") includes \"$inc\", which is not there"
                                 continue ;;
                *../*|*./*) fail "$(rel "$f") includes $inc: a path out of the game's folder"
                            continue ;;
            esac
            if [ "$top" != "$inc" ] && is_room "$top"; then
                fail "$(rel "$f") includes $inc: a game sees nothing of lib/ but <gtsearch/game.h>"
            elif [ "$top" = games ]; then
                fail "$(rel "$f") includes $inc: another game's file"
            elif [ "$kind" = q ] && [ ! -f "$dir$inc" ]; then
                fail "$(rel "$f") includes \"$inc\", which is not in games/$game"
            fi
        done
    done
done

# 4. The objects: who defines what, and who calls whom.
have_nm=no
command -v nm >/dev/null 2>&1 && have_nm=yes
archive() { echo "$abs_top_builddir/lib/$1/.libs/libgt$1.a"; }
if [ "$have_nm" = yes ]; then
    : >"$fails.defs"
    : >"$fails.calls"
    for room in $rooms; do
        a=$(archive "$room")
        [ -f "$a" ] || continue
        nm -g --defined-only "$a" 2>/dev/null |
            awk -v room="$room" 'NF == 3 && $2 ~ /[TDRBCV]/ { print $3, room }' >>"$fails.defs"
    done
    for room in $rooms; do
        a=$(archive "$room")
        if [ ! -f "$a" ]; then
            [ "$room" = dist ] || fail "$(rel "$a") is not built: build before make check"
            continue
        fi
        ok=$(uses "$room")
        nm -u "$a" 2>/dev/null | awk 'NF == 2 { print $2 }' | sort -u |
            awk -v room="$room" -v ok=" $ok " '
                NR == FNR { owner[$1] = $2; next }
                ($1 in owner) && owner[$1] != room && index(ok, " " owner[$1] " ") == 0 {
                    print "lib/" room " calls " $1 " of lib/" owner[$1] "; room " room \
                          " may use " (ok ~ /^ *$/ ? "no other room" : substr(ok, 2, length(ok) - 2))
                }' "$fails.defs" - >>"$fails.calls"
    done
    for a in "$abs_top_builddir"/games/*/.libs/*.a; do
        [ -f "$a" ] || continue
        name=$(echo "$a" | sed "s|^$abs_top_builddir/||")
        nm -u "$a" 2>/dev/null | awk 'NF == 2 { print $2 }' | sort -u |
            awk -v name="$name" '
                NR == FNR { owner[$1] = $2; next }
                ($1 in owner) { print name " calls " $1 " of lib/" owner[$1] \
                                      ": a game links against nothing of gtsearch" }' \
                "$fails.defs" - >>"$fails.calls"
    done
    if [ -s "$fails.calls" ]; then
        while IFS= read -r l; do fail "$l"; done <"$fails.calls"
    fi
else
    echo "SKIP: nm not found: the objects' calls are not checked"
fi

# 5. Game knowledge: the code with its comments removed, searched for the
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
    grep -iwE "$words" | sed "s|^|$(rel "$f"):|" >>"$fails.words" || true
done
if [ -s "$fails.words" ]; then
    while IFS= read -r l; do fail "game knowledge in the core's rooms: $l"; done <"$fails.words"
fi

if [ -s "$fails" ]; then
    exit 1
fi
echo "PASS: lib/'s rooms include and call only what they may and name no game; games include only <gtsearch/game.h>"
