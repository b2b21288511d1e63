#!/bin/bash
# cfx review: hash_32(x, 32), >> (32 - 32) and >> (64 - 64), the whole
# word kept, and hash_64(x, B) with B over 32 (issue 23).
# Review said "the code does not show the size" for each and judged
# verify's default tables.  The whole word: every bit of the product is
# kept, no table index taken; the multiplier odd, x * C mod 2^W is a
# permutation of the words (no buckets to judge), even, keys that differ
# only in their top bits hash alike; not judged.  hash_64(x, 64): the
# kernel's hash_64() returns a u32, so it keeps the product's low 32 bits,
# which depend only on the key's low 32 bits (an ERROR, not judged); B =
# 40 keeps bits 24..55.  A table the code shows past the 2^24 verify
# counts (>> (64 - 40)) is named as such, not "not shown".  Oracles: the
# C compiler runs each function beside the kernel's hash_32()/hash_64()
# (u32, include/linux/hash.h) under -fsanitize=undefined: its values must
# be python's, and keys python says collide must collide there; python
# says whether C is odd and which top bits are lost.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

kernel_hash "$tmp/kernel.h"
# run FILE FN KEYS...: FN(key) of FILE for each key, compiled with the
# kernel's functions under ubsan (an undefined shift stops it): one value
# a line
run() {
	local f=$1 fn=$2
	shift 2
	{ cat "$tmp/kernel.h" "$f"
	  echo "int main(void) { static const u64 k[] = { $(echo "$@" | sed 's/ /ull, /g')ull };"
	  echo "for (unsigned i = 0; i < sizeof k / sizeof k[0]; i++) printf(\"%llu\\n\", (unsigned long long)$fn(k[i])); return 0; }"
	} > "$tmp/r.c"
	cc -w -O0 -fsanitize=undefined -fno-sanitize-recover=undefined -o "$tmp/r" "$tmp/r.c" && "$tmp/r"
}
keys="1 2 3 12345 4294967295 2654435769 18446744073709551615 9223372036854775808 81985529216486895"
# python's value of each key: (x * C * G mod 2^W) >> S, its low B bits
want() { python3 -c "
import sys
w, c, g, s, b = int(sys.argv[1]), int(sys.argv[2], 0), int(sys.argv[3], 0), int(sys.argv[4]), int(sys.argv[5])
for x in sys.argv[6:]:
    print((int(x) % 2**w * c * g % 2**w) >> s & (2**b - 1))" "$@"; }

cat > "$tmp/w64.c" <<'C'
#define MY_MULT 0x9e3779b97f4a7c15ull
static u64 h64(u64 key)
{
	return hash_64(key * MY_MULT, 64);
}
static u64 h40(u64 key)
{
	return hash_64(key * MY_MULT, 40);
}
C
expect "cc: hash_64(key * MY_MULT, 64) is the low 32 bits of key * MY_MULT * GOLDEN_RATIO_64 mod 2^64, and key and key + 2^32 hash alike" \
	'[ "$(run "$tmp/w64.c" h64 $keys)" = "$(want 64 0x9e3779b97f4a7c15 0x61C8864680B583EB 0 32 $keys)" ] &&
	 [ "$(run "$tmp/w64.c" h64 12345 $((12345 + (1 << 32))) | uniq | wc -l)" = 1 ]'
expect "cc: hash_64(key * MY_MULT, 40) is bits 24..55 of it, and keys that differ only in bit 60 hash alike" \
	'[ "$(run "$tmp/w64.c" h40 $keys)" = "$(want 64 0x9e3779b97f4a7c15 0x61C8864680B583EB 24 32 $keys)" ] &&
	 [ "$(run "$tmp/w64.c" h40 12345 $((12345 | (1 << 60))) | uniq | wc -l)" = 1 ]'
review "$tmp/w64.c"
expect "review: hash_64(..., 64) and (..., 40) are ERRORs naming those bits, the multiplier not judged; exit $(rc)" \
	'[ "$(rc)" = 1 ] &&
	 grep -q "w64.c:4: ERROR: hash_64(..., 64) at line 4 asks for a table of 2^64, but the kernel.s hash_64() returns a u32: it keeps bits 0..31 of the 64-bit product (>> 0, then cut to 32 bits), not its top 64 bits, and those bits depend only on the key.s low 32 bits: keys that differ only in their top 32 bits always hash alike" "$tmp/o" &&
	 grep -q "w64.c:8: ERROR: hash_64(..., 40) at line 8 asks for a table of 2^40, but .* it keeps bits 24..55 of the 64-bit product (>> 24, then cut to 32 bits), not its top 40 bits, and those bits depend only on the key.s low 56 bits: keys that differ only in their top 8 bits always hash alike" "$tmp/o" &&
	 grep -q "NOTE: MY_MULT = 0x9e3779b97f4a7c15ull is not judged: hash_64(..., 64) at line 4 keeps bits 0..31 of the product, not its top bits (the ERROR there)" "$tmp/o" &&
	 ! grep -q "does not show\|: PASS\|: FAIL" "$tmp/o"'

cat > "$tmp/w32.c" <<'C'
#define MY_MULT32 0x9e3779b1u
static u32 h32(u32 key)
{
	return hash_32(key * MY_MULT32, 32);
}
static u32 s32(u32 key)
{
	return (key * 0x01000193u) >> (32 - 32);
}
C
p=$(python3 -c "print('0x%08x' % (0x9e3779b1 * 0x61C88647 % 2**32))")
k32="1 2 3 12345 4294967295 2654435769"
expect "cc: hash_32(key * MY_MULT32, 32) is key * MY_MULT32 * GOLDEN_RATIO_32 mod 2^32 ($p); >> (32 - 32) is key * 0x01000193 mod 2^32" \
	'[ "$(run "$tmp/w32.c" h32 $k32)" = "$(want 32 0x9e3779b1 0x61C88647 0 32 $k32)" ] &&
	 [ "$(run "$tmp/w32.c" s32 $k32)" = "$(want 32 0x01000193 1 0 32 $k32)" ]'
review "$tmp/w32.c"
expect "review: both keep the whole 32-bit product (hash_32(..., 32), >> (32 - 32)), both odd (python): permutations, neither judged; exit $(rc)" \
	'[ "$(python3 -c "print($p % 2, 0x01000193 % 2)")" = "1 1" ] && [ "$(rc)" = 0 ] &&
	 grep -q "NOTE: $p is not judged: hash_32(..., 32) at line 4 keeps the whole 32-bit product, no table index (every bit kept), and x \* $p mod 2^32, with the multiplier odd, is a permutation of the 32-bit words: two keys hash alike only when they are equal" "$tmp/o" &&
	 grep -q "NOTE: 0x01000193 is not judged: >> (32 - 32) at line 8 keeps the whole 32-bit product, .*a permutation of the 32-bit words" "$tmp/o" &&
	 ! grep -q "does not show\|: PASS\|: FAIL" "$tmp/o"'

# own 64-bit code: >> (64 - 64) keeps the whole word; an even multiplier:
# python finds the keys that hash alike, cc agrees
cat > "$tmp/own.c" <<'C'
#define MY_MULT 0x9e3779b97f4a7c18ull
static u64 h(u64 key)
{
	return (key * MY_MULT) >> (64 - 64);
}
C
read -r p k < <(python3 -c "
c = 0x9e3779b97f4a7c18
k = (c & -c).bit_length() - 1
print('0x%016x' % c, k)")
expect "cc: >> (64 - 64) is key * $p mod 2^64, and key and key + 2^$((64 - k)) hash alike" \
	'[ "$(run "$tmp/own.c" h $keys)" = "$(want 64 $p 1 0 64 $keys)" ] &&
	 [ "$(run "$tmp/own.c" h 12345 $((12345 + (1 << (64 - k)))) | uniq | wc -l)" = 1 ]'
review "$tmp/own.c"
expect "review: $p even (2^$k times an odd number), no permutation: keys that differ only in their top $k bits hash alike; not judged" \
	'grep -q "NOTE: $p is not judged: >> (64 - 64) at line 4 keeps the whole 64-bit product, .*with the multiplier even (2^$k times an odd number), is no permutation of the 64-bit words: keys that differ only in their top $k bits hash alike" "$tmp/o" &&
	 ! grep -q "does not show\|: PASS\|: FAIL" "$tmp/o"'

# >> (64 - 40) in its own u64 code: cc says the index has 40 bits; past
# verify's 2^24, so verify's default range, said
sed 's/7c18ull/7c15ull/; s/(64 - 64)/(64 - 40)/' "$tmp/own.c" > "$tmp/w40.c"
b=$(run "$tmp/w40.c" h $keys | python3 -c "import sys; print(max(int(l) for l in sys.stdin).bit_length())")
review "$tmp/w40.c"
expect ">> (64 - 40): cc's largest index has $b bits; review judges verify's default range and says the 2^40 table is past the 2^24 it counts" \
	'[ "$b" = 40 ] && grep -q ": PASS, [0-9]* checks on 64-bit words, tables 2^4..2^20, verify.s default range: the table of 2^40 the code shows (>> (64 - 40) at line 4) is past the largest verify counts, 2^24" "$tmp/o" &&
	 ! grep -q "does not show" "$tmp/o"'

# controls: hash_64(x, 20) and hash_32(x, 10) judged at their tables
sed 's/, 64)/, 20)/' "$tmp/w64.c" | sed '/^static u64 h40/,$d' > "$tmp/w20.c"
review "$tmp/w20.c"
expect "control: hash_64(..., 20) judged at a table of 2^20" \
	'grep -q ": PASS, [0-9]* checks on 64-bit words, a table of 2^20 from hash_64(..., 20) at line 4$" "$tmp/o"'
done_suite whole_word
