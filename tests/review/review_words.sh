#!/bin/bash
# cfx review: the word a multiplier is judged at (review.sh's fixtures):
# a UL constant in a 32-bit hash, a use that widens a literal as C does,
# u32 * a UL constant shifted by (32 - bits), a count of 1s, phi * 2^32,
# and the reply's "Not checked:".  What C computes against the C compiler,
# expansions against gp and python.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
source tests/review/lib.sh

command -v gp >/dev/null || { echo "review_words: PARI/GP (gp) not found"; exit 2; }

# ---- a UL constant in a 32-bit hash: the use decides the word --------------
$cfx review $fx/hash32_ul.patch > "$tmp/hu"; rc=$?
# gp: the expansion of 0x9e3779b9/2^32 begins 0, 1, 1, 1, 1, 1 (the claim)
cf6=$(echo "v = contfrac(0x9e3779b9 / 2^32); print(v[1..6] == [0,1,1,1,1,1])" | gp -q -f)
expect "hash32 UL: gp: 0x9e3779b9/2^32 begins [0; 1, 1, 1, 1, 1]" '[ "$cf6" = 1 ]'
# line 8 of the new file: "u32 hash = val * GOLDEN_RATIO_PRIME;"
expect "hash32 UL: 32-bit, the product kept in u32 at line 8, over the suffix" \
	'grep -q "^include/linux/hash.h:4: NOTE: GOLDEN_RATIO_PRIME = 0x9e3779b9: 32-bit multiplier (the product is kept in u32 at line 8, over the suffix UL)$" "$tmp/hu"'
expect "hash32 UL: the expansion confirmed, no 64-bit word warning, exit 0" \
	'[ $rc = 0 ] && grep -q "continued fraction confirmed term by term" "$tmp/hu" &&
	 ! grep -q "64-bit\|WARNING\|ERROR" "$tmp/hu" &&
	 $cfx verify --bits 32 0x9e3779b9 >/dev/null'
# the other uses that keep the product in 32 bits, and two that do not
usecase() { printf -- '--- a/lib/w.c\n+++ b/lib/w.c\n@@ -1,2 +1,6 @@\n #include <linux/types.h>\n+/* %s */\n+#define MY_HASH_MULT 0x9e3779b9UL\n+\n+%s\n int x;\n' "$1" "$2" > "$tmp/use.patch"
	$cfx review "$tmp/use.patch" | grep "MY_HASH_MULT = "; }
expect "use: (u32)(v * M) is a cast to u32" \
	'usecase golden "static u32 f(u32 v) { return (u32)(v * MY_HASH_MULT) >> 22; }" | grep -q ": 32-bit multiplier (the product is cast to u32 at line 5, over the suffix UL)"'
expect "use: return v * M in a function returning u32" \
	'usecase golden "static inline u32 hash_32x(u32 v) { return v * MY_HASH_MULT; }" | grep -q ": 32-bit multiplier (the product is returned as u32 by hash_32x() at line 5"'
expect "use: (v * M) >> (32 - 10)" \
	'usecase golden "static unsigned long f(unsigned long v) { return (v * MY_HASH_MULT) >> (32 - 10); }" | grep -q ": 32-bit multiplier (the product is shifted right by (32 - ...) at line 5"'
expect "use: hash_32(v * M, 10)" \
	'usecase golden "static u32 f(u32 v) { return hash_32(v * MY_HASH_MULT, 10); }" | grep -q ": 32-bit multiplier (the product is hashed by hash_32() at line 5"'
expect "use: h declared u32, then h = v * M" \
	'usecase golden "static u32 f(u32 v) { u32 h; h = v * MY_HASH_MULT; return h >> 22; }" | grep -q ": 32-bit multiplier (the product is kept in u32 h at line 5"'
expect "use: unsigned int h = v * M" \
	'usecase golden "static u32 f(u32 v) { unsigned int h = v * MY_HASH_MULT; return h >> 22; }" | grep -q ": 32-bit multiplier (the product is kept in unsigned int at line 5"'
