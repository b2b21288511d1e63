#!/bin/bash
# cfx review: a patch that changes the kernel's GOLDEN_RATIO_32 and calls
# hash_32()'s one-argument kin, __hash_32(x) or __hash_32_generic(x)
# (the product alone), shifted right by (32 - B) or by K, shows the table
# they are used at, as a call hash_32(x, B) does (issue 23 point 2).
# Before, review said "the code does not show the size" and judged
# verify's 2^4..2^20, where 0x61c83001 fails, though it passes at the
# table 2^10 a call selects (ranked as verify --table-bits 10 ranks it).  Oracles: the C compiler (the kernel's
# __hash_32_generic with the patch's constant, each call's largest index
# over a sweep of keys: 2^B - 1) and verify at that table.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
source tests/review/lib.sh

# bits EXPR: log2 of 1 + the largest value of EXPR (key: a u32) over a
# sweep of keys, compiled with the kernel's generic __hash_32
bits() {
	cat > "$tmp/b.c" <<C
#include <stdint.h>
#include <stdio.h>
typedef uint32_t u32;
#define GOLDEN_RATIO_32 0x61C83001
#define OBJ_BITS 8
static inline u32 __hash_32_generic(u32 val) { return val * GOLDEN_RATIO_32; }
#define __hash_32 __hash_32_generic
int main(void)
{
	unsigned long long x, top = 0;
	for (x = 0; x < (1ull << 32); x += 65521) {
		u32 key = (u32)x, v = $1;
		if (v > top) top = v;
	}
	for (x = 0; (1ull << x) < top + 1; x++) ;
	printf("%llu\n", x);
	return 0;
}
C
	cc -O2 -o "$tmp/b" "$tmp/b.c" && "$tmp/b"
}
b1=$(bits '__hash_32(key) >> (32 - 10)')
b2=$(bits '__hash_32_generic(key) >> 20')
b3=$(bits '__hash_32(key) >> (32 - OBJ_BITS)')

kpatch GOLDEN_RATIO_32 0x61C88647 0x61C83001 'u32 a(u32 key) { return __hash_32(key) >> (32 - 10); }' > "$tmp/one.patch"
review "$tmp/one.patch"
expect "__hash_32(key) >> (32 - 10): the table 2^$b1 (the C compiler's largest index + 1)" \
	'[ "$b1" = 10 ] && grep -q "^include/linux/hash.h:2: NOTE: 0x61c83001: PASS, 61 checks on 32-bit words, a table of 2^10 from the calls of hash_32() and its kin __hash_32() (the kernel.s multiply by GOLDEN_RATIO_32): 2^10 at lib/buckets.c:2 (__hash_32() >> (32 - 10));" "$tmp/o"'
expect "  not \"the code does not show the size\"; exit 0" \
	'! grep -q "does not show the size" "$tmp/o" && [ "$(rc)" = 0 ]'
expect "  verify agrees: PASS at 2^10, FAIL over 2^4..2^20" \
	'table_only 32 10 0x61c83001'

kpatch GOLDEN_RATIO_32 0x61C88647 0x61C83001 '#define OBJ_BITS 8' \
	'u32 a(u32 key) { return __hash_32(key) >> (32 - 10); }' \
	'u32 b(u32 key) { return __hash_32_generic(key) >> 20; }' \
	'u32 c(u32 key) { return __hash_32(key) >> (32 - OBJ_BITS); }' > "$tmp/three.patch"
review "$tmp/three.patch"
expect "three calls: tables 2^$b3, 2^$b1 and 2^$b2 (the C compiler), each named as written" \
	'[ "$b2" = 12 ] && [ "$b3" = 8 ] && grep -q "tables 2^8, 2^10 and 2^12 from the calls of hash_32() and its kin __hash_32() (the kernel.s multiply by GOLDEN_RATIO_32): 2^10 at lib/buckets.c:3 (__hash_32() >> (32 - 10)), 2^12 at lib/buckets.c:4 (__hash_32_generic() >> 20), 2^8 at lib/buckets.c:5 (__hash_32() >> (32 - OBJ_BITS = 8))" "$tmp/o"'
kpatch GOLDEN_RATIO_32 0x61C88647 0x61C83001 '#define OBJ_BITS 8' \
	'u32 a(u32 key) { return __hash_32(key) >> (32 - 10); }' \
	'u32 b(u32 key) { return __hash_32_generic(key) >> 20; }' \
	'u32 c(u32 key) { return __hash_32(key) >> (32 - OBJ_BITS); }' \
	'u32 d(u32 key) { return hash_32(key, 14); }' > "$tmp/many.patch"
review "$tmp/many.patch"
expect "with hash_32(key, 14) too: all four judged (--json's tables)" \
	'$cfx review --json "$tmp/many.patch" | python3 -c "
import json, sys
m = json.load(sys.stdin)[\"files\"][0][\"multipliers\"][0]
sys.exit(sorted(m[\"tables\"]) != [8, 10, 12, 14])" 2>/dev/null'
expect "  the list past its room ends in \"...\", not cut silently" \
	'grep -q "tables 2^8, 2^10, 2^12 and 2^14 from the calls of .*\.\.\.)$" "$tmp/o"'

# a shift by a variable: no table known, so verify's range as before
kpatch GOLDEN_RATIO_32 0x61C88647 0x61C83001 'u32 a(u32 key, unsigned s) { return __hash_32(key) >> (32 - s); }' > "$tmp/var.patch"
review "$tmp/var.patch"
expect "control: __hash_32(key) >> (32 - s), s a parameter: the code does not show the size" \
	'grep -q "does not show the size" "$tmp/o"'

done_suite kernel_kin
