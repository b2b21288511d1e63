"""Continued fractions with python's exact fractions, for the lesson
suites that compute answers independently of cfx (screens.py,
claims.sh): Euclid's quotients and the convergents."""
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
