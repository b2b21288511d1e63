#!/bin/bash
# cfx review as a reviewer uses it (issue 23, session 14): the 2002 mail
# as posted (seed 000's first message, its context lines as the archive
# kept them), the 2016 hash.h rework, and patches that each hide one
# fault a reviewer would miss.  Each fault is held against an independent
# computation: python evaluates the open-coded sequences and the
# expansions (fractions), the C compiler runs the patch's own code
# (-fsanitize=undefined for the shifts, -fsanitize=bounds for the index).
#  a. an open-coded sequence off by one shift, under a comment above the
#     function whose power sum runs onto a second line: the sum is read
#     whole (it was called wrong), and the sequence is held to it and to
#     the define the comment names (it was "compared with nothing")
#  b. a comment's expansion one term short (regression: it was found)
#  c. a table size and an index from *_BITS defines of two headers: the
#     index reads past the table (it was a PASS, exit 0); a *_BITS of
#     another header larger than the word: a negative shift count
#  d. the 2016 rework: an old define whose value is a name was printed
#     "GO" (the name cut at its first L as if a suffix)
#  e. the 2002 mail: its constants FAIL against the ones they replace, the
#     64-bit sequence is proved equal to 0x9e37fffffffc0001, the claims
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"
# newline FILE PATTERN: the new side's line of the first '+' line matching
# PATTERN (awk, from the hunk headers)
newline() {
	awk -v pat="$2" '/^@@/ { split($3, h, ","); n = substr(h[1], 2) - 1; next }
		/^[+ ]/ { n++ } /^\+/ && index($0, pat) { print n; exit }' "$1"
}
# seqval FILE: python's value of the open-coded sequence of FILE's '+'
# lines (hash = page; n = hash; n <<= k; hash -= n; ...) mod 2^64
seqval() {
	python3 - "$1" <<'PY'
import re, sys
hash = 1; n = None
for line in open(sys.argv[1]):
    m = re.match(r'^\+\s*(?:unsigned long )?(hash|n)\s*(<<=|-=|\+=|=)\s*(\w+);', line)
    if not m: continue
    v, op, rhs = m.groups()
    val = {'page': 1, 'hash': hash, 'n': n}.get(rhs)
    if val is None: val = int(rhs, 0)
    cur = hash if v == 'hash' else n
    if op == '=': cur = val
    elif op == '<<=': cur = cur << val
    elif op == '-=': cur = cur - val
    elif op == '+=': cur = cur + val
    cur %= 2**64
    if v == 'hash': hash = cur
    else: n = cur
print('0x%016x' % hash)
PY
}

# ---- a. a sequence off by one shift ----------------------------------------------
f=$fx/seq_shift.patch
got=$(seqval $f)
want=$(python3 -c "print('0x%016x' % ((2**63 + 2**61 - 2**57 + 2**54 - 2**51 - 2**18 + 1) % 2**64))")
lc=$(newline $f '2^63 + 2^61')
ls=$(newline $f 'unsigned long hash = page;')
expect "python: the sequence computes $got, the comment's sum (lines $lc-$((lc + 1))) $want" \
	'[ "$got" != "$want" ] && [ "$want" = 0x9e37fffffffc0001 ]'
review $f
expect "the sum over two lines read whole: confirmed at line $lc, no 'power sum wrong'" \
	'grep -q "page_hash.c:$lc: NOTE: .*power sum confirmed: 2^63 + 2^61 - 2^57 + 2^54 - 2^51 - 2^18 + 1 = 0x9e37fffffffc0001" "$tmp/o" && ! grep -q "power sum wrong" "$tmp/o"'
expect "the sequence held to the sum of the comment above the function: an ERROR, input 1 differs ($got)" \
	'grep -q "page_hash.c:$ls: ERROR: the shift/add sequence computes page \* $got mod 2^64, not \* 0x9e37fffffffc0001 as claimed by 2^63 + 2^61 - 2^57 + 2^54 - 2^51 - 2^18 + 1 (its comment, line $lc): the smallest input that differs is page = 1" "$tmp/o"'
expect "and to the define the comment names; exit 1; not 'names no constant'" \
	'grep -q "as claimed by GOLDEN_RATIO_PRIME_64 = 0x9e37fffffffc0001ULL" "$tmp/o" && ! grep -q "name no constant" "$tmp/o" && [ "$(rc)" = 1 ]'
