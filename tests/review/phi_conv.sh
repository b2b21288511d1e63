#!/bin/bash
# cfx review: identities and values a comment writes with phi, checked in
# the convention the comment defines (issue 23).  Linux's
# include/linux/hash.h says "phi = (sqrt(5)-1)/2" and "(1 - phi) = phi**2
# = (3 - sqrt(5))/2" above GOLDEN_RATIO_32 0x61C88647: true for phi =
# 0.618..., false for phi = 1.618...; review said nothing of them.  Now
# each chain is confirmed (a NOTE with its value) or wrong (a WARNING with
# each side's value, and the convention it holds in), and the constant's
# value over 2^n is held against them ("0x61c88647 / 2^32 = 0.381966 =
# (1 - phi) = 1 - 0.618034").  The oracle is PARI/GP at 60 digits: every
# value, identity and rounding is computed there.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
gpx() { echo "default(realprecision, 60); $1" | gp -q -f 2>/dev/null; }
. "$root/tests/review/lib.sh"

# the comment of include/linux/hash.h (Linux 4.7 on) and its two defines
cat > "$tmp/hash.h" <<'C'
/*
 * This hash multiplies the input by a large odd number and takes the
 * high bits.  Since multiplication propagates changes to the most
 * significant end only, it is essential that the high bits of the
 * product be used for the hash value.
 *
 * Although a random odd number will do, it turns out that the golden
 * ratio phi = (sqrt(5)-1)/2, or its negative, has particularly nice
 * properties.  (See Knuth vol 3, section 6.4, exercise 9.)
 *
 * These are the negative, (1 - phi) = phi**2 = (3 - sqrt(5))/2,
 * which is very slightly easier to multiply by and makes no
 * difference to the hash distribution.
 */
#define GOLDEN_RATIO_32 0x61C88647
#define GOLDEN_RATIO_64 0x61C8864680B583EBull
C
# gp: the identity's sides with phi = (sqrt(5)-1)/2 and with (1+sqrt(5))/2
read -r same_c v_c <<< "$(gpx 'p = (sqrt(5)-1)/2; a = 1 - p; b = p^2; c = (3 - sqrt(5))/2; print(abs(a-b) < 1e-50 && abs(a-c) < 1e-50, " ", strprintf("%.6f", a))')"
read -r same_g a_g b_g c_g <<< "$(gpx 'p = (1+sqrt(5))/2; a = 1 - p; b = p^2; c = (3 - sqrt(5))/2; print(abs(a-b) < 1e-50 && abs(a-c) < 1e-50, " ", strprintf("%.6f %.6f %.6f", a, b, c))')"
# gp: the constants over 2^n, and how they round (1 - phi) 2^n
read -r x32 r32 x64 r64 odd64 <<< "$(gpx 'p = (sqrt(5)-1)/2; y = (1-p)*2^32; z = (1-p)*2^64; print(strprintf("%.6f", 0x61C88647/2^32), " ", round(y) == 0x61C88647, " ", strprintf("%.6f", 0x61C8864680B583EB/2^64), " ", round(z) == 0x61C8864680B583EB, " ", 2*round((z-1)/2)+1 == 0x61C8864680B583EB)')"
read -r one_m_phi <<< "$(gpx 'print(strprintf("%.6f", (sqrt(5)-1)/2))')"
review "$tmp/hash.h"
expect "gp: (1 - phi) = phi^2 = (3 - sqrt(5))/2 holds for phi = 0.618 ($same_c, each $v_c), not for 1.618 ($same_g)" \
	'[ "$same_c" = 1 ] && [ "$same_g" = 0 ]'
expect "the convention said: phi = (sqrt(5)-1)/2 = $one_m_phi, at line 8" \
	'grep -q "hash.h:8: NOTE: GOLDEN_RATIO_32 = 0x61c88647 (line 15): phi = (sqrt(5)-1)/2 = $one_m_phi: the comment.s phi, the golden ratio.s conjugate" "$tmp/o"'
expect "the identity confirmed at line 11, each side $v_c (gp), for both constants" \
	'[ "$(grep -c "hash.h:11: NOTE: GOLDEN_RATIO_[36][24] = 0x[0-9a-f]* (line 1[56]): (1 - phi) = phi\*\*2 = (3 - sqrt(5))/2: confirmed with phi = $one_m_phi (the comment.s phi = (sqrt(5)-1)/2): each side is $v_c" "$tmp/o")" = 2 ]'
expect "0x61c88647 / 2^32 = $x32 (gp) = (1 - phi) = 1 - $one_m_phi; gp: round((1 - phi) 2^32) is it ($r32)" \
	'[ "$r32" = 1 ] && grep -q "hash.h:11: NOTE: GOLDEN_RATIO_32 = 0x61c88647 (line 15): 0x61c88647 / 2^32 = $x32 = (1 - phi) = 1 - $one_m_phi: confirmed, (1 - phi) \* 2^32 = [0-9.]* and 0x61c88647 is its nearest integer" "$tmp/o"'
expect "0x61c8864680b583eb / 2^64 = $x64 (gp): not round() ($r64) but the odd integer nearest ($odd64)" \
	'[ "$r64" = 0 ] && [ "$odd64" = 1 ] && grep -q "hash.h:11: NOTE: GOLDEN_RATIO_64 = 0x61c8864680b583eb (line 16): 0x61c8864680b583eb / 2^64 = $x64 = (1 - phi) = 1 - $one_m_phi: confirmed, .* is the odd integer nearest it" "$tmp/o"'
