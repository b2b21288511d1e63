# lib_naf.py - the NAF of an integer, by the textbook rule (a digit
# 2 - (x mod 4) where x is odd), the oracle of tests/review's power-sum
# checks: naf(p) is its digits [(k, z)], z = +1 or -1, lowest k first,
# checked to sum to p with no two adjacent (imported by the suites'
# python: sys.path.insert(0, "tests/review")).


def naf(p):
    d, x, k = [], p, 0
    while x:
        if x & 1:
            z = 2 - (x & 3)
            d.append((k, z))
            x -= z
        x >>= 1
        k += 1
    assert sum(z << k for k, z in d) == p
    assert all(b[0] - a[0] >= 2 for a, b in zip(d, d[1:]))
    return d
