#!/bin/bash
# cfx review: what the fifth non-author trial of issue 23 found,
# each held against an independent computation: the C compiler for what
# the code computes (the width C gives a product, a shift of a widened
# product, a division by a multiply), python's modular arithmetic and
# fractions (composites, inverses, continued fractions), gp's isprime.
#  a. hash_long(key * 0xebb34377u, 9), key a u32: the product is 32-bit,
#     so the keys do not meet its composite with GOLDEN_RATIO_64; and on
#     32-bit longs hash_long() is hash_32(), whose multiply this constant
#     cancels
#  c. (u64)(x * 0x9e3779b1u) >> 54 is defined and always 0; unsigned long
#     long h = x * 2654435761u is a 32-bit product widened after
#  e. an expansion ending ..., 1, 1 (equal, non-canonical); a comment on
#     the line after a define; "has the expansion" beside "starts with N
#     ones"
#  f. a shift/add sequence in an #else branch inside a function; a hunk
#     whose header counts more lines than it has
#  g. a reciprocal wrong within its operand's declared width: a WARNING
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# ---- a. hash_long(key * 0xebb34377u, 9) with a u32 key ----------------------
# the C compiler: hash_long on LP64 is hash_64 (Linux 4.7's), and a u32
# key times an unsigned int literal is an unsigned int product
cat > "$tmp/a.c" <<'C'
#include <stdint.h>
#include <stdio.h>
static uint64_t hash_64(uint64_t val, unsigned bits)
{ return val * 0x61C8864680B583EBull >> (64 - bits); }
int main(void)
{
	uint64_t comp = 0xebb34377ull * 0x61C8864680B583EBull;
	unsigned differ = 0;
	uint32_t key = 1;
	for (key = 1; key < 100000; key++)
		differ += hash_64(key * 0xebb34377u, 9) != (key * comp) >> 55;
	printf("%u %zu\n", differ, sizeof(key * 0xebb34377u) * 8);
	return 0;
}
C
IFS=' ' read -r differ pbits <<< "$(cc -O2 -o "$tmp/a" "$tmp/a.c" && "$tmp/a")"
expect "cc: u32 key * 0xebb34377u is a $pbits-bit product; $differ of 99999 keys differ from the composite's index" \
	'[ "$pbits" = 32 ] && [ "$differ" -gt 90000 ]'
inv=$(python3 -c "print(0xebb34377 * 0x61c88647 % 2**32)")
expect "python: 0xebb34377 * GOLDEN_RATIO_32 mod 2^32 = $inv (its inverse)" '[ "$inv" = 1 ]'
review $fx/long_u32.patch
expect "u32 key: the product's 32 bits said, the composite not judged, exit 1" \
	'grep -q "WARNING: the product with 0xebb34377u is computed in 32 bits (u32 (the type of key) times unsigned int" "$tmp/o" && ! grep -q "that product is the multiplier judged here" "$tmp/o" && ! grep -q ": PASS\|: FAIL" "$tmp/o" && [ "$(rc)" = 1 ]'
expect "u32 key: on 32-bit longs the two multiplies cancel (an ERROR)" \
	'grep -q "ERROR: on 32-bit longs (BITS_PER_LONG 32) hash_long() at line 5 is hash_32(), which multiplies by GOLDEN_RATIO_32 = 0x61c88647, and 0xebb34377 is its inverse mod 2^32" "$tmp/o"'
review $fx/long_inverse.patch
expect "unsigned long key: the composite judged on LP64, and the ILP32 cancel said" \
	'grep -q "and that product is the multiplier judged here" "$tmp/o" && grep -q "ERROR: on 32-bit longs (BITS_PER_LONG 32)" "$tmp/o" && [ "$(rc)" = 1 ]'
# a key whose type the patch does not show: said
sed 's/u32 key)/const struct obj *o)/; s/key \* 0xebb34377u/o->key * 0xebb34377u/' \
	$fx/long_u32.patch > "$tmp/unk.patch"
review "$tmp/unk.patch"
expect "o->key * C: its type not known, said (CHECK)" \
	'grep -q "CHECK: the type of key is not known here" "$tmp/o"'
