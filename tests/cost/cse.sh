#!/bin/bash
# shifts --optimal on constants built from random adder graphs, so that
# a graph of k adders is known to make each one (k <= 5): cfx must
# print at most k, and the steps it prints must multiply by the
# constant (run here, in python).  The graphs are drawn here, with no
# code of cfx: node 0 is x, node i an A-operation of node i - 1 and a
# random earlier node, (u << s) + w, (u << s) - w or w - (u << s) with
# a random 1 <= s < n, mod 2^n, and the constant the last node.
#   * 20, 24 and 32 bits: every count at most k;
#   * 64 bits, the 5-adder graphs the heuristic's split missed and the
#     NAF's shared sub-expressions find (src/core/mcm_cse.c; cfx 6 or 7
#     before it): at most 5;
#   * 64 bits, CSE_SAMPLE (default 40) random 5-adder graphs: at most
#     CSE_MISSES (default 3) with more than 5 (2 of these 40 with the
#     sub-expressions, 4 without; of 100 others 6 and 17, doc/mcm5.md:
#     a graph of five can still hide from both).
# The sample: python's random seeded with 2526 + n per width.
set -u
cd "$(dirname "$0")/../.." || exit 2
exec python3 - "$PWD/cfx" "${CSE_SAMPLE:-40}" "${CSE_MISSES:-3}" <<'PY'
import json, random, subprocess, sys
sys.path.insert(0, "tests/lib")
from tally import check, finish
from shiftadd import run_steps

CFX, PER64, MISSES = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])


def graph(rng, bits, k):
    """the constant of a random graph of k adders mod 2^bits"""
    mask = (1 << bits) - 1
    nodes = [1]
    for _ in range(k):
        u, w = nodes[-1], rng.choice(nodes)
        if rng.random() < 0.5:
            u, w = w, u
        s = rng.randrange(1, bits)
        op = rng.randrange(3)
        nodes.append(((u << s) + w if op == 0 else (u << s) - w if op == 1
                      else w - (u << s)) & mask)
    return nodes[-1]


def counts(bits, consts):
    """cfx's adder count for each constant, its steps checked"""
    cmds = "".join("shifts --optimal --bits %d --json %#x\n" % (bits, p)
                   for p in consts)
    r = subprocess.run([CFX], input=cmds, capture_output=True, text=True)
    js = [json.loads(l) for l in r.stdout.split("\n") if l.startswith("{")]
    check(r.returncode == 0 and len(js) == len(consts),
          "%d bits: cfx answered %d of %d (status %d) %s"
          % (bits, len(js), len(consts), r.returncode, r.stderr[:200]))
    mask = (1 << bits) - 1
    rng = random.Random(bits)
    xs = [1, 3, mask] + [rng.getrandbits(bits) for _ in range(20)]
    out = []
    for p, j in zip(consts, js):
        check(all(run_steps(j["steps"], x, mask) == (x * p) & mask
                  for x in xs),
              "%#x on %d bits: the steps do not multiply by it" % (p, bits))
        out.append(j["adders"])
    return out


for bits, per in ((20, 12), (24, 12), (32, 16)):
    rng = random.Random(2526 + bits)
    sample = []
    for _ in range(per):
        k = rng.randint(3, 5)
        sample.append((graph(rng, bits, k), k))
    for (p, k), a in zip(sample, counts(bits, [p for p, _ in sample])):
        check(a <= k, "%#x on %d bits: cfx %d adders, a graph of %d makes it"
              % (p, bits, a, k))

# 5-adder graphs (mod 2^64) that cfx missed without the sub-expressions
# (6 or 7 adders): 0xfff7bffc020009 (a = x + (x << 17) twice in its NAF:
# ((2^18 - 1) << 38) - (a << 26) + a + (x << 3)) and four of the random
# sample of doc/mcm5.md (seed 64)
pinned = [0xfff7bffc020009, 0xdf21000407e00007, 0x1092010000003e1f,
          0xb184000041f0001f, 0x81f01fff7ffc1001]
for p, a in zip(pinned, counts(64, pinned)):
    check(a <= 5, "%#x on 64 bits: cfx %d adders, 5 make it" % (p, a))

rng = random.Random(2526 + 64)
sample = [graph(rng, 64, 5) for _ in range(PER64)]
missed = [(p, a) for p, a in zip(sample, counts(64, sample)) if a > 5]
print("64 bits: %d of %d graphs of five missed: %s" % (
    len(missed), len(sample), " ".join("%#x (%d)" % m for m in missed)))
check(len(missed) <= MISSES, "64 bits: %d of %d graphs of five missed, "
      "at most %d allowed" % (len(missed), len(sample), MISSES))
finish()
PY
