#!/bin/bash
# The provenance of verify's reference data (src/core/verify_cal.inc):
# the generator, run again with the seed the file names for a few
# multipliers, draws the same multipliers and measures the same worst R
# for every reference family as the committed rows; and the file's
# percentiles are ordered, its tails positive, its counts >= 1000.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
inc=src/core/verify_cal.inc
make -s build/calibrate >/dev/null 2>&1 || { bad "build/calibrate builds"; echo "calibration: $pass passed, $fail failed"; exit 1; }
seed=$(awk '/#define VERIFY_CAL_SEED/ { sub(/UL$/, "", $3); print $3 }' "$inc")
count=$(awk '/#define VERIFY_CAL_COUNT/ { sub(/U$/, "", $3); print $3 }' "$inc")
if [ "${count:-0}" -ge 1000 ]; then ok "$count multipliers per word size"
else bad "only ${count:-0} multipliers"; fi
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
build/calibrate --count 3 --rows 3 --seed "$seed" >"$tmp" 2>/dev/null
for w in 32 64; do
	want=$(grep -E "^	\{ $w, 0x" "$inc" | head -3)
	got=$(grep -E "^	\{ $w, 0x" "$tmp" | head -3)
	if [ -n "$want" ] && [ "$want" = "$got" ]; then
		ok "seed $seed regenerates the first $w-bit rows"
	else bad "$w-bit rows differ: $(diff <(echo "$want") <(echo "$got") | head -3)"; fi
done
# the percentile tables: 101 non-decreasing values, a positive tail
if /usr/bin/env python3 - "$inc" <<'PYEOF'
import re, sys
t = open(sys.argv[1]).read()
refs = re.findall(r"\{ (\d+), VERIFY_\w+, \d+, (\d+), /\* (.+?) \*/\s*\{([^}]*)\},\s*([0-9.e+-]+) \}", t)
# 12 families at 32 and 64 bits; the few-key families with a start (4
# bytes and start+k*4096 at 32 bits, 8 bytes at 64); the sequential keys
# on w-bit words, w = 11..22
assert len(refs) == 12 + 5 + 8 + 12, len(refs)
for bits, n, name, pct, beta in refs:
    v = [float(x) for x in pct.split(",")]
    assert len(v) == 101 and all(a <= b for a, b in zip(v, v[1:])), name
    assert float(beta) > 0 and int(n) >= 1000, name
PYEOF
then ok "37 reference families, ordered percentiles"; else bad "reference tables"; fi
# the sequential keys on 4..10-bit words, whose reference is every odd
# multiplier's worst R: each one recounted here key by key (tables 2^4 to
# 2^w, 1, 2, 4, 8 keys a bucket, K <= 2^w keys; R = sum l (l + 1) / 2
# over the ideal (K (1 - 1/M) + K^2/M + K) / 2), sorted, against the
# committed values
if /usr/bin/env python3 - "$inc" <<'PYEOF'
import re, sys
t = open(sys.argv[1]).read()
body = t[t.index("verify_exact_r[] = {"):]
body = body[:body.index("};")]
runs = re.split(r"/\* (\d+) bits: (\d+) \*/", body)[1:]
got = {int(runs[i]): [float(x) for x in runs[i + 2].replace("\n", " ").split(",")
                      if x.strip()] for i in range(0, len(runs), 3)}
assert sorted(got) == list(range(4, 11)), sorted(got)
def worst(p, w):
    best = 0
    for b in range(4, w + 1):
        M = 1 << b
        for l in range(4):
            K = M << l
            if K > 1 << w:
                break
            loads = [0] * M
            for k in range(K):
                loads[((k * p) % (1 << w)) >> (w - b)] += 1
            s = sum(x * (x + 1) / 2 for x in loads)
            best = max(best, s / ((K * (1 - 1 / M) + K * K / M + K) / 2))
    return best
for w, vals in sorted(got.items()):
    want = sorted(worst(p, w) for p in range(1, 1 << w, 2))
    assert len(vals) == len(want), (w, len(vals))
    for a, b in zip(vals, want):
        assert abs(a - b) <= 1e-12 * b, (w, a, b)
PYEOF
then ok "sequential keys on 4..10-bit words: every odd multiplier recounted"
else bad "the small words' exact ranks differ from a recount"; fi
# the stride map's reference (src/core/stride_cal.inc): the same seed
# regenerates its first rows (each multiplier's map: its worst R and its
# strides at R >= 4), its percentiles are ordered
sinc=src/core/stride_cal.inc
sseed=$(awk '/#define STRIDE_CAL_SEED/ { sub(/UL$/, "", $3); print $3 }' "$sinc")
build/calibrate --strides --count 3 --rows 3 --seed "$sseed" >"$tmp" 2>/dev/null
for w in 32 64; do
	want=$(grep -E "^	\{ $w, 0x" "$sinc" | head -3)
	got=$(grep -E "^	\{ $w, 0x" "$tmp" | head -3)
	if [ -n "$want" ] && [ "$want" = "$got" ]; then
		ok "seed $sseed regenerates the first $w-bit stride maps"
	else bad "$w-bit stride rows differ: $(diff <(echo "$want") <(echo "$got") | head -3)"; fi
done
if /usr/bin/env python3 - "$sinc" <<'PYEOF'
import re, sys
t = open(sys.argv[1]).read()
refs = re.findall(r"\{ (\d+), (\d+),\s*\{([^}]*)\},\s*([0-9.e+-]+),\s*\{([^}]*)\},", t)
assert len(refs) == 2, len(refs)
for bits, n, pct, beta, col in refs:
    for s in (pct, col):
        v = [float(x) for x in s.split(",")]
        assert len(v) == 101 and all(a <= b for a, b in zip(v, v[1:])), bits
    assert float(beta) > 0 and int(n) >= 1000, bits
PYEOF
then ok "stride map reference: 2 word sizes, ordered percentiles"; else bad "stride map reference"; fi
echo "calibration: $pass passed, $fail failed"
[ $fail = 0 ]
