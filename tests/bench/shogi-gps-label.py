#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Blend GPSShogi's judgement into a shogi data file's scores.

    tests/bench/shogi-gps-label.py IN.gtd OUT.gtd [--weight A] [--factor F]
                                   [--jobs N] [--chunk N]

Every record of IN (a binary data file of `gtsearch --game shogi datagen`)
is set up in gpsshell (the Debian package gpsshogi; GPSSHELL names another
path) and scored there by its quiescence search (`qsearch`: sente's view,
its own centipawns).  OUT gets IN's records with the score

    (1 - A) * score + A * F * gps

where F turns GPSShogi's units into the engine's: by default the ratio of
the two logistic scales that best predict the records' results, fitted on
up to 20,000 of them and printed with the log losses of each score and of
the blend.  A record without a score, with a mate's (|score| >= 5000) or
one gpsshell could not score keeps its own; F * gps is held to +-3000.
Ply, result and margin are kept, so `train --td-decay` works as before.
doc/network.md ("GPSShogi's quiescence search as a second opinion") says
why and what it gave.
"""
import argparse
import math
import os
import re
import struct
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

MAGIC = b'GTSDATA\n'
NO_SCORE = -32768


def read_records(path):
    data = open(path, 'rb').read()
    if data[:8] != MAGIC:
        sys.exit('%s: not a binary data file (convert it with gtsearch convert)' % path)
    if data[16:48].rstrip(b'\0') != b'shogi':
        sys.exit('%s: data for %s, not shogi' % (path, data[16:48].rstrip(b'\0').decode()))
    recs, off = [], 64
    while off + 10 <= len(data):
        length = struct.unpack_from('<H', data, off)[0]
        if length == 0 or off + 10 + length > len(data):
            print('%s: stopping at a cut record at byte %d' % (path, off), file=sys.stderr)
            break
        recs.append(bytearray(data[off:off + 10 + length]))
        off += 10 + length
    return data[:64], recs


PAT = re.compile(rb'> qsearch\n(-?\d+)\n')
COLOUR = re.compile(rb'\x1b\[[0-9;]*m')


def gps_scores(shell, texts):
    """gpsshell's qsearch of each position, None where it gave no number."""
    cmds = ''.join('position sfen %s\nqsearch\n' % t for t in texts) + 'exit\n'
    p = subprocess.run([shell], input=cmds.encode(), capture_output=True)
    got = PAT.findall(COLOUR.sub(b'', p.stdout))
    if len(got) == len(texts):
        return [int(v) for v in got]
    if len(texts) == 1:
        return [None]
    half = len(texts) // 2  # one position it refused: find it by halves
    return gps_scores(shell, texts[:half]) + gps_scores(shell, texts[half:])


def fit_scale(xs, rs):
    """The logistic scale k that best predicts the results, and its loss."""
    best, k = None, 50.0
    while k < 4000:
        loss = 0.0
        for x, r in zip(xs, rs):
            p = min(max(1 / (1 + math.exp(-x / k)), 1e-6), 1 - 1e-6)
            loss -= r * math.log(p) + (1 - r) * math.log(1 - p)
        loss /= len(xs)
        if best is None or loss < best[0]:
            best = (loss, k)
        k *= 1.03
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('inp')
    ap.add_argument('out')
    ap.add_argument('--weight', type=float, default=0.5)
    ap.add_argument('--factor', type=float, default=0.0, help='0: fit it')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--chunk', type=int, default=4000)
    a = ap.parse_args()
    shell = os.environ.get('GPSSHELL', '/usr/games/gpsshell')
    if not os.access(shell, os.X_OK):
        sys.exit('no gpsshell at %s (apt-get install gpsshogi, or set GPSSHELL)' % shell)
    if not 0 <= a.weight <= 1:
        sys.exit('--weight must lie in 0..1')
    header, recs = read_records(a.inp)
    texts = [r[10:].decode() for r in recs]
    chunks = [texts[i:i + a.chunk] for i in range(0, len(texts), a.chunk)]
    gps, done = [], 0
    with ThreadPoolExecutor(a.jobs) as pool:
        for part in pool.map(lambda c: gps_scores(shell, c), chunks):
            gps += part
            done += len(part)
            print('\rscored %d of %d' % (done, len(texts)), end='', file=sys.stderr)
    print(file=sys.stderr)
    own = [struct.unpack_from('<h', r, 2)[0] for r in recs]
    factor = a.factor
    if factor <= 0:
        usable = [i for i in range(len(recs)) if gps[i] is not None and own[i] != NO_SCORE
                  and abs(own[i]) < 3000 and abs(gps[i]) < 3000]
        sample = usable[::max(1, len(usable) // 20000)]
        if len(sample) < 100:
            sys.exit('too few scored records to fit --factor; give it')
        rs = [struct.unpack_from('<H', recs[i], 4)[0] / 1000 for i in sample]
        l_own, k_own = fit_scale([own[i] for i in sample], rs)
        l_gps, k_gps = fit_scale([gps[i] for i in sample], rs)
        factor = k_own / k_gps
        l_mix, _ = fit_scale([(1 - a.weight) * own[i] + a.weight * factor * gps[i]
                              for i in sample], rs)
        print('results of %d records predicted by: the file\'s scores %.4f (scale %.0f), '
              'GPSShogi\'s %.4f (scale %.0f), the blend %.4f; factor %.3f'
              % (len(sample), l_own, k_own, l_gps, k_gps, l_mix, factor))
    blended = 0
    with open(a.out, 'wb') as f:
        f.write(header)
        for i, r in enumerate(recs):
            if gps[i] is not None and own[i] != NO_SCORE and abs(own[i]) < 5000:
                g = max(-3000.0, min(3000.0, factor * gps[i]))
                struct.pack_into('<h', r, 2, int(round((1 - a.weight) * own[i] + a.weight * g)))
                blended += 1
            f.write(r)
    print('%s: %d records, %d blended (weight %.2f, factor %.3f), %d kept their own score'
          % (a.out, len(recs), blended, a.weight, factor, len(recs) - blended))


if __name__ == '__main__':
    main()
