#!/bin/sh
# threads.sh -- what lazy SMP buys: time to a fixed depth with 1 thread and
# with more, for gtsearch and, on the same positions and depths in the same
# run, for a reference engine (Stockfish for chess, YaneuraOu for shogi), so
# that the reference's own speed-up is the anchor for gtsearch's.
# SPDX-License-Identifier: MIT
#
# Usage: tests/bench/threads.sh [--game chess|shogi|all] [--runs N]
#                               [--depth D] [--threads "1 2 ..."]
#   --game     default all (chess, then shogi)
#   --runs     runs of every search (default 3); the medians are reported
#   --depth    the depth (default: chess 16, shogi 12)
#   --threads  thread counts (default 1 2, and 4 and nproc when nproc says
#              there are more cores)
# Environment: GTSEARCH (default ./gtsearch); STOCKFISH (default stockfish
# on PATH, else /usr/games/stockfish); YANEURAOU (no default: shogi's
# reference runs only when it is set); HASH (MB, default 64) for all.
#
# Every search is a new process with a new table.  The runs are interleaved
# (run 1 of every position, engine and thread count, then run 2, ...), so a
# slow spell of a shared machine falls on all of them alike.  Times are the
# engines' own (gtsearch's `analyse`, the reference's last info line), so
# process start and network loading are not counted.  Per engine and
# thread count the table shows the sum over the positions of the median
# time to depth, the sum of the median node counts, nodes per second, and
# the speed-up: 1-thread time over N-thread time, of the sums and (by
# position) the geometric mean of each position's own ratio, so that the
# one position that takes longest does not decide alone.
set -eu
gt=${GTSEARCH:-./gtsearch}
sf=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
yo=${YANEURAOU:-}
hash=${HASH:-64}
games="chess shogi" runs=3 udepth= threads=
while [ $# -gt 0 ]; do
    case $1 in
    --game) games=$2; [ "$games" = all ] && games="chess shogi"; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --depth) udepth=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -eu/p' "$0" | sed 's/^# \{0,1\}//; /^set -eu/d'; exit 0 ;;
    *) echo "threads: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -x "$gt" ] || { echo "threads: no gtsearch at $gt (set GTSEARCH)" >&2; exit 2; }
cores=$(nproc 2>/dev/null || echo 2)
if [ -z "$threads" ]; then
    threads="1 2"
    [ "$cores" -ge 4 ] && threads="$threads 4"
    [ "$cores" -gt 4 ] && threads="$threads $cores"
fi
data=$(dirname "$0")/../data
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# The position text of the perft records with these ids (before the ';').
pick() {  # game, id...
    g=$1; shift
    for id in "$@"; do
        grep -F "id \"$id" "$data/$g/perft.epd" | cut -d';' -f1 | sed 's/ *$//'
    done
}

# gtsearch: "ms nodes" of one search.
run_gt() {  # game, threads, position
    h=Hash
    [ "$1" = shogi ] && h=USI_Hash
    res=$($gt --game "$1" --option Threads="$2" --option "$h=$hash" \
              analyse "$3" --depth "$depth" </dev/null |
          sed -n 's/^nodes \([0-9]*\), time \([0-9]*\) ms.*/\2 \1/p')
    [ -n "$res" ] || { echo "threads: gtsearch failed on $3" >&2; exit 1; }
    echo "$res"
}

# A UCI or USI engine: the options, isready (a network loads there), the
# position, go depth; "ms nodes" from its last info line before bestmove.
run_ref() {  # engine, uci|usi, threads, position
    out=$tmp/ref.out
    : >"$out"
    if [ "$2" = uci ]; then hname=Hash pos="fen $4"; else hname=USI_Hash pos="sfen $4"; fi
    {
        printf '%s\nsetoption name Threads value %s\nsetoption name %s value %s\nisready\n' \
            "$2" "$3" "$hname" "$hash"
        until grep -q '^readyok' "$out"; do sleep 0.02; done
        printf '%snewgame\nposition %s\ngo depth %s\n' "$2" "$pos" "$depth"
        until grep -q '^bestmove' "$out"; do sleep 0.02; done
        echo quit
    } | "$1" >"$out" 2>/dev/null
    grep '^info .* nodes .* time ' "$out" | tail -1 |
        awk '{ for (i = 1; i < NF; i++) { if ($i == "time") t = $(i + 1)
                                          if ($i == "nodes") n = $(i + 1) }
               print t, n }'
}

