#!/bin/sh
# train-init.sh -- train --init: a run that starts from a network file
# starts from its loss, not a fresh start's, and takes the file's width;
# a network of another game or kind, --init with --resume, and a weight
# decay that would take all the weights in one step are refused by
# messages that name what is wrong.  --epochs 0 measures the
# --init network's loss on the data and writes nothing.  --buckets from a
# one-bucket network starts where that network stands, and is written as
# network format 2.
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

# Four output buckets from a.gtnet (Connect Four's discs on the board are
# its active features): every bucket starts as a.gtnet's output layer,
# so the run starts at a.gtnet's loss; the file is format 2 and `net`
# names its buckets.  Its checkpoint refuses a run of one bucket.
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/k.gtnet" --init "$tmp/a.gtnet" \
    --buckets 4 --epochs 1 --batch 64 --lambda 0 --residual --lr 1e-9 --lr-end 1e-9 \
    2>"$tmp/k.err" || fail "train --buckets 4: $(cat "$tmp/k.err")"
grep -q " x 64 (residual), 4 output buckets," "$tmp/k.err" ||
    fail "no bucket count: $(cat "$tmp/k.err")"
kstart=$(before "$tmp/k.err")
awk -v s="$kstart" -v t="$trained" 'BEGIN { exit !(s <= 1.1 * t && s >= 0.9 * t) }' ||
    fail "4 buckets started at $kstart; a.gtnet ended at $trained"
[ "$(od -An -tu4 -j8 -N4 "$tmp/k.gtnet" | tr -d ' ')" = 2 ] ||
    fail "format $(od -An -tu4 -j8 -N4 "$tmp/k.gtnet") for 4 buckets"
[ "$(od -An -tu4 -j8 -N4 "$tmp/a.gtnet" | tr -d ' ')" = 1 ] || fail "a.gtnet is not format 1"
"$gt" --game connect4 net "$tmp/k.gtnet" >"$tmp/k.out" 2>&1 || fail "net: $(cat "$tmp/k.out")"
grep -q "^buckets:   4 output layers" "$tmp/k.out" || fail "net: $(cat "$tmp/k.out")"
st=0
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/k2.gtnet" --residual --lambda 0 \
    --hidden 64 --epochs 2 --resume "$tmp/k.gtnet.ckpt" 2>"$tmp/k2.err" || st=$?
[ "$st" = 1 ] && grep -q "4 output buckets.*this run is .* 1 output bucket" "$tmp/k2.err" ||
    fail "resuming 4 buckets with 1: status $st, $(cat "$tmp/k2.err")"
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/k2.gtnet" --residual --lambda 0 \
    --hidden 64 --buckets 4 --batch 64 --epochs 2 --resume "$tmp/k.gtnet.ckpt" \
    2>"$tmp/k2.err" || fail "resuming 4 buckets: $(cat "$tmp/k2.err")"
grep -q "resumed from .* after epoch 1" "$tmp/k2.err" && grep -q "^epoch 2/2 " "$tmp/k2.err" ||
    fail "resuming 4 buckets: $(cat "$tmp/k2.err")"
[ "$(od -An -tu4 -j128 -N4 "$tmp/k2.gtnet" | tr -d ' ')" = 4 ] || fail "k2.gtnet's buckets"
st=0
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/k2.gtnet" --buckets 17 2>"$tmp/k2.err" ||
    st=$?
[ "$st" = 2 ] && grep -q "\-\-buckets" "$tmp/k2.err" ||
    fail "--buckets 17: status $st, $(cat "$tmp/k2.err")"

# --epochs 0 measures a network on the data and writes nothing: the loss
# over every position is the one a run from that network starts at when
# it holds none out, and the trained correction beats the game's
# evaluation alone.
files=$(ls "$tmp")
"$gt" --game connect4 train "$tmp/d.gtd" --init "$tmp/a.gtnet" --epochs 0 --lambda 0 \
    >"$tmp/m.out" 2>"$tmp/m.err" || fail "train --epochs 0: $(cat "$tmp/m.err")"
