#!/bin/bash
# cfx review: a table size that only a call shows (issue 23, h31b gap 2).
# "static inline u32 my_hash(u32 x, unsigned int bits) { return (x *
# MY_MULT) >> (32 - bits); }" and later my_hash(key, 10) and my_hash(key,
# MY_HASH_BITS) with #define MY_HASH_BITS 12: the tables are 2^10 and
# 2^12, found through the calls, both judged, and where each came from
# said.  Review judged verify's default range ("the code does not show
# the size").  The oracle is the C compiler: each call is compiled and run
# over 2^16 keys, and the largest index it returns has exactly B bits
# (below 2^B, at least 2^(B-1)): the set of B must be the tables review
# judges.  A call with bits 40 or 0 is run under -fsanitize=undefined: the
# shift exponent ubsan reports is the count review's ERROR names.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
cfx=./cfx

# FILE's functions c1 .. cN (each one call of my_hash) compiled and run:
# the bits of each one's largest index over 2^16 keys, space-separated
index_bits() {
	local n=$2
	{
		echo '#include <stdint.h>'
		echo '#include <stdio.h>'
		echo 'typedef uint32_t u32;'
		cat "$1"
		echo 'int main(void) { u32 k, m;'
		for i in $(seq 1 "$n"); do
			echo "for (m = 0, k = 0; k < 1u << 16; k++) if (c$i(k * 2654435761u) > m) m = c$i(k * 2654435761u);"
			echo 'printf("%d ", m ? 32 - __builtin_clz(m) : 0);'
		done
		echo 'return 0; }'
	} > "$tmp/p.c"
	cc -O1 -w -o "$tmp/p" "$tmp/p.c" && "$tmp/p"
}

cat > "$tmp/calls.c" <<'C'
#define MY_MULT 0x9e3779b1u
#define MY_HASH_BITS 12
static inline u32 my_hash(u32 x, unsigned int bits)
{
	return (x * MY_MULT) >> (32 - bits);
}
static u32 c1(u32 key)
{
	return my_hash(key, 10);
}
static u32 c2(u32 key)
{
	return my_hash(key, MY_HASH_BITS);
}
C
b=$(index_bits "$tmp/calls.c" 2); b=${b% }
expect "cc: the calls index with $b bits (10 and 12)" '[ "$b" = "10 12" ]'
$cfx review "$tmp/calls.c" > "$tmp/o" 2>&1; rc=$?
expect "both tables judged, each call's line and argument said; exit $rc" \
	'[ $rc = 0 ] && grep -q "calls.c:1: NOTE: 0x9e3779b1: PASS, [0-9]* checks on 32-bit words, tables 2^10 and 2^12 from the calls of my_hash() (its bits for >> (32 - bits) at line 5): 2^10 at line 9 (10), 2^12 at line 13 (MY_HASH_BITS = 12)$" "$tmp/o" &&
	 ! grep -q "does not show" "$tmp/o"'
$cfx review --json "$tmp/calls.c" > "$tmp/j"
expect "--json: tables [10, 12], what cc measured" \
	'python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))[\"files\"][0][\"multipliers\"][0]
