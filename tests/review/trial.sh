#!/bin/bash
# cfx review: what a non-author trial of issue 23 found missing, each
# against an independent computation: open-coded code that is no
# multiply (a right shift, an xor: python's interpreter of the fixture,
# lib_ceval.py, finds an input where f(x) != f(1) x), a shift past the
# word (gcc's own warning on the fixture), a parameter that accumulates
# (python's multiplier), the KUnit guard of a 64-bit-only sequence (the
# emitted test compiled for BITS_PER_LONG 32 and 64), a two-patch git
# format-patch series (the constants read back from git), hash_ptr's
# word (the C compiler's sizeof), the place of the #if nesting limit,
# the body's CHECKs said once and counts in the number of their noun.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
fx=tests/review/fixtures
cfx=./cfx
ceval() { python3 tests/review/lib_ceval.py "$@"; }
lineof() { grep -n -- "$2" "$1" | head -1 | cut -d: -f1; }

# ---- 1. code that is no multiply: said, with its line ---------------------
f=$fx/nonlinear.c
$cfx review $f > "$tmp/nl"; rc=$?
for fn in hash_rs hash_xor hash_xeq; do
	r=$(ceval $f $fn linear)
	expect "python: $fn is no multiply by a constant ($r)" '[ "${r%% *}" = nonlinear ]'
done
# n >>= 3 of n = val << 16 is exact (its low bits are 0), its top 3
# bits 0 then: the step that adds it (the next line) is no multiply
l=$(($(lineof $f 'n >>= 3;') + 1))
expect "right shift: a WARNING on line $l naming the comment's 0x9e370001, exit 1" \
	'[ $rc = 1 ] && grep -q "^$f:$l: WARNING: not proved the multiply by 0x9e370001 (its comment, line 4): \`hash -= n;\` (line $l) uses a value whose top bits an exact right shift cleared" "$tmp/nl"'
l=$(lineof $f 'hash += n ^ (n >> 7);')
expect "hash += n ^ (n >> 7): a CHECK on line $l, right shift and xor" \
	'grep -q "^$f:$l: CHECK: not proved a multiplication by a constant: \`hash += n ^ (n >> 7);\` (line $l) shifts right, which drops the low bits and xors, which adds without the carries" "$tmp/nl"'
l=$(lineof $f 'h ^= t;')
expect "h ^= t: a CHECK on line $l" \
	'grep -q "^$f:$l: CHECK: not proved a multiplication by a constant: \`h ^= t;\` (line $l) xors" "$tmp/nl"'
expect "no multiplier claimed for any of them" \
	'! grep -q "NOTE: proved\|-bit multiplier" "$tmp/nl" && tail -1 "$tmp/nl" | grep -q "; 0 multipliers$"'
$cfx review --emit reply $f > "$tmp/nlr"
expect "the reply says it too" \
	'grep -q "^\* Warning: not proved the multiply by 0x9e370001" "$tmp/nlr" &&
	 grep -q "^\* Not checked: not proved a multiplication by a constant" "$tmp/nlr"'

f=$fx/shift_width.c
cc -Wall -c -o "$tmp/sw.o" -x c - 2> "$tmp/sw.cc" <<C
typedef unsigned int u32; typedef unsigned long long u64;
$(sed 1d $f)
u64 use(u32 x) { return hash_wide(x) + hash_wide64(x); }
C
$cfx review $f > "$tmp/sw"; rc=$?
expect "a shift past the word: exit 1" '[ $rc = 1 ]'
for s in 'n <<= 32;|32|32-bit' 'hash -= val << 64;|64|64-bit'; do
	IFS='|' read -r st by w <<< "$s"
	l=$(lineof $f "$st")
	expect "gcc: line $l ($st) shifts by the width of its type" \
		'grep -q "^<stdin>:$l:.*shift count >= width of type" "$tmp/sw.cc"'
	expect "$st: an ERROR on line $l, undefined behaviour" \
		'grep -q "^$f:$l: ERROR: \`$st\` shifts by $by, not less than the $by bits of the $w word.*: undefined behaviour in C" "$tmp/sw"'
done

# ---- 2. the parameter itself accumulates ----------------------------------
f=$fx/param_acc.c
want=$(ceval $f hash_param linear)
$cfx review $f > "$tmp/pa"; rc=$?
expect "python: hash_param is linear, $want" '[ "$want" = "linear 0x9e370001" ]'
expect "val accumulating into itself: proved equal to python's ${want#linear }, exit 0" \
	'[ $rc = 1 ] && grep -q "^$f:[0-9]*: NOTE: proved: the shift/add sequence (lines [0-9-]*) computes val = val \* ${want#linear } mod 2^32, exactly the multiply by 0x9e370001" "$tmp/pa"'
