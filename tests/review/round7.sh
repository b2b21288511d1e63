#!/bin/bash
# cfx review: the seven defects the last round of issue 23 left (hP's
# notes and the trial's points 7 and 9), a fixture each
# (tests/review/fixtures/t7_*), each held against an independent
# computation: the C compiler (what a name holds on each word, and in
# which type), python's integers and lib_naf.py (the NAF by the
# textbook rule), PARI/GP (phi at 60 digits, isprime, factor).
#  1. an alias under another #if word than its target, or replacing an
#     old value, was judged on its own, not as the value it stands for
#  2. a const alias wider than its base (const u64 X = BASE32) was
#     judged at the base's type
#  3. hash_long() where long is 32 bits was not cut to 32 bits
#  4. a gap in a power sum ("2^31 + ... - 2^16 + 1") was not read, and
#     "2^32 - 2^29 + ..." was called wrong
#  5. "close to 2^32/phi" was confirmed of 0x61c80001, ~2^32/phi^2
#  6. a CHECK for every plain sentence of a comment
#  7. cfx's own KUnit test: its LCG constant judged as a hash multiplier
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# cvals FILE CFLAGS EXPR...: FILE compiled with CFLAGS and a main that
# prints each EXPR as a hex number, then its size in bits, one a line
cvals() {
	local src=$1 fl=$2 e
	shift 2
	{
		sed '/#include <linux/d' "$src"
		echo '#include <stdio.h>'
		echo 'int main(void) {'
		for e in "$@"; do
			echo "printf(\"0x%llx %d\\n\","
			echo "       (unsigned long long)($e),"
			echo "       (int)(sizeof($e) * 8));"
		done
		echo 'return 0; }'
	} > "$tmp/cv.c"
	cc -w -O0 $fl -include stdint.h -Du64=uint64_t -Du32=uint32_t \
		-o "$tmp/cv" "$tmp/cv.c" && "$tmp/cv"
}
# side PATCH +|-: the new (+) or old (-) side of a one-hunk patch, as C
side() {
	if [ "$2" = + ]; then
		sed -n '/^@@/,$ { /^-/d; s/^[+ ]//p }' "$1"
	else
		sed -n '/^@@/,$ { /^+/d; s/^[- ]//p }' "$1"
	fi
}

# ---- 1. aliases: another #if word, an old value ---------------------------
f=$fx/t7_alias_words.c
w32=$(cvals $f -DBITS_PER_LONG=32 HASH_MULT | cut -d' ' -f1)
w64=$(cvals $f -DBITS_PER_LONG=64 HASH_MULT | cut -d' ' -f1)
review $f
expect "1. HASH_MULT (no #if) names GOLDEN_RATIO_PRIME of each word (cc: \
$w32 where BITS_PER_LONG is 32, $w64 where 64): folded into both defines, \
2 multipliers, nothing judged at line 6 (was: a third, at 64 bits)" \
	'[ "$w32" = 0x9e370001 ] && [ "$w64" = 0x9e37fffffffc0001 ] &&
	 grep -q "t7_alias_words.c:2: NOTE: GOLDEN_RATIO_PRIME is also used as \
HASH_MULT (line 6)" "$tmp/o" &&
	 grep -q "t7_alias_words.c:4: NOTE: GOLDEN_RATIO_PRIME is also used as \
HASH_MULT (line 6)" "$tmp/o" &&
	 grep -q "t7_alias_words.c:2: ERROR: $w32: FAIL.*32-bit words" \
	 "$tmp/o" &&
	 grep -q "t7_alias_words.c:4: ERROR: $w64: FAIL.*64-bit words" \
	 "$tmp/o" &&
	 ! grep -q "t7_alias_words.c:6:" "$tmp/o" &&
	 grep -q "; 2 multipliers$" "$tmp/o"'

f=$fx/t7_alias_ctx.c
v=$(cvals $f -DBITS_PER_LONG=32 LONG_MULT HASH_BASE | tr '\n' ' ')
review $f
expect "   LONG_MULT under #if BITS_PER_LONG == 32 names HASH_BASE (cc: \
$v): one constant, the alias's #if said (was: two, judged apart)" \
	'[ "$v" = "0x9e370001 32 0x9e370001 32 " ] &&
	 grep -q "t7_alias_ctx.c:1: NOTE: HASH_BASE is also used as LONG_MULT \
(line 3, where BITS_PER_LONG is 32)" "$tmp/o" &&
	 ! grep -q "t7_alias_ctx.c:3:" "$tmp/o" &&
	 grep -q "; 1 multiplier$" "$tmp/o"'

