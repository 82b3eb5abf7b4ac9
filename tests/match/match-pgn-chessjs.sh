#!/bin/sh
# match-pgn-chessjs.sh -- the PGN of a real chess match, read by another
# program: gtsearch plays itself (four short games from a PGN openings
# file: the start position and a set-up position with castling and a
# promotion to come), and chess.js (an independent JavaScript PGN reader)
# must load every game, count the moves PlyCount says, agree on the
# result, and reach the position that the protocol moves of --record give
# when it plays them itself; and the same for minimal PGN (--pgn-min).
#
# Needs node and the npm package chess.js (found as tests/match/npm-package.sh
# says); skips (77) without them.
# SPDX-License-Identifier: MIT
set -u
gts=$abs_top_builddir/gtsearch
fail() { echo "FAIL: $*"; exit 1; }

. "$abs_top_srcdir/tests/match/npm-package.sh"
need_npm_package chess.js

tmp=${TMPDIR:-/tmp}/match-pgn-chessjs.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/openings.pgn" <<'EOF'
[Event "an opening from the start"]
[Result "*"]

1. e4 {the king's pawn} e5 2. Nf3 Nc6 (2... d6 {Philidor}) 3. Bc4 $1 Bc5 *

[Event "a set-up position"]
[SetUp "1"]
[FEN "r3k2r/1P3ppp/8/8/8/8/5PPP/R3K2R w KQkq - 0 20"]

*
EOF

"$gts" --game chess match --engine "$gts --game chess" name=one \
    --engine "$gts --game chess --option NullMove=false" name=two \
    --games 4 --depth 3 --draw-after 40 --openings "$tmp/openings.pgn" \
    --pgn "$tmp/games.pgn" --record "$tmp/games.rec" >"$tmp/out" 2>&1 ||
    fail "match exited $?: $(cat "$tmp/out")"
grep -q '^Game 4/4: ' "$tmp/out" || fail "four games were not played: $(cat "$tmp/out")"

cat >"$tmp/check.js" <<'EOF'
const fs = require('fs');
const { Chess } = require('chess.js');
const [pgnFile, recFile] = process.argv.slice(2);
const pgn = fs.readFileSync(pgnFile, 'utf8');
const recs = fs.readFileSync(recFile, 'utf8').trim().split('\n');
const games = pgn.split(/\n\n(?=\[Event )/).map((s) => s.trim()).filter((s) => s);
let failed = 0;
const fail = (i, what) => { console.log(`FAIL: game ${i + 1}: ${what}`); failed++; };
if (games.length !== recs.length)
    fail(-1, `${games.length} PGN games, ${recs.length} record lines`);
games.forEach((text, i) => {
    const a = new Chess();
    try {
        if (a.loadPgn) a.loadPgn(text); else if (!a.load_pgn(text)) throw new Error('load_pgn');
    } catch (e) {
        return fail(i, `chess.js cannot read it: ${e.message}\n${text}`);
    }
    const tags = a.getHeaders ? a.getHeaders() : a.header();
    const rec = recs[i].match(/ result=(\S+) .* position (?:startpos|fen (.*?))(?: moves (.*))?$/);
    if (!rec) return fail(i, `bad record line ${recs[i]}`);
    const b = rec[2] ? new Chess(rec[2]) : new Chess();
    const moves = rec[3] ? rec[3].split(' ') : [];
    for (const m of moves)
        b.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
    if (a.history().length !== moves.length)
        fail(i, `${a.history().length} moves in the PGN, ${moves.length} played`);
    if (tags.PlyCount !== undefined && String(moves.length) !== tags.PlyCount)
        fail(i, `PlyCount ${tags.PlyCount}, ${moves.length} moves played`);
    if (tags.Result !== rec[1])
        fail(i, `Result ${tags.Result}, the referee said ${rec[1]}`);
    if (a.fen() !== b.fen())
        fail(i, `the PGN ends at ${a.fen()}, the protocol moves at ${b.fen()}`);
    console.log(`game ${i + 1}: ${moves.length} plies, ${tags.Result}, ${a.fen()}`);
});
if (failed) process.exit(1);
console.log(`chess.js read all ${games.length} games`);
EOF
node "$tmp/check.js" "$tmp/games.pgn" "$tmp/games.rec" || {
    cat "$tmp/games.pgn"
    fail "chess.js disagrees"
}
# Minimal PGN (--pgn-min): no comments, no PlyCount, and still read.
"$gts" --game chess match --engine "$gts --game chess" name=one \
    --engine "$gts --game chess --option NullMove=false" name=two \
    --games 2 --depth 3 --draw-after 40 --openings "$tmp/openings.pgn" --pgn-min \
    --pgn "$tmp/min.pgn" --record "$tmp/min.rec" >"$tmp/out" 2>&1 ||
    fail "match --pgn-min exited $?: $(cat "$tmp/out")"
! grep -q '[{]' "$tmp/min.pgn" || fail "--pgn-min wrote comments: $(cat "$tmp/min.pgn")"
! grep -q '^\[PlyCount ' "$tmp/min.pgn" || fail "--pgn-min wrote PlyCount"
node "$tmp/check.js" "$tmp/min.pgn" "$tmp/min.rec" || {
    cat "$tmp/min.pgn"
    fail "chess.js disagrees with the minimal PGN"
}
# The SAN the games needed: castling and promotion were played.
grep -q 'O-O' "$tmp/games.pgn" || echo "note: no castling in these games"
grep -q '=[QRBN]' "$tmp/games.pgn" || echo "note: no promotion in these games"
echo "match-pgn-chessjs: all checks passed"
