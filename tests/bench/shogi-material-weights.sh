#!/bin/sh
# shogi-material-weights.sh -- a weights file for shogi's EvalFile that
# leaves only material: every piece, on the board or in hand, at the value
# YaneuraOu's material edition gives it, and every other weight 0 (or the
# nearest its range allows).  With it gtsearch and that edition share
# their evaluation, and a match between them measures the searches alone
# (doc/strength.md).  UseNetwork=false too: the built-in network would
# add its correction to any weights.
#   usage: tests/bench/shogi-material-weights.sh > material.txt
#          gtsearch --game shogi --option EvalFile=material.txt \
#              --option UseNetwork=false ...
# The values: pawn 90, lance 315, knight 405, silver 495, gold 540, bishop
# 855, rook 990, promoted pawn, lance, knight and silver 540, horse 945,
# dragon 1395 (YaneuraOu's source/evaluate.h).
# SPDX-License-Identifier: MIT
src=${SHOGI_WEIGHTS:-$(dirname "$0")/../../games/shogi/eval_weights.h}
[ -r "$src" ] || { echo "shogi-material-weights.sh: cannot read $src" >&2; exit 1; }
awk '
BEGIN {
    v["pawn"] = 90; v["lance"] = 315; v["knight"] = 405; v["silver"] = 495
    v["gold"] = 540; v["bishop"] = 855; v["rook"] = 990; v["ppawn"] = 540
    v["plance"] = 540; v["pknight"] = 540; v["psilver"] = 540
    v["horse"] = 945; v["dragon"] = 1395
    print "/* Material only: tests/bench/shogi-material-weights.sh */"
}
/^GT_PARAM\(/ {
    line = $0
    sub(/^GT_PARAM\(/, "", line); sub(/\).*$/, "", line)
    n = split(line, f, /, */)
    name = f[1]; lo = f[3] + 0; hi = f[4] + 0
    x = 0
    if (name ~ /^board_/) { t = name; sub(/^board_/, "", t); x = v[t] }
    else if (name ~ /^hand_/) { split(name, h, "_"); x = v[h[2]] }
    if (x < lo) x = lo
    if (x > hi) x = hi
    printf "GT_PARAM(%s, %d, %d, %d)\n", name, x, lo, hi
}' "$src"
