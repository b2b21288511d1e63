#!/bin/bash
# cfx review: the constant a shift/add sequence is compared with comes
# only from a comment that says what it computes ("multiply by 0x...",
# "= x * 0x...", "the product ..."), not from the first hex number of any
# comment of the function ("bug 0x1234abcd", "mask 0xff00ff00") (issue 23
# point 3).  Before, such a number was taken as the claim: a false
# mismatch ERROR on a sequence that is right, and a false "not the
# multiply by 0xff00ff00" WARNING on code with an xor.  Oracle: python
# replays the shifts and additions on the word (the product), and the
# smallest input whose bucket differs.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

seq() { seq32 "$tmp/$1" "$2"; }
p=$(python3 -c '
M = 2**32 - 1
x = 1; n = (x << 16) & M; h = (x - n) & M; n = (n << 3) & M; h = (h - n) & M
n = (n << 3) & M; h = (h + n) & M; n = (n << 3) & M; h = (h - n) & M
n = (n << 4) & M; h = (h + n) & M; n = (n << 2) & M; h = (h + n) & M
print("%x" % h)')
first() {   # first C: the smallest x whose bucket (>> 22) differs from C's
	python3 -c "
a, c, M = 0x$p, $1, 2**32 - 1
print(next(x for x in range(1, 1 << 24) if ((x * a) & M) >> 22 != ((x * c) & M) >> 22))"
}
run() { (cd "$tmp" && $root/cfx review "$1" > o 2>&1); }

seq bug.c "Copyright 2002, see bug 0x1234abcd."
run bug.c
expect "\"see bug 0x1234abcd\": no claim, no false mismatch ERROR (python: the code computes x * 0x$p)" \
	'[ "$p" = 9e370001 ] && ! grep -q "as claimed by 0x1234abcd" "$tmp/o" &&
	 grep -q "^bug.c:6: CHECK: the shift/add sequence computes x \* 0x$p mod 2^32; its comments name no constant" "$tmp/o"'

seq mul.c "Copyright 2002.  Multiply by 0x9e370003, open-coded."
run mul.c
x=$(first 0x9e370003)
expect "\"Multiply by 0x9e370003\" is a claim: the mismatch ERROR, first differing x = $x (python)" \
	'grep -q "^mul.c:6: ERROR: the shift/add sequence computes x \* 0x$p mod 2^32, not \* 0x9e370003 as claimed by 0x9e370003 (its comment, line 2): the smallest input that differs in its bucket is x = $x " "$tmp/o"'

seq eq.c "see bug 0x1234abcd; h = x * 0x9e370001"
run eq.c
expect "\"bug 0x1234abcd; h = x * 0x9e370001\": the product's constant is the claim: proved" \
	'grep -q "^eq.c:6: NOTE: proved: .* exactly the multiply by 0x9e370001 (its comment, line 2)" "$tmp/o" &&
	 ! grep -q "0x1234abcd (its comment" "$tmp/o"'

# an xor among the steps: no multiply; a mask in the comment is no claim
cat > "$tmp/xor.c" <<'C'
#include <linux/types.h>
u32 g(u32 x)
{
	u32 h, n;
	/* mask 0xff00ff00 */
	n = x << 16;
	h = x - n;
	n <<= 3;
	h ^= n;
	n <<= 3;
	h += n;
	return h >> 22;
}
C
run xor.c
expect "an xor, \"mask 0xff00ff00\" over it: a CHECK (no multiply), not \"not the multiply by 0xff00ff00\"" \
	'grep -q "^xor.c:9: CHECK: not proved a multiplication by a constant: .h ^= n;. (line 9) xors" "$tmp/o" &&
	 ! grep -q "multiply by 0xff00ff00" "$tmp/o"'
sed -i 's#/\* mask 0xff00ff00 \*/#/* h = x * 0x9e370001 */#' "$tmp/xor.c"
run xor.c
expect "control: the same code under \"h = x * 0x9e370001\": the WARNING names the claim" \
	'grep -q "^xor.c:9: WARNING: not proved the multiply by 0x9e370001 (its comment, line 5)" "$tmp/o"'

done_suite seq_claim_words
