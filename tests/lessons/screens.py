#!/usr/bin/env python3
"""Every prediction of every lesson, played in a terminal (tmux), in the
REPL's face (cfx learn N) and the dashboard's (cfx dash --learn N): while
the step waits for the learner's answer, nothing on the screen may show
it: not the lesson's own output, not an earlier step's output still on
the screen, not a panel, not the output pane; also after the learner runs
the line the previous step's reveal suggested ("See it for yourself").

The answers are computed here, independently of cfx: Euclid and
convergents with python's fractions, gaps by sorting the points, bucket
loads by brute force, NAFs by the textbook algorithm, pi by PARI/GP.
Each becomes the texts a screen would show it as (the number in decimal
and hex, a fraction, a quotient list as cf and the CF panel write it, a
verdict beside its figure).  Run by screens.sh (tmux socket and state
directory from tests/lib/tmux.sh).  SCREENS_ONLY=NN limits it to one
lesson, SCREENS_FACE=repl|dash to one face, SCREENS_SIZES=WxH[,WxH] the
terminal's sizes (tests/lessons/dash80.sh: the dashboard at 80x24).  In
the dashboard a step's own `solution: answer X` is looked for too.
Under CHECK_SAMPLE=K (tests/lib/sample.py) one lesson in K is played in
each face, from offset SCREENS_SAMPLE_AT (0; dash80.sh 3) on."""
import os
import re
import subprocess
import sys
import time
from collections import Counter
from fractions import Fraction as Fr

import lessonfile
import sample
import twoway
from cfmath import cf, convergents   # noqa: F401 (used by answers())
from lessonfile import bad, joined, ok

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# the lessons read (SCREENS_LESSONS: another copy, for screens_refuses.sh)
LESSONS = os.environ.get("SCREENS_LESSONS") or os.path.join(ROOT, "lessons")
SOCK = os.environ["TM_SOCK"]
TMDIR = os.environ["TM_DIR"]
# ---- independent computations -------------------------------------------

def gaps(p, n, k):
    """The gap lengths (units 2^-n) between the points {j p / 2^n},
    j = 1..k, on the circle: {length: count}."""
    pts = sorted(j * p % 2**n for j in range(1, k + 1))
    g = [b - a for a, b in zip(pts, pts[1:])] + [pts[0] + 2**n - pts[-1]]
    return Counter(g)


def loads(p, n, b, keys):
    return Counter((k * p % 2**n) >> (n - b) for k in keys)


def ratio_r(p, n, b, keys):
    """score's R: probes a key over a random hash's 1 + (K-1)/(2m)."""
    c = loads(p, n, b, keys)
    K, m = len(keys), 2**b
    cost = Fr(sum(v * (v + 1) for v in c.values()), 2 * K)
    return cost / (1 + Fr(K - 1, 2 * m))


def naf(n):
    d = []
    while n:
        if n & 1:
            z = 2 - n % 4
            n -= z
        else:
            z = 0
        d.append(z)
        n //= 2
    return d


def golden(n):
    """round(2^n/phi): the integer m nearest 2^n (sqrt 5 - 1)/2."""
    from math import isqrt
    s = isqrt(5 * 4**n * 4**8)      # 2^(n+8) sqrt 5, floored
    return (s - 2**(n + 8) + 2**8) >> 9


def gp(expr):
    return subprocess.run(["gp", "-q", "-f"], input=expr + "\n",
                          capture_output=True, text=True).stdout.strip()


def cf_texts(q, first=None):
    """A quotient list as cf prints it and as the CF panel does (a run of
    4 or more equal quotients as "1 (x20)", "×" in UTF-8), as far as
    `first` terms (a run reaching that end may go on past it)."""
    q = q[:first] if first else q
    plain = "%d; %s" % (q[0], ", ".join(map(str, q[1:])))
    runs, i = [], 1
    while i < len(q):
        j = i
        while j < len(q) and q[j] == q[i]:
            j += 1
        if j - i >= 4:
            # a run reaching the cut goes on for at least j - i terms: a
            # shorter run ("1 (x4)" of cf 8/13 against six 1s) is no leak
            n = j - i
            more = ((r"(?:[%d-9]|[1-9]\d+)" % n if n < 10 else r"[1-9]\d+")
                    if first and j == len(q) else "%d" % n)
            runs.append(r"%d \([x\u00d7]%s" % (q[i], more))
            break
        runs.append(str(q[i]))
        i += 1
    return [re.escape(plain), r"%d; %s" % (q[0], ", ".join(runs))]


def num(v):
    """A whole number as a word, in decimal."""
    return r"(?<![0-9.])%d(?![0-9])" % v


def hexnum(v):
    return r"(?i)0x0*%x\b" % v


# ---- the answers: (lesson prefix, step) -> texts that would give it away

