#!/bin/bash
# cfx search --adders A against an independent brute force (python3):
# every shift/add graph of mcm.h's model, node = (a << sa) +- (b << sb)
# mod 2^N with one of sa, sb zero and every node odd, output +-node,
# built node by node; each odd constant keeps its fewest nodes, then its
# least depth.  The window |p/2^N - t| <= 2^-W is decided exactly
# (fractions; 1/phi to 80 digits).  For each case the set of candidates
# (value, adders, depth), `found`, and --prime (trial division) must
# agree.
set -u
cd "$(dirname "$0")/../.." || exit 2
exec python3 - "$PWD/cfx" <<'PY'
import json, subprocess, sys
from decimal import Decimal, getcontext
from fractions import Fraction

getcontext().prec = 80
CFX = sys.argv[1]

def costs(n, amax):
    m = (1 << n) - 1
    best = {}
    def note(v, k, d):
        for x in (v & m, (-v) & m):
            if x not in best or (k, d) < best[x]:
                best[x] = (k, d)
    note(1, 0, 0)
    level = {((1, 0),)}
    for k in range(1, amax + 1):
        nxt = set()
        for R in level:
            for (a, da) in R:
                for (b, db) in R:
                    d = 1 + max(da, db)
                    for sa in range(n):
                        for sb in range(n):
                            if sa and sb:
                                continue
                            x, y = (a << sa) & m, (b << sb) & m
                            for v in ((x + y) & m, (x - y) & m):
                                if v & 1:
                                    note(v, k, d)
                                    if k < amax:
                                        nxt.add(tuple(sorted(set(R) | {(v, d)})))
        level = nxt
    return best

def in_window(p, n, w, near):
    if near is None:
        t = (Decimal(5).sqrt() - 1) / 2
        return abs(Decimal(p) / 2 ** n - t) <= Decimal(2) ** -w
    return abs(Fraction(p, 2 ** n) - Fraction(near)) <= Fraction(1, 2 ** w)

def prime(p):
    return p > 1 and all(p % q for q in range(2, int(p ** 0.5) + 1))

CASES = [  # bits, adders, window, near, primes
    (12, 0, 1, "1/2", False), (12, 1, 2, None, False),
    (12, 2, 1, None, False), (12, 3, 1, None, False),
    (12, 3, 4, None, False), (12, 3, 3, "3/7", False),
    (12, 3, 2, "1/3", True), (12, 2, 2, "5/6", False),
    (10, 3, 2, "1/3", False), (14, 3, 5, None, False),
    (14, 3, 3, "2/5", True),
]
tables = {}
passed = failed = 0
for n, a, w, near, primes in CASES:
    if n not in tables:
        tables[n] = costs(n, 3)
    want = {p: c for p, c in tables[n].items()
            if c[0] <= a and in_window(p, n, w, near) and (not primes or prime(p))}
    args = [CFX, "search", "--bits", str(n), "--adders", str(a), "--window",
            str(w), "--screen", "none", "--top", "10000", "--json"]
    args += ["--near", near] if near else []
    args += ["--prime"] if primes else []
    r = subprocess.run(args, capture_output=True, text=True)
    try:
        d = json.loads(r.stdout)
        got = {int(c["value"]): (c["adders"], c["depth"]) for c in d["candidates"]}
        exact = all(c["adders_exact"] and c["depth_least"] for c in d["candidates"])
        ok = (r.returncode == 0 and got == want and d["found"] == len(want)
              and exact and d["adders"] == a)
    except (ValueError, KeyError) as e:
        ok, got = False, {}
        print("  bad output:", e, r.stderr.strip())
    label = "n %d A %d W %d near %s%s: %d constants" % (
        n, a, w, near or "1/phi", " primes" if primes else "", len(want))
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", label, "missing", sorted(set(want) - set(got))[:8],
              "extra", sorted(set(got) - set(want))[:8], "differ",
              [(p, want[p], got[p]) for p in want if p in got and want[p] != got[p]][:8])
# a case with something to find: the oracle's table is not empty
ok = sum(1 for c in tables[12].values() if c[0] == 3) > 100
passed, failed = passed + ok, failed + (not ok)
print("%d passed, %d failed" % (passed, failed))
sys.exit(failed != 0)
PY
