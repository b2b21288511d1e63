# Shared by the tests/review suites (sourced after build/lib.sh and the cd
# to $root): the binary, the fixtures, and review ARGS, which keeps the
# reply in $tmp/o (stdout and stderr) and its status for rc.
cfx=./cfx
fx=tests/review/fixtures
p2002=lessons/2002.patch
# gpcf N K: the continued fraction of N/2^K, comma-separated, by PARI/GP's
# contfrac
gpcf() { echo "v = contfrac($1 / 2^$2); s = Str(v[1]);
for (i = 2, #v, s = concat(s, concat(\", \", Str(v[i])))); print(s)" |
	gp -q -f; }
review() { $cfx review "$@" > "$tmp/o" 2>&1; echo $? > "$tmp/rc"; }
rc() { cat "$tmp/rc"; }
# ctype FILE EXPR: the C type of EXPR in FILE, by _Generic (trial6.sh,
# round7.sh)
ctype() {
	{
		cat "$1"
		echo '#include <stdio.h>'
		echo "int main(void) { puts(_Generic(($2),"
		echo "	unsigned int: \"unsigned int\", int: \"int\","
		echo "	unsigned long: \"unsigned long\","
		echo "	unsigned long long: \"unsigned long long\","
		echo "	default: \"other\")); return 0; }"
	} > "$tmp/ct.c"
	cc -w -o "$tmp/ct" "$tmp/ct.c" && "$tmp/ct"
}
# kernel_hash FILE: the kernel's generic hash_32() and hash_64()
# (include/linux/hash.h: both return a u32) into FILE, with the includes
# and types a test program beside them needs
kernel_hash() {
	cat > "$1" <<'C'
#include <stdint.h>
#include <stdio.h>
typedef uint32_t u32; typedef uint64_t u64;
static inline u32 hash_32(u32 val, unsigned int bits)
{
	return (u32)(val * 0x61C88647u) >> (32 - bits);
}
static inline u32 hash_64(u64 val, unsigned int bits)
{
	return val * 0x61C8864680B583EBull >> (64 - bits);
}
C
}
# kpatch NAME OLD NEW CALLS...: a patch whose include/linux/hash.h
# changes define NAME from OLD to NEW, and whose lib/buckets.c is the
# lines CALLS after an #include (kernel_calls.sh, kernel_kin.sh)
kpatch() {   # kpatch NAME OLD NEW CALLS...
	local name=$1 old=$2 new=$3 c
	shift 3
	printf -- '--- a/include/linux/hash.h\n+++ b/include/linux/hash.h\n@@ -1,3 +1,3 @@\n /* hash */\n-#define %s %s\n+#define %s %s\n \n' \
		"$name" "$old" "$name" "$new"
	printf -- '--- /dev/null\n+++ b/lib/buckets.c\n@@ -0,0 +1,%d @@\n+#include <linux/hash.h>\n' $(($# + 1))
	for c in "$@"; do printf -- '+%s\n' "$c"; done
}
# table_only BITS TAB C: verify passes C on BITS-bit words at the table
# 2^TAB and fails it over its default 2^4..2^20 (a table the code shows
# decides the verdict)
table_only() {
	$cfx verify --bits "$1" --table-bits "$2" "$3" >/dev/null &&
		! $cfx verify --bits "$1" "$3" >/dev/null
}
# seq32 FILE OVER [C2 [CLAST]]: into FILE, u32 f(u32 x) computing
# x * 0x9e370001 by shifts and additions (2^31 + 2^29 - 2^25 + 2^22 - 2^19
# - 2^16 + 1), then h >> 22; OVER a comment over the function, C2 one
# beside its second step (h = x - n) and CLAST beside its last, when given
seq32() {
	local c2=${3:+"	/* $3 */"} cl=${4:+"	/* $4 */"}
	cat > "$1" <<C
#include <linux/types.h>
/* $2 */
u32 f(u32 x)
{
	u32 h, n;
	n = x << 16;
	h = x - n;$c2
	n <<= 3;
	h -= n;
	n <<= 3;
	h += n;
	n <<= 3;
	h -= n;
	n <<= 4;
	h += n;
	n <<= 2;
	h += n;$cl
	return h >> 22;
}
C
}
# max_bits FN... < C: the C source on stdin (u32 and u64 typedef'd, the
# files' own #include "foo.h" dropped) compiled with main: for each FN,
# the bits of the largest index FN(k * 2654435761) returns over 2^16 keys
# k, space-separated (call_tables.sh, cross_file.sh)
max_bits() {
	local fn
	{
		printf '#include <stdint.h>\n#include <stdio.h>\ntypedef uint32_t u32;\ntypedef uint64_t u64;\n'
		sed '/#include "foo.h"/d'
		echo 'int main(void) { u32 k, m;'
		for fn in "$@"; do
			echo "for (m = 0, k = 0; k < 1u << 16; k++) if ($fn(k * 2654435761u) > m) m = $fn(k * 2654435761u);"
			echo 'printf("%d ", m ? 32 - __builtin_clz(m) : 0);'
		done
		echo 'return 0; }'
	} > "$tmp/maxbits.c"
	cc -O1 -w -o "$tmp/maxbits" "$tmp/maxbits.c" && "$tmp/maxbits"
}
# ubsan_shift FN < C: the C source on stdin compiled under
# -fsanitize=undefined with a main calling FN(12345): the shift exponent
# ubsan reports as too large, or nothing
ubsan_shift() {
	{
		printf '#include <stdint.h>\n#include <stdio.h>\ntypedef uint32_t u32;\n'
		sed '/#include "foo.h"/d'
		echo "int main(void) { volatile u32 s = $1(12345); printf(\"%u\\n\", s); return 0; }"
	} > "$tmp/ubsan.c"
	cc -w -O0 -fsanitize=undefined -o "$tmp/ubsan" "$tmp/ubsan.c" 2>/dev/null &&
		"$tmp/ubsan" 2>&1 >/dev/null |
		sed -n 's/.*shift exponent \([0-9]*\) is too large.*/\1/p' | head -1
}
# gpfactors N: N's prime factors as review writes them, ascending, "3 x
# 5^2 x 17", by PARI/GP's factor (gp reads one line)
gpfactors() {
	local g='f = factor(N); s = ""; for (i = 1, #f~, s = concat(s,'
	g=$g' concat(if (i > 1, " x ", ""), Str(f[i, 1]))); if (f[i, 2] > 1,'
	g=$g' s = concat(s, concat("^", Str(f[i, 2]))))); print(s)'
	echo "${g/N/$1}" | gp -q -f
}
# reply_want JSON: the items "Wrong: Warning: Not checked:" that
# --emit reply gives, counted from review --json's JSON (the man page's
# rule): a multiplier's verdict (its worst finding of kind verdict), the
# worst of its other findings when above a NOTE, each finding of no
# multiplier
reply_want() {
	python3 -c "import json, re, sys
rank = ['NOTE', 'CHECK', 'WARNING', 'ERROR']
n = dict.fromkeys(rank, 0)
sys.path.insert(0, '$root/tests/review')
from verdicts import verdicts
for o in json.load(open(sys.argv[1]))['files']:
    for i in range(len(o['multipliers'])):
        fs = [f for f in o['findings'] if f['multiplier'] == i]
        v = verdicts(o, i)
        r = [f['level'] for f in fs if f['kind'] != 'verdict']
        if v:
            n[max(v, key=rank.index)] += 1
        if r and (max(r, key=rank.index) != 'NOTE' or not v):
            n[max(r, key=rank.index)] += 1
    for f in o['findings']:
        if f['multiplier'] is None:
            n[f['level']] += 1
print(n['ERROR'], n['WARNING'], n['CHECK'])" "$1"
}
# reply_got REPLY: the same items counted in the reply
reply_got() {
	local w='^\* \(Worst beside it: \)\?'
	echo "$(grep -c "${w}Wrong: " "$1") $(grep -c "${w}Warning: " "$1")" \
		"$(grep -c "${w}Not checked: " "$1")"
}
# long_hash FILE C IF EXPR: into FILE, FOO_HASH_MULT defined as C UL
# (under #if BITS_PER_LONG == IF when IF is not empty) and foo_hash() of
# an unsigned long key returning EXPR (ilp32.sh, ilp32_shift.sh)
long_hash() {
	{
		echo '#include <linux/hash.h>'
		[ -n "$3" ] && echo "#if BITS_PER_LONG == $3"
		echo "#define FOO_HASH_MULT ${2}UL"
		[ -n "$3" ] && echo '#endif'
		echo 'static inline unsigned long foo_hash(unsigned long key)'
		echo '{'
		echo "	return $4;"
		echo '}'
	} > "$1"
}