[ "$(ls "$tmp" | grep -v '^m\.')" = "$files" ] || fail "--epochs 0 wrote a file: $(ls "$tmp")"
measured=$(sed -n 's/.*: loss \([0-9.]*\) on .*/\1/p' "$tmp/m.out")
alone=$(sed -n "s/.*the game's evaluation alone \([0-9.]*\)$/\1/p" "$tmp/m.out")
[ -n "$measured" ] && [ -n "$alone" ] || fail "the measure's line: $(cat "$tmp/m.out" "$tmp/m.err")"
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/n.gtnet" --init "$tmp/a.gtnet" \
    --epochs 1 --batch 64 --lambda 0 --residual --validation 0 --lr 1e-9 --lr-end 1e-9 \
    2>"$tmp/n.err" || fail "train --validation 0: $(cat "$tmp/n.err")"
all=$(before "$tmp/n.err")
awk -v m="$measured" -v a="$all" -v b="$alone" \
    'BEGIN { d = m - a; if (d < 0) d = -d; exit !(d <= 2e-6 + 1e-4 * a && m < b) }' ||
    fail "measured $measured, a run from it started at $all, the evaluation alone $alone"
# --output-scale with --epochs 0: as if the network had been written so;
# at 0.01 the correction all but vanishes.
"$gt" --game connect4 train "$tmp/d.gtd" --init "$tmp/a.gtnet" --epochs 0 --lambda 0 \
    --output-scale 0.01 >"$tmp/m.out" 2>"$tmp/m.err" || fail "--output-scale: $(cat "$tmp/m.err")"
damped=$(sed -n 's/.*: loss \([0-9.]*\) on .*correction x0.01).*/\1/p' "$tmp/m.out")
awk -v d="$damped" -v m="$measured" -v b="$alone" \
    'BEGIN { exit !(d != "" && b - d < 0.1 * (b - m) && d - b < 0.1 * (b - m)) }' ||
    fail "at 0.01: $(cat "$tmp/m.out"); at 1 $measured, the evaluation alone $alone"
# With --buckets 3 the measure is split by the side to move's active
# features as well: three lines whose counts add up to the whole's, each
# that holds positions with the evaluation's loss alone beside it.
"$gt" --game connect4 train "$tmp/d.gtd" --init "$tmp/a.gtnet" --epochs 0 --lambda 0 \
    --buckets 3 >"$tmp/m.out" 2>"$tmp/m.err" || fail "--buckets 3: $(cat "$tmp/m.err")"
awk '/: loss [0-9.]* on [0-9]* positions/ { for (i = 1; i < NF; i++) if ($i == "on") total = $(i + 1) }
     /^  bucket / { lines++
                    for (i = 2; i <= NF; i++) if ($i == "positions") { n = $(i - 1); sum += n }
                    if (n > 0 && $0 !~ /loss [0-9.]*, evaluation alone [0-9.]*$/) bad = 1 }
     END { exit !(lines == 3 && total > 0 && sum == total && !bad) }' "$tmp/m.out" ||
    fail "--buckets 3 with --epochs 0: $(cat "$tmp/m.out")"

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
st=0
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/c.gtnet" --lr 0.01 --weight-decay 100 \
    2>"$tmp/c.err" || st=$?
[ "$st" = 2 ] && grep -q "\-\-weight-decay times the learning rate must stay below 1" \
    "$tmp/c.err" || fail "--weight-decay 100 at lr 0.01: status $st, $(cat "$tmp/c.err")"
for bad in "--epochs 0" "--epochs 0 --out $tmp/c.gtnet --init $tmp/a.gtnet"; do
    st=0
    # shellcheck disable=SC2086 # the words of $bad are options
    "$gt" --game connect4 train "$tmp/d.gtd" $bad 2>"$tmp/c.err" || st=$?
    [ "$st" = 2 ] && grep -q "\-\-epochs 0 measures the \-\-init network" "$tmp/c.err" ||
        fail "train $bad: status $st, $(cat "$tmp/c.err")"
done
st=0
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/c.gtnet" --residual --output-scale 2 \
    2>"$tmp/c.err" || st=$?
[ "$st" = 2 ] && grep -q "to 4 with \-\-epochs 0" "$tmp/c.err" ||
    fail "--output-scale 2 in training: status $st, $(cat "$tmp/c.err")"
[ ! -e "$tmp/c.gtnet" ] || fail "a refused run wrote a network"
echo "train --init: started at $start (the network's $trained, fresh $fresh); refusals named"
echo "train --epochs 0: $measured over every position (a run from it: $all), the evaluation alone $alone"
