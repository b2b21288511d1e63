#!/bin/bash
# cfx review: what the fourth non-author trial of issue 23 found,
# each held against an independent computation: python's pow and modular
# arithmetic for the composite multipliers and the reciprocals, the C
# compiler for what the code computes (the fixture's own hash_32() and
# hash_64() compiled and run, the width C gives a product, a division
# done by a multiply and a shift).
#  a. hash_long(key * 0xebb34377u, 9): the composite with GOLDEN_RATIO_64
#     is what is judged, and no WARNING about the 32-bit constant as
#     written ("32-bit constant in a 64-bit word")
#  b. a file that defines the 2.6-era hash_32() (val *
#     GOLDEN_RATIO_PRIME_32) and hash_64() (a shift/add sequence) itself:
#     its own multipliers make the composite, not 0x61c88647
#  c. a cast after the shift does not decide the product's width; a u32
#     times an unsigned int is a 32-bit product, and >> 32 of it is
#     undefined in C (said)
#  d. h *= NAME (a const or a define); return h >> K: the table is K's
#  d. a changed const initialiser replaces the old one; a define whose
#     use is outside the hunk is found by its value (judged on defaults,
#     said); an unused JHASH_INITVAL is not judged (said why)
#  e. claims: NAME/2^32 = [...], "has the expansion", "X and Y are
#     convergents", "composite", "within 2^-20 of phi", "starts with 25
#     ones", two clauses joined by "and", a wrong power sum's NAF
#  f. a malformed hunk header and a short hunk count said; #if/#else
#     inside a function read as two alternatives
#  g. a reciprocal ((u64)x * 0x10624DD3 >> 38 is x / 1000): not judged,
#     said why
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# ---- a. hash_long(key * 0xebb34377u, 9) on a 64-bit word ---------------------
comp=$(python3 -c "print('0x%016x' % (0xebb34377 * (2**64 - 0x9e3779b97f4a7c15) % 2**64))")
expect "python: 0xebb34377 * GOLDEN_RATIO_64 mod 2^64 = $comp" '[ "$comp" = 0x8acd7d794c37d33d ]'
# the C compiler: hash_64 as Linux 4.7 writes it, on key * 0xebb34377u,
# is the multiply by the composite
cat > "$tmp/a.c" <<C
#include <stdint.h>
static uint64_t hash_64(uint64_t val, unsigned bits)
{ return val * 0x61C8864680B583EBull >> (64 - bits); }
int main(void)
{
	for (uint64_t k = 1; k < 1ull << 40; k = k * 5 + 3)
		if (hash_64(k * 0xebb34377u, 9) != (k * ${comp}ull) >> 55)
			return 1;
	return 0;
}
C
expect "cc: hash_64(k * 0xebb34377u, 9) == (k * $comp) >> 55" \
	'cc -O2 -o "$tmp/a" "$tmp/a.c" && "$tmp/a"'
review $fx/long_inverse.patch
expect "hash_long(key * 0xebb34377u, 9): the composite $comp is judged" \
	'grep -q "= $comp, and that product is the multiplier judged here" "$tmp/o"'
# (on 32-bit longs hash_long() is hash_32(), whose GOLDEN_RATIO_32 this
# constant is the inverse of (python, trial3.sh): an ERROR, so exit 1)
expect "hash_long(key * 0xebb34377u, 9): no WARNING about the 32-bit constant as written; the ILP32 cancel an ERROR, exit 1" \
	'! grep -q "32-bit constant in a 64-bit word" "$tmp/o" && ! grep -q WARNING "$tmp/o" && grep -q "ERROR: on 32-bit longs (BITS_PER_LONG 32) hash_long() at line 5 is hash_32()" "$tmp/o" && [ "$(rc)" = 1 ]'
