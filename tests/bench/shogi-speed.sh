#!/bin/bash
# shogi-speed.sh -- shogi speed of gtsearch beside YaneuraOu in one run:
# perft leaves per second and search nodes per second on the same
# positions, and the ratios gtsearch / reference (the goal: >= 1.0x).
# SPDX-License-Identifier: MIT
#
# Usage: tests/bench/shogi-speed.sh [--runs N] [--movetime MS]
#                                   [--perft-only | --search-only]
#   (from the build directory)
#   --runs      repetitions of every measurement (default: RUNS, else 3);
#               the medians are reported
#   --movetime  milliseconds of every search (default: MOVETIME, else 3000)
# Environment: GTSEARCH (default ./gtsearch); YANEURAOU, a YaneuraOu
# binary (no default: without it gtsearch is measured alone, and the
# script says that the reference was skipped and why); FAIRY_STOCKFISH, a
# Fairy-Stockfish binary (optional, a second reference); HASH (MB, default
# 64) for every engine; RUNS; MOVETIME.
#
# Perft: startpos d5, matsuri d4 and the maximum-legal-moves position d3
# (tests/data/shogi/perft.epd), each repeated so that a measurement lasts
# 0.2 s or more.  gtsearch's rate is its own (`perft D --position SFEN`
# times the perft alone).  A reference runs as a coprocess that has
# already answered usiok and readyok: the clock starts just before
# `go perft D` is written and stops when its "Nodes searched: N" line is
# read, so process start-up is not counted.  The leaf counts of the
# engines must agree (and agree with perft.epd where it has the depth):
# FAIL otherwise, and the exit status is 1.
#
# Search: startpos and four middlegame positions (matsuri and the bishop
# exchange from perft.epd, two lines of openings.txt played out), one
# thread, the same hash, a new process and table per search, `go infinite`
# then `stop` after MOVETIME ms (under byoyomi YaneuraOu may stop early by
# its own time management; `infinite` searches until told).  The last
# `info ... nodes N ... time T` line before bestmove gives nodes/s =
# N / T, the engine's own clock, and its depth.  gtsearch prints info
# only when an iteration ends, so its T may be shorter than MOVETIME.
#
# The runs are interleaved (gtsearch, reference, gtsearch, reference ...,
# position after position, then run 2 ...) so that a slow spell of a
# shared machine falls on both.  Every ratio is the median over the runs
# of gtsearch's rate over the reference's rate in the same run; the
# summary gives those per position and their geometric mean.
set -u
export LC_ALL=C
gt=${GTSEARCH:-./gtsearch}
yo=${YANEURAOU:-}
fsf=${FAIRY_STOCKFISH:-}
hash=${HASH:-64}
runs=${RUNS:-3}
movetime=${MOVETIME:-3000}
do_perft=1 do_search=1
while [ $# -gt 0 ]; do
    case $1 in
    --runs) runs=$2; shift 2 ;;
    --movetime) movetime=$2; shift 2 ;;
    --perft-only) do_search=0; shift ;;
    --search-only) do_perft=0; shift ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed 's/^# \{0,1\}//; /^set -u/d'; exit 0 ;;
    *) echo "shogi-speed: unknown argument $1" >&2; exit 2 ;;
    esac