expect "val accumulating: one multiplier, not a second phantom 'hash'" \
	'tail -1 "$tmp/pa" | grep -q "; 1 multiplier$" && ! grep -q "computes hash = " "$tmp/pa"'

# ---- 3. --emit kunit: a 64-bit-only sequence under BITS_PER_LONG == 64 ------
# the emitted tests compiled against tests/review/kunit_stub as a 32-bit
# and as a 64-bit kernel would (BITS_PER_LONG given), and run
kunit_run() {   # kunit_run FILE.c BITS: "cases N checked N failed N"
	cc -std=c11 -Wall -Wextra -Werror -Itests/review/kunit_stub \
		-DBITS_PER_LONG=$2 -DTEST="\"$1\"" -o "$1.$2" \
		tests/review/kunit_stub/runner.c && "$1.$2" | tail -1
}
$cfx review --emit kunit $fx/param_acc.c > "$tmp/kpa.c"
for b in 32 64; do
	expect "kunit of the parameter's sequence: compiles and passes (BITS_PER_LONG=$b)" \
		'[ "$(kunit_run "$tmp/kpa.c" $b)" = "cases 1 checked 10018 failed 0" ]'
done
$cfx review --emit kunit lessons/2002.patch > "$tmp/k2002.c"
expect "kunit: the 2002 sequence (under #elif BITS_PER_LONG == 64) is guarded" \
	'grep -q "^#if BITS_PER_LONG == 64$" "$tmp/k2002.c" && grep -q "^#include <asm/bitsperlong.h>$" "$tmp/k2002.c"'
expect "kunit: BITS_PER_LONG=64 builds and passes its 10018 inputs" \
	'[ "$(kunit_run "$tmp/k2002.c" 64)" = "cases 1 checked 10018 failed 0" ]'
expect "kunit: BITS_PER_LONG=32 builds without it (no case)" \
	'[ "$(kunit_run "$tmp/k2002.c" 32)" = "cases 0 checked 0 failed 0" ]'
# a file with both: the 32-bit sequence of param_acc.c (u32, built
# everywhere) and a 64-bit one in unsigned long under no #if (a long's
# word: 64 bits on 64-bit kernels only); python: the 64-bit one is
# 0x9e37fffffffc0001
{ sed 1d $fx/param_acc.c
  printf '%s\n' '' '/* GOLDEN_RATIO_PRIME 0x9e37fffffffc0001 */' \
	'static inline unsigned long hash_long2(unsigned long hash)' '{' \
	'	unsigned long n = hash;' '' '	n <<= 18;' '	hash -= n;' \
	'	n <<= 33;' '	hash -= n;' '	n <<= 3;' '	hash += n;' '	n <<= 3;' \
	'	hash -= n;' '	n <<= 4;' '	hash += n;' '	n <<= 2;' '	hash += n;' \
	'	return hash;' '}'; } > "$tmp/both.c"
sed 's/unsigned long/u64/g' "$tmp/both.c" > "$tmp/both64.c"
expect "python: hash_long2 is 0x9e37fffffffc0001" \
	'[ "$(ceval "$tmp/both64.c" hash_long2 linear)" = "linear 0x9e37fffffffc0001" ]'
$cfx review --emit kunit "$tmp/both.c" > "$tmp/kboth.c"
expect "kunit: u32 and unsigned long sequences: 64 runs both" \
	'[ "$(kunit_run "$tmp/kboth.c" 64)" = "cases 2 checked 20036 failed 0" ]'
expect "kunit: 32 runs the u32 one only" \
	'[ "$(kunit_run "$tmp/kboth.c" 32)" = "cases 1 checked 10018 failed 0" ]'

# ---- 4. a two-patch series: which constant replaces which, in order --------
g="$tmp/series"
mkdir "$g" && (cd "$g" && git init -q && mkdir lib &&
	printf '#include <linux/types.h>\n\n/* hash of an object id */\n#define OBJ_HASH_MULT 0x9e3779b9U\n' > lib/obj.c &&
	git add lib/obj.c && git -c user.email=t@t -c user.name=t commit -qm base &&
	sed -i 's/0x9e3779b9U/0x61c88647U/' lib/obj.c &&
	git -c user.email=t@t -c user.name=t commit -qam 'obj: the negated golden multiplier' &&
	sed -i 's/0x61c88647U/0x9e370001U/' lib/obj.c &&
	git -c user.email=t@t -c user.name=t commit -qam 'obj: a sparse multiplier' &&
	git format-patch -q --stdout HEAD~2 > ../series.mbox)
