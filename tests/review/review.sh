#!/bin/bash
# cfx review on the fixtures of tests/review/fixtures (patches written for
# these tests in the form of the 2002 waitqueue patch) and on the 2002
# patch itself, lessons/2002.patch (lesson 14's, the one copy).  Expansions are
# checked against PARI/GP's contfrac, sequences against the C compiler
# (the fixture's own statements compiled and run), verdicts against verify.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
fx=tests/review/fixtures
p2002=lessons/2002.patch
cfx=./cfx

command -v gp >/dev/null || { echo "review: PARI/GP (gp) not found"; exit 2; }
# the continued fraction of N/2^K, comma-separated, by PARI/GP's contfrac
gpcf() { echo "v = contfrac($1 / 2^$2); s = Str(v[1]);
for (i = 2, #v, s = concat(s, concat(\", \", Str(v[i])))); print(s)" |
	gp -q -f; }

# ---- the 2002 patch --------------------------------------------------------
$cfx review $p2002 > "$tmp/out"; rc=$?
expect "2002: exit 1 (errors)" '[ $rc = 1 ]'
expect "2002: 32-bit constant FAILs against 2654435761" \
	'grep -q "^include/linux/mm_inline.h:[0-9]*: ERROR: 0x9e370001 replaces 2654435761: FAIL where the old one passed" "$tmp/out"'
expect "2002: 64-bit constant FAILs against 11400714819323198549" \
	'grep -q "^include/linux/mm_inline.h:[0-9]*: ERROR: 0x9e37fffffffc0001 replaces 11400714819323198549: FAIL where the old one passed" "$tmp/out"'
expect "2002: the old constants pass verify on their own" \
	'$cfx verify --bits 32 2654435761 >/dev/null && $cfx verify --bits 64 11400714819323198549 >/dev/null'
expect "2002: the new ones FAIL verify on their own" \
	'! $cfx verify --bits 32 0x9e370001 >/dev/null && ! $cfx verify --bits 64 0x9e37fffffffc0001 >/dev/null'
expect "2002: sequence proved equal to 0x9e37fffffffc0001" \
	'grep -q "^mm/filemap.c:[0-9]*: NOTE: proved: .* hash = page \* 0x9e37fffffffc0001 mod 2^64" "$tmp/out"'
# the 32-bit expansion as printed, against gp's
want32=$(gpcf 2654404609 32)
expect "2002: 32-bit expansion: trailing 0 named, the rest equal to gp's" \
	'grep -q "mm_inline.h:19: WARNING: continued fraction: the claimed expansion ends with a term 0 .* right: $want32\$" "$tmp/out"'
want64=$(gpcf 11400862456688148481 64)
expect "2002: 64-bit expansion: trailing 0 named, the rest equal to gp's" \
	'grep -q "mm_inline.h:28: WARNING: continued fraction: the claimed expansion ends with a term 0 .* right: $want64\$" "$tmp/out"'
# the claimed list minus its 0 is gp's list: so only the 0 is wrong
claim32=$(sed -n 's/^+ \* \(0,1,1.*,2\),0$/\1/p' $p2002 | head -1 | sed 's/,/, /g')
expect "2002: the fixture's 32-bit claim is gp's plus a 0" '[ "$claim32" = "$want32" ]'
expect "2002: words inferred from #if BITS_PER_LONG" \
	'grep -q "0x9e370001: 32-bit multiplier (under #if BITS_PER_LONG == 32" "$tmp/out" &&
	 grep -q "0x9e37fffffffc0001: 64-bit multiplier (under #elif BITS_PER_LONG == 64" "$tmp/out"'
expect "2002: not close to phi at 64 bits (a_16 = 1048579)" \
	'grep -q "WARNING: not close to phi as claimed: .*a_16 = 1048579" "$tmp/out"'
expect "2002: power sums confirmed" \
	'[ "$(grep -c "NOTE: power sum confirmed" "$tmp/out")" = 2 ]'
expect "2002: which top bits index the table" \
	'grep -q "mm/filemap.c:[0-9]*: NOTE: then hash >> zone->wait_table_shift: the top 64 - zone->wait_table_shift bits" "$tmp/out"'
expect "2002: summary" 'tail -1 "$tmp/out" | grep -q "^total: 2 errors, 3 warnings, 4 checks, [0-9]* notes; 3 multipliers$"'
# the four checks are the claims no check computes (their own section
# below): three in comments, one in the mail's body (its speed claim,
# whose sentence names none of the three constants: general)
expect "2002: the checks are the claims not checked" \
	'[ "$(grep -c ": CHECK: not checked: " "$tmp/out")" = 4 ] &&
	 grep -q "^$p2002:4: CHECK: not checked: general (the sentence names none of the patch.s constants): \"that the waitqueue hash can be computed with shifts and adds where multiplication is slow\": a speed claim" "$tmp/out"'

# the sequence compiled: the fixture's statements, run by the C compiler
sed -n '/^+	n = hash;/,/^+$/p' $p2002 | sed 's/^+//' > "$tmp/body"
{ echo '#include <stdio.h>'
  echo 'int main(void) { unsigned long long x, hash, n; int bad = 0;'
  echo 'for (x = 1; x < 100000; x += 7919) { hash = x * 0x9e3779b1ull;'
  echo 'unsigned long long h0 = hash;'
  cat "$tmp/body"
  echo 'if (hash != h0 * 0x9e37fffffffc0001ull) bad = 1; }'
  echo 'printf("%d\n", bad); return 0; }'; } > "$tmp/seq.c"
expect "2002: the C compiler agrees with the proof" \
	'cc -o "$tmp/seq" "$tmp/seq.c" && [ "$("$tmp/seq")" = 0 ]'

# ---- a wrong shift: 33 written 34 ------------------------------------------
$cfx review $fx/wrong_shift.patch > "$tmp/ws"; rc=$?
# the multiplier the statements compute, and the first differing bucket,
# by python (the shifts read from the fixture, not from cfx)
read -r mult first < <(python3 - "$fx/wrong_shift.patch" <<'PY'
import re, sys
M = 2**64 - 1
a = 1; n = 1; h = 1      # hash = x, in multiples of x
for line in open(sys.argv[1]):
    m = re.match(r'\+\s*(n|hash)\s*(<<=|-=|\+=|=)\s*(\w+);', line)
    if not m: continue
    v, op, r = m.groups()
    if v == 'n' and op == '=': n = h
    elif v == 'n': n = (n << int(r)) & M
    elif op == '-=': h = (h - n) & M
    elif op == '+=': h = (h + n) & M
c = 0x9e37fffffffc0001
x = 1
while ((x * h) & M) >> 54 == ((x * c) & M) >> 54: x += 1
print(hex(h), x)
PY
)
expect "wrong shift: exit 1" '[ $rc = 1 ]'
expect "wrong shift: the sequence computes python's multiplier ($mult), not the claim" \
	'grep -q "lib/bucket.c:[0-9]*: ERROR: the shift/add sequence computes key \* $mult mod 2^64, not \* 0x9e37fffffffc0001" "$tmp/ws"'
expect "wrong shift: smallest input whose bucket differs ($first)" \
	'grep -q "smallest input that differs in its bucket is key = $first " "$tmp/ws"'
expect "wrong shift: table from >>= 54" \
	'grep -q "NOTE: then hash >> 54: bits 63..54, the top 10 of the product, index a table of 2^10" "$tmp/ws"'

# ---- wrong expansions, convergents, counts --------------------------------
$cfx review $fx/wrong_cf.patch > "$tmp/wc"; rc=$?
expect "wrong cf: exit 1" '[ $rc = 1 ]'
expect "wrong cf: a missing term named" \
	'grep -q "hashconst.h:4: WARNING: continued fraction wrong: term a_28 = 1 is missing; it is $(gpcf 2654404609 32)\$" "$tmp/wc"'
right=$(gpcf 0x61c88647 32)
k=$(python3 -c "
c='0,2,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,5,1,1,2,2,1,1,9'.split(',')
r='$right'.split(',')
r=[x.strip() for x in r]
i=next(i for i in range(len(c)) if c[i]!=r[i]); print(i, r[i], c[i])")
read -r at is not <<< "$k"
expect "wrong cf: first wrong term a_$at is $is, not $not" \
	'grep -q "hashconst.h:11: WARNING: continued fraction wrong: term a_$at is $is, not $not; it is $right\$" "$tmp/wc"'
conv=$(python3 -c "
from fractions import Fraction
n, d = 0x9e370001, 2**32
a = []
while d: q = n // d; a.append(q); n, d = d, n - q * d
p0, q0, p1, q1 = 1, 0, a[0], 1
out = []
for k, t in enumerate(a):
    if k: p0, q0, p1, q1 = p1, q1, t * p1 + p0, t * q1 + q0
    out.append('%d/%d' % (p1, q1))
print(' '.join(out))")
for f in 21/34 55/89; do
	expect "wrong cf: $f is a convergent (python)" \
		'case " $conv " in *" $f "*) grep -q "NOTE: $f is convergent" "$tmp/wc";; *) false;; esac'
done
f=$(python3 -c "
n = 0x61c88647
print(next(d for d in range(2, 10**6) if n % d == 0))")
expect "wrong cf: not prime, smallest factor $f (python)" \
	'grep -q "WARNING: not prime: divisible by $f\$" "$tmp/wc"'
expect "wrong cf: an extra term named" \
	'grep -q "hashconst.h:18: WARNING: continued fraction wrong: term 23 (1) is one too many; it is $(gpcf 0x9e3779b9 32)\$" "$tmp/wc"'
expect "wrong cf: shift and addition counts against the NAF sequence (cfx shifts)" \
	'sh=$($cfx shifts 0x9e3779b9 | grep -o "[0-9]* shifts" | head -1) &&
	 grep -q "hashconst.h:20: WARNING: 6 shifts claimed: the NAF sequence has ${sh% shifts}\$" "$tmp/wc"'
expect "wrong cf: five terms claimed, NAF weight 11" \
	'grep -q "WARNING: 5 terms claimed; its NAF has 11" "$tmp/wc"'

# ---- an even constant, a 32-bit constant under #if BITS_PER_LONG == 64 -----
$cfx review $fx/even.patch > "$tmp/ev"; rc=$?
expect "even: exit 1, named even" \
	'[ $rc = 1 ] && grep -q "fs/inode_hash.c:22: ERROR: 0x9e3779b8 is even" "$tmp/ev"'
# the multiply's lost top bits: 2-adic valuation of the fixture's constant
# by python, and two keys that differ in the top bit, multiplied by it
read -r ev_k ev_same < <(python3 -c "
import re
p = int(re.search(r'^\+#define INODE_HASH_MULT (0x[0-9a-f]+)U$', open('$fx/even.patch').read(), re.M).group(1), 16)
k = (p & -p).bit_length() - 1
x = 12345
print(k, (x * p) % 2**32 == ((x + 2**(32 - k)) * p) % 2**32)")
expect "even: drops the key's top $ev_k bits (python: 2^$ev_k divides it, keys x and x + 2^(32-$ev_k) collide: $ev_same)" \
	'[ "$ev_same" = True ] &&
	 grep -q "ERROR: 0x9e3779b8 is even (2^$ev_k times an odd number): the multiply drops the key.s top $ev_k bits," "$tmp/ev"'
expect "even: FAILs the odd check where 0x9e3779b9 passed" \
	'grep -q "ERROR: 0x9e3779b8 replaces 0x9e3779b9: FAIL where the old one passed (check odd" "$tmp/ev"'
$cfx review $fx/word64.patch > "$tmp/w64"; rc=$?
expect "word64: 64-bit word from the #elif" \
	'grep -q "golden.h:4: NOTE: GOLDEN_RATIO_LONG = 0x000000009e3779b9: 64-bit multiplier (under #elif BITS_PER_LONG == 64" "$tmp/w64"'
expect "word64: a 32-bit constant in a 64-bit word" \
	'[ $rc = 1 ] && grep -q "golden.h:4: WARNING: 0x000000009e3779b9 is a 32-bit constant in a 64-bit word" "$tmp/w64"'
# what the warning says, by python on the fixture's constant with a table
# of 2^10: the largest key below 2^32 reaches bucket (x p) >> 54 != 0 (the
# old text said such keys never reach the top bits), keys below 2^22 all
# land in bucket 0, and the index never decreases from one key to the next
w64=$(python3 -c "
p = 0x9e3779b9; t = 10
top = ((2**32 - 1) * p) >> (64 - t)
zero = ((2**(32 - t) - 1) * p) >> (64 - t) == 0
mono = all((x * p) >> (64 - t) <= ((x + 1) * p) >> (64 - t) for x in range(2**32 - 5000, 2**32 - 1))
print(top != 0 and zero and mono and (2**32 - 1) * p < 2**64)")
expect "word64: the warning states what python finds (no wrap, monotone index, bucket 0 below 2^(32-t))" \
	'[ "$w64" = True ] &&
	 grep -q "WARNING: 0x000000009e3779b9 is a 32-bit constant in a 64-bit word: p/2^64 < 2^-32, so the product of a key below 2^32 never wraps and its table index only grows with the key: no mixing (with a table of 2^t, every key below 2^(32-t) lands in bucket 0)" "$tmp/w64" &&
	 ! grep -q "never reach the top bits" "$tmp/w64"'
expect "word64: FAILs (size) where the 64-bit golden constant passed" \
	'grep -q "ERROR: 0x000000009e3779b9 replaces 0x9e3779b97f4a7c15: FAIL where the old one passed (check size" "$tmp/w64"'

# ---- several constants, tables from the code ------------------------------
$cfx review $fx/multi.patch > "$tmp/mu"; rc=$?
expect "multi: four multipliers, one ERROR" \
	'[ $rc = 1 ] && tail -1 "$tmp/mu" | grep -q "^total: 1 error, 0 warnings, 1 check, [0-9]* notes; 4 multipliers$"'
expect "multi: its one check is the sentence no check reads" \
	'grep -q "^net/flow_hash.c:8: CHECK: not checked: \"the negation of FLOW_HASH_MULT, also golden\": no claim cfx computes" "$tmp/mu"'
# hash_32(saddr * FLOW_HASH_MULT, ...) multiplies by GOLDEN_RATIO_32 again:
# the keys meet the product of the two (python), and that is judged
mu32=$(python3 -c "print('0x%08x' % (0x9e3779b9 * (2**32 - 0x9e3779b9) % 2**32))")
expect "multi: table from hash_32(..., FLOW_HASH_BITS), on the composite $mu32 (python)" \
	'grep -q "flow_hash.c:6: NOTE: $mu32: PASS, [0-9]* checks on 32-bit words, a table of 2^12 from hash_32(..., FLOW_HASH_BITS = 12) at line 15" "$tmp/mu"'
expect "multi: table from >> (32 - 10), against the literal it replaces" \
	'grep -q "flow_hash.c:20: ERROR: 0x9e370001 replaces 2654435761: FAIL where the old one passed (.*a table of 2^10 from >> (32 - 10) at line 20)" "$tmp/mu"'
expect "multi: table from >> (64 - FLOW_HASH_BITS)" \
	'grep -q "0x9e3779b97f4a7c15: PASS, [0-9]* checks on 64-bit words, a table of 2^12 from >> (64 - FLOW_HASH_BITS = 12)" "$tmp/mu"'
expect "multi: const u32 declaration" \
	'grep -q "flow_hash.c:9: NOTE: port_hash_mult = 0x61c88647: 32-bit multiplier (its type u32)" "$tmp/mu"'
expect "multi: the verdicts are verify's at that table" \
	'$cfx verify --bits 32 --table-bits 10 0x9e370001 >/dev/null; [ $? = 1 ] && $cfx verify --bits 32 --table-bits 12 0x9e3779b9 >/dev/null'

# ---- CHECK alone: exit 0 --------------------------------------------------
$cfx review $fx/check_only.patch > "$tmp/co"; rc=$?
expect "check only: a sequence no comment names is a CHECK, exit 0" \
	'[ $rc = 0 ] && grep -q "lib/id_hash.c:6: CHECK: the shift/add sequence computes id \* 0x61c88647 mod 2^32" "$tmp/co" &&
	 tail -1 "$tmp/co" | grep -q "^total: 0 errors, 0 warnings, 1 check,"'
expect "check only: its table from return hash >> 22" \
	'grep -q "a table of 2^10 from >> 22 at line 29" "$tmp/co"'

# ---- the shapes a patch comes in ------------------------------------------
sed 's/$/\r/' $fx/wrong_cf.patch | $cfx review - > "$tmp/crlf"
expect "CRLF: the same review" 'diff -q "$tmp/wc" "$tmp/crlf" >/dev/null'
{ echo "On Sun, 17 Feb 2002, A Hacker wrote:"; sed 's/^/> /' $p2002
  echo; echo "Looks fine to me."; } | $cfx review - > "$tmp/quoted"
# (the mail's body is named by the input: a file, or <stdin> a line on)
expect "mail quoting: the same review" \
	'diff -q <(sed "s|^$p2002:4:|BODY:|" "$tmp/out") <(sed "s|^<stdin>:5:|BODY:|" "$tmp/quoted") >/dev/null'
{ sed 's/^/> /' $p2002; echo; cat $p2002; } | $cfx review - > "$tmp/twice"
expect "a reply quoting the patch above it: read once" \
	'[ "$(grep -c "FAIL where" "$tmp/twice")" = 2 ]'
$cfx review $fx/format-patch.patch > "$tmp/fp"; rc=$?
expect "git format-patch: review of lib/obj.c" \
	'[ $rc = 1 ] && grep -q "^lib/obj.c:7: ERROR: 0x9e370001 replaces 0x9e3779b9: FAIL" "$tmp/fp" &&
	 grep -q "^lib/obj.c:5: NOTE: prime: confirmed" "$tmp/fp"'
(cd "$tmp" && mkdir g && cd g && git init -q && printf '#define H 1\n' > a.h &&
 git add a.h && git -c user.email=t@t -c user.name=t commit -qm a &&
 printf '#define OBJ_HASH_MULT 0x9e3779b9U\n' > a.h && git diff) > "$tmp/gd"
$cfx review - < "$tmp/gd" > "$tmp/gdo"; rc=$?
expect "git diff | cfx review -: a passing constant exits 0" \
	'[ $rc = 0 ] && grep -q "^a.h:1: NOTE: 0x9e3779b9: PASS" "$tmp/gdo"'

# ---- output forms and exit statuses ---------------------------------------
$cfx review --format gcc $p2002 > "$tmp/gcc"
# python reads the patched files' lines out of the fixture's hunks: the
# column (from 1) of the constant as written on its line, of the text of
# a comment's claim, of the variable a sequence computes
cols=$(python3 -c "
import re, sys
new, f, no = {}, None, 0
for l in open(sys.argv[1]).read().split('\n'):
    if l.startswith('+++ '): f = l[4:].split()[0][2:]; continue
    m = re.match(r'@@ -\S+ \+(\d+)', l)
    if m: no = int(m.group(1)); continue
    if f and l[:1] in ('+', ' '): new[(f, no)] = l[1:]; no += 1
h = 'include/linux/mm_inline.h'
print(new[(h, 25)].index('0x9e370001UL') + 1,
      len(new[(h, 19)]) - len(new[(h, 19)].lstrip(' *')) + 1,
      re.search(r'\bhash\b', new[('mm/filemap.c', 807)]).start() + 1)" $p2002)
read -r c25 c19 c807 <<< "$cols"
expect "--format gcc: file:line:column: error:, the columns python's ($cols)" \
	'grep -q "^include/linux/mm_inline.h:25:$c25: error: 0x9e370001 replaces" "$tmp/gcc" &&
	 grep -q "^include/linux/mm_inline.h:19:$c19: warning: continued fraction" "$tmp/gcc" &&
	 grep -q "^mm/filemap.c:807:$c807: note: proved" "$tmp/gcc" &&
	 [ "$c25" != 1 ] && [ "$c807" != 1 ] && ! grep -q ": ERROR: " "$tmp/gcc"'
$cfx review --json $p2002 > "$tmp/json"; rc=$?
expect "--json: one object, 3 multipliers, 2 errors, exit 1" '[ $rc = 1 ] && python3 -c "
import json, sys
o = json.load(open(sys.argv[1]))
f = o[\"files\"][0]
assert o[\"multipliers\"] == 3 and o[\"errors\"] == 2 and o[\"warnings\"] == 3
ms = f[\"multipliers\"]
assert [m[\"bits\"] for m in ms] == [32, 64, 64]
assert ms[1][\"value\"] == str(0x9e37fffffffc0001) and ms[1][\"replaces\"] == \"11400714819323198549\"
assert ms[2][\"kind\"] == \"sequence\" and ms[2][\"value\"] == ms[1][\"value\"]
assert [x[\"column\"] for x in f[\"findings\"] if x[\"line\"] == 25] == [$c25] * 3
" "$tmp/json"'
printf 'diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1,1 +1,1 @@\n-int a;\n+int b;\n' > "$tmp/plain.patch"
out=$($cfx review "$tmp/plain.patch"); rc=$?
expect "no multiplier: exit 0, no multipliers found" \
	'[ $rc = 0 ] && [ "$(echo "$out" | head -1)" = "no multipliers found" ]'
printf 'Dear list,\nplease merge.\n' > "$tmp/prose"
err=$($cfx review "$tmp/prose" 2>&1 >/dev/null); rc=$?
expect "not a diff and no C: exit 2, one line" \
	'[ $rc = 2 ] && [ "$err" = "cfx: review: not a diff and no C found ($tmp/prose)" ]'
err=$(head -c 140000000 /dev/zero | tr "\0" "a" | fold -w 100 | $cfx review - 2>&1 >/dev/null); rc=$?
expect "a huge input is refused like a key file" \
	'[ $rc = 2 ] && [ "$err" = "cfx: review: the patch is larger than 128 MiB (<stdin>)" ]'
err=$($cfx review --emit patch x 2>&1); rc=$?
expect "a bad --emit: exit 2 naming it" '[ $rc = 2 ] && echo "$err" | grep -q "(patch)"'
expect "a missing file: exit 2" '$cfx review "$tmp/none" 2>/dev/null; [ $? = 2 ]'

# ---- --emit kunit, verify --emit kunit, --emit reply ----------------------
# the emitted tests compiled against a user-space stand-in for KUnit
# (tests/review/kunit_stub) and run: the proved sequence passes, the wrong
# shift fails (the test expects the constant its comment claims)
kunit_run() {   # kunit_run FILE.c: "cases N checked N failed N"
	cc -std=c11 -Wall -Wextra -Werror -Itests/review/kunit_stub \
		-DTEST="\"$1\"" -o "$1.bin" tests/review/kunit_stub/runner.c &&
		"$1.bin" | tail -1
}
$cfx review --emit kunit $p2002 > "$tmp/k1.c"
expect "kunit: the 2002 sequence passes 10018 inputs" \
	'[ "$(kunit_run "$tmp/k1.c")" = "cases 1 checked 10018 failed 0" ]'
$cfx review --emit kunit $fx/wrong_shift.patch > "$tmp/k2.c"; rc=$?
expect "kunit: exit 0 (emitted) though the review has an ERROR" \
	'[ $rc = 0 ] && { $cfx review $fx/wrong_shift.patch > /dev/null; [ $? = 1 ]; }'
expect "kunit: the wrong shift fails it" \
	'kunit_run "$tmp/k2.c" | grep -q "^cases 1 checked 10018 failed [1-9]"'
# a sequence whose input is named x (the parameter was x too: `u32 x = x;`
# did not compile); its test must compile and pass.  The sequence is the
# 2002 one on 32 bits: 0x9e370001 = 2^31 + 2^29 - 2^25 + 2^22 - 2^19 -
# 2^16 + 1, which python checks
printf '%s\n' '#include <linux/types.h>' '#define HASH_BITS 10' \
	'/* multiplies by GOLDEN_RATIO_PRIME_32 = 0x9e370001, open-coded */' \
	'static inline u32 hash_x(u32 x)' '{' '	u32 n = x;' \
	'	n <<= 16; x -= n;' '	n <<= 3; x -= n;' '	n <<= 3; x += n;' \
	'	n <<= 3; x -= n;' '	n <<= 4; x += n;' '	n <<= 2; x += n;' \
	'	return x >> (32 - HASH_BITS);' '}' > "$tmp/kx.c"
$cfx review --emit kunit "$tmp/kx.c" > "$tmp/kx_test.c"
expect "kunit: an input named x compiles and passes (python: the sequence is 0x9e370001)" \
	'[ "$(python3 -c "print(hex((1 - 2**16 - 2**19 + 2**22 - 2**25 + 2**29 + 2**31) % 2**32))")" = 0x9e370001 ] &&
	 [ "$(kunit_run "$tmp/kx_test.c")" = "cases 1 checked 10018 failed 0" ]'
expect "kunit: lib/test_hash.c's shape" \
	'grep -q "^kunit_test_suite(cfx_shift_add_suite);" "$tmp/k1.c" &&
	 grep -q "KUNIT_CASE(test_cfx_shift_add_0)" "$tmp/k1.c"'
for b in 24 32 64; do
	$cfx verify --emit kunit --bits $b 0x9e3779 > "$tmp/v$b.c"; rc=$?
	expect "verify --emit kunit --bits $b: exit 0, compiles and passes" \
		'[ $rc = 0 ] && [ "$(kunit_run "$tmp/v$b.c")" = "cases 1 checked 10018 failed 0" ]'
done
$cfx review --emit reply $p2002 > "$tmp/reply"; rc=$?
expect "reply: exit 0 (emitted), quotes the lines, says what is wrong, 72 columns" \
	'[ $rc = 0 ] && grep -q "^> +#define GOLDEN_RATIO_PRIME 0x9e37fffffffc0001UL$" "$tmp/reply" &&
	 grep -q "^\* Wrong: 0x9e37fffffffc0001 replaces 11400714819323198549: FAIL" "$tmp/reply" &&
	 [ "$(awk "length > 72" "$tmp/reply" | wc -l)" = 0 ]'

# the reply says in plain words what its word note checked: "OK: N-bit
# word" with --json's bits and the reason its bits_why gives, for each
# multiplier with a note of kind "word" and no ERROR or WARNING of it
for f in multi check_only; do
	$cfx review --emit reply $fx/$f.patch > "$tmp/wr"
	want=$($cfx review --json $fx/$f.patch | python3 -c "
import json, sys
o = json.load(sys.stdin)['files'][0]
for i, m in enumerate(o['multipliers']):
    ws = [x for x in o['findings'] if x['multiplier'] == i and x['kind'] == 'word']
    ok = ws and all(x['level'] == 'NOTE' for x in ws)
    print('%s:%d:%s' % (m['file'], m['line'], m['bits'] if ok else '-'))")
	got=$(awk '/^[^ >*(].*:[0-9]+:$/ { at = $0; sub(/:$/, "", at); n[at] = "-"; order[++k] = at }
		/^\* OK: [0-9]+-bit word/ { s = $3; sub(/-bit$/, "", s); n[at] = s }
		END { for (i = 1; i <= k; i++) print order[i] ":" n[order[i]] }' "$tmp/wr")
	expect "reply $f: the word said as --json's bits ($(echo $want))" '[ "$got" = "$want" ]'
	expect "reply $f: no jargon ('the word confirmed')" '! grep -q "word confirmed" "$tmp/wr"'
done
expect "reply check_only: the table note quoted, no word said" \
	'grep -q "^\* OK: then hash >> 22: bits 31..22" "$tmp/wr" && ! grep -q "OK: [0-9]*-bit word" "$tmp/wr"'

# ---- power sums in any order and spacing; a golden prefix of 1 - x ----------
# python: the NAF of 0x9e370001 (digits -1, 0, 1, no two adjacent nonzero),
# written three ways (no spaces; from 1 up; in the plain binary form, not
# the NAF) and the run of 1s after a0 of 1 - 0x61c88647/2^32
IFS='|' read -r naf1 naf2 bin nafw run <<< "$(python3 -c "
import sys; sys.path.insert(0, 'tests/review'); from lib_naf import naf
p = 0x9e370001
d = naf(p)
t = lambda k: '1' if k == 0 else '2^%d' % k
hi = sorted(d, reverse=True)
s1 = t(hi[0][0]) + ''.join(('+' if z > 0 else '-') + t(k) for k, z in hi[1:])
s2 = t(d[0][0]) + ''.join((' + ' if z > 0 else ' - ') + t(k) for k, z in d[1:])
s3 = ' + '.join(t(k) for k in range(31, -1, -1) if p >> k & 1)
n, q = 2**32 - 0x61c88647, 2**32
a = []
while q: a.append(n // q); n, q = q, n - n // q * q
r = 1
while a[r] == 1: r += 1
print('|'.join([s1, s2, s3, str(len(d)), str(r - 1)]))")"
printf '/* %s */\n#define HASH_A 0x9e370001\n/* %s */\n#define HASH_B 0x9e370001\n/* %s */\n#define HASH_C 0x9e370001\n/* golden prefix %s */\n#define HASH_NEG 0x61c88647\n' \
	"$naf1" "$naf2" "$bin" "$run" > "$tmp/sums.c"
$cfx review "$tmp/sums.c" > "$tmp/sums"
expect "power sum without spaces is the NAF ($naf1)" \
	'grep -qxF "$tmp/sums.c:1: NOTE: power sum confirmed: $naf1 = 0x9e370001 (its NAF)" "$tmp/sums" &&
	 ! grep -q "^$tmp/sums.c:1: CHECK" "$tmp/sums"'
expect "power sum from 1 up is read whole and is the NAF ($naf2)" \
	'grep -qxF "$tmp/sums.c:3: NOTE: power sum confirmed: $naf2 = 0x9e370001 (its NAF)" "$tmp/sums" &&
	 ! grep -q "^$tmp/sums.c:3: \(CHECK\|WARNING\)" "$tmp/sums"'
expect "the binary form is right but not the NAF, which has $nafw terms" \
	'grep -qF "$tmp/sums.c:5: NOTE: power sum confirmed: $bin = 0x9e370001" "$tmp/sums" &&
	 grep -qF "$tmp/sums.c:5: CHECK: the power sum is not the NAF, which has $nafw terms" "$tmp/sums"'
expect "golden prefix $run of 0x61c88647 is 1 - x's" \
	'grep -qF "golden prefix $run: confirmed, the first $run quotients after a0 of 1 - x are 1s" "$tmp/sums"'

# ---- a define whose comment, not its name, says it is a multiplier ----------
# NAMED_NEG (no hash/golden/mult in its name, no use) under a comment that
# claims its continued fraction and closeness to phi: reviewed; NBUCKETS
# under "the buckets of the hash table" is not a multiplier
$cfx review $fx/named_neg.patch > "$tmp/nn"; rc=$?
# (its one hunk starts at line 1: the new file is its + and context lines)
nnline=$(sed '1,/^@@/d' $fx/named_neg.patch | grep '^[+ ]' | grep -n '#define NAMED_NEG' | cut -d: -f1)
nnterms=$(gpcf 0x61c88647 32 | tr ',' '\n' | wc -l)
# python: the run of 1s after a0 in the expansion of 1 - x (x = 0x61c88647
# / 2^32; x's own a_1 is 2) and log2 |(1 - x) - 1/phi| to 60 digits
IFS='|' read -r nnrun nnlog < <(python3 -c "
from decimal import Decimal as D, getcontext
from fractions import Fraction as F
getcontext().prec = 60
n, d = 2**32 - 0x61c88647, 2**32
a = []
while d: q = n // d; a.append(q); n, d = d, n - q * d
k = 1
while a[k] == 1: k += 1
y = D(2**32 - 0x61c88647) / D(2**32) - (D(5).sqrt() - 1) / 2
print('%d|%.1f' % (k - 1, -abs(y).ln() / D(2).ln()))")
expect "named by its comment: exit 0, NAMED_NEG at line $nnline, NBUCKETS not" \
	'[ $rc = 0 ] && grep -q "^lib/negated.h:$nnline: NOTE: NAMED_NEG = 0x61c88647: 32-bit multiplier" "$tmp/nn" &&
	 ! grep -q NBUCKETS "$tmp/nn" && tail -1 "$tmp/nn" | grep -q "; 1 multiplier$"'
expect "named by its comment: its expansion confirmed ($nnterms terms, gp)" \
	'grep -q "NOTE: continued fraction confirmed term by term ($nnterms terms)" "$tmp/nn"'
expect "named by its comment: close to phi as 1 - x ($nnrun 1s, 2^-$nnlog, python)" \
	'grep -qF "close to phi: confirmed, the first $nnrun quotients after a0 of 1 - x are 1s (round(2^32/phi) has $nnrun); |(1 - x) - 1/phi| = 2^-$nnlog" "$tmp/nn"'

# ---- a claim that names its number (one line and several) ------------------
$cfx review $fx/named_cf.patch > "$tmp/nc"; rc=$?
# python: the expansion of 0x9e370001/2^32, its run of 1s after a0 (and of
# 1 - x), against the fixture's claims; gp's contfrac for the printed list
IFS='|' read -r ncf ones < <(python3 -c "
n, d = 0x9e370001, 2**32
def cf(n, d):
    a = []
    while d: q = n // d; a.append(q); n, d = d, n - q * d
    return a
def run(a):
    k = 1
    while k < len(a) and a[k] == 1: k += 1
    return k - 1
a = cf(n, d); b = cf(d - n, d)
claim = [0] + [1] * 16 + [2]
i = next(i for i in range(len(a)) if a[i] != claim[i])
print('a_%d is %d, not %d|%d' % (i, a[i], claim[i], max(run(a), run(b))))")
want=$(gpcf 0x9e370001 32)
expect "named cf: exit 1" '[ $rc = 1 ]'
expect "named cf: one-line claim checked ($ncf)" \
	'grep -q "^lib/named.h:4: WARNING: continued fraction wrong: term $ncf; it is $want\$" "$tmp/nc"'
expect "named cf: golden prefix 16 is wrong (python: $ones)" \
	'[ "$ones" != 16 ] && grep -q "^lib/named.h:5: WARNING: golden prefix wrong: 16 claimed, but only the first $ones quotients" "$tmp/nc"'
claim2=$(sed -n '/named2.h/,$p' $fx/named_cf.patch | sed -n 's/^+ \* \[\(.*\)\]$/\1/p' |
	python3 -c "
import re, sys
out = []
for t in sys.stdin.read().replace(';', ',').split(','):
    m = re.match(r'\s*(\d+)\s*(?:\(x(\d+)\))?', t)
    out += [m.group(1)] * int(m.group(2) or 1)
print(', '.join(out))")
expect "named cf: multi-line claim (gp agrees) confirmed" \
	'[ "$claim2" = "$want" ] && grep -q "^lib/named2.h:3: NOTE: continued fraction confirmed term by term" "$tmp/nc"'
expect "named cf: golden prefix 12 confirmed" \
	'[ "$ones" = 12 ] && grep -q "^lib/named2.h:5: NOTE: golden prefix 12: confirmed" "$tmp/nc"'
expect "named cf: unsuffixed hex beyond INT_MAX is unsigned int" \
	'grep -q "NAMED_MULT = 0x9e370001: 32-bit multiplier (no suffix and no type: a hex literal beyond INT_MAX is unsigned int, 32 bits)" "$tmp/nc" &&
	 echo "int main(void){return !_Generic(0x9e370001, unsigned int: 1, default: 0);}" > "$tmp/ty.c" &&
	 cc -o "$tmp/ty" "$tmp/ty.c" && "$tmp/ty"'
$cfx review --emit reply $fx/named_cf.patch > "$tmp/ncr"
expect "named cf reply: wrong claims are not called confirmed" \
	'! grep -q "the claims confirmed" "$tmp/ncr" &&
	 grep -q "^\* Warning: golden prefix wrong" "$tmp/ncr" &&
	 grep -q "^lib/named.h:[0-9]*: WARNING: golden prefix wrong" "$tmp/nc" &&
	 grep -q "^\* OK: golden prefix 12: confirmed" "$tmp/ncr" &&
	 [ "$(awk "length > 72" "$tmp/ncr" | wc -l)" = 0 ]'
# the reply names each finding by the report's level (ERROR Wrong:,
# WARNING Warning:, CHECK Not checked:): a WARNING once read "Check:",
# the name of the report's lowest level
for f in $fx/*.patch; do
	$cfx review "$f" > "$tmp/lv" 2>/dev/null
	$cfx review --emit reply "$f" > "$tmp/lvr" 2>/dev/null
	w=$(grep -c ": WARNING: " "$tmp/lv"); e=$(grep -c ": ERROR: " "$tmp/lv")
	rw=$(grep -c "^\* Warning: " "$tmp/lvr"); re=$(grep -c "^\* Wrong: " "$tmp/lvr")
	expect "reply of $(basename "$f"): $w WARNING as Warning:, $e ERROR as Wrong:" \
		"[ $w = $rw ] && [ $e = $re ] && ! grep -q '^\* Check:' '$tmp/lvr'"
done
expect "named cf reply: the verify command filled in, and it runs" \
	'grep -q "^\`cfx verify 0x9e370001 --bits 32 --full\`$" "$tmp/ncr" &&
	 ! grep -q "HEX\|OLD" "$tmp/ncr"'
$cfx review --emit reply $p2002 > "$tmp/r2"
# the old constant in hex, as the rest of the reply: python's hex of the
# fixture's decimal 2654435761
oldhex=$(python3 -c 'print("0x%08x" % 2654435761)')
expect "2002 reply: --against the old constant, in hex ($oldhex)" \
	'grep -q "^\`cfx verify 0x9e370001 --bits 32 --against $oldhex --full\`$" "$tmp/r2" &&
	 ! grep -q "against 2654435761" "$tmp/r2" &&
	 $cfx verify 0x9e370001 --bits 32 --against $oldhex --full >/dev/null; [ $? = 1 ]'

# ---- a hex constant named in a sequence's comments is its claim -------------
$cfx review $fx/comment_hex.patch > "$tmp/ch"; rc=$?
# python runs each function's statements (mod 2^32) on x = 1 for the
# multiplier, then finds the smallest x whose bucket (>> 22) differs
ch=$(python3 - "$fx/comment_hex.patch" <<'PY'
import re, sys
M = 2**32 - 1
out = []
for body in open(sys.argv[1]).read().split('static inline')[1:]:
    h = n = 1
    for m in re.finditer(r'\+\s*(n|hash)\s*(<<=|-=|\+=)\s*([^;]+);', body):
        v, op, r = m.groups()
        if op == '<<=': n = (n << eval(r)) & M
        elif op == '-=': h = (h - n) & M
        else: h = (h + n) & M
    c = 0x9e370001
    x = 1
    while ((x * h) & M) >> 22 == ((x * c) & M) >> 22: x += 1
    out.append('%s:%d' % (hex(h), x))
print(' '.join(out))
PY
)
expect "comment hex: exit 1" '[ $rc = 1 ]'
for pair in $ch; do
	expect "comment hex: ERROR against 0x9e370001, computes ${pair%:*}, first differing key ${pair#*:}" \
		'grep -q "ERROR: the shift/add sequence computes val \* ${pair%:*} mod 2^32, not \* 0x9e370001 as claimed by 0x9e370001 (its comment, line [0-9]*): the smallest input that differs in its bucket is val = ${pair#*:} " "$tmp/ch"'
done
expect "comment hex: no 'name no constant'" '! grep -q "name no constant" "$tmp/ch"'

# ---- one return expression of shifts and adds --------------------------------
$cfx review $fx/return_expr.patch > "$tmp/re"; rc=$?
# python evaluates the fixture's return expression at x = 1, mod 2^32
rm=$(python3 -c "
import re, sys
e = re.search(r'return (.*);', open('$fx/return_expr.patch').read()).group(1)
print(hex(eval(e, {'x': 1}) % 2**32))")
expect "return expression: exit 1, computes python's $rm, not 0x9e370001" \
	'[ $rc = 1 ] && [ "$rm" != 0x9e370001 ] &&
	 grep -q "^lib/rethash.c:6: ERROR: the shift/add sequence computes x \* $rm mod 2^32, not \* 0x9e370001" "$tmp/re"'

# ---- ">> (32 - HASH_BITS)" with HASH_BITS a define -------------------------
$cfx review $fx/bits_define.patch > "$tmp/bd"
hb=$(sed -n 's/^+#define HASH_BITS \([0-9]*\)$/\1/p' $fx/bits_define.patch)
sh=$((32 - hb))
expect "bits define: >> (32 - HASH_BITS) is >> $sh, a table of 2^$hb" \
	'grep -q "^lib/bitshash.c:14: NOTE: then hash >> $sh: bits 31..$sh, the top $hb of the product, index a table of 2^$hb\$" "$tmp/bd" &&
	 ! grep -q ">> (:" "$tmp/bd"'

# ---- negated claims: "not prime", "non-prime", "is not close to phi" -------
# a one-line patch: a comment line, then #define HASH_MULT value
onedef() { printf -- '--- a/lib/h.c\n+++ b/lib/h.c\n@@ -1,2 +1,4 @@\n #include <linux/types.h>\n+%s\n+#define HASH_MULT %s\n int x;\n' "$1" "$2" > "$tmp/one.patch"; }
# gp's primality and smallest factor; gp's count of 1s after a0
gpprime() { echo "print(isprime($1))" | gp -q -f; }
gpfac() { echo "print(factor($1)[1,1])" | gp -q -f; }
gpones() { echo "v = contfrac($1 / 2^32); k = 0; while (k + 2 <= #v && v[k + 2] == 1, k++); print(k)" | gp -q -f; }
expect "negation: gp: 0x9e3779b9 is composite, smallest factor 3; 0x9e370001 prime" \
	'[ "$(gpprime 0x9e3779b9)" = 0 ] && [ "$(gpfac 0x9e3779b9)" = 3 ] && [ "$(gpprime 0x9e370001)" = 1 ]'
expect "negation: gp: 0x9e3779b9 has at least 20 1s after a0, 0x80000001 at most 3" \
	'[ "$(gpones 0x9e3779b9)" -ge 20 ] && [ "$(gpones 0x80000001)" -le 3 ]'
for c in "/* not prime */" "/* isn't prime */" "/* no longer prime */" "/* non-prime */" "/* nonprime */"; do
	onedef "$c" 0x9e3779b9U
	$cfx review "$tmp/one.patch" > "$tmp/ng"; rc=$?
	expect "negation: '$c' on composite 0x9e3779b9: confirmed, exit 0" \
		'[ $rc = 0 ] && grep -q "^lib/h.c:2: NOTE: not prime: confirmed, divisible by 3$" "$tmp/ng" && ! grep -q WARNING "$tmp/ng"'
	onedef "$c" 0x9e370001U
	$cfx review "$tmp/one.patch" > "$tmp/ng"
	expect "negation: '$c' on prime 0x9e370001: WARNING, never confirmed" \
		'grep -q "^lib/h.c:2: WARNING: claimed not prime, but it is prime (proven)$" "$tmp/ng" && ! grep -q "confirmed" "$tmp/ng"'
done
onedef "/* non-prime, but odd */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/ng"
expect "negation: 'non-prime, but odd' on a prime: WARNING" \
	'grep -q "WARNING: claimed not prime, but it is prime" "$tmp/ng" && ! grep -q "prime: confirmed" "$tmp/ng"'
onedef "/* prime, not even */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/ng"
expect "negation: 'prime, not even': the not is for even, prime confirmed" \
	'grep -q "NOTE: prime: confirmed (proven)" "$tmp/ng"'
onedef "/* is not close to phi */" 0x9e3779b9U
$cfx review "$tmp/one.patch" > "$tmp/ng"; rc=$?
expect "negation: 'is not close to phi' on 0x9e3779b9: WARNING, exit 1" \
	'[ $rc = 1 ] && grep -q "^lib/h.c:2: WARNING: claimed not close to phi, but it is close" "$tmp/ng" && ! grep -q "confirmed" "$tmp/ng"'
onedef "/* is not close to phi */" 0x80000001U
$cfx review "$tmp/one.patch" > "$tmp/ng"
expect "negation: 'is not close to phi' on 0x80000001: confirmed" \
	'grep -q "^lib/h.c:2: NOTE: not close to phi: confirmed" "$tmp/ng" && ! grep -q "WARNING: .*phi" "$tmp/ng"'

# ---- negation for every kind of claim, by one rule --------------------------
# 0x9e370001: gp says prime; python its NAF (weight and sum); gp its first
# terms and convergents
read -r nafw nafsum < <(python3 -c '
n = 0x9e370001; d = []; i = 0
while n:
    z = (2 - n % 4) if n & 1 else 0
    n = (n - z) // 2; d.append(z)
t = [(i, z) for i, z in enumerate(d) if z][::-1]
s = " ".join(("+ " if z > 0 else "- ") + ("2^%d" % i if i else "1") for i, z in t)
print(len(t), s[2:])')
cf5=$(echo 'v = contfrac(0x9e370001 / 2^32); s = Str(v[1]); for (i = 2, 5, s = concat(s, concat(", ", Str(v[i])))); print(s)' | gp -q -f)
cv=$(echo 'v = contfrac(0x9e370001 / 2^32); m = contfracpnqn(v[1..5]); print(m[1,1], "/", m[2,1])' | gp -q -f)
expect "negation: gp/python: 0x9e370001 prime, NAF of $nafw terms, convergent $cv" \
	'[ "$(gpprime 0x9e370001)" = 1 ] && [ "$nafw" -ge 3 ] && [ -n "$cf5" ] && [ -n "$cv" ]'
# claim | its level and words on 0x9e370001
while IFS='|' read -r c want; do
	onedef "/* $c */" 0x9e370001U
	$cfx review "$tmp/one.patch" > "$tmp/neg"
	expect "negation: '$c' -> $want" 'grep -q "^lib/h.c:2: $want" "$tmp/neg"'
done <<EOF2
prime|NOTE: prime: confirmed
not only prime|NOTE: prime: confirmed
not just prime|NOTE: prime: confirmed
nothing but prime|NOTE: prime: confirmed
it isn't merely prime|NOTE: prime: confirmed
not non-prime|NOTE: prime: confirmed
no longer prime|WARNING: claimed not prime, but it is prime
not only prime but close to phi|NOTE: close to phi: confirmed
neither prime nor close to phi|WARNING: claimed not close to phi, but it is close
cf = [$cf5, ...]|NOTE: continued fraction confirmed term by term
its continued fraction is not $cf5, ...|WARNING: denied ("its continued fraction is not"), but true: continued fraction confirmed
its continued fraction isn't merely $cf5, ...|NOTE: continued fraction confirmed
$nafsum|NOTE: power sum confirmed
it is not $nafsum|WARNING: denied ("it is not $nafsum"), but true: power sum confirmed
it is not 2^31 + 2^29 + 1|NOTE: denial confirmed ("it is not 2^31 + 2^29 + 1"): power sum wrong
it is nothing but $nafsum|NOTE: power sum confirmed
$nafw terms|NOTE: $nafw terms: confirmed
not $nafw terms|WARNING: denied ("not $nafw terms"), but true: $nafw terms: confirmed
not $((nafw + 1)) terms|NOTE: denial confirmed ("not $((nafw + 1)) terms"): $((nafw + 1)) terms claimed
not just $nafw terms|NOTE: $nafw terms: confirmed
golden prefix is not 3|NOTE: denial confirmed
the convergents include $cv|NOTE: $cv is convergent
the convergents include 1/1 but not $cv|WARNING: denied ("but not $cv"), but true: $cv is convergent
EOF2

# ---- every expansion of a comment, not only the first -----------------------
# gp's expansions: (sqrt(5)-1)/2, sqrt(2), 355/113, 0x9e370001/2^32
gpterms() { echo "v = contfrac($1); s = Str(v[1]); for (i = 2, min($2, #v), s = concat(s, concat(\", \", Str(v[i])))); print(s)" | gp -q -f; }
g5=$(gpterms "(sqrt(5)-1)/2" 4); s2=$(gpterms "sqrt(2)" 4); r355=$(gpterms 355/113 9)
c4=$(gpterms 0x9e370001/2^32 4)
s2a3=$(echo 'print(contfrac(sqrt(2))[4])' | gp -q -f)
c4a2=$(echo 'print(contfrac(0x9e370001/2^32)[3])' | gp -q -f)
expect "2002: the second expansion of the 64-bit comment, of (sqrt(5)-1)/2, checked against gp's ($g5)" \
	'[ "$g5" = "0, 1, 1, 1" ] && grep -q "^include/linux/mm_inline.h:31: NOTE: continued fraction of (sqrt(5)-1)/2 confirmed term by term (a prefix of 4 terms)" "$tmp/out"'
onedef "/* its continued fraction is $c4, ... and its continued fraction is 0, 1, $((c4a2 + 1)), ... */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/cfs"
expect "expansions: two after the keyword, the first right, the second wrong at a_2 (gp: $c4a2)" \
	'grep -q "^lib/h.c:2: NOTE: continued fraction confirmed term by term (a prefix of 4 terms)" "$tmp/cfs" &&
	 grep -q "^lib/h.c:2: WARNING: continued fraction wrong: term a_2 is $c4a2, not $((c4a2 + 1))" "$tmp/cfs"'
onedef "/* prime, and sqrt(2) = 1, 2, 2, $((s2a3 + 1)), ... */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/cfs"
expect "expansions: 'sqrt(2) = ...' wrong at a_3, gp's a_3 = $s2a3" \
	'grep -q "^lib/h.c:2: WARNING: continued fraction of sqrt(2) wrong: term a_3 is $s2a3, not $((s2a3 + 1)); it is $s2, ..." "$tmp/cfs"'
onedef "/* close to 355/113 = $r355 */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/cfs"
expect "expansions: '355/113 = $r355' (gp's, finite) confirmed" \
	'grep -q "^lib/h.c:2: NOTE: continued fraction of 355/113 confirmed term by term ($(echo "$r355" | tr -cd , | wc -c | xargs expr 1 +) terms)" "$tmp/cfs"'
onedef "/* close to phi = 0, 1, 1, 1, ... */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/cfs"
expect "expansions: 'phi = 0, 1, 1, 1, ...' read as 1/phi (gp: $g5)" \
	'grep -q "^lib/h.c:2: NOTE: continued fraction of phi (read as 1/phi: the claim.s a0 is 0) confirmed" "$tmp/cfs"'
onedef "/* hash = x * 3, then 5, 7 */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/cfs"
expect "expansions: '= x * 3, then 5, 7' is no expansion" '! grep -q "continued fraction" "$tmp/cfs"'

# ---- "cf" for continued fraction ------------------------------------------
# gp's a_13 of 0x9e370001/2^32 (contfrac's 14th entry), and its first 14 terms
a13=$(echo "print(contfrac(0x9e370001 / 2^32)[14])" | gp -q -f)
cf14=$(echo "v = contfrac(0x9e370001 / 2^32); s = Str(v[1]); for (i = 2, 14, s = concat(s, concat(\", \", Str(v[i])))); print(s)" | gp -q -f)
expect "cf: gp: a_13 of 0x9e370001/2^32 is not 1 ($a13)" '[ "$a13" != 1 ]'
for c in "/* cf [0; 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] */" "/* CF = [0; 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] */" "/* its cf: [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] */"; do
	onedef "$c" 0x9e370001U
	$cfx review "$tmp/one.patch" > "$tmp/cf"
	expect "cf: '$c' on 0x9e370001: a_13 is $a13, not 1" \
		'grep -q "^lib/h.c:2: WARNING: continued fraction wrong: term a_13 is $a13, not 1" "$tmp/cf"'
done
onedef "/* cf = [$cf14, ...] */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/cf"
expect "cf: gp's first 14 terms as a prefix: confirmed" \
	'grep -q "^lib/h.c:2: NOTE: continued fraction confirmed term by term (a prefix of 14 terms)" "$tmp/cf"'
for c in "/* cf. the paper by Knuth */" "/* cf. [Knuth 6.4] */" "/* see the cf of the paper */"; do
	onedef "$c" 0x9e370001U
	$cfx review "$tmp/one.patch" > "$tmp/cf"
	expect "cf: '$c' is no claim" '! grep -q "continued fraction" "$tmp/cf"'
done

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

# ---- claims no check computes: listed, named, with why ---------------------
expect "not checked: 2002's gcc on SPARC and MIPS, as a compiler claim" \
	'grep -q "^include/linux/mm_inline.h:23: CHECK: not checked: \"which gcc turns into shifts and adds on SPARC and MIPS\": a compiler.s code on a named target; " "$tmp/out"'
expect "not checked: 2002's 'suitable for shift/add', a judgement" \
	'grep -q "^include/linux/mm_inline.h:34: CHECK: not checked: \"which makes it suitable for shift/add implementations\": a judgement" "$tmp/out"'
# every sentence the patch adds to a comment (split here by python) has a
# finding on one of its lines, or one that names its line (a sequence's
# proof): none is skipped in silence
python3 - "$p2002" > "$tmp/sent" <<'PY'
import re, sys
# the added lines inside /* ... */, as (new line number, text)
new = 0; incom = False; words = []; f = ''
for line in open(sys.argv[1]):
    m = re.match(r'@@ -\d+(?:,\d+)? \+(\d+)', line)
    if m: new = int(m.group(1)) - 1; hunk = True; continue
    if line.startswith('+++ b/'): f = line[6:].split()[0]; continue
    if line.startswith(('---', '+++')) or line[:1] not in '+ ': continue
    new += 1
    t = line[1:].strip()
    if t.startswith('/*'): incom = True; t = t[2:]
    elif hunk and t.startswith('*'): incom = True    # a hunk begun in one
    hunk = False
    if not incom: continue
    end = '*/' in t
    t = t.replace('*/', '').lstrip('*').strip()
    if line[0] == '+':
        words += [((f, new), w) for w in t.split()]
    if end:
        incom = False; words.append(((f, new), None))
# a sentence ends at a word ending in '.' (not '...', but '....') or at
# the end of its comment
first = None
for n, w in words:
    if w is None:
        if first is not None: print(first[0], first[1], last[1])
        first = None; continue
    if first is None: first = n
    last = n
    if w.endswith('.') and (not w.endswith('...') or w.endswith('....')):
        print(first[0], first[1], last[1]); first = None
PY
nsent=0; miss=""
while read -r file a b; do
	nsent=$((nsent + 1))
	awk -F: -v f="$file" -v a="$a" -v b="$b" '$1 == f && $2 >= a && $2 <= b { ok = 1 }
		$1 == f { for (n = a; n <= b; n++) if (index($0, "comment, line " n ")")) ok = 1 }
		END { exit !ok }' "$tmp/out" ||
		miss="$miss $a-$b"
done < "$tmp/sent"
expect "not checked: each of the 2002 patch's $nsent comment sentences has a finding${miss:+ (none on lines$miss)}" \
	'[ "$nsent" -ge 6 ] && [ -z "$miss" ]'
expect "not checked: 0x9e3779b9 passes verify on its own (so exit 0 below is the CHECK's)" \
	'$cfx verify --bits 32 0x9e3779b9 >/dev/null'
onedef "/* faster on x86 than a multiply */" 0x9e3779b9U
$cfx review "$tmp/one.patch" > "$tmp/nc"; rc=$?
expect "not checked: 'faster on x86' is one speed claim, a CHECK (exit 0)" \
	'[ $rc = 0 ] && grep -q "^lib/h.c:2: CHECK: not checked: \"faster on x86 than a multiply\": a speed claim on a named target; " "$tmp/nc" &&
	 [ "$(grep -c "not checked" "$tmp/nc")" = 1 ]'
onedef "/* Turned into shifts and adds on MIPS. */" 0x9e3779b9U
$cfx review "$tmp/one.patch" > "$tmp/nc"
expect "not checked: 'on MIPS' alone is a claim about a compiler's code" \
	'grep -q "^lib/h.c:2: CHECK: not checked: \"Turned into shifts and adds on MIPS\": a compiler.s code on a named target; " "$tmp/nc"'
onedef "/* Prime; it gives a better distribution than the old one. */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/nc"
expect "not checked: 'better distribution' beside a confirmed prime: one CHECK for its clause, both kinds named" \
	'grep -q "^lib/h.c:2: NOTE: prime: confirmed" "$tmp/nc" &&
	 grep -q "^lib/h.c:2: CHECK: not checked: \"it gives a better distribution than the old one\": a distribution claim and a judgement; " "$tmp/nc" &&
	 [ "$(grep -c "not checked" "$tmp/nc")" = 1 ]'
onedef "/* Prime. */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/nc"
expect "not checked: a sentence a check read is not listed" \
	'! grep -q "not checked" "$tmp/nc"'
onedef "/* Chosen with care by the maintainers. */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/nc"
expect "not checked: how it was chosen" \
	'grep -q "^lib/h.c:2: CHECK: not checked: \"Chosen with care by the maintainers\": how it was found or measured" "$tmp/nc"'

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
		'grep -q "^\* Wrong: the index overflows the table on 64-bit longs" "$tmp/wr" && ! grep -q "OK: [0-9]*-bit word" "$tmp/wr"'
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
nchk=$($cfx review $p2002 | grep -c ": CHECK: not checked: ")
expect "reply: each of the $nchk CHECKs is 'Not checked:', said once, no 'Note:'" \
	'[ "$(grep -c "^\* Not checked: " "$tmp/reply")" = "$nchk" ] && [ "$nchk" -ge 3 ] &&
	 ! grep -q "Note:\|Not checked: not checked" "$tmp/reply"'

done_suite review
