#!/bin/bash
# The sentences of the lessons that an expert re-read found false or
# misleading (issue 24, hI point 1), held against numbers recomputed here
# from scratch: python's exact fractions for continued fractions, the
# NAF and the identity |x - p_k/q_k| = 1/(q_k (x_(k+1) q_k + q_(k-1))),
# brute force for gaps and bucket loads, PARI/GP for primality.  Each
# check finds its sentence in the lesson file (text joined, spaces
# collapsed) and compares the numbers it states; nothing is read from cfx.
. "$(dirname "$0")/lib.sh"
# no __pycache__ written into the tree by the imports below
export PYTHONDONTWRITEBYTECODE=1
export ROOT="$root"
primes=$(echo 'print(isprime(0x9e370001), " ", isprime(0x9e37fffffffc0001))' | gp -q -f)
export PRIMES="$primes"
python3 - <<'EOF'
import bisect, os, re, sys
from collections import Counter
from decimal import Decimal, getcontext
from fractions import Fraction as F

ROOT = os.environ["ROOT"]
sys.path.insert(0, os.path.join(ROOT, "tests", "lessons"))
import lessonfile                               # noqa: E402
from cfmath import cf as cfq, convergents as conv   # noqa: E402
from lessonfile import ok, bad                  # noqa: E402


def check(cond, msg, why=""):
    (ok if cond else bad)(msg + ("" if cond or not why else ": " + why))


def lesson(num):
    """The lesson's text, comments dropped, lines joined, spaces collapsed."""
    d = os.path.join(ROOT, "lessons")
    f = [x for x in os.listdir(d) if x.startswith(num + "-")][0]
    lines = [l for l in open(os.path.join(d, f), encoding="utf-8")
             if not l.startswith("#")]
    return " ".join(" ".join(lines).split())


def step(num, k):
    """Step k's text (1-based), from its step: line to the next."""
    return lesson(num).split("step: ")[k]


def naf_weight(n):
    w = 0
    while n:
        if n & 1:
            n -= 2 - (n & 3)
            w += 1
        n >>= 1
    return w


def gap_counts(p, upto, n=32):
    """{K: Counter of gap lengths} of the points k p mod 2^n, k = 1..K."""
    M, pts, cnt, out = 2 ** n, [], Counter(), {}
    for k in range(1, upto + 1):
        y = k * p % M
        if pts:
            i = bisect.bisect(pts, y)
            a = pts[i - 1] if i else pts[-1] - M
            b = pts[i] if i < len(pts) else pts[0] + M
            cnt[b - a] -= 1
            if not cnt[b - a]:
                del cnt[b - a]
            cnt[y - a] += 1
            cnt[b - y] += 1
        else:
            cnt[M] += 1
        pts.insert(bisect.bisect(pts, y), y)
        out[k] = Counter(cnt)
    return out


def table(p, keys, bits, n=32):
    """(empty buckets, R) of KEYS in 2^bits buckets, R as in lesson 7."""
    c = Counter((k * p % 2 ** n) >> (n - bits) for k in keys)
    K, m = len(keys), 2 ** bits
    r = F(sum(v * (v + 1) for v in c.values()), 2 * K) / (1 + F(K - 1, 2 * m))
    return m - len(c), r


WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
         "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
         "twelve": 12}
P = 0x9e370001
x = F(P, 2 ** 32)
q = cfq(x)
ones = 0
while q[1 + ones] == 1:
    ones += 1
print("python: 0x9e370001/2^32 = [%d; 1 (x%d), %d, ...]" % (q[0], ones, q[1 + ones]))

# ---- lesson 1 step 5: where the run of 1s starts --------------------------
s = step("01", 5)
m = re.search(r"(after a0 = (\d+) )?its expansion (begins with|has) (\w+) 1s", s)
if not m:
    bad("L01 s5: no sentence on the run of 1s of 0x9e370001's expansion")
elif m.group(3) == "begins with":
    bad("L01 s5: 'its expansion begins with %s 1s', but it begins with "
        "a0 = %d" % (m.group(4), q[0]))
else:
    check(int(m.group(2)) == q[0] and WORDS[m.group(4)] == ones,
          "L01 s5: after a0 = %s, %s 1s (python: a0 = %d, then %d ones)"
          % (m.group(2), m.group(4), q[0], ones))

