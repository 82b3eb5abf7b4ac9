#!/usr/bin/env python3
# train-torch.py -- gtsearch's network trained by PyTorch on the CPU, the
# peer of lib/train in tests/bench/train-compare.sh: the same network,
# loss, initialisation ranges, Adam, cosine schedule, batch, validation
# split and weight clipping, so that positions/s compare like for like.
#
#   python3 train-torch.py FEATURES [--hidden 256] [--epochs 2] [--batch 16384]
#       [--threads 2] [--layer bag|sparse] [...]
#
# The first layer is a sparse matrix product (--layer sparse, the default:
# about 10% faster here than --layer bag, EmbeddingBag in sum mode, whose
# backward sorts the indices); SCReLU and the output are one autograd
# function, which halves the passes over the batch that autograd's chain
# of small operations made.
#
# FEATURES is a file of `gtsearch export-features` (features_cli.c says
# its layout).  It prints the loss per epoch and positions/s; it does not
# write a network file (the comparison needs none, and the integer
# network and its calibration stay lib/train's).
# SPDX-License-Identifier: MIT
import argparse
import math
import sys
import time

import numpy as np
import torch

QA, QB = 255, 64                # lib/core/net.h's quantisation


def read_features(path):
    """The export's arrays, as numpy arrays."""
    with open(path, "rb") as f:
        head = f.read(28)
        if len(head) < 28 or head[:8] != b"GTSFEAT1":
            sys.exit(f"{path}: not a gtsearch export-features file")
        count = int(np.frombuffer(head, "<u4", 1, 8)[0])
        p, t = (int(x) for x in np.frombuffer(head, "<u8", 2, 12))
        arrays = [np.fromfile(f, dt, n) for dt, n in
                  (("<u8", p + 1), ("<u2", p), ("<u4", t), ("<f4", p), ("<f4", p))]
    if any(len(a) != n for a, n in zip(arrays, (p + 1, p, t, p, p))):
        sys.exit(f"{path}: shorter than its header says")
    return count, arrays


