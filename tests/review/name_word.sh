#!/bin/bash
# cfx review: a define whose name ends in _32 or _64 and whose word
# nothing else in the patch shows.  The kernel's hash.h of 2.6 to 4.6 has
# "#define GOLDEN_RATIO_PRIME_32 0x9e370001UL"; a patch that changes only
# that line shows no use (hash_32's "u32 hash = val * GOLDEN_RATIO_PRIME_32"
# is outside the hunk).  Review took the UL as 64 bits (LP64), warned of a
# 32-bit constant in a 64-bit word and failed it on 97 checks: the name
# says 32 bits.  And "#define GOLDEN_RATIO_64 0x61C88647" (the 32-bit
# constant pasted under the 64-bit name) was judged at 32 bits and passed.
# Oracles: the C compiler (the kernel's own hash_32 keeps the product mod
# 2^32; the 32-bit constant in a 64-bit hash_64 puts keys below 2^(32-t)
# in bucket 0) and python (the worst stride's R at 32 bits).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
source tests/review/lib.sh

# one define changed in include/linux/hash.h, the other lines context
hashpatch() {   # hashpatch NAME OLD NEW
	printf -- '--- a/include/linux/hash.h\n+++ b/include/linux/hash.h\n@@ -18,5 +18,5 @@\n \n /* 2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1 */\n-#define %s %s\n+#define %s %s\n /*  2^63 + 2^61 - 2^57 + 2^54 - 2^51 - 2^18 + 1 */\n' \
		"$1" "$2" "$1" "$3" > "$tmp/h.patch"
}

# ---- GOLDEN_RATIO_PRIME_32 0x9e370001UL: the name's 32 bits --------------
hashpatch GOLDEN_RATIO_PRIME_32 0x9e3779b1UL 0x9e370001UL
review "$tmp/h.patch"
expect "_32 UL: a 32-bit multiplier, by its name over the suffix" \
	'grep -q "^include/linux/hash.h:20: NOTE: GOLDEN_RATIO_PRIME_32 = 0x9e370001: 32-bit multiplier (its name GOLDEN_RATIO_PRIME_32 says 32 bits and no use of it is shown, over the suffix UL)" "$tmp/o"'
expect "_32 UL: no \"32-bit constant in a 64-bit word\"" \
	'! grep -q "in a 64-bit word" "$tmp/o" && ! grep -q "0x000000009e370001" "$tmp/o"'
# what the kernel's hash_32 computes with it, by the C compiler on LP64:
# the product kept in u32 is val * 0x9e370001 mod 2^32
cat > "$tmp/k.c" <<'C'
#include <stdint.h>
#include <stdio.h>
typedef uint32_t u32;
#define GOLDEN_RATIO_PRIME_32 0x9e370001UL
static inline u32 hash_32(u32 val, unsigned int bits)
{
	u32 hash = val * GOLDEN_RATIO_PRIME_32;
	return hash >> (32 - bits);
}
int main(void)
{
	unsigned long x, bad = 0;
	for (x = 1; x < 2000000; x += 7919)
		bad += hash_32((u32)x, 10) != (u32)(x * 0x9e370001u) >> 22;
	printf("%d %lu\n", (int)(sizeof GOLDEN_RATIO_PRIME_32 * 8), bad);
	return 0;
}
C
expect "_32 UL: the C compiler: a 64-bit unsigned long, the product kept mod 2^32" \
	'cc -o "$tmp/k" "$tmp/k.c" && [ "$("$tmp/k")" = "64 0" ]'
