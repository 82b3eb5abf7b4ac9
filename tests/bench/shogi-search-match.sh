#!/bin/sh
# shogi-search-match.sh -- the searches alone, in games: gtsearch with
# material-only weights (shogi-material-weights.sh) against YaneuraOu's
# material edition, which has the same evaluation, both at a fixed number
# of nodes a move.  YaneuraOu gets fewer (node odds, the engine setting
# nodes=), so that the pair plays near level, where a change to gtsearch's
# search shows best.  One table row per gtsearch setting; fixed nodes make
# each row the same on a loaded machine or a quiet one.
#
# Usage: YANEURAOU=PATH tests/bench/shogi-search-match.sh [SETTING...]
#   SETTING: NAME=VALUE[,NAME=VALUE...] of gtsearch's options, or
#   "defaults" (the default when none is given)
# Environment: YANEURAOU (the material edition's binary, built outside
# the repository: `make normal YANEURAOU_EDITION=YANEURAOU_ENGINE_MATERIAL`;
# without it the script says so and exits 0), GAMES (per row, default
# 230: each opening of the file with both colours), GT_NODES (default
# 50000), YO_NODES (default 9000), OPENINGS (default
# tests/data/shogi/openings-wide.txt), CONC (games in parallel, default
# 2), GTSEARCH (default ./gtsearch), OUT (directory for the records and
# logs, default search-match-out), EVAL (material, the default, or own:
# gtsearch with its own evaluation, which needs more YO_NODES to play
# near level, 25000 say).  Both engines play the same moves
# again for the same settings: a row changes only with a setting.
# SPDX-License-Identifier: MIT
set -eu
yo=${YANEURAOU:-}
if [ -z "$yo" ] || [ ! -x "$yo" ]; then
    echo "shogi-search-match.sh: skipped: set YANEURAOU to YaneuraOu's material edition"
    exit 0
fi
gt=${GTSEARCH:-./gtsearch}
case $gt in /*) ;; *) gt=$PWD/$gt ;; esac
games=${GAMES:-230}
gt_nodes=${GT_NODES:-50000}
yo_nodes=${YO_NODES:-9000}
conc=${CONC:-2}
out=${OUT:-search-match-out}
here=$(cd "$(dirname "$0")" && pwd)
openings=${OPENINGS:-$here/../data/shogi/openings-wide.txt}
mkdir -p "$out"
case ${EVAL:-material} in
material) "$here/shogi-material-weights.sh" >"$out/material.txt"
          weights="option.EvalFile=$out/material.txt option.UseNetwork=false" ;;
own)      weights="" ;;
*)        echo "shogi-search-match.sh: EVAL is material or own, not '$EVAL'" >&2; exit 2 ;;
esac
[ $# -gt 0 ] || set -- defaults

echo "gtsearch (${EVAL:-material} evaluation) at $gt_nodes nodes a move, YaneuraOu at $yo_nodes; $games games a row"
echo "| gtsearch setting                        | W-L-D        | score  | Elo     | 95% interval     |"
echo "|-----------------------------------------|--------------|--------|---------|------------------|"
for setting in "$@"; do
    opts=""
    if [ "$setting" != defaults ]; then
        for o in $(echo "$setting" | tr ',' ' '); do opts="$opts option.$o"; done
    fi
    log=$out/$(echo "$setting" | tr -c 'A-Za-z0-9\n' '_')
    # shellcheck disable=SC2086 # opts is a list of words
    "$gt" --game shogi match \
        --engine "$gt --game shogi" name=gtsearch option.USI_Hash=64 $weights $opts \
        --engine "$yo" name=yaneuraou nodes="$yo_nodes" option.Threads=1 \
            option.USI_Hash=64 option.BookFile=no_book option.NetworkDelay=0 \
            option.NetworkDelay2=0 \
        --nodes "$gt_nodes" --games "$games" --concurrency "$conc" \
        --openings "$openings" --record "$log.record" \
        >"$log.out" 2>&1 || { echo "| $setting: the match did not run: $(tail -1 "$log.out")"; continue; }
    awk -v l="$setting" '
        / games, W / { w = $7; lo = $9; d = $11 }
        /score .*Elo difference/ {
            s = $2; sub(",", "", s); e = $5; sub(",", "", e)
            iv = $0; sub(/.*interval /, "", iv); sub(/, LOS.*/, "", iv) }
        END { printf "| %-39s | %3s-%3s-%3s  | %6s | %7s | %-16s |\n", l, w, lo, d, s, e, iv }
    ' "$log.out"
done
