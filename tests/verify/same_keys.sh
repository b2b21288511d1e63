#!/bin/bash
# The same keys get the same rank (issue 21, the trial's point 6).
# --keys stride:C at tables of yours (--table-bits) was ranked against
# the sequential keys' committed reference, which is of the default
# tables' worst (2^4..2^20): at 2^10 alone 0x9e370001's stride:104 read
# "<0.1% do better" at R 0.906 while a key file of the same 8192 keys,
# ranked against random multipliers counted on its own cells, read
# "15.5%".  Now a progression at tables of yours is ranked as a key set
# is: the two rows say the same, R is numpy's count of the keys k*C (k <
# 8 2^b) at 2^b buckets, 1 to 8 a bucket, and the share that does better
# is within 4 standard deviations of python's own over 1000 random odd
# multipliers (numpy's generator, not cfx's).
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
py=/usr/bin/python3
cat >"$tmp/share.py" <<'PYEOF'
import sys, numpy as np
sys.path.insert(0, "tests/verify")
from stride_brute import ratio
def worst(m, c, b, n=32):
    best = 0
    for load in (1, 2, 4, 8):
        K = load << b
        k = np.arange(K, dtype=np.uint64)
        h = ((k * np.uint64((c * m) % 2**n)) & np.uint64(2**n - 1)) \
            >> np.uint64(n - b)
        loads = np.bincount(h.astype(np.int64), minlength=1 << b)
        best = max(best, ratio(float((loads * loads.astype(float)).sum()),
                               K, b))
    return best
p, c, b = int(sys.argv[1], 0), int(sys.argv[2]), int(sys.argv[3])
r = worst(p, c, b)
rng = np.random.default_rng(7)
ms = [int(x) | 1 for x in rng.integers(0, 2**32, 1000, dtype=np.uint64)]
ref = [worst(m, c, b) for m in ms]
print("%.3g %.2f" % (r, 100 * sum(x < r * (1 - 1e-12) for x in ref) / 1000))
PYEOF
for pcb in "0x9e370001 104 10" "0x9e370001 104 12" "0x61C88647 104 10"; do
	set -- $pcb
	p=$1 c=$2 b=$3
	$py -c "print('\n'.join(hex(k * $c) for k in range(8 << $b)))" \
		>"$tmp/keys"
	./cfx verify "$p" --keys "stride:$c" --table-bits "$b" 2>/dev/null |
		grep "^keys stride" | tr -s ' ' |
		sed 's/^keys [^ ]* (yours) *//' >"$tmp/a"
	./cfx verify "$p" --keys "file:$tmp/keys" --table-bits "$b" \
		2>/dev/null | sed -n '/^keys file/,/^[a-z]/p' | sed '$d' |
		tr -s ' \n' ' ' | sed 's/^keys [^ ]* (yours) *//; s/ $//' \
		>"$tmp/b"
	expect "$pcb: stride, file alike ($(cat "$tmp/a") | $(cat "$tmp/b"))" \
		'[ -s "$tmp/a" ] && [ "$(cat "$tmp/a")" = "$(cat "$tmp/b")" ]'
	read -r r share <<<"$($py "$tmp/share.py" "$p" "$c" "$b")"
	expect "$pcb: R $r as numpy counts" \
		'grep -q "^[A-Z]* R $r at" "$tmp/a"'
	# "16 of 100 do better" (all the sample of 100 can show), as a share
	got=$(sed -n 's/.*; \([0-9]*\) of \([0-9]*\) do better.*/\1 \2/p' \
		"$tmp/a" | awk 'NF == 2 { print 100 * $1 / $2 }')
	expect "$pcb: $got% do better, python $share% over 1000" \
		"$py -c 'import math, sys
s, g = $share / 100, float(\"${got:-nan}\") / 100
sd = math.sqrt(max(s * (1 - s), 0.01) * (1 / 100 + 1 / 1000))
sys.exit(not abs(s - g) <= 4 * sd)'"
done
done_suite same_keys
