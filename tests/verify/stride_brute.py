#!/usr/bin/python3
"""Strides recomputed by brute force, without cfx's lattice or code.

Keys start + k c (k < K) hash as the top b bits of x + k m mod 2^n,
m = c p mod 2^n, x = start p.  Over a uniform start, keys k and k + d
share a bucket of width W = 2^(n-b) with probability max(0, W - |e_d|)/W,
e_d = d m mod 2^n taken in (-2^(n-1), 2^(n-1)], so the mean of the sum
of squared loads is K + 2 sum_{d=1}^{K-1} (K - d) max(0, W - |e_d|) / W:
every difference d enumerated (numpy), or, where W is small, every
difference e of the hash (d = e / m mod 2^n) -- the same pairs, found
from the other side.  R is that over a random hash's expectation
(K(1 - 1/M) + K^2/M + K)/2, M = 2^b, as score.h defines it.  The map is
every c up to 256 and the multiples of 8 up to 4096 (cfx verify's
stride map), its cells K = 2^j keys at 2^b buckets, b = 4..20 (4..n-4
on words below 24 bits), 1, 2, 4 or 8 keys a bucket, K at most 2^(n -
the twos of c).

  stride_brute.py worst P N C        worst cell: R b load
  stride_brute.py map P N            every stride of the map: "c R b load"
  stride_brute.py counted P N C B K  R of keys k c from 0, counted
"""
import sys
import numpy as np


def tables(n):
    top = 20 if n >= 24 else (n - 4 if n > 8 else 4)
    return [b for b in range(4, top + 1) if b < n]


def map_set():
    return list(range(1, 257)) + list(range(264, 4097, 8))


def ratio(s2, K, b):
    M = 2.0 ** b
    expect = (K * (1 - 1 / M) + K * K / M + K) / 2
    return (s2 + K) / 2 / expect


def centred(x, n):
    """uint64 values mod 2^n (wrapped mod 2^64) as signed residues."""
    s = np.uint64(64 - n)
    return ((x << s).view(np.int64) >> np.int64(64 - n)) if n < 64 \
        else x.view(np.int64)


def pairs(m, n, t, dmax, wmax):
    """(d, |e_d|) for 1 <= d < dmax with |e_d| < wmax, m = c p (c = 2^t u)."""
    w = n - t
    if wmax >> t <= 1 << 21 and w <= 64:
        # enumerate the hash differences: e = 2^t e', d = e' u^-1 mod 2^w
        u = (m >> t) & ((1 << w) - 1)
        uinv = pow(u, -1, 1 << w)
        lim = -(-wmax >> t)                  # |e'| < ceil(wmax / 2^t)
        ep = np.arange(-lim + 1, lim, dtype=np.int64)
        d = ep.view(np.uint64) * np.uint64(uinv)
        if w < 64:
            d &= np.uint64((1 << w) - 1)
        # d < dmax <= 2^w (K <= 2^(n - t)): one d for each e'
        ae = np.abs(ep) << np.int64(t)
        sel = np.nonzero((d >= 1) & (d < dmax) & (ae < wmax))[0]
        return list(zip(d[sel].tolist(), ae[sel].tolist()))
    d = np.arange(1, dmax, dtype=np.uint64)
    e = centred(d * np.uint64(m), n)
    ae = np.abs(e)
    sel = np.nonzero(ae < wmax)[0]
    return list(zip((sel + 1).tolist(), ae[sel].tolist()))


def worst(p, n, c):
    mask = (1 << n) - 1
    m = (c * p) & mask
    t = (c & -c).bit_length() - 1
    keybits = n - t
    tb = tables(n)
    jmax = min(tb[-1] + 3, keybits)
    best = (0.0, 0, 0)
    if jmax < tb[0]:
        return best
    # small tables (wide buckets) need few keys; large ones narrow buckets
    cells = [(j, j - l) for j in range(tb[0], jmax + 1) for l in range(4)
             if j - l in tb]
    split = 12
    lo = [(j, b) for j, b in cells if b < split]
    hi = [(j, b) for j, b in cells if b >= split]
    for group in (lo, hi):
        if not group:
            continue
        dmax = max(1 << j for j, _ in group)
        wmax = max(1 << (n - b) for _, b in group)
        pr = pairs(m, n, t, dmax, wmax)
        for j, b in group:
            K, W = 1 << j, 1 << (n - b)
            S = sum((K - d) * (W - a) for d, a in pr if d < K and a < W)
            r = ratio(K + 2 * S / W, K, b)
            if r > best[0]:
                best = (r, b, 1 << (j - b))
    return best


def counted(p, n, c, b, K):
    mask = (1 << n) - 1
    k = np.arange(K, dtype=np.uint64)
    h = ((k * np.uint64((c * p) & mask)) & np.uint64(mask)) >> np.uint64(n - b) \
        if n < 64 else (k * np.uint64((c * p) & mask)) >> np.uint64(64 - b)
    loads = np.bincount(h.astype(np.int64), minlength=1 << b).astype(float)
    return ratio(float((loads * loads).sum()), K, b)


if __name__ == "__main__":
    a = sys.argv[1:]
    if a[0] == "worst":
        r, b, l = worst(int(a[1], 0), int(a[2]), int(a[3], 0))
        print("%.6f %d %d" % (r, b, l))
    elif a[0] == "map":
        p, n = int(a[1], 0), int(a[2])
        for c in map_set():
            r, b, l = worst(p, n, c)
            print("%d %.6f %d %d" % (c, r, b, l))
    elif a[0] == "counted":
        print("%.6f" % counted(int(a[1], 0), int(a[2]), int(a[3], 0),
                               int(a[4]), int(a[5], 0)))
    else:
        sys.exit("usage: stride_brute.py worst|map|counted ...")
