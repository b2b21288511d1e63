#!/bin/bash
# cfx review: what the third non-author trial of issue 23 found,
# each held against an independent computation: python's pow and modular
# arithmetic for the composite multipliers, the C compiler for what the
# code computes (hash_32 as Linux 4.7 writes it, a product's width, the
# index a shift takes), python's fractions for expansions and
# convergents, PARI/GP for primality, python's NAF for the term counts,
# and an exact integer square root for round(2^32/phi).
#  1. a multiplier passed into hash_32() meets hash_32's own multiply:
#     the composite C * GOLDEN_RATIO_32 mod 2^32 is judged (0xebb34377 is
#     its inverse: an ERROR; 0x10001's composite passes, no false ERROR)
#  2. (u64 x * 0x9e3779b1u) >> 54: a 64-bit product
#  3. h *= C; ...; return h >> 22: found, with its table
#  4. a const whose use (multiplied, then shifted) says hash
#  5. a comment line inside a function does not break the word (hash_32
#     of the 2.6-era include/linux/hash.h's shape)
#  6. a *_BITS define sizes only the tables of the code that uses it
#  7. every mail of a format-patch series has its body's claims checked
#  8. a plural comment's claims checked against each constant it covers
#  9. a comment just above the function, naming the constant, is read
# 10. a count after a wrapped convergent list is read; a wrong convergent
#     has the right one beside it
# and: a copyright line is no claim; "2^32/phi rounded" computed; the
# golden prefix's wording; no multiplier found in a jhash seed, a MAX
# bound, a unit conversion (x * 1000) >> 10, or an FNV prime (said).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
command -v gp >/dev/null || { echo "trial3: PARI/GP (gp) not found"; exit 2; }
. "$root/tests/review/lib.sh"

# ---- 1. a multiplier passed into hash_32() ----------------------------------
# python: GOLDEN_RATIO_32 (FACTS: 2^32 - 0x9e3779b9), the inverse of it
# and the composite of 0x10001
IFS=' ' read -r g32 inv comp <<< "$(python3 -c "
g = 2**32 - 0x9e3779b9
print('0x%08x 0x%08x 0x%08x' % (g, pow(g, -1, 2**32), 0x10001 * g % 2**32))")"
expect "python: GOLDEN_RATIO_32 = $g32, its inverse $inv, 0x10001's composite $comp" \
	'[ "$inv" = 0xebb34377 ] && [ "$g32" = 0x61c88647 ]'
# the C compiler: hash_32 as Linux 4.7 writes it, on v * inverse, is v >> 22
cat > "$tmp/inv.c" <<C
#include <stdint.h>
#include <stdio.h>
static uint32_t hash_32(uint32_t val, unsigned bits)
{ return (uint32_t)(val * ${g32}u) >> (32 - bits); }
int main(void)
{
	for (uint32_t v = 1; v < 1u << 20; v = v * 3 + 7)
		if (hash_32(v * ${inv}u, 10) != v >> 22)
			return printf("differs at %u\n", v), 1;
	return 0;
}
C
expect "cc: hash_32(v * $inv, 10) == v >> 22 for sample v" \
	'cc -O2 -o "$tmp/inv" "$tmp/inv.c" && "$tmp/inv"'
review $fx/into_hash32.patch
expect "hash_32(v * $inv, 10): an ERROR naming the inverse of $g32, exit 1" \
	'grep -q "ERROR: hash_32() at line 5 multiplies its argument by GOLDEN_RATIO_32 = $g32, and $inv is its inverse mod 2^32" "$tmp/o" && [ "$(rc)" = 1 ]'
expect "hash_32(v * $inv, 10): no PASS" '! grep -q "PASS" "$tmp/o"'
sed "s/0xebb34377/0x10001/" $fx/into_hash32.patch > "$tmp/p10001.patch"
review "$tmp/p10001.patch"
expect "hash_32(v * 0x10001, 10): the composite $comp (python) is judged" \
	'grep -q "the keys are multiplied by 0x00010001 \* $g32 mod 2^32 = $comp, and that product is the multiplier judged here" "$tmp/o"'