# a composite that is itself a 32-bit constant in the 64-bit word is
# said: C = 0x10001 * the inverse of GOLDEN_RATIO_64 mod 2^64 (python)
inv=$(python3 -c "print('0x%xull' % (0x10001 * pow(2**64 - 0x9e3779b97f4a7c15, -1, 2**64) % 2**64))")
sed "s/0xebb34377u/$inv/" $fx/long_inverse.patch > "$tmp/n.patch"
review "$tmp/n.patch"
expect "hash_long(key * $inv, 9): the composite 0x10001 is the 32-bit constant in a 64-bit word said" \
	'grep -q "mod 2^64 = 0x0000000000010001, and that product" "$tmp/o" && grep -q "WARNING: 0x0000000000010001 is a 32-bit constant in a 64-bit word" "$tmp/o"'
# a define of one file (a header) passed into hash_32() in another: the
# composite still (python)
c2=$(python3 -c "print('0x%08x' % (0x9e3779b9 * 0x61c88647 % 2**32))")
review $fx/twofile.patch
expect "a header's define passed into hash_32() in another file: the composite $c2 is judged" \
	'grep -q "mod 2^32 = $c2, and that product is the multiplier judged here" "$tmp/o" && grep -q "NOTE: $c2: PASS\|: $c2: FAIL" "$tmp/o"'
expect "and the call is named by its file, lib/obj.c:5, not a bare line of the header" \
	'grep -q "include/linux/objhash.h:3: NOTE: hash_32() at lib/obj.c:5 multiplies its argument" "$tmp/o"'

# ---- b. the file's own hash_32() and hash_64() --------------------------------
IFS=' ' read -r c32 c64 <<< "$(python3 -c "
print('0x%08x' % (0x10001 * 0x9e370001 % 2**32), '0x%016x' % (0x10001 * 0x9e37fffffffc0001 % 2**64))")"
expect "python: 0x10001 * 0x9e370001 mod 2^32 = $c32, * 0x9e37fffffffc0001 mod 2^64 = $c64" \
	'[ "$c32" = 0x9e380001 ]'
# the C compiler runs the fixture's own hash_32() and hash_64()
{
	echo '#include <stdint.h>'
	echo 'typedef uint32_t u32; typedef uint64_t u64;'
	sed -n '/^@@/,$ s/^+//p' $fx/own_hash.patch | grep -v '^#if\|^#elif\|^#else\|^#error\|^#endif\|define hash_long\|define GOLDEN_RATIO_PRIME '
	cat <<C
int main(void)
{
	for (u64 k = 1; k < 1ull << 40; k = k * 5 + 3) {
		if (obj_hash32((u32)k) != (u32)((u32)k * ${c32}u) >> 22)
			return 1;
		if (obj_hash64(k) != (k * ${c64}ull) >> 54)
			return 2;
	}
	return 0;
}
C
} > "$tmp/b.c"
expect "cc: the fixture's obj_hash32(k) == (k * $c32) >> 22 and obj_hash64(k) == (k * $c64) >> 54" \
	'cc -O2 -o "$tmp/b" "$tmp/b.c" && "$tmp/b"'
review $fx/own_hash.patch
expect "own hash_32(): the composite $c32 is judged, not 0x61c88647's" \
	'grep -q "mod 2^32 = $c32, and that product is the multiplier judged here" "$tmp/o" && ! grep -q "0x61c88647" "$tmp/o"'
expect "own hash_64(): the composite $c64 is judged, not GOLDEN_RATIO_64's" \
	'grep -q "mod 2^64 = $c64, and that product is the multiplier judged here" "$tmp/o" && ! grep -qi "0x61c8864680b583eb" "$tmp/o"'
v32=$($cfx verify $c32 --bits 32 --table 10 2>&1 | grep -Eo -m1 'PASS|FAIL|WARN')
expect "own hash_32(): the verdict on $c32 is verify's own ($v32)" \
	'grep -q "$c32: $v32" "$tmp/o"'

