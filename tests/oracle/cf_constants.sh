#!/bin/bash
# cf_constants: the constants of docs/FACTS.md, golden(N), nextprime(x) and
# prevprime(x), against PARI/GP.
#
#  * `cfx cf C --bits N --json` for the Knuth prime, the old 64-bit prime,
#    both seed sparse primes, GOLDEN_RATIO_32/64, FxHash and friends:
#    quotients and convergents vs gp contfrac; the expansion prefixes that
#    FACTS.md states, vs both gp and cfx.
#  * `cfx naf` on them: value, prime flag (gp isprime) and, for the seed
#    primes, the power sums FACTS.md states (gp evaluates them too).
#  * golden(N), N = 0..300, vs gp round(2^N/phi) at 1000 digits.
#  * nextprime(x) vs gp nextprime(x+1) and prevprime(x) vs gp
#    precprime(x-1) for small, 64-bit, 200-bit and 512-bit x (primes,
#    neighbours of primes, random); prevprime(x) for x <= 2 must fail.
#  * the FACTS claims through cfx: prevprime(golden(32)) = 2654435761,
#    nextprime(golden(64)) = 11400714819323198549, golden(64) =
#    0x9e3779b97f4a7c16, golden(32) = 2654435769, 2^32 - 0x9e3779b9 =
#    0x61C88647 (each against gp and against the number FACTS.md states).
#  * FACTS.md claims gp alone can check ("fact" lines): how the constants
#    were derived, FxHash ~ 2^64/pi, and the stride reductions: 0x9e370001
#    mod 2^20 = 0x70001, 0x9e37fffffffc0001 mod 2^52 = 2^51 - 2^18 + 1, and
#    for s = 46 the fraction (p mod 2^18)/2^18 = 1/2^18 = [0; 2^18]
#    (FACTS.md puts this at s = 18 with 1/2^46: an erratum, not tested).
#  * cfx sweep rows s = 0, 1, 12, 16, 18, 20, n-1 of both seed primes:
#    effective multiplier p mod 2^(n-s) and its first quotients vs gp.
. "$(dirname "$0")/lib.sh"
oracle_start cf_constants