# the comment on one line, inside the function: the same verdict (control)
sed -e '/^+ \* page \* GOLDEN/,/^+ \*\//d' -e 's/^+{$/+{\n+\t\/* GOLDEN_RATIO_PRIME_64: 2^63 + 2^61 - 2^57 + 2^54 - 2^51 - 2^18 + 1 *\//' \
	-e '/^+\/\*$/d' $f > "$tmp/in.patch"
n=$(awk 'NR > 4 && /^[+ ]/' "$tmp/in.patch" | wc -l)
sed -i "s/^@@ -1,3 +1,[0-9]* @@/@@ -1,3 +1,$n @@/" "$tmp/in.patch"
review "$tmp/in.patch"
expect "control: the comment inside the function, one line: the same ERROR" \
	'grep -q "ERROR: the shift/add sequence computes page \* $got mod 2^64, not \* 0x9e37fffffffc0001" "$tmp/o" && ! grep -q "WARNING\|power sum wrong" "$tmp/o"'
# the sum broken after a sign ("2^54 -" / "2^51 ..."): read whole too
sed -e 's/^+ \* page \* GOLDEN_RATIO_PRIME_64, open-coded: 2^63 + 2^61 - 2^57 + 2^54$/+ * page * GOLDEN_RATIO_PRIME_64, open-coded: 2^63 + 2^61 - 2^57 + 2^54 -/' \
	-e 's/^+ \* - 2^51 - 2^18 + 1, the shifts/+ * 2^51 - 2^18 + 1, the shifts/' $f > "$tmp/sign.patch"
review "$tmp/sign.patch"
expect "the sum broken after a sign: read whole" \
	'grep -q "power sum confirmed: 2^63 + 2^61 - 2^57 + 2^54 - 2^51 - 2^18 + 1 = 0x9e37fffffffc0001" "$tmp/o" && ! grep -q "power sum wrong" "$tmp/o"'
# a comment line after a sum that starts with a dash and a word is no
# more of the sum (a list item)
printf '/*\n * 2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1\n * - the multiplier of the table below\n */\n#define LIST_MULT 0x9e370001U\nu32 f(u32 x) { return (x * LIST_MULT) >> 22; }\n' > "$tmp/list.c"
review "$tmp/list.c"
expect "a list item's dash after the sum: the sum alone, confirmed" \
	'grep -q "power sum confirmed: 2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1 = 0x9e370001" "$tmp/o"'

# ---- b. an expansion one term short ------------------------------------------------
f=$fx/cf_term.patch
read -r true_cf claimed_n true_n <<< "$(python3 - $f <<'PY'
import re, sys
from fractions import Fraction
t = open(sys.argv[1]).read()
lst = re.search(r'\[0;([^\]]*)\]', t.replace('\n+ *', ' ')).group(1)
claimed = [0] + [int(x) for x in lst.replace(',', ' ').split()]
x = Fraction(0x9e3779b1, 2**32); cf = []
while True:
    a = x.numerator // x.denominator; cf.append(a)
    if x == a: break
    x = 1 / (x - a)
print(','.join(map(str, cf)), len(claimed), len(cf))
PY
)"
review $f
expect "python: the comment's list has $claimed_n terms, 0x9e3779b1/2^32 has $true_n; review says a term is missing, with the true expansion" \
	'[ $((claimed_n + 1)) = "$true_n" ] && grep -q "WARNING: continued fraction wrong: term a_[0-9]* = 1 is missing; it is $(echo $true_cf | sed "s/,/, /g")" "$tmp/o" && [ "$(rc)" = 1 ]'

# ---- c. the table and the index from *_BITS of two headers ----------------------------
f=$fx/bits_header.patch
# the C compiler: the patch's own code (its three files' lines) with
# -fsanitize=bounds, over every u32 step of 4099
{
	echo '#include <stdint.h>'
	echo 'typedef uint32_t u32; struct hlist_head { void *first; };'
	sed -n 's/^+\(#define .*\)/\1/p' $f
	sed -n '/^+++ b\/net\/sess.c/,$ { /^+++/d; s/^+//p; }' $f | grep -v '^#\|^int sess_init'
	echo 'int main(void) { unsigned long s = 0; for (uint64_t k = 0; k < 1ull << 32; k += 4099) s += (unsigned long)(sess_bucket((u32)k) - sess_table); return s == 0; }'
} > "$tmp/c.c"
oob=$(cc -O0 -fsanitize=bounds -o "$tmp/c" "$tmp/c.c" 2>/dev/null && "$tmp/c" 2>&1 >/dev/null | grep -c "out of bounds")
read -r hb tb <<< "$(sed -n 's/^+#define SESS_HASH_BITS \([0-9]*\)/\1/p; s/^+#define SESS_TABLE_BITS \([0-9]*\)/\1/p' $f | sort -rn | tr '\n' ' ')"
l=$(newline $f 'return &sess_table')
review $f
expect "cc -fsanitize=bounds: sess_bucket() reads past sess_table ($oob reports); the index takes $hb bits, the table 2^$tb" \
	'[ "$oob" -ge 1 ] && [ "$hb" -gt "$tb" ]'
