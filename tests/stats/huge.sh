#!/bin/bash
# Samples near the top of the doubles (issue 22): the variance of
# {1, 1.5, 1.7, 1.2}e308 is past the doubles (about 9.7e614) but the
# standard deviation (3.1e307), the pooled one and the standard errors
# are not; cfx refused the sample ("the variance overflows a double").
# Every figure is checked against python computing exactly (fractions:
# the sums of squares never round) and scipy's t quantiles.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
py=/usr/bin/python3
$py -c 'import scipy' 2>/dev/null || { echo "huge.sh: python3-scipy not installed (scripts/deps.sh check)"; exit 2; }
printf '1e308\n1.5e308\n1.7e308\n1.2e308\n' >"$tmp/a"
printf '1.1e308\n1.5e308\n1.7e308\n1.3e308\n' >"$tmp/b"
printf '1.6e308\n1.65e308\n1.7e308\n1.75e308\n1.79e308\n' >"$tmp/c"

./cfx stats "$tmp/a" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "one sample: status 0 (got $rc: $(cat "$tmp/err"))" '[ $rc = 0 ]'
row=$(awk '$1 == "x" && $2 == 4 { print $3, $4, $5, $6, $7 }' "$tmp/out")
want=$($py -c 'import statistics; from fractions import Fraction as F
x = [1e308, 1.5e308, 1.7e308, 1.2e308]
print("%g %g %g %g %.8g" % (min(x), max(x), sorted(x)[2], float(sum(map(F, x)) / 4), statistics.stdev(x)))')
expect "one sample: min, max, median, mean, stddev as python's ($row; $want)" \
	'[ "$(printf "%g %g %g %g %.8g" $row)" = "$want" ]'

for t in t welch; do
	./cfx stats --json --test $t "$tmp/a" "$tmp/b" "$tmp/c" >"$tmp/j$t" 2>"$tmp/err"; rc=$?
	expect "three samples, --test $t: status 0 (got $rc: $(cat "$tmp/err"))" '[ $rc = 0 ]'
done
./cfx stats "$tmp/a" "$tmp/b" >"$tmp/out2" 2>"$tmp/err"; rc=$?
expect "two samples, text: status 0, a verdict ($rc: $(grep -c confidence "$tmp/out2"))" \
	'[ $rc = 0 ] && grep -q "^No difference proven at 95.0% confidence$" "$tmp/out2"'

$py - "$tmp" >"$tmp/py" <<'PY'
import json, math, statistics, sys
from fractions import Fraction as F
from scipy import stats
d = sys.argv[1]
xs = {k: [float(l) for l in open(d + "/" + k)] for k in "abc"}
j = json.load(open(d + "/jt"))
w = json.load(open(d + "/jwelch"))
bad = []
def close(what, got, want, rel=1e-13):
    if got is None or not math.isclose(got, want, rel_tol=rel):
        bad.append("%s %r != %r" % (what, got, want))
def var(x):                     # exactly, as a fraction
    m = sum(map(F, x)) / len(x)
    return sum((F(v) - m) ** 2 for v in x) / (len(x) - 1)
def fsqrt(q):                   # sqrt of a huge fraction, as a float
    e = max(q.numerator.bit_length() - q.denominator.bit_length(), 0) // 2
    return math.sqrt(float(q / F(2) ** (2 * e))) * 2.0 ** e
for s in j["samples"]:
    x = xs[s["name"][-1]]
    close("mean " + s["name"], s["mean"], float(sum(map(F, x)) / len(x)))
    close("stddev " + s["name"], s["stddev"], statistics.stdev(x))
    if s["variance"] is not None and math.isfinite(float(var(x))):
        close("variance", s["variance"], float(var(x)))
    elif s["variance"] is not None:
        bad.append("variance %r of a sample whose variance overflows" % s["variance"])
for cmp_t, cmp_w in zip(j["comparisons"], w["comparisons"]):
    a, b = xs["a"], xs[cmp_t["sample"][-1]]
    na, nb = len(a), len(b)
    va, vb = var(a), var(b)
    diff = float(sum(map(F, b)) / nb - sum(map(F, a)) / na)
    st, we = cmp_t["student"], cmp_w["welch"]
    df = na + nb - 2
    s = fsqrt(((na - 1) * va + (nb - 1) * vb) / df)
    se = s * math.sqrt(1 / na + 1 / nb)
    t = round(stats.t.ppf(0.975, df), 3)
    close("student pooled_s", st["pooled_s"], s)
    close("student se", st["se"], se)
    close("student difference", st["difference"], diff)
    close("student error", st["error"], t * se)
    close("student p", st["p"], 2 * stats.t.sf(abs(diff) / se, df), 1e-9)
    qa, qb = va / na, vb / nb
    wse = fsqrt(qa + qb)
    wdf = float((qa + qb) ** 2 / (qa ** 2 / (na - 1) + qb ** 2 / (nb - 1)))
    close("welch df", we["df"], wdf)
    close("welch se", we["se"], wse)
    close("welch error", we["error"], stats.t.ppf(0.975, wdf) * wse, 1e-8)  # GSL's quantile
    close("welch p", we["p"], 2 * stats.t.sf(abs(diff) / wse, wdf), 1e-9)
print("; ".join(bad) if bad else "ok")
PY
expect "every figure as python's exact one ($(cat "$tmp/py"))" '[ "$(cat "$tmp/py")" = ok ]'

# what is beyond the doubles is still refused, naming why: means that
# differ by more than the doubles (points that only span more than them
# are taken: harden/stats_span.sh)
printf -- '-1.7e308\n-1.6e308\n-1.5e308\n' >"$tmp/neg"
printf '1.5e308\n1.6e308\n1.7e308\n' >"$tmp/pos"
./cfx stats "$tmp/neg" "$tmp/pos" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "means past the doubles apart: status 2 (got $rc)" '[ $rc = 2 ]'
expect "means past the doubles apart: said ($(cat "$tmp/err"))" \
	'grep -qxF "cfx: stats: $tmp/pos:3: numbers too large: the difference of the means overflows a double (1.7e+308)" "$tmp/err"'
expect "means past the doubles apart: nothing on stdout" '[ ! -s "$tmp/out" ]'
printf -- '-1.7e308\n0\n1.7e308\n' >"$tmp/wide"
./cfx stats "$tmp/wide" >"$tmp/out" 2>"$tmp/err"; rc=$?
sd=$(awk '$1 == "x" && $2 == 3 { print $7 }' "$tmp/out")
want=$($py -c 'import math; print("%.8g" % math.sqrt((2 * 1.7 ** 2) / 2) + "e+308")')
expect "one sample spanning the doubles: taken, stddev $sd as python's $want ($rc: $(cat "$tmp/err"))" \
	'[ $rc = 0 ] && [ "$sd" = "$want" ]'
done_suite stats/huge
