#!/bin/sh
# usi-session.sh -- play tests/data/usi-session.txt (what USI GUIs send)
# to `gtsearch --game shogi` the way a GUI does, and check the replies:
# usiok with the USI option names, readyok, one legal bestmove for every
# timed go, ponderhit and stop, and no `info string` complaint anywhere.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
engine=$abs_top_builddir/gtsearch
session=$abs_top_srcdir/tests/data/usi-session.txt
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*"; echo "--- engine output:"; cat "$tmp/out"; exit 1; }

# Wait until the output holds COUNT lines starting with WORD (10 s at most;
# the file may not exist yet when the loop first looks).
wait_for() {
    tries=0
    while n=$(grep -c "^$1" "$tmp/out" 2>/dev/null || true); [ "${n:-0}" -lt "$2" ]; do
        tries=$((tries + 1))
        [ "$tries" -le 200 ] || fail "no '$1' number $2 after 10 s (after: $line)"
        sleep 0.05
    done
}

mkfifo "$tmp/in"
"$engine" --game shogi <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
pid=$!
exec 3>"$tmp/in"
ready=0 best=0 position=
: >"$tmp/pairs"
while IFS= read -r line; do
    case $line in ''|'#'*) continue ;; esac
    printf '%s\n' "$line" >&3
    case $line in
        usi) wait_for usiok 1 ;;
        isready) ready=$((ready + 1)); wait_for readyok "$ready" ;;
        position*) position=$line ;;
        'go ponder'*|'go infinite'*) sleep 0.3 ;;
        go*|ponderhit|stop)
            best=$((best + 1)); wait_for bestmove "$best"
            move=$(grep '^bestmove' "$tmp/out" | sed -n "${best}p" | cut -d' ' -f2)
            printf '%s\t%s\n' "$position" "$move" >>"$tmp/pairs" ;;
    esac
done <"$session"
exec 3>&-
wait "$pid" || fail "the engine exited with status $?"
pid=

# The handshake.
grep -q '^id name gtsearch' "$tmp/out" || fail "no id name"
for opt in USI_Hash USI_Ponder Threads; do
    grep -q "^option name $opt type" "$tmp/out" || fail "option $opt not listed"
done
if grep -q '^info string' "$tmp/out"; then fail "the engine complained"; fi
[ ! -s "$tmp/err" ] || { cat "$tmp/err"; fail "output on stderr"; }
[ "$best" -ge 6 ] || fail "only $best bestmoves expected: the session changed?"
[ "$(grep -c '^bestmove' "$tmp/out")" -eq "$best" ] ||
    fail "$(grep -c '^bestmove' "$tmp/out") bestmoves for $best requests"

# Every bestmove is a legal move of its position: play it (the engine's
# own rules reject an illegal move with an info string).
: >"$tmp/replay"
while IFS="$(printf '\t')" read -r pos move; do
    case $move in resign|win) continue ;; esac
    case $pos in *' moves '*) echo "$pos $move" ;; *) echo "$pos moves $move" ;; esac
    echo isready
done <"$tmp/pairs" >"$tmp/replay"
"$engine" --game shogi <"$tmp/replay" >"$tmp/replayed" 2>&1
if grep -v -e '^readyok$' -e '^gtsearch .* by ' "$tmp/replayed" | grep -q .; then
    cat "$tmp/pairs"; cat "$tmp/replayed"; fail "a bestmove is not legal in its position"
fi
n=$(grep -c '^readyok$' "$tmp/replayed")
[ "$n" -eq "$best" ] || fail "replayed $n of $best bestmoves"
sed 's/\t/ -> bestmove /' "$tmp/pairs"
echo "PASS: USI session: usiok, $ready readyok, $best legal bestmoves, no complaints"