done
case $runs$movetime in *[!0-9]*) echo "shogi-speed: --runs and --movetime take numbers" >&2; exit 2 ;; esac
[ -x "$gt" ] || { echo "shogi-speed: no gtsearch at $gt (set GTSEARCH)" >&2; exit 2; }
data=$(dirname "$0")/../data/shogi
[ -r "$data/perft.epd" ] || { echo "shogi-speed: no $data/perft.epd" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# The references that can run; each one skipped is said, with the reason.
refs=()
if [ -z "$yo" ]; then
    echo "reference YaneuraOu skipped: YANEURAOU is not set (YANEURAOU=path/to/YaneuraOu)"
elif [ ! -x "$yo" ]; then
    echo "reference YaneuraOu skipped: YANEURAOU=$yo is not an executable file"
else
    refs+=(yaneuraou)
fi
# Fairy-Stockfish speaks USI after `usi`, and then its variant option is
# USI_Variant (UCI_Variant is its UCI name).  Not run when this script was
# written (no Fairy-Stockfish binary on that machine): the path is untested.
if [ -n "$fsf" ]; then
    if [ -x "$fsf" ]; then refs+=(fairy-sf)
    else echo "reference Fairy-Stockfish skipped: FAIRY_STOCKFISH=$fsf is not an executable file"; fi
fi

# ---- a USI engine as a coprocess ---------------------------------------
# One at a time: eng_start LABEL, then eng_send / eng_read, then eng_quit.
line= pending= idline=
eng_start() {  # label
    case $1 in
    gtsearch) coproc ENG { exec "$gt" --game shogi 2>/dev/null; } ;;
    yaneuraou) coproc ENG { exec "$yo" 2>/dev/null; } ;;
    fairy-sf) coproc ENG { exec "$fsf" 2>/dev/null; } ;;
    esac
    eng=$1 pending=
    local opts="|" o name value
    eng_send usi
    while eng_read 30; do
        case $line in
        "id name "*) idline=${line#id name } ;;
        "option name "*) o=${line#option name }; opts="$opts${o%% type *}|" ;;
        usiok) break ;;
        esac
    done
    [ "$line" = usiok ] || { echo "shogi-speed: $eng: no usiok" >&2; return 1; }
    # The same conditions for all: one thread, the same hash, no book,
    # no network delays (YaneuraOu's time margins); whichever exist.
    for o in USI_Variant=shogi Threads=1 USI_Hash="$hash" BookFile=no_book \
             USI_OwnBook=false NetworkDelay=0 NetworkDelay2=0; do
        name=${o%%=*} value=${o#*=}
        case $opts in *"|$name|"*) eng_send "setoption name $name value $value" ;; esac
    done
    case $opts in *"|USI_Hash|"*) ;; *"|Hash|"*) eng_send "setoption name Hash value $hash" ;; esac
    eng_ready
}
# The engine's `id name`.
id_name() {  # label
    local x
    x=$(eng_start "$1" >/dev/null 2>&1; echo "$idline"; eng_quit)
    echo "${x:-?}"
}
eng_send() { printf '%s\n' "$*" >&"${ENG[1]}"; }
# eng_read SECONDS: the next line into $line; status 0, >128 on a timeout
# (a part of a line read before it is kept for the next call), 1 at EOF.
eng_read() {
    local rc
    IFS= read -r -t "$1" line <&"${ENG[0]}"
    rc=$?
    if [ $rc -gt 128 ]; then pending=$pending$line; return $rc; fi
    line=$pending${line%$'\r'} pending=
    return $rc
}
eng_ready() {
    eng_send isready
    while eng_read 120; do [ "$line" = readyok ] && return 0; done
    echo "shogi-speed: $eng: no readyok" >&2
    return 1
}
eng_quit() {
    local i=0 pid=$ENG_PID
    eng_send quit 2>/dev/null
    while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    return 0
}

