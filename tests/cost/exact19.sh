#!/bin/bash
# shifts --optimal on words of up to 19 bits prints the fewest adders,
# proven, for every odd constant (issue 25, "exact where promised"): a
# wide sample against two searches of their own, sharing no code with
# src/core/mcm*.c:
#   * tools/five_many.c, a complete search of graphs of at most five
#     adders mod 2^n: cfx's count is its minimum (none needs six there);
#   * tests/cost/scm_oracle.c --int, the integer model (values below
#     2^(n+1), for p or -p): a count cfx calls exact has no integer
#     graph of one adder fewer.
# For each constant, from one cfx reading its commands on standard input:
# the JSON's adders, adders_at_least (equal), proven ("minimal mod 2^n"),
# exact; the text's first line says "proven minimal mod 2^n" and never
# "heuristic"; the steps multiply by p mod 2^n (run here, in python).
# The sample: every odd constant below 2^7 on 7 bits, then per width n of
# 8 to 19 bits EXACT19_SAMPLE (default 16) random odd constants below 2^n
# (half of them with the top bit set), the first constants needing 2..5
# adders as integers (11, 43, 683, 14709) on 19 bits, and the issue's
# misses: 301683 and 435413 on 19, 20, 24 and 32 bits, 702165 and 699829
# (6 adders as an integer, 5 mod 2^20 and 2^24; no graph of five mod
# 2^32) on 20, 24 and 32.  Past 19 bits: cfx prints the oracle's minimum
# where it is at most 5, else 6 or more and a bound of at most 5.
# CHECK_SAMPLE=K keeps one case in K (tests/lib/sample.py).
set -u
cd "$(dirname "$0")/../.." || exit 2
[ -x ./cfx ] || { echo "exact19.sh: ./cfx not built (make cfx)"; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
{ cc -O2 -std=c11 -o "$tmp/five" tools/five_many.c -lpthread &&
  cc -O2 -std=c11 -o "$tmp/oracle" tests/cost/scm_oracle.c; } \
	2>"$tmp/cc.err" || {
	cat "$tmp/cc.err"; echo "exact19.sh: 0 passed, 1 failed"; exit 1; }
exec python3 - "$PWD/cfx" "$tmp/five" "$tmp/oracle" \
	"${EXACT19_SAMPLE:-16}" <<'PY'
import json, random, subprocess, sys
sys.path.insert(0, "tests/lib")
from tally import check, finish
from shiftadd import run_steps, five_many
from sample import pick

CFX, FIVE, ORACLE, PER = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

rng = random.Random(1925)
cases = [(7, v) for v in range(1, 1 << 7, 2)]
for n in range(8, 20):
    cases += [(n, rng.randrange(1, 1 << n) | 1) for _ in range(PER // 2)]
    cases += [(n, rng.randrange(1 << (n - 1), 1 << n) | 1)
              for _ in range(PER - PER // 2)]
cases += [(19, v) for v in (11, 43, 683, 14709)]
cases += [(n, v) for n in (19, 20, 24, 32) for v in (301683, 435413)]
cases += [(n, v) for n in (20, 24, 32) for v in (702165, 699829)]
cases = pick(sorted(set(cases)), name="exact19.sh")

def integer(n, values):     # least count as integers up to 4, else 5 (more)
    out = subprocess.run([ORACLE, "--int", str(n), "4"] + [str(v) for v in
                         values], capture_output=True, text=True,
                         check=True).stdout
    res = {}
    for line in out.split("\n"):
        if line:
            v, _, k = line.split()
            res[int(v, 0)] = 5 if k.startswith(">") else int(k)
    return res

widths = sorted(set(n for n, _ in cases))
mod, intm = {}, {}
for n in widths:
    vals = sorted(set(v for m, v in cases if m == n))
    mod[n] = five_many(FIVE, n, vals)
    if n <= 19:
        intm[n] = integer(n, vals)

cmds = "".join("shifts --optimal --bits %d --json %d\nshifts --optimal "
               "--bits %d %d\n" % (n, v, n, v) for n, v in cases)
r = subprocess.run([CFX], input=cmds, capture_output=True, text=True)
js, heads, dec, at = [], [], json.JSONDecoder(), 0
while at < len(r.stdout):       # objects on one line or on many
    if r.stdout.startswith("{", at):
        j, at = dec.raw_decode(r.stdout, at)
        js.append(j)
        continue
    end = r.stdout.find("\n", at)
    end = len(r.stdout) if end < 0 else end
    if r.stdout.startswith("x * ", at):
        heads.append(r.stdout[at:end])
    at = end + 1
check(len(js) == len(heads) == len(cases), "cfx answered %d and %d of %d "
      "(status %d): %s" % (len(js), len(heads), len(cases), r.returncode,
                           r.stderr[:300]))

counts = {}
for (n, v), j, head in zip(cases, js, heads):
    name = "%d (%#x) on %d bits" % (v, v, n)
    mask = (1 << n) - 1
    k, lb, want = j["adders"], j.get("adders_at_least", -1), mod[n].get(v)
    xs = [rng.getrandbits(n) for _ in range(20)] + [1, mask]
    check(all(run_steps(j["steps"], x, mask) == (x * v) & mask for x in xs),
          "%s: the steps do not multiply by p" % name)
    if n <= 19:
        counts[k] = counts.get(k, 0) + 1
        check(want is not None and k == want, "%s: cfx %d adders, the "
              "oracle's minimum mod 2^%d %s" % (name, k, n, want))
        proven = "minimal mod 2^%d" % n
        check(j.get("proven") == proven and lb == k and
              j.get("exact_with_wrap"), "%s: proven %r, at least %d, %d "
              "adders" % (name, j.get("proven"), lb, k))
        check("(proven %s" % proven in head and "heuristic" not in head,
              "%s: the text says %r" % (name, head))
        check(j["exact"] and intm[n][v] >= k, "%s: exact %s, %d adders, "
              "the integer model's minimum %s" % (name, j["exact"], k,
                                                  intm[n][v]))
    elif want is not None:
        check(k == want and lb == k and
              j.get("proven") == "minimal mod 2^%d" % n,
              "%s: cfx %d (at least %d, proven %r), the oracle %d"
              % (name, k, lb, j.get("proven"), want))
    else:
        check(k >= 6 and lb <= 5, "%s: cfx %d at least %d, the oracle finds "
              "no graph of five" % (name, k, lb))
print("exact19.sh: %d constants; to 19 bits, constants per count: %s"
      % (len(cases), ", ".join("%d: %d" % kv for kv in sorted(counts.items()))))
finish()
PY
