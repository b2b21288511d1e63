#!/bin/bash
# --fields H beside the battery's family "fields x<<H|y" (issue 21, h21d
# point 3): the two rows are named alike and may show different R, since
# they count other keys.  The family hashes the Z-order keys x<<H|y, x, y
# < 2^10, 2^4 to 2^20 of them; a layout asked with --fields spreads each
# cell's 2^j keys over both fields (each 2^4 values or more), up to 8 keys
# a bucket of 2^20 buckets (2^23 keys).  Python recounts both rows key by
# key (numpy, from those definitions; tests/verify/fields_brute.py for the
# layout) and the report must say in one line which keys each counts.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
py=/usr/bin/python3      # Debian's, for numpy
bf=tests/verify/fields_brute.py

# the family's worst R over its cells, and the range of keys of its cells
# (log2), from the family's definition: key i of the Z-order walk is x<<h|y
# with x its odd bits, y its even bits; cells K = 2^j, b a table, K / 2^b
# keys a bucket of 1 to 8
cat >"$tmp/fam.py" <<'PYEOF'
import sys
import numpy as np
p, n, h = int(sys.argv[1], 0), int(sys.argv[2]), int(sys.argv[3])
sys.path.insert(0, "tests/verify")
from fields_brute import tables
mask = (1 << n) - 1
best, js = None, []
# the walk stays inside both fields: y < 2^ceil(j/2) <= 2^h, x <
# 2^floor(j/2) <= 2^(n-h), and 2^20 keys at most (x, y < 2^10)
for j in range(4, 21):
    if (j + 1) // 2 > h or j // 2 > n - h:
        break
    xs, ys = 1 << (j // 2), 1 << ((j + 1) // 2)
    x = np.repeat(np.arange(xs, dtype=np.uint64), ys)
    y = np.tile(np.arange(ys, dtype=np.uint64), xs)
    k = ((x << np.uint64(h)) | y) & np.uint64(mask)
    hv = (k * np.uint64(p)) & np.uint64(mask)        # wraps mod 2^64
    K = 1 << j
    for b in tables(n):
        if not (b <= j <= b + 3):
            continue
        js.append(j)
        m = 1 << b
        loads = np.bincount((hv >> np.uint64(n - b)).astype(np.int64),
                            minlength=m).astype(np.float64)
        R = (np.sum(loads * loads) + K) / 2 / ((K * (1 - 1 / m) + K * K / m + K) / 2)
        if best is None or R > best:
            best = R
print("%.10g %d %d" % (best, min(js), max(js)))
PYEOF
# the layout's key range (log2): the j with a cell, by fields_brute's spread
cat >"$tmp/lay.py" <<'PYEOF'
import sys
sys.path.insert(0, "tests/verify")
from fields_brute import tables, spread
n, h = int(sys.argv[1]), int(sys.argv[2])
js = [b + l for b in tables(n) for l in range(4)
      if spread([n - h, h], b + l) is not None]
print(min(js), max(js))
PYEOF

jget() {   # the R of row NAME of the JSON: yours (1) or the family's (0)
	$py -c '
import json, sys
d = json.load(open(sys.argv[1]))
if sys.argv[3] == "1":
    r = [c["worst_probe_ratio"] for c in d["checks"]
         if c["name"] == sys.argv[2] and c.get("yours")]
else:
    r = [f["worst_probe_ratio"] for f in d["battery"] if f["name"] == sys.argv[2]]
print("%.10g" % r[0] if r else "none")' "$@"
}
jfam() {   # the family line of your row NAME: family (_ for its space)
	# lo hi jlo jhi R
	$py -c '
import json, sys
d = json.load(open(sys.argv[1]))
r = [c for c in d["checks"] if c["name"] == sys.argv[2] and c.get("yours")]
f = r[0].get("family_counts_other_keys") if r else None
print("none" if not f else "%s %d %d %d %d %.10g" % (f["family"].replace(" ", "_"),
      *f["family_keys_log2"], *f["keys_log2"], f["family_worst_probe_ratio"]))' "$@"
}
close() {
	$py -c 'import sys; a, b = sys.argv[1], sys.argv[2]
sys.exit(not (a != "none" and abs(float(a) - float(b)) <= 1e-9 * float(b)))' "$1" "$2"
}

for c in "0x9e3779b97f4a7c15 64 32" "0x61C88647 32 16" "0x2de5332f 32 8"; do
	read -r p n h <<<"$c"
	./cfx verify "$p" --bits "$n" --fields "$h" >"$tmp/t" 2>&1
	./cfx verify "$p" --bits "$n" --fields "$h" --json >"$tmp/j" 2>/dev/null
	read -r fr fj0 fj1 <<<"$($py "$tmp/fam.py" "$p" "$n" "$h")"
	read -r lj0 lj1 <<<"$($py "$tmp/lay.py" "$n" "$h")"
	read -r lr _ _ <<<"$($py $bf worst "$p" "$n" "$h")"
	got_f=$(jget "$tmp/j" "fields x<<$h|y" 0)
	got_l=$(jget "$tmp/j" "fields x<<$h|y" 1)
	expect "$p: the family fields x<<$h|y reads R $got_f, python's $fr" \
		'close "$got_f" "$fr"'
	expect "$p: your layout x<<$h|y reads R $got_l, python's $lr" \
		'close "$got_l" "$lr"'
	line="  the family fields x<<$h|y counts other keys: 2^$fj0..2^$fj1 (here 2^$lj0..2^$lj1)"
	expect "$p: one line says which keys each counts ($line)" \
		'[ "$(grep -cxF -- "$line" "$tmp/t")" = 1 ]'
	# the same fact in the JSON, in your row (issue 21, h21e point 2)
	read -r jn jf0 jf1 jl0 jl1 jr <<<"$(jfam "$tmp/j" "fields x<<$h|y")"
	expect "$p: the JSON's row says the family $jn counts 2^$jf0..2^$jf1 (python: 2^$fj0..2^$fj1), yours 2^$jl0..2^$jl1 (python: 2^$lj0..2^$lj1)" \
		'[ "$jn $jf0 $jf1 $jl0 $jl1" = "fields_x<<$h|y $fj0 $fj1 $lj0 $lj1" ]'
	expect "$p: the JSON's family R $jr, python's $fr" 'close "$jr" "$fr"'
done
# a layout with no family of its offset: no such line
./cfx verify 0x61C88647 --fields 12 >"$tmp/t" 2>&1
expect "--fields 12 (no family x<<12|y): no line about a family" \
	'! grep -q "counts other keys" "$tmp/t"'
./cfx verify 0x61C88647 --fields 12 --json >"$tmp/j" 2>/dev/null
expect "--fields 12: nor in the JSON" \
	'[ -s "$tmp/j" ] && ! grep -q "family_counts_other_keys" "$tmp/j"'
done_suite verify/fields_family
