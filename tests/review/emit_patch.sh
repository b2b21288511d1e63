#!/bin/bash
# cfx review reads the patch `cfx verify C --emit patch` writes without a
# false finding (issue 23, a new user's trial): no ERROR or WARNING about
# the comment's own claims, each finding said once (not once more with
# "HASH_MULT_32 = ... (line N):" before it), and exit 0 for a constant
# that PASSes; a FAILing one's only ERROR is its verdict, at its #define.
# Before: a 64-bit power sum spanning three comment lines was cut to its
# first 127 bytes by the sequence check (a false ERROR), "its golden
# prefix (the run of 1s that tracks 1/phi) is 22" read as 1 claimed,
# "10 additions, 10 subtractions" compared additions with their sum, and
# "judged against random odd multipliers" took the comment for one of
# several constants.  Oracle: python reads each claim of the comment and
# computes it itself (the power sum's value, the run of 1s of C/2^n's
# continued fraction by Euclid, or of 1 - C/2^n, the code's `+= n` and
# `-= n` lines counted); review must confirm each of them.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

consts=(0x61C8864680B583EB 0x9e3779b97f4a7c15 0x61C88647 0x9e3779b9
	'0x9e370001 --force' 0x2545F4914F6CDD1D 0x27d4eb2d)
for c in "${consts[@]}"; do
	# shellcheck disable=SC2086
	$cfx verify $c --emit patch > "$tmp/p.h" 2>/dev/null
	$cfx review - < "$tmp/p.h" > "$tmp/o" 2>&1
	echo $? > "$tmp/rc"
	read -r fails golden adds subs shifts sum_ok < <(python3 - "$tmp/p.h" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
com = t[t.index('/*'):t.index('*/')]
flat = re.sub(r'\n \* ?', ' ', com)
p = int(re.search(r'#define HASH_MULT_(\d+) (0x[0-9a-f]+)', t).group(2), 16)
n = int(re.search(r'#define HASH_MULT_(\d+)', t).group(1))
def ones(a, b):        # the 1s after a0 in a/b's continued fraction
    q = []
    while b:
        q.append(a // b)
        a, b = b, a % b
    k = 1
    while k < len(q) and q[k] == 1:
        k += 1
    return k - 1
g = re.search(r'golden prefix(?: \([^)]*\))? is (\d+)', flat)
g = int(g.group(1)) if g else -1
golden_ok = g in (ones(p, 2**n), ones(2**n - p, 2**n))
m = re.search(r'It is ([0-9^ +-]+), so', flat)
s = m.group(1).replace('^', '**')
sum_ok = eval(s) == p
code = t[t.index('{'):]
adds = len(re.findall(r'\bhash \+= n;', code))
subs = len(re.findall(r'\bhash -= n;', code))
shifts = len(re.findall(r'\bn <<= \d+;', code))
cl = re.search(r'(\d+) shifts, (\d+) additions, (\d+) subtractions', flat)
fails = 'FAIL' in re.search(r'cfx verify: (\w+)', flat).group(1)
claims_true = (int(cl.group(1)), int(cl.group(2)), int(cl.group(3))) == \
    (shifts, adds, subs)
print(int(fails), g if golden_ok else 'bad', adds if claims_true else 'bad',
      subs, shifts, int(sum_ok))
PY
)
	# the patch's own claims are true (python), so review must agree
	expect "$c: python finds the comment's claims true (sum, prefix, counts)" \
		'[ "$sum_ok" = 1 ] && [ "$golden" != bad ] && [ "$adds" != bad ]'
	expect "$c: no WARNING" '! grep -q ": WARNING: " "$tmp/o"'
	if [ "$fails" = 1 ]; then
		dl=$(grep -n '^#define HASH_MULT' "$tmp/p.h" | cut -d: -f1)
		expect "$c: FAILs: its one ERROR is the verdict at line $dl" \
			'[ "$(grep -c ": ERROR: " "$tmp/o")" = 1 ] &&
			 grep -q "^<stdin>:$dl: ERROR: 0x[0-9a-f]*: FAIL" "$tmp/o"'
	else
		expect "$c: PASSes: no ERROR, exit 0" \
			'! grep -q ": ERROR: " "$tmp/o" && [ "$(rc)" = 0 ]'
	fi
	expect "$c: the sequence proved equal to the power sum" \
		'grep -q "NOTE: proved: the shift/add sequence" "$tmp/o"'
	expect "$c: golden prefix $golden confirmed" \
		'grep -q "NOTE: golden prefix $golden: confirmed" "$tmp/o"'
	expect "$c: $adds additions confirmed" \
		'grep -q "NOTE: $adds additions\? claimed: the .* has $adds$" "$tmp/o"'
	expect "$c: $subs subtractions confirmed" \
		'grep -q "NOTE: $subs subtractions\? claimed: the .* has $subs$" "$tmp/o"'
	expect "$c: $shifts shifts confirmed" \
		'grep -q "NOTE: $shifts shifts\? claimed: the .* has $shifts$" "$tmp/o"'
	# one finding a claim: none names the define it is of, none said twice
	expect "$c: no finding prefixed with HASH_MULT_n = (line N)" \
		'! grep -q "HASH_MULT_[0-9]* = 0x[0-9a-f]* (line" "$tmp/o"'
	expect "$c: each finding said once" \
		'[ -z "$(grep -v "^total" "$tmp/o" |
		  sed "s/^[^ ]* [A-Z]*: \(HASH_MULT_[0-9]* = 0x[0-9a-f]*\( (line [0-9]*)\)\?: \)\?//" |
		  sort | uniq -d)" ]'
done

# the golden prefix counted on the constant that hashes alike, as the
# emitted comment may say (2^32 - 0x61c88647 = 0x9e3779b9: 22 by python)
g=$(python3 -c '
a, b, q = 0x9e3779b9, 2**32, []
while b: q.append(a // b); a, b = b, a % b
k = 1
while q[k] == 1: k += 1
print(k - 1)')
printf '%s\n' '/*' \
	" * 0x61c88647 / 2^32: its golden prefix (the run of 1s that tracks" \
	" * 1/phi) is $g, counted on 2^32 - 0x61c88647 = 0x9e3779b9, which hashes" \
	' * alike.' ' */' '#define HASH_MULT_32 0x61c88647U' > "$tmp/a.h"
review "$tmp/a.h"
expect "golden prefix $g counted on 0x9e3779b9: confirmed, no WARNING" \
	'grep -q "NOTE: golden prefix $g: confirmed" "$tmp/o" &&
	 ! grep -q WARNING "$tmp/o" && [ "$(rc)" = 0 ]'
done_suite review/emit_patch