# ---- c. the width of a product ------------------------------------------------
cat > "$tmp/c.c" <<'C'
#include <stdint.h>
#include <stdio.h>
int main(void)
{
	uint32_t v = 1, us = 1;
	printf("%zu %zu\n", sizeof(v * 2654435761UL) * 8, sizeof(us * 0x418938u) * 8);
	return 0;
}
C
IFS=' ' read -r wcast wub <<< "$(cc -o "$tmp/c" "$tmp/c.c" && "$tmp/c")"
expect "cc (LP64): u32 * 2654435761UL is $wcast bits, u32 * 0x418938u $wub" \
	'[ "$wcast" = 64 ] && [ "$wub" = 32 ]'
review $fx/cast_after.patch
expect "(u32)((v * 2654435761UL) >> 20): a $wcast-bit multiplier (the cast is after the shift)" \
	'grep -q "NOTE: 0x000000009e3779b1: $wcast-bit multiplier" "$tmp/o" && ! grep -q "cast to u32" "$tmp/o"'
review $fx/shift32_u32.patch
expect "(us * 0x418938u) >> 32, u32 us: a $wub-bit product, and the shift by 32 undefined (an ERROR at line 5)" \
	'grep -q "lib/scale.c:5: ERROR: the product with 0x418938u is computed in unsigned int, $wub bits" "$tmp/o" && grep -q "lib/scale.c:5: ERROR: .*undefined behaviour in C" "$tmp/o"'
expect "(key * 0x9e3779b1u) >> 32: likewise undefined (line 10), and judged at $wub bits" \
	'grep -q "lib/scale.c:10: ERROR: .*undefined behaviour" "$tmp/o" && grep -q "0x9e3779b1: $wub-bit multiplier" "$tmp/o" && ! grep -q "64-bit multiplier" "$tmp/o"'