expect "an ERROR at line $l: the index of $hb bits past a table of $((1 << tb)) entries; exit 1" \
	'grep -q "sess.c:$l: ERROR: sess_table\[\] is indexed at line $l by a hash of $hb bits (0 .. 2^$hb - 1), but it has $((1 << tb)) entries (1 << SESS_TABLE_BITS = $tb, line [0-9]*): the keys whose index is $((1 << tb)) or more read past its end" "$tmp/o" && [ "$(rc)" = 1 ]'
# the same with the table as big as the index: no ERROR (control)
sed 's/SESS_TABLE_BITS 10/SESS_TABLE_BITS 12/' $f > "$tmp/fit.patch"
review "$tmp/fit.patch"
expect "control: a table of 2^12 for a 12-bit index: no ERROR, exit 0" \
	'! grep -q "ERROR" "$tmp/o" && [ "$(rc)" = 0 ]'
# a *_BITS of 36 in the other header: 32 - 36 is a negative count (ubsan)
sed 's/SESS_HASH_BITS 12/SESS_HASH_BITS 36/' $f > "$tmp/neg.patch"
{
	echo '#include <stdint.h>'
	echo 'typedef uint32_t u32; struct hlist_head { void *first; };'
	sed -n 's/^+\(#define .*\)/\1/p' "$tmp/neg.patch"
	echo 'u32 b(u32 id) { return (id * SESS_MULT) >> (32 - SESS_HASH_BITS); }'
	echo 'int main(int c, char **v) { (void)v; return (int)b((u32)c) & 1; }'
} > "$tmp/n.c"
nu=$(cc -w -O0 -fsanitize=undefined -o "$tmp/n" "$tmp/n.c" 2>/dev/null && "$tmp/n" 2>&1 | grep -c "shift exponent -4 is negative")
review "$tmp/neg.patch"
expect "ubsan: >> (32 - 36) is a negative shift ($nu); review: an ERROR at line $l, not judged, exit 1" \
	'[ "$nu" -ge 1 ] && grep -q "sess.c:$l: ERROR: >> (32 - SESS_HASH_BITS = 36) at line $l shifts by 32 - 36 = -4, a negative count: undefined behaviour" "$tmp/o" && ! grep -q ": PASS\|: FAIL" "$tmp/o" && [ "$(rc)" = 1 ]'

# ---- d. the 2016 hash.h rework -----------------------------------------------------
f=$fx/hash2016.patch
# python: the old side's GOLDEN_RATIO_PRIME_32 and _64 (what the renamed
# defines replace), and whether 0x61C88647 is prime (gp)
read -r o32 o64 <<< "$(python3 -c "
import re
t = open('$f').read()
v = dict(re.findall(r'^-#define (GOLDEN_RATIO_PRIME_(?:32|64)) (0x[0-9a-fA-F]+)', t, re.M))
print('0x%08x' % int(v['GOLDEN_RATIO_PRIME_32'], 16), '0x%016x' % int(v['GOLDEN_RATIO_PRIME_64'], 16))")"
pr=$(echo 'print(isprime(0x61C88647))' | gp -q -f 2>/dev/null)
review $f
expect "python: the old names were $o32 and $o64; review names them whole with their values" \
	'grep -q "NOTE: replaces GOLDEN_RATIO_PRIME_32 = $o32 (line [0-9]* of the old file)" "$tmp/o" && grep -q "NOTE: replaces GOLDEN_RATIO_PRIME_64 = $o64 (line [0-9]* of the old file)" "$tmp/o" && grep -q "it replaces GOLDEN_RATIO_PRIME_32, which FAILs" "$tmp/o" && ! grep -q "replaces GO,\|replaces GO " "$tmp/o"'
