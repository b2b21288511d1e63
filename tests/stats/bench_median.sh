#!/bin/bash
# cfx bench, one median throughout (issue 25 point 6): with an even count
# of rounds --full's stats block's "median ratio" is the ratio of the same
# median the table shows, ministat's x[n/2] of the sorted blocks, not the
# ordinary median (the mean of the middle two).  The oracle: python's
# sorted() of the raw block times bench writes with --raw.  `cfx stats
# --ratio` takes the same x[n/2] as its table, and says so.
set -u
cd "$(dirname "$0")/../.." || exit 2
[ -x ./cfx ] || { echo "bench_median.sh: ./cfx not built (make cfx)"; exit 2; }
pass=0 fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# the verdict lines joined again where they wrap at 80 columns
joined() { awk '/^\t[^0-9(]/ && prev ~ /^\tmedian ratio/ { sub(/^\t/, " "); prev = prev $0; next }
                { if (NR > 1) print prev; prev = $0 } END { print prev }' "$@"; }

for runs in 4 6 3; do
	d="$tmp/raw$runs"
	mkdir "$d"
	if ./cfx bench 0x61C88647 --runs $runs --table-bits 6 --full --raw "$d" >"$tmp/out" 2>"$tmp/err"; then ok
	else bad "bench --runs $runs: $(cat "$tmp/err")"; continue; fi
	joined "$tmp/out" | grep '^	median ratio' | sed 's/^	median ratio \([^,]*\),.*/\1/' >"$tmp/got"
	joined "$tmp/out" | grep -c 'medians x\[n/2\], as in the table' >"$tmp/named"
	[ "$(cat "$tmp/named")" = 2 ] && ok || bad "--runs $runs: the ratio lines do not name x[n/2] ($(cat "$tmp/named"))"
	python3 - "$d" "$tmp/got" $runs <<'PY' && ok || bad "--runs $runs: ratio of medians differs from python's x[n/2]"
import sys, glob
d, got, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
def med(f):
    xs = sorted(float(l) for l in open(f) if l.strip())
    assert len(xs) == runs, (f, len(xs))
    return xs[len(xs) // 2]
def ordinary(f):
    xs = sorted(float(l) for l in open(f) if l.strip())
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
mul = glob.glob(d + "/*-mul.txt")[0]
want = [med(glob.glob(d + "/*-" + v + ".txt")[0]) / med(mul) for v in ("naf", "opt")]
old = [ordinary(glob.glob(d + "/*-" + v + ".txt")[0]) / ordinary(mul) for v in ("naf", "opt")]
got = [float(x) for x in open(got).read().split()]
good = len(got) == 2 and all(abs(g - w) <= 1e-5 * w for g, w in zip(got, want))
if not good:
    print("  want", want, "got", got, "(ordinary medians:", old, ")")
sys.exit(0 if good else 1)
PY
done

# cfx stats --ratio: x[n/2] too (even_a/even_b have four points each, so
# x[n/2] is the upper middle one, not the mean of the middle two)
if ./cfx stats --ratio tests/stats/even_a.txt tests/stats/even_b.txt >"$tmp/st" 2>"$tmp/err"; then ok
else bad "stats --ratio: $(cat "$tmp/err")"; fi
joined "$tmp/st" | grep '^	median ratio' | sed 's/^	median ratio \([^,]*\),.*/\1/' >"$tmp/got"
joined "$tmp/st" | grep -q 'medians x\[n/2\], as in the table' && ok || bad "stats: the median x[n/2] is not named"
python3 - tests/stats/even_a.txt tests/stats/even_b.txt "$tmp/got" <<'PY' && ok || bad "stats --ratio: not the ratio of the medians x[n/2]"
import sys
def xs(f): return [float(l.split()[0]) for l in open(f) if l.strip() and not l.startswith('#')]
a, b = xs(sys.argv[1]), xs(sys.argv[2])
want = sorted(b)[len(b) // 2] / sorted(a)[len(a) // 2]
got = float(open(sys.argv[3]).read().split()[0])
sys.exit(0 if abs(got - want) <= 1e-5 * abs(want) else 1)
PY

echo "bench_median.sh: $pass passed, $fail failed"
[ "$fail" = 0 ]
