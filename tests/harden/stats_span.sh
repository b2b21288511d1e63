#!/bin/bash
# Samples whose points span more than the doubles (issue 22, non-author
# trial): 1.7e308 x 3, -1.7e308, 1e308 has a mean (8.8e307) and a sample
# standard deviation (about 1.47e308) that are doubles, but cfx refused
# it ("the standard deviation overflows a double": the deviations
# themselves, 2.58e308, overflowed), and the range, the plot, the outlier
# fences and the Hodges-Lehmann differences overflow too.  Now only a
# figure the report prints that is itself past the doubles is refused.
# Every figure is checked against python computing exactly (fractions);
# no line of the report may hold inf or nan.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
py=/usr/bin/python3
printf '1.7e308\n1.7e308\n1.7e308\n-1.7e308\n1e308\n' >"$tmp/a"
printf '1.6e308\n-1.5e308\n1.2e308\n1.7e308\n-1.7e308\n1.75e308\n' >"$tmp/b"

# python's exact figures: mean, sample sd (None past the doubles),
# median (ministat's x[n/2] and the middle mean), MAD, Hodges-Lehmann
cat >"$tmp/exact.py" <<'PY'
import math, sys
from fractions import Fraction as F
BIG = F(2) ** 1024 - F(2) ** 971          # the largest double
def fl(q):                                 # a fraction as a double, None past
    return float(q) if abs(q) <= BIG else None
