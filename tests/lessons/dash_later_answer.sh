#!/bin/bash
# Issue 24 (a prediction is committed before it is revealed), found in a
# newcomer's trial of cfx dash --learn 6 at 80x24: step 3 asks whether
# the prime golden(32) - 8 = 2654435761 has a longer, equal or shorter
# golden prefix than golden(32)'s 22 (reveals: cf 2654435761), and hides
# the CF panel while it waits.  But the dashboard opens on that very
# prime, and in steps 1 and 2 its CF panel shows the expansion and
# "golden prefix 20": the answer, two steps before it is asked.  The
# prime, its expansion and its prefix are python's (fractions, Euclid),
# the expansion as the panel writes it PARI/GP's (gp_cf).
. "$(dirname "$0")/../dash/lib.bash"
read -r prime prefix < <(python3 -c '
from fractions import Fraction
from math import isqrt
n = 32
# golden(32) = round(2^32/phi) = round(2^31 (sqrt(5) - 1)), exactly
g = (isqrt(5 << (2 * n + 4)) - (1 << (n + 2)) + 4) >> 3
p = g - 1 if g % 2 == 0 else g - 2
while any(p % d == 0 for d in range(3, isqrt(p) + 1, 2)):
    p -= 2
x, q = Fraction(p, 1 << n), []
while x:
    a = x.numerator // x.denominator
    q.append(a); x -= a
    if x: x = 1 / x
k = 0
while k + 1 < len(q) and q[k + 1] == 1:
    k += 1
print(p, k)')
[ "$prime" = 2654435761 ] &&
	ok "python: the prime below golden(32) is $prime" ||
	bad "python's prime: '$prime'"
expansion=$(gp_cf "$prime/2^32")
dash_start 80 24 dash --learn 6
tm_wait 'Step 1 of' >/dev/null
# the panel, if drawn, shows the prime's expansion (a check that the
# dashboard's constant is that prime: gp's expansion of prime/2^32)
leak() {
	tm_settle
	[ "$(cf_shown)" = "$expansion" ] &&
		tm_screen | grep -q "golden prefix $prefix\b"
}
for s in 1 2; do
	check "step $s: the screen is at step $s" tm_wait "Step $s of"
	if leak; then
		bad "step $s shows the prime's golden prefix $prefix, step 3's answer"
		tm_screen | sed 's/^/| /'
	else
		ok "step $s hides the prime's golden prefix (step 3's answer)"
	fi
	tm_type ':skip'; tm_keys Enter
done
check "step 3 asks for the prime's golden prefix" tm_wait 'Step 3 of'
check "and hides the CF panel while it waits" tm_wait 'hidden until you answer'
tm_type 'q'
tm_exited >/dev/null
tm_summary
