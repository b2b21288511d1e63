"""Shared pieces of the python parts of tests/cli/width_*.sh.

check(ok, name, detail) prints "ok   name" or "FAIL name" (and the
detail under a failure) and counts the failures in failed(); word(p) is
cfx's automatic word size for the constant p, written from the rule
(PRODUCT.md: 32, 64, then multiples of 64), not from cfx's code."""

_bad = 0


def check(ok, name, detail=""):
    global _bad
    print(("ok   " if ok else "FAIL ") + name)
    if not ok:
        _bad += 1
        if detail:
            print(detail)
    return ok


def failed():
    return _bad


def word(p):
    b = max(p.bit_length(), 1)
    return 32 if b <= 32 else 64 if b <= 64 else (b + 63) // 64 * 64
