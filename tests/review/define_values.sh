#!/bin/bash
# cfx review: a define's value as C reads it (issue 23: a trial's
# "#define HASH_MULT 0" used as a multiplier was not found while a const
# 0 was; -0x61C88647, (0x9e37 << 16 | 1) and the malformed 0x9e37zz01u
# gave "no multipliers found", exit 0).  A zero multiplier is an ERROR;
# a constant expression of literals is evaluated in C's types and
# converted to the word as C converts it (a negative int sign-extended
# into a u64); what C leaves undefined in it (a left shift past INT_MAX)
# is a WARNING; a malformed literal an ERROR naming it.  Oracles: the C
# compiler (each expression's type by _Generic, its value in the word
# the use multiplies in, -fsanitize=undefined on the shift, and its
# error on the malformed literal), python (the values mod 2^32, 2^64).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

cat > "$tmp/v.c" <<'C'
#include <stdint.h>
#include <stdio.h>
int main(void)
{
	uint32_t x32 = 1;
	uint64_t x64 = 1;
	printf("%s %s %#x %#x %#llx\n",
	       _Generic(-0x61C88647, int: "int", default: "other"),
	       _Generic((0x9e37 << 16 | 1), int: "int", default: "other"),
	       (unsigned)(x32 * -0x61C88647),
	       (unsigned)(x32 * (0x9e37 << 16 | 1)),
	       (unsigned long long)(x64 * -0x61C88647));
	return 0;
}
C
cc -w -O0 -fsanitize=undefined -o "$tmp/v" "$tmp/v.c"
read -r t1 t2 v32 s32 v64 < <("$tmp/v" 2>"$tmp/ub")
ub=$(grep -c "left shift of 40503 by 16 places cannot be represented in type \
'int'" "$tmp/ub")
read -r p32 p64 ps < <(python3 -c '
print("%#x" % (-0x61C88647 % 2**32), "%#x" % (-0x61C88647 % 2**64),
      "%#x" % ((0x9e37 << 16 | 1) % 2**32))')
expect "C: both int ($t1, $t2); ubsan on the shift ($ub); in u32 $v32 $s32, \
in u64 $v64 (python: $p32 $ps $p64)" \
	'[ "$t1 $t2" = "int int" ] && [ "$ub" -ge 1 ] && [ "$v32" = "$p32" ] &&
	 [ "$s32" = "$ps" ] && [ "$v64" = "$p64" ]'
printf 'unsigned f(unsigned x) { return x * 0x9e37zz01u; }\n' > "$tmp/bad.c"
cc -c -o "$tmp/bad.o" "$tmp/bad.c" 2> "$tmp/ccerr"
expect "the C compiler rejects 0x9e37zz01u" \
	'grep -q "0x9e37zz01u" "$tmp/ccerr"'

review "$fx/define_values.patch"
expect "#define HASH_MULT 0, multiplied: found, an ERROR" \
	'grep -q "v.c:2: ERROR: HASH_MULT = 0 is 0: every key hashes to \
bucket 0" "$tmp/o"'
expect "HASH_NEG: an int of -1640531527, $p32 in the 32-bit word" \
	'grep -q "v.c:3: NOTE: HASH_NEG = -0x61C88647 is a constant \
expression: C gives it the type int and the value -1640531527 .*in \
the 32-bit word it is $(printf 0x%08x $p32)" "$tmp/o"'
expect "exit 1; the three judged multipliers counted" \
	'[ "$(rc)" = 1 ] && grep -q "; 3 multipliers$" "$tmp/o"'
expect "HASH_BUILT: $ps in the word, the shift past INT_MAX a WARNING (ubsan)" \
	'grep -q "v.c:4: NOTE: HASH_BUILT = 0x9e37 << 16 | 1 is a constant \
expression: C gives it the type int .*in the 32-bit word it is $ps" "$tmp/o" &&
	 grep -q "v.c:4: WARNING: HASH_BUILT = .*the left shift overflows \
int, which C leaves undefined" "$tmp/o"'
expect "HASH_BAD: an ERROR naming 0x9e37zz01u" \
	'grep -q "v.c:5: ERROR: HASH_BAD: 0x9e37zz01u is no C integer \
literal" "$tmp/o"'
# a u64 use: the int sign-extended, as C converts it
printf '#include <linux/types.h>\n#define HASH_NEG -0x61C88647\n%s\n' \
	'u64 d(u64 x) { return (x * HASH_NEG) >> 54; }' > "$tmp/n64.c"
review "$tmp/n64.c"
expect "  in a u64 use, $p64 (C, python), judged at 64 bits" \
	'grep -q "in the 64-bit word it is $p64" "$tmp/o" &&
	 grep -q "$p64: FAIL.*64-bit words" "$tmp/o"'
# controls: names and floats are no expression of literals; a size
# define of 0 is no multiplier
printf '#include <linux/types.h>\n%s\n%s\n%s\n%s\n' \
	'#define HASH_LOAD 0.75' '#define HASH_BITS 0' \
	'#define HASH_X (HASH_BASE * 3)' \
	'u32 f(u32 x) { return x >> HASH_BITS; }' > "$tmp/c.c"
review "$tmp/c.c"
expect "0.75, a size 0, a name: no multiplier, no ERROR" \
	'grep -q "no multipliers found" "$tmp/o" && ! grep -q ERROR "$tmp/o" &&
	 [ "$(rc)" = 0 ]'
done_suite define_values
