#!/bin/bash
# mcm_rate.sh - how often cfx shifts --optimal misses a graph of at most
# five adders on random constants of 20, 24, 28 and 32 bits, measured
# against tools/five_many.c (a complete search of graphs of at most five
# adders mod 2^n, many constants at once, sharing no code with cfx).
# Not part of make check: the oracle takes about 3 s of processor time
# for each 32-bit constant that needs six or more (doc/mcm5.md records a
# run and its times).
#
# The sample: COUNT random odd constants of exactly n bits (the top bit
# set) per width, from python's random seeded with SEED * 1000 + n.
# A constant is a miss when cfx prints more adders than the oracle's
# minimum (the oracle's minimum is exact up to five; "more than five"
# means cfx's 6 or more cannot be beaten by a graph of five).  A count
# below the oracle's minimum would be a wrong program: reported as an
# error.
#
# usage: tools/mcm_rate.sh [COUNT [SEED [WIDTHS...]]]   (from the repo root,
# with ./cfx built; the oracle's results are kept in $RATE_DIR, default
# build/mcm_rate, and reused)
set -u
count=${1:-200}
seed=${2:-25}
shift 2 2>/dev/null
widths=${*:-20 24 28 32}
dir=${RATE_DIR:-build/mcm_rate}
mkdir -p "$dir" || exit 2
[ -x ./cfx ] || { echo "mcm_rate: build cfx first" >&2; exit 2; }
if [ ! -x build/five_many ] || [ tools/five_many.c -nt build/five_many ]; then
	${CC:-cc} -O2 -std=c11 -Wall -o build/five_many tools/five_many.c -lpthread || exit 2
fi
printf '%-5s %6s %8s %8s %8s %8s %8s %9s\n' bits count need5- need6+ cfx_min missed wrong miss_rate
for n in $widths; do
	sample=$dir/sample_${n}_${count}_${seed}.txt
	oracle=$dir/oracle_${n}_${count}_${seed}.txt
	python3 - "$n" "$count" "$seed" > "$sample" <<'PY'
import random, sys
n, count, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
random.seed(seed * 1000 + n)
for _ in range(count):
    print(hex(random.getrandbits(n) | 1 | (1 << (n - 1))))
PY
	if [ ! -s "$oracle" ]; then
		nice build/five_many --bits "$n" < "$sample" > "$oracle.tmp" 2> "$oracle.log" &&
			mv "$oracle.tmp" "$oracle" || { echo "mcm_rate: five_many failed on $n bits" >&2; exit 1; }
	fi
	cut -d' ' -f1 "$oracle" | cmp -s - "$sample" ||
		{ echo "mcm_rate: $oracle is not of this sample (remove it)" >&2; exit 1; }
	# cfx reads the commands from its standard input: one process per width
	python3 - "$n" "$count" "$oracle" <<'PY' || exit 1
import json, subprocess, sys
n, count, oracle = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rows = [l.split() for l in open(oracle) if l.strip()]
cmds = "".join("shifts --optimal --bits %s --json %s\n" % (n, r[0]) for r in rows)
out = subprocess.run(["./cfx"], input=cmds, capture_output=True, text=True).stdout
js = [json.loads(l) for l in out.split("\n") if l.startswith("{")]
if len(js) != len(rows):
    sys.exit("mcm_rate: cfx answered %d of %d" % (len(js), len(rows)))
le5 = ge6 = ok = miss = wrong = 0
for r, j in zip(rows, js):
    t, m, a = r[0], r[3], j["adders"]
    if int(j["value"]) != int(t, 16):
        sys.exit("mcm_rate: cfx answered out of order at " + t)
    if m == ">5":
        ge6 += 1
        if a >= 6:
            ok += 1
        else:
            wrong += 1
            sys.stderr.write("  WRONG: %s on %s bits: cfx %d adders, no graph of 5 exists\n" % (t, n, a))
        continue
    le5 += 1
    if a == int(m):
        ok += 1
    elif a > int(m):
        miss += 1
        sys.stderr.write("  miss: %s on %s bits: cfx %d adders, %s exist (%s)\n" % (t, n, a, m, " ".join(r[4:])))
    else:
        wrong += 1
        sys.stderr.write("  WRONG: %s on %s bits: cfx %d adders, the least is %s\n" % (t, n, a, m))
print("%-5s %6d %8d %8d %8d %8d %8d %8.1f%%" % (n, count, le5, ge6, ok, miss, wrong, 100.0 * miss / count))
PY
done
