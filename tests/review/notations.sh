#!/bin/bash
# cfx review: claims in the notations a trial wrote, read and checked
# (issue 23: "cf 0,1,..." in lower case with no '=' or ':', "p/2^32 =
# [0;1,1,...]" and cfx's own NAF notation, its digit row "+0+000-..." and
# a power sum cut by an ellipsis "2^31 - 2^29 + ...", were "not checked"
# or, the cut sum, called wrong as a whole).  Oracles: PARI/GP (contfrac
# of C/2^32), python (the NAF by the textbook rule, its digit row high
# digit first and its first terms).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

cf1=$(gpcf 0x9e370001 32 | tr -d ' ')
cf2=$(gpcf 0x61C88647 32 | tr -d ' ')
# python: the NAF row of C on 32 bits and its first three terms' value
naf() { python3 - "$1" <<'P'
import sys
n = int(sys.argv[1], 0); d = []
while n:
    if n & 1:
        k = 2 - (n % 4); n -= k
    else:
        k = 0
    d.append(k); n >>= 1
d += [0] * (32 - len(d))
print("".join("+" if x > 0 else "-" if x < 0 else "0" for x in reversed(d)))
P
}
row1=$(naf 0x9e370001)
row2=$(naf 0x61C88647)
expect "gp: the patch's first lists are 0x9e370001's ($cf1); python: its NAF \
$row1" \
	'grep -q "cf $cf1\$" "$fx/notations.patch" &&
	 grep -q "NAF $row1\$" "$fx/notations.patch"'
expect "  and the second's differ from 0x61C88647's ($cf2, $row2)" \
	'! grep -q "cf ${cf2:0:12}" "$fx/notations.patch" &&
	 ! grep -q "NAF $row2\$" "$fx/notations.patch"'

review "$fx/notations.patch"
expect "'cf 0,1,...' read: confirmed term by term" \
	'grep -q "hash.h:3: NOTE: continued fraction confirmed term by term \
(30 terms)" "$tmp/o"'
expect "'p/2^32 = [0;1,...]' read: confirmed" \
	'grep -q "hash.h:4: NOTE: continued fraction of p/2^32 confirmed \
term by term (30 terms)" "$tmp/o"'
expect "'NAF +0+000-...' read: confirmed (python's row)" \
	'grep -q "hash.h:5: NOTE: NAF $row1: confirmed" "$tmp/o"'
expect "'2^31 + 2^29 - 2^25 + 2^22 - ...' read as the NAF's first 4 terms: \
confirmed" \
	'grep -q "hash.h:6: NOTE: power sum confirmed as far as it is \
written: 2^31 + 2^29 - 2^25 + 2^22 ... are the first 4 terms" "$tmp/o"'
# the second constant's: each wrong, the right value beside it
expect "'cf 0,2,1,1,1,1' of 0x61C88647: wrong, gp's expansion beside it" \
	'grep "hash.h:10: WARNING: continued fraction \
wrong" "$tmp/o" | grep -q "$(echo "$cf2" | sed "s/,/, /g")"'
expect "'q/2^32 = [0;2,1,1,1,7]': wrong at a_5" \
	'grep -q "hash.h:11: WARNING: continued fraction of q/2^32 wrong: \
term a_5 is 1, not 7" "$tmp/o"'
expect "'NAF +0-...0-0': wrong, python's row $row2 beside it" \
	'grep -q "hash.h:12: WARNING: NAF wrong: .*, not 0x61c88647, whose \
NAF is $row2" "$tmp/o"'
expect "'2^31 - 2^29 + 2^24 - ...': wrong, not how its NAF begins" \
	'grep -q "hash.h:13: WARNING: power sum wrong: 2^31 - 2^29 + 2^24 \
... is not how 0x61c88647.s NAF begins" "$tmp/o"'
expect "no claim left unchecked" '! grep -q "not checked" "$tmp/o"'
done_suite notations