# the 2016 hash.h: GOLDEN_RATIO_PRIME under each #if names
# GOLDEN_RATIO_32 or _64 (no #if) and replaces the old _PRIME_32/_64
f=$fx/hash2016.patch
read -r o32 o64 <<< "$(python3 -c "
import re
t = open('$f').read()
v = dict(re.findall(r'^-#define (GOLDEN_RATIO_PRIME_(?:32|64)) '
                    r'(0x[0-9a-fA-F]+)', t, re.M))
print('0x%08x' % int(v['GOLDEN_RATIO_PRIME_32'], 16),
      '0x%016x' % int(v['GOLDEN_RATIO_PRIME_64'], 16))")"
read -r pr fa <<< "$(echo 'print(isprime(0x61C88647), " ", \
factor(0x61C88647)[1, 1])' | tr -d '\\\n' | gp -q -f)"
review $f
expect "   2016 hash.h: GOLDEN_RATIO_PRIME folded into GOLDEN_RATIO_32 and \
_64, each replacing the old one (python: $o32, $o64), 2 multipliers (was: \
4)" \
	'grep -q "hash.h:41: NOTE: GOLDEN_RATIO_32 is also used as \
GOLDEN_RATIO_PRIME (line 15, where BITS_PER_LONG is 32)" "$tmp/o" &&
	 grep -q "hash.h:42: NOTE: GOLDEN_RATIO_64 is also used as \
GOLDEN_RATIO_PRIME (line 19, where BITS_PER_LONG is 64)" "$tmp/o" &&
	 grep -q "hash.h:41: NOTE: replaces GOLDEN_RATIO_PRIME_32 = $o32" \
	 "$tmp/o" &&
	 grep -q "hash.h:42: NOTE: replaces GOLDEN_RATIO_PRIME_64 = $o64" \
	 "$tmp/o" &&
	 grep -q "; 2 multipliers$" "$tmp/o"'
expect "   its comment's 'not actually prime' (gp: isprime $pr, factor \
$fa) checked against the value GOLDEN_RATIO_PRIME stands for" \
	'[ "$pr" = 0 ] && grep -q "hash.h:11: NOTE: GOLDEN_RATIO_PRIME = \
GOLDEN_RATIO_32 = 0x61c88647 (line 41): not prime: confirmed, \
$(gpfactors 0x61c88647)$" "$tmp/o"'

f=$fx/t7_alias_old.patch
side $f + > "$tmp/new.c"
t=$(ctype "$tmp/new.c" HASH_MULT)
review $f
expect "   HASH_MULT = BASE_MULT replacing 0x9e370001U: BASE_MULT's type \
(cc: $t), the value it stands for (was: no suffix and no type)" \
	'[ "$t" = "unsigned int" ] &&
	 grep -q "lib/h.c:2: NOTE: HASH_MULT = 0x61c88647: 32-bit multiplier \
(suffix U: unsigned int" "$tmp/o" &&
	 grep -q "HASH_MULT = BASE_MULT stands for BASE_MULT = 0x61c88647U \
(line 1)" "$tmp/o" && ! grep -q "no suffix" "$tmp/o"'

f=$fx/t7_alias_new.patch
side $f + > "$tmp/new.c"
side $f - > "$tmp/old.c"
vn=$(cvals "$tmp/new.c" "" HASH_MULT | cut -d' ' -f1)
vo=$(cvals "$tmp/old.c" "" HASH_MULT | cut -d' ' -f1)
review $f
expect "   HASH_MULT = NEW_GOLDEN (cc: $vn) replacing $vo: one constant, \
judged at the use's table against the old value (was: NEW_GOLDEN judged \
apart too, at verify's default tables)" \
	'[ "$vn" = 0x9e370001 ] && [ "$vo" = 0x9e3779b9 ] &&
	 grep -q "lib/h.c:1: ERROR: $vn replaces $vo: FAIL where the old one \
passed.*a table of 2^10 from >> 22" "$tmp/o" &&
	 grep -q "; 1 multiplier$" "$tmp/o"'

