#!/usr/bin/env python3
"""Review cfx verify's FAILs independently (doc/verify-fails.md).

usage: fails_review.py [--max-keys N] [--random M] BITS:HEX ...

For each constant, `./cfx verify --bits BITS --json --full HEX` is run and every
FAILing family is checked here, from the family's definition in verify.h,
not from cfx's code:
  * its worst cell (table 2^b, load l, K = l 2^b keys) is recounted key by
    key: R = sum c(c+1)/2 / ((K(1 - 1/m) + K^2/m + K)/2) and the max load;
  * for keys k c (sequential, strides, bytes) the continued fraction of
    the effective multiplier u p mod 2^(n-t) (c = 2^t u) is expanded with
    exact integers; its largest quotient a among the places whose
    q_(k-1) <= K, and P = 1 - (1 - log2(1 + 1/a))^J (Gauss-Kuzmin), the
    explanation, which must be the quotient cfx names;
  * R >= 2 and P F < 0.05 (F families and checks judged), P the share of
    random odd multipliers as bad that the row shows (the JSON's tail, the
    complement of its percentile), are checked, and cfx's R must agree;
  * the same cell for M random odd multipliers (Python's random, seed 7;
    fewer when the cell has many keys, at most 2^22 keys hashed): how
    many are as bad;
  * R over every table size at the worst cell's load (K <= --max-keys):
    where the family is practically bad (R >= 2).
Prints one line per FAIL (markdown table rows); exit 1 if any check fails.
"""
import json, math, random, re, subprocess, sys
from collections import Counter

def keys(name, n, K):
    """The first K keys of a family, and c for keys k c (else None)."""
    mask = (1 << n) - 1
    if name == "sequential":
        return range(K), 1
    m = re.fullmatch(r"stride 2\^(\d+)", name)
    if m:
        return [(k << int(m[1])) & mask for k in range(K)], 1 << int(m[1])
    m = re.fullmatch(r"stride (\d+)", name)
    if m:
        return [(k * int(m[1])) & mask for k in range(K)], int(m[1])
    m = re.fullmatch(r"start\+k\*(\d+)", name)
    if m:
        k0 = 0x2545f4914f6cdd1d & mask
        return [(k0 + k * int(m[1])) & mask for k in range(K)], int(m[1])
    m = re.fullmatch(r"byte (\d+)", name)
    if m:
        j = int(m[1])
        bg = 0x5851f42d4c957f2d & ~(0xff << (8 * j)) & mask
        return [(bg + (k << (8 * j))) & mask for k in range(K)], 1 << (8 * j)
    m = re.fullmatch(r"fields x<<(\d+)\|y", name)
    if m:
        out = []
        for i in range(K):   # Z-order: y from the even bits, x the odd
            x = sum(((i >> (2 * b + 1)) & 1) << b for b in range(16))
            y = sum(((i >> (2 * b)) & 1) << b for b in range(16))
            out.append(((x << int(m[1])) | y) & mask)
        return out, None
    raise SystemExit("fails_review: no definition here for " + name)

def cell(p, n, ks, b):
    mask = (1 << n) - 1
    c = Counter(((k * p) & mask) >> (n - b) for k in ks)
    K, m = len(ks), 1 << b
    cost = sum(v * (v + 1) / 2 for v in c.values())
    return cost / ((K * (1 - 1 / m) + K * K / m + K) / 2), max(c.values())

def explain(p, n, c, K):
    t = (c & -c).bit_length() - 1
    w, mult = n - t, ((c >> t) * p) % (1 << (n - t))
    num, den, q, qp, k, J, best = 1 << w, mult, 1, 0, 1, 0, (0, 0, 0)
    while den and q <= K:
        a, r = divmod(num, den)
        J += 1
        if a > best[0]:
            best = (a, k, q)
        q, qp, num, den, k = a * q + qp, q, den, r, k + 1
    a = best[0]
    P = 1 - (1 - math.log2(1 + 1 / a)) ** J if a > 1 else 1.0
    return w, mult, best, J, P, c >> t

def main():
    args, maxkeys, M = sys.argv[1:], 1 << 21, 2000
    while args and args[0].startswith("--"):
        if args[0] == "--max-keys":
            maxkeys = int(args[1])
        elif args[0] == "--random":
            M = int(args[1])
        args = args[2:]
    rng, bad = random.Random(7), 0
    for spec in args:
        n, hexp = spec.split(":")
        n, p = int(n), int(hexp, 16)
        o = json.loads(subprocess.run(["./cfx", "verify", "--bits", str(n),
                       "--json", "--full", hexp], capture_output=True, text=True).stdout)
        F = o["judged"]
        for f in o["battery"]:
            if f["status"] != "FAIL":
                continue
            w = max(f["cells"], key=lambda c: c["probe_ratio"])
            b, load, K = w["table_bits"], w["load"], w["keys"]
            ks, c = keys(f["name"], n, K)
            R, mx = cell(p, n, ks, b)
            ok = R >= 2 and abs(R / f["worst_probe_ratio"] - 1) < 1e-9
            why = f"R {R:.3g}, max load {mx} of mean {load}"
            if c is not None:
                tw, mult, (a, k, q), J, P, u = explain(p, n, c, K)
                # the explanation: the quotient cfx names, here by Euclid
                e = f.get("effective", {})
                ok = ok and (not e or (e.get("quotient") == str(a) and
                                       e.get("bits") == tw))
                why += (f"; {str(u) + ' ' if u > 1 else ''}p mod 2^{tw} = "
                        f"{mult:#x}: a_{k} = {a} after "
                        f"q = {q} (J = {J}), 1 in {1 / P:.3g} by Gauss-Kuzmin")
            # the verdict: the share of random odd multipliers as bad (the
            # row's "do better" complement), P F < 0.05
            as_bad = (100 - f["percentile"]) / 100 if f.get("percentile") is not None else None
            ok = ok and as_bad is not None and abs(f["tail"] - as_bad) <= 1e-9 \
                and f["tail"] * F < 0.05
            why += f"; cfx's share as bad {f['tail']:.2g}, P F = {f['tail'] * F:.2g}"
            m = min(M, (1 << 22) // K)   # at most 2^22 keys hashed here
            if m >= 100:
                worse = sum(cell(rng.getrandbits(n) | 1, n, ks, b)[0] >= R
                            for _ in range(m))
                why += f"; {worse} of {m} random odd p as bad in this cell"
            lo = [bb for bb in range(4, min(n, 20) + 1)
                  if load << bb <= min(maxkeys, f["keys"])]
            bb_bad = [bb for bb in lo if cell(p, n, keys(f["name"], n,
                      load << bb)[0], bb)[0] >= 2]
            if bb_bad:
                why += (f"; R >= 2 at x{load} for 2^{min(bb_bad)}..2^"
                        f"{max(bb_bad)} ({len(bb_bad)} of {len(lo)} sizes)")
            print(f"| {n} | {hexp} | {f['name']} | 2^{b} x{load} | {why} | "
                  f"{'ok' if ok else 'DISAGREES'} |", flush=True)
            bad += not ok
    sys.exit(1 if bad else 0)

main()
