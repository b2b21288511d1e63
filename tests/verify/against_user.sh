#!/bin/bash
# cfx verify --against REF with the user's own families (--stride,
# --fields, --keys): the table ends, names each of the user's families
# once, and each column's word for it is what verify says of that
# constant alone (its JSON "yours" checks).  The table's loop once ran
# forever here (a user family after the battery never advanced).
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
cfx=./cfx
A=0x61C88647 B=0x9e3779b1
for opts in "--stride 104" "--fields 20" "--keys random:5 --table-bits 4-10" \
            "--stride 24 --fields 12 --keys seq" "--full --stride 104"; do
	timeout 60 $cfx verify $opts --against $B $A >"$tmp/out" 2>"$tmp/err"
	rc=$?
	expect "$opts: ends (status 0 or 1, not $rc)" '[ $rc = 0 ] || [ $rc = 1 ]'
	expect "$opts: output bounded ($(wc -c <"$tmp/out") bytes)" \
		'[ $(wc -c <"$tmp/out") -lt 20000 ]'
	for p in $A $B; do
		$cfx verify ${opts/--full/} --json $p >"$tmp/$p.json" 2>/dev/null
	done
	python3 - "$tmp/out" "$tmp/$A.json" "$tmp/$B.json" >"$tmp/cmp" <<'PYEOF'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
# the table: from its header to the first empty line (the paragraphs
# after it name families too)
start = next(i for i, l in enumerate(lines) if l.startswith("check "))
end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
table = lines[start:end]
a = json.load(open(sys.argv[2])); b = json.load(open(sys.argv[3]))
ya = [c for c in a["checks"] if c.get("yours")]
yb = {c["name"]: c for c in b["checks"] if c.get("yours")}
bad = []
if not ya:
    bad.append("no family of yours in the JSON")
for c in ya:
    rows = [l for l in table if l.startswith(c["name"] + " ")]
    if len(rows) != 1:
        bad.append("%s: %d rows" % (c["name"], len(rows)))
        continue
    words = [w for w in rows[0][len(c["name"]):].split() if w in ("PASS", "WARN", "FAIL", "INFO")]
    if words != [c["status"], yb[c["name"]]["status"]]:
        bad.append("%s: %s, alone %s %s" % (c["name"], words, c["status"], yb[c["name"]]["status"]))
print("; ".join(bad) if bad else "same")
PYEOF
	expect "$opts: each family of yours once, as verify alone says ($(cat "$tmp/cmp"))" \
		'[ "$(cat "$tmp/cmp")" = same ]'
done
done_suite against_user
