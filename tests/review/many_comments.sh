#!/bin/bash
# cfx review: a define or a function with many comments before it (or
# inside) has every comment's claims checked: the walk kept only the
# last 16 comments before a statement and the first 16 of a function,
# dropping the others silently (issue 23 point 6).  Now it keeps 256,
# a bound only hostile input meets, and past it says, at the first one
# past, how many comments were not checked.  Oracle: gp's isprime for the
# primality claims, python for the lines and counts and for the
# smallest input whose bucket differs.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"
cfx=$root/cfx

# defs NAME FILLERS: NAME.c, a comment "0x9e370001 is not prime.", FILLERS
# comments, a last "0x9e370001 is not prime either." and the define
defs() {
	python3 - "$tmp/$1.c" "$2" <<'PY'
import sys
out, n = sys.argv[1], int(sys.argv[2])
lines = ['/* 0x9e370001 is not prime. */']
lines += ['/* filler %d */' % k for k in range(n)]
lines += ['/* 0x9e370001 is not prime either. */',
          '#define GOLDEN_RATIO_PRIME_32 0x9e370001UL']
open(out, 'w').write('\n'.join(lines) + '\n')
PY
	(cd "$tmp" && $cfx review "$1.c" > o 2>&1)
}
isprime=$(echo 'print(isprime(0x9e370001))' | gp -q -f)
denied() { grep -q "^$1.c:$2: WARNING: claimed not prime, but it is prime" "$tmp/o"; }

defs d20 20
expect "20 comments before a define: the first one's 'not prime' checked (gp isprime: $isprime)" \
	'[ "$isprime" = 1 ] && denied d20 1'
expect "  and the last one's, line 22" 'denied d20 22'
expect "  nothing said not checked for want of room" '! grep -q "not checked: the claims of" "$tmp/o"'

defs d300 300
lost=$((302 - 256))
expect "302 comments before a define: the first's claim checked" 'denied d300 1'
expect "  the $lost past the first 256 said not checked, at line 257 where they begin (python: 302 - 256)" \
	'grep -q "^d300.c:257: CHECK: not checked: the claims of $lost comments from this line on (the review reads the first 256 comments before a statement)" "$tmp/o"'
expect "  the last one's claim, among them, not said checked" '! denied d300 302'

# a function with 20 comments before it, the claim of its shift/add
# sequence the 21st, inside it: 0x9e370003, the code computes 0x9e370001
python3 - "$tmp/fn.c" <<'PY'
import sys
lines = ['#include <linux/types.h>'] + ['/* note %d */' % k for k in range(20)]
lines += ['u32 f(u32 x)', '{', '\tu32 h, n;', '\t/* h = x * 0x9e370003 */',
          '\tn = x << 16;', '\th = x - n;', '\tn <<= 3;', '\th -= n;',
          '\tn <<= 3;', '\th += n;', '\tn <<= 3;', '\th -= n;', '\tn <<= 4;',
          '\th += n;', '\tn <<= 2;', '\th += n;', '\treturn h >> 22;', '}']
open(sys.argv[1], 'w').write('\n'.join(lines) + '\n')
PY
read -r got x < <(python3 -c '
M = 2**32 - 1
x = 1; n = x << 16; h = x - n; n <<= 3; h -= n; n <<= 3; h += n; n <<= 3; h -= n
n <<= 4; h += n; n <<= 2; h += n
a = h & M
x = next(x for x in range(1, 1 << 20)
         if ((x * a) & M) >> 22 != ((x * 0x9e370003) & M) >> 22)
print("%x" % a, x)')
(cd "$tmp" && $cfx review fn.c > o 2>&1)
expect "a sequence's claim, the function's 21st comment: checked, the mismatch ERROR (python: x * 0x$got, first x $x)" \
	'grep -q "^fn.c:26: ERROR: the shift/add sequence computes x \* 0x$got mod 2^32, not \* 0x9e370003 as claimed by 0x9e370003 (its comment, line 25): the smallest input that differs in its bucket is x = $x " "$tmp/o"'

done_suite many_comments
