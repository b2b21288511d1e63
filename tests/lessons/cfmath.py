"""Continued fractions with python's exact fractions, for the lesson
suites that compute answers independently of cfx (screens.py,
claims.sh): Euclid's quotients and the convergents; and GSL's mt19937,
the generator of cfx's random key families (sparse_keys.sh,
two_way.sh)."""
import random
from fractions import Fraction as Fr


def cf(x):
    """Euclid's quotients of the fraction x."""
    x, q = Fr(x), []
    while True:
        a = x.numerator // x.denominator
        q.append(a)
        x -= a
        if x == 0:
            return q
        x = 1 / x


def convergents(q):
    p0, q0, p1, q1 = 1, 0, q[0], 1
    out = [(p1, q1)]
    for a in q[1:]:
        p0, q0, p1, q1 = p1, q1, a * p1 + p0, a * q1 + q0
        out.append((p1, q1))
    return out


def gsl_mt(seed):
    """GSL's mt19937 seeded as gsl_rng_set does (python's own generator
    seeds by another rule): a function giving its 32-bit draws."""
    mt = [seed & 0xffffffff]
    for i in range(1, 624):
        mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & 0xffffffff)
    r = random.Random()
    r.setstate((3, tuple(mt + [624]), None))
    return lambda: r.getrandbits(32)
