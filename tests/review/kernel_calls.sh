#!/bin/bash
# cfx review: a patch that changes the kernel's GOLDEN_RATIO_32 (or
# GOLDEN_RATIO_64), the multiplier of its hash_32() (hash_64()), and calls
# hash_32(x, B) in one of its files shows the tables it is used at.
# Review said "the code does not show the size" and judged verify's
# 2^4..2^20, where 0x61c83001 fails (keys k 2^20 at 2^6: R 21.8) but
# passes at the 2^10 the call selects, ranked there as verify
# --table-bits 10 ranks it (0x61c88001 fails at 2^10 too).  Oracles: the C compiler (the kernel's
# hash_32 with the patch's constant: the index the call takes is below
# 2^B, and it is the top B bits of the product) and verify at the table
# the call gives (itself tested against brute force in tests/verify).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
source tests/review/lib.sh

# ---- one call: hash_32(key, 10) ------------------------------------------
kpatch GOLDEN_RATIO_32 0x61C88647 0x61C83001 \
	'u32 bucket_of(u32 key) { return hash_32(key, 10); }' > "$tmp/one.patch"
review "$tmp/one.patch"
expect "one call: the table 2^10 from lib/buckets.c's hash_32(key, 10)" \
	'grep -q "^include/linux/hash.h:2: NOTE: 0x61c83001: PASS, 61 checks on 32-bit words, a table of 2^10 from the calls of hash_32() (the kernel.s multiplies by GOLDEN_RATIO_32): 2^10 at lib/buckets.c:2; " "$tmp/o"'
expect "one call: not \"the code does not show the size\"" \
	'! grep -q "does not show the size" "$tmp/o"'
expect "one call: verify agrees at 2^10 (PASS) and fails 2^4..2^20 as a whole" \
	'table_only 32 10 0x61c83001'
expect "one call: exit 0 (a CHECK at most)" '[ "$(rc)" = 0 ]'
# the C compiler: the kernel's generic hash_32 with the patch's constant
cat > "$tmp/k.c" <<'C'
#include <stdint.h>
#include <stdio.h>
typedef uint32_t u32;
#define GOLDEN_RATIO_32 0x61C83001
static inline u32 __hash_32(u32 val) { return val * GOLDEN_RATIO_32; }
static inline u32 hash_32(u32 val, unsigned int bits)
{
	return __hash_32(val) >> (32 - bits);
}
int main(void)
{
	unsigned long x, bad = 0;
	for (x = 0; x < 5000000; x += 997)
		bad += hash_32((u32)x, 10) >= 1024 ||
		       hash_32((u32)x, 10) != (u32)(x * 0x61c83001u) >> 22;
	printf("%lu\n", bad);
	return 0;
}
C
expect "the C compiler: hash_32(key, 10) is the top 10 bits of key * 0x61c83001" \
	'cc -o "$tmp/k" "$tmp/k.c" && [ "$("$tmp/k")" = 0 ]'

# ---- several calls: 10, 12, a define of 8, one whose bits is a variable,
# and hash_32(x, 32), which keeps the whole word (no table)
kpatch GOLDEN_RATIO_32 0x61C88647 0x61C83001 '#define OBJ_BITS 8' \
	'u32 a(u32 k) { return hash_32(k, 10); }' \
	'u32 b(u32 k) { return hash_32(k, 12); }' \
	'u32 c(u32 k) { return hash_32(k, OBJ_BITS); }' \
	'u32 d(u32 k, unsigned s) { return hash_32(k, s); }' \
	'u32 e(u32 k) { return hash_32(k, 32); }' > "$tmp/many.patch"
review "$tmp/many.patch"
expect "several calls: tables 2^8, 2^10 and 2^12, each call named" \
	'grep -q "^include/linux/hash.h:2: ERROR: 0x61c83001 replaces 0x61C88647: FAIL where the old one passed (.*tables 2^8, 2^10 and 2^12 from the calls of hash_32() (the kernel.s multiplies by GOLDEN_RATIO_32): 2^10 at lib/buckets.c:3, 2^12 at lib/buckets.c:4, 2^8 at lib/buckets.c:5 (OBJ_BITS = 8); other calls: no table known)$" "$tmp/o"'
expect "several calls: all three judged (--json's tables)" \
	'$cfx review --json "$tmp/many.patch" | python3 -c "
import json, sys
m = json.load(sys.stdin)[\"files\"][0][\"multipliers\"][0]
sys.exit(sorted(m[\"tables\"]) != [8, 10, 12])"'
expect "several calls: verify at 2^8, 2^10 and 2^12 fails it and passes the old one" \
	'! $cfx verify --bits 32 --table-bits 8,10,12 0x61c83001 >/dev/null &&
	 $cfx verify --bits 32 --table-bits 8,10,12 0x61c88647 >/dev/null'

# ---- GOLDEN_RATIO_64 and hash_64(x, 16) ----------------------------------
kpatch GOLDEN_RATIO_64 0x61C8864680B583EBull 0x9E3779B97F4A7C15ull \
	'u32 h(u64 k) { return hash_64(k, 16); }' > "$tmp/h64.patch"
review "$tmp/h64.patch"
expect "hash_64(k, 16): the table 2^16 of GOLDEN_RATIO_64" \
	'grep -q "^include/linux/hash.h:2: NOTE: 0x9e3779b97f4a7c15: PASS, 97 checks on 64-bit words, a table of 2^16 from the calls of hash_64() (the kernel.s multiplies by GOLDEN_RATIO_64): 2^16 at lib/buckets.c:2; " "$tmp/o"'

# ---- what is left as it was ----------------------------------------------
# another name: hash_32 does not multiply by it
printf -- '--- a/lib/h.c\n+++ b/lib/h.c\n@@ -1,2 +1,3 @@\n #include <linux/hash.h>\n+#define MY_HASH_MULT 0x61C83001\n u32 b(u32 k) { return hash_32(k, 10); }\n' > "$tmp/other.patch"
review "$tmp/other.patch"
expect "another name: hash_32's calls are no table of it" \
	'grep -q "ERROR: 0x61c83001: FAIL, .*tables 2^4..2^20: the code does not show the size)$" "$tmp/o"'
# the patch's own hash_32, which shifts by (32 - bits): its own rule
printf -- '--- a/lib/h.h\n+++ b/lib/h.h\n@@ -1,1 +1,4 @@\n #include <linux/types.h>\n+#define GOLDEN_RATIO_32 0x61C83001\n+static inline u32 hash_32(u32 val, unsigned int bits)\n+{ return (val * GOLDEN_RATIO_32) >> (32 - bits); }\n' > "$tmp/own.patch"
review "$tmp/own.patch"
expect "the patch's own hash_32 and no call: its parameter said, as before" \
	'grep -q "takes bits, a parameter of hash_32()" "$tmp/o"'

done_suite kernel_calls