# ---- g. a reciprocal ------------------------------------------------------------
read -r ceil38 <<< "$(python3 -c "print(-(-2**38 // 1000) == 0x10624DD3 and -(-2**32 // 1000) == 0x418938)")"
expect "python: 0x10624DD3 = ceil(2^38/1000), 0x418938 = ceil(2^32/1000)" '[ "$ceil38" = True ]'
cat > "$tmp/g.c" <<'C'
#include <stdint.h>
int main(void)
{
	for (uint64_t x = 0; x < 1ull << 32; x += 997)
		if ((uint32_t)((uint64_t)(uint32_t)x * 0x10624DD3 >> 38) != (uint32_t)x / 1000)
			return 1;
	return 0;
}
C
expect "cc: (u64)x * 0x10624DD3 >> 38 == x / 1000 for u32 x (every 997th)" \
	'cc -O2 -o "$tmp/g" "$tmp/g.c" && "$tmp/g"'
review $fx/reciprocal.patch
expect "(u64)x * 0x10624DD3 >> 38: not judged, said to be x / 1000, no ERROR, exit 0" \
	'grep -q "NOTE: 0x10624DD3 is not judged: it is ceil(2^38/1000), so x \* 0x10624DD3 >> 38 is x / 1000" "$tmp/o" && ! grep -q "ERROR\|WARNING" "$tmp/o" && [ "$(rc)" = 0 ]'
review $fx/shift32_u32.patch
expect "0x418938u under a 32-bit product: not judged either, and the ERROR stands" \
	'grep -q "NOTE: 0x418938u is not judged: it is ceil(2^32/1000)" "$tmp/o" && ! grep -q "0x00418938" "$tmp/o"'
# no reciprocal: a golden multiplier whose product is shifted by 54
printf 'u64 f(u64 x)\n{\n\treturn (x * 0x9e3779b97f4a7c15ull) >> 54;\n}\n' > "$tmp/gold.c"
review "$tmp/gold.c"
expect "a golden multiplier, x * C >> 54: judged (no reciprocal)" \
	'! grep -q "not judged" "$tmp/o" && grep -q "0x9e3779b97f4a7c15: PASS" "$tmp/o"'

# ---- d. h *= NAME; return h >> K ---------------------------------------------
# the C compiler: the fixture's functions are (key * C) >> 22 and >> 20
{
	echo '#include <stdint.h>'
	echo 'typedef uint32_t u32;'
	sed -n '/^@@/,$ s/^[+ ]//p' tests/review/fixtures/named_mul.patch | grep -v '#include'
	cat <<'C'
int main(void)
{
	for (u32 k = 1; k < 1u << 30; k = k * 3 + 1)
		if (obj_hash(k) != (u32)(k * 0x9e3779b1u) >> 22 ||
		    obj_hash2(k) != (u32)(k * 0x61c88647u) >> 20)
			return 1;
	return 0;
}
C
} > "$tmp/d.c"
expect "cc: obj_hash(k) == (k * 0x9e3779b1) >> 22, obj_hash2(k) == (k * 0x61c88647) >> 20" \
	'cc -O2 -o "$tmp/d" "$tmp/d.c" && "$tmp/d"'
review $fx/named_mul.patch
expect "h *= obj_mult (a const); return h >> 22: a table of 2^10" \
	'grep -q "NOTE: 0x9e3779b1: PASS, 61 checks on 32-bit words, a table of 2^10 from >> 22 at line 10" "$tmp/o"'
expect "h *= OBJ_HASH_MULT (a define); return h >> 20: a table of 2^12" \
	'grep -q "NOTE: 0x61c88647: PASS, 61 checks on 32-bit words, a table of 2^12 from >> 20 at line 17" "$tmp/o"'

# ---- d. a changed const, a use outside the hunk, an unused jhash seed ---------
review $fx/const_changed.patch
old=$(sed -n 's/^-.*obj_hash_mult = \(0x[0-9a-f]*\);/\1/p' $fx/const_changed.patch)
expect "a changed const initialiser: it replaces $old (the diff's '-' line), and the verdict compares" \
	'[ "$old" = 0x9e3779b9 ] && grep -q "NOTE: replaces $old (line 3 of the old file)" "$tmp/o" && grep -q "0x9e370001 replaces $old: " "$tmp/o"'
run=$(python3 -c "
from fractions import Fraction
x = Fraction(0x9e370001, 2**32); a = []
while x:
    q = x.numerator // x.denominator; a.append(q); x -= q
    x = 1 / x if x else 0
n = 0
while a[n + 1] == 1: n += 1
print(n)")
review $fx/use_outside_hunk.patch
expect "a define whose use is outside the hunk: found by its value (a run of $run 1s, python), judged on defaults, the unseen use said" \
	'grep -q "CHECK: BUCKET_K: its use is not in the patch" "$tmp/o" && grep -q "begins with $run 1s after a0" "$tmp/o" && grep -q "0x9e370001 replaces 0x9e3779b9: FAIL" "$tmp/o" && ! grep -q "no multipliers found" "$tmp/o"'
review $fx/jhash_initval.patch
expect "an unused #define JHASH_INITVAL: not judged, said why, exit 0" \
	'grep -q "NOTE: JHASH_INITVAL is not judged: its name says a start value" "$tmp/o" && ! grep -q "JHASH_INITVAL = \|PASS\|FAIL" "$tmp/o" && [ "$(rc)" = 0 ]'

# ---- e. claims --------------------------------------------------------------------
# python's fractions: the expansion of 0x9e370001/2^32 (its last term),
# the convergents of 0x9e3779b9/2^32, |x - 1/phi|, the run of 1s; gp:
# primality; python: the NAF of 0xc2000001 as an integer
IFS=' ' read -r last k377 conv dist naf <<< "$(python3 -c "
from fractions import Fraction
from math import log2, sqrt
def cf(p, n):
    x = Fraction(p, 2**n); a = []
    while x:
        q = x.numerator // x.denominator; a.append(q); x -= q
        x = 1 / x if x else 0
    return a
a = cf(0x9e370001, 32)
b = cf(0x9e3779b9, 32)
h, k = [0, 1], [1, 0]
for q in b:
    h.append(q * h[-1] + h[-2]); k.append(q * k[-1] + k[-2])
pq = list(zip(h[2:], k[2:]))
i = pq.index((233, 377))
x = 0x9e370001 / 2**32
d = -log2(abs(x - (sqrt(5) - 1) / 2))
z, e, t = 0xc2000001, 0, []
while z:
    if z & 1:
        s = 1 if z % 4 == 1 else -1; t.append((e, s)); z -= s
    z >>= 1; e += 1
naf = ''.join(('' if j == 0 else (' + ' if sg > 0 else ' - ')) + ('2^%d' % ex if ex else '1') for j, (ex, sg) in enumerate(reversed(t)))
print(a[-1], i, '%d/%d' % pq[i + 1], '%.1f' % d, naf.replace(' ', '_'))")"
naf=${naf//_/ }
isp=$(echo 'print(isprime(0x9e370001))' | gp -q -f 2>/dev/null)
review $fx/cf_named_claim.patch
expect "NAME/2^32 = [...]: the multiplier's expansion (python's), confirmed, not 2^32's" \
	'grep -q "lib/claim.h:4: NOTE: continued fraction of CLAIM_HASH_MULT/2^32 confirmed term by term" "$tmp/o"'
expect "'has the expansion ..., 3': wrong, the last term is $last (python)" \
	'grep -q "lib/claim.h:5: WARNING: continued fraction wrong: term a_29 is $last, not 3" "$tmp/o"'
expect "'is composite': gp says isprime = $isp, so a WARNING" \
	'[ "$isp" = 1 ] && grep -q "lib/claim.h:6: WARNING: claimed not prime, but it is prime" "$tmp/o"'
expect "'within 2^-20 of phi': python's |x - 1/phi| = 2^-$dist, so wrong" \
	'grep -q "lib/claim.h:7: WARNING: within 2^-20 of 1/phi: wrong, |x - 1/phi| = 2^-$dist" "$tmp/o"'
expect "'starts with 25 ones': python's run is $run" \
	'grep -q "lib/claim.h:8: WARNING: wrong: 25 1s claimed, but the continued fraction of 0x9e370001/2^32 starts with $run after a0" "$tmp/o"'
expect "'It is prime and has 9 terms': both clauses checked" \
	'grep -q "lib/claim.h:9: NOTE: prime: confirmed" "$tmp/o" && grep -q "lib/claim.h:9: WARNING: 9 terms claimed; its NAF has 7" "$tmp/o"'
expect "'233/377 and 377/611 are convergents': 233/377 is p_$k377/q_$k377 (python), 377/611 wrong, $conv beside it" \
	'grep -q "NOTE: 233/377 is convergent p_$k377/q_$k377 of p/2^32: confirmed" "$tmp/o" && grep -q "WARNING: 377/611 is not a convergent of p/2^32; the one after p_$k377/q_$k377 there is p_$((k377 + 1))/q_$((k377 + 1)) = $conv" "$tmp/o"'
expect "a wrong power sum for 0xc2000001: the right value is its NAF, $naf (python)" \
	'grep -q "WARNING: power sum wrong: 2^31 + 2^30 + 2^24 + 1 is 0xc1000001, not 0xc2000001 = $naf (its NAF)" "$tmp/o"'
# a second claim of a kind in a comment, in its own sentence after "and":
# "It is prime and close to phi." after sentences that claim each once
review $fx/two_claims_and.patch
expect "'It is prime and close to phi.' (line 7), after other 'prime' and 'close' claims: both checked (gp: prime), none 'not checked'" \
	'grep -q "lib/and.h:7: NOTE: prime: confirmed" "$tmp/o" && grep -q "lib/and.h:7: NOTE: close to phi: confirmed" "$tmp/o" && ! grep -q "lib/and.h:7: CHECK" "$tmp/o"'
expect "and no claim is said twice" \
	'[ -z "$(grep -v "^total" "$tmp/o" | sort | uniq -d)" ]'

# ---- f. a malformed hunk header, a short count, #if/#else in a function ----------
review $fx/hunk_bad_header.patch
hl=$(grep -n '^@@ -1,2 +1,13 @$' $fx/hunk_bad_header.patch | cut -d: -f1)
expect "a malformed hunk header (line $hl of the file): a WARNING naming it and its line, exit 1" \
	'grep -q "hunk_bad_header.patch:$hl: WARNING: \"@@ -1,2 +1,13 @\" is no hunk header" "$tmp/o" && [ "$(rc)" = 1 ]'
review $fx/hunk_short.patch
pl=$(awk '/^@@/ { h = NR; split($3, c, ","); left = c[2]; next } h && left > 0 { left--; next } h && /^\+/ { print NR; exit }' $fx/hunk_short.patch)
expect "a hunk whose header counts short: the first line past it (line $pl, by awk) said, exit 1" \
	'[ -n "$pl" ] && grep -q "hunk_short.patch:$pl: WARNING: a .+. line past the lines the hunk header at line 4 counts" "$tmp/o" && [ "$(rc)" = 1 ]'
# the C compiler: the 2.6.0 hash_long on LP64 is the multiply by
# 0x9e37fffffffc0001 (its #else branch is the other word's)
{
	echo '#define BITS_PER_LONG 64'
	sed -n '/^@@/,$ s/^+//p' $fx/hash_long26.patch
	cat <<'C'
int main(void)
{
	for (unsigned long k = 1; k < 1ul << 50; k = k * 7 + 5)
		if (hash_long(k, 10) != (k * 0x9e37fffffffc0001ul) >> 54)
			return 1;
	return 0;
}
C
} > "$tmp/h.c"
expect "cc: the 2.6.0 hash_long(k, 10) == (k * 0x9e37fffffffc0001) >> 54 on LP64" \
	'cc -O2 -o "$tmp/h" "$tmp/h.c" && "$tmp/h"'
review $fx/hash_long26.patch
expect "#if/#else in hash_long: the shift/add branch computes 0x9e37fffffffc0001, alone (no false FAIL)" \
	'grep -q "the shift/add sequence computes val \* 0x9e37fffffffc0001 mod 2^64" "$tmp/o" && grep -q "computes the multiplier of GOLDEN_RATIO_PRIME (include/linux/hash.h:16): its verdict is this code.s" "$tmp/o"'

# one comment over two defines of one name (under #if/#elif) and the
# function after them: each value's primality said with its value (gp),
# and nothing said twice at one place
read -r p32 p64 <<< "$(echo 'print(isprime(0x9e370001), " ", isprime(0x9e37fffffffc0001))' | gp -q -f 2>/dev/null)"
# the new side's line of each define, counted from the hunk header (awk)
read -r l32 l64 <<< "$(awk '/^@@/ { split($3, h, ","); n = substr(h[1], 2) - 1; next }
	/^[+ ]/ { n++ } /^\+#define GOLDEN_RATIO_PRIME/ { printf "%d ", n }' $fx/hash_long26.patch)"
expect "'Knuth recommends primes' over GOLDEN_RATIO_PRIME twice: each value's primality (gp: $p32, $p64), named by its value and its line ($l32, $l64)" \
	'[ "$p32" = 1 ] && [ "$p64" = 1 ] && grep -q "hash.h:7: NOTE: GOLDEN_RATIO_PRIME = 0x9e370001 (line $l32): prime: confirmed" "$tmp/o" && grep -q "hash.h:7: NOTE: GOLDEN_RATIO_PRIME = 0x9e37fffffffc0001 (line $l64): prime: confirmed" "$tmp/o"'
expect "and no line of the review said twice" \
	'[ -z "$(sort "$tmp/o" | uniq -d)" ]'

done_suite trial4