# what each commit replaces, read back from git
old1=$(git -C "$g" show HEAD~1 | sed -n 's/^-#define OBJ_HASH_MULT \(0x[0-9a-f]*\)U$/\1/p')
new1=$(git -C "$g" show HEAD~1 | sed -n 's/^+#define OBJ_HASH_MULT \(0x[0-9a-f]*\)U$/\1/p')
old2=$(git -C "$g" show HEAD | sed -n 's/^-#define OBJ_HASH_MULT \(0x[0-9a-f]*\)U$/\1/p')
new2=$(git -C "$g" show HEAD | sed -n 's/^+#define OBJ_HASH_MULT \(0x[0-9a-f]*\)U$/\1/p')
l=$(grep -n OBJ_HASH_MULT "$g/lib/obj.c" | cut -d: -f1)
expect "git: two mails; patch 1 $old1 -> $new1, patch 2 $old2 -> $new2" \
	'[ "$(grep -c "^From [0-9a-f]\{40\} " "$tmp/series.mbox")" = 2 ] && [ -n "$old1" ] && [ "$new1" = "$old2" ] && [ -n "$new2" ]'
$cfx review - < "$tmp/series.mbox" > "$tmp/se"
expect "series: patch 1/2 says $new1 replaces $old1" \
	'grep -q "^lib/obj.c:$l: NOTE: patch 1/2: $new1 replaces ${old1}U (line $l of the old file)$" "$tmp/se"'
expect "series: patch 2/2 says $new2 replaces $new1, which patch 1/2 adds" \
	'grep -q "^lib/obj.c:$l: NOTE: patch 2/2: $new2 replaces ${old2}U (line $l of the old file), which patch 1/2 adds (lib/obj.c:$l)$" "$tmp/se"'
# the verdicts: patch 1's (against $old1), then patch 2's (against $old2)
at() { grep -n -- "$1" "$tmp/se" | head -1 | cut -d: -f1; }
order="$(at "NOTE: patch 1/2") $(at "$new1: PASS.* it replaces $old1\|$new1 replaces $old1: FAIL") $(at "NOTE: patch 2/2") $(at "$new2: PASS.* it replaces $old2\|$new2 replaces $old2: FAIL")"
expect "series: in the order of the series, each verdict against its own old constant (lines $order)" \
	'[ "$(echo $order | wc -w)" = 4 ] && [ "$(echo $order | tr " " "\n" | sort -n | tr "\n" " ")" = "$order " ]'
