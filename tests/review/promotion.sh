#!/bin/bash
# cfx review: C's integer promotions (issue 23: a trial's `uint16_t x;
# uint16_t mult; (x * mult) >> 8` was judged on 16-bit words at a table
# of 2^8; C promotes both operands to int, so the product is an int of
# 32 bits, it overflows (undefined) for big x, and the index reaches far
# past 2^8).  Judged at the width C computes in, the promotion said, the
# signed overflow a WARNING from the first x that overflows.  Oracles:
# the C compiler (_Generic on the product's type; -fsanitize=undefined
# on the first overflowing x), python (INT_MAX // mult + 1, the index's
# bits over every u16 x).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# C: the product's type, and ubsan at x0 - 1 and x0
x0=$(python3 -c 'print((2**31 - 1) // 0x9e37 + 1)')
ib=$(python3 -c '
print(max(((x * 0x9e37) % 2**32) >> 8 for x in range(2**16)).bit_length())')
cat > "$tmp/p.c" <<'C'
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
static int h(uint16_t x)
{
	uint16_t mult = 0x9e37;
	return (x * mult) >> 8;
}
int main(int argc, char **argv)
{
	uint16_t x = 1, m = 1;
	(void)argc;
	if (argv[1][0] == 't') {
		printf("%s\n", _Generic(x * m, int: "int", unsigned: "unsigned",
		       default: "other"));
		return 0;
	}
	printf("%d\n", h((uint16_t)atoi(argv[1])));
	return 0;
}
C
cc -w -O0 -fsanitize=undefined -o "$tmp/p" "$tmp/p.c"
ty=$("$tmp/p" t)
ubs() { "$tmp/p" "$1" 2>&1 >/dev/null | grep -c "signed integer overflow"; }
ub_below=$(ubs $((x0 - 1)))
ub_at=$(ubs "$x0")
expect "C: u16 * u16 is an $ty; ubsan: x = $x0 overflows, not $((x0 - 1))" \
	'[ "$ty" = int ] && [ "$ub_below" = 0 ] && [ "$ub_at" -ge 1 ]'

review "$fx/promo_u16.patch"
expect "the promotion said, the word 32 bits (an int)" \
	'grep -qF "p.c:5: NOTE: mult = 0x00009e37: 32-bit multiplier (mult is \
uint16_t (16 bits): promoted to int (C11 6.3.1.1), and x (uint16_t) too: \
the product is an int, 32 bits)" "$tmp/o"'
expect "judged at the table the index reaches: 2^$ib (python), not 2^8" \
	'grep -q "32-bit words, a table of 2^$ib from >> 8 at line 6" \
	 "$tmp/o" &&
	 ! grep -q "16-bit words" "$tmp/o"'
expect "the signed overflow a WARNING from x = $x0 (python, ubsan), exit 1" \
	'grep -q "p.c:6: WARNING: x \* mult at line 6 overflows int from \
x = $x0 on" "$tmp/o" &&
	 [ "$(rc)" = 1 ]'

# a define of an int (no suffix) times a u16: the same overflow
printf '#include <stdint.h>\n#define HASH_MULT16 0x9e37\n%s\n' \
	'uint32_t h(uint16_t x) { return (x * HASH_MULT16) >> 8; }' > "$tmp/d.c"
review "$tmp/d.c"
expect "an int define times a u16: the overflow from x = $x0" \
	'grep -q "WARNING: x \* HASH_MULT16 at line 3 overflows int from \
x = $x0 on" "$tmp/o"'
# controls: u32 x * u16 mult is unsigned (C says), no overflow said
cat > "$tmp/u.c" <<'C'
#include <stdint.h>
#include <stdio.h>
int main(void)
{
	uint32_t x = 1;
	uint16_t m = 1;
	puts(_Generic(x * m, unsigned: "unsigned", int: "int",
	     default: "other"));
	return 0;
}
C
uty=$(cc -w -o "$tmp/u" "$tmp/u.c" && "$tmp/u")
fn() {   # fn TYPE SHIFT: TYPE h(TYPE x) multiplying by a uint16_t
	printf '#include <stdint.h>\n%s h(%s x)\n{\n' "$1" "$1"
	printf '\tuint16_t mult = 0x9e37;\n\treturn (x * mult) >> %s;\n}\n' \
		"$2"
}
fn uint32_t 24 > "$tmp/c.c"
review "$tmp/c.c"
expect "u32 * u16 is $uty (C): an unsigned int product, no overflow" \
	'[ "$uty" = unsigned ] &&
	 grep -q "the product is an unsigned int, 32 bits" "$tmp/o" &&
	 ! grep -q "overflows int" "$tmp/o"'
# a u16 times a u64: the product is a u64 (64-bit words)
fn uint64_t 54 > "$tmp/w.c"
review "$tmp/w.c"
expect "u64 * u16: 64-bit words, no overflow said" \
	'grep -q "the product is uint64_t, 64 bits" "$tmp/o" &&
	 ! grep -q "overflows int" "$tmp/o"'
done_suite promotion