# the verdict at 32 bits: python's R for stride 2^16 at 2^8 buckets, a load
# of 1 (keys k << 16), against the one the report prints
r16=$(python3 -c "
p, n, b = 0x9e370001, 32, 8
m = 1 << b; K = m
loads = [0] * m
for k in range(K): loads[(((k << 16) * p) % (1 << n)) >> (n - b)] += 1
R = sum(x * (x + 1) / 2 for x in loads) / ((K * (1 - 1 / m) + K * K / m + K) / 2)
print('%.1f' % R)")
expect "_32 UL: judged at 32 bits: FAIL where the old one passed, worst stride 2^16 at python's R $r16" \
	'grep -q "^include/linux/hash.h:20: ERROR: 0x9e370001 replaces 0x9e3779b1: FAIL where the old one passed (.*worst stride 2^16 at R $r16; 32-bit words" "$tmp/o"'
expect "_32 UL: exit 1" '[ "$(rc)" = 1 ]'

# ---- GOLDEN_RATIO_64 0x61C88647: the 32-bit constant under the 64 name --
hashpatch GOLDEN_RATIO_64 0x61C8864680B583EBull 0x61C88647
review "$tmp/h.patch"
expect "_64 with a 32-bit literal: a 64-bit multiplier, by its name" \
	'grep -q "GOLDEN_RATIO_64 = 0x0000000061c88647: 64-bit multiplier (its name GOLDEN_RATIO_64 says 64 bits and no use of it is shown, over the literal.s 32 bits)" "$tmp/o"'
expect "_64 with a 32-bit literal: the 32-bit constant in a 64-bit word said" \
	'grep -q "WARNING: 0x0000000061c88647 is a 32-bit constant in a 64-bit word" "$tmp/o"'
# the C compiler: the kernel's generic hash_64 with it, every key below
# 2^(32-10) in bucket 0 of 2^10
cat > "$tmp/k64.c" <<'C'
#include <stdint.h>
#include <stdio.h>
typedef uint32_t u32; typedef uint64_t u64;
#define GOLDEN_RATIO_64 0x61C88647
static inline u32 hash_64(u64 val, unsigned int bits)
{
	return val * GOLDEN_RATIO_64 >> (64 - bits);
}
int main(void)
{
	u64 x, nonzero = 0;
	for (x = 0; x < (1u << 22); x++)
		nonzero += hash_64(x, 10) != 0;
	printf("%llu\n", (unsigned long long)nonzero);
	return 0;
}
C
expect "_64 with a 32-bit literal: the C compiler puts all 2^22 keys in bucket 0" \
	'cc -O2 -o "$tmp/k64" "$tmp/k64.c" && [ "$("$tmp/k64")" = 0 ]'
expect "_64 with a 32-bit literal: exit 1" '[ "$(rc)" = 1 ]'

# ---- what still decides over the name -------------------------------------
# a use in the patch (the product kept in u32), an #if, a comment's 2^64
printf -- '--- a/lib/h.c\n+++ b/lib/h.c\n@@ -1,1 +1,4 @@\n #include <linux/types.h>\n+#define MY_HASH_64 0x9e370001UL\n+static inline u32 h(u32 v, unsigned b)\n+{ u32 x = v * MY_HASH_64; return x >> (32 - b); }\n' > "$tmp/use.patch"
review "$tmp/use.patch"
expect "a use decides over the name (_64 kept in u32: 32 bits)" \
	'grep -q "MY_HASH_64 = 0x9e370001: 32-bit multiplier (the product is kept in u32" "$tmp/o" && ! grep -q "says 64 bits" "$tmp/o"'
printf -- '--- a/lib/h.c\n+++ b/lib/h.c\n@@ -1,1 +1,4 @@\n #include <linux/types.h>\n+#if BITS_PER_LONG == 64\n+#define MY_HASH_32 0x9e37fffffffc0001UL\n+#endif\n' > "$tmp/if.patch"
review "$tmp/if.patch"
expect "an #if decides over the name" \
	'grep -q "MY_HASH_32 = 0x9e37fffffffc0001: 64-bit multiplier (under #if BITS_PER_LONG == 64" "$tmp/o" && ! grep -q "says 32 bits" "$tmp/o"'
printf -- '--- a/lib/h.c\n+++ b/lib/h.c\n@@ -1,1 +1,3 @@\n #include <linux/types.h>\n+/* x / 2^64 is close to phi */\n+#define MY_HASH_32 0x9e370001UL\n' > "$tmp/c.patch"
review "$tmp/c.patch"
expect "a comment's 2^64 decides over the name" \
	'grep -q "MY_HASH_32 = 0x000000009e370001: 64-bit multiplier" "$tmp/o" && ! grep -q "says 32 bits" "$tmp/o"'
# a name that only contains 32 is no word
printf -- '--- a/lib/h.c\n+++ b/lib/h.c\n@@ -1,1 +1,2 @@\n #include <linux/types.h>\n+#define HASH32_MULT 0x9e370001UL\n' > "$tmp/n.patch"
review "$tmp/n.patch"
expect "HASH32_MULT: the name does not end in _32, the suffix decides" \
	'grep -q "HASH32_MULT = 0x000000009e370001: 64-bit multiplier (suffix UL with no #if BITS_PER_LONG" "$tmp/o"'

done_suite name_word
