#!/bin/bash
# Lessons 4, 5, 8 and 9 replayed by a learner who had not seen them
# (issue 24, hP): every prediction, right or wrong, ends with why (an
# explain:), and lesson 4 step 6's largest gap ratio before a_13 is told
# where it holds.  The ratio is recomputed here by brute force over the
# points k * 0x9e370001 mod 2^32; the lesson files are read by
# tests/lessons/lessonfile.py.
. "$(dirname "$0")/lib.sh"
python3 - "$root/lessons" <<'PY'
import os, re, sys
import lessonfile
from lessonfile import ok, bad, joined

d = sys.argv[1]
les = {tag: lessonfile.parse(os.path.join(d, f)) for f, tag in lessonfile.lessons(d)}
for tag in ("04", "05", "08", "09"):
    for i, st in enumerate(les[tag]["steps"], 1):
        if st["kind"] == "predict":
            (ok if st["explain"] else bad)(
                "lesson %s step %d (%s): the prediction is explained" % (tag, i, st["title"]))

# lesson 4 step 6: max/min of the gaps of K points, K <= 233
P, N = 0x9e370001, 2 ** 32
def ratio(K):
    pts = sorted(k * P % N for k in range(1, K + 1))
    g = [(pts[(j + 1) % K] - pts[j]) % N for j in range(K)]
    return max(g) / min(g)
r = {K: ratio(K) for K in range(2, 234)}
top = max(r.values())
at = [K for K in r if abs(r[K] - top) < 1e-12]
first, last = min(at), max(at)
assert at == list(range(first, last + 1))
s = joined(les["04"]["steps"][5]["prose"])
m = re.search(r"at most (\d\.\d+), from (\d+) to (\d+) points", s)
(ok if m and float(m.group(1)) == round(top, 3) and
 (int(m.group(2)), int(m.group(3))) == (first, last) else bad)(
    "lesson 4 step 6: the largest ratio up to 233 points is %.3f, at every "
    "count from %d to %d (the lesson: %s)" % (top, first, last,
    m.group(0) if m else "names no range"))
lessonfile.finish("lessons/newcomer")
PY
