#!/bin/sh
# chess-move-losses.sh -- where a match's chess games were lost: every
# position of a PGN (gtsearch match --pgn) scored by a reference engine
# at a fixed depth, and each move's loss of expected score for the side
# that played it (the reference's score before the move against its
# score after, or the game's result after its last move, each as an
# expected score by the logistic curve 1 / (1 + exp(-0.00368208 x
# centipawns)) that Lichess publishes).  The report sums each player's
# losses by the move number, counts its moves that lost more than 0.10,
# and lists the largest with the reference's choice.  A move of the reference's own choice can lose a little too:
# the depth is finite; both players are read the same way.
#
#     tests/bench/chess-move-losses.sh games.pgn [DEPTH] [TOP]
#
# DEPTH: the reference's depth (default 14); TOP: moves listed (default
# 20).  Needs node with the npm package chess.js (an independent reader
# replays the games: NODE_PATH, or npm install --no-save chess.js here)
# and python3; the reference is $STOCKFISH (default
# /usr/games/stockfish), two at a time ($JOBS).  The scored positions
# are kept in $OUT (default ./move-losses.tsv) and reused when present.
# SPDX-License-Identifier: MIT
set -eu
pgn=${1:?usage: chess-move-losses.sh GAMES.pgn [DEPTH] [TOP]}
depth=${2:-14}
top=${3:-20}
sf=${STOCKFISH:-/usr/games/stockfish}
jobs=${JOBS:-2}
out=${OUT:-move-losses.tsv}
tmp=${TMPDIR:-/tmp}/move-losses.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

if [ ! -s "$out" ]; then
    # One line a move: game, ply, mover, the move, FEN before it; and
    # the final position (mover '-', the result for the move).
    cat >"$tmp/positions.js" <<'EOF'
const { Chess } = require('chess.js');
const text = require('fs').readFileSync(process.argv[2], 'utf8');
const games = text.split(/\n(?=\[Event )/).filter((g) => g.includes('['));
games.forEach((g, i) => {
    const ch = new Chess();
    ch.loadPgn(g);
    const moves = ch.history();
    const tag = (k) => (g.match(new RegExp('\\[' + k + ' "(.*?)"\\]')) || [])[1];
    const start = new Chess(tag('FEN') || undefined);
    moves.forEach((san, ply) => {
        const mover = start.turn() === 'w' ? tag('White') : tag('Black');
        console.log([i + 1, ply, mover, san, start.fen()].join('\t'));
        start.move(san);
    });
    // The final position too, for the last move's loss: its value is
    // the game's result (a draw by rule is no engine's to score).
    console.log([i + 1, moves.length, '-', tag('Result') || '*', start.fen()].join('\t'));
});
EOF
    if ! node "$tmp/positions.js" "$pgn" >"$tmp/positions.tsv"; then
        echo "chess-move-losses: chess.js could not replay $pgn (is it installed?)" >&2
        exit 1
    fi
    cat >"$tmp/score.py" <<'EOF'
import subprocess, sys
engine, depth, inp, outp = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     text=True, bufsize=1)
def send(s): p.stdin.write(s + '\n')
send('uci'); send('setoption name Hash value 32'); send('isready')
while p.stdout.readline().strip() != 'readyok':
    pass
with open(inp) as f, open(outp, 'w') as o:
    game = None
    for line in f:
        g, ply, mover, san, fen = line.rstrip('\n').split('\t')
        if mover == '-':
            # the result, from the side to move's view
            white = {'1-0': 30000, '0-1': -30000, '1/2-1/2': 0}.get(san)
            side = 1 if fen.split()[1] == 'w' else -1
            score = None if white is None else white * side
            o.write('%s\t%s\t-\t%s\t%s\t-\t%s\n' % (g, ply, san, score, fen))
            continue
        if g != game:
            send('ucinewgame'); game = g
        send('position fen ' + fen); send('go depth ' + depth)
        score, best = None, None
        while best is None:
            w = p.stdout.readline().split()
            if not w:
                sys.exit('the reference engine stopped')
            if w[0] == 'bestmove':
                best = w[1]
            elif 'score' in w:
                i = w.index('score')
                v = int(w[i + 2])
                score = v if w[i + 1] == 'cp' else (30000 - abs(v)) * (1 if v > 0 else -1)
        o.write('%s\t%s\t%s\t%s\t%s\t%s\t%s\n' % (g, ply, mover, san, score, best, fen))
send('quit')
EOF
    total=$(wc -l <"$tmp/positions.tsv")
    split -n l/"$jobs" -d "$tmp/positions.tsv" "$tmp/part."
    for part in "$tmp"/part.*; do
        python3 "$tmp/score.py" "$sf" "$depth" "$part" "$part.scored" &
    done
    wait
    cat "$tmp"/part.*.scored >"$out"
    echo "scored $total positions at depth $depth into $out"
fi

python3 - "$out" "$top" <<'EOF'
import collections, math, sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1])]
top = int(sys.argv[2])
at = {(r[0], int(r[1])): r for r in rows}
def expected(cp):
    return 1 / (1 + math.exp(-0.00368208 * max(-2000, min(2000, cp))))
bands = [(1, 10), (11, 20), (21, 30), (31, 40), (41, 60), (61, 10 ** 6)]
sums = collections.defaultdict(lambda: [0.0, 0, 0])
worst = []
for r in rows:
    after = at.get((r[0], int(r[1]) + 1))
    if after is None or r[4] == 'None' or after[4] == 'None':
        continue
    loss = expected(int(r[4])) - expected(-int(after[4]))
    move = int(r[1]) // 2 + 1
    for lo, hi in bands:
        if lo <= move <= hi:
            for key in ((r[2], lo), (r[2], 0)):
                s = sums[key]
                s[0] += loss; s[1] += 1; s[2] += loss > 0.10
    worst.append((loss, r))
players = sorted({k[0] for k in sums})
print('expected score lost, moves, moves losing more than 0.10:')
print('%-8s' % 'moves' + ''.join('%28s' % p[:27] for p in players))
for lo, hi in bands + [(0, 0)]:
    label = 'all' if lo == 0 else '%d-%d' % (lo, hi) if hi < 10 ** 6 else '%d-' % lo
    print('%-8s' % label + ''.join('%12.2f %7d %7d' % tuple(sums[(p, lo)]) for p in players))
print('\nthe %d largest losses:' % top)
for loss, r in sorted(worst, key=lambda x: -x[0])[:top]:
    print('%.2f  game %s ply %s  %s played %s in %s  (the reference: %s)'
          % (loss, r[0], r[1], r[2], r[3], r[6], r[5]))
EOF
