#!/bin/bash
# cfx review: what a new-user trial of issue 23 found in `cfx review`
# (the sixth), a fixture for each (tests/review/fixtures/t6_*), each
# held against an independent computation: the C compiler (what a const
# or a define holds, and in which type; what a function computes),
# python's integer arithmetic for C's types and wrap (tests/review/
# lib_ceval.py replays shift/add code), gp's contfrac.
#  1. a const set from a define hid the define ("no multipliers found")
#  2. a const's initialiser written as an expression was not evaluated
#  3. a ULL define passed through hash_32() was never judged
#  4. a temporary of a shift/add run was held to the run's claim
#  5. an alias chain was judged once per name, at the wrong table
#  6. an 8-bit hash was never found
#  7. claim forms: a run "1x9", a gap "...", "its CF ends", "k * 73"
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# cvals FILE EXPR...: FILE (a C source) compiled with a main that prints
# each EXPR as a hex number, one a line
cvals() {
	local src=$1 e
	shift
	{
		cat "$src"
		echo '#include <stdio.h>'
		echo 'int main(void) {'
		for e in "$@"; do
			echo "printf(\"0x%llx\\n\", (unsigned long long)($e));"
		done
		echo 'return 0; }'
	} | sed '/#include <linux/d' > "$tmp/cv.c"
	cc -w -O0 -include stdint.h -o "$tmp/cv" "$tmp/cv.c" && "$tmp/cv"
}
hex32() { python3 -c "print('0x%08x' % (($1) % 2**32))"; }
hex64() { python3 -c "print('0x%016x' % (($1) % 2**64))"; }

# ---- 1. a const set from a define ------------------------------------------
v=$(cvals $fx/t6_const_define.c hash_k)
t=$(ctype $fx/t6_const_define.c GOLDEN)
review $fx/t6_const_define.c
expect "1. const hash_k = GOLDEN (cc: $v, GOLDEN $t): the define judged, \
an ERROR at its line, exit 1 (was: no multipliers found, exit 0)" \
	'[ "$v" = 0x9e370001 ] && [ "$t" = "unsigned int" ] &&
	 grep -q "t6_const_define.c:1: NOTE: GOLDEN = 0x9e370001: 32-bit \
multiplier (suffix U: unsigned int" "$tmp/o" &&
	 grep -q "t6_const_define.c:1: ERROR: 0x9e370001: FAIL" "$tmp/o" &&
	 grep -q "GOLDEN is also used as hash_k (line 2)" "$tmp/o" &&
	 [ "$(rc)" = 1 ] && grep -q "; 1 multiplier$" "$tmp/o"'
expect "   verify fails 0x9e370001 on 32-bit words at its default tables" \
	'! $cfx verify --bits 32 0x9e370001 > /dev/null'
# the git diff: the old literal is what TAB_GOLDEN replaces
sed -n '/^@@/,$ { /^-/d; s/^[+ ]//p }' $fx/t6_tab_golden.patch \
	> "$tmp/tab_new.c"
sed -n '/^@@/,$ { /^+/d; s/^[- ]//p }' $fx/t6_tab_golden.patch \
	> "$tmp/tab_old.c"
vn=$(cvals "$tmp/tab_new.c" tab_mult)
vo=$(cvals "$tmp/tab_old.c" tab_mult)
review $fx/t6_tab_golden.patch
expect "   the diff: tab_mult = TAB_GOLDEN ($vn) replacing $vo: FAIL where \
the old one passed, at the table of >> 22" \
	'[ "$vn" = 0x9e370001 ] && [ "$vo" = 0x9e3779b9 ] &&
	 grep -q "lib/tab.c:2: ERROR: 0x9e370001 replaces 0x9e3779b9: FAIL \
where the old one passed.*a table of 2^10 from >> 22" "$tmp/o" &&
	 [ "$(rc)" = 1 ]'

# ---- 2. const initialisers that are expressions ----------------------------
src=$fx/t6_const_expr.c
read -r c64 cnot cneg cx3 < <(cvals $src hash_mult hash_not hash_neg hash_x3 |
	tr '\n' ' ')
p64=$(hex64 '2**63 + 2**61 - 2**57 + 2**54 - 2**51 - 2**18 + 1')
pnot=$(hex32 '~0x61C88646')
pneg=$(hex32 '-0x61C88647')
px3=$(hex32 '0x9E3779B9 * 3')
review $src
expect "2. (1ULL<<63)+...+1: cc $c64, python $p64; judged on 64-bit words \
at >> 52's table of 2^12 (was: no multipliers found)" \
	'[ "$c64" = "$(printf %#x $p64)" ] &&
	 grep -q "in the 64-bit word it is $p64" "$tmp/o" &&
	 grep -q "ERROR: $p64: FAIL.*64-bit words, a table of 2^12 from >> 52" \
	 "$tmp/o"'
