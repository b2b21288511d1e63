#!/bin/bash
# cfx review: the faults left of issue 23's trial, a case each, each held
# against an independent computation:
#  3. "N / 2^64 is 0,1,1,..." in a comment that makes other claims was
#     silent (alone it was a CHECK): PARI/GP's contfrac
#  4. a composite claimed prime said only its least factor: PARI/GP's
#     factor() gives them all
#  5. --json gave no verdict per multiplier: cfx verify --json's
#     verdict, warned and largest family R at the same word and table
#  6. --emit reply ran to 98 lines on the 2002 patch, and its hint named
#     only the 32-bit constant: a verdict and the worst finding each
#  7. an exact right shift (n = x << 16; n >>= 3) was said to drop the
#     low bits, which are 0: python shows what is lost, the top bits
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# cdef COMMENT VALUE: into $tmp/d.c, a define of VALUE (UL) under the
# C comment COMMENT (its lines as given), used as (v * M) >> 54
cdef() {
	printf '#include <linux/types.h>\n/* %s */\n' "$1" > "$tmp/d.c"
	printf '#define A_HASH_MULT %sUL\n' "$2" >> "$tmp/d.c"
	echo 'u64 a(u64 v) { return (v * A_HASH_MULT) >> 54; }' >> "$tmp/d.c"
}

# --- 3: "N / 2^64 is 0,1,1,..." among other claims ----------------------
p=11400714819323198549
cf=$(gpcf $p 64 | tr -d ' ')
pre=$(echo "$cf" | cut -d, -f1-45)
bad=$(echo "$cf" | cut -d, -f1-42),3,2
a42=$(echo "$cf" | cut -d, -f43)
for ctx in alone multi; do
	for c in "$pre" "$bad"; do
		if [ $ctx = alone ]; then
			cdef "$p / 2^64 is $c,..." $p
		else
			cdef "This multiplier is prime.  $p / 2^64 is $c,...
 * It takes 7 shifts." $p
		fi
		review "$tmp/d.c"
		cp "$tmp/o" "$tmp/o_$ctx${c:(-1)}"
	done
	expect "$ctx: gp's first 45 terms confirmed, no CHECK left" \
		'grep -q "d.c:2: NOTE: continued fraction of $p / 2^64 \
confirmed term by term (a prefix of 45 terms)" "$tmp/o_${ctx}1" &&
		 ! grep -q "CHECK" "$tmp/o_${ctx}1"'
	expect "$ctx: a_42 claimed 3: wrong, gp's $a42 and terms beside it" \
		'grep -q "d.c:2: WARNING: continued fraction of $p / 2^64 \
wrong: term a_42 is $a42, not 3; it is $(echo "$cf" |
		 sed "s/,/, /g")" "$tmp/o_${ctx}2"'
done
expect "multi: its other claims still judged (prime, 7 shifts)" \
	'grep -q "d.c:2: NOTE: prime: confirmed" "$tmp/o_multi1" &&
	 grep -q "d.c:3: WARNING: 7 shifts claimed" "$tmp/o_multi1"'

# --- 4: a composite's factors -------------------------------------------
# two primes near 2^31 and 2^32 (rho's hardest 64-bit case), a prime
# cube times a prime, and the kernel's GOLDEN_RATIO_64 (a factor past
# 10^6): each claimed prime, each factored by gp
semi=$(echo 'print(nextprime(2^31 + 12345) * nextprime(2^32 - 99999))' |
	gp -q -f)
cube=$(echo 'print(101^3 * nextprime(2^40))' | gp -q -f)
for v in $semi $cube 0x61c8864680b583eb; do
	g=$(gpfactors $v)
	cdef "prime" $v
	review "$tmp/d.c"
	expect "'prime' of $v: not prime: $g (gp's factor)" \
		'grep -q "^$tmp/d.c:2: WARNING: not prime: $g$" "$tmp/o" ||
		 grep -q "d.c:2: WARNING: not prime: $g$" "$tmp/o"'
	cdef "not prime" $v
	review "$tmp/d.c"
	expect "'not prime' of $v: confirmed, $g" \
		'grep -q "d.c:2: NOTE: not prime: confirmed, $g$" "$tmp/o"'
done