bench_game() {  # game
    game=$1
    case $game in
    chess)
        depth=${udepth:-16}
        # startpos, Kiwipete, CPW positions 5 and 6: the usual SMP set.
        pick chess startpos kiwipete "CPW position 5" >"$tmp/pos"
        grep -F 'r4rk1/1pp1qppp' "$data/chess/perft.epd" | cut -d';' -f1 >>"$tmp/pos"
        ref=$sf proto=uci refname=stockfish
        [ -x "$ref" ] || command -v "$ref" >/dev/null 2>&1 ||
            { echo "no Stockfish at $ref (set STOCKFISH): gtsearch alone"; ref=; } ;;
    shogi)
        depth=${udepth:-12}
        pick shogi startpos matsuri "bishop exchange" >"$tmp/pos"
        # The first opening line, as an SFEN from the engine's own `d`.
        line=$(grep -v '^#' "$data/shogi/openings.txt" | head -1)
        printf 'position %s\nd\nquit\n' "$line" | $gt --game shogi |
            sed -n 's/^sfen: //p' >>"$tmp/pos"
        ref=$yo proto=usi refname=yaneuraou
        [ -n "$ref" ] || echo "YANEURAOU not set: gtsearch alone" ;;
    *) echo "threads: no positions for game '$game'" >&2; return 2 ;;
    esac
    npos=$(grep -c . "$tmp/pos")
    echo "$game: $npos positions to depth $depth, threads $threads, $runs runs," \
         "Hash $hash MB, $cores cores"
    load0=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
    : >"$tmp/results"
    r=1
    while [ "$r" -le "$runs" ]; do
        p=1
        while read -r fen; do
            for t in $threads; do
                x=$(run_gt "$game" "$t" "$fen")
                echo "gtsearch $t $p $x" >>"$tmp/results"
                [ -n "$ref" ] || continue
                x=$(run_ref "$ref" "$proto" "$t" "$fen")
                [ -n "$x" ] || { echo "threads: $refname failed on $fen" >&2; exit 1; }
                echo "$refname $t $p $x" >>"$tmp/results"
            done
            p=$((p + 1))
        done <"$tmp/pos"
        r=$((r + 1))
    done
    # Medians per engine, threads and position; then sums per engine and
    # threads; the speed-up against the same engine's first thread count.
    sort -k1,1 -k2,2n -k3,3n -k4,4n "$tmp/results" | awk -v first="${threads%% *}" '
        function median(str,   a, n, i, j, x) {   # mawk has no asort
            n = split(str, a, " ")
            for (i = 2; i <= n; i++)
                for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
                    x = a[j]; a[j] = a[j - 1]; a[j - 1] = x
                }
            return a[int((n + 1) / 2)]
        }
        function flush() {
            if (!cnt) return
            tm = median(ts)
            tsum[key] += tm; nsum[key] += median(ns)
            ptime[key, pos] = tm
            if (pos > npos) npos = pos
            if (!(key in seen)) { seen[key] = 1; order[++nk] = key }
            cnt = 0; ts = ns = ""
        }
        # The geometric mean over the positions of the one-thread time over
        # the time with this count: unlike the sums, it is not the longest
        # search alone.
        function geo(k, base,   p, s, n) {
            for (p = 1; p <= npos; p++)
                if (ptime[k, p] > 0 && ptime[base, p] > 0) {
                    s += log(ptime[base, p] / ptime[k, p]); n++
                }
            return n ? exp(s / n) : 0
        }
        { k = $1 " " $2
          if (k " " $3 != cur) { flush(); cur = k " " $3; key = k; pos = $3 }
          ts = ts " " $4; ns = ns " " $5; cnt++ }
        END {
            flush()
            print "| engine    | threads | time to depth ms |      nodes |  nodes/s | speed-up | by position |"
            print "|-----------|---------|------------------|------------|----------|----------|-------------|"
            for (i = 1; i <= nk; i++) {
                split(order[i], K, " ")
                base = tsum[K[1] " " first]
                g = geo(order[i], K[1] " " first)
                printf "| %-9s | %7d | %16d | %10d | %8d | %7.2fx | %10.2fx |\n", K[1], K[2],
                       tsum[order[i]], nsum[order[i]],
                       tsum[order[i]] ? nsum[order[i]] * 1000 / tsum[order[i]] : 0,
                       tsum[order[i]] ? base / tsum[order[i]] : 0, g
                if (K[2] == 2) {
                    up[K[1]] = tsum[order[i]] ? base / tsum[order[i]] : 0
                    gup[K[1]] = g
                }
            }
            if ("gtsearch" in up) {
                line = sprintf("2 threads: gtsearch %.2fx", up["gtsearch"])
                for (e in up) if (e != "gtsearch")
                    line = line sprintf(", %s %.2fx (gtsearch/%s %.2f)", e, up[e], e,
                                        up[e] ? up["gtsearch"] / up[e] : 0)
                print line
                line = sprintf("  by position: gtsearch %.2fx", gup["gtsearch"])
                for (e in gup) if (e != "gtsearch")
                    line = line sprintf(", %s %.2fx", e, gup[e])
                print line
            }
        }'
    # Threads only speed up what has idle cores to run on.
    load1=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
    echo "load average $load0 before, $load1 after ($cores cores)"
    awk -v a="$load0" -v c="$cores" 'BEGIN {
        if (a + 0 > c / 2)
            print "(a busy machine: the threads did not have the cores to themselves;" \
                  " compare the ratios, not the times)" }'
}

for g in $games; do
    bench_game "$g"
    echo
done
