#!/bin/bash
# verify --table-bits B judges the key families at 2^B only; the stride
# map and the field screens are ranked against random multipliers' worst
# over their own fixed tables, so their rows may name another table.  A
# reader who asked for 2^B must be told: every row naming a table other
# than 2^B is one of those screens, and the report says they judge other
# tables (the range printed is the one the rows use).
. "$(dirname "$0")/lib.sh"
for a in "0x9e370001 --table-bits 10" "0x61C88647 --table-bits 12" \
         "0x9e3779b97f4a7c15 --table-bits 16"; do
	set -- $a
	B=$3
	./cfx verify $a >"$tmp/r.txt" 2>&1
	r=$(python3 - "$tmp" "$B" <<'PY'
import re, sys
sys.path.insert(0, sys.argv[1])
import vtable
B = int(sys.argv[2])
text = open(sys.argv[1] + "/r.txt").read()
flat = re.sub(r"\s+", " ", text)
screens = ("stride map", "field offsets", "field layouts")
other, errs = [], []
for row in vtable.rows(sys.argv[1] + "/r.txt"):
    for t in re.findall(r"at 2\^(\d+) x\d", row):
        if int(t) != B:
            if row.startswith(screens):
                other.append(int(t))
            else:
                errs.append("family row at 2^%s: %s" % (t, row[:40]))
m = re.search(r"The stride map and the field screens judge tables 2\^(\d+)\.\.2\^(\d+) whatever --table-bits asks", flat)
if other and not m:
    errs.append("rows at 2^%s, and the report does not say the screens judge other tables" % other)
if m and any(not int(m.group(1)) <= t <= int(m.group(2)) for t in other):
    errs.append("a screen row outside the range said")
print("; ".join(errs) or "ok (%d screen rows at other tables)" % len(other))
PY
)
	expect "verify $a: rows at other tables are said ($r)" '[ "${r%% *}" = ok ]'
done
done_suite table_bits_rows