# --- 5: --json's verdict per multiplier ---------------------------------
cat > "$tmp/j.c" <<'C'
#include <linux/types.h>
#define A_HASH_MULT 0x9e370001u
#define B_HASH_MULT 0x61c88647u
#define C_HASH_MULT 0x9e3779b97f4a7c15ull
u32 a(u32 v) { return (v * A_HASH_MULT) >> 22; }
u32 b(u32 v) { return (v * B_HASH_MULT) >> 20; }
u64 c(u64 v) { return (v * C_HASH_MULT) >> 52; }
C
$cfx review --json "$tmp/j.c" > "$tmp/j.json"
# verdict, warned and the largest worst_probe_ratio of verify's battery
vj() {
	$cfx verify "$1" --bits "$2" --table-bits "$3" --json |
		python3 -c "import json, sys
d = json.load(sys.stdin)
print(d['verdict'], d['warned'],
      repr(max(f['worst_probe_ratio'] for f in d['battery'])))"
}
rj() {
	python3 -c "import json, sys
m = json.load(open(sys.argv[1]))['files'][0]['multipliers'][int(sys.argv[2])]
print(m['verdict'], m['warned'], repr(m['worst_r']))" "$tmp/j.json" "$1"
}
k=0
for spec in "0x9e370001 32 10" "0x61c88647 32 12" \
	"0x9e3779b97f4a7c15 64 12"; do
	set -- $spec
	want=$(vj "$@")
	got=$(rj $k)
	expect "--json multiplier $k ($1, 2^$3): '$got' as verify's '$want'" \
		'[ "$got" = "$want" ]'
	k=$((k + 1))
done
printf '#include <linux/types.h>\n#define Z_HASH_MULT 0u\n' > "$tmp/z.c"
printf 'u32 z(u32 v) { return (v * Z_HASH_MULT) >> 22; }\n' >> "$tmp/z.c"
expect "a multiplier not judged (0): verdict, warned, worst_r null" \
	'$cfx review --json "$tmp/z.c" | python3 -c "import json, sys
