#!/bin/bash
# cfx review: what the second non-author trial of issue 23 found,
# each against an independent computation: expansions from PARI/GP's
# contfrac, primality from its isprime, the NAF and the binary form from
# python, the C compiler's own reading of the code (what gcc drops as
# dead on this machine, the width it gives a product), git's own diff of
# a clean tree, and the man page's own text.
#  1. a claim after "and": "is prime and its cf is ..." checks both; "its
#     cf is" and "its continued fraction is" are claim forms
#  2. "It is the NAF ..." with a right sum that is not the NAF: a WARNING
#     with the true NAF beside it
#  3. >> (32 - bits), bits a parameter: the size is not in the code, not
#     an unrelated *_BITS define's
#  4. (u32 val * C UL) >> (32 - bits): the word is 32, and the rule said
#  5. the return after "if (sizeof(long) == 8) return ...;" runs only on
#     32-bit longs: not judged on 64
#  6. the type named as written ("unsigned int")
#  7. a mail body's CHECKs with the constant their sentence names, else
#     general
#  8. a mail's headers and trailers (Cc:) are no body text
#  9. --json with --emit: the man page's message
# 10. an empty input (git diff of a clean tree): nothing to review, exit 0
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
cfx=./cfx
command -v gp >/dev/null || { echo "trial2: PARI/GP (gp) not found"; exit 2; }
lineof() { grep -n -- "$2" "$1" | head -1 | cut -d: -f1; }
# the expansion of N/2^K, "a0, a1, ...", and whether N is prime, by gp
gpcf() { echo "v = contfrac($1 / 2^$2); s = Str(v[1]);
for (i = 2, #v, s = concat(s, concat(\", \", Str(v[i])))); print(s)" | gp -q -f; }
p32=0x9e370001
e32=$(gpcf $((p32)) 32)
isp=$(echo "print(isprime($((p32))))" | gp -q -f)
expect "gp: $p32 is prime ($isp), its expansion has $(echo "$e32" | tr ',' '\n' | wc -l) terms" \
	'[ "$isp" = 1 ] && [ -n "$e32" ]'
define() { # $1 the comment, $2 the value: x.h, one define under it
	printf -- '--- a/lib/x.h\n+++ b/lib/x.h\n@@ -1,1 +1,5 @@\n #include <linux/types.h>\n+/*\n+ * %s\n+ */\n+#define OBJ_HASH_MULT %s\n' \
		"$1" "$2" > "$tmp/d.patch"
	$cfx review "$tmp/d.patch" > "$tmp/o"; true; }

# ---- 1. a claim after "and"; "its cf is" ----------------------------------
# the same expansion with a_5 one more: gp's term and the claim's
read -r a5 <<< "$(echo "$e32" | cut -d, -f6 | tr -d ' ')"
bad=$(echo "$e32" | awk -F', ' -v OFS=', ' '{ $6 = $6 + 1; print }')
for form in "its cf is" "its continued fraction is" "its cf:"; do
	define "The multiplier is prime and $form $e32." "${p32}U"
	expect "'is prime and $form <gp's expansion>': prime confirmed" \
		'grep -q "^lib/x.h:3: NOTE: prime: confirmed" "$tmp/o"'
	expect "'is prime and $form <gp's expansion>': the expansion confirmed too" \
		'grep -q "^lib/x.h:3: NOTE: continued fraction confirmed term by term" "$tmp/o" &&
		 ! grep -q "not checked" "$tmp/o"'
	define "The multiplier is prime and $form $bad." "${p32}U"
	expect "'is prime and $form <a_5 + 1>': a WARNING, gp's a_5 = $a5 beside it; exit 1" \
		'grep -q "^lib/x.h:3: WARNING: continued fraction wrong: term a_5 is $a5, not $((a5 + 1)); it is $e32$" "$tmp/o"'
done
define "Its cf is $e32, and it is prime." "${p32}U"
expect "'its cf is' first, then 'and it is prime': both read" \
	'grep -q "NOTE: continued fraction confirmed term by term" "$tmp/o" && grep -q "NOTE: prime: confirmed" "$tmp/o"'
define "cf. the golden ratio; see Knuth 6.4 for 2654435769." "${p32}U"
expect "'cf. the golden ratio ... 6.4': no expansion read (cf. is an abbreviation)" \
	'! grep -q "continued fraction" "$tmp/o"'

# ---- 2. "It is the NAF ..." -------------------------------------------------
# python: the binary form of p32 (right, not the NAF) and its NAF
# (lib_naf.py)
IFS='|' read -r bin naf nafw <<< "$(python3 -c "
import sys; sys.path.insert(0, 'tests/review'); from lib_naf import naf
p = $p32
d = naf(p)
t = lambda k: '1' if k == 0 else '2' if k == 1 else '2^%d' % k
hi = sorted(d, reverse=True)
naf = ('-' if hi[0][1] < 0 else '') + t(hi[0][0]) + ''.join((' + ' if z > 0 else ' - ') + t(k) for k, z in hi[1:])
b = ' + '.join(t(k) for k in range(31, -1, -1) if p >> k & 1)
assert b != naf and eval(b.replace('^', '**')) == p
print('|'.join([b, naf, str(len(d))]))")"
for say in "It is the NAF $bin." "NAF form: $bin." "Its non-adjacent form is $bin."; do
	define "$say" "${p32}U"
	expect "'${say:0:24}...' with python's binary form: a WARNING, python's NAF ($nafw terms) beside it" \
		'grep -qxF "lib/x.h:3: WARNING: NAF wrong: $bin is $p32, but not its NAF (the one signed binary form with no two adjacent nonzero digits), which has $nafw terms: $naf" "$tmp/o" &&
		 ! grep -q "CHECK: the power sum is not the NAF" "$tmp/o"'
done
define "It is the NAF $naf." "${p32}U"
expect "'It is the NAF <python's NAF>': confirmed, no WARNING" \
	'grep -qxF "lib/x.h:3: NOTE: power sum confirmed: $naf = $p32 (its NAF)" "$tmp/o" && ! grep -q "NAF wrong" "$tmp/o"'
define "It is $bin." "${p32}U"
expect "a right sum that does not say NAF: confirmed, and said not to be the NAF (a CHECK)" \
	'grep -qF "lib/x.h:3: NOTE: power sum confirmed: $bin = $p32" "$tmp/o" &&
	 grep -qxF "lib/x.h:3: CHECK: the power sum is not the NAF, which has $nafw terms: $naf" "$tmp/o"'

# ---- 3. >> (32 - bits) with bits a parameter --------------------------------
printf '%s\n' '#include <linux/types.h>' '#define OBJ_TABLE_BITS 12' \
	'#define OBJ_HASH_MULT 0x9e370001U' '' \
	'static inline u32 obj_hash(u32 val, unsigned int bits)' '{' \
	'	return (val * OBJ_HASH_MULT) >> (32 - bits);' '}' > "$tmp/param.c"
l=$(lineof "$tmp/param.c" '>> (32 - bits)')
$cfx review "$tmp/param.c" > "$tmp/o"
expect "bits a parameter: verify's default range, said, not OBJ_TABLE_BITS' 2^12" \
	'grep -q "^$tmp/param.c:3: [A-Z]*: 0x9e370001: \(PASS\|FAIL\).* tables 2^4..2^20: the code does not show the size (>> (32 - bits) at line $l takes bits, a parameter of obj_hash())" "$tmp/o" &&
	 ! grep -q "OBJ_TABLE_BITS" "$tmp/o"'
$cfx review --json "$tmp/param.c" > "$tmp/o.json"
expect "--json: table_bits null, table_why names the parameter" 'python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))[\"files\"][0][\"multipliers\"][0]
assert m[\"table_bits\"] is None, m
assert \"a parameter of obj_hash()\" in m[\"table_why\"] and \"default range\" in m[\"table_why\"], m
" "$tmp/o.json"'
sed 's/(32 - bits)/(32 - OBJ_TABLE_BITS)/' "$tmp/param.c" > "$tmp/param2.c"
$cfx review "$tmp/param2.c" > "$tmp/o"
expect "the same shift by (32 - OBJ_TABLE_BITS): the table is 2^12" \
	'grep -q "^$tmp/param2.c:3: [A-Z]*: 0x9e370001: \(PASS\|FAIL\).* a table of 2^12 from >> (32 - OBJ_TABLE_BITS = 12) at line $l" "$tmp/o"'

# ---- 4. (u32 val * C UL) >> (32 - bits) -------------------------------------
printf '%s\n' '#include <linux/types.h>' \
	'static inline u32 obj_hash(u32 val, unsigned int bits)' '{' \
	'	return (val * 0x9e370001UL) >> (32 - bits);' '}' > "$tmp/ul.c"
# the C compiler: the product of a u32 and 0x9e370001UL is as wide as an
# unsigned long (8 bytes here), so the index overflow stays an ERROR
w=$(printf '%s\n' '#include <stdio.h>' 'typedef unsigned int u32;' \
	'int main(void) { u32 val = 1; printf("%zu\n", sizeof(val * 0x9e370001UL)); return 0; }' |
	cc -x c -o "$tmp/w" - && "$tmp/w")
$cfx review "$tmp/ul.c" > "$tmp/o"
expect "cc: u32 * 0x9e370001UL is $w bytes here" '[ "$w" = 8 ]'
expect "(u32 val * 0x9e370001UL) >> (32 - bits): a 32-bit multiplier, the shift and val's u32 named, over the suffix" \
	'grep -q "^$tmp/ul.c:4: NOTE: 0x9e370001: 32-bit multiplier (the product is shifted right by (32 - ...) at line 4 and its other operand is u32 (the type of val), over the suffix UL)" "$tmp/o" &&
	 ! grep -q "64-bit multiplier\|in a 64-bit word" "$tmp/o"'
expect "and the product's $w bytes still overflow the index: an ERROR" \
	'grep -q "^$tmp/ul.c:4: ERROR: the index overflows the table on 64-bit longs" "$tmp/o"'

# ---- 5. what follows "if (sizeof(long) == 8) return ...;" --------------------
printf '%s\n' '#include <linux/types.h>' '#define OBJ_MULT32 0x9e370001UL' \
	'static inline u32 obj_hash(unsigned long val, unsigned int bits)' '{' \
	'	if (sizeof(long) == 8)' \
	'		return (val * 0x9e3779b97f4a7c15UL) >> (64 - bits);' \
	'	return (val * 0x9e370001UL) >> (32 - bits);' '}' '' \
	'static inline u32 obj_hash2(unsigned long val, unsigned int bits)' '{' \
	'	if (sizeof(long) == 8) {' \
	'		unsigned long h = val * 0x9e3779b97f4a7c15UL;' \
	'		return h >> (64 - bits);' '	}' \
	'	return (val * OBJ_MULT32) >> (32 - bits);' '}' > "$tmp/sz.c"
# gcc on this LP64 machine drops both 32-bit returns as dead: the
# constant 0x9e370001 (2654404609) is in no instruction
printf '%s\n' 'typedef unsigned int u32;' "$(sed 1d "$tmp/sz.c")" \
	'u32 use(unsigned long v) { return obj_hash(v, 10) + obj_hash2(v, 10); }' |
	cc -O2 -S -o "$tmp/sz.s" -x c -
expect "gcc -O2: the returns after if (sizeof(long) == 8) return are dead code here" \
	'[ -s "$tmp/sz.s" ] && grep -q "7f4a7c15\|-7046029254386353131\|11400714819323198485" "$tmp/sz.s" &&
	 ! grep -qi "9e370001\|2654404609\|-1640562687" "$tmp/sz.s"'
$cfx review "$tmp/sz.c" > "$tmp/o"
l1=$(lineof "$tmp/sz.c" 'return (val \* 0x9e370001UL)')
expect "the literal after the return: no index overflow ERROR, its word 32 by what follows the if" \
	'! grep -q "^$tmp/sz.c:$l1: ERROR: the index overflows" "$tmp/o" &&
	 grep -q "^$tmp/sz.c:$l1: NOTE: 0x9e370001: 32-bit multiplier (under what follows if (sizeof ( long ) == 8) return" "$tmp/o"'
expect "the define used after the if block that returns: no index overflow ERROR" \
	'! grep -q "ERROR: the index overflows" "$tmp/o"'
sed 's/	if (sizeof(long) == 8)$/	if (val)/; s/	if (sizeof(long) == 8) {/	if (val) {/' "$tmp/sz.c" > "$tmp/nosz.c"
$cfx review "$tmp/nosz.c" > "$tmp/o"
expect "the same code under if (val): the overflow is an ERROR again" \
	'grep -q "^$tmp/nosz.c:$l1: ERROR: the index overflows the table on 64-bit longs" "$tmp/o"'

# ---- 6. the type as written -------------------------------------------------
for ty in "unsigned int" "unsigned long long" "u32" "const unsigned int"; do
	printf 'static %s obj_hash_mult = 0x9e370001;\n' "$ty" > "$tmp/ty.c"
	written=${ty#const }
	$cfx review "$tmp/ty.c" > "$tmp/o"
	expect "static $ty: its type said as written ($written)" \
		'grep -q "^$tmp/ty.c:1: NOTE: obj_hash_mult = 0x[0-9a-f]*: [0-9]*-bit multiplier (its type $written)$" "$tmp/o"'
done

# ---- 7. the body's CHECKs with the constant their sentence names ------------
pb=0x61c88647
mail() { # $1 the body (| for a new line), $2 the defines' patch lines
	printf 'From 019da4c61907144c6e55518219b4469258c9ea99 Mon Sep 17 00:00:00 2001\nFrom: A Developer <dev@example.org>\nDate: Wed, 2 Dec 2026 00:55:08 +0000\nSubject: [PATCH] lib/obj: new multipliers\n\n%s\n\nSigned-off-by: A Developer <dev@example.org>\n---\n--- a/lib/obj.h\n+++ b/lib/obj.h\n@@ -1,1 +1,3 @@\n #include <linux/types.h>\n+#define OBJ_A_HASH %sU\n+#define OBJ_B_HASH %sU\n' \
		"${1//|/$'\n'}" "$p32" "$pb" > "$tmp/mail.patch"; }
mail "OBJ_A_HASH is faster on x86.|Then $pb gives a better distribution.|The code is cleaner now, a good thing."
$cfx review "$tmp/mail.patch" > "$tmp/o"
expect "body: the speed claim naming OBJ_A_HASH is with $p32 (line 6)" \
	'grep -q "^$tmp/mail.patch:6: CHECK: not checked: $p32 (lib/obj.h:2): \"OBJ_A_HASH is faster on x86\": a speed claim" "$tmp/o"'
expect "body: the distribution claim naming $pb by value is with it (line 7)" \
	'grep -q "^$tmp/mail.patch:7: CHECK: not checked: $pb (lib/obj.h:3): \"Then $pb gives a better distribution\": a distribution claim" "$tmp/o"'
expect "body: the judgement that names neither is general (line 8), said once" \
	'grep -q "^$tmp/mail.patch:8: CHECK: not checked: general (the sentence names none of the patch.s constants): \"a good thing\": a judgement" "$tmp/o" &&
	 [ "$(grep -c "^$tmp/mail.patch:8:" "$tmp/o")" = 1 ]'
expect "body: no CHECK twice, none with the wrong constant" \
	'[ "$(grep -c "CHECK: not checked" "$tmp/o")" = 3 ] && ! grep -q "$pb (lib/obj.h:3): \"OBJ_A_HASH" "$tmp/o" &&
	 ! grep -q "$p32 (lib/obj.h:2): \"Then $pb" "$tmp/o"'
# a claim cfx checks, in a sentence naming B only: about B only (gp)
isb=$(echo "print(isprime($((pb))))" | gp -q -f)
mail "OBJ_B_HASH is prime.|OBJ_A_HASH is close to phi."
$cfx review "$tmp/mail.patch" > "$tmp/o"
expect "gp: $pb is prime: $isb; 'OBJ_B_HASH is prime' judged for B only" \
	'[ "$isb" = 0 ] && grep -q "^$tmp/mail.patch:6: WARNING: $pb (lib/obj.h:3): not prime" "$tmp/o" &&
	 ! grep -q "^$tmp/mail.patch:6: .*$p32" "$tmp/o"'

# ---- 8. headers and trailers are no body text -------------------------------
mail "The new constant is faster on x86|Cc: Ingo Molnar <mingo@example.org>|Link: https://example.org/faster-hash"
$cfx review "$tmp/mail.patch" > "$tmp/o"
expect "a trailer right after a sentence: the quote ends before Cc:" \
	'grep -q "CHECK: not checked: general (the sentence names none of the patch.s constants): \"The new constant is faster on x86\": a speed claim" "$tmp/o" &&
	 ! grep -q "Cc\|Ingo\|example.org" "$tmp/o"'
{ echo "On Wed, 2 Dec 2026, A Developer wrote:"; sed 's/^/> /' "$tmp/mail.patch" |
	sed 's/^> Date: .*/&\n> Cc: Faster Reviewer <fast@example.org>/'; echo; echo "Looks fine."; } > "$tmp/reply.txt"
expect "the quoted reply holds a Cc: header" 'grep -q "^> Cc: Faster Reviewer" "$tmp/reply.txt"'
$cfx review "$tmp/reply.txt" > "$tmp/o"
expect "a quoted reply's mail headers: no finding quotes them" \
	'! grep -q "Cc\|Reviewer\|Subject\|Faster" "$tmp/o" && grep -q "\"The new constant is faster on x86\"" "$tmp/o"'

# ---- 9. --json with --emit: the man page's message ---------------------------
manmsg=$(grep -A2 '^\\fB\\-\\-json\\fR with \\fB\\-\\-emit\\fR$' man/cfx.1 | sed -n 3p | sed 's/\\-/-/g')
$cfx review --json --emit reply "$tmp/param.c" > "$tmp/o" 2> "$tmp/e"; rc=$?
expect "--json --emit: status 2, one line, the man page's message ($manmsg)" \
	'[ $rc = 2 ] && [ -n "$manmsg" ] && [ "$(wc -l < "$tmp/e")" = 1 ] && grep -qF -- "$manmsg" "$tmp/e" && [ ! -s "$tmp/o" ]'
$cfx verify --json --emit kunit 0x9e370001 > /dev/null 2> "$tmp/e2"
expect "and the same message and token as verify's" \
	'[ "$(sed "s/^cfx: [a-z]*: //" "$tmp/e")" = "$(sed "s/^cfx: [a-z]*: //" "$tmp/e2")" ]'

# ---- 10. git diff of a clean tree --------------------------------------------
g=$tmp/clean
mkdir "$g" && (cd "$g" && git init -q && printf '#define H 0x9e370001U\n' > h.h &&
	git add h.h && git -c user.email=t@t -c user.name=t commit -qm base)
git -C "$g" diff > "$tmp/clean.diff"
expect "git: the diff of a clean tree is empty" '[ -f "$tmp/clean.diff" ] && [ ! -s "$tmp/clean.diff" ]'
$cfx review - < "$tmp/clean.diff" > "$tmp/o" 2> "$tmp/e"; rc=$?
expect "git diff | cfx review - of a clean tree: exit 0, nothing on stdout, 'nothing to review' on stderr" \
	'[ $rc = 0 ] && [ ! -s "$tmp/o" ] && [ "$(cat "$tmp/e")" = "cfx: review: nothing to review: the input is empty (<stdin>)" ]'
$cfx review --json - < "$tmp/clean.diff" > "$tmp/o" 2> /dev/null; rc=$?
expect "--json of it: exit 0, an object with no files and no multipliers" \
	'[ $rc = 0 ] && python3 -c "
import json, sys
o = json.load(open(sys.argv[1]))
assert o[\"files\"] == [] and o[\"multipliers\"] == 0, o
" "$tmp/o"'
echo "hello there" > "$tmp/prose.txt"
$cfx review "$tmp/clean.diff" "$tmp/param.c" > "$tmp/o" 2> "$tmp/e"; rc=$?
expect "an empty file beside a real one: the real one reviewed, the empty one said" \
	'grep -q "^total: .*; 1 multiplier$" "$tmp/o" && grep -q "nothing to review" "$tmp/e"'
$cfx review "$tmp/prose.txt" > "$tmp/o" 2> "$tmp/e"; rc=$?
expect "prose with no diff and no C is still bad input: exit 2" \
	'[ $rc = 2 ] && grep -q "not a diff and no C found" "$tmp/e"'

done_suite trial2