# ---- perft ------------------------------------------------------------
# gtsearch: "leaves seconds", the seconds summed over REPS runs.
gt_perft() {  # sfen depth reps
    local i
    for ((i = 0; i < $3; i++)); do
        "$gt" --game shogi perft "$2" --position "$1" </dev/null || return 1
    done | awk '$1 == "perft" { n = $3; s += $6; k++ }
                END { if (!k) exit 1; printf "%s %.6f\n", n, s }'
}
# A reference: "leaves seconds own-seconds" (own: YaneuraOu's "Elapsed
# Time = N [ms]" lines summed, "-" when the engine prints none).
ref_perft() {  # label sfen depth reps
    local i t0 t1 us=0 own=0 leaves=
    eng_start "$1" || return 1
    # After isready: YaneuraOu's isready sets the start position.
    eng_send "position sfen $2"
    for ((i = 0; i < $4; i++)); do
        leaves=
        t0=${EPOCHREALTIME//[.,]/}
        eng_send "go perft $3"
        while eng_read 3600; do
            case $line in
            "Nodes searched: "*) leaves=${line##* }; break ;;
            "Elapsed Time = "*) own=$((own + ${line//[!0-9]/})) ;;
            esac
        done
        t1=${EPOCHREALTIME//[.,]/}
        [ -n "$leaves" ] || { eng_quit; return 1; }
        us=$((us + t1 - t0))
    done
    eng_quit
    [ "$own" -gt 0 ] && own=$(awk -v m="$own" 'BEGIN { printf "%.3f", m / 1000 }') || own=-
    awk -v n="$leaves" -v u="$us" -v o="$own" 'BEGIN { printf "%s %.6f %s\n", n, u / 1e6, o }'
}

# ---- search -----------------------------------------------------------
# "depth nodes ms" of the last info line with nodes and time before
# bestmove, after `go infinite` and, MOVETIME ms later, `stop`.
search() {  # label sfen
    local depth=- nodes= ms= now left w i deadline secs
    eng_start "$1" || return 1
    eng_send usinewgame
    eng_send "position sfen $2"    # after isready (see ref_perft)
    eng_send "go infinite"
    deadline=$(( ${EPOCHREALTIME//[.,]/} + movetime * 1000 ))
    local stopped=0
    while :; do
        if [ $stopped = 0 ]; then
            now=${EPOCHREALTIME//[.,]/}
            left=$((deadline - now))
            if [ $left -le 0 ]; then eng_send stop; stopped=1; continue; fi
            printf -v secs '%d.%06d' $((left / 1000000)) $((left % 1000000))
            eng_read "$secs"
        else
            eng_read 60
        fi
        case $? in
        0) ;;
        1) echo "shogi-speed: $1 ended during the search" >&2; eng_quit; return 1 ;;
        *) [ $stopped = 1 ] && { echo "shogi-speed: $1: no bestmove" >&2; eng_quit; return 1; }
           continue ;;
        esac
        case $line in
        bestmove*) break ;;
        "info string"*) ;;
        "info "*" nodes "*" time "*|"info "*" time "*" nodes "*)
            read -r -a w <<<"$line"
            for ((i = 1; i + 1 < ${#w[@]}; i++)); do
                case ${w[i]} in
                depth) depth=${w[i + 1]} ;;
                nodes) nodes=${w[i + 1]} ;;
                time) ms=${w[i + 1]} ;;
                pv|string) break ;;
                esac
            done ;;
        esac
    done
    eng_quit
    [ -n "$nodes" ] && [ -n "$ms" ] || return 1
    echo "$depth $nodes $ms"
}

# ---- positions ----------------------------------------------------------
sfen_of_id() { grep -F "id \"$1" "$data/perft.epd" | head -1 | cut -d';' -f1 | sed 's/ *$//'; }
expected() {  # id depth: the leaf count perft.epd gives, or nothing
    grep -F "id \"$1" "$data/perft.epd" | head -1 | sed -n "s/.*; D$2 \([0-9]*\);.*/\1/p"
}
sfen_of_line() {  # an openings.txt line (by its last moves) played out by gtsearch
    local l
    l=$(grep -F -- "$1" "$data/openings.txt" | head -1)
    [ -n "$l" ] || return 1
    printf 'position %s\nd\nquit\n' "$l" | "$gt" --game shogi | sed -n 's/^sfen: //p'
}
# name depth reps perft.epd-id
perft_set="startpos 5 2 startpos
matsuri 4 1 matsuri
maxmoves 3 3 maximum-legal-moves"
pnames=() pdepth=() preps=() psfen=() pexp=()
while read -r name d reps id; do
    s=$(sfen_of_id "$id")
    [ -n "$s" ] || { echo "shogi-speed: no '$id' in perft.epd" >&2; exit 2; }
    pnames+=("$name") pdepth+=("$d") preps+=("$reps") psfen+=("$s") pexp+=("$(expected "$id" "$d")")
done <<<"$perft_set"
snames=(startpos matsuri bishop-exchange yokofudori shikenbisha)
ssfen=("$(sfen_of_id startpos)" "$(sfen_of_id matsuri)" "$(sfen_of_id "bishop exchange")"
       "$(sfen_of_line "2h2d 8e8f 8g8f 8b8f")" "$(sfen_of_line "2h6h 8d8e 8h7g 7a6b")")
for i in "${!ssfen[@]}"; do
    [ -n "${ssfen[i]}" ] || { echo "shogi-speed: no position for ${snames[i]}" >&2; exit 2; }
done

# ---- the runs -----------------------------------------------------------
load0=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')
echo "shogi speed: gtsearch ($gt) beside ${refs[*]:-no reference}; $runs runs," \
     "Threads 1, hash $hash MB, search $movetime ms; $(nproc 2>/dev/null || echo '?') cores," \
     "load average $load0"
results=$tmp/results
: >"$results"
fail=0
mps() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.6f", (s > 0 ? n / s : 0) }'; }
for ((r = 1; r <= runs; r++)); do
    if [ $do_perft = 1 ]; then
        for i in "${!pnames[@]}"; do
            n=${pnames[i]} d=${pdepth[i]} k=${preps[i]}
            x=$(gt_perft "${psfen[i]}" "$d" "$k") || { echo "shogi-speed: gtsearch perft failed on $n" >&2; exit 1; }
            leaves=${x% *} rate=$(mps $((leaves * k)) "${x#* }")
            echo "perft $n/d$d gtsearch $r $rate -" >>"$results"
            out=$(printf 'run %d perft  %-16s d%s x%s  gtsearch %s leaves %7.1f M/s' \
                  "$r" "$n" "$d" "$k" "$leaves" "$(awk -v v="$rate" 'BEGIN { print v / 1e6 }')")
            bad=
            [ -n "${pexp[i]}" ] && [ "$leaves" != "${pexp[i]}" ] &&
                bad="$bad gtsearch $leaves, perft.epd ${pexp[i]};"
            for e in "${refs[@]}"; do
                y=$(ref_perft "$e" "${psfen[i]}" "$d" "$k") || { echo "shogi-speed: $e perft failed on $n" >&2; exit 1; }
                set -- $y
                rrate=$(mps $(($1 * k)) "$2")
                echo "perft $n/d$d $e $r $rrate -" >>"$results"
                own=
                [ "$3" != - ] && own=$(awk -v n=$(($1 * k)) -v s="$3" \
                    'BEGIN { printf " (its clock %.1f)", n / s / 1e6 }')
                out=$out$(printf ' | %s %s leaves %7.1f M/s%s  ratio %.2f' "$e" "$1" \
                    "$(awk -v v="$rrate" 'BEGIN { print v / 1e6 }')" "$own" \
                    "$(awk -v a="$rate" -v b="$rrate" 'BEGIN { print (b > 0 ? a / b : 0) }')")
                [ "$1" = "$leaves" ] || bad="$bad gtsearch $leaves, $e $1;"
            done
            echo "$out"
            if [ -n "$bad" ]; then echo "FAIL: perft $n d$d counts differ:$bad"; fail=1; fi
        done
    fi
    if [ $do_search = 1 ]; then
        for i in "${!snames[@]}"; do
            n=${snames[i]}
            out=$(printf 'run %d search %-16s' "$r" "$n")
            rate=
            for e in gtsearch "${refs[@]}"; do
                x=$(search "$e" "${ssfen[i]}") || { echo "shogi-speed: $e search failed on $n" >&2; exit 1; }
                set -- $x
                nps=$(mps $(($2 * 1000)) "$3")
                echo "search $n $e $r $nps $1" >>"$results"
                out=$out$(printf ' %s%s depth %s nodes %s in %s ms %5.0f k/s' \
                    "$([ "$e" = gtsearch ] || echo '| ')" "$e" "$1" "$2" "$3" \
                    "$(awk -v v="$nps" 'BEGIN { print v / 1e3 }')")
                if [ "$e" = gtsearch ]; then rate=$nps
                else out=$out$(awk -v a="$rate" -v b="$nps" 'BEGIN { printf "  ratio %.2f", (b > 0 ? a / b : 0) }'); fi
            done
            echo "$out"
        done
    fi
done
load1=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')

# ---- the summary ----------------------------------------------------------
echo
for e in gtsearch "${refs[@]}"; do echo "$e: $(id_name "$e")"; done
awk -v refs="${refs[*]}" -v runs="$runs" '
    function median(str, low,   a, n, i, j, x) {   # mawk has no asort; low: the lower middle
        n = split(str, a, " ")
        for (i = 2; i <= n; i++)
            for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
                x = a[j]; a[j] = a[j - 1]; a[j - 1] = x
            }
        return n % 2 || low ? a[int((n + 1) / 2)] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function shown(kind, v) {
        return kind == "perft" ? sprintf("%.1f M/s", v / 1e6) : sprintf("%.0f k/s", v / 1e3)
    }
    { key = $1 " " $2
      if (!(key in seen)) { seen[key] = 1; order[++nk] = key }
      rate[key, $3, $4] = $5; dep[key, $3] = dep[key, $3] " " $6 }
    END {
        nr = split(refs, R, " ")
        head = "| test   | position         | gtsearch            |"
        rule = "|--------|------------------|--------------------:|"
        for (j = 1; j <= nr; j++) {
            head = head sprintf(" %-19s | ratio |", R[j]); rule = rule "--------------------:|------:|"
        }
        print head; print rule
        for (i = 1; i <= nk; i++) {
            key = order[i]; split(key, K, " ")
            s = ""
            for (r = 1; r <= runs; r++) s = s " " rate[key, "gtsearch", r]
            ours = median(s)
            d = K[1] == "search" ? sprintf(" d%s", median(dep[key, "gtsearch"], 1)) : ""
            row = sprintf("| %-6s | %-16s | %19s |", K[1], K[2], shown(K[1], ours) d)
            for (j = 1; j <= nr; j++) {
                s = q = ""
                for (r = 1; r <= runs; r++) {
                    s = s " " rate[key, R[j], r]
                    if (rate[key, R[j], r] > 0) q = q " " rate[key, "gtsearch", r] / rate[key, R[j], r]
                }
                ratio = median(q)
                d = K[1] == "search" ? sprintf(" d%s", median(dep[key, R[j]], 1)) : ""
                row = row sprintf(" %19s | %4.2fx |", shown(K[1], median(s)) d, ratio)
                if (ratio > 0) { lg[R[j], K[1]] += log(ratio); cnt[R[j], K[1]]++
                                 lg[R[j], "all"] += log(ratio); cnt[R[j], "all"]++ }
            }
            print row
        }
        print "(each value: the median of " runs " runs" (nr ? "; a ratio: the median over the runs of gtsearch / reference in the same run)" : "; no reference, no ratios)")
        for (j = 1; j <= nr; j++) {
            line = "geometric mean of the ratios gtsearch / " R[j] ":"
            split("perft search all", G, " ")
            for (g = 1; g <= 3; g++)
                if (cnt[R[j], G[g]] && (g < 3 || (cnt[R[j], "perft"] && cnt[R[j], "search"])))
                    line = line sprintf(" %s %.2fx,", G[g], exp(lg[R[j], G[g]] / cnt[R[j], G[g]]))
            sub(/,$/, "", line)
            print line " (goal: >= 1.00x)"
        }
    }' "$results"
echo "load average $load0 before, $load1 after ($(nproc 2>/dev/null || echo '?') cores)"
[ $fail = 0 ] || echo "FAIL: perft counts differ (see above)"
exit $fail
