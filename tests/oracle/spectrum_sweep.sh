#!/bin/bash
# spectrum_sweep: `cfx spectrum` and `cfx sweep` against brute force in
# PARI/GP.
#
#  * spectrum P --bits N --count K: gp sorts the points k p mod 2^n,
#    k = 1..K, and takes the K circular gaps; the distinct lengths (at most
#    3; the third the sum of the others) with their counts, three_sum and
#    max/min must agree.  Random p (odd and even, the points distinct),
#    n = 1..64, K = 1..4000; --list L with and without --table-bits:
#    k p mod 2^n, floor(k p / 2^n), bucket (k p mod 2^n) >> (n - B); more
#    points than distinct must be refused.
#  * sweep P --bits N --table-bits B --count K: for every row s,
#    effective_multiplier = p mod 2^(n-s), effective_quotients = the first
#    (up to 12) quotients of contfrac((p mod 2^(n-s))/2^(n-s)),
#    effective_terms = the length of that expansion, keys =
#    min(K, 2^(n-s)); chi2, p-value, max load, empty, R and verdict
#    recomputed by brute force on the keys k*2^s, k = 0..K-1, for all rows
#    of some runs (with worst_shift, a row of largest R) and a few rows of
#    the others.
. "$(dirname "$0")/lib.sh"
oracle_start spectrum_sweep

