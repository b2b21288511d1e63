#!/bin/bash
# cf_irrationals: `cfx cf` on quadratic irrationals and on pi, e and friends,
# against PARI/GP.
#
#  * sqrt(D) for every non-square D in 2..300 and some large D (n^2+1,
#    n^2+2, n^2-1, n^2+n, n^2-2 with n ~ 2^100; 10^40+1; D with periods of
#    124 to 13004 terms such as 2^31-1 and 10^9+7):
#    kind "periodic", preperiod, period, the listed quotients (pre-period
#    then one period) and their convergents, against the exact (P, Q)
#    recurrence for (P + sqrt D)/Q in gp; and with --terms K the unrolled
#    expansion against gp contfrac(sqrt(D)) at 3000 digits.
#  * phi, 1/phi, (1+sqrt(5))/2+3, sqrt(8), (2+sqrt(3))/5, phi^k, sqrt(P/Q),
#    -sqrt(D) and 150 random (A+B*sqrt(D))/C the same way, plus the golden
#    prefix (endless or not, of x or 1-x), the largest quotient a_k, k >= 1,
#    of the unrolled expansion, and the distances to 1/phi.
#  * sqrt(D) whose period exceeds what cfx looks for (138121 terms for
#    D = 99999999977): cfx may find the period, or list an exact prefix
#    of 300 quotients with --terms 300 and of the documented default 30
#    without --terms, each run within 10 s.
#  * pi, e, 2^64/pi, 1/pi, e^2 (--terms 60) and more (pi to 1000 terms,
#    e^-1, pi^2, pi+e, sqrt(pi), sqrt(2)+sqrt(3), 355/113-pi, ...): kind
#    "prefix", exactly K quotients equal to the first K of gp contfrac at
#    3000 digits, their convergents, golden prefix, largest quotient and
#    distances.
. "$(dirname "$0")/lib.sh"
oracle_start cf_irrationals