# ---- 2. a const alias wider than its base ----------------------------------
f=$fx/t7_wide_const.c
read -r hv hb nv nb < <(cvals $f "" hash_mult neg_mult | tr '\n' ' ')
review $f
expect "2. const u64 hash_mult = BASE32 (cc: $hv, $hb bits): judged at its \
own 64 bits, a 32-bit constant in a 64-bit word (was: at BASE32's 32)" \
	'[ "$hv" = 0x9e3779b9 ] && [ "$hb" = 64 ] &&
	 grep -q "t7_wide_const.c:3: NOTE: hash_mult = 0x000000009e3779b9: \
64-bit multiplier (its type u64)" "$tmp/o" &&
	 grep -q "t7_wide_const.c:3: WARNING: 0x000000009e3779b9 is a 32-bit \
constant in a 64-bit word" "$tmp/o" &&
	 ! grep -q "BASE32 = 0x9e3779b9: 32-bit multiplier" "$tmp/o"'
expect "   const u64 neg_mult = NEG32, an int -0x61c88647 (cc: $nv, $nb \
bits): sign-extended, judged as itself" \
	'[ "$nv" = 0xffffffff9e3779b9 ] && [ "$nb" = 64 ] &&
	 grep -q "t7_wide_const.c:4: NOTE: neg_mult = 0xffffffff9e3779b9: \
64-bit multiplier" "$tmp/o"'

# ---- 3. hash_long() where long is 32 bits ---------------------------------
# the kernel's hash_long() is hash_32() there: its u32 argument keeps the
# product's low 32 bits; compiled, hash_32((u32)(v * OBJ_MULT), 10) is
# (v * K mod 2^32) >> 22 for K = (OBJ_MULT mod 2^32) * GOLDEN_RATIO_32
kernel_hash "$tmp/k.c"
k=$(python3 -c "print('0x%08x' % ((0x12345678dc444377 % 2**32) * \
0x61C88647 % 2**32))")
cat >> "$tmp/k.c" <<C
int main(void)
{
	u32 v, bad = 0;
	for (v = 0; v < 100000; v++)
		bad += hash_32((u32)(v * 0x12345678dc444377ULL), 10) !=
		       (u32)(v * ${k}u) >> 22;
	printf("%u\n", bad);
	return 0;
}
C
kbad=$(cc -w -o "$tmp/k" "$tmp/k.c" && "$tmp/k")
for f in $fx/t7_long32.c $fx/t7_long32_in.c; do
	review $f
	b=$(basename $f)
	was="no verdict"
	[ $b = t7_long32_in.c ] && was="an ERROR that the literal is too wide"
	expect "3. $b: hash_long() under #if BITS_PER_LONG == 32 cuts the \
product to 32 bits, the keys meet $k (python; cc: $kbad keys differ), judged \
(was: $was)" \
		'[ "$k" = 0x9e370001 ] && [ "$kbad" = 0 ] &&
		 grep -q "passed into hash_long() at line 5, where long is 32 \
bits" "$tmp/o" &&
		 grep -q "ERROR: $k: FAIL.*32-bit words, a table of 2^10 from \
hash_long(..., 10) at line 5" "$tmp/o" &&
		 ! grep -q "wider than its" "$tmp/o"'
done

# ---- 4. gaps in a power sum ------------------------------------------------
# python: the NAF of 0x9e370001's last two terms, of 0xe0000001's first
# two, written high to low as the comments write them
naf2() {   # naf2 P first|last
	python3 -c "
import sys; sys.path.insert(0, 'tests/review'); from lib_naf import naf
d = naf($1); d = d[-2:] if '$2' == 'first' else d[:2]
s = ''
for k, z in sorted(d, reverse=True):
    t = '1' if k == 0 else '2^%d' % k
    s += ('-' if z < 0 else '') + t if not s else (' - ' if z < 0 else
                                                   ' + ') + t
print(s)"
}
tail9=$(naf2 0x9e370001 last)
head_e=$(naf2 0xe0000001 first)
review $fx/t7_gaps.c
expect "4. '2^31 + 2^29 - 2^25 + ... - 2^15 + 1': python's NAF of \
0x9e370001 ends $tail9: the gap read, wrong (was: confirmed, 3 terms)" \
	'[ "$tail9" = "-2^16 + 1" ] &&
	 grep -q "t7_gaps.c:1: WARNING: power sum wrong: .*its last terms are \
-2^16 + 1, not - 2^15 + 1" "$tmp/o"'
expect "   '... - 2^16 + 1': confirmed, the first 3 and the last 2 terms" \
	'grep -q "t7_gaps.c:3: NOTE: power sum confirmed as far as it is \
written: .* are the first 3 and the last 2 of the 7 terms" "$tmp/o"'
expect "   '2^32 - 2^29 + ...' of 0xe0000001: python's NAF begins \
$head_e: confirmed (was: wrong)" \
	'[ "$head_e" = "2^32 - 2^29" ] &&
	 grep -q "t7_gaps.c:5: NOTE: power sum confirmed as far as it is \
written: 2^32 - 2^29 ... are the first 2 terms of 0xe0000001" "$tmp/o"'

