#!/bin/bash
# search's table: the quotient column is the largest EARLY quotient (a_k
# with q_(k-1) < 2^23, the ranking's), not the largest of the whole
# expansion (0x9e3779fffffffffffffffffff on 100 bits shows 9 while a_28
# is 18014398509481983): its header says "max early" and --help says
# what it is.  Each row's figure, and the prefix beside it, recomputed
# by Euclid in Python from the row's multiplier.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
for a in "--bits 32" "--bits 100 --window 16" "--bits 64 --terms 7 --window 10 --all"; do
	./cfx search $a --top 5 >"$tmp/s.txt" 2>/dev/null
	bits=$(set -- $a; echo "$2")
	r=$(python3 - "$tmp/s.txt" "$bits" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
n = int(sys.argv[2])
def cf(a, b):
    out = []
    while b:
        out.append(a // b); a, b = b, a % b
    return out
errs, rows = [], 0
head = [l for l in lines if "adders/" in l]
if not head or "max early" not in head[0]:
    errs.append("header: %r" % (head[:1],))
for l in lines:
    m = re.match(r"\s*\d+\s+(0x[0-9a-f]+)\s+\S+\s+(\d+)\s+(\d+)\s", l)
    if not m:
        continue
    rows += 1
    p, prefix, big = int(m.group(1), 16), int(m.group(2)), int(m.group(3))
    q = cf(p, 2**n)
    best, q0, qm1 = 0, 1, 0
    for k in range(1, len(q)):
        if q0 < 2**23:
            best = max(best, q[k])
        q0, qm1 = q[k] * q0 + qm1, q0
    run = 0
    for t in q[1:]:
        if t != 1: break
        run += 1
    mir = cf(2**n - p, 2**n); mrun = 0
    for t in mir[1:]:
        if t != 1: break
        mrun += 1
    if big != best:
        errs.append("%#x: shows %d, python %d" % (p, big, best))
    if prefix not in (run, mrun):
        errs.append("%#x: prefix %d, python %d or %d" % (p, prefix, run, mrun))
print("; ".join(errs) if errs else "ok %d rows" % rows if rows else "no rows")
PY
)
	expect "search $a: the max early quotient and prefix of every row ($r)" '[ "${r%% *}" = ok ]'
done
h=$(./cfx search --help | tr '\n' ' ')
expect "search --help says what the max early quotient is" \
	'[[ "$h" == *"the max early quotient (the largest of those early quotients"* ]]'
done_suite columns