$cfx review --json - < "$tmp/series.mbox" > "$tmp/se.json"
expect "series --json: each multiplier its patch and what it replaces" 'python3 -c "
import json, sys
ms = json.load(open(sys.argv[1]))[\"files\"][0][\"multipliers\"]
got = [(m[\"patch\"], hex(int(m[\"value\"])), hex(int(m[\"replaces\"]))) for m in ms]
assert got == [(1, \"$new1\", \"$old1\"), (2, \"$new2\", \"$old2\")], got
" "$tmp/se.json"'

# ---- 5. hash_ptr(p * 0x9e370001u): the word said is the word judged -------
printf '%s\n' '#include <linux/hash.h>' \
	'static u32 obj_bucket(const void *p)' '{' \
	'	return hash_ptr((void *)((unsigned long)p * 0x9e370001u), 10);' '}' > "$tmp/hp.c"
# the C compiler: the product's width (LP64 here)
printf '%s\n' '#include <stdio.h>' 'int main(void) { const void *p = 0;' \
	'printf("%zu\n", 8 * sizeof((unsigned long)p * 0x9e370001u)); return 0; }' > "$tmp/hpw.c"
cw=$(cc -o "$tmp/hpw" "$tmp/hpw.c" && "$tmp/hpw")
$cfx review "$tmp/hp.c" > "$tmp/hp"
said=$(sed -n 's/.*: NOTE: 0x[0-9a-f]*: \([0-9]*\)-bit multiplier (.*/\1/p' "$tmp/hp")
# the first verdict is the constant's own; a second, on 32-bit words, is
# the product the keys meet where long is 32 bits (review/ilp32.sh)
judged=$(sed -n 's/.*: 0x[0-9a-f]*: \(PASS\|FAIL\), .* \([0-9]*\)-bit words.*/\2/p' "$tmp/hp" | head -1)
p32=$(python3 -c 'print("0x%08x" % (0x9e370001 * 0x61C88647 % 2**32))')
expect "hash_ptr on 32-bit longs: the product $p32 judged on 32-bit words" \
	'grep -q ": $p32: \(PASS\|FAIL\), .* 32-bit words" "$tmp/hp"'
expect "hash_ptr: cc computes the product in $cw bits; cfx says $said, judges at $judged" \
	'[ "$cw" = 64 ] && [ "$said" = "$cw" ] && [ "$judged" = "$cw" ]'
expect "hash_ptr: the reason names hash_ptr() and what it is over" \
	'grep -q "64-bit multiplier (hash_ptr() at line 4 hashes 64-bit words (a long.s), over 32 bits by " "$tmp/hp"'

# ---- 6. #if's nested past what review reads: the limit and its line -------
python3 -c "
print('#include <linux/types.h>')
for i in range(10000): print('#if BITS_PER_LONG == 64')
print('#define HASH_MULT 0x9e3779b97f4a7c15UL')
for i in range(10000): print('#endif')" > "$tmp/nest.c"
# python: the line of the 33rd #if (the first past 32) and of the define
read -r deep def < <(python3 -c "
ls = open('$tmp/nest.c').read().split('\n')
ifs = [i + 1 for i, l in enumerate(ls) if l.startswith('#if')]
print(ifs[32], next(i + 1 for i, l in enumerate(ls) if l.startswith('#define')))")
$cfx review "$tmp/nest.c" > "$tmp/ne"
expect "10000 nested #if's: a CHECK at the define (line $def) naming the limit, 32, and where it begins (python: line $deep)" \
	'grep -q "^$tmp/nest.c:$def: CHECK: inside 10000 nested #if.s: review reads the words of the first 32 only; the one at depth 33 opens at line $deep," "$tmp/ne" &&
	 grep -q "^$tmp/nest.c:$def: NOTE: HASH_MULT = .*; the #if.s nested past 32 levels, from line $deep, are not read)" "$tmp/ne"'

# ---- 7. a body's claims said once a clause; counts in their number ----------
printf 'From 019da4c61907144c6e55518219b4469258c9ea99 Mon Sep 17 00:00:00 2001\nFrom: A Developer <dev@example.org>\nSubject: [PATCH] lib/obj: a new multiplier\n\nIt is fast on x86 and gives a good distribution.\n\n---\ndiff --git a/lib/obj.c b/lib/obj.c\n--- a/lib/obj.c\n+++ b/lib/obj.c\n@@ -1,2 +1,2 @@\n #include <linux/types.h>\n-#define OBJ_HASH_MULT 0x9e3779b9U\n+#define OBJ_HASH_MULT 0x9e370001U\n' > "$tmp/body.patch"
$cfx review "$tmp/body.patch" > "$tmp/bo"
expect "body: one CHECK for the clause of three unchecked claims, naming all three" \
	'[ "$(grep -c "^$tmp/body.patch:5: CHECK: " "$tmp/bo")" = 1 ] &&
	 grep -q "^$tmp/body.patch:5: CHECK: not checked: 0x9e370001 (lib/obj.c:2): \"It is fast on x86 and gives a good distribution\": a speed claim on a named target, a distribution claim and a judgement; " "$tmp/bo"'
$cfx review --emit reply "$tmp/body.patch" > "$tmp/bor"
expect "body: the reply says it once" \
	'[ "$(grep -c "^\* \(Worst beside it: \)\?Not checked: " "$tmp/bor")" = 1 ]'
# gp: the run of 1s after a0 of 0xb0000001/2^32 (and of 1 - x)
read -r r1 r2 < <(printf '%s\n' 'f(p) = my(v = contfrac(p / 2^32), k = 0); while (k + 2 <= #v && v[k + 2] == 1, k++); k;' \
	'print(f(0xb0000001), " ", f(2^32 - 0xb0000001))' | gp -q -f)
printf '/* close to phi; golden prefix 1 */\n#define HASH_MULT 0xb0000001U\n' > "$tmp/one.c"
$cfx review "$tmp/one.c" > "$tmp/one"
expect "gp: 0xb0000001/2^32 has $r1 quotient 1 after a0 (1 - x: $r2)" '[ "$r1" = 1 ] && [ "$r2" = 0 ]'
expect "one quotient: 'only 1 quotient after a0 of x is 1', 'the first 1 quotient after a0 is 1'" \
	'grep -q "WARNING: not close to phi as claimed: only 1 quotient after a0 of x is 1 (" "$tmp/one" &&
	 grep -q "NOTE: golden prefix 1: confirmed, the first 1 quotient after a0 is 1$" "$tmp/one"'
expect "the summary: 1 error, 1 warning, ... 1 multiplier" \
	'tail -1 "$tmp/one" | grep -q "^total: 1 error, 1 warning, 0 checks, 2 notes; 1 multiplier$"'
cat "$tmp"/nl "$tmp"/sw "$tmp"/pa "$tmp"/se "$tmp"/hp "$tmp"/ne "$tmp"/bo "$tmp"/one > "$tmp/all"
expect "no count of 1 with a plural noun in any output of this suite" \
	'! grep -Eq "(^|[^0-9.^x])1 (errors|warnings|checks|notes|multipliers|quotients|terms|shifts|additions)([^a-z]|$)" "$tmp/all"'

done_suite trial
