#!/bin/bash
# Packed keys x<<h|y (and 3-4 fields): a row's worst R is the true worst
# over its cells (issue 21 points 2 and 7).  Before, only the predicted
# worst cell was counted, so a row could read below a real cell:
# GOLDEN_RATIO_32 0x61C88647's field offsets said 1.96 at x<<12|y while
# a cell of that offset counts 2.256, and a --fields row was judged on
# the prediction.  fields_brute.py recounts every cell of the row key by
# key (numpy; no lattice, no cfx code): the JSON's worst_probe_ratio of
# the user's --fields rows, of "field offsets" (every h but n/2 and n/4,
# which the fields families judge) and of "field layouts" (24/16/8,
# 20/12, 32/20/12) must equal it, over constants of the issue and random
# odd multipliers (a fixed seed) at random offsets.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
# Debian's python3, for numpy (python3-scipy from scripts/deps.sh)
py=/usr/bin/python3
bf=tests/verify/fields_brute.py

# the row named NAME's R in cfx's JSON (yours: the user's row)
jr() {
	$py -c '
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["checks"]:
    if c["name"] == sys.argv[2]:
        print("%.10g" % c["worst_probe_ratio"]); break
else:
    print("none")' "$1" "$2"
}
same() {   # two R equal to 1e-9
	$py -c 'import sys; a, b = sys.argv[1], sys.argv[2]
sys.exit(not (a != "none" and abs(float(a) - float(b)) <= 1e-9 * float(b)))' "$1" "$2"
}

# the user's own layouts: 0x61C88647 at the issue's offset 12, then
# random odd multipliers at random offsets (32 and 64 bits)
cases=$($py -c '
import random
random.seed(2112)
out = ["0x61C88647 32 12", "0x61C8864680B583EB 64 22"]
for n, k in ((32, 6), (64, 3)):
    for _ in range(k):
        out.append("%#x %d %d" % (random.getrandbits(n) | 1, n,
                                  random.randint(4, n - 4)))
print("\n".join(out))')
while read -r p n h; do
	./cfx verify "$p" --bits "$n" --fields "$h" --json >"$tmp/u.json" 2>/dev/null
	got=$(jr "$tmp/u.json" "fields x<<$h|y")
	read -r want b load <<<"$($py $bf worst "$p" "$n" "$h")"
	expect "$p --fields $h ($n bits): row R $got, python's worst $want (2^$b x$load)" \
		'same "$got" "$want"'
done <<<"$cases"

# three fields, run-time reference: the layout's own row
./cfx verify 0x61C88647 --fields 24,12 --json >"$tmp/u3.json" 2>/dev/null
got=$(jr "$tmp/u3.json" "fields x<<24|y<<12|z")
read -r want b load <<<"$($py $bf worst 0x61C88647 32 24,12)"
expect "0x61C88647 --fields 24,12: row R $got, python's worst $want (2^$b x$load)" \
	'same "$got" "$want"'

# the checks over every offset and the fixed layouts
for pn in "0x61C88647 32" "0x74f3069f 32" "0x61C8864680B583EB 64"; do
	read -r p n <<<"$pn"
	./cfx verify "$p" --bits "$n" --json >"$tmp/d.json" 2>/dev/null
	got=$(jr "$tmp/d.json" "field offsets")
	read -r want h b load <<<"$($py $bf offsets "$p" "$n" "$((n / 2)),$((n / 4))")"
	expect "$p field offsets: R $got, python's worst over the offsets $want (x<<$h|y 2^$b x$load)" \
		'same "$got" "$want"'
	got=$(jr "$tmp/d.json" "field layouts")
	want=0
	for lay in 24,16,8 20,12 32,20,12; do
		[ "${lay%%,*}" -le "$((n - 4))" ] || continue
		read -r r _ <<<"$($py $bf worst "$p" "$n" "$lay")"
		want=$($py -c "print(max(float('$want'), float('$r')))")
	done
	expect "$p field layouts: R $got, python's worst over 24/16/8, 20/12, 32/20/12 $want" \
		'same "$got" "$want"'
done
done_suite fields_exact
