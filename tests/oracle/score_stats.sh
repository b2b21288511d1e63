#!/bin/bash
# score_stats: `cfx score` bucket statistics against a brute-force
# computation in PARI/GP.
#
# gp writes key files (decimal and 0x hex lines, # comments, repeats, keys
# wider than the word) and, for each run, hashes the keys itself:
# h(x) = ((x p) mod 2^n) >> (n - b) on the keys reduced mod 2^n without
# repeats, then chi^2 = sum (O - E)^2/E, E = K/2^b, its upper-tail p-value
# incgam(dof/2, chi2/2)/gamma(dof/2) with dof = 2^b - 1, the probe ratio
# R = sum c(c+1)/2 / ((K(1 - 1/m) + K^2/m + K)/2), the largest load, the
# empty buckets and the verdict in the JSON's words (INFO: fewer than 16
# distinct keys; FAIL: R >= 2 and p < 0.001; WARN: p < 0.001; PASS
# otherwise; the text says none, bad, weak, good).  Word sizes 8, 16, 32, 64; table bits 1..16; good, bad
# and even multipliers; files with and without --count; the families
# seq[:START] and stride:S (also as expressions), with and without --count.
. "$(dirname "$0")/lib.sh"
oracle_start score_stats

# One case per line, tab-separated: args (separated by \x1f), multiplier
# hex, bits, table bits, keys made, distinct keys, buckets, chi2, dof,
# p-value, max load, empty, expected load, R, verdict (or "?" when p or R
# is too close to a threshold to call), even (0/1).
ORACLE_TMP=$tmp oracle_gp <<'GP'
default(colors, "no"); default(debugmem, 0);
default(parisizemax, 10^9);
default(realprecision, 60);
setrand(1618033);
US = Strchr(31); TAB = Strchr(9);
dir = getenv("ORACLE_TMP");
Args(v) = strjoin(v, US);
E(x) = strprintf("%.25e", x);
nfile = 0;
phi = (1 + sqrt(5)) / 2;
\\ the statistics of the key list ks (as made, before reduction)
stats(ks, p, n, b) = {
	my(S = Set(apply(x -> x % 2^n, ks)), K = #S, m = 2^b, L = vector(m), c2, pv,
	   R, dof = m - 1, Ex, mx, em, verdict, sh = n - b);
	for (i = 1, K, my(h = shift((S[i] * p) % 2^n, -sh)); L[h + 1]++);
	Ex = K / m;
	c2 = sum(i = 1, m, (L[i] - Ex)^2) / Ex;
	pv = if (c2 == 0, 1., incgam(dof / 2, c2 / 2.) / gamma(dof / 2));
	R = sum(i = 1, m, L[i] * (L[i] + 1) / 2) / ((K * (1 - 1 / m) + K^2 / m + K) / 2);
	mx = vecmax(L); em = #select(c -> c == 0, L);
	verdict = if (K < 16, "INFO",
	              abs(pv / 0.001 - 1) < 1e-6 || abs(R - 2) < 1e-9, "?",
	              pv < 0.001 && R >= 2, "FAIL", pv < 0.001, "WARN", "PASS");
	Str(#ks, TAB, K, TAB, m, TAB, E(c2), TAB, dof, TAB, E(pv), TAB, mx, TAB, em,
	    TAB, E(Ex), TAB, E(R), TAB, verdict, TAB, p % 2 == 0);
}
hex(p, n) = Str("0x", strprintf(Str("%0", ceil(n / 4), "x"), p));
case(args, ks, p, n, b) = print(Args(args), TAB, hex(p, n), TAB, n, TAB, b, TAB, stats(ks, p, n, b));
\\ write the keys ks as a file: decimal and hex lines, comments; its path
keyfile(ks) = {
	my(f = Str(dir, "/keys", nfile++, ".txt"), lines = List());
	listput(lines, Str("# key file ", nfile, ", ", #ks, " keys"));
	for (i = 1, #ks,
		my(r = random(10));
		if (r == 0, listput(lines, "# a comment line"));
		listput(lines, if (r < 3, Str("0x", strprintf("%x", ks[i])),
		                   r == 3, Str("0x", strprintf("%X", ks[i])), Str(ks[i]))));
	write(f, strjoin(Vec(lines), "\n"));
	f;
}
\\ multipliers for an n-bit word: [p, what]
mults(n) = {
	my(g = round(2^n / phi), v = List());
	listput(v, g + 1 - g % 2);                        \\ golden, made odd
	listput(v, precprime(g));                          \\ a golden prime
	listput(v, 1);                                     \\ identity: bad for strides
	listput(v, 3);
	listput(v, 2^(n - 1) + 1);
	listput(v, 2^(n \ 2) + 1);
	listput(v, g - g % 2);                             \\ even
	listput(v, 2^(n - 1));                             \\ even, one bit
	listput(v, 6);
	listput(v, 2^n - 1);
	listput(v, 1 + 2 * random(2^(n - 1)));             \\ random odd
	listput(v, 1 + random(2^n - 1));                   \\ random
	if (n == 32, listput(v, 0x9e370001); listput(v, 0x61C88647));
	if (n == 64, listput(v, 0x9e37fffffffc0001); listput(v, 0x9e3779b97f4a7c15));
	Vec(v);
}
\\ key lists of K keys for an n-bit word
keyset(n, K, kind) = {
	my(w = if (random(3) == 0, 64, n));
	if (kind == 0, vector(K, i, random(2^w)),
	    kind == 1, my(s = random(min(n, 20)), a = random(2^n)); vector(K, i, (a + (i - 1) * 2^s) % 2^64),
	    kind == 2, my(a = random(2^w)); vector(K, i, (a + i - 1) % 2^64),
	    kind == 3, my(pool = vector(max(1, K \ 3), i, random(2^w))); vector(K, i, pool[1 + random(#pool)]),
	    kind == 4, my(hi = random(2^n)); hi -= hi % 2^(n \ 2); vector(K, i, hi + random(2^(n \ 2))),
	    vector(K, i, random(2^min(n, 12)) * 2^(n - min(n, 12))));
}
{
my(ns = [8, 16, 32, 64], cnt = 0);
\\ files: every width, every multiplier, table bits spread over 1..16
foreach (ns, n,
	my(ms = mults(n));
	for (j = 1, #ms,
		for (t = 1, 5,
			my(b = 1 + random(min(16, n)), K = 1 + random(if (random(4), 600, 5000)), ks, f, p = ms[j]);
			if (t == 1, b = min(16, n));
			if (t == 2, b = 1 + (j + 3 * n) % min(16, n));
			ks = keyset(n, K, random(6));
			f = keyfile(ks);
			case(["score", hex(p, n), "--bits", Str(n), "--table-bits", Str(b),
			      "--keys", Str("file:", f), "--json"], ks, p, n, b))));
\\ every table size once for one width each
foreach (ns, n,
	for (b = 1, min(16, n),
		my(p = round(2^n / phi) + 1 - round(2^n / phi) % 2, ks = keyset(n, 2^b + random(4 * 2^b), random(6)), f = keyfile(ks));
		case(["score", Str(p), "--bits", Str(n), "--table-bits", Str(b),
		      "--keys", Str("file:", f), "--json"], ks, p, n, b)));
\\ a file cut short by --count: the first C keys
for (i = 1, 20,
	my(n = ns[1 + i % 4], b = 1 + random(min(12, n)), ks = keyset(n, 200 + random(800), random(6)), f = keyfile(ks),
	   C = 1 + random(#ks), p = 1 + 2 * random(2^(n - 1)));
	case(["score", Str(p), "--bits", Str(n), "--table-bits", Str(b), "--keys", Str("file:", f),
	      "--count", Str(C), "--json"], ks[1 .. C], p, n, b));
\\ seq[:START] and stride:S
for (i = 1, 120,
	my(n = ns[1 + i % 4], b = 1 + random(min(16, n)), ms = mults(n), p = ms[1 + random(#ms)],
	   C = 1 + random(3000), start = random(2^if (random(2), n, 64)), S, sS, ks, fam);
	if (i % 2,
		ks = vector(C, k, (start + k - 1) % 2^64);
		fam = if (i % 3 == 0, "seq", Str("seq:", start));
		if (i % 3 == 0, ks = vector(C, k, k - 1)),
		my(e = random(n)); S = if (random(3), 2^e, 1 + random(2^min(n, 40)));
		sS = if (random(2) && S == 2^e, Str("2^", e), Str(S));
		ks = vector(C, k, ((k - 1) * S) % 2^64);
		fam = Str("stride:", sS));
	case(["score", Str(p), "--bits", Str(n), "--table-bits", Str(b), "--keys", fam,
	      "--count", Str(C), "--json"], ks, p, n, b));
\\ the default count, 4 keys per bucket but at most half of the 2^sp
\\ distinct keys the family has (seq: sp = n; stride 2^e: sp = n - e), so
\\ keys never wrap the word; and the default family seq
dc(b, sp) = if(sp == 0, 1, min(4 * 2^b, 2^(sp - 1)));
for (i = 1, 12,
	my(n = ns[1 + i % 4], b = 1 + random(min(14, n)), p = 1 + 2 * random(2^(n - 1)), ks = vector(dc(b, n), k, k - 1));
	case(["score", Str(p), "--bits", Str(n), "--table-bits", Str(b), "--json"], ks, p, n, b);
	my(e = random(n), S = 2^e, ks2 = vector(dc(b, n - e), k, ((k - 1) * S) % 2^64));
	case(["score", Str(p), "--bits", Str(n), "--table-bits", Str(b), "--keys", Str("stride:", S), "--json"], ks2, p, n, b));
\\ tables above 2^16 buckets (up to the limit of 2^28 cfx accepts)
case(["score", "0x9e3779b9", "--bits", "32", "--table-bits", "20", "--keys", "stride:12345",
      "--count", "50000", "--json"], vector(50000, k, (k - 1) * 12345), 0x9e3779b9, 32, 20);
case(["score", "0x9e3779b97f4a7c15", "--bits", "64", "--table-bits", "18", "--keys", "seq:2^40",
      "--count", "100000", "--json"], vector(100000, k, 2^40 + k - 1), 0x9e3779b97f4a7c15, 64, 18);
case(["score", "0x9e370001", "--bits", "32", "--table-bits", "17", "--keys", "stride:2^12",
      "--count", "60000", "--json"], vector(60000, k, (k - 1) * 2^12), 0x9e370001, 32, 17);
\\ seq wrapping past 2^64
my(ks = vector(100, k, (2^64 - 10 + k - 1) % 2^64), p = 0x9e3779b97f4a7c15);
case(["score", Str(p), "--bits", "64", "--table-bits", "4", "--keys", "seq:2^64-10", "--count", "100", "--json"], ks, p, 64, 4);
}
quit
GP

python3 - "$here" "$tmp/cases" "$name" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from oracle_common import Checker, gpnum

ck = Checker(sys.argv[3])
lines = ck.cases(sys.argv[2], 400)
def case(line):
    f = line.split("\t")
    args = f[0].split("\x1f")
    (mhex, bits, b, made, keys, buckets, chi2, dof, pv, mx, empty, el, R,
     verdict, even) = f[1:]
    o = ck.json(args)
    ck.eq("multiplier", ck.field(o, "multiplier"), mhex)
    ck.eq("bits", ck.field(o, "bits"), int(bits))
    ck.eq("table_bits", ck.field(o, "table_bits"), int(b))
    ck.eq("keys_made", ck.field(o, "keys_made"), int(made))
    ck.eq("keys", ck.field(o, "keys"), int(keys))
    ck.eq("buckets", ck.field(o, "buckets"), int(buckets))
    ck.near("chi2", ck.field(o, "chi2"), gpnum(chi2), 1e-9, 1e-9)
    ck.near("dof", ck.field(o, "dof"), float(dof), 0)
    p = gpnum(pv)
    if p > 1e-300:
        ck.near("p_value", ck.field(o, "p_value"), p, 1e-6)
    else:
        ck.near("p_value (gp: %s)" % pv, ck.field(o, "p_value"), 0.0, 0, 1e-300)
    ck.eq("max_load", ck.field(o, "max_load"), int(mx))
    ck.eq("empty", ck.field(o, "empty"), int(empty))
    ck.near("expected_load", ck.field(o, "expected_load"), gpnum(el), 1e-12)
    ck.near("probe_ratio", ck.field(o, "probe_ratio"), gpnum(R), 1e-9)
    if verdict != "?":
        ck.eq("verdict", ck.field(o, "verdict"), verdict)
    ck.eq("even_multiplier", ck.field(o, "even_multiplier"), even == "1")
    ck.done()


ck.each(lines, case)
ck.finish()
PY
