#!/bin/bash
# cfx review: false ERRORs that a non-author trial found on ordinary
# kernel code, each against an independent computation: a zero that
# starts an accumulator (python's string hash and shift/add sum), table
# sizes and orders (gcc's sizeof of the tables they bound), ...
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
fx=tests/review/fixtures
cfx=./cfx

# ---- 1. a zero that starts an accumulator is no multiplier ----------------
f=$fx/fp_zero.c
$cfx review $f > "$tmp/z"; rc=$?
read -r ha hb < <(python3 -c '
def h(s):
    x = 0
    for c in s.encode(): x = (x * 31 + c) % 2**32
    return x
print(h("a"), h("b"))')
expect "python: the string hash from 0 gives \"a\" $ha and \"b\" $hb, not one bucket" \
	'[ "$ha" = 97 ] && [ "$hb" = 98 ]'
expect "u32 hash = 0; hash = hash*31 + *s++: no 'is 0' ERROR" \
	'! grep -q "is 0: every key" "$tmp/z"'
want=$(python3 -c 'print("0x%08x" % ((1 - 2**16 - 2**19 + 2**22 - 2**25 + 2**29 + 2**31) % 2**32))')
expect "python: the shift/add steps after hash = 0 sum to $want" '[ "$want" = 0x9e370001 ]'
expect "hash = 0 then shift/add: the sequence proved to be the multiply by python's $want, the only multiplier" \
	'grep -q "^$f:[0-9]*: NOTE: proved: the shift/add sequence (lines [0-9-]*) computes hash = val \* $want mod 2^32" "$tmp/z" &&
	 tail -1 "$tmp/z" | grep -q "; 1 multiplier$"'
# a zero that is used to multiply stays an ERROR
f=$fx/fp_zero_mult.c
$cfx review $f > "$tmp/zm"; rc=$?
n=$(python3 -c 'print(len({(x * 0 % 2**32) >> 22 for x in range(0, 2**32, 65521)}))')
expect "python: x * 0 >> 22 takes $n value(s) over the keys" '[ "$n" = 1 ]'
expect "a const hash_mult = 0 used in x * hash_mult: still the ERROR, exit 1" \
	'[ $rc = 1 ] && grep -q "^$f:4: ERROR: hash_mult = 0 is 0: every key hashes to bucket 0" "$tmp/zm"'

# ---- 2. table sizes and orders are no multipliers --------------------------
f=$fx/fp_size.c
$cfx review $f > "$tmp/sz"; rc=$?
cc -std=c11 -Wall -o "$tmp/sz.bin" -x c - <<C
#include <stdio.h>
$(cat $f)
int main(void)
{
	printf("%zu %zu %zu %zu %u\n", sizeof table / sizeof table[0],
	       sizeof pid_hash / sizeof pid_hash[0], sizeof cache / sizeof cache[0],
	       sizeof hash_table / sizeof hash_table[0], 1U << hash_order);
	return (int)bucket(0);
}
C
sizes=$("$tmp/sz.bin")
expect "gcc: the tables have $sizes entries (HASH_SIZE, PIDHASH_SZ, HASH_TABLE_SIZE, NR_HASH, 1 << hash_order)" \
	'[ "$sizes" = "1024 4096 256 1031 1024" ]'
expect "no multiplier among them: exit 0, no ERROR, 0 multipliers" \
	'[ $rc = 0 ] && ! grep -q "ERROR\|multiplier (" "$tmp/sz" && tail -1 "$tmp/sz" | grep -q "; 0 multipliers$"'
# a size used as one but named as no size (only its use says it)
printf '#define HASH_PRIME 1031\nstatic int t[HASH_PRIME];\nunsigned b(unsigned h) { return h %% HASH_PRIME; }\n' > "$tmp/pr.c"
$cfx review "$tmp/pr.c" > "$tmp/pr"; rc=$?
expect "#define HASH_PRIME 1031 used as [HASH_PRIME] and %: no multiplier, exit 0" \
	'[ $rc = 0 ] && tail -1 "$tmp/pr" | grep -q "; 0 multipliers$"'

# ---- 3. a product kept in a variable and shifted in the next statement ----
f=$fx/fp_shifted.c
$cfx review $f > "$tmp/sh"; rc=$?
read -r top hi < <(python3 -c '
P = 0x61c88647
print(max(((x * P) % 2**32) >> 22 for x in range(0, 2**32, 4093)) + 1,
      max(((v * P) % 2**64) >> (32 - 10) for v in range(0, 2**40, 2**40 // 4099)))')
expect "python: (x * 0x61c88647 mod 2^32) >> 22 takes $top values, a table of 2^10" '[ "$top" = 1024 ]'
l=$(grep -n 'u32 h = x \* 0x61c88647U;' $f | cut -d: -f1)
expect "u32 h = x * 0x61c88647U; return h >> 22;: found on line $l, its table 2^10 from the shift" \
	'grep -q "^$f:$l: NOTE: 0x61c88647: 32-bit multiplier (its type u32)" "$tmp/sh" &&
	 grep -q "^$f:$l: NOTE: 0x61c88647: PASS, .*a table of 2^10 from >> 22 at line $((l + 1))" "$tmp/sh"'
l=$(grep -n '^#define C ' $f | cut -d: -f1)
expect "u32 v = x * C; return v >> (32 - bits);: #define C found on line $l" \
	'grep -q "^$f:$l: NOTE: C = 0x61c88647: 32-bit multiplier" "$tmp/sh"'
l=$(grep -n 'u64 h = val \* 0x61c88647UL;' $f | cut -d: -f1)
expect "python: a u64 product >> (32 - 10) reaches $hi, past the table of 2^10" '[ "$hi" -ge 1024 ]'
expect "u64 h = val * 0x61c88647UL; return h >> (32 - bits);: found on line $l, with the ERROR of its index" \
	'grep -q "^$f:$l: NOTE: 0x0000000061c88647: 64-bit multiplier (its type u64)" "$tmp/sh" &&
	 grep -q "^$f:$l: ERROR: the index overflows the table" "$tmp/sh"'
expect "three multipliers, none 'no multipliers found'" \
	'! grep -q "no multipliers found" "$tmp/sh" && tail -1 "$tmp/sh" | grep -q "; 3 multipliers$"'

# ---- 4. a shift/add sequence whose first accumulate step is ^= ------------
f=$fx/fp_xor_first.c
$cfx review $f > "$tmp/xf"; rc=$?
r=$(python3 tests/review/lib_ceval.py $f hash_xf linear)
expect "python: hash_xf is no multiply by a constant ($r)" '[ "${r%% *}" = nonlinear ]'
l=$(grep -n 'hash ^= n;' $f | cut -d: -f1)
expect "hash ^= n; under a comment claiming a multiply: the WARNING on line $l, exit 1" \
	'[ $rc = 1 ] && grep -q "^$f:$l: WARNING: not proved the multiply by 0x9e370001 (its comment, line 4): \`hash ^= n;\` (line $l) xors" "$tmp/xf"'

done_suite falsepos
