#!/bin/bash
# cfx review: hash_32(x, B) / hash_64(x, B) with B more than the word's
# bits or below 0, and >> (32 - B) with B below 0 (issue 23).
# The kernel's hash_32() shifts its product by 32 - bits computed in
# unsigned int (bits is its unsigned int parameter), so B = 40 shifts by
# 4294967288 and B = -3 by 35: undefined in C, no table of 2^B.  Review
# said nothing and judged a default range of tables.  The oracle is the C
# compiler: each case is compiled beside the kernel's hash_32()/hash_64()
# with -fsanitize=undefined and run; the shift exponent ubsan reports must
# be the count review names, at the line it names, and no verdict rests on
# it.  Controls: B = 10 is judged at a table of 2^10, no ERROR.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# the kernel's generic hash_32() and hash_64() (include/linux/hash.h)
kernel_hash "$tmp/kernel.h"
# ubsan FILE KEYTYPE: FILE's f() compiled with the kernel's functions and
# -fsanitize=undefined, run over a few keys: the exponent of its first
# "shift exponent N is too large" report, or nothing
ubsan() {
	{ cat "$tmp/kernel.h" "$1"
	  echo "int main(void) { volatile u64 s = 0; for ($2 k = 1; k < 100; k += 7) s += f(k); printf(\"%llu\\n\", (unsigned long long)s); return 0; }"
	} > "$tmp/u.c"
	cc -w -O0 -fsanitize=undefined -fno-sanitize-recover=undefined -o "$tmp/u" "$tmp/u.c" 2> /dev/null &&
		"$tmp/u" 2>&1 >/dev/null | sed -n 's/.*runtime error: shift exponent \(-\{0,1\}[0-9]*\) is too large.*/\1/p' | head -1
}

# NAME|KEY TYPE|FN|the bits as review writes them|the code (the call on line 4)
cases=(
'h32_40|u32|hash_32|40|#define GOLDEN 0x9e3779b1u
static u32 f(u32 key)
{
	return hash_32(key * GOLDEN, 40);
}'
'h32_neg|u32|hash_32|-3|#define GOLDEN 0x9e3779b1u
static u32 f(u32 key)
{
	return hash_32(key * GOLDEN, -3);
}'
'h32_def|u32|hash_32|HBITS = 40|#define HBITS 40
static u32 f(u32 key)
{
	return hash_32(key * 0x9e3779b1u, HBITS);
}'
'h32_defneg|u32|hash_32|HBITS = -3|#define HBITS (-3)
static u32 f(u32 key)
{
	return hash_32(key * 0x9e3779b1u, HBITS);
}'
'h64_65|u64|hash_64|65|#define GOLDEN64 0x9e3779b97f4a7c15ull
static u32 f(u64 key)
{
	return hash_64(key * GOLDEN64, 65);
}'
'h64_neg|u64|hash_64|-1|#define GOLDEN64 0x9e3779b97f4a7c15ull
static u32 f(u64 key)
{
	return hash_64(key * GOLDEN64, -1);
}'
)
for c in "${cases[@]}"; do
	IFS='|' read -r name kt fn b _ <<< "$c"
	code=${c#*|*|*|*|}
	printf '%s\n' "$code" > "$tmp/$name.c"
	e=$(ubsan "$tmp/$name.c" "$kt")
	w=$([ "$fn" = hash_32 ] && echo 32 || echo 64)
	expect "$name: ubsan reports the shift by $e in $fn() (the count python computes: (W - B) mod 2^32)" \
		'[ -n "$e" ] && [ "$e" = "$(python3 -c "import sys; w, b = int(sys.argv[1]), int(sys.argv[2].split()[-1]); print((w - b) % 2**32)" "$w" "$b")" ]'
	review "$tmp/$name.c"
	expect "$name: one ERROR at line 4 naming $fn(..., $b) and the count $e; exit 1" \
		'[ "$(grep -c ": ERROR: " "$tmp/o")" = 1 ] &&
		 grep -qF "$tmp/$name.c:4: ERROR: $fn(..., $b) at line 4 asks for a table of 2^${b##* }, " "$tmp/o" &&
		 grep -q "$tmp/$name.c:4: ERROR: .* as $e, not less than $w: undefined behaviour in C" "$tmp/o" && [ "$(rc)" = 1 ]'
	expect "$name: not judged, no table of 2^${b##* }" \
		'! grep -q ": PASS\|: FAIL\|judged here\|tables 2^" "$tmp/o" && grep -q "is not judged: $fn(..., $b) at line 4" "$tmp/o"'
done

# >> (32 - B) with B a negative define: a shift by 32 + 3 = 35 (ubsan)
cat > "$tmp/neg.c" <<'C'
#define HBITS (-3)
static u32 f(u32 key)
{
	return (key * 0x9e3779b1u) >> (32 - HBITS);
}
C
e=$(ubsan "$tmp/neg.c" u32)
review "$tmp/neg.c"
expect ">> (32 - HBITS), HBITS (-3): ubsan's shift by $e, review's ERROR at line 4 by the same count, not judged" \
	'[ "$e" = 35 ] && grep -q "neg.c:4: ERROR: >> (32 - HBITS = -3) at line 4 shifts the product with 0x9e3779b1u, a 32-bit value, by $e, not less than its width: undefined behaviour" "$tmp/o" &&
	 ! grep -q ": PASS\|: FAIL" "$tmp/o" && [ "$(rc)" = 1 ]'

# controls: defined calls and shifts, judged at their table (the product
# with GOLDEN_RATIO_64 must PASS at 2^12, ranked there as verify -t 12
# ranks: 0x9e3779b97f4a7c15's, 0x20bbd2dd31b7a647, FAILs strides 3 and 9)
for c in 'hash_32(key * 0x9e3779b1u, 10)|10|u32' 'hash_64(key * 0xff51afd7ed558ccdull, 12)|12|u64'; do
	IFS='|' read -r call t kt <<< "$c"
	[ -n "$t" ] || continue
	printf 'static u32 f(%s key)\n{\n\treturn %s;\n}\n' "$kt" "$call" > "$tmp/ok.c"
	e=$(ubsan "$tmp/ok.c" "$kt")
	review "$tmp/ok.c"
	expect "$call: ubsan reports nothing; judged at a table of 2^$t, no ERROR" \
		'[ -z "$e" ] && grep -q ": PASS, [0-9]* checks on [0-9]*-bit words, a table of 2^$t from hash_[36][24](..., $t) at line 3" "$tmp/o" && ! grep -q "ERROR" "$tmp/o"'
done
done_suite hash_bits