expect "'not actually prime any more' (gp: isprime $pr): confirmed, of GOLDEN_RATIO_32, which GOLDEN_RATIO_PRIME stands for" \
	'[ "$pr" = 0 ] && grep -q "GOLDEN_RATIO_PRIME = GOLDEN_RATIO_32 = 0x61c88647 (line [0-9]*): not prime: confirmed, $(gpfactors 0x61C88647)$" "$tmp/o"'
expect "the new constants PASS, the hunk read whole (no hunk warning)" \
	'grep -q "0x61c88647: PASS" "$tmp/o" && grep -q "0x61c8864680b583eb: PASS" "$tmp/o" && ! grep -q "hunk header" "$tmp/o"'

# ---- e. the 2002 mail as posted ------------------------------------------------------
f=$fx/seed2002.mail
# python: the filemap.c sequence of the mail, the 32-bit comment's
# expansion (fractions) and where the 64-bit one stops being phi's
want64=$(python3 - $f <<'PY'
import re, sys
hash = 1; n = None
t = open(sys.argv[1]).read()
body = t[t.index('+static inline wait_queue_head_t'):]
for line in body.splitlines():
    m = re.match(r'^\+\s*(hash|n)\s*(<<=|-=|\+=|=)\s*(\w+);', line)
    if not m: continue
    v, op, rhs = m.groups()
    val = {'hash': hash, 'n': n}.get(rhs, None)
    cur = hash if v == 'hash' else n
    if op == '=': cur = val
    elif op == '<<=': cur <<= int(rhs)
    elif op == '-=': cur -= val
    elif op == '+=': cur += val
    cur %= 2**64
    if v == 'hash': hash = cur
    else: n = cur
print('0x%016x' % hash)
PY
)
cf32=$(python3 -c "
from fractions import Fraction
x = Fraction(0x9e370001, 2**32); cf = []
while True:
    a = x.numerator // x.denominator; cf.append(a)
    if x == a: break
    x = 1 / (x - a)
print(', '.join(map(str, cf)))")
review $f
expect "python: the mail's sequence is $want64; review proves the same" \
	'[ "$want64" = 0x9e37fffffffc0001 ] && grep -q "NOTE: proved: the shift/add sequence (lines [0-9-]*) computes hash = page \* $want64 mod 2^64" "$tmp/o"'
expect "both constants FAIL where the ones they replace passed; exit 1" \
	'grep -q "ERROR: 0x9e370001 replaces 2654435761: FAIL where the old one passed" "$tmp/o" && grep -q "ERROR: 0x9e37fffffffc0001 replaces 11400714819323198549: FAIL where the old one passed" "$tmp/o" && [ "$(rc)" = 1 ]'
expect "the 32-bit expansion: its trailing 0 named, the terms before it python's ($cf32)" \
	'grep -q "WARNING: continued fraction: the claimed expansion ends with a term 0 that is not there (a 0 quotient cannot follow a0); the 30 terms before it are right: $cf32" "$tmp/o"'
expect "the plural comment's findings name each define's line" \
	'l32=$(grep -n "^+#define GOLDEN_RATIO_PRIME 0x9e370001UL" $f | cut -d: -f1); grep -q "NOTE: GOLDEN_RATIO_PRIME = 0x9e370001 (line [0-9]*): prime: confirmed" "$tmp/o" && grep -q "NOTE: GOLDEN_RATIO_PRIME = 0x9e37fffffffc0001 (line [0-9]*): prime: confirmed" "$tmp/o"'

# the mail's body says "prime" on several lines: review confirms each
# number once (gp's isprime), at the body's first line that says it (the
# lines before the diff, read by python), not at every mention
m=$f
review "$m"
read -r first nsay < <(python3 - "$m" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
end = next(i for i, l in enumerate(lines) if l.startswith("--- ") or l.startswith("diff "))
says = [i + 1 for i, l in enumerate(lines[:end]) if re.search(r"\bprimes?\b", l, re.I)]
print(says[0], len(says))
PY
)
for c in 0x9e370001 0x9e37fffffffc0001; do
	pr=$(echo "print(isprime($c))" | gp -q -f)
	expect "$(basename "$m"): the body says prime on $nsay lines; $c (gp: isprime $pr) confirmed once, at line $first" \
		'[ "$pr" = 1 ] && [ "$nsay" -ge 2 ] && [ "$(grep -c "^$m:[0-9]*: NOTE: $c (.*): prime: confirmed (proven)$" "$tmp/o")" = 1 ] &&
		 grep -q "^$m:$first: NOTE: $c (.*): prime: confirmed (proven)$" "$tmp/o"'
done

done_suite reviewer