# the verdict is verify's own on the composite at that table
vline=$($cfx verify $comp --bits 32 --table 10 2>&1 | head -1 | grep -Eo '(PASS|FAIL|WARN)' | head -1)
expect "hash_32(v * 0x10001, 10): no false ERROR; the verdict is cfx verify $comp's ($vline)" \
	'[ "$vline" = PASS ] && ! grep -q ERROR "$tmp/o" && grep -q "$comp: $vline" "$tmp/o"'
sed "s/0xebb34377/OBJ_MULT/; s/^+static u32/+#define OBJ_MULT 0x10001\n+static u32/" \
	$fx/into_hash32.patch | sed 's/^@@ -1,2 +1,7 @@/@@ -1,2 +1,8 @@/' > "$tmp/pdef.patch"
review "$tmp/pdef.patch"
expect "a define passed into hash_32(): the same composite $comp" \
	'grep -q "OBJ_MULT = 0x00010001" "$tmp/o" && grep -q "= $comp, and that product is the multiplier judged here" "$tmp/o"'

# ---- 2. (x * 0x9e3779b1u) >> 54, x a u64 -------------------------------------
cat > "$tmp/w.c" <<'C'
#include <stdint.h>
typedef uint64_t u64;
u64 x;
_Static_assert(sizeof(x * 0x9e3779b1u) == 8, "a 64-bit product");
C
expect "cc: u64 x * 0x9e3779b1u is 8 bytes" 'cc -c -o "$tmp/w.o" "$tmp/w.c"'
review $fx/wide_shift.patch
expect "(u64 x * 0x9e3779b1u) >> 54: judged as a 64-bit multiplier, by the operand's type and the shift" \
	'grep -q "64-bit multiplier (the product.s other operand is u64 (the type of x), so C multiplies in 64 bits, and it is shifted right by 54" "$tmp/o"'
expect "(u64 x * 0x9e3779b1u) >> 54: the table is 64 - 54 = 10 bits" \
	'grep -q "a table of 2^10 from >> 54" "$tmp/o"'

# ---- 3. h *= C; ...; return h >> 22 -----------------------------------------
review $fx/compound_mul.patch
expect "h *= 0x9e3779b1; o->lookups++; return h >> 22: found, 32 bits, a table of 2^(32-22)" \
	'grep -q "0x9e3779b1: 32-bit multiplier (its type u32 of h)" "$tmp/o" && grep -q "a table of 2^10 from >> 22 at line 9" "$tmp/o"'

# ---- 4. a const named for nothing, used as a hash multiplier --------------
review $fx/const_use.patch
expect "static const u32 spread = 0x61c88647, (v * spread) >> 22: found by its use" \
	'grep -q "spread = 0x61c88647: 32-bit multiplier" "$tmp/o" && grep -q "a table of 2^10 from >> 22" "$tmp/o"'

# ---- 5. comment lines inside the functions (2.6-era hash.h's shape) ---------
review $fx/hash2639.patch
# the compiler: the product in hash_32 is a u32 (the multiply by an UL
# constant is kept in u32 hash)
expect "hash.h shape: GOLDEN_RATIO_PRIME_32's word is 32, from u32 hash = val * ... (a comment line before it)" \
	'grep -q "GOLDEN_RATIO_PRIME_32 = 0x9e370001: 32-bit multiplier (the product is kept in u32 at line 49" "$tmp/o"'
expect "hash.h shape: no false 32-bit-constant-in-a-64-bit-word WARNING" \
	'! grep -q "WARNING" "$tmp/o"'
