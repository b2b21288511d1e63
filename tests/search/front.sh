#!/bin/bash
# search's table and front keep their columns whatever the width of what
# is in them: a cost marked "*" (not proven the fewest) beside unmarked
# ones (the front's "6*" row stood one column right of the others, the
# table's "6/5*" one left), a depth or an R wider than the rest.  Every
# row of each is cut into its fields here (Python's re), and each field
# must start, or a number end, in one column on every row.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2

# aligned FILE: "ok N M" (N table rows, M front rows, K of them marked)
# when every column lines up, else the rows that do not
aligned() {
	python3 - "$1" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
bad = []

def check(kind, rows, cols):
    for name, at in cols.items():
        seen = {}
        for line, m in rows:
            seen.setdefault(at(line, m), []).append(line)
        if len(seen) > 1:
            bad.append("%s: %s in columns %s:\n  %s" % (
                kind, name, sorted(seen), "\n  ".join(
                    v[0] for v in seen.values())))

table = []
for l in lines:
    m = re.match(r"( *\d+)  (0x[0-9a-f]+) +(\d+/[\d-]+)([* ]) +(\d+) +(\S+)"
                 r"  (-|yes|no|prob\.) +([A-Z]+)", l)
    if m:
        table.append((l, m))
check("table", table, {
    "rank's end": lambda l, m: m.end(1),
    "multiplier": lambda l, m: m.start(2),
    "adders/depth's end": lambda l, m: m.end(3),
    "golden prefix's end": lambda l, m: m.end(5),
    "largest quotient's end": lambda l, m: m.end(6),
    "prime": lambda l, m: m.start(7),
    "screen": lambda l, m: m.start(8),
})
front, on = [], False
for l in lines:
    if l.startswith("front:"):
        on = True
        continue
    if on and not l.strip():
        break
    if on:
        m = re.match(r" +(\d+)(\*?) +adders, depth (\S+) +(0x[0-9a-f]+)"
                     r"  R (\S+) +([A-Z]+)$", l)
        if not m:
            bad.append("front: a row not in the front's form: %r" % l)
            continue
        front.append((l, m))
check("front", front, {
    "adders' end": lambda l, m: m.end(1),
    "adders,": lambda l, m: l.index(" adders,"),
    "depth": lambda l, m: m.start(3),
    "multiplier": lambda l, m: m.start(4),
    "R": lambda l, m: m.start(5),
    "screen": lambda l, m: m.start(6),
})
if bad:
    print("\n".join(bad))
    sys.exit(1)
print("ok %d %d %d" % (len(table), len(front),
                       sum(m.group(2) == "*" for l, m in front)))
PY
}

# the defaults, --terms 8 (a front with a "*" row among unmarked ones;
# the defaults' has none since the quick screen counts table 2^4, nor
# --terms 11's since it judges its survivors at every table), then
# primes, and every row with --all
for args in "" "--terms 8" "--prime --top 3" "--all --top 2"; do
	./cfx search $args >"$tmp/out" 2>"$tmp/err"
	expect "search $args ran" '[ $? = 0 ]'
	r=$(aligned "$tmp/out")
	expect "search $args: every column lines up ($r)" '[ "${r%% *}" = ok ]'
	[ "${r%% *}" = ok ] || { echo "$r"; sed 's/^/| /' "$tmp/out"; }
	if [ "$args" = "--terms 8" ]; then
		read -r _ _ rows marked <<<"$r"
		expect "    the --terms 8 front: $marked of ${rows:-0} rows marked, some not" \
			'[ "${rows:-0}" -ge 2 ] && [ "${marked:-0}" -ge 1 ] && [ "$marked" -lt "$rows" ]'
	fi
done

done_suite front