def answers():
    A = {}
    P = 0x9e370001
    G64 = 0x61C8864680B583EB
    A["01", 2] = cf_texts(cf(Fr(8, 13)))
    A["01", 3] = cf_texts(cf(Fr(5, 8)))
    q9e = cf(Fr(P, 2**32))
    A["01", 4] = cf_texts(q9e, 6)                       # a1 = 1 and beyond
    # how many quotients of 89/55 are 1: its expansion as cf writes it
    A["01", 5] = cf_texts(cf(Fr(89, 55)))
    # 13/8's third convergent, 1 + 1/(1 + 1/1)
    A["02", 1] = [r"\b%d ?/ ?%d\b" % convergents(cf(Fr(13, 8)))[2]]
    c = convergents([1, 1, 1, 1, 2, 3])[-1]
    A["02", 2] = [r"\b%d ?/ ?%d\b" % c]
    pi = [int(t) for t in gp("contfrac(Pi, 5)").strip("[]").split(",")]
    assert pi[4] == 292
    c = convergents(pi)[3]
    A["02", 3] = [r"\b%d ?/ ?%d\b" % c]
    A["02", 4] = [num(convergents(q9e)[12][1])]
    A["03", 1] = [r"\b%d ?/ ?%d\b" % convergents([1] * 15)[14]]
    A["03", 3] = [num(convergents([1] * 21)[20][1])]
    A["03", 4] = [num(convergents([1] + [2] * 5)[5][1])]

    def prefix(v, n=32):
        q = cf(Fr(v, 2**n))
        k = 1
        while k < len(q) and q[k] == 1:
            k += 1
        return k - 1
    A["03", 5] = [r"prefix %d\b" % prefix(golden(32)),
                  r"\([x\u00d7]%d\)" % prefix(golden(32))]

    # the longest of the gaps 4 points leave (units and the fraction
    # spectrum prints beside it)
    g4 = max(gaps(P, 32, 4))
    A["04", 1] = [num(g4), re.escape("%.5f" % (g4 / 2**32))]
    A["04", 2] = [num(min(gaps(P, 32, 9)))]
    A["04", 3] = [num(min(gaps(P, 32, 234)))]
    qs = convergents(q9e)
    # the next count after 13 with two lengths (brute force), as the
    # convergent 13/21 or spectrum's line for it
    nxt = next(k for k in range(14, 31) if len(gaps(P, 32, k)) == 2)
    assert nxt == qs[7][1] == 21
    A["04", 4] = [r"\b%d ?/ ?%d\b" % qs[7], r"k = 1\.\.%d\b[\s\S]*?gaps +2 "
                  r"lengths" % nxt]
    # which d make the two lengths at 21 points: ||d x|| 2^32 for d < 21
    def dist(d):
        r = d * P % 2**32
        return min(r, 2**32 - r)
    ds = sorted(d for d in range(1, nxt) if dist(d) in gaps(P, 32, nxt))
    assert ds == [8, 13]
    A["04", 5] = [r"\|\|%d x\|\| and \|\|%d x\|\|" % tuple(ds),
                  r"\b%d, %d\b" % tuple(ds), r"\b%d, %d\b" % tuple(ds[::-1])]
    # max/min at 377 = 233 + 144 points (step 3's reveal prints 234's)
    g377 = gaps(P, 32, 377)
    assert len(g377) == 2
    A["04", 6] = [r"(?<![0-9.])%s(?![0-9])" % re.escape(f % (max(g377) /
                                                          min(g377)))
                  for f in ("%.2f", "%.3f")]
    twos = [k for k in range(234, 1100) if len(gaps(P, 32, k)) == 2]
    A["04", 8] = [num(twos[2])]
    # the longer gap at the count after it (step 8's reveal prints 843's)
    A["04", 9] = [num(max(gaps(P, 32, twos[3])))]
    h2 = (2 * P % 2**32) >> 24
    # (a whole number: verify's "60.3% do better" is no h(2))
    A["05", 1] = [hexnum(h2), r"(?<![0-9.x])%d(?![0-9]|\.[0-9])" % h2]
    # the buckets of keys 1..8 in 2^3 buckets, as a list or as
    # spectrum --list's bucket column (k, point, floor, bucket)
    b8 = [(k * P % 2**32) >> 29 for k in range(1, 9)]
    A["05", 3] = [r"\b%s\b" % ",? ".join(map(str, b8)),
                  r"(?m)^ +1 +0\.\d+ +\d+ +%d\n +2 +0\.\d+ +\d+ +%d\n"
                  % tuple(b8[:2])]
    mx = max(loads(P, 32, 8, range(1024)).values())
    A["05", 4] = [r"max %d\b" % mx]
    # the share of the circle inside the 233 clumps of 1024 keys: the
    # short gaps, summed
    g1024 = gaps(P, 32, 1024)
    inside = sum(g * c for g, c in g1024.items() if g < 2**22)
    A["05", 5] = [r"(?<![0-9.])%s" % re.escape("%.3f" % (inside / 2**32))]
    g = golden(32)
    # the steps that were two-way: their numbers (twoway.py); lesson 6
    # step 1's also as golden(32)'s value beside its name, which says
    # which way 2^32/phi rounds (the prose quotes a0 = 2654435769 itself)
    for k, v in twoway.numbers(LESSONS).items():
        A[k] = twoway.patterns(k, v, LESSONS)
    A["06", 1] += [hexnum(g), r"%d \(32-bit" % g]
    pr = int(gp("precprime(%d)" % g))
    spf = next(d for d in range(2, 1000) if g % d == 0)
    # golden(32)/3 whole, in decimal or hex (score, shifts and the others
    # print it as their multiplier, 0x34bd2893: issue 24's trial)
    A["06", 2] = [num(g // spf), hexnum(g // spf),
                  r"\b%d ?\* ?%d\b" % (spf, g // spf)]
    A["06", 3] = [r"prefix %d\b" % prefix(pr)]
    A["06", 4] = cf_texts(cf(Fr(2**32 - g, 2**32)), 3)   # [0; 2, 1, ...
    # the golden prefix of the next prime above golden(32) (gp's
    # nextprime), and its quotients as far as the 3 that ends the 1s
    nx = int(gp("nextprime(%d)" % (g + 1)))
    A["06", 6] = [r"prefix %d\b" % prefix(nx), r"\([x\u00d7]%d\)" %
                  prefix(nx)] + cf_texts(cf(Fr(nx, 2**32)), prefix(nx) + 2)
    # at most how many of 2^10 buckets 1024 sequential keys reach: two
    # for each of the q_12 = 233 clumps (each narrower than a bucket, by
    # brute force), and the buckets they do reach are no more
    q12 = qs[12][1]
    wide = (-(-1024 // q12) - 1) * (q12 * P % 2**32)   # 4 steps of 233
    assert wide < 2**22 and len(loads(P, 32, 10, range(1024))) <= 2 * q12
    A["06", 5] = [num(2 * q12)]
    # chi^2 of a random hash in 2^16 buckets: its mean m - 1, as the
    # degrees of freedom score prints, or score's chi^2 line itself
    # (not search's "a_2 = 65535", a quotient of another constant)
    A["07", 3] = [r"chi\^2 +\d+(\.\d+)? on %d" % (2**16 - 1),
                  r"(?<!a_\d = )" + num(2**16 - 1)]
    A["07", 7] = [re.escape("%.4f" % ratio_r(P, 32, 16, range(2**18)))]
    # the effective multiplier for keys k 2^14: p mod 2^18 (the prose
    # works s = 12's 0x70001 out; s = 14's is the learner's)
    A["08", 1] = [hexnum(P % 2**18), num(P % 2**18)]
    # sparse:16's keys vary 3 of the 8 key bits the bucket mod 16 hears
    # from under 0x9e370001: buckets mod 16 reached (sparse_keys.sh finds
    # the positions by gsl's mt19937 in python), as score in 2^4 buckets
    # would print it with 0x70001000
    A["07", 10] = [r"2\^4 buckets\s*\nkeys[^\n]*\nloads +max \d+, empty %d\b"
                   % (16 - 8)]
    # x_5 of 0x70001/2^20, the rest of the expansion after 7/16 = q7[:5]:
    # x = [q7[0]; ..., q7[4], x_5], so x_5 = 1/(the fraction after a_4)
    q7 = cf(Fr(0x70001, 2**20))
    y = Fr(0x70001, 2**20)
    for a in q7[:5]:
        y = 1 / (y - a)
    A["08", 2] = [re.escape("%.4f" % y), r"(?<![\d.])%d ?/ ?%d(?![\d])"
                  % (y.numerator, y.denominator)]
    mx = max(loads(P, 32, 10, [k * 4096 for k in range(1024)]).values())
    A["08", 3] = [r"max %d\b" % mx, r"\b%d keys\b" % mx]
    A["08", 7] = [num(233)] if False else []
    # chi^2 of 1024 sequential keys in 2^8 buckets under 0x80000001,
    # from the loads (the prose names 0x9e370001's 43.5)
    c80 = loads(0x80000001, 32, 8, range(1024))
    x80 = sum(Fr((c80.get(b, 0) - 4)**2, 4) for b in range(256))
    assert x80.denominator == 1
    A["07", 1] = [r"chi\^2 +%d\b" % x80, num(x80)]
    # 2048 page addresses in 2^10 buckets: the buckets they reach, as
    # score's empty count
    u2048 = len(loads(P, 32, 10, [k * 4096 for k in range(2048)]))
    A["08", 4] = [r"empty %d\b" % (1024 - u2048)]
    # the buckets of 2^16 that 2^18 keys of stride 4096 reach under
    # 0x9e37fffffffc0001 (brute force), as score's empty count
    u9 = len(loads(0x9e37fffffffc0001, 64, 16,
                   [x << 12 for x in range(2**18)]))
    A["08", 9] = [r"empty %d\b" % (2**16 - u9)]
    # R at s = 18 for 1024 keys in 2^10 buckets, as sweep prints it
    r18 = ratio_r(P, 32, 10, [k << 18 for k in range(1024)])
    A["08", 6] = [r"(?<![0-9.])%s" % re.escape("%.2f" % r18),
                  r"(?<![0-9.])%s" % re.escape("%.3f" % r18)]
    # R if each of the 7037 clumps of 2^18 keys k 2^16 fell whole into
    # a bucket of 2^16 (q_11 of GOLDEN_RATIO_64 mod 2^48 by Euclid)
    q11 = convergents(cf(Fr(G64 % 2**48, 2**48)))[11][1]
    K = 2**18
    ld = [K // q11 + 1] * (K % q11) + [K // q11] * (q11 - K % q11)
    rc = Fr(sum(c * (c + 1) for c in ld), 2 * K) / (1 + Fr(K - 1, 2**17))
    # and the cell's own R (brute force), which the reveal prints: seen
    # before the answer, it would anchor the estimate
    r1 = ratio_r(G64, 64, 16, [k << 16 for k in range(K)])
    A["09", 1] = [r"(?<![0-9.])%s" % re.escape("%.2f" % rc),
                  r"(?<![0-9.])%s" % re.escape("%.3f" % rc),
                  r"(?<![0-9.])%s" % re.escape("%.3f" % r1)]
    # the buckets of 2^14 that no key of 2^16 keys k 2^16 reaches (brute
    # force), as score's loads line prints it
    e14 = 2**14 - len(loads(G64, 64, 14, [k << 16 for k in range(2**16)]))
    A["09", 2] = [r"empty %d\b" % e14, num(e14)]
    A["09", 4] = []
    A["10", 1] = []
    w = lambda v: sum(1 for d in naf(v) if d)
    A["11", 1] = [r"NAF weight %d\b" % w(187), r"NAF %d \(" % w(187)]
    # L11 s2 asks of the 64-bit 2002 constant (lesson 10 printed the
    # 32-bit one's form)
    P64 = 0x9e37fffffffc0001
    A["11", 2] = [r"\b%d add/sub" % (w(P64) - 1),
                  r"\b%d additions or subtractions" % (w(P64) - 1)]
    d = naf(P)
    pos = [i for i, x in enumerate(d) if x]
    sh = max(b - a for a, b in zip(pos, pos[1:]))
    A["11", 3] = [r"<<=? ?%d\b(?!\|)" % sh]
    A["11", 4] = [r"\b%d add/sub" % (w(g) - 1),
                  r"\b%d additions or subtractions" % (w(g) - 1)]
    A["11", 5] = [r"NAF weight %d\b" % w(45), r"\b%d add/sub" % (w(45) - 1),
                  r"NAF %d \(" % w(45),
                  r"\b%d additions or subtractions" % (w(45) - 1)]
    A["12", 1] = [r"\b%d add/sub" % (w(2**32 - g) - 1),
                  r"\b%d additions or subtractions" % (w(2**32 - g) - 1)]
    # the adders of x * 129017 * 63 * 1015809 (= x * 0x61C88647 mod
    # 2^32): 3 + 1 + 2, the factors' signed powers of two less one each,
    # and one more where the last adds back its start; as shifts and
    # verify print a count of adders
    f = [129017, 63, 1015809]
    assert f[0] * f[1] * f[2] % 2**32 == 2**32 - g
    assert f[2] == 31 * 2**15 + 1
    a12 = (w(f[0]) - 1) + (w(f[1]) - 1) + (w(31) - 1) + 1
    A["12", 2] = [r"\b%d adders" % a12, r"\b%d add(/sub|ers)\b" % a12]
    return A


def sweep_row(shift, keys, max_load=None):
    """sweep's row for stride 2^shift and that many keys: its max column
    (or, without max_load, its R and verdict)."""
    m = r"%d " % max_load if max_load is not None else r"\S+ +\S+ +\w+"
    return r"(?m)^ ?%d +%d +\S+ +\S+ +%s" % (shift, keys, m)


def shifts_counts(ops):
    """shifts' count line: a additions and s subtractions, a + s = ops."""
    return "|".join(r"\b%d additions?, %d subtractions?" % (a, ops - a)
                    for a in range(ops + 1))


def more_answers(A):
    G64 = 0x61C8864680B583EB

    def dist(c):
        r = c * G64 % 2**64
        return min(r, 2**64 - r)
    worst = min(range(1, 257), key=dist)
    A["08", 7] = [num(worst)]
    # sweep's row for s = 12 too (the same 2^20 keys): chi^2 0
    A["09", 4] = [r"chi\^2 +0 on", "\u03c7\u00b2 0 on",
                  r"(?m)^ ?12 +%d +0 " % 2**20]
    # P * F for GOLDEN_RATIO_64's stride 2^16: the effective multiplier
    # p mod 2^48 on 48 bits, its largest quotient A among a_1..a_12, by
    # Gauss-Kuzmin P = 1 - (1 - log2(1 + 1/A))^12, F = 97
    from math import log2
    qe = cf(Fr(0x61C8864680B583EB % 2**48, 2**48))
    a12 = max(qe[1:13])
    pf = (1 - (1 - log2(1 + 1 / a12))**12) * 97
    assert a12 == 970 and round(pf, 1) == 1.7
    A["09", 6] = [r"(?<![0-9.])%s(?![0-9])" % re.escape("%.2f" % pf),
                  r"P ?\* ?F[^\n]*%s" % re.escape("%.1f" % pf)]
    # the verdicts beside the constant (the choices name all three words)
    A["10", 1] = [r"(?i)0x9e370001 \(32-bit\): FAIL", r"verify [^A-Za-z\n]*FAIL"]
    # 0x80000001 on random keys: score's verdict under its header
    A["07", 5] = [r"0x80000001 mod 2\^32\) >> 16[^\n]*\nkeys +random[\s\S]*?"
                  r"verdict +good"]
    # no stride bad at 2^16 buckets: every R below 2, by brute force; the
    # sweep's table or the dashboard's strip at b = 16 would say so
    P = 0x9e370001
    worstR = max(ratio_r(P, 32, 16, sorted({k << s & 0xffffffff
                                            for k in range(2**18)}))
                 for s in range(32))
    assert worstR < 2
    # at s = 12 in 2^16 buckets: the buckets one line k mod 16 covers and
    # the fullest bucket, by brute force; sweep's row, score's loads
    line = {(k * 4096 * P % 2**32) >> 16 for k in range(0, 2**18, 16)}
    c = loads(P, 32, 16, [k * 4096 for k in range(2**18)])
    assert (len(line), max(c.values())) == (16384, 4)
    A["08", 5] = [r"(?i)0x9e370001 \(32-bit\), 2\^16 buckets, keys k\*2\^s",
                  r"b=16: worst s=\d+ R [0-9.]+ (good|weak)",
                  sweep_row(12, 2**18, max(c.values())),
                  r"stride:4096: %d distinct[^\n]*\nloads +max %d\b"
                  % (2**18, max(c.values())), r"\b%d, %d\b"
                  % (len(line), max(c.values()))]
    # 45 = (2^2 + 1)(2^3 + 1) = 5 * 9
    assert (2**2 + 1) * (2**3 + 1) == 45
    A["11", 6] = [r"\(2\^2 ?\+ ?1\)", r"\(2\^3 ?\+ ?1\)", r"\b5 ?\* ?9\b",
                  r"\b9 ?\* ?5\b", r"\b5 and 9\b"]
    # lesson 13: A = 2^16 p mod 2^32; R if each y filled one bucket, and
    # as counted; the shortest (u, v) in the cube |u|, |v| < 32, |e| < 2^22
    # scaled alike (brute force); golden(32)'s verdict on that line
    A13 = 2**16 * P % 2**32
    A["13", 1] = [hexnum(A13), num(A13)]
    worst = Fr(33, 2) / (1 + Fr(1023, 2048))
    counted = ratio_r(P, 32, 10, [x << 16 | y for x in range(32)
                                  for y in range(32)])
    A["13", 4] = [re.escape("%.2f" % worst), re.escape("%.2f" % counted)]

    def norm(u, v):
        e = (u * A13 + v * P) % 2**32
        e = min(e, 2**32 - e)
        return max(abs(u) / 32, abs(v) / 32, e / 2**22)
    u, v = min(((u, v) for u in range(0, 32) for v in range(-31, 32)
                if (u, v) > (0, 0)), key=lambda t: norm(*t))
    A["13", 3] = [r"vector\s+\(%d, ?%d\)" % (u, v)]
    # lesson 14 (review of the 2002 patch): the trailing 0 named; the
    # 64-bit golden prefix (python); the first s with p mod 2^(32 - s) = 1
    # (step 4, the sequence's multiplier after three lines: twoway.py)
    q64 = cf(Fr(0x9e37fffffffc0001, 2**64))
    g64 = next(k for k in range(1, len(q64)) if q64[k] != 1) - 1
    s14 = next(s for s in range(32) if P % 2**(32 - s) == 1)
    A["14", 1] = [r"ends with a term 0"]
    # q_15, the convergent before the huge quotient: 0x9e38/2^16 reduced
    q15 = convergents(q64)[15][1]
    assert Fr(0x9e38, 2**16).denominator == q15 == 8192
    p15 = convergents(q64)[15][0]
    A["14", 2] = [r"\b%d ?/ ?%d\b" % (p15, q15), r"\bq(_15)? = %d\b" % q15,
                  r"\[%d, ?%d\]" % (p15, q15)]
    A["14", 3] = [r"worst stride 2\^%d\b" % s14, r"2\^%d: R [0-9.]+ at" % s14,
                  r"worst +s = %d:" % s14]
    # the odd neighbours of golden(64): each one's distance from 1/phi
    # as cf prints it says which is nearer
    A["06", 7].append(r"\|x-1/phi\|[^\n]*2\^-6[34]\.\d")
    A["12", 7] = [r"\b%d degrees of freedom" % (2 * 5 - 2), r"dof %d\b" % 8]
    # what other commands print of the same answer: sweep's rows (s, keys,
    # max), shifts' counts (additions + subtractions), the code's shifts
    A["05", 4].append(sweep_row(0, 1024, max(loads(P, 32, 8,
                                                   range(1024)).values())))
    A["08", 3].append(sweep_row(12, 1024, max(loads(
        P, 32, 10, [k * 4096 for k in range(1024)]).values())))
    w = lambda v: sum(1 for d in naf(v) if d)

    def power_sum(v):
        """The NAF of v as a sum, as naf and verify print it."""
        t = [(e, d) for e, d in enumerate(naf(v)) if d][::-1]
        out = ("-" if t[0][1] < 0 else "") + ("2^%d" % t[0][0] if t[0][0]
                                              else "1")
        for e, d in t[1:]:
            out += (" - " if d < 0 else " + ") + ("2^%d" % e if e else "1")
        return out
    for tag, i, v in (("11", 1, 187), ("11", 2, 0x9e37fffffffc0001),
                      ("11", 4, golden(32)), ("11", 5, 45),
                      ("12", 1, 2**32 - golden(32))):
        ops = w(v) - 1
        A[tag, i].append(shifts_counts(ops))
        # verify's shift/add row ("6 shifts, 3 add, 3 sub") and the sum
        A[tag, i].append("|".join(r"\b%d add, %d sub\b" % (a, ops - a)
                                  for a in range(ops + 1)))
        # (L11 s2 gave the sum itself and asked for w - 1 from it; it
        # gives the binary now, and the sum is the answer's working)
        A[tag, i].append(r"= " + re.escape(power_sum(v)) +
                         r"(?![0-9^])")
    # verify's words for a quotient and a load, sweep's largest a_k, and
    # verify's R to three figures
    A["08", 2].append(r"a_5 = %d\b" % cf(Fr(0x70001, 2**20))[5])
    A["08", 3].append(r"max load %d\b" % max(loads(
        P, 32, 10, [k * 4096 for k in range(1024)]).values()))
    g32 = golden(32)
    pr = int(gp("precprime(%d)" % g32))
    qp = cf(Fr(pr, 2**32))
    run1 = next(k for k in range(1, len(qp)) if qp[k] != 1)
    A["06", 3].append(r"largest a_k: a_%d = " % run1)
    # sweep's row s = 0 (the multiplier itself): its largest early
    # quotient is a_21, so the run of 1s ends before golden(32)'s 22
    A["06", 3].append(r"(?m)^ ?0 +\d+ .*\ba_%d = " % run1)
    A["06", 4].append(r"a_1 = %d\b" % cf(Fr(2**32 - g32, 2**32))[1])
    A["10", 1].append(r"0x9e370001 replaces 2654435761: FAIL")
    # the three questions that were ask: steps (issue 24 B), now
    # predictions: the buckets 1024 keys k 2^8 fill under 0x61C80001 in
    # 2^10 (score's empty count, sweep's row for s = 8); the keys k 2^12
    # that share a bucket of 2^20 under 0x9e370001 (none: max 1); the
    # buckets of 2^16 the keys r < 2^16 of one block j fill (all: max 1,
    # empty 0, and sweep's row s = 0 for 2^16 keys); brute force
    used = len(loads(0x61C80001, 32, 10, [k << 8 for k in range(1024)]))
    assert used == 32
    A["10", 2] = [r"\bempty %d\b" % (1024 - used),
                  sweep_row(8, 1024, 1024 // used)]
    c = loads(P, 32, 20, [k << 12 for k in range(1024)])
    assert max(c.values()) == 1
    A["10", 4] = [r"max 1, empty %d\b" % (2**20 - len(c)),
                  sweep_row(12, 1024, 1)]
    c = loads(P, 32, 16, range(2**16))
    assert len(c) == 2**16 and max(c.values()) == 1
    A["07", 8] = [r"max 1, empty 0\b", sweep_row(0, 2**16, 1)]
    return A


# ---- the lessons ----------------------------------------------------------

def lessons():
    """[(tag, number, steps)], each step as this suite reads it: the
    text a learner reads while it waits (prose, question, hints), its
    explain, whether it predicts or is done in the dashboard, its try:,
    reveals:, refuses: and solution lines."""
    out = []
    for f, tag in lessonfile.lessons(LESSONS):
        steps = [{"predict": s["kind"] == "predict", "reveals": s["reveals"],
                  "sol": s["sols"], "explain": joined(s["explain"]),
                  "dash": s["face"] == "dash", "title": s["title"],
                  "try": s["try"], "refuses": s["refuses"],
                  "answer": s["answer"],
                  "text": joined(s["prose"] + s["question"] +
                                 [l for h in s["hints"] for l in h])}
                 for s in lessonfile.parse(os.path.join(LESSONS, f))["steps"]]
        out.append((tag, int(tag), steps))
    return out


# ---- a step's own answer (solution: answer X), for the dashboard ----------

def answer_value(text):
    """The exact value of an answer item, or None (a word, a rounding)."""
    if "." in text or re.search(r"[A-Za-z_]",
                                re.sub(r"0x[0-9a-fA-F]+", "", text)):
        return None
    e = re.sub(r"0x[0-9a-fA-F]+", lambda m: "Fr(%d)" % int(m.group(0), 16),
               text)
    e = re.sub(r"(?<![\w(])(\d+)(?![\w)])", r"Fr(\1)", e)
    return eval(e.replace("^", "**"), {"Fr": Fr})


def answer_patterns(v):
    """How a screen would show the exact value v: a whole number of 100
    or more in decimal and hex (a smaller one is everywhere), a fraction
    as p/q and, when it ends, as its decimal."""
    if v.denominator == 1:
        n = abs(v.numerator)
        return [r"(?<![\w.])%d(?![\d]|\.\d)" % n,
                r"(?i)(?<![\w.])0x0*%x\b" % n] if n >= 100 else []
    out = [r"(?<![\d.])%d ?/ ?%d(?![\d])" % (v.numerator, v.denominator)]
    q, k = v.denominator, 0
    while q % 2 == 0 or q % 5 == 0:
        q //= 2 if q % 2 == 0 else 5
        k += 1
    if q == 1:
        out.append(re.escape(("%.*f" % (k, v)).rstrip("0")))
    return out


def own_answer(answer):
    """The patterns of a step's solution: answer X[, Y...], evaluated
    here with exact fractions; none for a word or a rounded decimal."""
    vals = [answer_value(x.strip()) for x in (answer or "").split(",")
            if x.strip()]
    return [p for v in vals if v is not None for p in answer_patterns(v)]


# ---- the terminal -----------------------------------------------------------

def tm(*args, **kw):
    return subprocess.run(["tmux", "-L", SOCK] + list(args),
                          capture_output=True, text=True, **kw)


def screen():
    return tm("capture-pane", "-p", "-t", "t").stdout


def start(w, h, cmd):
    tm("kill-server")
    time.sleep(0.1)
    env = "env TERM=xterm-256color LC_ALL=C.UTF-8 CFX_LATENCY_LOG="
    r = tm("-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", str(w),
           "-y", str(h), "cd '%s' && %s %s; sleep 30" % (ROOT, env, cmd))
    if r.returncode:
        raise RuntimeError(r.stderr)


def settle(limit=20.0):
    """Wait until the screen has stayed the same for 0.4 s."""
    t0, last, same = time.time(), None, 0
    while time.time() - t0 < limit:
        s = screen()
        if s == last:
            same += 1
            if same >= 3:
                return s
        else:
            same = 0
        last = s
        time.sleep(0.1)
    return last


def wait(pat, limit=20.0):
    t0 = time.time()
    while time.time() - t0 < limit:
        s = screen()
        if re.search(pat, s):
            return s
        time.sleep(0.1)
    return None


def typeline(text, face):
    tm("send-keys", "-t", "t", "-l", (":" if face == "dash" else "") + text)
    tm("send-keys", "-t", "t", "Enter")


def scan(s, pats):
    for p in pats:
        m = re.search(p, s)
        if m:
            return m.group(0)
    return None


def play(face, w, h, tag, n, steps, A):
    tm("kill-server")           # no cfx left writing its progress
    time.sleep(0.1)
    subprocess.run(["rm", "-rf", os.path.join(TMDIR, "state")])
    if face == "dash":
        start(w, h, "./cfx dash --learn %d" % n)
    else:
        start(w, h, "./cfx learn %d" % n)
    if not wait(r"[Ss]tep 1 of", 10):
        bad("%s lesson %s: step 1 never came" % (face, tag), screen())
        return
    settle()
    for i, st in enumerate(steps, 1):
        where = "%s %dx%d lesson %s step %d" % (face, w, h, tag, i)
        if st["dash"] and face == "repl":
            continue
        if st["predict"]:
            pats = A.get((tag, i))
            if pats is None:
                bad("%s: no independent answer to scan for" % where)
            else:
                # in the dashboard, whose panels show other quantities
                # beside the lesson, its solution: answer too (lesson 8
                # step 2's a_5 = 4095 beside the buckets panel's "4095
                # dof", once)
                pats = pats + (own_answer(st["answer"]) if face == "dash"
                               else [])
                s = settle()
                hit = scan(s, pats)
                if hit:
                    bad("%s: the answer shows ('%s') before it is given"
                        % (where, hit), s)
                prev = steps[i - 2] if i > 1 else None
                if not hit and prev and prev["predict"] and prev["reveals"]:
                    typeline(prev["reveals"][0], face)
                    s = settle()
                    hit = scan(s, pats)
                    if hit:
                        bad("%s: after the previous step's '%s' the answer"
                            " shows ('%s')" % (where, prev["reveals"][0],
                                               hit), s)
                if not hit:
                    ok("%s: '%s' hides its answer" % (where, st["title"]))
        for k, line in enumerate(st["sol"]):
            # the dashboard runs one verify or search at a time and
            # refuses another while one runs (the previous step's reveal
            # line, typed above, may still be running): type it again
            # once that one is done, as a learner would
            busy = "is still running; one at a time"
            for _ in range(60):
                before = screen().count(busy)
                typeline(line, face)
                if face != "dash" or settle().count(busy) <= before:
                    break
                time.sleep(2)
            if k + 1 < len(st["sol"]):
                settle(30)
        nxt = i + 1
        while nxt <= len(steps) and face == "repl" and steps[nxt - 1]["dash"]:
            nxt += 1
        if nxt <= len(steps) and not wait(r"[Ss]tep %d of" % nxt, 90):
            bad("%s: step %d never came" % (where, nxt), screen())
            return


# ---- what the other commands print ---------------------------------------

WORDS = ["cf", "naf", "shifts", "spectrum", "score", "sweep", "verify"]
# the session's calculator: set const X and let a = X, then show, which
# prints ans and a with their values (the engine refuses show with naf:
# lesson.c's lesson_step_refuses); and search, which takes no operand
# (its default target is 1/phi: golden prefixes, quotients, verdicts)
SHOW = "show after set const "
OPERANDLESS = ["search", "search --bits 64"]
# lines a learner waiting at a step would think of that the rule below
# does not make: the keys the prose names (08 s5), a table size of its
# own (09 s2's one size, 14 s3's small table)
PROBES = {("06", 2): ["cf golden(32) / 3 --value"] +
          # the number the refused reveal (naf golden(32) / 3) is there
          # to show, through every command that prints its multiplier
          # (issue 24's trial: score golden(32) / 3 -t 1 -c 1)
          ["%s golden(32) / 3" % w for w in ("shifts", "spectrum", "sweep",
                                             "verify")] +
          ["score golden(32) / 3 -t 1 -c 1"],
          ("08", 5): ["score 0x9e370001 -k stride:4096 -t 16 -c 2^18"],
          ("08", 6): ["score 0x9e370001 -k stride:262144 -t 10 -c 1024"],
          ("09", 2): ["verify 0x61C8864680B583EB -t 14"],
          ("14", 3): ["sweep 0x9e370001 -t 6"]}
OPTION = re.compile(r"^--?[A-Za-z]")
_out = {}


def _cache_path(line):
    """Where what `cfx LINE` printed is kept for the other suites of the
    same make check (screens_refuses.sh and dash80.sh ask many of the
    same lines): a file under build/tests/, named by the line and by the
    cfx binary's size and time (a relinked cfx starts afresh; make clean
    removes them)."""
    import hashlib
    st = os.stat(os.path.join(ROOT, "cfx"))
    d = os.path.join(ROOT, "build", "tests", "screens-outputs",
                     "%d-%d" % (st.st_size, st.st_mtime_ns))
    return os.path.join(d, hashlib.sha1(line.encode()).hexdigest())


def output(line):
    """What `cfx LINE` prints (stdout and stderr), once per line.  A
    line "show after set const X; let a = X" is the calculator the
    session words make: the three lines typed into the REPL."""
    if line in _out:
        return _out[line]
    path = _cache_path(line)
    try:
        with open(path) as f:
            _out[line] = f.read()
        return _out[line]
    except OSError:
        pass
    if line.startswith(SHOW):
        x = line[len(SHOW):].split("; let a = ")[0]
        r = subprocess.run([os.path.join(ROOT, "cfx")], input="set const"
                           " %s\nlet a = %s\nshow\n" % (x, x),
                           capture_output=True, text=True, cwd=ROOT,
                           timeout=120)
    else:
        # review NAME.patch reads the lesson directory's patch, as the
        # engine has it
        argv = [re.sub(r"^(\w[\w.-]*\.patch)$", r"lessons/\1", a)
                if line.startswith("review ") else a for a in line.split()]
        r = subprocess.run([os.path.join(ROOT, "cfx")] + argv,
                           capture_output=True, text=True, cwd=ROOT,
                           timeout=120)
    _out[line] = r.stdout + r.stderr
    # kept whole or not at all (a file renamed into place)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = "%s.%d" % (path, os.getpid())
    with open(tmp, "w") as f:
        f.write(_out[line])
    os.replace(tmp, path)
    return _out[line]


def split_line(line):
    """A command line as (word, operand, options): the operand is every
    token before the first option (an expression may hold spaces)."""
    t = line.split()
    i = 1
    while i < len(t) and not OPTION.match(t[i]):
        i += 1
    return t[0], " ".join(t[1:i]), " ".join(t[i:])


def allowed_lines(steps, i, tag=None):
    """The lines a learner waiting at step i (1-based) may run: every
    line the lesson has shown so far (try:, a reveal's line, a solution
    typed), and every command on the operands of the step's own lines
    (verify X beside cf X: any of them may print the answer), less the
    commands the step's reveals: refuse.  The previous step's reveal
    line stays allowed (the engine lets it run)."""
    st = steps[i - 1]
    refused = {r.split()[0] for r in st["reveals"]} | set(st["refuses"])
    prev = [r for r in (steps[i - 2]["reveals"] if i > 1 else [])
            if r not in st["reveals"]]
    text = re.sub(r"\s", "", re.sub(r"\bmod\b", "%", st["text"]))
    shown = []
    for k, s in enumerate(steps[:i], 1):
        shown += [s["try"]] if s["try"] else []
        if k < i:
            shown += s["reveals"]
            shown += [x for x in s["sol"] if not x.startswith(("answer ",
                                                              "set "))]
    own = st["reveals"] + ([st["try"]] if st["try"] else [])
    shown += PROBES.get((tag, i), [])
    for line in own + [x for x in shown if x]:
        w, operand, opts = split_line(line)
        # a constant, or an expression the step names: a learner would
        # not think of typing another; the constants of the lines shown
        # before too (verify X beside a cf X of an earlier step), with
        # verify's --full
        if not operand or (not re.match(r"^[\w()]+$", operand) and
                           re.sub(r"\s", "", operand) not in text):
            continue
        for w2 in WORDS:
            shown.append("%s %s" % (w2, operand))
            if opts and line in own:
                shown.append("%s %s %s" % (w2, operand, opts))
                # less the key family, which sweep has none of (its keys
                # are k * 2^s): sweep X --count 2^20 beside score X
                # --keys stride:4096 --count 2^20
                fewer = re.sub(r"(^|\s)(-k|--keys)(=|\s+)\S+", "", opts).strip()
                if fewer != opts:
                    shown.append(("%s %s %s" % (w2, operand, fewer)).strip())
        shown.append("verify %s --full" % operand)
        shown.append("%s%s; let a = %s" % (SHOW, operand, operand))
    shown += OPERANDLESS
    if "naf" in refused:
        refused.add("show")
    out = []
    for line in shown:
        if not line or line in out or line.startswith("bench"):
            continue
        if line.split()[0] in refused and line not in prev:
            continue
        out.append(line)
    return out


def outputs_pass(tag, steps, A):
    """No waiting answer in what any allowed command prints."""
    for i, st in enumerate(steps, 1):
        if not st["predict"]:
            continue
        pats = A.get((tag, i))
        where = "outputs lesson %s step %d" % (tag, i)
        if not pats:
            if pats is None:
                bad("%s: no independent answer to scan for" % where)
            continue
        leaks = []
        for line in allowed_lines(steps, i, tag):
            if scan(line, pats):
                continue        # typing it needs the answer
            hit = scan(output(line), pats)
            if hit:
                leaks.append("%s ('%s')" % (line, hit))
        if leaks:
            bad("%s: while '%s' waits, the answer shows in: %s"
                % (where, st["title"], "; ".join(leaks)))
        else:
            ok("%s: '%s': no allowed command prints its answer"
               % (where, st["title"]))
        # the positive control: once answered, the step's reveals: lines
        # do print the answer as these patterns write it, so a pattern
        # that could never match (and a scan that could never fail) is
        # caught here
        # (a benchmark is not run here: the learner runs it; a reveal
        # line that holds the answer itself shows it by being typed)
        lines = [r for r in st["reveals"] if not r.startswith("bench ")]
        hit = scan("\n".join(lines + [output(r) for r in lines]), pats)
        # and what the step says when it is over (its explain:)
        hit = hit or scan(" ".join(st["explain"].split()), pats)
        if not lines and st["reveals"]:
            ok("%s: its reveal is a benchmark the learner runs" % where)
        elif hit:
            ok("%s: its reveal prints the answer ('%s')"
               % (where, " ".join(hit.split())[:60]))
        else:
            bad("%s: no answer pattern matches what its reveals: print "
                "(%s)" % (where, "; ".join(st["reveals"]) or "none"))


def needs_pass(tag, steps, A):
    """Every word a step refuses (refuses:) guards something: with it
    allowed, a line the learner would run prints the answer.  A word
    that prints nothing of it is refused for nothing."""
    for i, st in enumerate(steps, 1):
        if not st["predict"] or not st["refuses"]:
            continue
        pats = A.get((tag, i)) or []
        free = steps[:i - 1] + [dict(st, refuses=[])] + steps[i:]
        lines = allowed_lines(free, i, tag) + ["review 2002.patch"]
        where = "needs lesson %s step %d" % (tag, i)
        for w in st["refuses"]:
            if w == "bench":
                # a benchmark is not run here: lessons/bench_refused.sh
                # runs it at the steps that refuse it and finds the
                # adds/subs it prints
                ok("%s: refuses: bench (lessons/bench_refused.sh)" % where)
                continue
            cand = [l for l in lines if l.split()[0] == w and
                    not scan(l, pats)]
            hit = next(((l, h) for l, h in ((l, scan(output(l), pats))
                                             for l in cand) if h), None)
            if hit:
                ok("%s: refuses: %s guards '%s' ('%s')" % (
                    where, w, hit[0], " ".join(hit[1].split())[:50]))
            else:
                bad("%s: refuses: %s guards nothing: %s print no answer"
                    % (where, w, "; ".join(cand) or "no line"))


def all_answers():
    """answers() and more_answers(), computed once for this file's code
    (brute force, PARI/GP: seconds) and kept beside the outputs for the
    run's other calls of this script (screens_refuses.sh makes a dozen)."""
    import hashlib
    import json
    here = os.path.dirname(os.path.abspath(__file__))
    code = b"".join(open(os.path.join(here, f), "rb").read()
                    for f in ("screens.py", "cfmath.py", "lessonfile.py",
                              "twoway.py"))
    path = os.path.join(ROOT, "build", "tests", "screens-outputs",
                        "answers-" + hashlib.sha1(code).hexdigest())
    try:
        with open(path) as f:
            return {(t, i): v for t, i, v in json.load(f)}
    except (OSError, ValueError):
        pass
    A = more_answers(answers())
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = "%s.%d" % (path, os.getpid())
    with open(tmp, "w") as f:
        json.dump([[t, i, v] for (t, i), v in A.items()], f)
    os.replace(tmp, path)
    return A


def main():
    A = all_answers()
    passes = os.environ.get("SCREENS_PASS", "outputs needs screens").split()
    only = os.environ.get("SCREENS_ONLY")
    # screens.sh's own run: under CHECK_SAMPLE=K one lesson in K (each
    # line cfx runs under the sanitizers costs seconds); screens_refuses.sh
    # (SCREENS_PASS set) asks for every lesson's
    checked = [l[0] for l in lessons()] if "SCREENS_PASS" in os.environ \
        else [l[0] for l in sample.pick(lessons(), 0,
                                        "lessons/screens (outputs, needs)")]
    for tag, n, steps in lessons():
        if (only and tag != only) or (not only and tag not in checked):
            continue
        if "outputs" in passes:
            outputs_pass(tag, steps, A)
        if "needs" in passes:
            needs_pass(tag, steps, A)
    if "screens" not in passes:
        lessonfile.finish("lessons/screens")
    only = os.environ.get("SCREENS_ONLY")
    faces = os.environ.get("SCREENS_FACE", "repl dash").split()
    # every lesson in each face; under CHECK_SAMPLE=K one in K of them,
    # a different one in each face (tests/lib/sample.py)
    at = int(os.environ.get("SCREENS_SAMPLE_AT") or 0)   # dash80.sh: 3
    played = {face: [l[0] for l in sample.pick(
        lessons(), at + k, "lessons/screens (%s)" % face)]
        for k, face in enumerate(faces)}
    for tag, n, steps in lessons():
        if only and tag != only:
            continue
        for face in faces:
            if not only and tag not in played[face]:
                continue
            # the dashboard at 120x40 shows every panel and the output
            # pane (tests/dash/predict.sh also plays 80x24)
            sizes = [(100, 40)] if face == "repl" else [(120, 40)]
            if os.environ.get("SCREENS_SIZES"):    # dash80.sh: 80x24
                sizes = [tuple(map(int, x.split("x"))) for x in
                         os.environ["SCREENS_SIZES"].split(",")]
            for w, h in sizes:
                play(face, w, h, tag, n, steps, A)
    tm("kill-server")
    lessonfile.finish("lessons/screens")


# (two_way.sh imports the scan: the lines a step allows, their outputs)
if __name__ == "__main__":
    main()