expect "use: a comment saying 2^32" \
	'usecase "round(2^32/phi)" "static int z;" | grep -q ": 32-bit multiplier (its comment says 2^32, over the suffix UL)"'
expect "use: u64 h = v * M stays 64-bit" \
	'usecase golden "static u64 f(u64 v) { u64 h = v * MY_HASH_MULT; return h >> 54; }" | grep -q "0x000000009e3779b9: 64-bit multiplier (suffix UL"'
expect "use: u32 function but >> 54 of a u64 product stays 64-bit" \
	'usecase golden "static u32 f(u64 v) { return (v * MY_HASH_MULT) >> 54; }" | grep -q ": 64-bit multiplier (suffix UL"'
# ---- the use moves a 32-bit literal to 64 bits, as C does ------------------
# the C compiler: a 64-bit key times an unsuffixed 32-bit literal is a
# 64-bit product (so the multiplier works in a 64-bit word); a 32-bit key
# times it stays 32
cat > "$tmp/w.c" <<'C'
#include <stdio.h>
#include <stdint.h>
#define MY_HASH_MULT 0x61c88647
int main(void) { uint64_t v = 1; uint32_t u = 1;
	printf("%zu %zu\n", sizeof(v * MY_HASH_MULT), sizeof(u * MY_HASH_MULT)); return 0; }
C
expect "use64: cc: u64 * 0x61c88647 is 8 bytes, u32 * it 4" \
	'cc -o "$tmp/w" "$tmp/w.c" && [ "$("$tmp/w")" = "8 4" ]'
usecase64() { printf -- '--- a/lib/w.c\n+++ b/lib/w.c\n@@ -1,2 +1,6 @@\n #include <linux/types.h>\n+/* %s */\n+#define MY_HASH_MULT 0x61c88647\n+\n+%s\n int x;\n' "$1" "$2" > "$tmp/use.patch"
	$cfx review "$tmp/use.patch" > "$tmp/use.out"; }
while IFS='|' read -r code why op; do
	usecase64 golden "$code"
	# passed into hash_64(), the keys meet its product with
	# GOLDEN_RATIO_64 (python), a 64-bit constant: no word WARNING
	comp=$(python3 -c "print('0x%016x' % (0x61c88647 * (2**64 - 0x9e3779b97f4a7c15) % 2**64))")
	expect "use64: '$code': 64-bit, $why" \
		'grep -q "MY_HASH_MULT = 0x0000000061c88647: 64-bit multiplier ($why at line 5\(${op:+ and its other operand is $op}\), over the literal.s 32 bits)" "$tmp/use.out" &&
		 case $why in
		 *"hashed by"*) grep -q "mod 2^64 = $comp, and that product is the multiplier judged" "$tmp/use.out" &&
		                ! grep -q "32-bit constant in a 64-bit word" "$tmp/use.out" ;;
		 *) grep -q "WARNING: 0x0000000061c88647 is a 32-bit constant in a 64-bit word" "$tmp/use.out" ;;
		 esac'
done <<'EOF2'
static u64 f(u64 v) { u64 h = v * MY_HASH_MULT; return h >> 54; }|the product is kept in u64
static u64 f(u64 v) { uint64_t h; h = v * MY_HASH_MULT; return h >> 54; }|the product is kept in uint64_t h
static u32 f(u64 v) { unsigned long long h = v * MY_HASH_MULT; return h >> 54; }|the product is kept in unsigned long long
static u32 f(u64 v) { return hash_64(v * MY_HASH_MULT, 10); }|the product is hashed by hash_64()
static u32 f(u64 v, int bits) { return (v * MY_HASH_MULT) >> (64 - bits); }|the product is shifted right by (64 - ...)|u64 (the type of v)
static u32 f(u64 v) { return (u64)(v * MY_HASH_MULT) >> 54; }|the product is cast to u64
static u64 f(u64 v) { return v * MY_HASH_MULT; }|the product is returned as u64 by f()
EOF2
usecase64 golden "static u32 f(u32 v) { u32 h = v * MY_HASH_MULT; return h >> 22; }"
expect "use64: kept in u32 it stays 32-bit, no word warning" \
	'grep -q "MY_HASH_MULT = 0x61c88647: 32-bit multiplier" "$tmp/use.out" && ! grep -q "64-bit" "$tmp/use.out"'
