#!/bin/bash
# cfx review: a right shift of a product by its whole width or more
# selects no table (issue 23, session 14).  (key * 0x9e3779b1u) >> 32 on
# a u32 key is undefined in C; it was said (an ERROR) yet the multiplier
# was judged PASS "on 32-bit words" as if the shift selected a table.
# Each case is compiled by the C compiler as the oracle: gcc -Wall names
# the shift "count >= width of type", and -fsanitize=undefined reports
# it at run time ("shift exponent N is too large for M-bit type"); a
# control with a defined shift is judged at the table python computes.
# Also: findings of one comment over two defines of one name (#if/#else)
# name each define's line; the reply's word line in plain words.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"
lineof() { grep -n -- "$2" "$1" | head -1 | cut -d: -f1; }

# ubsan FILE FN TYPE: compile FILE's function FN (TYPE FN(TYPE)) with
# -fsanitize=undefined, call it on a few keys; its runtime errors
ubsan() {
	{
		echo '#include <stdint.h>'
		echo '#include <stdio.h>'
		echo 'typedef uint32_t u32; typedef uint64_t u64;'
		cat "$1"
		echo "int main(void) { volatile $3 s = 0; for ($3 k = 1; k < 1000; k += 7) s += $2(k); printf(\"%llu\\n\", (unsigned long long)s); return 0; }"
	} > "$tmp/u.c"
	cc -w -O0 -fsanitize=undefined -o "$tmp/u" "$tmp/u.c" 2> /dev/null &&
		"$tmp/u" 2>&1 >/dev/null | grep -c "runtime error: shift exponent"
}
# gccwarn FILE: gcc -Wall's shift-count warnings on FILE
gccwarn() {
	{ echo '#include <stdint.h>'; echo 'typedef uint32_t u32; typedef uint64_t u64;'; cat "$1"; } > "$tmp/w.c"
	cc -Wall -c -o "$tmp/w.o" "$tmp/w.c" 2>&1 | grep -c "shift count >= width of type"
}

