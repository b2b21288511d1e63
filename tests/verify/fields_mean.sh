#!/bin/bash
# A --fields row of 3 or 4 fields predicts its worst cell's R honestly
# (issue 21).  The prediction summed the pairs along the lines of the
# reduced basis vectors only, and took every other point as a random
# hash's; with three or four fields two short vectors span a plane whose
# points lie off those lines, so 0x10001 at x<<24|y<<12|z read "predicted
# 2.43, counted 6.31" where the mean over random starts is 5.44.  Here
# numpy computes that mean with no lattice: the cell's keys hashed, their
# products sorted round the word, and every pair closer than a bucket's
# width W counted with the chance (W - d) / W that a random start puts
# both in one bucket.  The row's prediction must equal it (3 significant
# digits), on constants built to collapse (sparse p = 2^k + ... + 1 whose
# shifts line up with the fields) and ordinary ones.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
py=/usr/bin/python3   # Debian's, for numpy

cases="0x10001 32 24,12
0x100401 32 20,10
0x61C88647 32 24,12
0x01010101 32 24,16,8
0x9e370001 32 24,16,8
0x0000010000100001 64 40,20
0x0001000100010001 64 48,32,16
0x61C8864680B583EB 64 32,20,12"
while read -r p n lay; do
	./cfx verify "$p" --bits "$n" --fields "$lay" --json >"$tmp/f.json" \
		2>"$tmp/err" || true
	r=$($py - "$tmp/f.json" "$p" "$n" "$lay" <<'PY'
import json, re, sys
import numpy as np
sys.path.insert(0, "tests/verify")
import fields_brute as fb
d = json.load(open(sys.argv[1]))
p, n = int(sys.argv[2], 0), int(sys.argv[3])
shifts = [int(s) for s in sys.argv[4].split(",")] + [0]
row = [c for c in d["checks"] if c.get("yours")]
m = row and re.match(r"R \S+ at 2\^(\d+) x(\d+) \(predicted (at least )?"
                     r"([^ ,]+)", row[0]["detail"])
if not m:
    print("BAD no predicted R in the row"); sys.exit()
b, load, pred = int(m.group(1)), int(m.group(2)), float(m.group(4))
widths = [(shifts[i - 1] if i else n) - shifts[i]
          for i in range(len(shifts))]
xb = fb.spread(widths, b + load.bit_length() - 1)
h = np.sort(fb.hashes(p, n, shifts, xb).astype(np.float64) / 2.0 ** n)
K, W = len(h), 2.0 ** -b
h2 = np.concatenate([h, h + 1])          # round the word
P = np.concatenate([[0.0], np.cumsum(h2)])
i = np.arange(K)
hi = np.searchsorted(h2, h + W, "left")  # closer than W: j < hi
c = hi - i - 1
s = P[hi] - P[i + 1] - c * h             # their distances, summed
sq = K + 2 * float(np.sum(c - s / W))    # the mean sum of squared loads
M = 2.0 ** b
mean = (sq + K) / 2 / ((K * (1 - 1 / M) + K * K / M + K) / 2)
# "at least": a lower bound (too many points to visit), never above
ok = (pred <= mean * 1.005 if m.group(3)
      else abs(pred - mean) <= 0.005 * mean + 1e-9)
print("%s 2^%d x%d: predicted %s%s, numpy's mean over starts %.4g"
      % ("ok" if ok else "BAD", b, load, m.group(3) or "", m.group(4), mean))
PY
)
	expect "$p --fields $lay ($n bits) $r" '[ "${r%% *}" = ok ]'
done <<<"$cases"
done_suite fields_mean
