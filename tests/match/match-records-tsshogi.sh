#!/bin/sh
# match-records-tsshogi.sh -- the shogi record files of real matches, read
# by another program: gtsearch plays itself, two games that end on the
# board and then, appended to the same files, two adjudicated draws
# (--draw-after), into a CSA file, a KIF file in UTF-8 (.kifu) and one in
# Shift_JIS (.kif).  tsshogi (an independent TypeScript reader of both
# formats) must read every game of each file on its own (CSA's games
# split at the "/" lines, KIF's before each "#KIF" line), with the moves
# and the result of the match's --record lines.
#
# Needs node and the npm package tsshogi (found as tests/match/npm-package.sh
# says); skips (77) without them.
# SPDX-License-Identifier: MIT
set -u
gts=$abs_top_builddir/gtsearch
fail() { echo "FAIL: $*"; exit 1; }

. "$abs_top_srcdir/tests/match/npm-package.sh"
need_npm_package tsshogi

tmp=${TMPDIR:-/tmp}/match-records-tsshogi.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

for ext in csa kifu kif; do
    for draw in "" "--draw-after 16"; do
        # shellcheck disable=SC2086 # $draw: no option or two words
        "$gts" --game shogi match --engine "$gts --game shogi" name=one \
            --engine "$gts --game shogi --option NullMove=false" name=two \
            --nodes 2000 --games 2 $draw \
            --pgn "$tmp/games.$ext" --record "$tmp/games.$ext.rec" >"$tmp/out" 2>&1 ||
            fail "match (.$ext) exited $?: $(cat "$tmp/out")"
        grep -q '^Game 2/2: ' "$tmp/out" || fail "two games were not played: $(cat "$tmp/out")"
    done
done

cat >"$tmp/check.js" <<'EOF'
const fs = require('fs');
const ts = require('tsshogi');
const [file, recFile] = process.argv.slice(2);
const bytes = fs.readFileSync(file);
const kif = /\.kifu?$/.test(file);
const text = new TextDecoder(file.endsWith('.kif') ? 'shift_jis' : 'utf-8').decode(bytes);
const recs = fs.readFileSync(recFile, 'utf8').trim().split('\n');
const games = kif ? text.split(/^(?=#KIF )/m) : text.split(/^\/\r?\n/m);
let failed = 0;
const fail = (i, what) => { console.log(`FAIL: ${file} game ${i + 1}: ${what}`); failed++; };
if (games.length !== recs.length)
    fail(-1, `${games.length} games in the file, ${recs.length} record lines`);
// A special move's result for the side to move, as a reader takes it.
const loses = ['resign', 'mate', 'timeout', 'foulLose'];
const wins = ['foulWin', 'enteringOfKing'];
const draws = ['repetitionDraw', 'impass', 'draw', 'maxMoves'];
games.forEach((g, i) => {
    const r = kif ? ts.importKIF(g) : ts.importCSA(g);
    if (r instanceof Error) return fail(i, `tsshogi cannot read it: ${r.message}\n${g}`);
    const rec = recs[i].match(/ result=(\S+) end=(\S+) .* position (?:startpos|sfen (.*?))(?: moves (.*))?$/);
    if (!rec) return fail(i, `bad record line ${recs[i]}`);
    const played = rec[4] ? rec[4].split(' ') : [];
    const nodes = r.moves.slice(1);
    const moves = nodes.filter((n) => n.move instanceof ts.Move).map((n) => n.move.usi);
    if (moves.join(' ') !== played.join(' '))
        fail(i, `moves ${moves.join(' ')}\n  the referee's: ${played.join(' ')}`);
    const last = nodes.length ? nodes[nodes.length - 1].move : null;
    if (!last || last instanceof ts.Move) return fail(i, 'no end after the moves');
    const first = r.initialPosition.color === ts.Color.BLACK ? 0 : 1;
    const stm = (first + moves.length) % 2;
    const sideWins = (side) => (side === 0 ? '1-0' : '0-1');
    let result;
    if (loses.includes(last.type)) result = sideWins(1 - stm);
    else if (wins.includes(last.type)) result = sideWins(stm);
    else if (draws.includes(last.type)) result = '1/2-1/2';
    else if (last.type === 'interrupt') result = 'interrupted';
    else return fail(i, `an end tsshogi does not know: ${JSON.stringify(last)}`);
    // An adjudicated draw has no word of its own: interrupted, no winner.
    const want = rec[1] === '1/2-1/2' && rec[2] === 'adjudication' ? 'interrupted' : rec[1];
    if (result !== want)
        fail(i, `tsshogi reads ${result} (${last.type}), the referee said ${rec[1]} (${rec[2]})`);
    console.log(`${file.replace(/.*\//, '')} game ${i + 1}: ${moves.length} plies, ${last.type}, ${result}`);
});
if (failed) process.exit(1);
console.log(`tsshogi read all ${games.length} games of ${file.replace(/.*\//, '')}`);
EOF
for ext in csa kifu kif; do
    node "$tmp/check.js" "$tmp/games.$ext" "$tmp/games.$ext.rec" || {
        head -c 4000 "$tmp/games.$ext"
        fail "tsshogi disagrees on .$ext"
    }
done
# Both kinds of end were played: decided games and adjudicated draws.
grep -q ' result=1/2-1/2 end=adjudication ' "$tmp/games.csa.rec" || fail "no adjudicated draw"
grep -q ' result=1-0 \| result=0-1 ' "$tmp/games.csa.rec" || fail "no decided game"
echo "match-records-tsshogi: all checks passed"
