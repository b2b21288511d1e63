#!/bin/bash
# cfx review: a cast that cuts a hash's product to fewer bits than the
# multiplier's word ("(u16)(x * GOLDEN) >> 6", "(u32)(v * K) >> (32 -
# bits)", "(u8)(x * MULT) >> 4") sets the word the multiplier is judged
# at: the product's low w bits depend only on the constant mod 2^w (and
# the key's low w bits), so that residue is judged on w-bit words, its
# table from the shift after the cast (issue 23 point 1).  Before, the
# cast was ignored: the 64-bit constant judged on 64-bit words (a table
# of 2^58 from >> 6), or a 32-bit one called "cut by the compiler" (an
# ERROR, no verdict).  Oracles: python (the residues, the tables), the C
# compiler (each function equals the residue's multiply on its word,
# shifted, and keys that differ only above the cast's bits collide), and
# verify at the residue's word and table.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

cat > "$tmp/cut.c" <<'C'
#include <linux/types.h>
#define GOLDEN 0x9e3779b97f4a7c15ULL
#define HASH_K 0x9e3779b900000001ULL
#define HASH_MULT 0x9e3779b1u
u16 f16(u64 x)
{
	return (u16)(x * GOLDEN) >> 6;
}
u32 f32(u32 v)
{
	return (u32)(v * HASH_K) >> 22;
}
u8 f8(u32 x)
{
	return (u8)(x * HASH_MULT) >> 4;
}
u32 fsh(u32 v)
{
	return (u32)((v * 0x9e3779b97f4a7c15ULL) >> 40);
}
C
# python: each constant mod 2^w, as review should print it
read -r g16 k32 m8 < <(python3 -c '
print("0x%04x" % (0x9e3779b97f4a7c15 % 2**16), "0x%08x" % (0x9e3779b900000001 % 2**32),
      "0x%02x" % (0x9e3779b1 % 2**8))')
# the C compiler: each function is the residue's multiply on its word
# shifted, and x, x + 2^w hash alike
cat > "$tmp/t.c" <<C
#include <stdint.h>
#include <stdio.h>
typedef uint8_t u8; typedef uint16_t u16; typedef uint32_t u32; typedef uint64_t u64;
$(sed 1d "$tmp/cut.c")
int main(void)
{
	u64 x, bad = 0, s = 88172645463325252ull;
	for (int k = 0; k < 100000; k++) {
		s ^= s << 13; s ^= s >> 7; s ^= s << 17; x = s;
		bad += f16(x) != (u16)((u16)x * ${g16}u & 0xffff) >> 6;
		bad += f32((u32)x) != (u32)((u32)x * ${k32}u) >> 22;
		bad += f8((u32)x) != (u8)((u8)x * $m8 & 0xff) >> 4;
		bad += f16(x) != f16(x + (1ull << 16));
		bad += f8((u32)x) != f8((u32)x + 256);
	}
	printf("%llu\n", (unsigned long long)bad);
	return 0;
}
C
expect "the C compiler: each cut product is the residue's multiply ($g16, $k32, $m8), keys 2^w apart collide" \
	'cc -O2 -o "$tmp/t" "$tmp/t.c" && [ "$("$tmp/t")" = 0 ]'

(cd "$tmp" && $root/cfx review cut.c > o 2>&1)
expect "(u16)(x * GOLDEN) >> 6, x a u64: a WARNING, keys differing above bit 15 collide; judged as $g16 (python)" \
	'grep -q "^cut.c:2: WARNING: the cast to u16 at line 7 cuts the product to its low 16 bits, which depend only on the multiplier.s low 16 bits ($g16 of 0x9e3779b97f4a7c15) and the key.s (a u64): keys that differ only above bit 15 always collide; judged as $g16 on 16-bit words" "$tmp/o"'
expect "  16-bit words, a table of 2^10 from >> 6 (16 - 6), and verify's verdict at them" \
	'v=$($cfx verify --bits 16 --table-bits 10 $g16 >/dev/null && echo PASS || echo FAIL)
	 grep -q "^cut.c:2: NOTE: GOLDEN = $g16: 16-bit multiplier (the product is cast to u16 at line 7" "$tmp/o" &&
	 grep -q "^cut.c:2: [A-Z]*: $g16: $v, .* on 16-bit words, a table of 2^10 from >> 6 at line 7" "$tmp/o"'
expect "(u32)(v * HASH_K) >> 22, v a u32: a NOTE (no key bits lost), judged as $k32 on 32-bit words" \
	'grep -q "^cut.c:3: NOTE: the cast to u32 at line 11 cuts the product to its low 32 bits, which depend only on the multiplier.s low 32 bits ($k32 of 0x9e3779b900000001): judged as $k32 on 32-bit words" "$tmp/o"'
expect "  $k32 on 32 bits is a FAIL (verify agrees), where the 64-bit constant as written is no verdict of the code's" \
	'! $cfx verify --bits 32 --table-bits 10 $k32 >/dev/null &&
	 grep -q "^cut.c:3: ERROR: $k32: FAIL" "$tmp/o"'
expect "(u8)(x * HASH_MULT) >> 4: judged as $m8 on 8-bit words, a table of 2^4, no \"cuts it\" ERROR" \
	'grep -q "^cut.c:4: WARNING: the cast to u8 at line 15 cuts the product to its low 8 bits" "$tmp/o" &&
	 grep -q "^cut.c:4: [A-Z]*: $m8: [A-Z]*, .* on 8-bit words, a table of 2^4 from >> 4 at line 15" "$tmp/o" &&
	 ! grep -q "the compiler cuts it" "$tmp/o"'
expect "control: (u32)((v * C) >> 40), the shift inside the cast: 64-bit words, a table of 2^24" \
	'grep -q "^cut.c:19: NOTE: 0x9e3779b97f4a7c15: PASS, 97 checks on 64-bit words, a table of 2^24 from >> 40" "$tmp/o"'

# (u32)(v * K) >> (32 - bits): the word from the cast and the shift alike
cat > "$tmp/bits.c" <<'C'
#include <linux/types.h>
#define HASH_K 0x9e3779b97f4a7c15ULL
u32 g(u64 v, unsigned int bits)
{
	return (u32)(v * HASH_K) >> (32 - bits);
}
C
k=$(python3 -c 'print("0x%08x" % (0x9e3779b97f4a7c15 % 2**32))')
(cd "$tmp" && $root/cfx review bits.c > o 2>&1)
expect "(u32)(v * K) >> (32 - bits), v a u64: judged as $k on 32-bit words (python), a WARNING for the key's lost bits" \
	'grep -q "^bits.c:2: NOTE: HASH_K = $k: 32-bit multiplier (the product is cast to u32 at line 5" "$tmp/o" &&
	 grep -q "^bits.c:2: WARNING: the cast to u32 at line 5 .*(a u64): keys that differ only above bit 31 always collide" "$tmp/o"'

done_suite cast_cut
