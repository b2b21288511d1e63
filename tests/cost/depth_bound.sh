#!/bin/bash
# The lower bound shifts --optimal prints (adders_at_least) is the
# largest it proves, whatever --max-depth asks (issue 25, h25f): the
# bound is on every sequence, and a depth bound only limits the sequence
# shown.  Against tests/cost/scm_oracle.c (an exhaustive search of its
# own, sharing no code with src/core/mcm*.c), mod 2^n, up to 4 adders:
#   * the oracle's least count K <= 4: the bound printed is K under
#     --max-depth 3 and without it (lb_small and the searches of three
#     and four are exact up to there);
#   * no graph of 4 adders (oracle ">4"): the bound is at least 5 under
#     --max-depth 3 as without it (the old code printed 4 under
#     --max-depth 3: the test of four ran only for depth 4 or more);
#   * never above the count printed.
# Constants: random sums of 5 to 8 signed powers of two (so a sequence
# of depth 3 exists) on 20, 24, 28 and 32 bits, and 0x9e370001 (needs 5
# on 32 bits).
set -u
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
cc -O2 -std=c11 -o "$tmp/oracle" tests/cost/scm_oracle.c 2>"$tmp/cc.err" || {
	cat "$tmp/cc.err"; echo "0 passed, 1 failed"; exit 1; }
exec python3 - "$PWD/cfx" "$tmp/oracle" "${DEPTH_BOUND_SAMPLE:-6}" <<'PY'
import json, random, subprocess, sys
sys.path.insert(0, "tests/lib")
from tally import check, finish

CFX, ORACLE, PER = sys.argv[1], sys.argv[2], int(sys.argv[3])

def oracle(bits, values):      # least count up to 4, or None (needs 5+)
    out = subprocess.run([ORACLE, str(bits), "4"] + [str(v) for v in values],
                         capture_output=True, text=True, check=True).stdout
    res = {}
    for line in out.split("\n"):
        f = line.split()
        if len(f) >= 3 and f[1] == "min":
            res[int(f[0], 0)] = None if f[2].startswith(">") else int(f[2])
    return res

def cfx(bits, v, *opts):
    r = subprocess.run([CFX, "shifts", "--optimal", "--json", "--bits",
                        str(bits), *opts, hex(v)], capture_output=True,
                       text=True)
    if r.returncode != 0:
        return None
    return json.loads(r.stdout)

rnd = random.Random(2025)
cases = [(32, 0x9e370001)]
for bits in (20, 24, 28, 32):
    seen = set()
    while len(seen) < PER:
        k = rnd.randrange(5, 9)
        pos = sorted(rnd.sample(range(bits), k))
        v = sum(rnd.choice((1, -1)) << p for p in pos) % (1 << bits)
        if v & 1 and v not in seen:
            seen.add(v)
    cases += [(bits, v) for v in sorted(seen)]

need = {}
for bits in sorted({b for b, _ in cases}):
    need.update({(bits, v): k for v, k in
                 oracle(bits, [v for b, v in cases if b == bits]).items()})

for bits, v in cases:
    k = need.get((bits, v), "missing")
    free = cfx(bits, v)
    d3 = cfx(bits, v, "--max-depth", "3")
    if free is None or d3 is None or k == "missing":
        check(False, "%#x on %d bits: cfx or the oracle failed" % (v, bits))
        continue
    for name, j in (("", free), ("--max-depth 3 ", d3)):
        lb = j["adders_at_least"]
        check(lb <= j["adders"], "%s%#x on %d bits: bound %d above the "
              "count %d" % (name, v, bits, lb, j["adders"]))
        if k is None:
            check(lb >= 5, "%s%#x on %d bits: no graph of 4 (oracle), "
                  "bound printed %d" % (name, v, bits, lb))
        else:
            check(lb == k, "%s%#x on %d bits: the least is %d (oracle), "
                  "bound printed %d" % (name, v, bits, k, lb))
    check(d3["depth"] <= 3, "%#x on %d bits: depth %d under --max-depth 3"
          % (v, bits, d3["depth"]))
finish()
PY
