#!/bin/bash
# A k*c family's verdict is the rule on its Gauss-Kuzmin P (verify.h),
# so its row must show that P wherever the rule weighed it (worst R >=
# 1.5), also when a ranked share stands beside it.  For every family of
# `cfx verify --full` (a row each) that has a step (keys k0 + k c) and R
# >= 1.5: its row says "1 in N by Gauss-Kuzmin", and the rule computed
# here from the row's own numbers (R and 1/N, F checks: FAIL when R >= 2
# and P F < 0.05, WARN when R >= 1.5 and P F < 0.5) gives the row's
# status.  (The WARN row "stride 2^22  R 11.1 ...; 99.8% do better" of
# 0x9e370001 showed no P: its verdict could not be read off it.)
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
for c in 0x9e370001 0x8080202004040101; do
	./cfx verify --json $c > /tmp/gk_row.$$.json
	./cfx verify --full $c > /tmp/gk_row.$$.txt
	out=$(python3 - /tmp/gk_row.$$.json /tmp/gk_row.$$.txt $c <<'PY'
import json, re, sys
j = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
c = sys.argv[3]
F = j["judged"]
# the table's rows (continuation lines joined)
rows, cur = {}, None
for line in text.split("\n"):
    m = re.match(r"^(\S.{19}) (PASS|WARN|FAIL|INFO)  (.*)$", line)
    if m:
        cur = m.group(1).strip()
        rows[cur] = [m.group(2), m.group(3)]
    elif cur and line.startswith("        ") and line.strip():
        rows[cur][1] += " " + line.strip()
    else:
        cur = None
ok = bad = 0
for f in j["battery"]:
    if "step" not in f or f["worst_probe_ratio"] < 1.5 or f["status"] == "INFO":
        continue
    name = f["name"]
    if name not in rows:
        print("FAIL %s %s: no row" % (c, name)); bad += 1; continue
    st, ev = rows[name]
    m = re.search(r"1 in ([0-9.e+]+) by Gauss-Kuzmin|P ([0-9.e+-]+) by Gauss-Kuzmin", ev)
    if not m:
        print("FAIL %s %s %s: no Gauss-Kuzmin P on the row: %s" % (c, name, st, ev)); bad += 1; continue
    P = 1 / float(m.group(1)) if m.group(1) else float(m.group(2))
    R = f["worst_probe_ratio"]
    want = "FAIL" if R >= 2 and P * F < 0.05 else "WARN" if R >= 1.5 and P * F < 0.5 else "PASS"
    if want != st or abs(P / f["tail"] - 1) > 0.06:
        print("FAIL %s %s: row %s, P %g (JSON tail %g): the rule gives %s" % (c, name, st, P, f["tail"], want)); bad += 1
    else:
        ok += 1
print("ok   %s: %d k*c rows at R >= 1.5 show the P their verdict used" % (c, ok))
print("COUNT", ok, bad)
PY
)
	echo "$out" | grep -v '^COUNT'
	set -- $(echo "$out" | sed -n 's/^COUNT //p')
	pass=$((pass + ${1:-0})) fail=$((fail + ${2:-1}))
done
rm -f /tmp/gk_row.$$.json /tmp/gk_row.$$.txt
echo "gk_row: $pass passed, $fail failed"
[ "$fail" = 0 ]