# another constant through hash_long: the ILP32 composite (python) a NOTE
c32=$(python3 -c "print('0x%08x' % (0x9e3779b1 * 0x61c88647 % 2**32))")
sed 's/u32 key/u64 key/; s/0xebb34377u/0x9e3779b1u/' $fx/long_u32.patch > "$tmp/u64.patch"
review "$tmp/u64.patch"
expect "u64 key * 0x9e3779b1u: judged as the composite; on 32-bit longs the keys meet $c32 (python)" \
	'grep -q "and that product is the multiplier judged here" "$tmp/o" && grep -q "NOTE: on 32-bit longs (BITS_PER_LONG 32) hash_long() at line 5 is hash_32(), which multiplies by GOLDEN_RATIO_32 = 0x61c88647: there the keys meet 0x9e3779b1 \* 0x61c88647 mod 2^32 = $c32" "$tmp/o"'

# ---- c. a product widened after the multiply ----------------------------------
cat > "$tmp/c.c" <<'C'
#include <stdint.h>
#include <stdio.h>
int main(void)
{
	uint64_t nz = 0, wide = 0;
	for (uint64_t k = 0; k < 1ull << 32; k += 65521) {
		uint32_t x = (uint32_t)k;
		nz += ((uint64_t)(x * 0x9e3779b1u) >> 54) != 0;
		unsigned long long h = x * 2654435761u;
		wide += h >> 32 != 0;
	}
	printf("%llu %llu\n", (unsigned long long)nz, (unsigned long long)wide);
	return 0;
}
C
IFS=' ' read -r nz wide <<< "$(cc -O2 -fsanitize=undefined -fno-sanitize-recover=undefined -o "$tmp/c" "$tmp/c.c" && "$tmp/c")"
expect "cc (UBSan quiet): (u64)(x * 0x9e3779b1u) >> 54 is 0 for every x tried ($nz not), h = x * 2654435761u below 2^32 ($wide not)" \
	'[ "$nz" = 0 ] && [ "$wide" = 0 ]'
review $fx/cast_zero.patch
expect "(u64)(x * 0x9e3779b1u) >> 54: no undefined behaviour said; the index always 0 (WARNING); not judged; exit 1" \
	'! grep -q "undefined" "$tmp/o" && grep -q "WARNING: the index is always 0: the product with 0x9e3779b1u is computed in unsigned int, 32 bits" "$tmp/o" && ! grep -q ": PASS\|: FAIL" "$tmp/o" && [ "$(rc)" = 1 ]'
review $fx/widen_after.patch
expect "unsigned long long h = x * 2654435761u: a 32-bit multiplier, widened after the multiply" \
	'grep -q "0x9e3779b1: 32-bit multiplier (the product is kept in unsigned long long at line 5 but computed in 32 bits (u32 times unsigned int) and widened only after the multiply" "$tmp/o" && ! grep -q "64-bit multiplier" "$tmp/o"'

# ---- e. claims --------------------------------------------------------------
# python's fractions: the expansion of 0x9e370001/2^32, and the claim's
# non-canonical form (its last term a written as a - 1, 1) equal to it
read -r canon noncanon same <<< "$(python3 -c "
from fractions import Fraction
def cf(x):
    a = []
    while True:
        q = x.numerator // x.denominator
        a.append(q)
        x -= q
        if x == 0: return a
        x = 1 / x
def val(a):
    x = Fraction(a[-1])
    for q in reversed(a[:-1]): x = q + 1 / x
    return x
a = cf(Fraction(0x9e370001, 2**32))
b = a[:-1] + [a[-1] - 1, 1]
print(','.join(map(str, a)), ','.join(map(str, b)), val(a) == val(b) == Fraction(0x9e370001, 2**32))")"
expect "python: [$noncanon] equals [$canon] = 0x9e370001/2^32" '[ "$same" = True ]'
expect "the fixture claims the non-canonical [$noncanon]" \
	'[ "$(sed -n "/has the continued fraction/{n;s/^+ \* //;s/ \*\/$//;p}" $fx/noncanon.patch)" = "$noncanon" ]'
