#!/usr/bin/python3
"""The numbers the man page's verify text states, recomputed here by
brute force (keys hashed and counted bucket by bucket, continued fractions
by Euclid's algorithm, Gauss-Kuzmin by its formula), never read from cfx.
Each claim is a regular expression on the man page (troff escapes
removed) with the value(s) it must show; a claim not found is a failure
too, so a rewording is noticed.  Usage: man_numbers.py MANTEXT; prints
"ok"/"FAIL" lines and ends with "N passed, N failed".
"""
import math, re, sys

man = open(sys.argv[1]).read()
passed = failed = 0


def check(what, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print("ok  ", what)
    else:
        failed += 1
        print("FAIL", what, detail)


def find(pattern):
    m = re.search(pattern, man)
    if not m:
        check("the man page says /%s/" % pattern, False, "(not found)")
    return m


def R(loads, K):
    """score.h: sum c(c+1)/2 over loads / (K(1 - 1/m) + K^2/m + K)/2."""
    m = len(loads)
    s = sum(c * (c + 1) / 2 for c in loads)
    return s / ((K * (1 - 1 / m) + K * K / m + K) / 2)


def cell(keys, p, n, b):
    loads = [0] * (1 << b)
    for k in keys:
        loads[((k * p) & ((1 << n) - 1)) >> (n - b)] += 1
    return R(loads, len(keys))


def tables(n):          # verify's default tables: 2^4..2^20, capped
    return [b for b in range(4, min(n, 20) + 1)]


def worst_stride(p, n, c):
    """Keys k c from 0: worst R over the default cells (K = load 2^b,
    load 1, 2, 4, 8; K at most the distinct keys)."""
    mask = (1 << n) - 1
    t = (c & -c).bit_length() - 1
    distinct = 1 << (n - t)
    best = (0, 0, 0)
    for b in tables(n):
        for load in (1, 2, 4, 8):
            K = load << b
            if K > distinct:
                continue
            r = cell([(k * c) & mask for k in range(K)], p, n, b)
            if r > best[0]:
                best = (r, b, load)
    return best


def cf(num, den, terms=8):
    out = []
    while den and len(out) < terms:
        out.append(num // den)
        num, den = den, num % den
    return out


def gk_places(u, w, K):
    """Quotients a_k (k >= 1) of u / 2^w whose q_(k-1) <= K."""
    num, den, q, qp, out = 1 << w, u, 1, 0, []
    while den and q <= K:
        a = num // den
        out.append(a)
        q, qp = a * q + qp, q
        num, den = den, num % den
    return out


def gk_tail(a, places):
    return 1 - (1 - math.log2(1 + 1 / a)) ** places


# -- small words: p = 3 at 10 bits --------------------------------------
m = find(r"at 10 bits p = 3 puts 16 sequential keys into 1 bucket of 16 "
         r"\(R ([0-9.]+)\), yet 1 multiplier in (\d+) does as badly")
if m:
    loads = [0] * 16
    for k in range(16):
        loads[(3 * k) >> 6] += 1
    check("p = 3, 10 bits: 16 keys in 1 bucket of 16", loads.count(16) == 1,
          str(loads))
    r = R(loads, 16)
    check("p = 3, 10 bits: R %.3f reads %s" % (r, m.group(1)),
          "%.1f" % r == m.group(1))
    A = cf(1 << 10, 3)[0]
    check("p = 3, 10 bits: a_1 = %d, 1 in %.1f (Gauss-Kuzmin) reads %s"
          % (A, 1 / math.log2(1 + 1 / A), m.group(2)),
          round(1 / math.log2(1 + 1 / A)) == int(m.group(2)))

# -- --bits 10 41: stride 5 as 205 ----------------------------------------
m = find(r"cfx verify --bits 10 41\"? has stride 5 at R ([0-9.]+) where "
         r"205 = 5 x 41 FAILs")
if m:
    r41 = worst_stride(41, 10, 5)
    r205 = worst_stride(205, 10, 1)
    check("41 at 10 bits: stride 5 worst R %.3f reads %s" % (r41[0],
          m.group(1)), "%.1f" % r41[0] == m.group(1))
    check("stride 5 of 41 is the sequential keys of 205 (%.4f, %.4f)"
          % (r41[0], r205[0]), abs(r41[0] - r205[0]) < 1e-12 and 5 * 41 == 205)

# -- golden at 10 bits ------------------------------------------------------
m = find(r"round\(2\^10/phi\) = (\d+) among them \(stride 5 at R ([0-9.]+); "
         r"its negation (\d+) at R ([0-9.]+)\)")
if m:
    g = round(1024 / ((1 + 5 ** 0.5) / 2))
    check("round(2^10/phi) = %d reads %s" % (g, m.group(1)),
          g == int(m.group(1)))
    check("its negation %d reads %s" % (1024 - g, m.group(3)),
          1024 - g == int(m.group(3)))
    for p, want in ((g, m.group(2)), (1024 - g, m.group(4))):
        r = worst_stride(p, 10, 5)[0]
        check("%d at 10 bits: stride 5 worst R %.4f reads %s" % (p, r, want),
              "%.2f" % r == want)

# -- size: 1 multiplier in 64 ------------------------------------------------
m = find(r"p or 2\^n - p is at most 2\^n/\(8 2\^b\) for the smallest table "
         r"2\^b.*?with the default tables that is 1 random multiplier in (\d+)")
if m:
    n, b = 32, 4
    small = (1 << n) >> (3 + b)          # p <= 2^n / (8 2^b), odd, or 2^n - p
    share = 2 * (small // 2) / (1 << (n - 1))
    check("size: odd p within 2^n/128 of 0 or 2^n: 1 in %g reads %s"
          % (1 / share, m.group(1)), round(1 / share) == int(m.group(1)))

# -- the 2002 primes ---------------------------------------------------------
m = find(r"0x9e370001 for keys k 2\^16 \(p mod 2\^16 = (\d+)\), "
         r"0x9e37fffffffc0001 for keys k 2\^13 \(p mod 2\^51 = 2\^51 - "
         r"2\^18 \+ 1, \[0; 1, (\d+), \.\.\.\]\)")
if m:
    check("0x9e370001 mod 2^16 = %d" % (0x9e370001 % (1 << 16)),
          0x9e370001 % (1 << 16) == int(m.group(1)))
    u = 0x9e37fffffffc0001 % (1 << 51)
    check("0x9e37fffffffc0001 mod 2^51 = 2^51 - 2^18 + 1",
          u == (1 << 51) - (1 << 18) + 1)
    q = cf(1 << 51, u, 3)
    check("(p mod 2^51)/2^51 = [0; %s, ...] reads [0; 1, %s, ...]"
          % (", ".join(map(str, q)), m.group(2)),
          q[0] == 1 and q[1] == int(m.group(2)))
m = find(r"0x9e370001 +stride 2\^16: keys k\*2\^16 hash like p mod 2\^16 = "
         r"0x1, +whose a_1 = (\d+)")
if m:
    check("p mod 2^16 = 1: a_1 of 1/2^16 = %d" % cf(1 << 16, 1)[0],
          cf(1 << 16, 1)[0] == int(m.group(1)))

# -- 0x9e3fc007ff800fff ------------------------------------------------------
m = find(r"0x9e3fc007ff800fff = 2\^63 \+ 2\^61 - 2\^57 \+ 2\^54 - 2\^46 \+ "
         r"2\^35 - 2\^23 \+ 2\^12 - 1 .*?worst cell still has R (\d+) \(keys "
         r"k 2\^29 at 2\^6 buckets: a quotient (\d+), which 1 random "
         r"multiplier in (\d+) has\)")
if m:
    p = 0x9e3fc007ff800fff
    check("0x9e3fc007ff800fff is its power sum",
          p == 2**63 + 2**61 - 2**57 + 2**54 - 2**46 + 2**35 - 2**23 + 2**12 - 1)
    mask = (1 << 64) - 1
    rs = [(cell([(k << 29) & mask for k in range(load << 6)], p, 64, 6), load)
          for load in (1, 2, 4, 8)]
    r, load = max(rs)
    check("keys k 2^29 at 2^6 buckets: worst R %.2f (x%d) reads %s"
          % (r, load, m.group(1)), round(r) == int(m.group(1)))
    u = p % (1 << 35)                     # k 2^29 p = k u 2^29 mod 2^64
    places = gk_places(u, 35, load << 6)
    A = max(places)
    check("u / 2^35 has quotient %d among the %d places with q <= %d"
          % (A, len(places), load << 6), A == int(m.group(2)))
    P = gk_tail(A, len(places))
    check("Gauss-Kuzmin: 1 in %.0f reads %s" % (1 / P, m.group(3)),
          abs(1 / P - int(m.group(3))) < 1)

# -- products of few adders --------------------------------------------------
m = find(r"0x8080202004040101 = \(2\^8 \+ 1\)\(2\^18 \+ 1\)\(2\^37 \+ 1\)")
if m:
    check("0x8080202004040101 = (2^8+1)(2^18+1)(2^37+1)",
          0x8080202004040101 == (2**8 + 1) * (2**18 + 1) * (2**37 + 1))
m = find(r"0x8080201ffbfbfeff = 2\^63 \+ 2\^55 \+ 2\^45 \+ 2\^37 - 2\^26 - "
         r"2\^18 - 2\^8 - 1")
if m:
    check("0x8080201ffbfbfeff is its power sum", 0x8080201ffbfbfeff ==
          2**63 + 2**55 + 2**45 + 2**37 - 2**26 - 2**18 - 2**8 - 1)
m = find(r"keys x<<37\|y at R (\d+)")
if m:
    # fields x<<37|y at 2^20 buckets, one key a bucket (the cell cfx
    # names), every split of its 2^20 keys into x < 2^i, y < 2^(20-i)
    # counted (numpy: 2^20 keys a split)
    import numpy as np
    p = np.uint64(0x8080202004040101)
    best = 0
    for xb in range(2, 19):
        x = np.arange(1 << xb, dtype=np.uint64)
        y = np.arange(1 << (20 - xb), dtype=np.uint64)
        keys = ((x[:, None] << np.uint64(37)) | y[None, :]).ravel()
        loads = np.bincount(((keys * p) >> np.uint64(44)).astype(np.int64),
                            minlength=1 << 20).astype(float)
        best = max(best, R(loads.tolist(), 1 << 20))
    check("0x8080202004040101: keys x<<37|y at 2^20 x1, worst split R %.1f "
          "reads %s" % (best, m.group(1)), round(best) == int(m.group(1)))

print("man_numbers: %d passed, %d failed" % (passed, failed))
sys.exit(failed != 0)
