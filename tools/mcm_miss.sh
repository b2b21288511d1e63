#!/bin/bash
# mcm_miss.sh - how often cfx shifts --optimal misses a graph of at most
# five adders on 20- to 32-bit words, measured against tools/mcm5's
# complete search (doc/mcm5.md records a run; not part of make check:
# minutes of CPU per 32-bit constant that needs six or more).
#
# Two samples per word size n, from a fixed seed (python's random):
#  * uniform: random odd constants of n bits;
#  * five: the product of a random chain of five adders (each node an
#    A-operation of the last node and one of the two before it, shifts
#    2..n-3), so a graph of five is known to exist.
# A count of at most 5 from cfx is proven (every graph of four is tried
# under shifts --optimal, so a 5 is minimal), so only a constant where
# cfx finds 6 or more can be a miss: mcm5 --stop decides whether a graph
# of five exists.
#
# usage: tools/mcm_miss.sh [COUNT [SEED [WIDTHS...]]]   (from the repo root;
# needs ./cfx and make build/mcm5)
set -u
count=${1:-10}
seed=${2:-25}
shift 2 2>/dev/null
widths=${*:-20 24 28 32}
[ -x build/mcm5 ] || make -s build/mcm5 || exit 2
[ -x ./cfx ] || { echo "mcm_miss: build cfx first" >&2; exit 2; }
gen() {   # gen KIND N COUNT SEED
	python3 - "$@" <<'PY'
import random, sys
kind, n, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
random.seed(seed * 1000 + n)
M = (1 << n) - 1
for _ in range(count):
    if kind == "uniform":
        print(hex(random.getrandbits(n) | 1 | (1 << (n - 1))))
        continue
    vals = [1]
    for i in range(5):
        u = vals[-1]; w = random.choice(vals[-3:]); s = random.randrange(2, n - 2)
        if random.random() < 0.5: u, w = w, u
        f = random.randrange(3)
        v = ((u << s) + w) if f == 0 else ((u << s) - w) if f == 1 else (w - (u << s))
        vals.append(v & M)
    print(hex(vals[-1] | 1))
PY
}
printf '%-8s %5s %8s %8s %8s %8s %8s\n' sample bits count cfx_le5 cfx_ge6 five_exist missed
tot_six=0 tot_miss=0
for n in $widths; do
	for kind in uniform five; do
		le5=0 ge6=0 exist=0 miss=0 k=0
		for t in $(gen $kind $n $count $seed); do
			k=$((k + 1))
			a=$(./cfx shifts --optimal --bits "$n" --json "$t" | awk -F'[:,]' '/"adders":/ { gsub(/ /, "", $2); print $2; exit }')
			if [ "$a" -le 5 ]; then le5=$((le5 + 1)); continue; fi
			ge6=$((ge6 + 1))
			r=$(build/mcm5 --stop --bits "$n" "$t" 2>/dev/null | awk '/^RESULT/ { sub(/:$/, "", $2); print $2 }')
			if [ -n "$r" ] && [ "$r" != none ]; then
				exist=$((exist + 1)); miss=$((miss + 1))
				echo "  miss: $t on $n bits: cfx $a adders, mcm5 found $r" >&2
			fi
		done
		printf '%-8s %5s %8s %8s %8s %8s %8s\n' $kind $n $k $le5 $ge6 $exist $miss
		tot_six=$((tot_six + ge6)); tot_miss=$((tot_miss + miss))
	done
done
echo "missed $tot_miss of the constants where cfx found 6 or more ($tot_six)"
