#!/bin/sh
# material-weights.sh -- tests/bench/shogi-material-weights.sh writes a
# weights file that EvalFile takes, with every weight of the module, and
# the evaluation it leaves (without the network) counts material only, at
# YaneuraOu's values.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
gt=$abs_top_builddir/gtsearch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

sh "$abs_top_srcdir/tests/bench/shogi-material-weights.sh" > "$tmp/m.txt"
want=$(grep -c '^GT_PARAM(' "$abs_top_srcdir/games/shogi/eval_weights.h")
got=$(grep -c '^GT_PARAM(' "$tmp/m.txt")
[ "$got" = "$want" ] || fail "$got weights written, the module has $want"
grep -q '^GT_PARAM(board_rook, 990, ' "$tmp/m.txt" || fail "rook not 990"
grep -q '^GT_PARAM(hand_pawn_3, 90, ' "$tmp/m.txt" || fail "third pawn in hand not 90"
[ "$(grep -c '^GT_PARAM(pst_' "$tmp/m.txt")" = \
  "$(grep -c '^GT_PARAM(pst_[a-z]*_[0-9]*, 0, ' "$tmp/m.txt")" ] ||
    fail "a piece-square weight is not 0"

# One ply: after 7g7f 3c3d 8h2b+ gote takes back, bishop for bishop: 0.
score() { "$gt" --game shogi --option "EvalFile=$tmp/m.txt" --option UseNetwork=false \
              analyse "$1" --depth 1 |
          sed -n 's/^info depth 1 .*score cp \(-\{0,1\}[0-9]*\) .*/\1/p' | tail -n 1; }
s=$(score "startpos moves 7g7f 3c3d 8h2b+")
[ "$s" = 0 ] || fail "after the bishop exchange: '$s', not 0"
# Gote, to move, has no rook: a rook down (990), which one move cannot
# win back.
s=$(score "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
[ "$s" = -990 ] || fail "a rook down: '$s', not -990"
echo "material-only weights: $got, and scores as YaneuraOu's material"
