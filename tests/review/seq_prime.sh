#!/bin/bash
# cfx review: a primality claim in a comment on a whole shift/add sequence
# ("computes h = x * C, which is prime", "the multiply by a prime", "not
# prime") is checked, about the constant the comment names, or the
# product the code computes when it names none, and listed in the output
# and in --json as the other claims are: a true one a NOTE, a false one a
# WARNING with the least factor (issue 23, what review had left open).
# Before, "prime" was read only in a constant's comment and in a comment
# on one step, so such a claim went unchecked and unsaid.  Oracles:
# python writes each sequence from the textbook NAF (lib_naf.py) and
# replays it (the product the code computes); gp's isprime and factor
# judge primality.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# seq FILE C COMMENT: u32 f(u32 x) computing x * C mod 2^32 by the shifts
# and additions of C's NAF (C = 1 mod 4: its lowest digit is +1), then
# h >> 22, with COMMENT over the function; prints python's replay of the
# written steps on x = 1 (the product the code computes), in hex
seq() {
	python3 - "$1" "$2" "$3" <<'PY'
import re, sys
sys.path.insert(0, "tests/review")
from lib_naf import naf
f, c, comment = sys.argv[1], int(sys.argv[2], 16), sys.argv[3]
d = naf(c)
assert d[0] == (0, 1) and len(d) >= 2
steps = ["n = x << %d;" % d[1][0], "h = x %s n;" % "+-"[d[1][1] < 0]]
for (k0, _), (k1, z) in zip(d[1:], d[2:]):
    steps += ["n <<= %d;" % (k1 - k0), "h %s= n;" % "+-"[z < 0]]
with open(f, "w") as o:
    o.write("#include <linux/types.h>\n/* %s */\nu32 f(u32 x)\n{\n\tu32 h, n;\n"
            % comment)
    for s in steps:
        o.write("\t%s\n" % s)
    o.write("\treturn h >> 22;\n}\n")
# the replay: the steps as written, on the word, x = 1
M, v = 2**32 - 1, {"x": 1, "h": 0, "n": 0}
for s in steps:
    lhs, op, rhs = re.fullmatch(r"(\w+) (=|\+=|-=|<<=) (.*);", s).groups()
    r = eval(rhs, {}, dict(v)) & M
    v[lhs] = {"=": r, "+=": v[lhs] + r, "-=": v[lhs] - r, "<<=": v[lhs] << r}[op] & M
print("%x" % v["h"])
PY
}
# gp C: "isprime least-factor" of 0xC
gp_of() { echo "print(isprime(0x$1), \" \", factor(0x$1)[1,1])" | gp -q -f; }
run() { (cd "$tmp" && $root/cfx review s.c > o 2>&1; echo $? > rc;
	$root/cfx review --json s.c > j 2>&1); }
# the claim findings of --json, "LEVEL|message" a line (python's json)
claims_json() {
	python3 -c 'import json, sys
for f in json.load(open(sys.argv[1]))["files"][0]["findings"]:
    if f["kind"] == "claim": print(f["level"] + "|" + f["message"])' "$tmp/j"
}

# 1. a true claim: 0x9e370001 (2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1)
p=$(seq "$tmp/s.c" 9e370001 "h = x * 0x9e370001, which is prime")
read -r pr f < <(gp_of "$p")
run
expect "a true claim: python's replay computes 0x$p, gp's isprime $pr; a NOTE at the comment's line" \
	'[ "$p" = 9e370001 ] && [ "$pr" = 1 ] && grep -q "^s.c:2: NOTE: the sequence.s product 0x9e370001: prime: confirmed" "$tmp/o"'
expect "  listed in --json as a claim, a NOTE" \
	'claims_json | grep -qx "NOTE|the sequence.s product 0x9e370001: prime: confirmed (proven)"'
expect "  the sequence proved, and no claim flagged" \
	'grep -q "^s.c:[0-9]*: NOTE: proved:" "$tmp/o" && ! grep -q "WARNING" "$tmp/o"'

# 2. a false claim naming no constant: the product the code computes,
# composite (the first composite C = 1 mod 4 above 0x9e370001 with a
# factor gp finds below 10^6)
c2=$(python3 -c '
c = 0x9e370005
while not any(c % f == 0 for f in range(3, 1000, 2)): c += 4
print("%x" % c)')
p=$(seq "$tmp/s.c" "$c2" "a multiply by a prime, done by shifts and adds")
read -r pr f < <(gp_of "$p")
run
expect "a false claim on the product: 0x$p (python's replay), gp: isprime $pr, least factor $f: a WARNING naming it, exit 1" \
	'[ "$p" = "$c2" ] && [ "$pr" = 0 ] && g=$(gpfactors 0x$p) && [ "${g%% *}" = "$f" ] && grep -q "^s.c:2: WARNING: the sequence.s product 0x$p: not prime: $g$" "$tmp/o" && [ "$(cat "$tmp/rc")" = 1 ]'
expect "  listed in --json as a claim, a WARNING" \
	'claims_json | grep -qx "WARNING|the sequence.s product 0x$p: not prime: $(gpfactors 0x$p)"'

# 3. a correct sequence (proved equal to the constant its comment names)
# whose product is composite, claimed prime
p=$(seq "$tmp/s.c" "$c2" "h = x * 0x$c2, a prime")
run
expect "a correct sequence's composite product claimed prime: proved equal to 0x$c2, and a WARNING: divisible by $f (gp)" \
	'grep -q "^s.c:[0-9]*: NOTE: proved: .* exactly the multiply by 0x$c2" "$tmp/o" && grep -q "^s.c:2: WARNING: the sequence.s product 0x$c2: not prime: $(gpfactors 0x$c2)$" "$tmp/o"'
# its negation, true: a NOTE
seq "$tmp/s.c" "$c2" "h = x * 0x$c2, not prime" > /dev/null
run
expect "  'not prime' on it: confirmed, a NOTE with the least factor $f" \
	'grep -q "^s.c:2: NOTE: the sequence.s product 0x$c2: not prime: confirmed, $(gpfactors 0x$c2)$" "$tmp/o" && ! grep -q WARNING "$tmp/o"'
# 'not prime' on 0x9e370001, which gp says is prime
seq "$tmp/s.c" 9e370001 "h = x * 0x9e370001, not prime" > /dev/null
run
expect "  'not prime' on 0x9e370001 (gp: prime): a WARNING" \
	'grep -q "^s.c:2: WARNING: the sequence.s product 0x9e370001: claimed not prime, but it is prime" "$tmp/o"'

# 4. a comment that names a prime the code does not compute: the claim is
# about the constant named, and the message says what the code computes
seq "$tmp/s.c" "$c2" "h = x * 0x9e370001, which is prime" > /dev/null
run
expect "a wrong sequence: its 'prime' judged about 0x9e370001, the constant named (gp: prime), beside the sequence's ERROR" \
	'grep -q "^s.c:2: NOTE: the constant its comment names, 0x9e370001 (the sequence computes 0x$c2): prime: confirmed" "$tmp/o" && grep -q "ERROR: the shift/add sequence computes x \* 0x$c2" "$tmp/o"'

# 5. a name that holds PRIME is no claim: "GOLDEN_RATIO_PRIME" alone
seq "$tmp/s.c" 9e370001 "hash *= GOLDEN_RATIO_PRIME, open-coded" > /dev/null
run
expect "GOLDEN_RATIO_PRIME in the comment is no primality claim" \
	'! grep -q "prime: confirmed\|not prime" "$tmp/o"'

done_suite seq_prime
