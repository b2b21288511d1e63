#!/bin/bash
# The man page's "What it finds" paragraph on the 32-bit front
# (cfx search --bits 32 --prime, K = 7, window 2^-8, quick screen): each
# constant it names with "(N adders, depth D, ... R X" must be on the
# program's front with those figures, the front must hold nothing else,
# and each power sum it writes must equal the hex (python3 arithmetic).
# It once named 0x9e008021, which the quick screen's joint rule drops.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
json=$tmp/json
./cfx search --bits 32 --prime --terms 7 --window 8 --json >"$json" 2>/dev/null
msg=$(python3 - "$json" <<'PY'
import json, re, sys
s = open("man/cfx.1").read()
i = s.index("At 32 bits the K = 7")
para = s[i:s.index(".IP", i)].replace("\\-", "-").replace("\n", " ")
claims = re.findall(r"(0x[0-9a-f]+) = ([0-9^+\- ]+?) \((\d+) adders, depth (\d+)"
                    r"[^R]*R ([0-9.]+)", para)
front = {f["hex"]: f for f in json.load(open(sys.argv[1]))["front"]}
errs = []
if not claims:
    errs.append("no front constant found in the paragraph")
for hx, ps, a, d, r in claims:
    if eval(ps.replace("^", "**")) != int(hx, 16):
        errs.append(f"{hx} != {ps}")
    f = front.get(hx)
    if f is None:
        errs.append(f"{hx} is not on the front ({' '.join(front)})")
    elif (f["adders"], f["depth"]) != (int(a), int(d)) or \
            abs(f["quality"] - float(r)) > 0.5 * 10 ** -(len(r.split(".")[1])):
        errs.append(f"{hx}: man {a}/{d} R {r}, front {f['adders']}/{f['depth']} R {f['quality']:.3g}")
if len(claims) != len(front):
    errs.append(f"man names {len(claims)}, the front has {len(front)}")
print("; ".join(errs))
PY
)
expect "man page 32-bit front: $msg" '[ -z "$msg" ]'
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
