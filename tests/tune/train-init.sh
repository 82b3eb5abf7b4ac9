#!/bin/sh
# train-init.sh -- train --init: a run that starts from a network file
# starts from its loss, not a fresh start's, and takes the file's width;
# a network of another game or kind, and --init with --resume, are
# refused by messages that name what is wrong.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}"
gt=$abs_top_builddir/gtsearch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
before() { sed -n 's/.*loss before training \([0-9.]*\)$/\1/p' "$1"; }
val_after() { sed -n 's/.* and \([0-9.]*\) (validation) after.*/\1/p' "$1"; }

"$gt" --game connect4 datagen --games 100 --nodes 300 --out "$tmp/d.gtd" \
    2>"$tmp/dg.err" || fail "datagen: $(cat "$tmp/dg.err")"
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/a.gtnet" --hidden 64 --epochs 12 \
    --batch 64 --lambda 0 --residual 2>"$tmp/a.err" || fail "train: $(cat "$tmp/a.err")"
fresh=$(before "$tmp/a.err")
trained=$(val_after "$tmp/a.err")
[ -n "$fresh" ] && [ -n "$trained" ] || fail "train's lines: $(cat "$tmp/a.err")"

# From a.gtnet, with a rate too small to move it: its own loss (but for
# the rounding), well below a fresh start's; its width without --hidden.
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/b.gtnet" --init "$tmp/a.gtnet" \
    --epochs 1 --batch 64 --lambda 0 --residual --lr 1e-9 --lr-end 1e-9 2>"$tmp/b.err" ||
    fail "train --init: $(cat "$tmp/b.err")"
grep -q "^train: starting from $tmp/a.gtnet (64 wide, residual, " "$tmp/b.err" ||
    fail "no starting line: $(cat "$tmp/b.err")"
grep -q " x 64 (residual)" "$tmp/b.err" || fail "not the file's width: $(cat "$tmp/b.err")"
start=$(before "$tmp/b.err")
awk -v s="$start" -v t="$trained" -v f="$fresh" \
    'BEGIN { exit !(s <= 1.1 * t && s >= 0.9 * t && s < 0.9 * f) }' ||
    fail "started at $start; a.gtnet ended at $trained, a fresh start was $fresh"

# Refusals: status 1 with the reason, 2 for the command line.
st=0
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/c.gtnet" --init "$tmp/a.gtnet" \
    2>"$tmp/c.err" || st=$?
[ "$st" = 1 ] && grep -q "the starting network is a residual .* x 64; this run trains a full" \
    "$tmp/c.err" || fail "a residual start for a full network: status $st, $(cat "$tmp/c.err")"
st=0
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/c.gtnet" --residual \
    --init "$abs_top_srcdir/games/chess/chess.gtnet" 2>"$tmp/c.err" || st=$?
[ "$st" = 1 ] && grep -q "^gtsearch train: --init: .*chess.gtnet: a network for chess, not connect4" \
    "$tmp/c.err" || fail "chess's network: status $st, $(cat "$tmp/c.err")"
st=0
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/c.gtnet" --init "$tmp/a.gtnet" \
    --resume "$tmp/a.gtnet.ckpt" 2>"$tmp/c.err" || st=$?
[ "$st" = 2 ] && grep -q "\-\-init and \-\-resume" "$tmp/c.err" ||
    fail "--init with --resume: status $st, $(cat "$tmp/c.err")"
[ ! -e "$tmp/c.gtnet" ] || fail "a refused run wrote a network"
echo "train --init: started at $start (the network's $trained, fresh $fresh); refusals named"
