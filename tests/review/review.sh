#!/bin/bash
# cfx review on the fixtures of tests/review/fixtures (patches written for
# these tests in the form of the 2002 waitqueue patch) and on the 2002
# patch itself, lessons/2002.patch (lesson 14's, the one copy).  Expansions are
# checked against PARI/GP's contfrac, sequences against the C compiler
# (the fixture's own statements compiled and run), verdicts against verify.
# The claims of comments are in review_claims.sh, the word and the reply's
# wording in review_words.sh (the three were one suite, which needed
# 131-145 s of CPU and ran past the runner's 1800 s timeout under load).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
source tests/review/lib.sh

command -v gp >/dev/null || { echo "review: PARI/GP (gp) not found"; exit 2; }

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
	'g=$(gpfactors 0x61c88647) && [ "${g%% *}" = "$f" ] &&
	 grep -q "WARNING: not prime: $g\$" "$tmp/wc"'
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
	 [ "$(grep -v "^\`cfx " "$tmp/reply" | awk "length > 72" | wc -l)" = 0 ]'

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
# (the reply is a verdict and the worst finding: the table note counted)
expect "reply check_only: the verdict names the table, no word said" \
	'grep -q "^\* OK: 0x61c88647: PASS, 61 checks on 32-bit words, a table of 2^10" "$tmp/wr" &&
	 grep -q "^\* And 1 confirmed" "$tmp/wr" && ! grep -q "OK: [0-9]*-bit word" "$tmp/wr"'

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

done_suite review
