#!/bin/bash
# Lesson 7's last step explains why 0x9e370001 is weak on sparse:16 keys
# (issue 24: every number of a lesson sentence checked independently).
# The keys are remade here in python, with GSL's mt19937 (seeded as
# gsl_rng_set does, positions by gsl_rng_uniform_int's rule), never read
# from cfx, and every figure of the step is recomputed from them: the
# positions (6 in the top half; bits 0 and 2 of the lowest four and one of
# 16 to 19), the 8 residues of the bucket mod 16, the 20480 buckets any
# key of the family reaches (45056 empty), the 25671 distinct keys of
# score -k sparse:16 -t 16 (2^15 made) and their R, and golden(32)'s
# 27050 empty and R.  The answer is checked against 2^c for c bits.
. "$(dirname "$0")/lib.sh"
got=$(python3 - <<'PY'
import random, itertools
from collections import Counter
def gsl_mt(seed):
    mt = [seed & 0xffffffff]
    for i in range(1, 624):
        mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & 0xffffffff)
    r = random.Random()
    r.setstate((3, tuple(mt + [624]), None))
    return lambda: r.getrandbits(32)
def sparse(K, count, bits=32, seed=1):
    get = gsl_mt(seed)
    pos = []
    while len(pos) < K:
        k = get() // (0xffffffff // bits)
        if k < bits and k not in pos:
            pos.append(k)
    keys = set()
    for _ in range(count):
        v = get() << 32 | get()
        keys.add(sum(((v >> j) & 1) << p for j, p in enumerate(pos)))
    return pos, keys
def R(p, b, keys, n=32):
    c = Counter((k * p % 2**n) >> (n - b) for k in keys)
    K, m = len(keys), 2**b
    return sum(v * (v + 1) for v in c.values()) / (2 * K) / (1 + (K - 1) / (2 * m)), m - len(c)
pos, keys = sparse(16, 2**15)
P, G = 0x9e370001, 2654435769
low4 = [p for p in pos if p < 4]
mid4 = [p for p in pos if 16 <= p < 20]
every = [sum(b << p for b, p in zip(t, pos)) for t in itertools.product((0, 1), repeat=16)]
reach = len({(k * P % 2**32) >> 16 for k in every})
mod16 = len({((k * P % 2**32) >> 16) % 16 for k in every})
r9, e9 = R(P, 16, keys)
rg, eg = R(G, 16, keys)
print(sum(p >= 16 for p in pos), low4 == [0, 2] or sorted(low4) == [0, 2], len(mid4),
      mod16, 2**(len(low4) + len(mid4)), reach, 2**16 - reach, len(keys),
      "%.3f" % r9, 2**16 - len({(k * G % 2**32) >> 16 for k in every}), "%.3f" % rg,
      sum(p < 20 for p in pos), mid4,
      len({(0x9e37 * r + j) % 16 for r in (0, 1, 4, 5) for j in (0, 4)}),
      0x9e37 % 16)
PY
)
echo "python: $got"
want="6 True 1 8 8 20480 45056 25671 1.262 27050 1.039 11 [17] 6 7"
[ "$got" = "$want" ] && ok "python's sparse:16 keys give the step's figures ($want)" ||
	bad "python: $got, the step says $want"
# the step's prose and claims state those figures
f=$(ls "$root"/lessons/07-*.lesson)
st=$(awk '/^step:/{s++} s == 10' "$f" | tr '\n' ' ' | tr -s ' ')
for w in "6 of the positions are in the key's top half" "only bits 0 and 2 of the first four" \
	"and bit 17 (bit 1 of the top half) of the other four" "0x9e37 is 7 mod 16" \
	"had the top-half bit been bit 18 (j = 0 or 4)" "leaving 6" \
	"answer 8" "20480 of 65536" "45056 buckets stay empty" "25671 distinct keys" \
	"R = 1.262" "leaves 27050 empty" "R = 1.039" "lowest 20 bits, eleven of which vary"; do
	case $st in
	*"$w"*) ok "L07 step 10 says: $w" ;;
	*) bad "L07 step 10 does not say: $w" ;;
	esac
done
# the solution answers; a copied 16 (the question's) does not
out=$(play 07 10 'answer 8')
grep -q '^Step 10 done' <<<"$out" && ok "L07 step 10 takes 8" || bad "L07 step 10: $(tail -n 4 <<<"$out")"
finish sparse_keys