# Lines, tab-separated, first field the kind, args separated by \x1f:
#   spec   args  value bits count  gaps (len:count,...)  three_sum  max/min
#          table-bits (or -)  points (k:point:floor:bucket,...)
#   specx  args                     (cfx must refuse: too many points)
#   sweep  args  multiplier bits table-bits count even  rows (";"-separated:
#          s|eff|quotients|terms|keys|stats or -)  worst (1: check) 
#          where stats = chi2/p/max/empty/R/verdict
oracle_gp <<'GP'
default(colors, "no"); default(debugmem, 0);
default(parisizemax, 10^9);
default(realprecision, 60);
setrand(1123581321);
US = Strchr(31); TAB = Strchr(9);
Args(v) = strjoin(v, US);
J(v) = strjoin(apply(t -> Str(t), v), ",");
E(x) = strprintf("%.25e", x);
phi = (1 + sqrt(5)) / 2;
hex(p, n) = Str("0x", strprintf(Str("%0", ceil(n / 4), "x"), p));
\\ gaps of the points k p mod 2^n, k = 1..K
gaps(p, n, K) = {
	my(x = vecsort(vector(K, k, k * p % 2^n)), g = vector(K), M = Map(), L, out);
	for (i = 1, K - 1, g[i] = x[i + 1] - x[i]);
	g[K] = x[1] + 2^n - x[K];
	L = vecsort(g, , 8);                               \\ distinct, ascending
	out = vector(#L, i, Str(L[i], ":", #select(t -> t == L[i], g)));
	[strjoin(out, ","), #L == 3 && L[3] == L[1] + L[2], L[#L] / L[1], #L];
}
spec(p, n, K, list, b) = {
	my(G = gaps(p, n, K), args, pts = "-", bb = "-");
	if (G[4] > 3, print("fact", TAB, Str("gp found ", G[4], " gap lengths for ", p, "/2^", n), TAB, "FAIL"));
	args = ["spectrum", Str(p), "--bits", Str(n), "--count", Str(K)];
	if (b, args = concat(args, ["--table-bits", Str(b)]));
	if (list,
		my(B = if (b, b, min(8, n)));
		\\ the table size cfx is documented to default to: n/2, at most 12
		if (!b, B = max(1, min(12, n \ 2)));
		args = concat(args, ["--list", Str(list)]);
		bb = B;
		pts = strjoin(vector(min(list, K), k, Str(k, ":", k * p % 2^n, ":", (k * p) \ 2^n, ":",
		                                      shift(k * p % 2^n, B - n))), ","));
	print("spec", TAB, Args(concat(args, ["--json"])), TAB, p, TAB, n, TAB, K, TAB, G[1], TAB, G[2], TAB,
	      E(G[3]), TAB, bb, TAB, pts);
}
\\ chi2/p/max/empty/R/verdict of keys k*2^s, k < K
rowstats(p, n, b, K, s) = {
	my(S = Set(vector(K, k, ((k - 1) << s) % 2^n)), m = 2^b, L = vector(m), c2, pv, R, Ex, v, Kd = #S);
	for (i = 1, Kd, L[shift(S[i] * p % 2^n, b - n) + 1]++);
	Ex = Kd / m;
	c2 = sum(i = 1, m, (L[i] - Ex)^2) / Ex;
	pv = if (c2 == 0, 1., incgam((m - 1) / 2, c2 / 2.) / gamma((m - 1) / 2));
	R = sum(i = 1, m, L[i] * (L[i] + 1) / 2) / ((Kd * (1 - 1 / m) + Kd^2 / m + Kd) / 2);
	\\ no verdict below 16 distinct keys (man cfx: every face, as score)
	v = if (Kd < 16, "INFO", abs(pv / 0.001 - 1) < 1e-6 || abs(R - 2) < 1e-9, "?",
	        pv < 0.001 && R >= 2, "FAIL", pv < 0.001, "WARN", "PASS");
	[Str(E(c2), "/", E(pv), "/", vecmax(L), "/", #select(c -> c == 0, L), "/", E(R), "/", v), R, Kd >= 16];
}
sweep(p, n, b, K, full, withcount) = {
	my(rows = vector(n), Rs = vector(n, i, -1), Js = vector(n), pick = Set(vector(4, i, random(n))), args);
	for (s = 0, n - 1,
		my(w = n - s, e = p % 2^w, a = contfrac(e / 2^w), st = "-");
		if (full || setsearch(pick, s), my(r = rowstats(p, n, b, K, s)); st = r[1]; Rs[s + 1] = r[2]; Js[s + 1] = r[3]);
		rows[s + 1] = Str(s, "|", e, "|", J(a[1 .. min(12, #a)]), "|", #a, "|", min(K, 2^w), "|", st));
	\\ the rows whose R is within 1e-12 of the largest (any may be the worst),
	\\ among the judged rows (16 distinct keys or more) when there are any:
	\\ a row past the word has too few keys for its R to mean anything
	if (vecsum(Js), Rs = vector(n, i, if (Js[i], Rs[i], -1)));
	my(mx = vecmax(Rs), worst = "-");
	if (full, worst = J(apply(i -> i - 1, Vec(select(r -> abs(r - mx) <= 1e-12 * mx, Rs, 1)))));
	args = ["sweep", hex(p, n), "--bits", Str(n), "--table-bits", Str(b)];
	if (withcount, args = concat(args, ["--count", Str(K)]));
	print("sweep", TAB, Args(concat(args, ["--json"])), TAB, hex(p, n), TAB, n, TAB, b, TAB, K, TAB,
	      p % 2 == 0, TAB, strjoin(rows, ";"), TAB, worst);
}
{
\\ spectra: random odd and even multipliers on every width
for (i = 1, 600,
	my(n = if (i <= 64, i, 1 + random(64)), p, v, K, lim, list = 0, b = 0);
	if (i % 4 == 0 && n > 1, p = (1 + 2 * random(2^(n - 1))) * 2^random(min(n - 1, 6)), p = 1 + random(2^n - 1));
	if (i % 7 == 0, p = round(2^n / phi); if (p == 0, p = 1));
	if (p >= 2^n, p = 2^n - 1);
	v = valuation(p, 2); lim = 2^(n - v);
	K = 1 + random(min(lim, if (random(3), 300, 4000)));
	if (i % 5 == 0, list = 1 + random(40); b = 1 + random(min(n, 28)));
	spec(p, n, K, list, b);
	\\ one point too many when distinct points run out
	if (i % 10 == 0 && lim < 2^40,
		print("specx", TAB, Args(["spectrum", Str(p), "--bits", Str(n), "--count", Str(lim + 1), "--json"]))));
\\ --list without --table-bits: the documented default table is 2^(n/2),
\\ at most 2^12 (cfx spectrum --help)
spec(0x9e3779b9, 32, 10, 5, 0);
spec(0x9e3779b97f4a7c15, 64, 10, 5, 0);
spec(0x9e37, 16, 10, 5, 0);
spec(11, 4, 10, 5, 0);
\\ named constants
foreach ([[0x9e3779b9, 32], [0x9e370001, 32], [2654435761, 32], [0x9e3779b97f4a7c15, 64],
          [0x9e37fffffffc0001, 64], [0x61C88647, 32], [0x517cc1b727220a95, 64]], c,
	foreach ([1, 2, 3, 10, 55, 89, 100, 1000, 4181], K, spec(c[1], c[2], K, 0, 0)));
\\ sweeps
my(ns = [3, 5, 8, 12, 16, 24, 32, 40, 48, 64]);
for (i = 1, 60,
	my(n = ns[1 + i % #ns], b = 1 + random(min(12, n)), p, K = 1 + random(if (i % 3, 400, 2000)));
	p = if (i % 5 == 0, 2 * random(2^(n - 1)) + 2 * (random(2) == 0),
	        i % 5 == 1, round(2^n / phi) + 1 - round(2^n / phi) % 2,
	        i % 5 == 2, 1 + 2^(n - 1) + 2^(n \ 2),
	        1 + 2 * random(2^(n - 1)));
	if (p == 0, p = 2); if (p >= 2^n, p = 2^n - 1);
	sweep(p, n, b, K, i % 2 == 0, 1));
sweep(0x9e370001, 32, 10, 4096, 1, 1);
sweep(0x9e37fffffffc0001, 64, 8, 1000, 1, 1);
sweep(0x9e3779b97f4a7c15, 64, 8, 1000, 1, 1);
\\ the default count: 4 keys per bucket
sweep(0x9e3779b9, 32, 6, 4 * 2^6, 1, 0);
sweep(0x9e37, 16, 5, 4 * 2^5, 1, 0);
}
quit
GP

python3 - "$here" "$tmp/cases" "$name" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from oracle_common import Checker, gpnum, gplist

ck = Checker(sys.argv[3])
lines = ck.cases(sys.argv[2], 400)


def check_stats(where, row, st):
    chi2, pv, mx, empty, R, verdict = st.split("/")
    ck.near(where + " chi2", row.get("chi2"), gpnum(chi2), 1e-9, 1e-9)
    p = gpnum(pv)
    if p > 1e-300:
        ck.near(where + " p_value", row.get("p_value"), p, 1e-6)
    else:
        ck.near(where + " p_value (gp: %s)" % pv, row.get("p_value"), 0.0, 0,
                1e-300)
    ck.eq(where + " max_load", row.get("max_load"), int(mx))
    ck.eq(where + " empty", row.get("empty"), int(empty))
    ck.near(where + " probe_ratio", row.get("probe_ratio"), gpnum(R), 1e-9)
    if verdict != "?":
        ck.eq(where + " verdict", row.get("verdict"), verdict)


def case(line):
    f = line.split("\t")
    kind = f[0]
    if kind == "fact":
        ck.cmd = "(gp) " + f[1]
        ck.problem("the three-distance theorem fails in gp: oracle broken")
        ck.done()
        return
    args = f[1].split("\x1f")
    if kind == "specx":
        rc, out, err = ck.run(args)
        if rc == 0:
            ck.problem("more points than distinct ones, yet exit 0")
        ck.done()
        return
    o = ck.json(args)
    if kind == "spec":
        value, bits, count, gaps, three, ratio, tb, pts = f[2:]
        ck.eq("value", ck.field(o, "value"), value)
        ck.eq("bits", ck.field(o, "bits"), int(bits))
        ck.eq("count", ck.field(o, "count"), int(count))
        g = ck.field(o, "gaps")
        if g is not None:
            g = ["%s:%s" % (x.get("length_units"), x.get("count")) for x in g]
        ck.eq("gaps (length:count, ascending)", g, gplist(gaps))
        ck.eq("three_sum", ck.field(o, "three_sum"), three == "1")
        ck.near("max_min_ratio", ck.field(o, "max_min_ratio"), gpnum(ratio),
                1e-12)
        if tb != "-":
            ck.eq("table_bits", ck.field(o, "table_bits"), int(tb))
            p = ck.field(o, "points")
            if p is not None:
                p = ["%s:%s:%s:%s" % (x.get("k"), x.get("point_units"),
                                      x.get("floor"), x.get("bucket"))
                     for x in p]
            ck.eq("points (k:point:floor:bucket)", p, gplist(pts))
    elif kind == "sweep":
        mult, bits, b, count, even, rows, worst = f[2:]
        ck.eq("multiplier", ck.field(o, "multiplier"), mult)
        ck.eq("bits", ck.field(o, "bits"), int(bits))
        ck.eq("table_bits", ck.field(o, "table_bits"), int(b))
        ck.eq("count", ck.field(o, "count"), int(count))
        ck.eq("even_multiplier", ck.field(o, "even_multiplier"), even == "1")
        got = ck.field(o, "rows")
        want = rows.split(";")
        if got is not None:
            ck.eq("number of rows", len(got), len(want))
            for r, w in zip(got, want):
                s, eff, quots, terms, keys, st = w.split("|")
                where = "row s=%s" % s
                ck.eq(where + " shift", r.get("shift"), int(s))
                ck.eq(where + " effective_multiplier",
                      r.get("effective_multiplier"), eff)
                ck.eq(where + " effective_quotients",
                      r.get("effective_quotients"), gplist(quots))
                ck.eq(where + " effective_terms", r.get("effective_terms"),
                      int(terms))
                ck.eq(where + " keys", r.get("keys"), int(keys))
                if st != "-":
                    check_stats(where, r, st)
            if worst != "-":
                w = ck.field(o, "worst_shift")
                if w is not None and str(w) not in worst.split(","):
                    ck.problem("worst_shift %s is not a row of largest R "
                               "(gp: %s)" % (w, worst))
    ck.done()


ck.each(lines, case)
ck.finish()
PY
