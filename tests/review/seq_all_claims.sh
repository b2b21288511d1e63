#!/bin/bash
# cfx review: every claim a shift/add sequence's comments make on the
# whole is checked, not only the first (a claim over the function and a
# different one after the last step: both judged), and a comment on its
# own line between two steps is a claim on the step below it, checked
# against that step's running product, as a comment beside a step is
# (issue 23 point 4).  Before, only the first whole claim was judged and
# an own-line comment between steps was taken as one on the whole (then
# dropped, the first one standing).  Oracle: python replays the steps on
# the word (each running product, and the smallest input whose bucket
# differs).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# the steps of 0x9e370001 on 32 bits; python's running product of h
# after each, and the final one
steps=('n = x << 16;' 'h = x - n;' 'n <<= 3;' 'h -= n;' 'n <<= 3;' 'h += n;'
	'n <<= 3;' 'h -= n;' 'n <<= 4;' 'h += n;' 'n <<= 2;' 'h += n;')
read -r -a prod < <(python3 - "${steps[@]}" <<'PY'
import re, sys
M = 2**32 - 1
v = {'x': 1, 'h': 0, 'n': 0}
out = []
for st in sys.argv[1:]:
    lhs, op, rhs = re.fullmatch(r'(\w+) (=|\+=|-=|<<=) (.*);', st).groups()
    r = eval(rhs, {}, dict(v)) & M
    v[lhs] = {'=': r, '+=': v[lhs] + r, '-=': v[lhs] - r,
              '<<=': v[lhs] << r}[op] & M
    out.append('%x' % v[lhs])
print(' '.join(out))
PY
)
fin=${prod[11]}
first() {   # first C: the smallest x whose bucket (>> 22) differs from C's
	python3 -c "
a, c, M = 0x$fin, $1, 2**32 - 1
print(next(x for x in range(1, 1 << 24) if ((x * a) & M) >> 22 != ((x * c) & M) >> 22))"
}
# write FILE ABOVE K COMMENT_K AFTER: the sequence, ABOVE over the
# function, COMMENT_K on its own line above step K (1-based; 0: none),
# AFTER after the last step
write() {
	local f=$1 above=$2 k=$3 ck=$4 after=$5 j
	{
		printf '#include <linux/types.h>\n/* %s */\nu32 f(u32 x)\n{\n\tu32 h, n;\n' "$above"
		for j in "${!steps[@]}"; do
			[ $((j + 1)) = "$k" ] && printf '\t/* %s */\n' "$ck"
			printf '\t%s\n' "${steps[$j]}"
		done
		[ -n "$after" ] && printf '\t/* %s */\n' "$after"
		printf '\treturn h >> 22;\n}\n'
	} > "$tmp/$f"
}
run() { (cd "$tmp" && $root/cfx review "$1" > o 2>&1); }

# two whole claims, the second wrong: both judged
write two.c "h = x * 0x9e370001" 0 "" "which is x * 0x9e370003"
run two.c
x=$(first 0x9e370003)
expect "the claim over the function: proved (python: the code computes x * 0x$fin)" \
	'[ "$fin" = 9e370001 ] && grep -q "^two.c:6: NOTE: proved: .* exactly the multiply by 0x9e370001 (its comment, line 2)" "$tmp/o"'
expect "the second whole claim, after the last step (0x9e370003): judged too, the mismatch ERROR, x = $x" \
	'grep -q "^two.c:6: ERROR: the shift/add sequence computes x \* 0x$fin mod 2^32, not \* 0x9e370003 as claimed by 0x9e370003 (its comment, line 18): the smallest input that differs in its bucket is x = $x " "$tmp/o"'

# a wrong first claim and a right second: both judged, so the ERROR
write two2.c "h = x * 0x9e370003" 0 "" "which is x * 0x9e370001"
run two2.c
expect "a wrong claim over the function, a right one after: the ERROR names the first, the second proved" \
	'grep -q "^two2.c:6: ERROR: .* not \* 0x9e370003 as claimed by 0x9e370003 (its comment, line 2)" "$tmp/o" &&
	 grep -q "^two2.c:6: NOTE: proved: .* exactly the multiply by 0x9e370001 (its comment, line 18)" "$tmp/o"'

# an own-line comment above step 4 (h -= n): that step's product
write mid.c "h = x * 0x9e370001" 4 "= x * 0x${prod[3]}" ""
run mid.c
expect "an own-line comment above step 4 claiming its running product 0x${prod[3]} (python): confirmed at line 9" \
	'grep -q "^mid.c:9: NOTE: this step.s comment: h = x \* 0x${prod[3]}: confirmed" "$tmp/o"'
expect "  and no false ERROR against the whole from it; the whole still proved" \
	'! grep -q "ERROR: the shift/add" "$tmp/o" && grep -q "NOTE: proved: .* 0x9e370001 (its comment, line 2)" "$tmp/o"'
bad=$(python3 -c "print('%x' % ((0x${prod[3]} * 3 + 2) % 2**32))")
write midw.c "h = x * 0x9e370001" 4 "= x * 0x$bad" ""
run midw.c
expect "a wrong own-line claim above step 4 (0x$bad): WARNING with the running product 0x${prod[3]} (python)" \
	'grep -q "^midw.c:9: WARNING: this step.s comment claims h = x \* 0x$bad .*running product here is x \* 0x0*${prod[3]} mod 2^32" "$tmp/o"'

# control: an own-line comment above the first step is the whole's
write top.c "Copyright 2002." 1 "h = x * 0x9e370001, open-coded" ""
run top.c
expect "control: an own-line comment above the first step claims the whole: proved" \
	'grep -q "^top.c:7: NOTE: proved: .* exactly the multiply by 0x9e370001 (its comment, line 6)" "$tmp/o"'

# control: the 2002 patch's comment over its shift/add code sits after a
# copy of the input (hash = page) and before n = hash: still the whole's,
# its power sum and its GOLDEN_RATIO_PRIME both judged
review "$p2002"
expect "control: the 2002 patch's sequence proved against its power sum and its define, both" \
	'grep -q "NOTE: proved: .* exactly the multiply by 2^63 + 2^61 - 2^57 + 2^54 - 2^51 - 2^18 + 1 (its comment" "$tmp/o" &&
	 grep -q "NOTE: proved: .* exactly the multiply by GOLDEN_RATIO_PRIME = 0x9e37fffffffc0001UL" "$tmp/o" &&
	 ! grep -q "this step.s comment" "$tmp/o"'

done_suite seq_all_claims