# ---- 1. a shift by the width or more: an ERROR at its line, never judged -----
# NAME|FUNCTION|KEY TYPE|the shift's text|the code
cases=(
'lit32|bucket_of|u32|>> 32|static u32 bucket_of(u32 key)
{
	return (key * 0x9e3779b1u) >> 32;
}'
'lit33|bucket_of|u32|>> 33|static u32 bucket_of(u32 key)
{
	return (key * 0x9e3779b1u) >> 33;
}'
'lit64|bucket_of|u64|>> 64|static u64 bucket_of(u64 key)
{
	return (key * 0x9e3779b97f4a7c15ull) >> 64;
}'
'macro|bucket_of|u32|>> HSHIFT|#define HSHIFT 32
static u32 bucket_of(u32 key)
{
	return (key * 0x9e3779b1u) >> HSHIFT;
}'
'define|bucket_of|u32|>> 32|#define GOLDEN 0x9e3779b1u
static u32 bucket_of(u32 key)
{
	return (key * GOLDEN) >> 32;
}'
'kept|bucket_of|u32|h >> 32|static u32 bucket_of(u32 key)
{
	u32 h = key * 0x9e3779b1u;
	return h >> 32;
}'
'inplace|bucket_of|u32|key >> 32|#define GOLDEN 0x9e3779b1u
static u32 bucket_of(u32 key)
{
	key *= GOLDEN;
	return key >> 32;
}'
'minus0|bucket_of|u32|>> (32 - HBITS)|#define HBITS 0
static u32 bucket_of(u32 key)
{
	return (key * 0x9e3779b1u) >> (32 - HBITS);
}'
'seq|bucket_of|u32|hash >> 32|static u32 bucket_of(u32 key)
{
	u32 hash = key, n = key;
	n <<= 3;
	hash += n;
	n <<= 7;
	hash -= n;
	return hash >> 32;
}'
)
for c in "${cases[@]}"; do
	IFS='|' read -r name fn kt shift code <<< "$c"
	code=${c#*|*|*|*|}
	printf '%s\n' "$code" > "$tmp/$name.c"
	l=$(lineof "$tmp/$name.c" "$shift")
	nw=$(gccwarn "$tmp/$name.c")
	nu=$(ubsan "$tmp/$name.c" "$fn" "$kt")
	expect "$name: gcc -Wall warns of the shift at line $l ($nw), ubsan reports it at run time ($nu)" \
		'[ "$nw" -ge 1 ] && [ "$nu" -ge 1 ]'
	review "$tmp/$name.c"
	expect "$name: an ERROR at line $l, undefined behaviour; exit 1" \
		'grep -q "^$tmp/$name.c:$l: ERROR: .*undefined behaviour in C" "$tmp/o" && [ "$(rc)" = 1 ]'
	expect "$name: no PASS or FAIL resting on it, said not judged (no table)" \
		'! grep -q ": PASS\|: FAIL" "$tmp/o" && grep -q "NOTE: .*is not judged: .*>> .*at line $l shifts the .*-bit product by [0-9]*, its whole width or more (the ERROR there), so the code selects no table" "$tmp/o"'
	expect "$name: no table said to be indexed by it" \
		'! grep -q "index a table of\|index the table" "$tmp/o"'
done
$cfx review --json "$tmp/lit32.c" > "$tmp/j"
expect "--json: the table is none, said why, and null bits" \
	'python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))[\"files\"][0][\"multipliers\"][0]
sys.exit(not (m[\"table_bits\"] is None and m[\"table_why\"].startswith(\"none: >> 32 at line 3\")))" "$tmp/j"'

# hash_32(x, 0): the kernel's hash_32() shifts its u32 product by 32 - 0
# (its generic form, compiled with the key's call)
cat > "$tmp/h0.c" <<'C'
static inline u32 hash_32(u32 val, unsigned int bits)
{
	return (u32)(val * 0x61C88647u) >> (32 - bits);
}
C
printf 'static u32 f(u32 key)\n{\n\treturn hash_32(key * 0x9e3779b1u, 0);\n}\n' > "$tmp/h0call.c"
cat "$tmp/h0.c" "$tmp/h0call.c" > "$tmp/h0all.c"
nu=$(ubsan "$tmp/h0all.c" f u32)
expect "ubsan: the kernel's hash_32(x, 0) shifts by 32 ($nu reports)" '[ "$nu" -ge 1 ]'
review "$tmp/h0call.c"
expect "hash_32(key * C, 0): an ERROR at line 3, not judged, no composite judged" \
	'grep -q "h0call.c:3: ERROR: hash_32(..., 0) at line 3 asks for a table of 2^0: .*undefined behaviour" "$tmp/o" && ! grep -q ": PASS\|: FAIL\|judged here" "$tmp/o" && [ "$(rc)" = 1 ]'

# ---- 2. the rest of the code gives the table: judged there ------------------
cat > "$tmp/two.c" <<'C'
#define GOLDEN 0x9e3779b1u
static u32 broken(u32 key)
{
	return (key * GOLDEN) >> 32;
}
static u32 bucket(u32 key)
{
	return (key * GOLDEN) >> (32 - 10);
}
C
nw=$(gccwarn "$tmp/two.c")
review "$tmp/two.c"
expect "one use by 32 (gcc: $nw warning), one by 32 - 10: the ERROR at line 4, judged at 2^10 from line 8" \
	'[ "$nw" = 1 ] && grep -q "two.c:4: ERROR: .*undefined behaviour" "$tmp/o" && grep -q "0x9e3779b1: PASS, [0-9]* checks on 32-bit words, a table of 2^10 from >> (32 - 10) at line 8" "$tmp/o" && ! grep -q "not judged" "$tmp/o"'

# ---- 3. controls: defined shifts are judged, no ERROR -------------------------
printf 'static u32 f(u64 key)\n{\n\treturn ((u64)key * 0x9e3779b1u) >> 32;\n}\n' > "$tmp/wide.c"
printf 'static u32 f(u32 key)\n{\n\treturn (key * 0x9e3779b1u) >> 22;\n}\n' > "$tmp/ok22.c"
for f in wide ok22; do
	nw=$(gccwarn "$tmp/$f.c")
	review "$tmp/$f.c"
	expect "$f: gcc warns of nothing ($nw); no undefined behaviour said, judged" \
		'[ "$nw" = 0 ] && ! grep -q "undefined\|not judged" "$tmp/o" && grep -q ": PASS\|: FAIL" "$tmp/o"'
done
t=$(python3 -c "print(32 - 22)")
expect "ok22: a table of 2^$t (python: 32 - 22)" 'grep -q "a table of 2^$t from >> 22 at line 3" "$tmp/o"'

# ---- 4. one comment over #if / #else defines of one name ----------------------
cat > "$tmp/ifelse.patch" <<'P'
diff --git a/include/linux/hash.h b/include/linux/hash.h
--- a/include/linux/hash.h
+++ b/include/linux/hash.h
@@ -1,3 +1,10 @@
 #include <linux/types.h>
 
+/* Both multipliers are prime and have seven terms in their NAF. */
+#if BITS_PER_LONG == 32
+#define GOLDEN_RATIO_PRIME 0x9e370001UL
+#else
+#define GOLDEN_RATIO_PRIME 0x9e37fffffffc0001UL
+#endif
+
 #define HASH_X 1
P
# the new side's lines (awk over the hunk) and gp's primality and NAFs
read -r lc l32 l64 <<< "$(awk '/^@@/ { split($3, h, ","); n = substr(h[1], 2) - 1; next }
	/^[+ ]/ { n++ } /^\+\/\* Both/ || /^\+#define GOLDEN_RATIO_PRIME/ { printf "%d ", n }' "$tmp/ifelse.patch")"
read -r p32 p64 <<< "$(echo 'print(isprime(0x9e370001), " ", isprime(0x9e37fffffffc0001))' | gp -q -f 2>/dev/null)"
IFS=' ' read -r w32 w64 <<< "$(python3 -c "
import sys; sys.path.insert(0, 'tests/review'); from lib_naf import naf
print(len(naf(0x9e370001)), len(naf(0x9e37fffffffc0001)))")"
review "$tmp/ifelse.patch"
expect "#if/#else: both findings at the comment's line $lc, each naming its define's line ($l32, $l64; gp prime $p32 $p64, NAF $w32 $w64 terms)" \
	'[ "$p32$p64" = 11 ] && [ "$w32$w64" = 77 ] &&
	 grep -q "hash.h:$lc: NOTE: GOLDEN_RATIO_PRIME = 0x9e370001 (line $l32): prime: confirmed" "$tmp/o" &&
	 grep -q "hash.h:$lc: NOTE: GOLDEN_RATIO_PRIME = 0x9e37fffffffc0001 (line $l64): prime: confirmed" "$tmp/o" &&
	 grep -q "hash.h:$lc: NOTE: GOLDEN_RATIO_PRIME = 0x9e370001 (line $l32): 7 terms: confirmed" "$tmp/o" &&
	 grep -q "hash.h:$lc: NOTE: GOLDEN_RATIO_PRIME = 0x9e37fffffffc0001 (line $l64): 7 terms: confirmed" "$tmp/o"'

# ---- 5. the reply says what the word note checked, in plain words -------------
$cfx review --emit reply "$tmp/ifelse.patch" > "$tmp/r"
# its items unwrapped: one a line
awk '/^\* / { if (s != "") print s; s = $0; next } /^  / && s != "" { sub(/^ +/, " "); s = s $0; next }
	{ if (s != "") print s; s = "" } END { if (s != "") print s }' "$tmp/r" > "$tmp/items"
expect "reply: 'OK: 32-bit word, as the #if says (#if BITS_PER_LONG == 32 (line $((l32 - 1)))', and the #else's 64; no hunk warning" \
	'grep -q "^\* OK: 32-bit word, as the #if says (#if BITS_PER_LONG == 32 (line $((l32 - 1)))" "$tmp/items" &&
	 grep -q "^\* OK: 64-bit word, as the #else says (#else of BITS_PER_LONG == 32 (line $((l64 - 1)))" "$tmp/items" &&
	 ! grep -q "word confirmed\|Warning" "$tmp/r" && [ "$(awk "length > 72" "$tmp/r" | wc -l)" = 0 ]'

done_suite shift_nothing
