#!/bin/bash
# The stride map's count (strides of the map at R >= 4), recomputed by
# brute force (stride_brute.py: every pair of keys k and k + d of every
# cell, over a uniform start; no lattice, no cfx code), is cfx verify's;
# and a count above the random multipliers' 90th percentile that cfx
# states (JSON random_collapses.p90) is said in plain words, in the text
# and the JSON alike, and only then.  0x61C88647 PASSes with 65 (the
# 90th percentile is 63: it said nothing before); 0x9e37fffffffc0001
# has all 736; 0x74f3069f (a random multiplier of the reference) few.
# The default JSON names every one (stride_map.collapsing, c:R items,
# worst first), checked against python's map for those two and for
# GOLDEN_RATIO_64 (98 strides; the JSON listed 16 before).
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
# /usr/bin/python3 below: Debian's, for numpy (python3-numpy comes with the
# python3-scipy that scripts/deps.sh installs for make check)
py=/usr/bin/python3
# the default JSON's stride_map.collapsing (every stride of the map at R
# >= 4, worst first, "c:R" items, R to 3 digits, "c" alone the R of the
# item before: the man page) against
# python's map: the same strides, each R to its 3 digits, in order
cat >"$tmp/coll.py" <<'PYEOF'
import json, sys
m = json.load(open(sys.argv[1]))["stride_map"]
got, r = [], None
for item in m["collapsing"].split():   # "c" alone: the R before it
    c, _, x = item.partition(":")
    r = float(x) if x else r
    got.append((int(c), r))
want = {}
for l in open(sys.argv[2]):
    c, r = l.split()[:2]
    if float(r) >= 4:
        want[int(c)] = float(r)
assert len(got) == len(want) == m["collapses"], (len(got), len(want))
assert {c for c, _ in got} == set(want), sorted(set(want) ^ {c for c, _ in got})
for c, r in got:
    assert float("%.3g" % want[c]) == r, (c, r, want[c])
assert all(a[1] >= b[1] for a, b in zip(got, got[1:])), "not worst first"
print(len(got))
PYEOF
for c in 0x61C8864680B583EB; do
	./cfx verify --json "$c" >"$tmp/j" 2>/dev/null
	$py tests/verify/stride_brute.py map "$c" 64 >"$tmp/map"
	n=$($py "$tmp/coll.py" "$tmp/j" "$tmp/map" 2>&1 | tail -1)
	expect "$c: the JSON's collapsing lists python's $n strides at R >= 4" \
		'[ "$n" -ge 90 ] 2>/dev/null'
done
for c in 0x61C88647 0x74f3069f; do
	./cfx verify --json "$c" >"$tmp/j" 2>/dev/null
	./cfx verify "$c" >"$tmp/t" 2>/dev/null
	$py tests/verify/stride_brute.py map "$c" 32 >"$tmp/map"
	read -r count edge <<<"$(awk '$2 >= 4 { n++ } $2 > 3.99999 && $2 < 4.00001 { e++ }
		END { print n + 0, e + 0 }' "$tmp/map")"
	n=$($py "$tmp/coll.py" "$tmp/j" "$tmp/map" 2>&1 | tail -1)
	expect "$c: the JSON's collapsing lists python's strides at R >= 4 ($n)" \
		'[ "$n" -ge 1 ] 2>/dev/null'
	read -r ccount p90 unusual pct <<<"$($py -c '
import json, sys
m = json.load(open(sys.argv[1]))["stride_map"]
print(m["collapses"], m["random_collapses"]["p90"], m.get("collapses_unusual"),
      m.get("collapses_random_fewer_percent", "-"))' "$tmp/j")"
	expect "$c: python counts $count strides at R >= 4, cfx $ccount" \
		'[ "$count" = "$ccount" ] && [ "$edge" = 0 ]'
	# the worst stride too: its R as the map's worst
	read -r wc wr _ <<<"$(sort -k2 -gr "$tmp/map" | head -1)"
	expect "$c: worst stride $wc at R $wr (python), the map's worst agrees" \
		'$py -c "import json,sys; m=json.load(open(sys.argv[1]))[\"stride_map\"]; s=m[\"strides\"][0]; sys.exit(not (int(s[\"stride\"])==$wc and abs(s[\"predicted\"]-$wr)<1e-4*$wr))" "$tmp/j"'
	sentence=$(tr '\n' ' ' <"$tmp/t" | tr -s ' ' | grep -o "$count is unusually many: more than [0-9]*% of random odd 32-bit multipliers have fewer")
	if awk -v a="$count" -v b="$p90" 'BEGIN { exit !(a > b) }'; then
		expect "$c: $count > p90 $p90: the text says so" '[ -n "$sentence" ]'
		expect "$c: the JSON says so (collapses_unusual $unusual)" \
			'[ "$unusual" = True ]'
		expect "$c: the same share in both ($pct%, >= 90)" \
			'[ "$sentence" != "${sentence/ than $pct%/}" ] && [ "$pct" -ge 90 ]'
	else
		expect "$c: $count <= p90 $p90: no sentence" '[ -z "$sentence" ] &&
			! grep -q "unusually many" "$tmp/t"'
		expect "$c: nor in the JSON (collapses_unusual $unusual)" \
			'[ "$unusual" = False ] && [ "$pct" = - ]'
	fi
done
done_suite smap_count
