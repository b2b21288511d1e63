#!/bin/bash
# verify shows what cfx shifts --optimal finds when it beats the NAF (issue
# 11: "the cost shown in verify and search when it exists"): the same
# adders and depth as the shifts command, and a sequence that, run here by
# python3 from its JSON steps, multiplies by p mod 2^n on random inputs
# and has fewer adders than the NAF's weight - 1 (counted here, digit by
# digit).  Where the NAF is already as short, verify says nothing more.
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

for case in "0x61C88647 32" "0x9E3779B9 32" "0x9e370001 32" \
            "0x61C8864680B583EB 64" "3 32" "0x80000001 32"; do
	set -- $case
	./cfx verify "$1" --bits "$2" --table-bits 4-6 --json >"$tmp/v" 2>/dev/null
	./cfx shifts --optimal "$1" --bits "$2" --json >"$tmp/s" 2>/dev/null
	if [ ! -s "$tmp/v" ] || [ ! -s "$tmp/s" ]; then
		bad "$1: no JSON"
		continue
	fi
	res=$(python3 - "$1" "$2" "$tmp/v" "$tmp/s" <<'PY'
import json, random, sys
sys.path.insert(0, "tests/lib")
from shiftadd import run_steps
p, n = int(sys.argv[1], 0), int(sys.argv[2])
v, s = json.load(open(sys.argv[3])), json.load(open(sys.argv[4]))
mask = (1 << n) - 1
# NAF weight of p mod 2^n, digit by digit
x, w = p & mask, 0
while x:
    if x & 1:
        d = 2 - (x & 3)
        x -= d
        w += 1
    x >>= 1
naf = max(w - 1, 0)
rng = random.Random(11)
good = all(run_steps(s["steps"], x, mask) == (x * p) & mask
           for x in [rng.getrandbits(n) for _ in range(200)])
detail = [c["detail"] for c in v["checks"] if c["name"] == "shift/add"][0]
said = "shifts --optimal: %d adders, depth %d" % (s["adders"], s["depth"])
said = said.replace("shifts --optimal", "reusing results (shifts --optimal)")
if not good:
    print("the sequence does not multiply by p")
elif s["adders"] < naf and said not in detail:
    print("verify says %r, shifts --optimal %d/%d (NAF %d)"
          % (detail, s["adders"], s["depth"], naf))
elif s["adders"] >= naf and "optimal" in detail:
    print("verify mentions a sequence no shorter than the NAF: %r" % detail)
else:
    print("ok")
PY
)
	[ "$res" = ok ] && ok || bad "$1 on $2 bits: $res"
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
