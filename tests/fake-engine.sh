#!/bin/sh
# fake-engine.sh -- a scripted engine for the match runner's tests.  It
# speaks enough UCI and USI (uci/usi, isready, position, go, quit), and of
# CECP (xboard, protover, ping, new, setboard, usermove, go), to play the
# move list given as its argument:
#
#   sh fake-engine.sh 'ACTION0 ACTION1 ...'
#
# At each `go` it performs the action numbered by the count of moves in the
# last `position` command (the ply; CECP: moves since new or setboard), so
# both engines of a game can share one script.  An action is comma-separated steps:
#   MOVE           answer bestmove MOVE (also resign, win)
#   sleep=MS       wait MS milliseconds first
#   score=CP       report `info depth 1 score cp CP` first
#   crash          exit at once (status 3)
#   hang           never answer this go
set -f
script=$1
ply=0
answer=bestmove

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
        crash) exit 3 ;;
        hang) return ;;
        resign) [ $answer = move ] && echo resign || echo "bestmove resign" ;;
        *) echo "$answer $step"; [ $answer = move ] && ply=$((ply + 1)) ;;
        esac
    done
}

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
        i=0
        todo=0000
        for a in $script; do
            [ $i = $ply ] && todo=$a
            i=$((i + 1))
        done
        act "$todo" ;;
    quit) exit 0 ;;
    esac
done