# ---- lesson 3 step 5: the sqrt(8) bound is for irrational x ---------------
s = step("03", 5)
m = re.search(r"Every (irrational )?x whose quotients do not end in an "
              r"endless run of 1s even has infinitely many fractions", s)
# 13/8 = [1; 1, 1, 1, 2] ends in 2, yet no p/q other than 13/8 with
# q >= 3 is within 1/(sqrt(8) q^2): 8 q^4 (x - p/q)^2 < 1 fails for all
r = F(13, 8)
near = [(p, d) for d in range(1, 3001)
        for p in ((r * d).__floor__() + t for t in (0, 1))
        if F(p, d) != r and 8 * d ** 4 * (r - F(p, d)) ** 2 < 1]
getcontext().prec = 80
s2 = Decimal(2).sqrt()
pell = [(p, d) for p, d in conv(cfq(F(int(s2 * 10 ** 40), 10 ** 40)))[:30]
        if abs(s2 - Decimal(p) / d) * Decimal(8).sqrt() * d * d < 1]
print("python: 13/8 has %d fractions p/q (q <= 3000, q = %s) within "
      "1/(sqrt(8) q^2); sqrt(2) has %d among its first 30 convergents"
      % (len(near), sorted({d for _, d in near}), len(pell)))
if not m:
    bad("L03 s5: no sentence on the sqrt(8) bound")
else:
    check(m.group(1) is not None and not near and
          len(pell) >= 10,
          "L03 s5: the sqrt(8) bound is said of irrational x (13/8 ends in "
          "2 and has no such fraction; sqrt(2) has them for ever)",
          "said of every x, and the rational 13/8 is a counterexample")

# ---- lesson 5 step 4: the tiny gap arrives at 234 keys --------------------
g = gap_counts(P, 4400)
d233 = min(233 * P % 2 ** 32, 2 ** 32 - 233 * P % 2 ** 32)
first = min(k for k in g if min(g[k]) == d233)
s = step("05", 4)
m = re.search(r"left 0x9e370001 (at|after) (\d+) keys with a tiny gap, "
              r"\|\|233 x\|\| = (\d+)/2\^32", s)
if not m:
    bad("L05 s4: no sentence on the tiny gap lesson 4 left")
else:
    check(m.group(1) == "at" and int(m.group(2)) == first and
          int(m.group(3)) == d233,
          "L05 s4: %s %s keys, ||233 x|| = %s (python: the gap %d is "
          "first there at %d points)" % (m.group(1), m.group(2), m.group(3),
                                         d233, first))

# ---- lesson 5 step 5: the clumps meet at q_13 -----------------------------
c = conv(q)
q13 = c[13][1]
gaps = g[q13]
between = max(gaps)
s = step("05", 5)
m = re.search(r"[aA]t q_13 = 18 \* 233 \+ 144 = (\d+) points they meet(?::|\. "
              r"There) the (\d+) gaps between clumps are down to (\d+) units, hardly "
              r"more than the (\d+) inside them", s)
print("python: q_13 = %d; gaps there %s" % (q13, dict(gaps)))
if not m:
    bad("L05 s5: no sentence on where the clumps meet (the old one said "
        "they close up near 4368, after the even count 4338)")
else:
    check([int(v) for v in m.groups()] ==
          [q13, gaps[between], between, d233] and len(gaps) == 2 and
          between < 2 * d233,
          "L05 s5: the clumps meet at %s points, %s gaps of %s against %s"
          % m.groups())
empty, R = table(P, list(range(1024)), 10)
m = re.search(r"In 2\^10 buckets, each wider than any clump, (\d+) stay "
              r"empty \(R ([\d.]+)\)", s)
check(m is not None and int(m.group(1)) == empty and
      F(m.group(2)) == round(R, 3) and 4 * d233 < 2 ** 22,
      "L05 s5: in 2^10 buckets, each wider than a clump (4 * %d < 2^22), "
      "%d stay empty, R %.3f (python)" % (d233, empty, R),
      "the lesson says %s" % ((m.groups(),) if m else ("nothing of it",)))
