#!/bin/bash
# cfx review: a UL constant whose product is shifted by (BITS_PER_LONG -
# B) with no #if BITS_PER_LONG is read as LP64's, but where long is 32
# bits the shift is by 32 - B and C types the literal there as unsigned
# long (32 bits) when its value fits, else unsigned long long.  That
# word is judged too, by the rule an explicit #if BITS_PER_LONG == 32
# meets (issue 23; ilp32.sh is hash_long()'s twin of it): a value wider
# than 32 bits is the same ERROR, one that fits is judged on 32-bit
# words.  The oracle is Python: C11 6.4.4.1's type of the literal on
# ILP32, the index (x * C) >> (32 - B) takes there, and page-aligned
# keys counted into 2^B buckets; verify at the same word and table.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"
# file NAME C [IF]: $tmp/NAME.c hashing a long by (key * C) >>
# (BITS_PER_LONG - 10), the define under #if BITS_PER_LONG == IF if given
file() {
	long_hash "$tmp/$1.c" "$2" "${3:-}" \
		'(key * FOO_HASH_MULT) >> (BITS_PER_LONG - 10)'
}
# ilp32 C: C11's type of C UL where long is 32 bits, and the largest
# index (x * C mod 2^w) >> 22 over x below 2^32 (w that type's width)
ilp32() {
	python3 -c "c = $1
w = 32 if c < 2**32 else 64
t = 'unsigned long' if w == 32 else 'unsigned long long'
xs = [2**32 - 1 - k for k in range(4096)] + list(range(1, 4096))
print(t.replace(' ', '_'), max(x * c % 2**w >> 22 for x in xs))"
}
# the ERROR's reason: what follows the word's parenthesis
reason() {
	grep "ERROR: .* needs 64 bits" "$1" | sed 's/.*): C gives/C gives/'
}

# 1. a value wider than 32 bits: on ILP32 the index overflows
c=0x9e3779b97f4a7c15
read -r ty mx <<< "$(ilp32 $c)"
file noif $c; file if32 $c 32
review "$tmp/noif.c"; cp "$tmp/o" "$tmp/noif"
review "$tmp/if32.c"; cp "$tmp/o" "$tmp/if32"
expect "python: on ILP32 $c UL is $ty, its index reaches $mx (> 1023)" \
	'[ "$ty" = unsigned_long_long ] && [ "$mx" -gt 1023 ]'
expect "no #if: an ERROR on 32-bit longs, exit 1" \
	'grep -q "noif.c:2: ERROR: ${c}UL needs 64 bits, wider than its \
32-bit word (where long is 32 bits" "$tmp/noif" && [ "$(rc)" = 1 ]'
expect "  its reason the one #if BITS_PER_LONG == 32 gives" \
	'[ -n "$(reason "$tmp/if32")" ] &&
	 [ "$(reason "$tmp/noif")" = "$(reason "$tmp/if32")" ]'
expect "  and LP64's verdict still said" \
	'grep -q "NOTE: $c: PASS, 97 checks on 64-bit words" "$tmp/noif"'

# 2. a value that fits: judged on 32-bit words at 2^10, as verify and as
# under #if BITS_PER_LONG == 32
for c in 0x9e370001 0x61c88647; do
	read -r ty mx <<< "$(ilp32 $c)"
	n=$(python3 -c "print(len({(k * 4096 * $c % 2**32) >> 22
	                           for k in range(4096)}))")
	want=$($cfx verify $c --bits 32 -t 10 --json | python3 -c \
		"import json, sys; print(json.load(sys.stdin)['verdict'])")
	file noif $c; file if32 $c 32
	review "$tmp/if32.c"; cp "$tmp/o" "$tmp/if32"
	review "$tmp/noif.c"; cp "$tmp/o" "$tmp/noif"
	lv=NOTE; [ "$want" = FAIL ] && lv=ERROR
	expect "$c: python: $ty on ILP32, index below 2^10 ($mx); page keys \
fill $n of 1024 buckets" '[ "$ty" = unsigned_long ] && [ "$mx" -lt 1024 ]'
	expect "  no #if: judged on 32-bit words, $want as verify: $lv" \
		'grep -q "noif.c:2: $lv: $c: $want.* 32-bit words, a table of \
2^10 from >> (BITS_PER_LONG = 32 - 10)" "$tmp/noif"'
	expect "  the #if BITS_PER_LONG == 32 file's verdict the same" \
		'grep -q "if32.c:3: $lv: $c: $want.* 32-bit words" "$tmp/if32"'
done

# 3. under #if BITS_PER_LONG == 64: that word only
file if64 0x9e370001 64
review "$tmp/if64.c"
expect "#if BITS_PER_LONG == 64: no 32-bit use judged" \
	'! grep -q "32-bit words" "$tmp/o"'
done_suite ilp32_shift