# One case per line, tab-separated:
#   kind args quotients convergents preperiod period golden-prefix endless
#   mirrored max-index max-quotient dist dist-bits mirror-dist mirror-bits
# kind: q (periodic, as listed), qt (periodic, --terms K unrolled),
#       p (prefix of an irrational); "-" for fields that do not apply.
#   pfx  args period quotients (the first ones: a long period)
#   fact description ok|FAIL   (gp checking itself)
oracle_gp <<'GP'
default(colors, "no"); default(debugmem, 0);
default(parisizemax, 10^9);
default(realprecision, 3000);
setrand(271828);
US = Strchr(31); TAB = Strchr(9);
J(v) = strjoin(apply(t -> Str(t), v), ",");
Args(v) = strjoin(v, US);
conv(a) = {
	my(pm2 = 0, pm1 = 1, qm2 = 1, qm1 = 0, out = vector(#a));
	for (k = 1, #a,
		my(p = a[k] * pm1 + pm2, q = a[k] * qm1 + qm2);
		out[k] = Str(p, "/", q);
		pm2 = pm1; pm1 = p; qm2 = qm1; qm1 = q);
	strjoin(out, ",");
}
fact(desc, ok) = print("fact", TAB, desc, TAB, if (ok, "ok", "FAIL"));
iphi = 2 / (1 + sqrt(5));
E(x) = strprintf("%.20e", x);
\\ distances to 1/phi, as printed fields; 0 exactly when below 10^-2900
dist(x) = {
	my(d = abs(x - iphi), m = abs(1 - x - iphi),
	   f = t -> if (t < 10^-2900, Str("0", TAB, "inf"), Str(E(t), TAB, E(-log(t) / log(2)))));
	Str(f(d), TAB, f(m));
}
\\ (P + sqrt(D))/Q with Q | D - P^2
qnorm(P, D, Q) = if ((D - P^2) % Q, [P * abs(Q), D * Q^2, Q * abs(Q)], [P, D, Q]);
qfloor(P, D, Q) = { my(s = sqrtint(D)); if (Q > 0, (P + s) \ Q, -((P + s) \ (-Q)) - 1); }
\\ [pre-period and one period, pre, period] of (P + sqrt(D))/Q
qcf(P, D, Q) = {
	my(M = Map(), a = List(), k = 0, t, pre);
	[P, D, Q] = qnorm(P, D, Q);
	while (!mapisdefined(M, [P, Q]),
		mapput(M, [P, Q], k);
		t = qfloor(P, D, Q); listput(a, t);
		P = t * Q - P; Q = (D - P^2) / Q; k++);
	pre = mapget(M, [P, Q]);
	[Vec(a), pre, k - pre];
}
unroll(c, K) = vector(K, i, if (i <= #c[1], c[1][i], c[1][c[2] + 1 + (i - 1 - c[2]) % c[3]]));
run1(a) = { my(r = 0); for (k = 2, #a, if (a[k] == 1, r++, break)); r; }
\\ golden prefix, endless, mirrored, max index, max quotient from the
\\ expansions a of x and b of 1 - x (long enough), endless at length L;
\\ the mirror 1 - x counts for 0 < x < 1 only (a0 = 0; x irrational)
golden(a, b, endless_at) = {
	my(r0 = run1(a), r1 = if (a[1] == 0, run1(b), -1), mi = 0, mq = "null", end);
	for (j = 2, #a, if (mi == 0 || a[j] > mq, mi = j - 1; mq = a[j]));
	end = endless_at && (r0 >= endless_at || r1 >= endless_at);
	Str(if (end, "null", max(r0, r1)), TAB, end, TAB,
	    if (end || r0 == r1, -1, r1 > r0), TAB, mi, TAB, mq);
}
\\ a quadratic case: x = (A + B sqrt(d))/C, given to cfx as the text s
quad(s, A, B, d, C, K) = {
	my(P = if (B > 0, A, -A), Q = if (B > 0, C, -C), D = B^2 * d, c, c1, L, x, a, ga);
	[P, D, Q] = qnorm(P, D, Q);
	c = qcf(P, D, Q); c1 = qcf(P - Q, D, -Q);
	L = max(#c[1], #c1[1]) + 2 * max(c[3], c1[3]) + 2;
	x = (A + B * sqrt(d)) / C;
	ga = golden(unroll(c, L), unroll(c1, L), L - 1);
	\\ the listed form, then the --terms K form
	print("q", TAB, Args([s, "--json"]), TAB, J(c[1]), TAB, conv(c[1]), TAB,
	      c[2], TAB, c[3], TAB, ga, TAB, dist(x));
	if (K,
		a = contfrac(x)[1 .. K];
		if (a != unroll(c, K), fact(Str("gp contfrac vs recurrence for ", s), 0));
		print("qt", TAB, Args([s, "--terms", Str(K), "--json"]), TAB, J(a), TAB, conv(a), TAB,
		      c[2], TAB, c[3], TAB, ga, TAB, dist(x)));
}
\\ an interval case: gp's value x, K terms
rcase(s, x, K) = {
	my(a = contfrac(x), b = contfrac(1 - x));
	if (#a < K + 50 || #b < K + 50, fact(Str("gp precision too low for ", s), 0); return);
	a = a[1 .. K]; b = b[1 .. K];
	print("p", TAB, Args([s, "--terms", Str(K), "--json"]), TAB, J(a), TAB, conv(a), TAB,
	      "-", TAB, "-", TAB, golden(a, b, 0), TAB, dist(x));
}
\\ the (m, d, a) recurrence of sqrt(D), written out once more as a cross-check
per(D) = { my(s = sqrtint(D), m = 0, d = 1, a = s, k = 0);
	until (a == 2 * s, m = d * a - m; d = (D - m^2) / d; a = (s + m) \ d; k++); k; }
{
for (D = 2, 300, if (!issquare(D), quad(Str("sqrt(", D, ")"), 0, 1, D, 1, 40)));
fact("period of sqrt(D), D < 1000: (m, d, a) recurrence = (P, Q) recurrence",
     #select(D -> !issquare(D) && per(D) != qcf(0, D, 1)[3], [2 .. 999]) == 0);
\\ large D
my(n = 2^100 + 12345);
foreach ([n^2 + 1, n^2 + 2, n^2 - 1, n^2 + n, n^2 - 2, 4 * n^2 + 4, 10^40 + 1], D,
	quad(Str("sqrt(", D, ")"), 0, 1, D, 1, 40));
foreach ([1000003, 4194301, 99991, 1234567, 2^31 - 1, 10^9 + 7], D,
	quad(Str("sqrt(", D, ")"), 0, 1, D, 1, 100));
\\ the named ones
quad("phi", 1, 1, 5, 2, 40);
quad("1/phi", -1, 1, 5, 2, 40);
quad("(1+sqrt(5))/2+3", 7, 1, 5, 2, 40);
quad("sqrt(8)", 0, 2, 2, 1, 40);
quad("(2+sqrt(3))/5", 2, 1, 3, 5, 40);
quad("sqrt(2/3)", 0, 1, 6, 3, 40);
quad("sqrt(12)", 0, 2, 3, 1, 40);
quad("(-1)*sqrt(2)", 0, -1, 2, 1, 40);
quad("0-sqrt(7)", 0, -1, 7, 1, 40);
for (k = 1, 6,
	\\ phi^k = (L_k + F_k sqrt 5)/2, phi^-k = (-1)^k (L_k - F_k sqrt 5)/2
	my(L = fibonacci(k - 1) + fibonacci(k + 1), F = fibonacci(k));
	quad(Str("phi^", k), L, F, 5, 2, 40);
	quad(Str("phi^(-", k, ")"), (-1)^k * L, -(-1)^k * F, 5, 2, 40));
\\ random quadratics (A + B*sqrt(D))/C
for (i = 1, 150,
	my(D, B = 0, C = 0, Av = random(101) - 50, s);
	until (!issquare(D), D = 2 + random(150));
	until (B, B = random(19) - 9); until (C, C = random(41) - 20);
	s = Str("(", Av, "+(", B, ")*sqrt(", D, "))/(", C, ")");
	quad(s, Av, B, D, C, if (i % 3 == 0, 60, 0)));
\\ a period longer than cfx looks for: the prefix it lists must be exact,
\\ 300 quotients when asked for, the default 30 when not
my(D = 99999999977, c = qcf(0, D, 1));
print("pfx", TAB, Args([Str("sqrt(", D, ")"), "--terms", "300", "--json"]), TAB, c[3], TAB, J(c[1][1 .. 300]));
print("pfx", TAB, Args([Str("sqrt(", D, ")"), "--json"]), TAB, c[3], TAB, J(c[1][1 .. 30]));
}
\\ pi, e and other reals
rcase("pi", Pi, 60);
rcase("e", exp(1), 60);
rcase("2^64/pi", 2^64 / Pi, 60);
rcase("1/pi", 1 / Pi, 60);
rcase("e^2", exp(2), 60);
rcase("pi", Pi, 1000);
rcase("e", exp(1), 500);
rcase("e^-1", exp(-1), 60);
rcase("pi^2", Pi^2, 80);
rcase("pi+e", Pi + exp(1), 80);
rcase("sqrt(pi)", sqrt(Pi), 80);
rcase("sqrt(2)+sqrt(3)", sqrt(2) + sqrt(3), 80);
rcase("sqrt(sqrt(2))", sqrt(sqrt(2)), 80);
rcase("355/113-pi", 355/113 - Pi, 60);
rcase("pi*10^30", Pi * 10^30, 60);
rcase("phi+pi", (1 + sqrt(5)) / 2 + Pi, 60);
rcase("sqrt(2)*pi", sqrt(2) * Pi, 60);
rcase("2^64/e", 2^64 / exp(1), 60);
rcase("pi-3", Pi - 3, 60);
rcase("e^10/pi^5", exp(10) / Pi^5, 60);
rcase("(pi+1)/(e-1)", (Pi + 1) / (exp(1) - 1), 60);
quit
GP

python3 - "$here" "$tmp/cases" "$name" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from oracle_common import Checker, gpnum, gplist

ck = Checker(sys.argv[3])
lines = ck.cases(sys.argv[2], 600)
def case(line):
    f = line.split("\t")
    kind = f[0]
    if kind == "fact":
        ck.fact(f[1], f[2], "PARI/GP disagrees with itself; the oracle is broken")
        return
    args = f[1].split("\x1f")
    if kind == "pfx":
        # sqrt(D) with a period (gp: f[2] terms) longer than cfx looks
        # for: it may find it, or list an exact prefix of the length
        # asked for (--terms, else the default 30)
        o = ck.json(["cf"] + args, timeout=10)
        period, pp = int(f[2]), gplist(f[3])
        k = ck.field(o, "kind")
        q = ck.field(o, "quotients")
        if k == "periodic":
            ck.eq("period", ck.field(o, "period"), period)
        elif q is not None:
            ck.eq("kind", k, "prefix")
            ck.eq("quotients", q, pp)
            c = ck.field(o, "convergents")
            if c is not None and len(c) != len(q):
                ck.problem("%d convergents for %d quotients" % (len(c), len(q)))
        ck.done()
        return
    o = ck.json(["cf"] + args)
    (quots, convs, pre, per, gpre, endless, mirr, mi, mq,
     d, db, md, mdb) = f[2:]
    ck.eq("kind", ck.field(o, "kind"), "prefix" if kind == "p" else "periodic")
    if kind != "p":
        ck.eq("preperiod", ck.field(o, "preperiod"), int(pre))
        ck.eq("period", ck.field(o, "period"), int(per))
    ck.eq("quotients", ck.field(o, "quotients"), gplist(quots))
    c = ck.field(o, "convergents")
    full = gplist(convs)
    if c is not None:
        c = ["/".join(pq) for pq in c]
        if len(c) < len(full):
            # cfx shows convergents until their numerators and
            # denominators pass 2^27 bits (16 MiB) in all, that one
            # included: a shorter list must end exactly there
            if hasattr(sys, "set_int_max_str_digits"):
                sys.set_int_max_str_digits(0)   # convergents of 10^4 digits
            size = lambda pq: sum(max(1, abs(int(x)).bit_length())
                                  for x in pq.split("/"))
            upto = [0]
            for pq in full:
                upto.append(upto[-1] + size(pq))
            m = len(c)
            if not (m >= 1 and upto[m] > 2**27 >= upto[m - 1]):
                ck.problem("%d of %d convergents shown, not where they "
                           "pass 2^27 bits" % (m, len(full)))
            full = full[:m]
    ck.eq("convergents", c, full)
    ck.eq("golden_prefix", ck.field(o, "golden_prefix"),
          None if gpre == "null" else int(gpre))
    ck.eq("golden_endless", ck.field(o, "golden_endless"), endless == "1")
    if mirr != "-1":
        ck.eq("golden_mirrored", ck.field(o, "golden_mirrored"), mirr == "1")
    ck.eq("max_quotient_index", ck.field(o, "max_quotient_index"), int(mi))
    ck.eq("max_quotient", ck.field(o, "max_quotient"),
          None if mq == "null" else mq)
    ck.near("distance_to_phi_inverse", ck.field(o, "distance_to_phi_inverse"),
            gpnum(d), 1e-12, 0, null_if_inf=True)
    ck.near("distance_bits", ck.field(o, "distance_bits"), gpnum(db),
            1e-12, 1e-12, null_if_inf=True)
    ck.near("mirror_distance", ck.field(o, "mirror_distance"), gpnum(md),
            1e-12, 0, null_if_inf=True)
    ck.near("mirror_distance_bits", ck.field(o, "mirror_distance_bits"),
            gpnum(mdb), 1e-12, 1e-12, null_if_inf=True)
    ck.done()


ck.each(lines, case)
ck.finish()
PY
