#!/bin/bash
# cfx review: "a sparse prime close to 2^32/phi" claims a closeness, not
# that the constant is the integer 2^32/phi rounds to (issue 23: a
# kernel reviewer's patch changing GOLDEN_RATIO_32 to 0x9e370001, its
# mail saying so, got "close to phi: confirmed" and, on the same words,
# "WARNING: 2^32/phi wrong ... 0x9e370001 is not it", exit 1).  A hedged
# 2^e/phi (close to, near, approximately, roughly) is judged as
# closeness; one with a rounding said, or none hedged, is still judged
# as the integer.  Oracles: python's decimal (2^32/phi at 50 digits, the
# distance of 0x9e370001 from it) and PARI/GP's contfrac (the run of 1s).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# python: round(2^32/phi), and whether 0x9e370001 and 0x9e3779b9 are
# within 2^-16 (relative) of 2^32/phi
read -r rphi near1 near2 < <(python3 -c '
from decimal import Decimal as D, getcontext
getcontext().prec = 50
x = 2**32 * 2 / (1 + D(5).sqrt())
print(int(x.to_integral_value()), abs(D(0x9e370001) / x - 1) < D(2)**-16,
      abs(D(0x9e3779b9) / x - 1) < D(2)**-16)')
# gp: the 1s after a0 in 0x9e370001/2^32's expansion
ones=$(echo 'v = contfrac(0x9e370001 / 2^32); n = 0; while (v[n + 2] == 1, n++); print(n)' | gp -q -f)
one() {   # one C COMMENT: review a define of C under COMMENT
	printf '#include <linux/types.h>\n/* %s */\n#define GOLDEN_RATIO_32 %su\nu32 f(u32 x) { return (x * GOLDEN_RATIO_32) >> 22; }\n' "$2" "$1" > "$tmp/c.c"
	review "$tmp/c.c"
}
for w in "close to" "near" "approximately" "roughly"; do
	one 0x9e370001 "a sparse prime $w 2^32/phi"
	expect "'$w 2^32/phi' of 0x9e370001 (python: within 2^-16: $near1; gp: $ones 1s): close to phi confirmed, no '2^32/phi wrong'" \
		'[ "$near1" = True ] && grep -q "c.c:2: NOTE: close to phi: confirmed, the first $ones quotients after a0 of x are 1s" "$tmp/o" && ! grep -q "phi wrong" "$tmp/o"'
done
expect "  and the claim is not listed as unchecked" '! grep -q "not checked" "$tmp/o"'
one 0x9e3779b9 "close to 2^32/phi"
expect "'close to 2^32/phi' of 0x9e3779b9 (python: round is $rphi, near: $near2): confirmed, no WARNING, exit 0" \
	'[ "$rphi" = $((0x9e3779b9)) ] && grep -q "NOTE: close to phi: confirmed" "$tmp/o" && ! grep -q WARNING "$tmp/o" && [ "$(rc)" = 0 ]'
# not hedged, or a rounding said: the integer, as before
one 0x9e370001 "2^32/phi"
expect "'2^32/phi' alone of 0x9e370001: wrong, $rphi (python) beside it" \
	'grep -q "WARNING: 2^32/phi wrong: .*rounded: $rphi = 0x9e3779b9, and 0x9e370001 is not it" "$tmp/o"'
one 0x9e370001 "close to 2^32/phi, rounded"
expect "'close to 2^32/phi, rounded' of 0x9e370001: a rounding said, judged as the integer: wrong" \
	'grep -q "WARNING: 2^32/phi wrong: .*and 0x9e370001 is not it" "$tmp/o"'
one 0x9e3779b9 "2^32/phi rounded"
expect "'2^32/phi rounded' of 0x9e3779b9: confirmed as the integer $rphi" \
	'grep -q "NOTE: 2^32/phi = .*rounded: $rphi = 0x9e3779b9; 0x9e3779b9 is it: confirmed" "$tmp/o"'
done_suite phi_close
