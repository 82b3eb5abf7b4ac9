#!/bin/sh
# train-compare.sh -- the C trainer (lib/train, `gtsearch train`) against
# a PyTorch one (tests/bench/train-torch.py) on the same positions, the
# same network, loss, Adam, schedule and batch, in the same run: their
# positions/s and final training loss, and the ratio of the speeds.
# SPDX-License-Identifier: MIT
#
# Usage: tests/bench/train-compare.sh DATA [--positions N] [--epochs N]
#            [--hidden N] [--threads N] [--runs N] [--game NAME] [--k K]
#   DATA         a data file of datagen (binary or text)
#   --positions  the first N positions of DATA (default 1000000)
#   --epochs     default 2; --hidden default 256; --threads default 2
#   --runs       runs of each trainer, interleaved (default 1); the table
#                shows the medians
#   --game       default chess; --k the eval units of one logit, 4 times
#                the game's eval_unit (default 400, chess's)
# Environment: GTSEARCH (default ./gtsearch); PYTHON (default python3, or
# /usr/bin/python3 when python3 cannot import torch but Debian's can: a
# python3 of pyenv or a virtual environment may come first on PATH).
#
# Both read the positions before their clock starts; both hold out 5% and
# count the validation passes in their time, as `train` does.  torch is
# skipped, with a message, when no python3 here can import it
# (apt-get install python3-torch).
set -eu
gt=${GTSEARCH:-./gtsearch}
here=$(dirname "$0")
data='' positions=1000000 epochs=2 hidden=256 threads=2 runs=1 game=chess k=400
while [ $# -gt 0 ]; do
    case $1 in
    --positions) positions=$2; shift 2 ;;
    --epochs) epochs=$2; shift 2 ;;
    --hidden) hidden=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --game) game=$2; shift 2 ;;
    --k) k=$2; shift 2 ;;
    -*) echo "train-compare.sh: unknown option '$1'" >&2; exit 2 ;;
    *) [ -z "$data" ] || { echo "train-compare.sh: one DATA file" >&2; exit 2; }
       data=$1; shift ;;
    esac
done
[ -n "$data" ] || { echo "usage: train-compare.sh DATA [--positions N] [...]" >&2; exit 2; }
[ -x "$gt" ] || { echo "train-compare.sh: no gtsearch at $gt (set GTSEARCH)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

py=
for p in ${PYTHON:-python3 /usr/bin/python3}; do
    if "$p" -c 'import torch' 2>/dev/null; then py=$p; break; fi
done
if [ -z "$py" ]; then
    echo "torch: skipped: ${PYTHON:-python3} -c 'import torch' fails" \
         "(Debian: apt-get install python3-torch)"
else
    "$gt" --game "$game" export-features "$data" --max-positions "$positions" \
        --out "$tmp/features" 2>"$tmp/export.err" ||
        { cat "$tmp/export.err" >&2; exit 1; }
    cat "$tmp/export.err"
fi

# One run of each; rates and losses appended to $tmp/{c,torch}.
common="--hidden $hidden --epochs $epochs --batch 16384 --threads $threads"
r=1
while [ "$r" -le "$runs" ]; do
    # shellcheck disable=SC2086
    "$gt" --game "$game" train "$data" --max-positions "$positions" $common --k "$k" \
        --out "$tmp/net" 2>"$tmp/c.err" || { cat "$tmp/c.err" >&2; exit 1; }
    sed -n 's/^train: [0-9]* epochs, .*, \([0-9.]*\) (training) .* after, \([0-9]*\) positions\/s;.*/\2 \1/p' \
        "$tmp/c.err" >>"$tmp/c"
    echo "run $r: C:     $(tail -n 1 "$tmp/c.err")"
    if [ -n "$py" ]; then
        # shellcheck disable=SC2086
        "$py" "$here/train-torch.py" "$tmp/features" $common --k "$k" >"$tmp/t.out" ||
            exit 1
        sed -n '$s/^epoch .* train loss \([0-9.]*\) .*  \([0-9]*\) positions\/s .*/\2 \1/p' \
            "$tmp/t.out" >>"$tmp/torch"
        echo "run $r: torch: $(tail -n 1 "$tmp/t.out")"
    fi
    r=$((r + 1))
done

# The medians (of the rates; the loss of the run with the median rate).
median() { sort -n "$1" | awk '{ a[NR] = $0 } END { print a[int((NR + 1) / 2)] }'; }
c=$(median "$tmp/c")
t=$([ -n "$py" ] && median "$tmp/torch" || echo "")
tv=$([ -n "$py" ] && "$py" -c 'import torch; print(torch.__version__)' 2>/dev/null || echo)
echo
echo "$positions positions of $data, $game, hidden $hidden, $epochs epochs, batch 16384," \
     "$threads threads, median of $runs run(s); $(lscpu 2>/dev/null |
     sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores"
printf '%-22s %12s %12s\n' trainer positions/s "train loss"
echo "$c" | awk '{ printf "%-22s %12d %12.6f\n", "C (gtsearch train)", $1, $2 }'
if [ -n "$t" ]; then
    echo "$t" | awk -v v="$tv" '{ printf "%-22s %12d %12.6f\n", "torch " v " (CPU)", $1, $2 }'
    echo "$c $t" | awk '{ printf "ratio C / torch: %.2f\n", $1 / $3 }'
else
    echo "torch                  skipped"
fi