def fsqrt(q):                              # sqrt of a fraction, as a fraction
    return F(math.isqrt(q.numerator * 4 ** 300 // q.denominator), 2 ** 300)
def load(p):
    return [float(l) for l in open(p)]
def mean(x):
    return sum(map(F, x)) / len(x)
def sd(x):
    m = mean(x)
    v = sum((F(v) - m) ** 2 for v in x) / (len(x) - 1)
    return fl(fsqrt(v))
def median(x):                             # the middle mean
    s = sorted(map(F, x)); n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
def upper(x):                              # sorted x[n/2]
    return sorted(map(F, x))[len(x) // 2]
PY

./cfx stats "$tmp/a" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "1.7e308 x3, -1.7e308, 1e308: status 0 (got $rc: $(cat "$tmp/err"))" '[ $rc = 0 ]'
row=$(awk '$1 == "x" && $2 == 5 { print $3, $4, $5, $6, $7 }' "$tmp/out")
want=$($py -c "exec(open('$tmp/exact.py').read())
x = load('$tmp/a')
print('%.8g %.8g %.8g %.8g %.8g' % (min(x), max(x), sorted(x)[len(x) // 2], fl(mean(x)), sd(x)))")
expect "  min, max, median, mean, stddev as python's ($row; $want)" \
	'[ -n "$row" ] && [ "$(printf "%.8g %.8g %.8g %.8g %.8g" $row)" = "$want" ]'
expect "  no inf or nan anywhere" '! grep -qiw "inf\\|nan" "$tmp/out" "$tmp/err"'

# the plot: the bar's |, A and M where exact arithmetic puts them
# (ministat's cells: width 74, x0 = lo - dx/2, dx = span / 73, over the
# points and mean +- stddev)
bar=$(grep '^|.*A' "$tmp/out")
want=$($py -c "exec(open('$tmp/exact.py').read())
x = load('$tmp/a'); w = 74
m = mean(x); s = F(sd(x))
vals = [F(v) for v in x] + [m - s, m + s]
lo, hi = min(vals), max(vals); dx = (hi - lo) / (w - 1); x0 = lo - dx / 2
cell = lambda v: max(0, min(w - 1, math.floor((v - x0) / dx)))
bar = [' '] * w
a, b = cell(m - s), cell(m + s)
bar[b] = bar[a] = '|'
for k in range(a + 1, b):
    bar[k] = '_' if bar[k] == ' ' else bar[k]
bar[cell(F(sorted(x)[len(x) // 2]))] = 'M'
bar[cell(m)] = 'A'
print('|' + ''.join(bar) + '|')")
expect "  the plot's bar as exact arithmetic places it" '[ "$bar" = "$want" ]'

# two such samples: t, Welch, Mann-Whitney, the bootstrap ratio, JSON
for t in t welch mw; do
	./cfx stats --test $t --ratio --resamples 200 "$tmp/a" "$tmp/b" >"$tmp/o$t" 2>"$tmp/e$t"; rc=$?
	expect "two samples, --test $t --ratio: status 0 (got $rc: $(cat "$tmp/e$t"))" '[ $rc = 0 ]'
	expect "  --test $t: no inf or nan in the report" '! grep -qiw "inf\\|nan" "$tmp/o$t" "$tmp/e$t"'
done
./cfx stats --json --ratio --resamples 200 "$tmp/a" "$tmp/b" >"$tmp/j" 2>"$tmp/ej"; rc=$?
expect "--json: status 0 (got $rc)" '[ $rc = 0 ]'
$py - "$tmp" >"$tmp/py" <<'PY'
import json, math, sys
d = sys.argv[1]
exec(open(d + "/exact.py").read())
from scipy import stats as S
a, b = load(d + "/a"), load(d + "/b")
j = json.load(open(d + "/j"))
bad = []
def close(what, got, want, rel=1e-13):
    if got is None or want is None or not math.isclose(got, want, rel_tol=rel):
        bad.append("%s %r != %r" % (what, got, want))
for s, x in zip(j["samples"], (a, b)):
    close("mean", s["mean"], fl(mean(x)))
    close("stddev", s["stddev"], sd(x))
    if s["variance"] is not None:
        bad.append("variance %r past the doubles" % s["variance"])
    close("median_mid", s["median_mid"], fl(median(x)))
    m = median(x)
    dev = sorted(abs(F(v) - m) for v in x); n = len(dev)
    mad = dev[n // 2] if n % 2 else (dev[n // 2 - 1] + dev[n // 2]) / 2
    close("mad", s["mad"], fl(mad))
    lo, hi = s["outlier_fences"]
    fence = F(7, 2) * mad / F(6745, 10000)
    for v, f in ((lo, m - fence), (hi, m + fence)):
        if mad == 0 and v is not None:  # null: no point can be an outlier
            bad.append("fence %r of a MAD of 0" % v)
        elif mad and v is None and abs(f) <= BIG:
            bad.append("fence null though %r is a double" % float(f))
        elif v is not None:
            close("fence", v, float(f), 1e-12)
    got = sorted(o["value"] for o in s["outliers"])
    want = sorted(v for v in x if mad and (F(v) < m - fence or F(v) > m + fence))
    if got != want:
        bad.append("outliers %r != %r" % (got, want))
c = j["comparisons"][0]
diff = float(mean(b) - mean(a))
na, nb = len(a), len(b)
va = sum((F(v) - mean(a)) ** 2 for v in a) / (na - 1)
vb = sum((F(v) - mean(b)) ** 2 for v in b) / (nb - 1)
df = na + nb - 2
sp = fl(fsqrt(((na - 1) * va + (nb - 1) * vb) / df))
se = fsqrt(((na - 1) * va + (nb - 1) * vb) / df * (F(1, na) + F(1, nb)))
st, we = c["student"], c["welch"]
close("student difference", st["difference"], diff)
close("student pooled_s", st["pooled_s"], sp)
# se past the doubles: null, and p from the ratio in units
if st["se"] is not None or fl(se) is not None:
    close("student se", st["se"], fl(se))
close("student p", st["p"], 2 * S.t.sf(float(abs(mean(b) - mean(a)) / se), df), 1e-9)
qa, qb = va / na, vb / nb
wse = fsqrt(qa + qb)
close("welch se", we["se"], fl(wse))
wdf = float((qa + qb) ** 2 / (qa ** 2 / (na - 1) + qb ** 2 / (nb - 1)))
close("welch df", we["df"], wdf)
close("welch p", we["p"], 2 * S.t.sf(float(abs(mean(b) - mean(a)) / wse), wdf), 1e-9)
hl = sorted(F(y) - F(x) for x in a for y in b); n = len(hl)
shift = hl[n // 2] if n % 2 else (hl[n // 2 - 1] + hl[n // 2]) / 2
close("Hodges-Lehmann shift", c["mann_whitney"]["shift"], fl(shift))
# the ratio of the medians x[n/2] (f7dc29c), not of the middle means
close("ratio estimate", c["ratio"]["estimate"], float(upper(b) / upper(a)))
for k in ("lo", "hi"):
    if c["ratio"][k] is None:
        bad.append("ratio %s null" % k)
print("; ".join(bad) if bad else "ok")
PY
expect "every figure as python's exact one ($(cat "$tmp/py"))" '[ "$(cat "$tmp/py")" = ok ]'

# what is itself past the doubles is still refused, naming why: a
# standard deviation (python says it is past them) and a difference of
# means
printf -- '-1.7e308\n1.7e308\n-1.7e308\n1.7e308\n' >"$tmp/sd"
past=$($py -c "exec(open('$tmp/exact.py').read()); print(sd(load('$tmp/sd')) is None)")
./cfx stats "$tmp/sd" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "a standard deviation past the doubles (python: $past): status 2 (got $rc)" \
	'[ "$past" = True ] && [ $rc = 2 ] && [ ! -s "$tmp/out" ]'
expect "a standard deviation past the doubles: said ($(cat "$tmp/err"))" \
	'[ "$(cat "$tmp/err")" = "cfx: stats: $tmp/sd:1: numbers too large: the standard deviation overflows a double (-1.7e+308)" ]'
printf -- '-1.7e308\n-1.6e308\n-1.5e308\n' >"$tmp/neg"
printf '1.5e308\n1.6e308\n1.7e308\n' >"$tmp/pos"
./cfx stats "$tmp/neg" "$tmp/pos" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "means 3.2e308 apart: status 2, said ($rc: $(cat "$tmp/err"))" \
	'[ $rc = 2 ] && [ "$(cat "$tmp/err")" = "cfx: stats: $tmp/pos:3: numbers too large: the difference of the means overflows a double (1.7e+308)" ]'
done_suite harden/stats_span