expect "hash.h shape: hash_64's sequence is GOLDEN_RATIO_PRIME_64's (python's NAF sum)" \
	'[ "$(python3 -c "print(hex(2**63 + 2**61 - 2**57 + 2**54 - 2**51 - 2**18 + 1))")" = 0x9e37fffffffc0001 ] &&
	 grep -q "computes val \* 0x9e37fffffffc0001 mod 2^64" "$tmp/o"'

# ---- 6. *_BITS defines --------------------------------------------------------
review $fx/bits_unrelated.patch
expect "CACHE_BITS (used by cache_slot only) is not OBJ_HASH_MULT's table" \
	'! grep -q "CACHE_BITS" "$tmp/o" && grep -q "the code does not show the size" "$tmp/o"'
review $fx/bits_related.patch
expect "OBJ_BITS, used with OBJ_HASH_MULT in obj_slot(): its table, 2^6" \
	'grep -q "a table of 2^6 from \(#define OBJ_BITS 6\|>> (32 - OBJ_BITS = 6) at line 9\)" "$tmp/o"'

# ---- 7. a series: every mail's body -----------------------------------------
IFS=' ' read -r pa pb <<< "$(echo 'print(isprime(0x9e370001), " ", isprime(0x61c88647))' | gp -q -f | tr -s ' ')"
review $fx/mail_series.patch
expect "series, mail 1's body: 0x9e370001 prime (gp: $pa) confirmed" \
	'[ "$pa" = 1 ] && grep -q "NOTE: 0x9e370001 (lib/a.h:2): prime: confirmed" "$tmp/o"'
expect "series, mail 2's body: 0x61c88647 is prime (gp: $pb) is a WARNING; exit 1" \
	'[ "$pb" = 0 ] && grep -q "series.patch:28: WARNING: 0x61c88647 (lib/b.h:2): not prime" "$tmp/o" && [ "$(rc)" = 1 ]'

# ---- 8. a plural comment ------------------------------------------------------
# python: the NAF weights of the two (lib_naf.py)
IFS=' ' read -r wa wb <<< "$(python3 -c "
import sys; sys.path.insert(0, 'tests/review'); from lib_naf import naf
print(len(naf(0x9e370001)), len(naf(0x61c88647)))")"
# the define's line on the new side, counted from the hunk header (awk)
read -r la lb <<< "$(awk '/^@@/ { split($3, h, ","); n = substr(h[1], 2) - 1; next }
	/^[+ ]/ { n++ } /^\+#define PAIR_MULT_[AB]/ { printf "%d ", n }' $fx/plural.patch)"
review $fx/plural.patch
expect "'These multipliers are prime, seven terms': the first (gp prime, NAF $wa terms) confirmed" \
	'grep -q "NOTE: PAIR_MULT_A = 0x9e370001 (line $la): prime: confirmed" "$tmp/o" && grep -q "NOTE: PAIR_MULT_A = 0x9e370001 (line $la): 7 terms: confirmed" "$tmp/o"'
expect "'These multipliers ...': the second (gp: not prime; NAF $wb terms) WARNINGs" \
	'grep -q "WARNING: PAIR_MULT_B = 0x61c88647 (line $lb): not prime" "$tmp/o" && grep -q "WARNING: PAIR_MULT_B = 0x61c88647 (line $lb): 7 terms claimed; its NAF has $wb" "$tmp/o"'

# ---- 9. a comment above the function naming the constant --------------------
review $fx/above_fn.patch
expect "'Multiply by 0x9e370001, which is prime' above the function: checked (gp: $pa)" \
	'grep -q "above.c:4: NOTE: prime: confirmed" "$tmp/o"'

