#!/bin/bash
# cfx review: what the fourth non-author trial of issue 23 (t23) found,
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
#  g. a reciprocal ((u64)x * 0x10624DD3 >> 38 is x / 1000): not judged,
#     said why
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
cfx=./cfx
fx=tests/review/fixtures
review() { $cfx review "$@" > "$tmp/o" 2>&1; echo $? > "$tmp/rc"; }
rc() { cat "$tmp/rc"; }

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
review $fx/t23c_long_inverse.patch
expect "hash_long(key * 0xebb34377u, 9): the composite $comp is judged" \
	'grep -q "= $comp, and that product is the multiplier judged here" "$tmp/o"'
expect "hash_long(key * 0xebb34377u, 9): no WARNING about the 32-bit constant as written, exit 0" \
	'! grep -q "32-bit constant in a 64-bit word" "$tmp/o" && ! grep -q WARNING "$tmp/o" && [ "$(rc)" = 0 ]'
# a composite that is itself a 32-bit constant in the 64-bit word is
# said: C = 0x10001 * the inverse of GOLDEN_RATIO_64 mod 2^64 (python)
inv=$(python3 -c "print('0x%xull' % (0x10001 * pow(2**64 - 0x9e3779b97f4a7c15, -1, 2**64) % 2**64))")
sed "s/0xebb34377u/$inv/" $fx/t23c_long_inverse.patch > "$tmp/n.patch"
review "$tmp/n.patch"
expect "hash_long(key * $inv, 9): the composite 0x10001 is the 32-bit constant in a 64-bit word said" \
	'grep -q "mod 2^64 = 0x0000000000010001, and that product" "$tmp/o" && grep -q "WARNING: 0x0000000000010001 is a 32-bit constant in a 64-bit word" "$tmp/o"'

# ---- b. the file's own hash_32() and hash_64() --------------------------------
IFS=' ' read -r c32 c64 <<< "$(python3 -c "
print('0x%08x' % (0x10001 * 0x9e370001 % 2**32), '0x%016x' % (0x10001 * 0x9e37fffffffc0001 % 2**64))")"
expect "python: 0x10001 * 0x9e370001 mod 2^32 = $c32, * 0x9e37fffffffc0001 mod 2^64 = $c64" \
	'[ "$c32" = 0x9e380001 ]'
# the C compiler runs the fixture's own hash_32() and hash_64()
{
	echo '#include <stdint.h>'
	echo 'typedef uint32_t u32; typedef uint64_t u64;'
	sed -n '/^@@/,$ s/^+//p' $fx/t23c_own_hash.patch | grep -v '^#if\|^#elif\|^#else\|^#error\|^#endif\|define hash_long\|define GOLDEN_RATIO_PRIME '
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
review $fx/t23c_own_hash.patch
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
review $fx/t23c_cast_after.patch
expect "(u32)((v * 2654435761UL) >> 20): a $wcast-bit multiplier (the cast is after the shift)" \
	'grep -q "NOTE: 0x000000009e3779b1: $wcast-bit multiplier" "$tmp/o" && ! grep -q "cast to u32" "$tmp/o"'
review $fx/t23c_ub32.patch
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
review $fx/t23c_recip.patch
expect "(u64)x * 0x10624DD3 >> 38: not judged, said to be x / 1000, no ERROR, exit 0" \
	'grep -q "NOTE: 0x10624DD3 is not judged: it is ceil(2^38/1000), so x \* 0x10624DD3 >> 38 is x / 1000" "$tmp/o" && ! grep -q "ERROR\|WARNING" "$tmp/o" && [ "$(rc)" = 0 ]'
review $fx/t23c_ub32.patch
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
	sed -n '/^@@/,$ s/^[+ ]//p' tests/review/fixtures/t23c_named_mul.patch | grep -v '#include'
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
review $fx/t23c_named_mul.patch
expect "h *= obj_mult (a const); return h >> 22: a table of 2^10" \
	'grep -q "NOTE: 0x9e3779b1: PASS, 61 checks on 32-bit words, a table of 2^10 from >> 22 at line 10" "$tmp/o"'
expect "h *= OBJ_HASH_MULT (a define); return h >> 20: a table of 2^12" \
	'grep -q "NOTE: 0x61c88647: PASS, 61 checks on 32-bit words, a table of 2^12 from >> 20 at line 17" "$tmp/o"'

done_suite trial4