review $fx/noncanon.patch
expect "an expansion ending ..., 1, 1: equal, non-canonical (a NOTE), not wrong" \
	'grep -q "lib/g.c:3: NOTE: continued fraction: equal, non-canonical" "$tmp/o" && ! grep -q "continued fraction.*wrong" "$tmp/o"'
# a term more than the canonical form that is not its other form: wrong still
sed 's/18,1,1,1,1,1,1,1,1,1,1,1,1 \*\//18,1,1,1,1,1,1,1,1,1,1,2,1 *\//' $fx/noncanon.patch > "$tmp/nc2.patch"
review "$tmp/nc2.patch"
expect "..., 2, 1 (not the other form of ..., 2): wrong" \
	'grep -q "WARNING: continued fraction wrong" "$tmp/o"'
# gp: which constants are prime
read -r ptag pobj pkey <<< "$(echo 'print(isprime(0x9e3779b1)," ",isprime(0x9e3779b9)," ",isprime(0x61c88647))' | gp -q -f)"
expect "gp: 0x9e3779b1 prime ($ptag), 0x9e3779b9 and 0x61c88647 not ($pobj $pkey)" \
	'[ "$ptag $pobj $pkey" = "1 0 0" ]'
review $fx/after_define.patch
# each finding names its define's line (the new side's, by awk)
read -r ltag lobj lkey <<< "$(awk '/^@@/ { split($3, h, ","); n = substr(h[1], 2) - 1; next }
	/^[+ ]/ { n++ } /^\+#define (TAG|OBJ|KEY)_MULT/ { printf "%d ", n }' $fx/after_define.patch)"
expect "'/* TAG_MULT is composite. */' after its define: checked, wrong (it is prime), and not held against OBJ_MULT below it" \
	'grep -q "lib/e.c:4: WARNING: TAG_MULT = 0x9e3779b1 (line $ltag): claimed not prime, but it is prime" "$tmp/o" && ! grep -q "lib/e.c:4: .*divisible by 3" "$tmp/o"'
expect "'/* Both constants are prime. */' after two defines: each checked, both wrong (python's factors)" \
	'grep -q "lib/e.c:7: WARNING: OBJ_MULT = 0x9e3779b9 (line $lobj): not prime: 3 x " "$tmp/o" && grep -q "lib/e.c:7: WARNING: KEY_MULT = 0x61c88647 (line $lkey): not prime: $(python3 -c "print(next(d for d in range(2, 1 << 16) if 0x61c88647 % d == 0))") x " "$tmp/o" && ! grep -q "lib/e.c:7: .*TAG_MULT" "$tmp/o"'
# "has the expansion" beside "starts with N ones": both checked (python:
# the run of 1s after a0, and the term that follows it)
read -r run next <<< "$(python3 -c "

p, q = 0x9e370001, 2**32
t = []
while q: t.append(p // q); p, q = q, p % q
r = 0
while t[r + 1] == 1: r += 1
print(r, t[r + 1])")"
for c in "/* Its continued fraction starts with $run ones and has the expansion [0; 1 (x$run), $((next - 1)), ...]. */" \
         "/* 0x9e370001/2^32 has the expansion [0; 1 (x$run), $((next - 1)), ...] and starts with $((run + 1)) ones. */" \
         "/* GOLDEN_RATIO_PRIME_32/2^32 has the expansion [0; 1 (x$run), $((next - 1)), ...], starting with $run ones. */"; do
	printf 'diff --git a/lib/g.c b/lib/g.c\n--- a/lib/g.c\n+++ b/lib/g.c\n@@ -1,2 +1,8 @@\n #include <linux/types.h>\n \n+%s\n+#define GOLDEN_RATIO_PRIME_32 0x9e370001u\n+static u32 g_bucket(u32 x)\n+{\n+\treturn x * GOLDEN_RATIO_PRIME_32 >> 22;\n+}\n' "$c" > "$tmp/ones.patch"
	review "$tmp/ones.patch"
	case $c in *"with $run ones"*|*"starting with $run"*) want="NOTE: the continued fraction of 0x9e370001/2^32 starts with $run 1s after a0: confirmed" ;;
	           *) want="WARNING: wrong: $((run + 1)) 1s claimed" ;; esac
	expect "'$c': the expansion wrong at a_$((run + 1)) ($next, python), and the 1s checked too" \
		'grep -q "WARNING: continued fraction wrong: term a_$((run + 1)) is $next, not $((next - 1))" "$tmp/o" && grep -q "$want" "$tmp/o" && ! grep -q "expands 32/2^32" "$tmp/o"'
