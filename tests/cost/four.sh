#!/bin/bash
# mcm_four_possible (src/core/mcm_four.c), the fast test run before the
# search of every graph of four adders, may answer "none" only when there
# is none: against tests/cost/scm_oracle.c (an exhaustive search sharing
# no code with src/core/mcm*.c),
#   * every odd constant mod 2^12, 2^13 and 2^14 that needs exactly four
#     adders (oracle: none of three, one of four) gets "maybe";
#   * random graphs of four adders (each node an A-operation of earlier
#     ones, the last node made of the one before it more often than not)
#     on 16, 20, 24, 28, 32 and 64 bits, their value kept when the
#     oracle finds no graph of three, get "maybe";
#   * and the answer is not always "maybe": the golden ratios 0x61C88647
#     (32 bits) and 0x61C8864680B583EB (64), which the oracle shows need
#     five, get "none".
# FOUR_SAMPLE (default 600) graphs per word size.
set -u
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail() { cat "$tmp/cc.err"; echo "0 passed, 1 failed"; exit 1; }
cc -O2 -std=c11 -o "$tmp/oracle" tests/cost/scm_oracle.c 2>"$tmp/cc.err" || fail
# four_possible is built with cfx's own compiler and flags (with
# SANITIZE=1 the library's objects link only with them): by make check,
# and here, so that tests/run.sh after a plain make runs it too (make
# passes SANITIZE and CC down through MAKEFLAGS; up to date, it does
# nothing)
make -s build/tests/four_possible >"$tmp/cc.err" 2>&1 ||
	{ echo "make build/tests/four_possible failed" >>"$tmp/cc.err"; fail; }
cp build/tests/four_possible "$tmp/four"
exec python3 - "$tmp/four" "$tmp/oracle" "${FOUR_SAMPLE:-600}" <<'PY'
import random, subprocess, sys
sys.path.insert(0, "tests/lib")
from tally import check, finish

FOUR, ORACLE, PER = sys.argv[1], sys.argv[2], int(sys.argv[3])

def run(cmd, values):
    out = {}
    for i in range(0, len(values), 2000):
        text = subprocess.run(cmd + [str(v) for v in values[i:i + 2000]],
                              capture_output=True, text=True,
                              check=True).stdout
        for line in text.split("\n"):
            if line:
                f = line.split()
                out[int(f[0], 0)] = f[-1]
    return out

def fewest(bits, maxadd, values):     # oracle: K, or None above maxadd
    res = run([ORACLE, str(bits), str(maxadd)], values)
    return {v: None if k.startswith(">") else int(k) for v, k in res.items()}

def possible(bits, values):
    return {v: k == "1" for v, k in run([FOUR, str(bits)], values).items()}

for bits in (12, 13, 14):
    vals = list(range(1, 1 << bits, 2))
    need = fewest(bits, 4, vals)
    four = [v for v in vals if need[v] == 4]
    got = possible(bits, four)
    miss = [v for v in four if not got[v]]
    check(four and not miss, "%d bits: %d of %d constants needing four "
          "adders get none: %s" % (bits, len(miss), len(four), miss[:5]))

rnd = random.Random(25)
for bits in (16, 20, 24, 28, 32, 64):
    mask = (1 << bits) - 1
    vals = set()
    while len(vals) < PER:
        nodes = [1]
        for _ in range(4):
            u = nodes[-1] if rnd.random() < 0.7 else rnd.choice(nodes)
            w = rnd.choice(nodes)
            if rnd.random() < 0.5:
                u, w = w, u
            s = rnd.randrange(1, bits)
            op = rnd.randrange(3)
            v = (u << s) + w if op == 0 else (u << s) - w if op == 1 \
                else w - (u << s)
            nodes.append(v & mask)
        vals.add(nodes[-1])
    vals = sorted(vals)
    three = fewest(bits, 3, vals)
    four = [v for v in vals if three[v] is None]
    got = possible(bits, four)
    miss = [v for v in four if not got[v]]
    check(len(four) > PER // 10 and not miss,
          "%d bits: %d of %d random graphs of four adders get none: %s"
          % (bits, len(miss), len(four), miss[:5]))

for bits, q in ((32, 0x61C88647), (64, 0x61C8864680B583EB)):
    check(fewest(bits, 4, [q])[q] is None, "oracle: %#x needs five" % q)
    check(not possible(bits, [q])[q], "%#x on %d bits: maybe" % (q, bits))

finish()
PY