m = json.load(sys.stdin)[\"files\"][0][\"multipliers\"][0]
sys.exit(not (m[\"verdict\"] is m[\"warned\"] is m[\"worst_r\"] is None))"'
: > "$tmp/empty"
$cfx review --json "$tmp/empty" > "$tmp/e.json" 2> "$tmp/e.err"
echo $? > "$tmp/rc"
expect "empty input, --json: an object, its files empty, exit 0" \
	'[ "$(rc)" = 0 ] && python3 -c "import json, sys
d = json.load(open(sys.argv[1])); sys.exit(d[\"files\"] != [])" \
		"$tmp/e.json"'
expect "  and the man page says so" \
	'grep -q "object whose \"files\" is empty" man/cfx.1'

# --- 6: --emit reply, short, a command per constant judged ----------------
$cfx review --emit reply $p2002 > "$tmp/r"
$cfx review --json $p2002 > "$tmp/r.json"
# python, from --json: each judged multiplier's verify command, as the
# review judged it (its word, its one table, the constant it replaces)
python3 -c "import json, sys
for m in json.load(open(sys.argv[1]))['files'][0]['multipliers']:
    if m['verdict'] is None:
        continue
    w = m['bits']; t = m['table_bits']
    c = 'cfx verify %s --bits %d' % (m['hex'], w)
    if t and 'tables' not in m:
        c += ' --table-bits %d' % t
    if 'replaces' in m:
        c += ' --against 0x%0*x' % (w // 4, int(m['replaces']))
    print('\`%s --full\`' % c)" "$tmp/r.json" > "$tmp/want"
expect "2002 reply: a verify command for each of the $(wc -l < "$tmp/want") \
constants judged, as --json gives them" \
	'[ "$(wc -l < "$tmp/want")" = 2 ] &&
	 [ "$(grep "^\`cfx verify" "$tmp/r")" = "$(cat "$tmp/want")" ]'
# (a command is not filled: it is pasted whole)
expect "  short: at most 60 lines, 72 columns ($(wc -l < "$tmp/r") lines)" \
	'[ "$(wc -l < "$tmp/r")" -le 60 ] &&
	 [ "$(grep -v "^\`cfx " "$tmp/r" | awk "length > 72" | wc -l)" = 0 ]'
# python, from --json: per multiplier its verdict's level and the worst
# level of its other findings, as the reply's first two items say them
# (a sequence that "computes the multiplier of NAME (FILE:LINE)" has
# that multiplier's verdict)
python3 -c "import json, re, sys
word = {'ERROR': 'Wrong:', 'WARNING': 'Warning:', 'CHECK': 'Not checked:',
        'NOTE': 'OK:'}
rank = ['NOTE', 'CHECK', 'WARNING', 'ERROR']
o = json.load(open(sys.argv[1]))['files'][0]
sys.path.insert(0, '$root/tests/review')
from verdicts import verdicts
for i, m in enumerate(o['multipliers']):
    fs = [f for f in o['findings'] if f['multiplier'] == i]
    v = verdicts(o, i)
    r = [f['level'] for f in fs if f['kind'] != 'verdict']
    out = [word[max(v, key=rank.index)]] if v else []
    w = max(r, key=rank.index) if r else None
    if w and (w != 'NOTE' or not v):
        out.append(('Worst beside it: ' if v else '') + word[w])
    print(' '.join(out))" "$tmp/r.json" > "$tmp/lv"
awk '/^[^ >*`].*:[0-9]+(, another of its uses)?:$/ { if (n++) print s; s = "" }
	/^\* / { x = $2; if ($2 == "Worst") x = $2 " " $3 " " $4 " " $5
		else if ($2 == "Not") x = $2 " " $3
		if (s == "" || $2 == "Worst") s = s (s == "" ? "" : " ") x }
	END { print s }' "$tmp/r" | head -n "$(wc -l < "$tmp/lv")" > "$tmp/got"
expect "  each multiplier: its verdict, then its worst finding (--json)" \
	'diff "$tmp/lv" "$tmp/got" > /dev/null'

# --- 7: an exact right shift's words --------------------------------------
f=$fx/nonlinear.c
# python: n = (x << 16) mod 2^32 shifted right by 3 drops only 0 bits for
# every x, and its top 3 bits are 0 where (x << 13) mod 2^32's are not
read -r exact top < <(python3 -c "
xs = range(0, 1 << 20, 7)
n = [((x << 16) % 2**32) for x in xs]
print(all(v % 8 == 0 for v in n),
      any(((x << 13) % 2**32) >> 29 for x in xs) and
      not any((v >> 3) >> 29 for v in n))")
review $f
l=$(($(grep -n 'n >>= 3;' $f | cut -d: -f1) + 1))
expect "hash_rs: n >>= 3 exact ($exact), its top bits 0 ($top): said so" \
	'[ "$exact $top" = "True True" ] &&
	 grep -q "^$f:$l: WARNING: .*uses a value whose top bits an exact \
right shift cleared" "$tmp/o" &&
	 ! grep -q "^$f:$l: .*drops the low bits" "$tmp/o"'
# --- 8: a removed multiplier; a linked sequence's reply word --------------
# a patch whose only change removes a multiplier's #define: python reads
# the removed value and finds no + line; the review names it, says
# nothing replaces it, judges nothing and exits 0 (no multiplier)
printf '%s\n' 'diff --git a/lib/r.c b/lib/r.c' '--- a/lib/r.c' \
	'+++ b/lib/r.c' '@@ -1,3 +1,2 @@' ' #include <linux/types.h>' \
	'-#define FOO_HASH_MUL 0x9e370001U' ' static int x;' > "$tmp/rm.patch"
read -r val plus < <(python3 -c "
import sys
t = open(sys.argv[1]).read().splitlines()[4:]
v = [l.split()[2] for l in t if l.startswith('-#define')]
print(hex(int(v[0].rstrip('uU'), 16)), sum(l[0] == '+' for l in t))
" "$tmp/rm.patch")
review "$tmp/rm.patch"
expect "a removed define ($val, $plus + lines): said, nothing judged, 0" \
	'[ "$val $plus" = "0x9e370001 0" ] && [ "$(rc)" = 0 ] &&
	 grep -q "^lib/r.c:2: NOTE: FOO_HASH_MUL 0x9e370001U is removed \
(line 2 of the old file) and nothing replaces it" "$tmp/o" &&
	 grep -q "^no multipliers found, and none replaces" "$tmp/o"'
$cfx review --emit reply "$tmp/rm.patch" > "$tmp/r" 2>&1
expect "  the reply quotes the removed line and names it" \
	'grep -qx "> -#define FOO_HASH_MUL 0x9e370001U" "$tmp/r" &&
	 grep -q "^\* Note: FOO_HASH_MUL 0x9e370001U is removed" "$tmp/r"'
# hash_long26.patch's shift/add sequence computes GOLDEN_RATIO_PRIME's
# 64-bit value (python replays the steps on 2^64); verify --json's
# verdict of that constant sets the sequence's word in the reply
f=$fx/hash_long26.patch
seq=$(python3 -c "
import re, sys
t = open(sys.argv[1]).read()
body = t[t.index('unsigned long n = hash;'):t.index('#else', \
t.index('unsigned long n = hash;'))]
M = 2**64; h, n = 1, 1
for line in body.splitlines():
    m = re.match(r'\s*\+?\s*(hash|n) (<<=|\+=|-=) (\w+);', line)
    if not m: continue
    v, o, a = m.groups()
    x = int(a) if a.isdigit() else {'n': n, 'hash': h}[a]
    if v == 'n' and o == '<<=': n = n << x % M
    elif o == '+=': h = (h + x) % M
    elif o == '-=': h = (h - x) % M
    n %= M
print(hex(h))" "$f")
v=$($cfx verify "$seq" --bits 64 --json 2>/dev/null | python3 -c "
import json, sys; print(json.load(sys.stdin)['verdict'])")
want=$([ "$v" = FAIL ] && echo Wrong: || echo OK:)
$cfx review --emit reply "$f" > "$tmp/r" 2>&1
expect "a sequence computing $seq ($v): its reply word is $want" \
	'[ "$seq" = 0x9e37fffffffc0001 ] && grep -q "^\* $want computes the \
multiplier of GOLDEN_RATIO_PRIME" "$tmp/r"'
done_suite trial8