expect "   ~0x61C88646u and -0x61C88647u: cc $cnot $cneg, python $pnot \
$pneg" \
	'[ "$cnot" = "$(printf %#x $pnot)" ] &&
	 [ "$cneg" = "$(printf %#x $pneg)" ] &&
	 grep -q "hash_not = ~0x61C88646u is a constant expression.*it is \
$pnot" "$tmp/o" &&
	 grep -q "hash_neg = -0x61C88647u is a constant expression.*it is \
$pneg" "$tmp/o" && grep -q "t6_const_expr.c:5: NOTE: $pnot: PASS" "$tmp/o" &&
	 grep -q "t6_const_expr.c:6: NOTE: $pneg: PASS" "$tmp/o"'
expect "   0x9E3779B9u * 3 is $px3 (cc $cx3), judged at >> (32 - TBL_BITS), \
never as 0x9e3779b9" \
	'[ "$cx3" = "$(printf %#x $px3)" ] &&
	 grep -q "t6_const_expr.c:7: NOTE: $px3: .*a table of 2^10 from >> \
(32 - TBL_BITS = 10)" "$tmp/o" &&
	 ! grep -q "t6_const_expr.c:7:.* 0x9e3779b9" "$tmp/o" &&
	 grep -q "; 4 multipliers$" "$tmp/o"'

# ---- 3. a ULL define through hash_32() -------------------------------------
# the kernel's hash_32() takes a u32: compiled, hash_32(k * HMUL, 10) is
# (k * ((HMUL mod 2^32) * GOLDEN_RATIO_32 mod 2^32) mod 2^32) >> 22
kernel_hash "$tmp/k.c"
prod=$(hex32 '(0x12345678dc444377 % 2**32) * 0x61C88647')
low=$(hex32 '0x12345678dc444377')
cat >> "$tmp/k.c" <<C
#define HMUL 0x12345678dc444377ULL
int main(void)
{
	for (u32 k = 1; k < 1u << 28; k = k * 5 + 3)
		if (hash_32(k * HMUL, 10) != (u32)(k * ${prod}u) >> 22)
			return 1;
	return 0;
}
C
review $fx/t6_hmul32.c
expect "3. hash_32(k * HMUL, 10): cc agrees the keys meet $low * \
GOLDEN_RATIO_32 = $prod (python); it is judged, at 2^10, exit 1" \
	'cc -O1 -o "$tmp/k" "$tmp/k.c" && "$tmp/k" &&
	 grep -q "so the keys meet $low on 32-bit words" "$tmp/o" &&
	 grep -q "mod 2^32 = $prod, and that product is the multiplier judged" \
	 "$tmp/o" && grep -q "ERROR: $prod: FAIL.*32-bit words, a table of \
2^10 from hash_32(..., 10)" "$tmp/o" && [ "$(rc)" = 1 ] &&
	 ! grep -q "64-bit multiplier" "$tmp/o"'
review --json $fx/t6_hmul32.c
expect "   --json: bits 32, table 10, as the text says" \
	'python3 - "$tmp/o" <<"PY"
import json, sys
m = json.load(open(sys.argv[1]))["files"][0]["multipliers"][0]
sys.exit(not (m["bits"] == 32 and m["table_bits"] == 10))
PY'
p32=$(hex32 '(0x9e3779b97f4a7c15 % 2**32) * 0x61C88647')
p64=$(hex64 '0x9e3779b97f4a7c15 * 0x61C8864680B583EB')
review $fx/t6_hmul_two.c
expect "   used with hash_32 and hash_64: both verdicts printed ($p32 on 32 \
bits, $p64 on 64)" \
	'grep -q ": $p32: \(PASS\|FAIL\).*32-bit words, a table of 2^10" \
	 "$tmp/o" && grep -q ": $p64: \(PASS\|FAIL\).*64-bit words, a table \
of 2^12" "$tmp/o" && grep -q "HMUL is used 2 ways" "$tmp/o"'

# ---- 4. temporaries --------------------------------------------------------
ce=tests/review/lib_ceval.py
bad=$(python3 $ce $fx/t6_temps.c f mult)
good=$(python3 $ce $fx/t6_temps_ok.c g mult)
lin=$(python3 $ce $fx/t6_temps_ok.c g linear)
review $fx/t6_temps.c
expect "4. a=x+(x<<3); b=a<<4; b=b-a; c=-b; c+=x<<31: one ERROR, about the \
result c ($bad by python), none about b (135x)" \
	'[ "$(grep -c "ERROR: the shift/add sequence computes" "$tmp/o")" = 1 ] &&
	 grep -q "computes x \* $bad mod 2^32, not \* 0x9e3779b9" "$tmp/o" &&
	 ! grep -q "0x00000087" "$tmp/o" && grep -q "; 1 multiplier$" "$tmp/o"'