# 2^32 and 2^64 as comments write them; python says which is which
expect "modulus: python: 4294967296 = 2^32 = 0x100000000, 18446744073709551616 = 2^64" \
	'python3 -c "assert 4294967296 == 2**32 == 0x100000000 == 1 << 32 and 18446744073709551616 == 2**64 == 0x10000000000000000"'
for c in "round((1ULL << 32) / phi)" "round(4294967296 / phi)" "round(0x100000000 / phi)" "round(2**32 / phi)" "golden ratio times 2 ^ 32"; do
	expect "modulus: '$c' says 2^32 (a UL constant moves to 32 bits)" \
		'usecase "$c" "static int z;" | grep -q ": 32-bit multiplier (its comment says 2^32, over the suffix UL)"'
done
for c in "scaled by 1UL << 64 / phi" "18446744073709551616 / phi" "0x10000000000000000 / phi"; do
	usecase64 "$c" "static int z;"
	expect "modulus: '$c' says 2^64 (a 32-bit literal moves to 64 bits, and is warned of)" \
		'grep -q ": 64-bit multiplier (its comment says 2^64, over the literal.s 32 bits)" "$tmp/use.out" &&
		 grep -q "WARNING: 0x0000000061c88647 is a 32-bit constant in a 64-bit word" "$tmp/use.out"'
done
for c in "2^320 keys" "42949672960 keys" "x2^32y" "12^32"; do
	expect "modulus: '$c' names no 2^32 on its own" \
		'! usecase "$c" "static int z;" | grep -q "comment says"'
done

# ---- issue 23: u32 * a UL constant, shifted by (32 - bits) ----------------
# wide_ul.patch: "return (val * MY_HASH_MULT) >> (32 - MY_HASH_BITS)" with
# MY_HASH_MULT 0x9e370001UL.  The C compiler says what C computes: the
# fixture's function compiled as it is, and with the product kept in u32
wideuse() { # $1 the return expression, $2 the suffix: a patch in $tmp/wu.patch
	sed -e "s|return (val \* MY_HASH_MULT) >> (32 - MY_HASH_BITS);|$1|" \
	    -e "s|0x9e370001UL|0x9e370001$2|" $fx/wide_ul.patch > "$tmp/wu.patch"; }
wide_cc() { # the patch's function, compiled: my_hash of 0x12345 and the
	# largest my_hash over 100000 keys against 2^MY_HASH_BITS: "v max"
	{ echo '#include <stdio.h>'; echo '#include <stdint.h>'
	  echo 'typedef uint32_t u32;'
	  sed -n '/^+++/d; s/^+//p' "$1" | grep -v '^/\*'
	  echo 'int main(void) { u32 x, m = 0; for (x = 0; x < 100000; x++) if (my_hash(x * 2654435761u) > m) m = my_hash(x * 2654435761u);'
	  echo 'printf("%lu %lu\n", (unsigned long)my_hash(0x12345), (unsigned long)m); return 0; }'; } > "$tmp/wide.c"
	cc -o "$tmp/wide" "$tmp/wide.c" && "$tmp/wide"; }
if [ "$(echo 'int main(void){return sizeof(long)!=8;}' > "$tmp/lp.c" && cc -o "$tmp/lp" "$tmp/lp.c" && "$tmp/lp" && echo 64)" = 64 ]; then
	# python: (0x12345 * 0x9e370001) >> 22 without reduction, and reduced
	read -r big small <<< "$(python3 -c "