class SCReLUOut(torch.autograd.Function):
    """y = clamp(acc + b1, 0, 1)^2 . w2 over rows of 2 * hidden, in fewer
    passes over the batch than autograd's chain of small operations (the
    first trials spent most of their time there)."""

    @staticmethod
    def forward(ctx, acc, b1, w2):
        x = (acc + b1).view(-1, w2.shape[0])
        c = x.clamp(0, 1)
        c2 = c * c
        ctx.save_for_backward(x, c, c2, w2)
        return c2 @ w2

    @staticmethod
    def backward(ctx, dy):
        x, c, c2, w2 = ctx.saved_tensors
        gw2 = dy @ c2
        # d/dx clamp(x)^2 = 2x inside (0, 1): c is 0 below, masked above.
        dx = c.masked_fill_(x >= 1, 0).mul_(dy[:, None]).mul_(2 * w2)
        dacc = dx.view(-1, w2.shape[0] // 2)
        return dacc, dacc.sum(0), gw2


class Net(torch.nn.Module):
    """features -> hidden (per perspective, shared) -> SCReLU -> 1, as net.h."""

    def __init__(self, inputs, hidden, max_active, layer, gen):
        super().__init__()
        self.layer = layer
        a1, a2 = 1 / math.sqrt(max(max_active, 1)), 1 / math.sqrt(2 * hidden)
        self.w1 = torch.nn.Parameter((torch.rand(inputs, hidden, generator=gen) * 2 - 1) * a1)
        self.b1 = torch.nn.Parameter(torch.zeros(hidden))
        self.w2 = torch.nn.Parameter((torch.rand(2 * hidden, generator=gen) * 2 - 1) * a2)
        self.b2 = torch.nn.Parameter(torch.zeros(1))
        # model.c's limits: a sum of max_active rows and the bias fits int16.
        self.l1, self.l2 = 32000 / QA / (max_active + 1), 127 / QB
        self.clip()

    def clip(self):
        with torch.no_grad():
            self.w1.clamp_(-self.l1, self.l1)
            self.b1.clamp_(-self.l1, self.l1)
            self.w2.clamp_(-self.l2, self.l2)

    def forward(self, feat, bag, offsets, nbags):
        """feat: the rows of 2B bags (each position's mover's, then its
        opponent's); bag: each row's bag (sparse); offsets: each bag's
        first row (bag)."""
        if self.layer == "bag":
            acc = torch.nn.functional.embedding_bag(feat, self.w1, offsets, mode="sum")
        else:
            ind = torch.stack((bag, feat))
            s = torch.sparse_coo_tensor(ind, torch.ones(len(feat)), (nbags, self.w1.shape[0]))
            acc = torch.sparse.mm(s, self.w1)
        # A position's two bags are neighbours: its row of 2 * hidden.
        return SCReLUOut.apply(acc, self.b1, self.w2) + self.b2


class Batches:
    """The positions' features as the 2B bags of a batch."""

    def __init__(self, start, nus, feat):
        self.start = torch.from_numpy(start[:-1].astype(np.int64))
        self.end = torch.from_numpy(start[1:].astype(np.int64))
        self.nus = torch.from_numpy(nus.astype(np.int64))
        self.feat = torch.from_numpy(feat.astype(np.int64))

    def get(self, idx):
        s = self.start[idx]
        mid = s + self.nus[idx]
        first = torch.stack((s, mid), 1).view(-1)
        lens = torch.stack((self.nus[idx], self.end[idx] - mid), 1).view(-1)
        offsets = torch.cumsum(lens, 0) - lens
        total = int(offsets[-1] + lens[-1])
        rows = torch.repeat_interleave(first - offsets, lens) + torch.arange(total)
        bag = torch.repeat_interleave(torch.arange(len(lens)), lens)
        return self.feat[rows], bag, offsets, len(lens)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("features")
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch", type=int, default=16384)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--lr", type=float, default=0.001)
    ap.add_argument("--lr-end", type=float, default=0.00005)
    ap.add_argument("--lambda", dest="lam", type=float, default=0.5)
    ap.add_argument("--k", type=float, default=400.0,
                    help="eval units of one logit (4 * the game's eval_unit; chess 400)")
    ap.add_argument("--validation", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-active", type=int, default=0,
                    help="the feature set's most active features a side (default: "
                    "the most in the file; chess 32)")
    ap.add_argument("--layer", choices=("bag", "sparse"), default="sparse",
                    help="the first layer as EmbeddingBag (sum) or a sparse matmul")
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    torch.set_num_interop_threads(1)

    t_load = time.perf_counter()
    count, (start, nus, feat, score, result) = read_features(a.features)
    n = len(nus)
    if n < 2:
        sys.exit(f"{a.features}: {n} positions, too few to train on")
    max_active = a.max_active or int(max(nus.max(), (np.diff(start) - nus).max()))
    # train.c's target: the result and the score's win probability, blended.
    sc = torch.from_numpy(score)
    r = torch.from_numpy(result)
    target = torch.where(torch.isnan(sc), r,
                         a.lam * r + (1 - a.lam) * torch.sigmoid(sc / a.k)).float()
    data = Batches(start, nus, feat)
    gen = torch.Generator().manual_seed(a.seed)
    order = torch.randperm(n, generator=gen)
    nval = max(1, int(a.validation * n)) if a.validation > 0 else 0
    ntrain = n - nval
    train_idx, val_idx = order[:ntrain], order[ntrain:]
    net = Net(count, a.hidden, max_active, a.layer, gen)
    opt = torch.optim.Adam(net.parameters(), lr=a.lr, betas=(0.9, 0.999), eps=1e-8)
    print(f"torch {torch.__version__}: {n} positions ({ntrain} training, {nval} held out) "
          f"read in {time.perf_counter() - t_load:.1f} s; {count} x {a.hidden}, "
          f"layer {a.layer}, {a.epochs} epochs, batch {a.batch}, {a.threads} threads",
          flush=True)

    def loss_of(idx):
        f, bag, off, nb = data.get(idx)
        y = net(f, bag, off, nb)
        return torch.mean((torch.sigmoid(y) - target[idx]) ** 2)

    def validate():
        if not nval:
            return float("nan")
        with torch.no_grad():
            s = sum(float(loss_of(val_idx[i:i + a.batch])) * len(val_idx[i:i + a.batch])
                    for i in range(0, nval, a.batch))
        return s / nval

    print(f"loss before training {validate():.6f}", flush=True)
    steps_per_epoch = (ntrain + a.batch - 1) // a.batch
    t0 = time.perf_counter()
    done = 0
    for e in range(a.epochs):
        perm = train_idx[torch.randperm(ntrain, generator=gen)]
        total, steps = 0.0, 0
        for b in range(0, ntrain, a.batch):
            # train.c's cosine schedule, moved every step.
            progress = (e + steps / steps_per_epoch) / a.epochs
            lr = a.lr_end + 0.5 * (a.lr - a.lr_end) * (1 + math.cos(math.pi * progress))
            for g in opt.param_groups:
                g["lr"] = lr
            idx = perm[b:b + a.batch]
            opt.zero_grad(set_to_none=True)
            loss = loss_of(idx)
            loss.backward()
            opt.step()
            net.clip()
            total += float(loss)
            steps += 1
            done += len(idx)
        val = validate()
        secs = time.perf_counter() - t0
        print(f"epoch {e + 1}/{a.epochs}  train loss {total / steps:.6f}  validation loss "
              f"{val:.6f}  lr {lr:.6f}  {done / secs:.0f} positions/s  {secs:.1f} s",
              flush=True)


if __name__ == "__main__":
    main()
