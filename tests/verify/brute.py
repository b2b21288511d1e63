#!/usr/bin/env python3
"""Recompute every cell of `cfx verify --json` by brute force.

The keys of each family are rebuilt here from their definitions in
verify.h (not from cfx's code), hashed with Python's integers, counted
bucket by bucket for each cell (K = load * 2^b first keys), and chi^2, R
and the max load are compared with cfx's.  Usage: brute.py FILE.json
Prints "N cells checked" or raises.
"""
import json, sys

def scramble(x, w, seed):
    mul = [0xbf58476d1ce4e5b9, 0x94d049bb133111eb, 0xd6e8feb86659fd93]
    mask = (1 << w) - 1
    r = (w + 1) // 2
    x = (x + seed) & mask
    for m in mul:
        x ^= x >> r
        x = (x * m) & mask
    return x ^ (x >> r)

def zorder(i):
    x = y = 0
    for b in range(32):
        y |= ((i >> (2 * b)) & 1) << b
        x |= ((i >> (2 * b + 1)) & 1) << b
    return x, y

def keys_of(name, n, K):
    mask = (1 << n) - 1
    if name == "sequential":
        return [k for k in range(K)]
    if name.startswith("stride 2^"):
        s = int(name[9:]); return [(k << s) & mask for k in range(K)]
    if name.startswith("stride "):
        c = int(name[7:]); return [(k * c) & mask for k in range(K)]
    if name.startswith("start+k*"):
        c = int(name[8:]); k0 = 0x2545f4914f6cdd1d & mask
        return [(k0 + k * c) & mask for k in range(K)]
    if name.startswith("byte "):
        j = int(name[5:]); bg = 0x5851f42d4c957f2d & ~(0xff << (8 * j)) & mask
        return [(bg + (k << (8 * j))) & mask for k in range(K)]
    if name.startswith("fields x<<"):
        h = int(name[10:name.index("|")])
        return [((x << h) | y) & mask for x, y in map(zorder, range(K))]
    if name == "pointer+index":
        return [((scramble(x, n - 10, 0x9c6e4a6b1c2d3f05) << 10) + y) & mask
                for x, y in map(zorder, range(K))]
    if name.startswith("<= "):
        w = int(name[3]); v = sorted(k for k in range(0) )
        from itertools import combinations
        v = {0}
        for c in range(1, w + 1):
            for bits in combinations(range(n), c):
                v.add(sum(1 << b for b in bits))
        return sorted(v)[:K]
    raise ValueError(name)

o = json.load(open(sys.argv[1]))
p, n = int(o["value"]), o["bits"]
M = 1 << n
checked = 0
names = [f["name"] for f in o["battery"]]
for fam in o["battery"]:
    if not fam["cells"]:
        continue
    allkeys = keys_of(fam["name"], n, max(c["keys"] for c in fam["cells"]))
    assert len(set(allkeys)) == len(allkeys), (fam["name"], "keys not distinct")
    for c in fam["cells"]:
        b, K = c["table_bits"], c["keys"]
        assert K == c["load"] << b, c
        m = 1 << b
        loads = [0] * m
        for k in allkeys[:K]:
            loads[((k * p) % M) >> (n - b)] += 1
        E = K / m
        chi2 = sum((x - E) ** 2 / E for x in loads)
        R = sum(x * (x + 1) / 2 for x in loads) / ((K * (1 - 1 / m) + K * K / m + K) / 2)
        assert c["max_load"] == max(loads), (fam["name"], c, max(loads))
        assert abs(c["probe_ratio"] - R) <= 1e-9 * R, (fam["name"], c, R)
        assert abs(c["chi2"] - chi2) <= 1e-6 * max(1, chi2), (fam["name"], c, chi2)
        checked += 1
    worst = max(c["probe_ratio"] for c in fam["cells"])
    assert abs(fam["worst_probe_ratio"] - worst) <= 1e-12 * worst, fam["name"]
print(checked, "cells checked")