done

# ---- f. #if/#else inside a function; a hunk shorter than its header -----------
# python runs each branch's statements on x = 1: the multiplier it computes
branch() {   # FIXTURE FROM TO: the multiplier of the + lines between them
	python3 - "$1" "$2" "$3" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split('\n')
on = False
v = {'hash': 1, 'n': 1}
for l in lines:
    s = l[1:].strip()
    if s.startswith(sys.argv[2]): on = True; continue
    if s.startswith(sys.argv[3]): on = False
    if not on: continue
    m = re.match(r'(\w+) (<<=|\+=|-=) (\w+);', s)
    if m:
        a, op, b = m.groups()
        r = int(b) if b.isdigit() else v[b]
        v[a] = {'<<=': v[a] << r, '+=': v[a] + r, '-=': v[a] - r}[op] % 2**32
print('0x%08x' % v['hash'])
PY
}
m1=$(branch $fx/else_seq.patch '#if 0' '#else')
m2=$(branch $fx/else_seq.patch '#else' '#endif')
expect "python: the #if branch computes $m1, the #else branch $m2" '[ "$m1" != "$m2" ] && [ -n "$m2" ]'
review $fx/else_seq.patch
expect "both branches of the #if inside the function reviewed, each on its own ($m1 and $m2)" \
	'grep -q "the shift/add sequence computes hash \* $m1 mod 2^32" "$tmp/o" && grep -q "the shift/add sequence computes hash \* $m2 mod 2^32" "$tmp/o"'
