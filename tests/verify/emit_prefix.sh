#!/bin/bash
# verify --emit patch's comment names a golden prefix: it must be the run
# of 1s (after a_0 = 0) at the start of the continued fraction of the
# constant the comment says it is counted on (the constant itself, or
# 2^n - p when the comment says so), computed here by Euclid in Python.
# 0x61c88647 has 20 ones after its 2; its mirror 0x9e3779b9 has 22, and
# the comment once said "its golden prefix ... is 22" without naming the
# mirror (a reviewer counting the listed terms saw 20).
. "$(dirname "$0")/lib.sh"
for c in 0x61C88647 0x9e3779b9 0x61C8864680B583EB 0x9e3779b97f4a7c15 \
         0x9e370001 0x9e37fffffffc0001 0x2545F4914F6CDD1D 0x27d4eb2d; do
	./cfx verify "$c" --emit patch --force >"$tmp/p.h" 2>/dev/null
	r=$(python3 - "$tmp/p.h" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
com = " ".join(l.strip(" */") for l in text.split("#define")[0].splitlines())
com = re.sub(r"\s+", " ", com)
m = re.search(r"(0x[0-9a-f]+) / 2\^(\d+) has the continued fraction expansion ([0-9, ]+):", com)
p, n, listed = int(m.group(1), 16), int(m.group(2)), [int(t) for t in m.group(3).replace(" ", "").split(",")]
if not m:
    print("no expansion in the comment"); sys.exit()
g = re.search(r"golden prefix \(the run of 1s that tracks 1/phi\) is (\d+)(, counted on 2\^(\d+) - (0x[0-9a-f]+) = (0x[0-9a-f]+))?", com)
if not g:
    print("no golden prefix in the comment"); sys.exit()
claimed = int(g.group(1))
def cf(a, b):
    out = []
    while b:
        out.append(a // b); a, b = b, a % b
    return out
def prefix(q):
    k = 0
    for t in q[1:]:
        if t != 1: break
        k += 1
    return k
errs = []
if cf(p, 2**n) != listed:
    errs.append("listed expansion is not p's")
on = p
if g.group(2):
    if int(g.group(3)) != n or int(g.group(4), 16) != p or int(g.group(5), 16) != 2**n - p:
        errs.append("the mirror named is not 2^n - p")
    on = int(g.group(5), 16)
if prefix(cf(on, 2**n)) != claimed:
    errs.append("claimed %d, python counts %d on %#x" % (claimed, prefix(cf(on, 2**n)), on))
# the larger of the two runs is what cfx calls the golden prefix
if claimed != max(prefix(cf(p, 2**n)), prefix(cf(2**n - p, 2**n))):
    errs.append("not the larger of p's and 2^n - p's runs")
print("; ".join(errs) or "ok")
PY
)
	expect "$c: the comment's golden prefix is Python's count ($r)" '[ "$r" = ok ]'
done
done_suite emit_prefix