want = [int(x) for x in sys.argv[2].split()]
sys.exit(not (m[\"tables\"] == sorted(set(want)) and m[\"table_bits\"] == min(want) and \"my_hash()\" in m[\"table_why\"]))" "$tmp/j" "$b"'

# one call: that table; three calls, one repeated: each size once
sed '/^static u32 c2/,$d' "$tmp/calls.c" > "$tmp/one.c"
b=$(index_bits "$tmp/one.c" 1); b=${b% }
$cfx review "$tmp/one.c" > "$tmp/o" 2>&1
expect "one call (cc: $b bits): a table of 2^$b from my_hash(..., 10) at line 9" \
	'[ "$b" = 10 ] && grep -q "PASS, [0-9]* checks on 32-bit words, a table of 2^10 from my_hash(..., 10) at line 9, its bits for >> (32 - bits) at line 5$" "$tmp/o"'
{ cat "$tmp/calls.c"; printf 'static u32 c3(u32 key)\n{\n\treturn my_hash(key, 16) ^ my_hash(key, 10);\n}\n'; } > "$tmp/three.c"
printf 'static u32 c4(u32 key)\n{\n\treturn my_hash(key, 16);\n}\n' >> "$tmp/three.c"
b=$(index_bits "$tmp/three.c" 4 | tr ' ' '\n' | sed '/^$/d' | sort -un | tr '\n' ' '); b=${b% }
$cfx review "$tmp/three.c" > "$tmp/o" 2>&1
expect "four calls, sizes 10 12 16 10 16 (cc's largest indexes: $b): tables 2^10, 2^12 and 2^16" \
	'[ "$b" = "10 12 16" ] && grep -q "PASS, [0-9]* checks on 32-bit words, tables 2^10, 2^12 and 2^16 from the calls of my_hash()" "$tmp/o"'

# a call of 40 beside one of 10: an ERROR at the call, 2^10 judged
sed '/MY_HASH_BITS 12/d; s/my_hash(key, MY_HASH_BITS)/my_hash(key, 40)/' "$tmp/calls.c" > "$tmp/bad.c"
{ echo '#include <stdint.h>'; echo '#include <stdio.h>'; echo 'typedef uint32_t u32;'; cat "$tmp/bad.c"
  echo 'int main(void) { volatile u32 s = c2(12345); printf("%u\n", s); return 0; }'; } > "$tmp/u.c"
e=$(cc -w -O0 -fsanitize=undefined -o "$tmp/u" "$tmp/u.c" 2>/dev/null && "$tmp/u" 2>&1 >/dev/null |
	sed -n 's/.*shift exponent \([0-9]*\) is too large.*/\1/p' | head -1)
$cfx review "$tmp/bad.c" > "$tmp/o" 2>&1; rc=$?
expect "my_hash(key, 40): ubsan's shift by $e, review's ERROR at line 12 with that count; 2^10 still judged; exit 1" \
	'[ "$e" = "$(python3 -c "print((32 - 40) % 2**32)")" ] && [ $rc = 1 ] &&
	 grep -q "bad.c:12: ERROR: my_hash(..., 40) at line 12 asks for a table of 2^40: my_hash().s >> (32 - bits) at line 4 then shifts its 32-bit product by $e (bits is unsigned" "$tmp/o" &&
	 grep -q "PASS, [0-9]* checks on 32-bit words, a table of 2^10 from" "$tmp/o"'
sed 's/key, 10)/key, 0)/' "$tmp/bad.c" > "$tmp/zero.c"
$cfx review "$tmp/zero.c" > "$tmp/o" 2>&1; rc=$?
expect "calls of 0 and 40 only: two ERRORs, not judged" \
	'[ $rc = 1 ] && [ "$(grep -c ": ERROR: my_hash(..., " "$tmp/o")" = 2 ] && grep -q "zero.c:8: ERROR: my_hash(..., 0) at line 8 .* by 32 (bits is unsigned: 32 - 0 mod 2^32), its whole width" "$tmp/o" &&
	 grep -q "is not judged" "$tmp/o" && ! grep -q ": PASS\|: FAIL" "$tmp/o"'

# controls: a call whose bits is a variable shows no size
sed 's/my_hash(key, 10)/my_hash(key, n)/; s/static u32 c1(u32 key)/static u32 c1(u32 key, unsigned n)/; /^static u32 c2/,$d' "$tmp/calls.c" > "$tmp/var.c"
$cfx review "$tmp/var.c" > "$tmp/o" 2>&1
expect "my_hash(key, n): the code does not show the size, as before" \
	'grep -q "tables 2^4..2^20: the code does not show the size (>> (32 - bits) at line 5 takes bits, a parameter of my_hash())" "$tmp/o"'
done_suite call_tables