p, x = 0x9e370001, 0x12345
print((x * p) >> 22, (x * p % 2**32) >> 22)")"
	cp $fx/wide_ul.patch "$tmp/wu.patch"
	read -r v mx <<< "$(wide_cc "$tmp/wu.patch")"
	expect "wide UL: compiled, my_hash(0x12345) = $big (python), outside a table of 1024" \
		'[ "$v" = "$big" ] && [ "$v" -ge 1024 ] && [ "$mx" -ge 1024 ]'
	$cfx review $fx/wide_ul.patch > "$tmp/wo"; rc=$?
	expect "wide UL: an ERROR on the word: the index overflows the table, exit 1" \
		'[ $rc = 1 ] && grep -q "^lib/my_hash.c:4: ERROR: the index overflows the table on 64-bit longs: the product with MY_HASH_MULT is computed in unsigned long (the suffix UL), 64 bits on LP64, and not reduced mod 2^32, so >> (32 - ...) at line 9 .*hash_32()$" "$tmp/wo"'
	$cfx review --emit reply $fx/wide_ul.patch > "$tmp/wr"
	expect "wide UL: the reply says wrong, not that the word is right" \
		'grep -q "^\* \(Worst beside it: \)\?Wrong: the index overflows the table on 64-bit longs" "$tmp/wr" && ! grep -q "OK: [0-9]*-bit word" "$tmp/wr"'
	for fix in 'return (u32)(val * MY_HASH_MULT) >> (32 - MY_HASH_BITS);' \
	           'u32 h = val * MY_HASH_MULT; return h >> (32 - MY_HASH_BITS);' \
	           'return (uint32_t)(val * MY_HASH_MULT) >> (32 - MY_HASH_BITS);'; do
		wideuse "$fix" UL
		read -r v mx <<< "$(wide_cc "$tmp/wu.patch")"
		$cfx review "$tmp/wu.patch" > "$tmp/wo"
		expect "wide UL: '$fix': compiled, in the table ($v = $small, max $mx < 1024); no overflow ERROR" \
			'[ "$v" = "$small" ] && [ "$mx" -lt 1024 ] && ! grep -q "overflows" "$tmp/wo" &&
			 grep -q "MY_HASH_MULT = 0x9e370001: 32-bit multiplier" "$tmp/wo"'
	done
	for bad in 'return (u32)((val * MY_HASH_MULT) >> (32 - MY_HASH_BITS));' \
	           'return (u32)val * MY_HASH_MULT >> (32 - MY_HASH_BITS);'; do
		wideuse "$bad" UL
		read -r v mx <<< "$(wide_cc "$tmp/wu.patch")"
		$cfx review "$tmp/wu.patch" > "$tmp/wo"
		expect "wide UL: '$bad': compiled, outside ($v); the ERROR" \
			'[ "$v" = "$big" ] && grep -q "ERROR: the index overflows the table on 64-bit longs" "$tmp/wo"'
	done
	wideuse 'return (val * MY_HASH_MULT) >> (32 - MY_HASH_BITS);' ULL
	read -r v mx <<< "$(wide_cc "$tmp/wu.patch")"
	$cfx review "$tmp/wu.patch" > "$tmp/wo"
	expect "wide ULL: compiled, outside ($v); the ERROR names unsigned long long" \
		'[ "$v" = "$big" ] && grep -q "ERROR: the index overflows the table: the product with MY_HASH_MULT is computed in unsigned long long (the suffix ULL), 64 bits, and" "$tmp/wo"'
	wideuse 'return (val * MY_HASH_MULT) >> (32 - MY_HASH_BITS);' U
	read -r v mx <<< "$(wide_cc "$tmp/wu.patch")"
	$cfx review "$tmp/wu.patch" > "$tmp/wo"
	expect "wide U: compiled, in the table ($v); no overflow ERROR" \
		'[ "$v" = "$small" ] && ! grep -q "overflows" "$tmp/wo"'
else
	ok "wide UL: long is not 64 bits here; the compiled checks skipped"
fi

