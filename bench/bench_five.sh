#!/bin/bash
# bench_five.sh DIR - five back-to-back `cfx bench 0x61C88647 --json`
# runs into DIR/r1..r5 (DIR/times: each run's wall, user and system
# seconds), then each run that fell in a slow state of the machine
# (bench/bench_state.py says which, and why) run again, at most RERUNS
# (5) reruns in all, each said on standard output.  DIR/first keeps the
# five runs as they first came, so that a caller can show both.
# From the repo root, with ./cfx built; bench/shiftadd.sh uses it.
set -u
dir=$1
reruns=${RERUNS:-5}
TIMEFORMAT='%R %U %S'
one() {   # run $1 into r$1
	{ time ./cfx bench 0x61C88647 --json >"$dir/r$1" 2>/dev/null; } \
		2>>"$dir/times"
}
: >"$dir/times"
for i in 1 2 3 4 5; do
	one "$i" || { echo "  cfx bench run $i failed"; exit 1; }
done
mkdir -p "$dir/first" && cp "$dir"/r[1-5] "$dir/first/"
done_=0
while [ "$done_" -lt "$reruns" ]; do
	slow=$(python3 bench/bench_state.py "$dir"/r1 "$dir"/r2 "$dir"/r3 \
		"$dir"/r4 "$dir"/r5 2>"$dir/why") || exit 1
	[ -n "$slow" ] || break
	sed 's/^ *//; s/^/  /' "$dir/why"
	for i in $slow; do
		[ "$done_" -lt "$reruns" ] || break
		one "$i" || { echo "  cfx bench rerun of run $i failed"; exit 1; }
		done_=$((done_ + 1))
	done
done
slow=$(python3 bench/bench_state.py "$dir"/r1 "$dir"/r2 "$dir"/r3 "$dir"/r4 \
	"$dir"/r5 2>/dev/null)
[ -z "$slow" ] || echo "  after $done_ reruns still in a slow state:" \
	"run(s) $slow, judged as they are"
echo "  reruns of runs in a slow state: $done_"