review $fx/t6_temps_ok.c
expect "   the same temporaries finished to $good ($lin): proved, no ERROR" \
	'[ "$good" = 0x9e3779b9 ] && [ "$lin" = "linear 0x9e3779b9" ] &&
	 grep -q "proved: the shift/add sequence (lines 6-19) computes c = x \
\* 0x9e3779b9 mod 2^32" "$tmp/o" && ! grep -q ERROR "$tmp/o" &&
	 [ "$(rc)" = 0 ]'

# ---- 5. alias chains -------------------------------------------------------
t=$(ctype $fx/t6_alias.c HASH_MULT)
mx=$(max_bits chain_idx < $fx/t6_alias.c)
review $fx/t6_alias.c
expect "5. HASH_MULT -> MID_MULT -> BASE_MULT ($t; cc: the largest index \
has $mx bits): one ERROR, at CHAIN_BITS' 2^9, with the base's U" \
	'[ "$t" = "unsigned int" ] && [ "$mx" = "9 " ] &&
	 [ "$(grep -c ERROR: "$tmp/o")" = 1 ] &&
	 grep -q "t6_alias.c:2: ERROR: 0x9e370001: FAIL.*a table of 2^9 from \
>> (32 - CHAIN_BITS = 9)" "$tmp/o" &&
	 grep -q "BASE_MULT = 0x9e370001: 32-bit multiplier (suffix U" \
	 "$tmp/o" &&
	 ! grep -q "no suffix and no type" "$tmp/o" &&
	 ! grep -q "tables 2^4..2^20" "$tmp/o" &&
	 grep -q "; 1 multiplier$" "$tmp/o"'

# ---- 6. an 8-bit hash ------------------------------------------------------
cat $fx/t6_hash8.c > "$tmp/h8.c"
cat >> "$tmp/h8.c" <<'C'
#include <stdio.h>
int main(void)
{
	for (int x = 0; x < 256; x++)
		printf("%d\n", hash8(x));
	return 0;
}
C
cc -w -o "$tmp/h8" "$tmp/h8.c" && "$tmp/h8" > "$tmp/h8.out"
python3 -c 'print("\n".join(str((x * 0x9d % 256) >> 4)
                 for x in range(256)))' > "$tmp/h8.py"
review $fx/t6_hash8.c
expect "6. (uint8_t)(x * 0x9du) >> 4 (cc = python's (x * 157 mod 2^8) >> 4): \
an 8-bit multiplier, a table of 2^4" \
	'cmp -s "$tmp/h8.out" "$tmp/h8.py" &&
	 grep -q "NOTE: 0x9d: 8-bit multiplier (the product is cast to uint8_t" \
	 "$tmp/o" && grep -q "0x9d: \(PASS\|FAIL\).*8-bit words, a table of 2^4 \
from >> 4" "$tmp/o"'

# ---- 7. claim forms --------------------------------------------------------
cf=$(gpcf 0x9e370001 32)
# the expansion's last terms: 18 and a run of ones before the final 2
ones=$(python3 -c "
a = [int(t) for t in '$cf'.split(',')]
k = len(a) - 2
while a[k] == 1: k -= 1
print(len(a) - 2 - k)")
last=$(python3 -c "print('$cf'.split(',')[-1].strip())")
review $fx/t6_claims.c
expect "7. '0,1,...,18,1x9,2': gp's expansion ends 18, 1 x $ones, $last: \
wrong, the real end said (was: not checked)" \
	'[ "$ones" = 10 ] && grep -q "t6_claims.c:1: WARNING: continued \
fraction wrong: the claimed last 11 terms (18, 1, 1, 1, 1, 1, 1, 1, 1, \
1, 2) are not its end" "$tmp/o"'
expect "   '0,1,...,18,1×10,2' confirmed with its gap" \
	'grep -q "t6_claims.c:3: NOTE: .*continued fraction confirmed term by \
term (14 terms claimed, 1 gap of terms left out)" "$tmp/o"'
expect "   'its CF ends 18,1,...,3': gp's last term is $last: wrong" \
	'[ "$last" = 2 ] && grep -q "t6_claims.c:5: WARNING: continued \
fraction wrong: the claimed last 1 term (3) is not its end, 2" "$tmp/o"'
m73=$(python3 -c "
k = 1; t = k + (k << 3); t = k + (t << 3); print('0x%08x' % t)")
expect "   'computes k * 73': read, the code's $m73 (python) proved equal" \
	'[ "$m73" = 0x00000049 ] && grep -q "t6_claims.c:10: NOTE: proved: \
the shift/add sequence (lines 10-12) computes t = k \* $m73 mod 2^32, \
exactly the multiply by k \* 73" "$tmp/o" &&
	 ! grep -q "not checked" "$tmp/o"'
done_suite trial6
