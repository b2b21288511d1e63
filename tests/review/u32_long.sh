#!/bin/bash
# cfx review: a 32-bit constant (0x61C88647U, a define of it, a static
# const u32) times an unsigned long key, shifted by (BITS_PER_LONG - B).
# C's usual arithmetic conversions (C11 6.3.1.8) make the product an
# unsigned long: 64 bits on LP64, the constant zero-extended (the keys
# meet 0x0000000061c88647, no golden 64-bit multiplier), and 32 bits on
# ILP32.  Review must judge both words.  Oracles: the C compiler
# (_Generic's type of the product, the index the compiled function
# gives), python's count of the buckets sequential keys reach in each
# model, and cfx verify at each word and table.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"
c=0x61C88647
# src NAME: $tmp/NAME.c, foo_hash() of an unsigned long key by one form
# of the 32-bit constant: def (a U define), var (a static const u32),
# lit (the literal in the statement)
src() {
	local m=HASH_MULT
	{
		echo '#include <linux/hash.h>'
		case $1 in
		def) echo "#define HASH_MULT ${c}U" ;;
		var) echo "static const u32 hash_mult = $c;"; m=hash_mult ;;
		lit) echo '/* no constant here */'; m=${c}U ;;
		esac
		echo 'static inline unsigned long foo_hash(unsigned long key)'
		echo '{'
		echo "	return (key * $m) >> (BITS_PER_LONG - 10);"
		echo '}'
	} > "$tmp/$1.c"
}
vrd() {   # vrd BITS: verify's verdict for c at 2^10 on BITS-bit words
	$cfx verify "$c" --bits "$1" -t 10 --json | python3 -c \
		"import json, sys; print(json.load(sys.stdin)['verdict'])"
}
# the oracles: the product's type and index, compiled here (LP64)
src var
{
	echo '#include <stdio.h>'
	echo 'typedef unsigned int u32;'
	echo '#define BITS_PER_LONG (8 * (int)sizeof(long))'
	sed 1d "$tmp/var.c"
	echo 'int main(void) { unsigned long k, m = 0;'
	echo '	puts(_Generic(1UL * hash_mult, unsigned long: "unsigned long",'
	echo '	              default: "other"));'
	echo '	for (k = 0; k < 1UL << 16; k++)'
	echo '		if (foo_hash(k) > m) m = foo_hash(k);'
	echo '	printf("%lu %zu\n", m, sizeof(long)); return 0; }'
} > "$tmp/o.c"
cc -w -o "$tmp/oc" "$tmp/o.c" && "$tmp/oc" > "$tmp/oc.out"
read -r ty < "$tmp/oc.out"
read -r cmax lsz <<< "$(sed -n 2p "$tmp/oc.out")"
read -r n64 n32 <<< "$(python3 -c "c = $c
print(len({k * c % 2**64 >> 54 for k in range(2**16)}),
      len({k * c % 2**32 >> 22 for k in range(2**16)}))")"
expect "cc: the product is $ty, long $lsz bytes; keys 0..2^16 - 1 \
reach index $cmax" '[ "$ty" = "unsigned long" ] && [ "$lsz" = 8 ] &&
	[ "$cmax" = 0 ]'
expect "python: sequential keys fill $n64 of 1024 buckets on LP64, $n32 \
on ILP32" '[ "$n64" = 1 ] && [ "$n32" -gt 1000 ]'
v64=$(vrd 64); v32=$(vrd 32)
expect "verify: $c zero-extended FAILs on 64-bit words, $v32 on 32" \
	'[ "$v64" = FAIL ] && [ "$v32" = PASS ]'
for f in def var lit; do
	src $f
	review "$tmp/$f.c"
	expect "$f: the 64-bit product judged: 0x0000000061c88647 $v64" \
		'grep -q "ERROR: 0x0000000061c88647: $v64, .*64-bit words, a \
table of 2^10 from >> (BITS_PER_LONG = 64 - 10)" "$tmp/o"'
	expect "  the word's reason: computed in unsigned long, 64 bits" \
		'grep -q "is computed in unsigned long, 64 bits on LP64" "$tmp/o"'
	expect "  and on 32-bit longs: $v32 at 2^10, a 32-bit product" \
		'grep -q "NOTE: 0x61c88647: $v32, .* on 32-bit words, a table \
of 2^10 from >> (BITS_PER_LONG = 32 - 10)" "$tmp/o" &&
		 grep -q "the product, an unsigned long, is 32 bits" "$tmp/o"'
	expect "  exit 1, 2 uses judged" '[ "$(rc)" = 1 ] &&
		grep -q "1 multiplier, 2 uses judged" "$tmp/o"'
done
# the same forms under #if BITS_PER_LONG == 64 (long is 64 bits there:
# the compiled LP64 case above) and == 32 (ILP32): one word each
for word in 64 32; do
	for f in def var lit; do
		src $f
		{ sed -n 1p "$tmp/$f.c"; echo "#if BITS_PER_LONG == $word"
		  sed 1d "$tmp/$f.c"; echo '#endif'; } > "$tmp/if$f.c"
		review "$tmp/if$f.c"
		if [ $word = 64 ]; then
			expect "#if 64, $f: 0x0000000061c88647 $v64 at 2^10" \
				'grep -q "ERROR: 0x0000000061c88647: $v64, .*64-bit \
words, a table of 2^10 from >> (BITS_PER_LONG = 64 - 10)" "$tmp/o" &&
				 [ "$(rc)" = 1 ]'
		else
			expect "#if 32, $f: 0x61c88647 $v32 at 2^10, alone" \
				'grep -q "NOTE: 0x61c88647: $v32, .* on 32-bit words, \
a table of 2^10 from >> (BITS_PER_LONG = 32 - 10)" "$tmp/o" &&
				 ! grep -q 0x0000000061c88647 "$tmp/o"'
		fi
	done
done
done_suite u32_long