m = re.search(r"(?:about|near) 2\^32 / 983273, (?:about )?(\d+) keys", s)
check(m is not None and int(m.group(1)) == round(F(2 ** 32, d233)),
      "L05 s5: the rough count 2^32/983273 = %.2f" % (2 ** 32 / d233))
share = F((1024 - 233) * d233, 2 ** 32)
check(re.search(r"= %s: 791 short gaps" % ("%.3f" % share), s) is not None
      and g[1024][d233] == 791,
      "L05 s5: (1024 - 233) * 983273 / 2^32 = %.3f, 791 short gaps (python)"
      % share)

# ---- lesson 6 step 5: seven signed powers of two --------------------------
s = step("06", 5)
m = re.search(r"searched sums of (\w+) (signed )?powers of two", s)
S64 = 0x9e37fffffffc0001
w = [naf_weight(P), naf_weight(S64)]
b = [bin(P).count("1"), bin(S64).count("1")]
print("python: NAF weights %s, binary weights %s; gp isprime: %s"
      % (w, b, os.environ["PRIMES"]))
if not m:
    bad("L06 s5: no sentence on what the 2002 search enumerated")
elif m.group(2):
    check(w == [WORDS[m.group(1)]] * 2 and os.environ["PRIMES"] == "1 1",
          "L06 s5: sums of %s signed powers of two, primes (python NAF, gp)"
          % m.group(1))
else:
    bad("L06 s5: 'sums of %s powers of two', but 0x9e370001 and "
        "0x9e37fffffffc0001 have %s ones: only with signs are they %s terms"
        % (m.group(1), " and ".join(map(str, b)), w[0]))

# ---- lesson 8 step 2: a_5 exactly ----------------------------------------
x8 = F(0x70001, 2 ** 20)
q8 = cfq(x8)
c8 = conv(q8)
assert c8[4] == (7, 16) and x8 - F(7, 16) == F(1, 2 ** 20)
# |x - p_4/q_4| = 1/(q_4 (x_5 q_4 + q_3)), solved for x_5
x5 = (1 / (x8 - F(7, 16)) / 16 - c8[3][1]) / 16
print("python: 0x70001/2^20 = %s, p_3/q_3 = %d/%d, x_5 = %s = %s"
      % (q8, c8[3][0], c8[3][1], x5, float(x5)))
s = step("08", 2)
ans = re.search(r"solution: answer (.+?) (?:claim|$)", s).group(1)
v = F(eval(ans.replace("^", "**")))
check(v == x5 and x5.__floor__() == q8[5] and v.denominator > 1,
      "L08 s2: the answer %s is x_5 = %s, not its whole part a_5 = %d "
      "(4095 dof is on the dashboard)" % (ans, float(x5), q8[5]),
      "it is %s" % v)
m = re.search(r"x_5 = \(2\^16 - 9\)/16 = ([\d.]+) and a_5 = (\d+)", s)
m3 = re.search(r"p_3/q_3 = (\d+)/(\d+)", s)
check(m is not None and m3 is not None and F(m.group(1)) == x5 and
      int(m.group(2)) == q8[5] and F(2 ** 16 - 9, 16) == x5 and
      (int(m3.group(1)), int(m3.group(2))) == c8[3],
      "L08 s2: the explanation's x_5 and a_5, and p_3/q_3 = %d/%d" % c8[3])

# ---- lesson 9 step 1: R of clumps whole in buckets, to two decimals -------
e = 0x61C8864680B583EB % 2 ** 48
q9 = cfq(F(e, 2 ** 48))
c9 = conv(q9)
Q = c9[11][1]
big, rest = divmod(2 ** 18, Q)
R9 = (F(rest * (big + 1) * (big + 2) + (Q - rest) * big * (big + 1), 2)
      / 2 ** 18 / (1 + F(2 ** 18 - 1, 2 ** 17)))
s = step("09", 1)
ans = re.search(r"solution: answer (\S+)", s).group(1)
print("python: q_11 = %d, a_12 = %d; 2^18 = %d * %d + %d; R = %.4f"
      % (Q, q9[12], Q, big, rest, R9))
check(q9[12] == 970 and "(Two decimals.)" in s and
      F(ans) == F(round(R9 * 100), 100),
      "L09 s1: R = %.4f is %s to two decimals" % (R9, ans))

lessonfile.finish("lessons/claims")
EOF
