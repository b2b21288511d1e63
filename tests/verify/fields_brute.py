#!/usr/bin/python3
"""Packed keys recomputed by brute force, without cfx's lattice or code.

Keys x_0 << s_0 | x_1 << s_1 | ... | x_last (field i takes 2^xb_i values,
from 0) hash as the top b bits of key * p mod 2^n; each bucket's load is
counted (numpy) and R = (sum of squared loads + K) / 2 over a random
hash's (K(1 - 1/M) + K^2/M + K)/2, M = 2^b, K the keys, as score.h
defines it.  A row's cells (verify.h, lattice.h): 2^b buckets for b =
4..20 (4..n-4 below 24 bits), 1, 2, 4 or 8 keys a bucket, the K = 2^j
keys spread over the fields one bit at a time from the lowest field up,
each at most its width, a cell skipped when a field would take fewer
than 2^4 values.

  fields_brute.py worst P N S[,S2..]     the row's worst: R b load
  fields_brute.py offsets P N [SKIP,..]  worst over every offset h of
                                         x<<h|y but SKIP: R h b load
"""
import sys
import numpy as np


def tables(n):
    top = 20 if n >= 24 else (n - 4 if n > 8 else 4)
    return [b for b in range(4, top + 1) if b < n]


def spread(widths, j):
    """Field sizes in bits for 2^j keys, or None when there is no cell."""
    xb, left = [0] * len(widths), j
    if j > sum(widths):
        return None
    while left:
        moved = False
        for i in reversed(range(len(widths))):
            if left and xb[i] < widths[i]:
                xb[i] += 1
                left -= 1
                moved = True
        if not moved:
            return None
    return xb if min(xb) >= 4 else None


def hashes(p, n, shifts, xb):
    h = np.zeros(1, dtype=np.uint64)
    for s, x in zip(shifts, xb):
        step = np.uint64((p << s) % 2**64 % 2**n)
        h = (h[:, None] + np.arange(2**x, dtype=np.uint64) * step).ravel()
    return h & np.uint64(2**n - 1) if n < 64 else h


def ratio(loads, K, b):
    M = 2.0 ** b
    s2 = float(np.dot(loads.astype(np.float64), loads.astype(np.float64)))
    return (s2 + K) / 2 / ((K * (1 - 1 / M) + K * K / M + K) / 2)


def worst(p, n, shifts):
    """The worst (R, b, load) over the row's cells; (0, 0, 0) if none."""
    widths = [(shifts[i - 1] if i else n) - shifts[i]
              for i in range(len(shifts))]
    best = (0.0, 0, 0)
    bs = tables(n)
    for j in range(min(bs), max(bs) + 4):
        cell_bs = [b for b in bs if 0 <= j - b <= 3]
        xb = spread(widths, j) if cell_bs else None
        if xb is None:
            continue
        h = hashes(p, n, shifts, xb)
        for b in cell_bs:
            loads = np.bincount((h >> np.uint64(n - b)).astype(np.int64),
                                minlength=2**b)
            r = ratio(loads, float(len(h)), b)
            if r > best[0]:
                best = (r, b, 2 ** (j - b))
    return best


def main():
    what, p, n = sys.argv[1], int(sys.argv[2], 0), int(sys.argv[3])
    if what == "worst":
        shifts = [int(s) for s in sys.argv[4].split(",")] + [0]
        r, b, load = worst(p, n, shifts)
        print("%.10g %d %d" % (r, b, load))
    else:
        skip = {int(s) for s in sys.argv[4].split(",")} \
            if len(sys.argv) > 4 else set()
        best = (0.0, 0, 0, 0)
        for h in range(4, n - 3):
            if h not in skip:
                r, b, load = worst(p, n, [h, 0])
                if r > best[0]:
                    best = (r, h, b, load)
        print("%.10g %d %d %d" % best)


if __name__ == "__main__":
    main()
