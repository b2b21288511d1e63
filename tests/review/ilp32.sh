#!/bin/bash
# cfx review: a UL multiplier handed to hash_long() with no #if
# BITS_PER_LONG is read as 64-bit, but where long is 32 bits hash_long()
# is hash_32(): there the keys meet (C mod 2^32) * GOLDEN_RATIO_32 mod
# 2^32, a multiplier of its own, which must be judged, not only named
# (issue 23).  The oracle is Python: the two products, and the hash of
# page-aligned keys (k * 4096) as a 32-bit kernel computes it,
# ((k * C) mod 2^32 * 0x61C88647 mod 2^32) >> 22, counted into 2^10
# buckets.  The 32-bit verdict must be what `cfx verify` says of that
# product at the same table.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"
# mult SEED TARGET: a 64-bit constant, high half random from SEED, low
# half chosen so that it times GOLDEN_RATIO_32 is TARGET mod 2^32
mult() {
	python3 -c "import random; random.seed($1)
lo = pow(0x61C88647, -1, 2**32) * $2 % 2**32
print(hex(random.getrandbits(32) << 32 | lo))"
}
# file C [IF]: a hash function of keys through hash_long(key * C, 10);
# IF wraps the define in #if BITS_PER_LONG == 64
file() {
	long_hash "$tmp/f.c" "$1" "${2:+64}" 'hash_long(key * FOO_HASH_MULT, 10)'
}
# uses: each judged multiplier of the JSON as "bits hex use_of"
uses() {
	$cfx review --json "$tmp/f.c" | python3 -c "import json, sys
for f in json.load(sys.stdin)['files']:
    for m in f['multipliers']:
        print(m['bits'], m['hex'], m.get('use_of', '-'))"
}
# buckets C: buckets that 4096 page-aligned keys fill in 2^10 on ILP32
buckets() {
	python3 -c "c = $1 % 2**32
print(len({(k * 4096 * c % 2**32 * 0x61C88647 % 2**32) >> 22
           for k in range(4096)}))"
}
prod() { python3 -c "print(hex($1 * $2 % 2**$3))"; }

# 1. the low half makes 0x9e370001 on 32-bit longs: page keys collapse
c=$(mult 5 0x9e370001)
file "$c"
p32=$(prod "$c" 0x61C88647 32)
p64=$(prod "$c" 0x61C8864680B583EB 64)
n=$(buckets "$c")
expect "python: on ILP32, 4096 page keys fill $n of 1024 buckets (< 300)" \
	'[ "$n" -lt 300 ]'
uses > "$tmp/u"
expect "the 64-bit product $p64 is judged" \
	'grep -qx "64 $p64 -" "$tmp/u"'
expect "the 32-bit product $p32 is judged, a use of the same define" \
	'grep -qx "32 $p32 0" "$tmp/u"'
review "$tmp/f.c"
expect "its verdict: an ERROR naming $p32 on 32-bit words" \
	'grep -q "ERROR: $p32: FAIL.*32-bit words" "$tmp/o"'
expect "exit 1 (an error)" '[ "$(rc)" = 1 ]'
expect "the note says it is judged" \
	'grep -q "mod 2^32 = $p32, judged on its own" "$tmp/o"'

# 2. random constants: the 32-bit product judged as cfx verify judges it
for seed in 11 12 13; do
	c=$(python3 -c "import random; random.seed($seed)
print(hex(random.getrandbits(64) | 1))")
	file "$c"
	p32=$(prod "$c" 0x61C88647 32)
	want=$($cfx verify "$p32" --bits 32 -t 10 --json | python3 -c \
		"import json, sys; print(json.load(sys.stdin)['verdict'])")
	review "$tmp/f.c"
	if [ "$want" = FAIL ]; then
		expect "$c: $p32 FAILs as verify says" \
			'grep -q "ERROR: $p32: FAIL" "$tmp/o"'
	else
		expect "$c: $p32 $want as verify says" \
			'grep -q "NOTE: $p32: PASS.*32-bit words" "$tmp/o"'
	fi
done

# 3. the word said by #if: only the 64-bit product, no 32-bit use
c=$(mult 5 0x9e370001)
file "$c" if
uses > "$tmp/u"
expect "under #if BITS_PER_LONG == 64: no 32-bit use judged" \
	'! grep -q "^32 " "$tmp/u" && grep -q "^64 " "$tmp/u"'
done_suite ilp32