# ---- 5. close to 2^32/phi, or to 2^32/phi^2 --------------------------------
# gp: which of 2^32/phi and 2^32/phi^2 each constant is nearer
near() {
	{
		printf 'default(realprecision, 60); phi = (1 + sqrt(5)) / 2; '
		printf 'x = %s; print(if (abs(x - 2^32/phi) < ' "$1"
		printf 'abs(x - 2^32/phi^2), "phi", "phi2"), " ", '
		printf 'Strprintf("%%.2f", 2^32/phi^2), " ", '
		printf 'Strprintf("%%.2f", 2^32/phi))\n'
	} | gp -q -f
}
read -r n1 v2 v1 <<< "$(near 0x61c80001)"
read -r n2 _ _ <<< "$(near 0x61c88647)"
read -r n3 _ _ <<< "$(near 0x9e3779b1)"
review $fx/t7_phi.c
expect "5. 'close to 2^32/phi' of 0x61c80001 (gp: nearer $n1, 2^32/phi^2 = \
$v2): wrong, the one it is near said (was: confirmed)" \
	'[ "$n1" = phi2 ] && grep -q "t7_phi.c:1: WARNING: close to 2^32/phi: \
wrong, 0x61c80001 is near 2^32/phi^2 = $v2 .*not 2^32/phi = $v1" "$tmp/o"'
expect "   'close to 2^32/phi^2' of 0x61c88647 (gp: nearer $n2): confirmed" \
	'[ "$n2" = phi2 ] && grep -q "t7_phi.c:3: NOTE: close to phi: \
confirmed" "$tmp/o" && ! grep -q "t7_phi.c:3: WARNING" "$tmp/o"'
expect "   'close to 2^32/phi^2' of 0x9e3779b1 (gp: nearer $n3): wrong" \
	'[ "$n3" = phi ] && grep -q "t7_phi.c:5: WARNING: close to \
2^32/phi^2: wrong, 0x9e3779b1 is near 2^32/phi = $v1" "$tmp/o"'

# ---- 6. a CHECK only for a claim -------------------------------------------
review $fx/t7_plain.c
expect "6. 'Hash the inode number into its bucket.' states no claim: no \
CHECK; 'It is also golden.' does: a CHECK (was: both)" \
	'! grep -q "t7_plain.c:1:" "$tmp/o" &&
	 grep -q "t7_plain.c:3: CHECK: not checked: \"It is also golden.\"" \
	 "$tmp/o"'

# ---- 7. cfx's own KUnit test -----------------------------------------------
$cfx verify --emit kunit 0x61c88647 > "$tmp/kunit.c"
read -r lcg lcgc <<< "$(python3 -c "
import re
t = open('$tmp/kunit.c').read()
m = re.search(r'(\w+) = \1 \* (\d+)ull \+ (\d+)ull;', t)
print(m.group(2), m.group(3))")"
lcghex=$(python3 -c "print('0x%016x' % $lcg)")
review "$tmp/kunit.c"
expect "7. verify --emit kunit's LCG (python: h = h * $lcg + $lcgc): a NOTE, \
not judged as $lcghex; the file's one multiplier its shift/add sequence, \
exit 0, no CHECK (was: judged, 2 multipliers, 2 CHECKs)" \
	'[ -n "$lcg" ] && grep -q "NOTE: ${lcg}ull is not judged: h = h \* a + \
c at line [0-9]* is the step of a linear congruential generator" "$tmp/o" &&
	 ! grep -q "$lcghex" "$tmp/o" && grep -q "; 1 multiplier$" "$tmp/o" &&
	 ! grep -q CHECK "$tmp/o" && [ "$(rc)" = 0 ]'
review $fx/t7_lcg.c
expect "   an LCG step beside a hash: the hash judged, the LCG not" \
	'grep -q "t7_lcg.c:6: NOTE: 6364136223846793005ull is not judged" \
	 "$tmp/o" && grep -q "t7_lcg.c:9: ERROR: 0x9e370001: FAIL" "$tmp/o" &&
	 grep -q "; 1 multiplier$" "$tmp/o"'
done_suite round7