# ---- issue 23: a count of 1s in the expansion; phi * 2^32 -----------------
# gp: the run of 1s after a0 in contfrac(p/2^32)
gpones() { echo "v = contfrac($1 / 2^32); k = 0; while (v[k + 2] == 1, k++); print(k)" | gp -q -f; }
ones=$(gpones 0x9e370001)
expect "ones: gp: 0x9e370001/2^32 starts with 12 1s after a0" '[ "$ones" = 12 ]'
onecl() { sed "s|its continued fraction starts with thirteen 1s|$1|" $fx/wide_ul.patch > "$tmp/oc.patch"
	$cfx review "$tmp/oc.patch" | grep "^lib/my_hash.c:3: "; }
for c in "its continued fraction starts with thirteen 1s" "its continued fraction starts with 13 ones" \
         "the continued fraction begins with 11 1's"; do
	n=$(echo "$c" | grep -o "[0-9][0-9]*\|thirteen" | head -1 | sed s/thirteen/13/)
	expect "ones: '$c' is wrong: $n claimed, gp's $ones given" \
		'onecl "$c" | grep -q "WARNING: wrong: $n 1s claimed, but the continued fraction of 0x9e370001/2^32 starts with $ones after a0: \[0; 1 x$ones, 18, ...\]$"'
done
for c in "its continued fraction starts with twelve 1s" "its continued fraction starts with 12 ones"; do
	expect "ones: '$c' confirmed" \
		'onecl "$c" | grep -q "NOTE: the continued fraction of 0x9e370001/2^32 starts with $ones 1s after a0: confirmed"'
done
expect "ones: 'thirteen ones' with no expansion in the comment is no cf claim" \
	'! onecl "its binary form has thirteen ones" | grep -q "continued fraction"'
# python: phi * 2^32 > 2^32; 0x9e370001 within 2^-16 of 2^32/phi, and
# 0x61c88647 of 2^32/phi^2 (relative)
expect "phi: python: phi 2^32 needs 33 bits; the constants are near 2^32/phi and 2^32/phi^2" \
	'python3 -c "
from decimal import Decimal as D, getcontext
getcontext().prec = 50
phi = (1 + D(5).sqrt()) / 2
assert phi * 2**32 >= 2**32 and phi * 2**32 < 2**33
assert abs(D(0x9e370001) / (2**32 / phi) - 1) < D(2)**-16
assert abs(D(0x61c88647) / (2**32 / phi**2) - 1) < D(2)**-30
"'
for c in "close to phi * 2^32" "close to 2^32*phi" "near phi times 4294967296"; do
	expect "phi: '$c' is wrong; near 2^32/phi" \
		'onecl "$c" | grep -q "WARNING: close to phi \* 2^32: wrong, phi \* 2^32 (about 6.949e+09) needs 33 bits, more than the 32-bit word; 0x9e370001 is near 2^32/phi (about 2.654e+09)"'
done
expect "phi: 'close to 2^32/phi' stays confirmed" \
	'onecl "close to 2^32/phi" | grep -q "NOTE: close to phi: confirmed"'
sed "s|its continued fraction starts with thirteen 1s|close to phi * 2^32|; s/0x9e370001UL/0x61C88647UL/" $fx/wide_ul.patch > "$tmp/oc.patch"
expect "phi: 0x61C88647 'close to phi * 2^32': near 2^32/phi^2" \
	'$cfx review "$tmp/oc.patch" | grep -q "WARNING: close to phi \* 2^32: wrong, .* 0x61c88647 is near 2^32/phi^2 (about 1.641e+09)"'

# ---- issue 23: the reply names claims no check computes "Not checked:" ----
$cfx review --emit reply $p2002 > "$tmp/reply"
$cfx review --json $p2002 > "$tmp/rj"
nchk=$(reply_want "$tmp/rj" | cut -d" " -f3)
expect "reply: the $nchk CHECKs it names (--json's) 'Not checked:', said once, no 'Note:'" \
	'[ "$(reply_got "$tmp/reply" | cut -d" " -f3)" = "$nchk" ] && [ "$nchk" -ge 1 ] &&
	 ! grep -q "Note:\|Not checked: not checked" "$tmp/reply"'

done_suite review_words
