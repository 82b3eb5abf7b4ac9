#!/bin/sh
# fake-engine.sh -- a scripted engine for the match runner's tests.  It
# speaks enough UCI and USI (uci/usi, isready, position, go, quit), and of
# CECP (xboard, protover, ping, new, setboard, usermove, go), to play the
# move list given as its argument:
#
#   sh fake-engine.sh 'ACTION0 ACTION1 ...' [gnushogi]
#
# At each `go` it performs the action numbered by the count of moves in the
# last `position` command (the ply; CECP and gnushogi: moves since new,
# setboard or edit), so both engines of a game can share one script.  An
# action is comma-separated steps:
#   MOVE           answer bestmove MOVE (also resign, win)
#   sleep=MS       wait MS milliseconds first
#   score=CP       report `info depth 1 score cp CP` first
#   mate=N         report `info depth 1 score mate N` first
#   crash          exit at once (status 3)
#   kill           kill itself with SIGKILL (after the steps before it:
#                  `c1,kill` moves, then dies between games)
#   hang           never answer this go
#   noise          print lines no protocol knows: text, control bytes,
#                  a broken info line, and one line longer than 64 KiB
#   empty          answer `bestmove` without a move
# With FAKE_STARTS=FILE it counts its starts in FILE, and exits at once,
# status 4, at the starts listed in FAKE_DIE_AT (e.g. "3 5"; the match's
# check that an engine starts is the first).
# With the word gnushogi after the script it speaks GNU Shogi's protocol
# instead (see lib/match_gnushogi.c): a banner, `help` (its "Easy mode" is
# $FAKE_EASY, default ON), moves told in force mode echoed as "N. MOVE 0",
# unknown words refused, and `go` answered "N. ... MOVE 0".  Its own steps:
#   refuse         when told the move of this ply, refuse it
#   nudge          answer only after an empty line (its "move now")
#   mated          say "Black mates!" instead of moving
#   drawn          say "Drawn game!" (after the move); from then on, like
#                  gnushogi, take nothing but `new`
# SPDX-License-Identifier: MIT
set -f
if [ -n "${FAKE_STARTS-}" ]; then
    n=$(($(cat "$FAKE_STARTS" 2>/dev/null || echo 0) + 1))
    echo $n >"$FAKE_STARTS"
    for d in ${FAKE_DIE_AT-}; do
        [ "$d" = $n ] && exit 4
    done
fi
script=$1
ply=0
answer=bestmove
[ "${2-}" = gnushogi ] && answer=gnushogi
over=0
told=0
played=0

# The action of the current ply.
todo() {
    i=0
    todo=0000
    for a in $script; do
        [ $i = $ply ] && todo=$a
        i=$((i + 1))
    done
}

act() {
    old_ifs=$IFS
    IFS=,
    set -- $1
    IFS=$old_ifs
    for step in "$@"; do
        case $step in
        sleep=*) ms=${step#sleep=}
                 sleep "$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))" ;;
        score=*) echo "info depth 1 score cp ${step#score=}" ;;
        mate=*) echo "info depth 1 score mate ${step#mate=}" ;;
        crash) exit 3 ;;
        kill) kill -KILL $$ ;;
        hang) return ;;
        noise) echo "hello, I am not a protocol line"
               printf '\001\002\377\033[31m\r\n'
               echo "info depth x score cp"
               echo "info score mate"
               printf '%070000d\n' 7 ;;
        empty) echo bestmove ;;
        refuse) ;;
        nudge) while IFS= read -r l && [ -n "$l" ]; do :; done ;;
        mated) echo "Black mates!"; over=1 ;;
        drawn) echo "Drawn game!"; over=1 ;;
        resign) [ $answer = move ] && echo resign || echo "bestmove resign" ;;
        *) if [ $answer = gnushogi ]; then
               played=$((played + 1))
               echo "$played. ... $step 0"
           else
               echo "$answer $step"
           fi
           [ $answer != bestmove ] && ply=$((ply + 1)) ;;
        esac
    done
}

speak_gnushogi() {
    echo "GNU Shogi 1.4.2"
    while IFS= read -r line; do
        set -- $line
        case ${1-} in
        '') ;;
        help) echo "Random:   OFF          Easy mode:           ${FAKE_EASY:-ON}"
              echo "Time Control ON 40 moves 300 sec 0 add 39 depth" ;;
        new) ply=0; over=0; told=0; played=0 ;;
        edit) ply=0; told=0; played=0
              while IFS= read -r l && [ "$l" != . ]; do :; done ;;
        depth) IFS= read -r l; printf 'depth = ' ;;
        level|black|white|force|easy) ;;
        go) [ $over = 0 ] && { todo; act "$todo"; } ;;
        quit) exit 0 ;;
        [1-9][a-i][1-9][a-i]|[1-9][a-i][1-9][a-i]+|[PLNSGBR]\*[1-9][a-i])
            [ $over = 1 ] && continue
            todo
            case ,$todo, in
            *,refuse,*) echo "Illegal move (no match) $1" ;;
            *) ply=$((ply + 1)); told=$((told + 1)); echo "$told. $1 0" ;;
            esac ;;
        *) [ $over = 0 ] && echo "Illegal move (no match) $1" ;;
        esac
    done
    exit 0
}

[ $answer = gnushogi ] && speak_gnushogi

while IFS= read -r line; do
    set -- $line
    case $1 in
    uci) echo "id name fake"; echo "uciok" ;;
    usi) echo "id name fake"; echo "usiok" ;;
    isready) echo "readyok" ;;
    xboard) answer=move ;;
    protover) echo "feature myname=\"fake cecp\" usermove=1 setboard=1 ping=1 done=1" ;;
    ping) echo "pong $2" ;;
    new|setboard) ply=0 ;;
    usermove) ply=$((ply + 1)) ;;
    position)
        ply=0
        seen=0
        for w in "$@"; do
            [ $seen = 1 ] && ply=$((ply + 1))
            [ "$w" = moves ] && seen=1
        done ;;
    go)
        todo
        act "$todo" ;;
    quit) exit 0 ;;
    esac
done