# a hunk header that counts more lines than the hunk has: python counts
sed 's/^@@ -1,2 +1,22 @@/@@ -1,2 +1,30 @@/' $fx/else_seq.patch > "$tmp/long.patch"
body=$(python3 -c "
import sys
L = open('$tmp/long.patch').read().split('\n')
h = next(i for i, l in enumerate(L) if l.startswith('@@'))
print(sum(1 for l in L[h + 1:] if l[:1] in ' +'))")
expect "python: the hunk has $body new lines, its header says 30" '[ "$body" -lt 30 ]'
review "$tmp/long.patch"
expect "the short hunk: one WARNING naming its header (line 4), and its lines still read" \
	'[ "$(grep -c "WARNING: the hunk header \"@@ -1,2 +1,30 @@\" counts 2 old and 30 new lines, and its hunk has fewer" "$tmp/o")" = 1 ] && grep -q "long.patch:4: WARNING: the hunk header" "$tmp/o" && grep -q "hash \* $m2 mod 2^32" "$tmp/o"'
# two hunks, the first one short: said at the first, the second read
python3 - "$fx/else_seq.patch" > "$tmp/two.patch" <<'PY'
import sys
L = open(sys.argv[1]).read().rstrip('\n').split('\n')
print('\n'.join(L[:3]))
print('@@ -1,2 +1,9 @@')
print('\n'.join(L[4:10]))
print('@@ -40,2 +47,3 @@')
print(' int a;\n+int b;\n int c;')
PY
review "$tmp/two.patch"
expect "two hunks, the first shorter than its header: the WARNING names the first, once" \
	'[ "$(grep -c "WARNING: the hunk header" "$tmp/o")" = 1 ] && grep -q "WARNING: the hunk header \"@@ -1,2 +1,9 @@\"" "$tmp/o"'
review $fx/noncanon.patch
expect "a hunk whose counts are right: no hunk WARNING" '! grep -q "hunk header" "$tmp/o"'

# ---- g. a reciprocal within its operand's width ----------------------------------
cat > "$tmp/g.c" <<'C'
#include <stdint.h>
#include <stdio.h>
int main(int argc, char **argv)
{
	uint64_t c = strtoull(argv[1], 0, 16), x;
	unsigned k = atoi(argv[2]), d = atoi(argv[3]);
	for (x = 0; x < 1ull << 36; x++)
		if ((unsigned __int128)x * c >> k != x / d)
			break;
	printf("%llu\n", (unsigned long long)x);
	return 0;
}
C
sed -i '1i #include <stdlib.h>' "$tmp/g.c"
cc -O2 -o "$tmp/g" "$tmp/g.c"
for row in "24924925 32 7 u32 WARNING" "10624DD3 38 1000 u32 NOTE" "24924925 32 7 u16 NOTE"; do
	read -r c k d ty want <<< "$row"
	first=$("$tmp/g" $c $k $d)
	bits=${ty#u}
	lv=$(python3 -c "print('WARNING' if $first < 2**$bits else 'NOTE')")
	printf 'diff --git a/lib/r.c b/lib/r.c\n--- a/lib/r.c\n+++ b/lib/r.c\n@@ -1,2 +1,6 @@\n #include <linux/types.h>\n \n+static u32 scale(%s x)\n+{\n+\treturn (u64)x * 0x%s >> %s;\n+}\n' $ty $c $k > "$tmp/r.patch"
	review "$tmp/r.patch"
	expect "(u64)x * 0x$c >> $k, x a $ty: wrong first at x = $first (cc), so a $want ($lv by 2^$bits)" \
		'[ "$lv" = "$want" ] && grep -q "$want: 0x$c is not judged: .* and not for x = $first" "$tmp/o"'
done

# ---- then: a sequence on a signed int; the nits --------------------------------
# the C compiler with UBSan: the fixture's own function overflows for a key
{
	echo '#include <stdio.h>'
	sed -n '/^@@/,$ s/^+//p' $fx/signed_seq.patch | grep -v '#include'
	printf 'int main(void)\n{\n\tfor (int k = 1; k < 1 << 20; k = k * 3 + 1)\n\t\tprintf("%%d\\n", s_bucket(k));\n\treturn 0;\n}\n'
} > "$tmp/s.c"
ub=$(cc -fsanitize=undefined -o "$tmp/s" "$tmp/s.c" 2>&1 && "$tmp/s" 2>&1 >/dev/null | grep -c "runtime error")
expect "cc -fsanitize=undefined: s_bucket() on int overflows ($ub reports)" '[ "$ub" -gt 0 ]'
review $fx/signed_seq.patch
expect "shift/add on a signed int: a WARNING that says undefined behaviour and a negative index" \
	'grep -q "WARNING: hash is int, a signed type: .*undefined behaviour in C.*negative index" "$tmp/o" && [ "$(rc)" = 1 ]'
sed 's/\bint\b/u32/g' $fx/signed_seq.patch > "$tmp/u.patch"
review "$tmp/u.patch"
expect "the same on u32: no signed WARNING" '! grep -q "signed type" "$tmp/o"'
# standard input named twice; --json with --format gcc: refused, exit 2
$cfx review - - < $fx/even.patch > "$tmp/o" 2>&1; r=$?
expect "cfx review - -: refused (one line naming -), exit 2" \
	'[ $r = 2 ] && [ "$(wc -l < "$tmp/o")" = 1 ] && grep -q "standard input (-) named twice" "$tmp/o"'
$cfx review --format gcc --json $fx/even.patch > "$tmp/o" 2>&1; r=$?
expect "cfx review --format gcc --json: refused (one line naming --format), exit 2" \
	'[ $r = 2 ] && [ "$(wc -l < "$tmp/o")" = 1 ] && grep -q "\-\-json and \-\-format gcc do not go together (--format)" "$tmp/o"'

# ---- then: a cast after a middle shift; a short sequence; a forward alias -----
# cc: (u32)((v * 0x9e3779b1u) >> 20) with v a u64 is 0 only at v = 0, and
# first falls (wraps) at the v python names, ceil(2^52 / C)
wrap=$(python3 -c "print(-(-2**52 // 0x9e3779b1))")
cat > "$tmp/k.c" <<'C'
#include <stdint.h>
#include <stdio.h>
int main(void)
{
	uint32_t prev = 0, zeros = 0;
	for (uint64_t v = 0; v < 1ull << 24; v++) {
		uint32_t i = (uint32_t)((v * 0x9e3779b1u) >> 20);
		zeros += i == 0;
		if (v && i < prev) {
			printf("%llu %u\n", (unsigned long long)v, zeros);
			return 0;
		}
		prev = i;
	}
	return 1;
}
C
IFS=' ' read -r fall zeros <<< "$(cc -O2 -o "$tmp/k" "$tmp/k.c" && "$tmp/k")"
expect "cc: the index first falls at v = $fall (python: $wrap), and is 0 for $zeros key(s) before" \
	'[ "$fall" = "$wrap" ] && [ "$zeros" = 1 ]'
review $fx/mid_bits.patch
expect "(u32)((v * C) >> 20): bits 20..51 said, 0 only at x = 0, wrapping at x = $wrap; no 'every key below ... lands in bucket 0'" \
	'grep -q "keeps bits 20..51 of the product, not its top bits" "$tmp/o" && grep -q "0 only at x = 0, then growing with x up to x = $wrap" "$tmp/o" && ! grep -q "lands in bucket 0" "$tmp/o"'
# python and cc: h = (h << 5) + h; h = -h; is h * (2^32 - 33)
neg=$(python3 -c "print('0x%08x' % (-33 % 2**32))")
{
	echo '#include <stdint.h>'
	echo 'typedef uint32_t u32;'
	sed -n '/^@@/,$ s/^+//p' $fx/short_seq.patch | grep -v '#include'
	printf 'int main(void)\n{\n\tfor (u32 k = 1; k < 1u << 30; k = k * 3 + 1)\n\t\tif (q_bucket(k) != (u32)(k * %su) >> 24)\n\t\t\treturn 1;\n\treturn 0;\n}\n' "$neg"
} > "$tmp/q.c"
expect "cc: q_bucket(h) == (h * $neg) >> 24 (python's -33 mod 2^32)" 'cc -O2 -o "$tmp/q" "$tmp/q.c" && "$tmp/q"'
review $fx/short_seq.patch
expect "h = (h << 5) + h; h = -h; return h >> 24: the sequence found, $neg on 32 bits, the top 8 bits" \
	'grep -q "the shift/add sequence computes h \* $neg mod 2^32" "$tmp/o" && grep -q "then h >> 24: bits 31..24, the top 8 of the product" "$tmp/o"'
# cc: b_bucket() multiplies by OBJ_GOLDEN through the alias defined before it
{
	echo '#include <stdint.h>'
	echo 'typedef uint32_t u32;'
	sed -n '/^@@/,$ s/^+//p' $fx/alias_forward.patch | grep -v '#include'
	printf 'int main(void)\n{\n\tfor (u32 k = 1; k < 1u << 30; k = k * 3 + 1)\n\t\tif (b_bucket(k) != (u32)(k * 0x9e3779b9u) >> 22)\n\t\t\treturn 1;\n\treturn 0;\n}\n'
} > "$tmp/b.c"
expect "cc: with #define OBJ_HASH_MULT OBJ_GOLDEN before OBJ_GOLDEN's define, b_bucket(x) == (x * 0x9e3779b9) >> 22" \
	'cc -O2 -o "$tmp/b" "$tmp/b.c" && "$tmp/b"'
review $fx/alias_forward.patch
# one constant (trial6.sh): judged once, at OBJ_GOLDEN, the define at the
# end of the chain, through its alias's use
expect "the forward alias followed: OBJ_GOLDEN = 0x9e3779b9, used as \
OBJ_HASH_MULT, judged on a table of 2^10 from >> 22" \
	'grep -q "NOTE: OBJ_GOLDEN = 0x9e3779b9: 32-bit multiplier" "$tmp/o" &&
	 grep -q "OBJ_GOLDEN is also used as OBJ_HASH_MULT (line 3)" "$tmp/o" &&
	 grep -q "a table of 2^10 from >> 22" "$tmp/o" &&
	 grep -q "; 1 multiplier$" "$tmp/o"'
done_suite trial5