# Lines, tab-separated, first field the kind:
#   cf    args  quotients  convergents
#   pre   args  quotient-prefix (from FACTS.md)
#   val   args  value (decimal) | ERR (cfx must refuse)
#   naf   args  value  prime(0/1)  power-sum | -
#   sweep args  shift  effective-multiplier  quotient-prefix
#   fact  description  ok|FAIL      (FACTS.md vs gp alone)
# args are separated by \x1f.
oracle_gp <<'GP'
default(colors, "no"); default(debugmem, 0);
default(realprecision, 1000);
setrand(31337);
US = Strchr(31); TAB = Strchr(9);
J(v) = strjoin(apply(t -> Str(t), v), ",");
A(v) = strjoin(v, US);
conv(a) = {
	my(pm2 = 0, pm1 = 1, qm2 = 1, qm1 = 0, out = vector(#a));
	for (k = 1, #a,
		my(p = a[k] * pm1 + pm2, q = a[k] * qm1 + qm2);
		out[k] = Str(p, "/", q);
		pm2 = pm1; pm1 = p; qm2 = qm1; qm1 = q);
	strjoin(out, ",");
}
phi = (1 + sqrt(5)) / 2;
fact(desc, ok) = print("fact", TAB, desc, TAB, if (ok, "ok", "FAIL"));
startswith(v, w) = #v >= #w && v[1 .. #w] == w;
ones(k) = vector(k, i, 1);
\\ name, literal, value, bits, FACTS prefix of the expansion, FACTS power sum
{
C = [
 ["Knuth 32-bit prime", "2654435761", 2654435761, 32,
   concat([0], concat(ones(20), [4, 7, 7, 18, 1, 1, 1, 1, 17])), ""],
 ["old 64-bit prime", "11400714819323198549", 11400714819323198549, 64,
   concat([0], concat(ones(41), [4, 2, 1, 57])), ""],
 ["seed 32-bit sparse", "0x9e370001", 2654404609, 32,
   concat([0], concat(ones(12), concat([18, 7, 1, 3, 7, 18], concat(ones(10), [2])))),
   "2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1"],
 ["seed 64-bit sparse", "0x9e37fffffffc0001", 11400862456688148481, 64,
   concat([0], concat(ones(11), [2, 1, 14, 1, 1048579, 15])),
   "2^63 + 2^61 - 2^57 + 2^54 - 2^51 - 2^18 + 1"],
 ["GOLDEN_RATIO_32", "0x61C88647", 2^32 - 0x9e3779b9, 32,
   concat([0, 2], concat(ones(20), [2, 4, 1, 1, 25])), ""],
 ["GOLDEN_RATIO_64", "0x61C8864680B583EB", 2^64 - 0x9e3779b97f4a7c15, 64,
   concat([0, 2], concat(ones(42), [2, 121])), ""],
 ["FxHash", "0x517cc1b727220a95", 0x517cc1b727220a95, 64,
   [0, 3, 7, 15, 1, 292], ""],
 ["0x9e3779b9", "0x9e3779b9", 0x9e3779b9, 32, [], ""],
 ["0x9e3779b97f4a7c15", "0x9e3779b97f4a7c15", 0x9e3779b97f4a7c15, 64, [], ""],
 ["page-cache 1999", "2654425957", 40499 * 65543, 32, [], ""]
];
}
{
foreach (C, c,
	my(a = contfrac(c[3] / 2^c[4]));
	print("cf", TAB, A([c[2], "--bits", Str(c[4]), "--json"]), TAB, J(a), TAB, conv(a));
	\\ without --bits the word size is the smallest standard one
	print("cf", TAB, A([c[2], "--json"]), TAB, J(a), TAB, conv(a));
	\\ the same constant through the expression language
	print("cf", TAB, A([Str(c[3]), "--bits", Str(c[4]), "--json"]), TAB, J(a), TAB, conv(a));
	if (#c[5],
		fact(Str("FACTS expansion of ", c[1]), startswith(a, c[5]));
		print("pre", TAB, A([c[2], "--bits", Str(c[4]), "--json"]), TAB, J(c[5])));
	my(ps = c[6]);
	if (ps != "",
		fact(Str("FACTS power sum of ", c[1]), eval(ps) == c[3]));
	print("naf", TAB, A([c[2], "--bits", Str(c[4]), "--json"]), TAB, c[3], TAB,
	      isprime(c[3]), TAB, if (ps == "", "-", ps)));
fact("Knuth prime is prevprime(round(2^32/phi))", 2654435761 == precprime(round(2^32 / phi) - 1));
fact("old 64-bit prime is nextprime(round(2^64/phi))", 11400714819323198549 == nextprime(round(2^64 / phi) + 1));
fact("round(2^64/phi) = 0x9e3779b97f4a7c16", round(2^64 / phi) == 0x9e3779b97f4a7c16);
fact("round(2^32/phi) = 2654435769", round(2^32 / phi) == 2654435769);
fact("FxHash is 2^64/pi made odd", abs(0x517cc1b727220a95 - 2^64 / Pi) < 2 && 0x517cc1b727220a95 % 2 == 1);
fact("FxHash expansion starts like that of 1/pi", startswith(contfrac(1 / Pi), [0, 3, 7, 15, 1, 292]));
fact("2654425957 = 40499 * 65543", 2654425957 == 40499 * 65543);
fact("GOLDEN_RATIO_32/64 are not prime", !isprime(0x61C88647) && !isprime(0x61C8864680B583EB));
}
\\ FACTS claims through cfx's expression language
print("val", TAB, A(["naf", "prevprime(golden(32))", "--json"]), TAB, precprime(round(2^32 / phi) - 1));
print("val", TAB, A(["naf", "prevprime(golden(32))", "--json"]), TAB, 2654435761);
print("val", TAB, A(["naf", "nextprime(golden(64))", "--json"]), TAB, nextprime(round(2^64 / phi) + 1));
print("val", TAB, A(["naf", "nextprime(golden(64))", "--json"]), TAB, 11400714819323198549);
print("val", TAB, A(["naf", "golden(64)", "--json"]), TAB, 0x9e3779b97f4a7c16);
print("val", TAB, A(["naf", "golden(32)", "--json"]), TAB, 2654435769);
print("val", TAB, A(["naf", "2^32 - 0x9e3779b9", "--json"]), TAB, 0x61C88647);
print("val", TAB, A(["naf", "2^64 - 0x9e3779b97f4a7c15", "--json"]), TAB, 0x61C8864680B583EB);
print("val", TAB, A(["naf", "40499 * 65543", "--json"]), TAB, 2654425957);
\\ the stride reductions (FACTS "Mathematics" and "History")
fact("0x9e370001 mod 2^20 = 0x70001", 0x9e370001 % 2^20 == 0x70001);
fact("0x9e37fffffffc0001 mod 2^52 = 2^51 - 2^18 + 1", 0x9e37fffffffc0001 % 2^52 == 2^51 - 2^18 + 1);
{
my(e = 0x9e37fffffffc0001 % 2^46, a = contfrac(e / 2^46));
\\ FACTS.md says that for s = 18 this fraction is 1/2^46 = [0; 2^46]; it
\\ is not: p mod 2^46 = 2^46 - 2^18 + 1 (1/2^18 = [0; 2^18] belongs to
\\ s = 46).  Checked here is the mathematics, not the erratum.
fact(Str("for 0x9e37fffffffc0001 and s = 18, p mod 2^46 = 2^46 - 2^18 + 1",
         " (FACTS.md's 1/2^46 is an erratum); expansion starts ",
         a[1 .. min(6, #a)]), e == 2^46 - 2^18 + 1 && a[1 .. 2] == [0, 1] && a[3] > 2^27);
my(f = (0x9e37fffffffc0001 % 2^18) / 2^18);
fact("for s = 46 the effective fraction is 1/2^18 = [0; 2^18]",
     contfrac(f) == [0, 2^18]);
}
{
foreach ([[0x9e370001, 32, "0x9e370001"], [0x9e37fffffffc0001, 64, "0x9e37fffffffc0001"]], c,
	foreach ([0, 1, 12, 16, 18, 20, c[2] - 1], s,
		my(e = c[1] % 2^(c[2] - s), a = contfrac(e / 2^(c[2] - s)));
		print("sweep", TAB, A(["sweep", c[3], "--bits", Str(c[2]), "--table-bits", "4",
		                       "--count", "64", "--json"]),
		      TAB, s, TAB, e, TAB, J(a[1 .. min(12, #a)]))));
}
\\ golden(N) = round(2^N / phi)
for (N = 0, 300, print("val", TAB, A(["naf", Str("golden(", N, ")"), "--json"]), TAB, round(2^N / phi)));
\\ nextprime / prevprime
np(x) = print("val", TAB, A(["naf", Str("nextprime(", x, ")"), "--json"]), TAB, nextprime(x + 1));
pp(x) = { print("val", TAB, A(["naf", Str("prevprime(", x, ")"), "--json"]), TAB,
              if (x <= 2, "ERR", precprime(x - 1))); }
{
for (x = 0, 60, np(x); pp(x));
forprime (q = 2^61 - 1, 2^61 + 200, np(q); pp(q));
foreach ([2^32 - 5, 2^32 - 1, 2^32, 2^32 + 15, 2^63, 2^64 - 59, 2^64 - 58, 2^64 - 1, 2^64,
          2^64 + 13, 2^64 + 14, 2^127 - 1, 2^128, 2^200, 2^200 + 235], x, np(x); pp(x));
for (i = 1, 80, my(x = random(2^64)); np(x); pp(x));
for (i = 1, 30, my(x = nextprime(random(2^64))); np(x); pp(x); np(x - 1); pp(x + 1));
for (i = 1, 60, my(x = 2^199 + random(2^199)); np(x); pp(x));
for (i = 1, 20, my(x = nextprime(2^199 + random(2^199))); np(x); pp(x); pp(x + 1); np(x - 1));
for (i = 1, 10, my(x = 2^511 + random(2^511)); np(x); pp(x));
\\ and through hex literals
for (i = 1, 10, my(x = random(2^64));
	print("val", TAB, A(["naf", Str("nextprime(0x", strprintf("%x", x), ")"), "--json"]), TAB, nextprime(x + 1)));
}
quit
GP

python3 - "$here" "$tmp/cases" "$name" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from oracle_common import Checker, gplist

ck = Checker(sys.argv[3])
lines = ck.cases(sys.argv[2], 1000)
def case(line):
    f = line.split("\t")
    kind = f[0]
    if kind == "fact":
        ck.fact("FACTS.md: " + f[1], f[2],
                "PARI/GP does not confirm this FACTS.md claim")
        return
    args = f[1].split("\x1f")
    if kind == "cf":
        o = ck.json(["cf"] + args)
        ck.eq("kind", ck.field(o, "kind"), "finite")
        ck.eq("quotients", ck.field(o, "quotients"), gplist(f[2]))
        c = ck.field(o, "convergents")
        if c is not None:
            c = ["/".join(pq) for pq in c]
        ck.eq("convergents", c, gplist(f[3]))
    elif kind == "pre":
        o = ck.json(["cf"] + args)
        want = gplist(f[2])
        q = ck.field(o, "quotients")
        if q is not None:
            ck.eq("quotient prefix stated in FACTS.md", q[:len(want)], want)
    elif kind == "naf":
        o = ck.json(["naf"] + args)
        ck.eq("value", ck.field(o, "value"), f[2])
        ck.eq("prime", ck.field(o, "prime"), f[3] == "1")
        if f[4] != "-":
            ck.eq("power_sum (FACTS.md)", ck.field(o, "power_sum"), f[4])
    elif kind == "val":
        if f[2] == "ERR":
            rc, out, err = ck.run(args)
            if rc == 0:
                ck.problem("expected an error (gp: no prime below), got "
                           "exit 0: %s" % out.strip()[:200])
        else:
            o = ck.json(args)
            ck.eq("value", ck.field(o, "value"), f[2])
    elif kind == "sweep":
        o = ck.json(args)
        rows = ck.field(o, "rows")
        s = int(f[2])
        if rows is not None:
            r = [x for x in rows if x.get("shift") == s]
            if len(r) != 1:
                ck.problem("no single row with shift %d" % s)
            else:
                ck.eq("row %d effective_multiplier" % s,
                      r[0].get("effective_multiplier"), f[3])
                ck.eq("row %d effective_quotients" % s,
                      r[0].get("effective_quotients"), gplist(f[4]))
    else:
        ck.cmd = "(gp)"
        ck.problem("unknown case line: " + line[:200])
    ck.done()


ck.each(lines, case)
ck.finish()
PY