# ---- 10. convergents ----------------------------------------------------------
# python's fractions: the convergents of 0x9e370001/2^32
conv=$(python3 -c "
from fractions import Fraction
x = Fraction(0x9e370001, 2**32); a = []
while True:
    q = x.numerator // x.denominator; a.append(q); x -= q
    if x == 0: break
    x = 1 / x
h, k = [0, 1], [1, 0]
for q in a: h.append(q * h[-1] + h[-2]); k.append(q * k[-1] + k[-2])
print(len(a), ' '.join('%d/%d' % c for c in zip(h[2:11], k[2:11])))")
read -r nconv list <<< "$conv"
review $fx/convlist.patch
expect "a count after the wrapped list: 9 convergents confirmed (python: the list's 9, of $nconv)" \
	'[ "$list" = "0/1 1/1 1/2 2/3 3/5 5/8 8/13 13/21 21/34" ] && grep -q "NOTE: 9 convergents: confirmed, the list has 9, 9 of them convergents of p/2^32 (which has $nconv)" "$tmp/o"'
sed 's/nine convergents/eight convergents/; s/5\/8,/5\/7,/' $fx/convlist.patch > "$tmp/cb.patch"
review "$tmp/cb.patch"
expect "5/7 in place of 5/8: a WARNING with python's p_5/q_5 = $(echo $list | cut -d' ' -f6) beside it" \
	'grep -q "WARNING: 5/7 is not a convergent of p/2^32; the one after p_4/q_4 there is p_5/q_5 = $(echo $list | cut -d" " -f6)" "$tmp/o"'
expect "'eight convergents' for a list of 9: a WARNING" \
	'grep -q "WARNING: 8 convergents claimed, but the list has 9" "$tmp/o"'

# ---- and: copyright, 2^32/phi, golden prefix --------------------------------
# exact: round(2^32/phi) = floor((isqrt(5 * 4^32) - 2^32 + 1) / 2) (python's
# integer square root), and the golden prefix from python's fractions
IFS=' ' read -r rphi gp0 <<< "$(python3 -c "
from math import isqrt
from fractions import Fraction
r = (isqrt(5 * 4**32) - 2**32 + 1) // 2
x = Fraction(0x9e3779b9, 2**32); a = []
while x and len(a) < 40:
    q = x.numerator // x.denominator; a.append(q); x -= q
    x = 1 / x if x else 0
n = 0
while a[n + 1] == 1: n += 1
print(r, n)")"
review $fx/copyright.patch
expect "(C) 2002 is no claim" '! grep -q "2002" "$tmp/o"'
expect "2^32/phi rounded to the nearest odd: computed, $rphi (python's isqrt) = 0x9e3779b9" \
	'grep -q "NOTE: 2^32/phi = 2654435769.4972, the nearest odd: $rphi = 0x9e3779b9; 0x9e3779b9 is it: confirmed" "$tmp/o"'
expect "golden prefix of 20 ones, $gp0 by python: 'the first $gp0 ... the golden prefix is $gp0', not 'only'" \
	'grep -q "WARNING: golden prefix wrong: 20 claimed, but the first $gp0 quotients after a0 are 1s: the golden prefix is $gp0" "$tmp/o"'
sed 's/2^32\/phi rounded to the nearest odd number/2^32\/phi rounded/; s/0x9e3779b9U/0x9e3779b1U/' $fx/copyright.patch > "$tmp/rp.patch"
review "$tmp/rp.patch"
expect "0x9e3779b1 claimed 2^32/phi rounded: a WARNING with $rphi beside it" \
	'grep -q "WARNING: 2^32/phi wrong: 2^32/phi = 2654435769.4972, rounded: $rphi = 0x9e3779b9, and 0x9e3779b1 is not it" "$tmp/o"'

# ---- and: no multiplier in a seed, a bound, a unit conversion, FNV ----------
review $fx/not_multipliers.patch
expect "jhash's FLOW_HASH_SEED, MULT_MAX, (x * 1000) >> 10: no multiplier" \
	'! grep -q "FLOW_HASH_SEED\|MULT_MAX\|0x000003e8\|1000" "$tmp/o"'
expect "FNV_PRIME_32: not judged, and said why; exit 0" \
	'grep -q "NOTE: FNV_PRIME_32 is not judged: its products follow an xor" "$tmp/o" && [ "$(rc)" = 0 ]'
done_suite trial3
