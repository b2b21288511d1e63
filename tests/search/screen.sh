#!/bin/bash
# cfx search --screen full agrees with cfx verify (the command a user
# runs next): every candidate it keeps, verify passes (WARN in search when
# verify passes with warnings), and every one it drops, by the stride
# prediction or the battery, verify fails.  And --all shows the dropped
# ones in the table, marked FAIL, each with its one-line reason.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
out=$tmp/out
./cfx search --bits 32 --prime --screen full --top 1 --json >"$out"
expect "search --screen full ran" '[ $? = 0 ] && [ -s "$out" ]'
while read -r hex status; do
	v=$(./cfx verify "$hex" --bits 32 --json | python3 -c \
		'import json,sys; d=json.load(sys.stdin); print(d["verdict"], d["warned"])')
	case $status in
	FAIL) expect "$hex dropped, verify: $v" '[ "${v%% *}" = FAIL ]' ;;
	WARN) expect "$hex WARN, verify: $v" '[ "${v%% *}" = PASS ] && [ "${v#* }" != 0 ]' ;;
	PASS) expect "$hex PASS, verify: $v" '[ "$v" = "PASS 0" ]' ;;
	*) expect "$hex has a screen verdict ($status)" false ;;
	esac
done < <(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["screen"] == "full"
for c in d["candidates"] + d["dropped"]:
    print(c["hex"], c["screen"])' "$out")
expect "some kept, some dropped" 'python3 -c "import json,sys; d=json.load(open(\"$out\")); sys.exit(not (d[\"candidates\"] and d[\"dropped\"]))"'
# --all: the failures in the table, marked, and their reasons below
./cfx search --bits 32 --prime --top 1 --all >"$out"
expect "--all: FAIL rows in the table" 'grep -Eq "^ *[0-9]+ +0x[0-9a-f]+ .* FAIL +stride" "$out"'
expect "--all: each failure with a one-line reason" \
	'sed -n "/^failed by the screen:/,/^$/p" "$out" | grep -Eq "^  0x9e370001  stride 2\^16: "'
# The prediction is verify's stride map (search_predict ->
# verify_strides_fail -> stride_screen_set -> worst_gated, the function
# verify_strides -> stride_map -> stride_worst runs with no gate; one
# rule, verify_rule): a candidate it drops names a stride whose R
# verify's map gives too, with the map's FAIL, and python recomputes that
# R by brute force (every pair of keys over a uniform start, and the
# keys k c from 0 counted), not by cfx's lattice.
./cfx search --bits 32 --terms 3 --window 4 --screen full --top 1 --all --json >"$out"
read -r hex c b load r < <(python3 -c '
import json, re, sys
d = json.load(open(sys.argv[1]))
for x in d["dropped"]:
    m = re.match(r"stride map: keys k\*(\d+) at 2\^(\d+) buckets x(\d+) cost (\S+) times", x["reason"])
    if m:
        print(x["hex"], *m.groups()); break' "$out")
expect "search drops a candidate by the stride prediction ($hex: k*$c, 2^$b x$load, R $r)" '[ -n "$c" ]'
./cfx verify --json "$hex" >"$tmp/v"
expect "verify FAILs $hex on its stride map, worst stride $c at 2^$b x$load, R $r" \
	'python3 -c "
import json, sys
d = json.load(open(sys.argv[1])); m = d[\"stride_map\"]; s = m[\"strides\"][0]
sys.exit(not (d[\"verdict\"] == \"FAIL\" and m[\"status\"] == \"FAIL\" and
    int(s[\"stride\"]) == $c and (s[\"table_bits\"], s[\"load\"]) == ($b, $load) and
    \"%.3g\" % s[\"predicted\"] == \"%.3g\" % float(\"$r\")))" "$tmp/v"'
# /usr/bin/python3 below: Debian's, for numpy (python3-numpy comes with the
# python3-scipy that scripts/deps.sh installs for make check)
read -r pr pb pl < <(/usr/bin/python3 tests/verify/stride_brute.py worst "$hex" 32 "$c")
expect "python's brute force: stride $c worst R $pr at 2^$pb x$pl (search: $r)" \
	'[ "$pb $pl" = "$b $load" ] && python3 -c "import sys; sys.exit(not (\"%.3g\" % $pr == \"%.3g\" % $r))"'
pc=$(/usr/bin/python3 tests/verify/stride_brute.py counted "$hex" 32 "$c" "$b" $((load << b)))
expect "python counts keys k*$c from 0 at that cell: R $pc, as verify's counted" \
	'python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))[\"stride_map\"][\"strides\"][0]
sys.exit(not abs(s[\"counted\"] - $pc) < 1e-4 * $pc)" "$tmp/v"'
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
