"""The eight steps that were two-way (issue 24: a choice of two, or one
try among two words, passes half of those who guess) and the numbers
they ask for now, computed here with python's integers and fractions,
mpmath and GSL's generator remade in python, never read from cfx:
two_way.sh checks the lessons against them, screens.py scans what a
learner sees for them."""
import os
import re
from collections import Counter
from fractions import Fraction as Fr

import mpmath

from cfmath import cf, convergents, gsl_mt

# (lesson, step): the decimal places the question asks for (None: an
# exact number), and the old choices, by number and by word
STEPS = {
    ("06", 1): (3, "1 2"),
    ("06", 7): (2, "1 2"),
    ("07", 4): (0, "yes no"),
    ("10", 3): (None, "1 2 PASS FAIL"),
    ("12", 3): (None, "1 2 multiply adders"),
    ("12", 4): (None, "1 2 multiply adders"),
    ("13", 5): (None, "1 2 FAIL PASS"),
    ("14", 4): (None, "1 2 yes no"),
}


def patch_lines(lessons):
    """The shift/add lines of the 2002 patch beside the lessons: [(shift,
    sign)], in order."""
    text = open(os.path.join(lessons, "2002.patch")).read()
    return [(int(s), g) for s, g in
            re.findall(r"n <<= (\d+);\s*\+?\s*hash ([-+])= n;", text)]


def numbers(lessons):
    """{(lesson, step): the number}: an int, or an mpf where the step
    asks for a rounding."""
    mpmath.mp.dps = 60
    phi = (1 + mpmath.sqrt(5)) / 2
    V = {}
    # 6.1: 2^32/phi less its rounding; 6.7: the odd neighbour of the even
    # round(2^64/phi) nearer 2^64/phi, its distance
    x = mpmath.mpf(2)**32 / phi
    V["06", 1] = x - mpmath.nint(x)
    x = mpmath.mpf(2)**64 / phi
    g = int(mpmath.nint(x))
    assert g % 2 == 0
    V["06", 7] = min(abs(x - (g - 1)), abs(x - (g + 1)))
    # 7.4: 1000 times the p-value of score's random keys (random:1, 2^18
    # made, distinct ones kept, in 2^16 buckets under 0x9e370001): chi^2
    # from the loads, its upper tail on 65535 degrees by mpmath
    get = gsl_mt(1)
    keys = set()
    for _ in range(2**18):
        get()                        # the high word, cut by the 32 bits
        keys.add(get())
    m = 2**16
    c = Counter((k * 0x9e370001 % 2**32) >> 16 for k in keys)
    E = Fr(len(keys), m)
    chi = sum((v - E)**2 for v in c.values()) / E + (m - len(c)) * E
    p = mpmath.gammainc(mpmath.mpf(m - 1) / 2,
                        mpmath.mpf(chi.numerator) / chi.denominator / 2,
                        mpmath.inf, regularized=True)
    V["07", 4] = 1000 * p
    # 10.3: the mirror's step at golden(32)'s worst stride, 2584, a
    # Fibonacci number (q_17 of golden(32)/2^32, by Euclid)
    g32 = int(mpmath.nint(mpmath.mpf(2)**32 / phi))
    q17 = convergents(cf(Fr(g32, 2**32)))[17][1]
    assert q17 == 2584 and 2584 * g32 % 2**32 == 0xfff4a358
    V["10", 3] = q17 * (2**32 - g32) % 2**32
    # 12.3: the six-adder chain (lesson 12 step 2's factoring, checked
    # to multiply by 2^32 - golden(32)), a cycle for each shift and
    # adder, each started once its inputs are ready
    chain = [("t1", "x", 0, "-", "x", 3), ("t2", "t1", 0, "-", "x", 11),
             ("t3", "t2", 0, "+", "x", 17), ("t4", "t3", 6, "-", "t3", 0),
             ("t5", "t4", 5, "-", "t4", 0), ("h", "t5", 15, "+", "t4", 0)]
    val, ready = {"x": 1}, {"x": 0}
    for t, a, sa, op, b, sb in chain:
        va, vb = val[a] << sa, val[b] << sb
        val[t] = va + vb if op == "+" else va - vb
        ready[t] = max(ready[a] + (sa > 0), ready[b] + (sb > 0)) + 1
    assert val["h"] % 2**32 == 2**32 - g32 == 129017 * 63 * 1015809 % 2**32
    V["12", 3] = ready["h"]
    # 12.4: __mulsi3's loop over 0x61C88647: five instructions for each
    # bit up to the highest 1, one more for each 1
    c = 2**32 - g32
    V["12", 4] = 5 * c.bit_length() + bin(c).count("1")
    # 13.5: ||d x|| 2^32 for verify's vector (47, 14) under golden(32)
    r = (47 * 2**16 + 14) * g32 % 2**32
    V["13", 5] = min(r, 2**32 - r)
    # 14.4: the multiplier after the patch's first three shift lines
    # (and all six make 0x9e37fffffffc0001)
    seq, M, e = patch_lines(lessons), [1], 0
    for s, sign in seq:
        e += s
        M.append(M[-1] + (1 if sign == "+" else -1) * 2**e)
    assert len(seq) == 6 and M[6] == 0x9e37fffffffc0001
    V["14", 4] = M[3]
    return V


def num(v):
    """A whole number as a word, in decimal and in hex."""
    return [r"(?<![\w.^])%d(?![\d]|\.\d)" % v, r"(?i)(?<![\w.])0x0*%x\b" % v]


def patterns(key, v, lessons):
    """The texts that would give step key's answer v away on a screen."""
    places = STEPS[key][0]
    if key == ("06", 7):
        # to four places: the two asked for, 0.95, is an R verify prints
        # (byte 1 of golden(32)), and 0.952 another (stride 2^26)
        return [r"(?<![\d.])%s(?!\d)" % re.escape("%.4f" % v)]
    if places:
        return [r"(?<![\d.])%s(?!\d)" % re.escape("%.*f" % (k, v))
                for k in (places, places + 1)]
    if key == ("07", 4):
        # a count of 1000, or the share as a percentage (63 alone is
        # everywhere: a_7 = 63 in sweep, "26 to 63" in verify)
        n = int(mpmath.nint(v))
        return [r"(?<![\d.^])%d(\.\d+)?\s+(of|in|out of)\s+1000\b" % n,
                r"(?<![\d.])%s\d*\s*%%" % re.escape("%.1f" % (v / 10))]
    if key == ("12", 3):
        return [r"(?<![\d.])%d\s+cycles\b" % v]
    if key == ("14", 4):
        # as the tail of the NAF's sum (naf, verify, review print it)
        seq, e, terms = patch_lines(lessons)[:3], 0, []
        for s, sign in seq:
            e += s
            terms.insert(0, "%s 2^%d" % (sign, e))
        tail = " ".join(terms).lstrip("+ ") + " + 1"
        return num(v) + [re.escape(tail) + r"(?![0-9^])"]
    return num(v)