expect "no WARNING or ERROR; exit 0" '! grep -q "WARNING\|ERROR" "$tmp/o" && [ "$(rc)" = 0 ]'

# the same comment with phi the golden ratio: the identity is wrong
sed 's|phi = (sqrt(5)-1)/2|phi = (1 + sqrt(5))/2|' "$tmp/hash.h" > "$tmp/golden.h"
review "$tmp/golden.h"
expect "phi = (1 + sqrt(5))/2: WARNING with gp's sides ($a_g, $b_g, $c_g), and it holds with 0.618; exit 1" \
	'grep -q "golden.h:11: WARNING: GOLDEN_RATIO_32 = 0x61c88647 (line 15): (1 - phi) = phi\*\*2 = (3 - sqrt(5))/2: wrong with phi = 1.618034 (the comment.s phi = (1 + sqrt(5))/2): (1 - phi) = $a_g, phi\*\*2 = $b_g, (3 - sqrt(5))/2 = $c_g; it holds with phi = $one_m_phi, the conjugate" "$tmp/o" && [ "$(rc)" = 1 ]'
# no definition: phi is the golden ratio, said so
sed 's|ratio phi = (sqrt(5)-1)/2, or|ratio, or|' "$tmp/hash.h" > "$tmp/nodef.h"
review "$tmp/nodef.h"
expect "no definition: the golden ratio, said; the identity WARNING" \
	'grep -q "nodef.h:11: WARNING: .*: wrong with phi = 1.618034, the golden ratio (1 + sqrt(5))/2 (the comment defines no other phi): (1 - phi) = $a_g" "$tmp/o"'

# a constant one off: gp says it is not within 1 of (1 - phi) 2^32
sed 's|0x61C88647$|0x61C88649|' "$tmp/hash.h" > "$tmp/off.h"
read -r far xs vs <<< "$(gpx 'p = (sqrt(5)-1)/2; print(abs(0x61C88649 - (1-p)*2^32) >= 1, " ", strprintf("%.12f %.12f", 0x61C88649/2^32, 1-p))')"
review "$tmp/off.h"
expect "0x61c88649 said to be (1 - phi): WARNING, $xs, not $vs (gp: not within 1: $far)" \
	'[ "$far" = 1 ] && grep -q "off.h:11: WARNING: GOLDEN_RATIO_32 = 0x61c88649 (line 15): 0x61c88649 / 2^32 = $xs, not (1 - phi) = $vs" "$tmp/o"'

# other conventions and forms: phi written as a value, ^ and φ
cat > "$tmp/forms.c" <<'C'
/* With phi = 0.6180339887 we have phi^2 + phi = 1 and 1/phi = phi + 1. */
#define HASH_MULT_A 0x9e3779b9u
/* The golden ratio: φ^2 = φ + 1, and 2^32 / φ = 2654435769.497. */
#define HASH_MULT_B 0x9e3779b9u
/* Here phi**2 = 2.7, which is wrong. */
#define HASH_MULT_C 0x9e3779b9u
C
read -r ok1 ok2 ok3 bad4 v4 <<< "$(gpx 'p = (sqrt(5)-1)/2; g = (1+sqrt(5))/2; print(abs(p^2+p-1) < 1e-50, " ", abs(1/p-(p+1)) < 1e-50, " ", abs(g^2-(g+1)) < 1e-50 && abs(2^32/g - 2654435769.497) < 1e-3, " ", abs(g^2 - 2.7) > 0.05, " ", strprintf("%.6f", g^2))')"
review "$tmp/forms.c"
expect "phi = 0.6180339887 (gp: the conjugate to its digits): phi^2 + phi = 1 ($ok1) and 1/phi = phi + 1 ($ok2) confirmed" \
	'[ "$ok1$ok2" = 11 ] && grep -q "forms.c:1: NOTE: .*phi^2 + phi = 1: confirmed with phi = 0.618034" "$tmp/o" &&
	 grep -q "forms.c:1: NOTE: .*1/phi = phi + 1: confirmed with phi = 0.618034" "$tmp/o"'
expect "φ^2 = φ + 1 and 2^32 / φ = 2654435769.497 with the golden ratio ($ok3)" \
	'[ "$ok3" = 1 ] && grep -q "forms.c:3: NOTE: .*φ^2 = φ + 1: confirmed with phi = 1.618034, the golden ratio" "$tmp/o" &&
	 grep -q "forms.c:3: NOTE: .*2^32 / φ = 2654435769.497: confirmed" "$tmp/o"'
expect "phi**2 = 2.7: WARNING, phi**2 = $v4 (gp: $bad4)" \
	'[ "$bad4" = 1 ] && grep -q "forms.c:5: WARNING: .*phi\*\*2 = 2.7: wrong with phi = 1.618034, the golden ratio .*: phi\*\*2 = $v4, 2.7 = 2.700000" "$tmp/o"'

# controls: no chain with phi, no finding of this kind
printf '/* A multiplier near 2^32/phi; phi is the golden ratio. */\n#define HASH_MULT 0x9e3779b9u\n' > "$tmp/none.c"
review "$tmp/none.c"
expect "no '=' with phi: no identity finding" '! grep -q "confirmed with phi\|wrong with phi\|the comment.s phi" "$tmp/o"'
done_suite phi_conv
