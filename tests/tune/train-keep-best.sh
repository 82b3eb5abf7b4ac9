#!/bin/sh
# train-keep-best.sh -- train --keep-best: the network file holds the
# epoch with the lowest validation loss, which the final line names,
# while the checkpoint goes on to the last epoch, so that resuming the
# finished run leaves the file alone and a resumed run replaces it only
# with a better epoch; without a validation set the option is a usage
# error.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}"
gt=$abs_top_builddir/gtsearch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$gt" --game connect4 datagen --games 100 --nodes 300 --out "$tmp/d.gtd" \
    2>"$tmp/dg.err" || fail "datagen: $(cat "$tmp/dg.err")"
# A rate this high on so little data overfits within a few epochs.
opts="--hidden 64 --epochs 12 --batch 64 --lambda 0 --residual --lr 0.01 --threads 1"
# shellcheck disable=SC2086 # the words of $opts are options
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/last.gtnet" $opts 2>"$tmp/a.err" ||
    fail "train: $(cat "$tmp/a.err")"
# shellcheck disable=SC2086
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/best.gtnet" $opts --keep-best \
    --progress "$tmp/b.json" 2>"$tmp/b.err" || fail "train --keep-best: $(cat "$tmp/b.err")"
named=$(sed -n "s/.*network in .*best.gtnet (epoch \([0-9]*\)'s, the lowest validation loss, .*/\1/p" \
    "$tmp/b.err")
[ -n "$named" ] || fail "no epoch named: $(tail -n 1 "$tmp/b.err")"
# The lowest of the logged validation losses, the first where two tie.
lowest=$(sed -n 's/.*"epoch": \([0-9]*\),.*"validation_loss": \([0-9.]*\),.*/\1 \2/p' "$tmp/b.json" |
    awk 'NR == 1 || $2 < min { min = $2; at = $1 } END { print at }')
[ "$named" = "$lowest" ] || fail "the file holds epoch $named; the lowest validation loss was epoch $lowest"
[ "$(wc -l <"$tmp/b.json")" -eq 12 ] || fail "not 12 epochs logged: $(cat "$tmp/b.json")"
# The same run without the option writes the last epoch: the files
# differ exactly when the best epoch is an earlier one.
if [ "$named" -lt 12 ]; then
    ! cmp -s "$tmp/last.gtnet" "$tmp/best.gtnet" || fail "epoch $named's network is the last one's"
else
    cmp -s "$tmp/last.gtnet" "$tmp/best.gtnet" || fail "the last epoch is the best, yet the files differ"
fi
# The checkpoints hold the same last epoch (their headers differ in the
# epoch kept): written out again, their networks are the same.
for r in last best; do
    # shellcheck disable=SC2086
    "$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/$r-again.gtnet" $opts \
        --resume "$tmp/$r.gtnet.ckpt" --checkpoint "$tmp/$r-again.ckpt" 2>"$tmp/a.err" ||
        fail "--resume $r: $(cat "$tmp/a.err")"
done
cmp -s "$tmp/last-again.gtnet" "$tmp/best-again.gtnet" || fail "the checkpoints' last epochs differ"
# Resumed from its finished checkpoint (the last epoch), the run leaves
# the best epoch's file as it is.
cp "$tmp/best.gtnet" "$tmp/kept.gtnet"
# shellcheck disable=SC2086
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/best.gtnet" $opts --keep-best \
    --resume "$tmp/best.gtnet.ckpt" 2>"$tmp/r.err" || fail "--resume: $(cat "$tmp/r.err")"
grep -q "nothing to train; .*best.gtnet is left as it was" "$tmp/r.err" ||
    fail "--resume of a finished --keep-best run: $(tail -n 1 "$tmp/r.err")"
cmp -s "$tmp/kept.gtnet" "$tmp/best.gtnet" || fail "--resume overwrote the best epoch's network"
# Stopped after 6 epochs and resumed to 12, the run keeps the lowest of
# all 12: an epoch before the stop stays unless a later one beats it.
# shellcheck disable=SC2086
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/k.gtnet" $opts --epochs 6 --keep-best \
    --progress "$tmp/k.json" 2>"$tmp/k.err" || fail "6 epochs: $(cat "$tmp/k.err")"
cp "$tmp/k.gtnet" "$tmp/k6.gtnet"
# shellcheck disable=SC2086
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/k.gtnet" $opts --keep-best \
    --resume "$tmp/k.gtnet.ckpt" --progress "$tmp/k.json" 2>"$tmp/k.err" ||
    fail "resumed to 12: $(cat "$tmp/k.err")"
kept=$(sed -n "s/.*network in .*k.gtnet (epoch \([0-9]*\)'s, the lowest validation loss, .*/\1/p" \
    "$tmp/k.err")
lowest=$(sed -n 's/.*"epoch": \([0-9]*\),.*"validation_loss": \([0-9.]*\),.*/\1 \2/p' "$tmp/k.json" |
    awk 'NR == 1 || $2 < min { min = $2; at = $1 } END { print at }')
[ "$(wc -l <"$tmp/k.json")" -eq 12 ] || fail "not 12 epochs logged after the resume: $(cat "$tmp/k.json")"
[ -n "$kept" ] && [ "$kept" = "$lowest" ] ||
    fail "resumed: the file holds epoch '$kept'; the lowest validation loss was epoch $lowest"
if [ "$kept" -le 6 ]; then
    cmp -s "$tmp/k6.gtnet" "$tmp/k.gtnet" || fail "the resumed run replaced epoch $kept's network"
fi
st=0
"$gt" --game connect4 train "$tmp/d.gtd" --out "$tmp/c.gtnet" --keep-best --validation 0 \
    2>"$tmp/c.err" || st=$?
[ "$st" = 2 ] && grep -q "\-\-keep-best .* needs \-\-validation above 0" "$tmp/c.err" ||
    fail "--keep-best --validation 0: status $st, $(cat "$tmp/c.err")"
echo "train --keep-best: epoch $named of 12 kept, the lowest validation loss"
