#!/bin/sh
# mates.sh -- run the mate solver over a mates file and check each answer.
#
#   tests/bench/mates.sh GAME FILE [gtsearch mate options...]
#   e.g. tests/bench/mates.sh chess tests/data/chess/mates.epd --nodes 5000000
#
# FILE lines: <position> dm <N>; bm <moves>; id "<tag ...>";  (# comments)
# dm counts moves (2N-1 plies) unless the file's header says "in PLIES".
# A position is solved when the solver finds a mate of exactly that length
# whose first move is one of bm.  Prints one line a position, then
# solved/total, the nodes and the time.  Exit status 1 if any failed.
# GTSEARCH names the program (default: ./gtsearch of the build tree).
# SPDX-License-Identifier: MIT
set -u
if [ $# -lt 2 ]; then
    echo "usage: $0 GAME FILE [gtsearch mate options...]" >&2
    exit 2
fi
game=$1 file=$2
shift 2
prog=${GTSEARCH:-./gtsearch}
[ -r "$file" ] || { echo "$0: cannot read $file" >&2; exit 2; }
[ -x "$prog" ] || { echo "$0: no program $prog (set GTSEARCH)" >&2; exit 2; }
unit=moves
grep -q '^#.*in PLIES' "$file" && unit=plies

total=0 solved=0 nodes=0 ms=0
tab=$(printf '\t')
while IFS= read -r line; do
    case $line in ''|'#'*) continue ;; esac
    pos=${line%% dm *}
    rest=${line#* dm }
    dm=${rest%%;*}
    bm=${rest#*bm }
    bm=${bm%%;*}
    id=$(printf '%s\n' "$line" | sed -n 's/.*id "\([^ "]*\).*/\1/p')
    want=$dm
    [ "$unit" = moves ] && want=$((2 * dm - 1))
    out=$("$prog" --game "$game" mate "$pos" --plies $((want + 2)) "$@" 2>&1)
    status=$(printf '%s\n' "$out" | sed -n 's/^status //p')
    plies=$(printf '%s\n' "$out" | sed -n 's/^plies \([0-9]*\).*/\1/p')
    pv=$(printf '%s\n' "$out" | sed -n 's/^pv //p')
    n=$(printf '%s\n' "$out" | sed -n 's/^nodes //p')
    t=$(printf '%s\n' "$out" | sed -n 's/^time \([0-9]*\) ms/\1/p')
    first=${pv%% *}
    verdict=FAIL
    if [ "$status" = mate ] && [ "$plies" = "$want" ]; then
        case " $bm " in *" $first "*) verdict=ok ;; esac
    fi
    total=$((total + 1))
    [ $verdict = ok ] && solved=$((solved + 1))
    nodes=$((nodes + ${n:-0}))
    ms=$((ms + ${t:-0}))
    printf '%-6s %-5s want %3d plies%sgot %-7s %3s plies  %10s nodes %7s ms  %s\n' \
        "$id" "$verdict" "$want" "$tab" "${status:-error}" "${plies:--}" "${n:-0}" \
        "${t:-0}" "$pv"
done < "$file"
echo "solved $solved/$total, nodes $nodes, time $ms ms"
[ $solved -eq $total ]
