#!/bin/bash
# cf_rationals: `cfx cf` on rationals against PARI/GP.
#
#  * 1000+ multipliers p/2^n, n = 8..512, p in [1, 2^n) (random, even,
#    near 2^n/phi, sparse, edge values), in decimal and hex, with --bits N
#    and with the automatic word size: value, bits, kind, quotients (gp
#    contfrac), convergents (the p_k/q_k recurrence in gp), golden prefix
#    (longest run of 1s after a0 in contfrac(x) or contfrac(1-x)), largest
#    quotient and its index, |x - 1/phi| and |1 - x - 1/phi| with their
#    -log2.
#  * 100+ general rationals P/Q, P and Q of 100..3000 bits, negative ones
#    written in several ways, unreduced ones, hex ones.
#  * --terms K truncation of a finite expansion.
. "$(dirname "$0")/lib.sh"
oracle_start cf_rationals

# One case per line, tab-separated:
#   args (separated by \x1f) | value | bits | quotients | convergents |
#   golden prefix | mirrored (1, 0, or -1 for a tie) | max index |
#   max quotient | dist | dist bits | mirror dist | mirror bits
oracle_gp <<'GP'
default(colors, "no"); default(debugmem, 0);
default(parisizemax, 10^9);
default(realprecision, 2500);
setrand(20240611);
US = Strchr(31); TAB = Strchr(9);
J(v) = strjoin(apply(t -> Str(t), v), ",");
conv(a) = {
	my(pm2 = 0, pm1 = 1, qm2 = 1, qm1 = 0, out = vector(#a));
	for (k = 1, #a,
		my(p = a[k] * pm1 + pm2, q = a[k] * qm1 + qm2);
		out[k] = Str(p, "/", q);
		pm2 = pm1; pm1 = p; qm2 = qm1; qm1 = q);
	strjoin(out, ",");
}
\\ the mirror 1 - x counts for 0 < x < 1 only (r1 = -1: none)
run1(a) = { my(r = 0); for (k = 2, #a, if (a[k] == 1, r++, break)); r; }
iphi = 2 / (1 + sqrt(5));
E(x) = strprintf("%.20e", x);
\\ everything about the number x whose full expansion is a, shown to k terms
stats(x, a, k) = {
	my(r0 = run1(a), r1 = if (0 < x && x < 1, run1(contfrac(1 - x)), -1), mi = 0, mq = "null", d, md);
	for (j = 2, #a, if (mi == 0 || a[j] > mq, mi = j - 1; mq = a[j]));
	d = abs(x - iphi); md = abs(1 - x - iphi);
	my(b = a[1 .. min(k, #a)]);
	Str(J(b), TAB, conv(b), TAB, max(r0, r1), TAB,
	    if (r1 > r0, 1, if (r1 < r0, 0, -1)), TAB, mi, TAB, mq, TAB,
	    E(d), TAB, E(-log(d) / log(2)), TAB, E(md), TAB,
	    E(-log(md) / log(2)));
}
\\ the word rule (word.h): the smallest of 32, 64, 128, ... that holds p
autobits(p) = { my(b = #binary(p)); if (b <= 32, 32, 64 * ceil(b / 64)); }
\\ 0b binary with _ between groups of 8 digits
bin(p) = {
	my(v = binary(p), k = #v, out = List());
	for (i = 1, k, listput(out, Str(v[i])); if ((k - i) % 8 == 0 && i < k, listput(out, "_")));
	Str("0b", strjoin(Vec(out), ""));
}
\\ the multiplier p on n bits; how: bit 0 hex, bit 1 no --bits, bit 2
\\ binary, bit 3 an expression 2^n - c (or c*2^k + d)
mult(p, n, how) = {
	my(args, a = contfrac(p / 2^n), lit);
	lit = if (bitand(how, 8), my(k = random(n)); if (random(2), Str("2^", n, "-", 2^n - p),
	                                               Str("(", p >> k, ")*2^", k, "+", p % 2^k)),
	          bitand(how, 4), bin(p),
	          bitand(how, 1), Str("0x", strprintf("%x", p)), Str(p));
	args = if (bitand(how, 2), lit, Str(lit, US, "--bits", US, n));
	print(Str(args, US, "--json"), TAB, p, TAB, n, TAB, stats(p / 2^n, a, #a));
}
\\ a random way of writing a multiplier, with --bits
how() = [0, 0, 0, 1, 1, 1, 4, 8][1 + random(8)];
\\ edge values for every width
{
foreach ([8, 9, 16, 31, 32, 33, 63, 64, 65, 127, 128, 200, 255, 256, 511, 512], n,
	foreach ([1, 2, 3, 2^(n - 1), 2^(n - 1) + 1, 2^n - 1, 2^n - 2, 2^(n - 2),
	          round(2^n / (1 + sqrt(5)) * 2)], p,
		mult(p, n, how())));
}
\\ 1000 random multipliers
{
for (i = 1, 1000,
	my(n = 8 + random(505), p, k = i % 5);
	if (k == 0, p = 1 + random(2^n - 1),
	    k == 1, my(s = 1 + random(n - 1)); p = (2 * random(2^(n - s - 1)) + 1) * 2^s,
	    k == 2, p = round(2^n * iphi) + random(2001) - 1000;
	            if (i % 10 == 2, p = 2^n - p); p = (p - 1) % (2^n - 1) + 1,
	    k == 3, p = 0; for (j = 1, 1 + random(6), p += 2^random(n));
	            p = p % 2^n; if (p == 0, p = 2^(n - 1)),
	    p = 1 + random(2^n - 1); p += 1 - p % 2);
	mult(p, n, how()));
}
\\ automatic word size: p needs exactly the bits of its width, or fewer
{
for (i = 1, 120,
	my(w = [8, 16, 32, 64, 128, 192, 256, 320, 512][1 + i % 9], b, p);
	b = max(1, w - random(if (w <= 64, w / 2, 64)));
	p = 2^(b - 1) + random(2^(b - 1));
	mult(p, autobits(p), 2 + [0, 1, 4, 8][1 + random(4)]));
}
\\ general rationals P/Q
{
for (i = 1, 120,
	my(bp = 100 + random(2901), bq = 100 + random(2901), P, Q, g = 1, form = i % 7,
	   x, args);
	until (denominator(P / Q) != 1,
		P = 1 + random(2^bp); Q = 2 + random(2^bq));
	if (form == 5, g = 2 + random(2^(40 + random(200))));
	x = if (form >= 1 && form <= 3, -P / Q, P / Q);
	args = if (form == 0, Str(P, "/", Q),
	           form == 1, Str("-", P, "/", Q),
	           form == 2, Str("(-", P, ")/", Q),
	           form == 3, Str(P, "/(-", Q, ")"),
	           form == 4, Str("0x", strprintf("%x", P), "/0x", strprintf("%x", Q)),
	           form == 5, Str(g * P, "/", g * Q),
	           Str(P, "/", Q));
	if (form == 6, args = Str(args, US, "--value"));
	my(a = contfrac(x));
	print(Str(args, US, "--json"), TAB, "-", TAB, "-", TAB, stats(x, a, #a)));
}
\\ small rationals, both signs, including integers given with --value
{
for (i = 1, 60,
	my(P = random(2001) - 1000, Q = 1 + random(300), x = P / Q, args);
	if (i % 6 == 0, Q = 1; x = P);
	args = Str("(", P, ")/", Q);
	if (denominator(x) == 1, args = Str(args, US, "--value"));
	print(Str(args, US, "--json"), TAB, "-", TAB, "-", TAB, stats(x, contfrac(x), #contfrac(x))));
}
\\ --terms K cuts a finite expansion
{
for (i = 1, 60,
	my(n = 16 + random(497), p = 1 + random(2^n - 1), a = contfrac(p / 2^n), k);
	k = 1 + random(#a + 3);
	print(Str(p, US, "--bits", US, n, US, "--terms", US, k, US, "--json"), TAB,
	      p, TAB, n, TAB, stats(p / 2^n, a, k)));
}
quit
GP

python3 - "$here" "$tmp/cases" "$name" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from oracle_common import Checker, gpnum, gplist

ck = Checker(sys.argv[3])
lines = ck.cases(sys.argv[2], 1300)
def case(line):
    f = line.split("\t")
    args = f[0].split("\x1f")
    (value, bits, quots, convs, gpre, mirr, mi, mq,
     d, db, md, mdb) = f[1:]
    o = ck.json(["cf"] + args)
    if o is not None:
        if value != "-":
            ck.eq("value", ck.field(o, "value"), value)
            ck.eq("bits", ck.field(o, "bits"), int(bits))
        ck.eq("kind", ck.field(o, "kind"), "finite")
        ck.eq("quotients", ck.field(o, "quotients"), gplist(quots))
        c = ck.field(o, "convergents")
        if c is not None:
            c = ["%s/%s" % tuple(pq) if isinstance(pq, list) and len(pq) == 2
                 else repr(pq) for pq in c]
        ck.eq("convergents", c, gplist(convs))
        ck.eq("golden_prefix", ck.field(o, "golden_prefix"), int(gpre))
        ck.eq("golden_endless", ck.field(o, "golden_endless"), False)
        if mirr != "-1":
            ck.eq("golden_mirrored", ck.field(o, "golden_mirrored"),
                  mirr == "1")
        ck.eq("max_quotient_index", ck.field(o, "max_quotient_index"),
              int(mi))
        ck.eq("max_quotient", ck.field(o, "max_quotient"),
              None if mq == "null" else mq)
        # a distance beyond the range of a double can only be null in JSON
        ck.near("distance_to_phi_inverse",
                ck.field(o, "distance_to_phi_inverse"), gpnum(d), 1e-12,
                null_if_inf=True)
        ck.near("distance_bits", ck.field(o, "distance_bits"), gpnum(db),
                1e-12, 1e-12)
        ck.near("mirror_distance", ck.field(o, "mirror_distance"),
                gpnum(md), 1e-12, null_if_inf=True)
        ck.near("mirror_distance_bits", ck.field(o, "mirror_distance_bits"),
                gpnum(mdb), 1e-12, 1e-12)
    ck.done()


ck.each(lines, case)
ck.finish()
PY
