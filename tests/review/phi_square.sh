#!/bin/bash
# cfx review: 2^32/phi^2 and 2^32 * (1 - 1/phi), 0x61C88647's own
# convention, read as such (issue 23: a trial found both read as 2^32/phi
# and the claim called wrong), and one tolerance rule for a hedged ratio
# ("about 2^64/phi" on 0x9e3779b97f4a7c15 was a WARNING while "close to
# 2^32/phi" on 0x9e370001 was confirmed): about, close to, near,
# approximately and roughly all claim a closeness, judged by the run of
# 1s after a0 (at least half of round(2^e/phi)'s).  Oracles: PARI/GP
# (round(2^e/phi^2) at 80 digits, contfrac's runs of 1s), python's
# integers (2^32 - 2^32/phi).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# gp: round(2^32/phi^2), round(2^32*(1-1/phi)), round(2^64/phi^2)
read -r sq32 om32 sq64 < <(echo 'default(realprecision, 80);
p = (1 + sqrt(5))/2;
a = round(2^32/p^2); b = round(2^32*(1 - 1/p)); c = round(2^64/p^2);
print(a, " ", b, " ", c)' | gp -q -f)
# gp: the 1s after a0 of x = C/2^n, and of round(2^n/phi)/2^n
ones() { echo "v = contfrac($1 / 2^$2); n = 0;
while (n + 2 <= #v && v[n + 2] == 1, n++); print(n)" | gp -q -f; }
r64=$(ones 0x9e3779b97f4a7c15 64)
# gp: the 1s after a0 of round(2^n/phi)/2^n
rones() { echo "default(realprecision, 80);
v = contfrac(round(2^$1*2/(1+sqrt(5))) / 2^$1); n = 0;
while (v[n + 2] == 1, n++); print(n)" | gp -q -f; }
w64=$(rones 64)
r32=$(ones 0x9e370001 32)
w32=$(rones 32)
expect "gp: round(2^32/phi^2) = round(2^32 (1 - 1/phi)) = $sq32 = 0x61C88647" \
	'[ "$sq32" = $((0x61C88647)) ] && [ "$om32" = "$sq32" ]'

review "$fx/phi_square.patch"
expect "'2^32/phi^2' of 0x61C88647: confirmed as $sq32 (gp)" \
	'grep -q "hash.h:2: NOTE: 2^32/phi^2 = 1640531526.50[0-9]*, rounded: \
$sq32 = 0x61c88647; 0x61c88647 is it: confirmed" "$tmp/o"'
expect "'2^32 * (1 - 1/phi)' of 0x61C88647: confirmed, the same integer" \
	'grep -q "hash.h:6: NOTE: 2^32/phi^2 = .*rounded: $sq32 = \
0x61c88647; 0x61c88647 is it: confirmed" "$tmp/o"'
expect "'about 2^64/phi' of 0x9e3779b97f4a7c15: a closeness, confirmed (gp: \
$r64 1s, round's $w64)" \
	'[ $((2 * r64)) -ge "$w64" ] &&
	 grep -q "hash.h:4: NOTE: close to phi: confirmed, the first $r64 \
quotients" "$tmp/o"'
expect "no claim called wrong, exit 0" \
	'! grep -q "WARNING\|wrong" "$tmp/o" && [ "$(rc)" = 0 ]'

# the same rule for every hedge word; a constant far from phi fails it
one() {   # one C N COMMENT SHIFT
	printf '#include <linux/types.h>\n/* %s */\n' "$3" > "$tmp/c.c"
	printf '#define GOLDEN_RATIO_%s %s\n' "$2" "$1" >> "$tmp/c.c"
	printf 'u%s f(u%s x) { return (x * GOLDEN_RATIO_%s) >> %s; }\n' \
		"$2" "$2" "$2" "$4" >> "$tmp/c.c"
	review "$tmp/c.c"
}
for w in about "close to" near approximately roughly; do
	one 0x9e3779b97f4a7c15ull 64 "$w 2^64/phi" 54
	expect "'$w 2^64/phi' of 0x9e3779b97f4a7c15: confirmed ($r64 of $w64 \
1s)" \
		'grep -q "NOTE: close to phi: confirmed, the first $r64 \
quotients" "$tmp/o" && ! grep -q WARNING "$tmp/o"'
	one 0x9e370001u 32 "$w 2^32/phi" 22
	expect "'$w 2^32/phi' of 0x9e370001: confirmed ($r32 of $w32 1s: at \
least half)" \
		'[ $((2 * r32)) -ge "$w32" ] && grep -q "NOTE: close to phi: \
confirmed, the first $r32 quotients" "$tmp/o"'
done
f1=$(ones 0x12345679 32)
one 0x12345679u 32 "about 2^32/phi" 22
expect "'about 2^32/phi' of 0x12345679 (gp: $f1 1s): not close, a WARNING" \
	'[ $((2 * f1)) -lt "$w32" ] &&
	 grep -q "WARNING: not close to phi as claimed" "$tmp/o"'
# still integers where no hedge is said
one 0x9e3779b9u 32 "2^32/phi^2" 22
expect "'2^32/phi^2' of 0x9e3779b9: wrong, $sq32 beside it" \
	'grep -q "WARNING: 2^32/phi^2 wrong: .*rounded: $sq32 = 0x61c88647, \
and 0x9e3779b9 is not it" "$tmp/o"'
# an odd constant where the nearest integer is even: the nearest odd, as
# a multiplier must be (the kernel's GOLDEN_RATIO_64 is "2^64 / phi^2",
# gp's round $sq64 is even); another odd one is still wrong
read -r o64 o64b < <(echo 'default(realprecision, 80); p = (1 + sqrt(5))/2;
f(x) = my(a = floor(x)); if (a % 2, a, a + 1);
print(f(2^64/p^2), " ", f(2^64/p))' | gp -q -f)
expect "gp: round(2^64/phi^2) is even, its nearest odd $o64 is 0x61C8864680B583EB" \
	'[ $((sq64 % 2)) = 0 ] && [ "$o64" = 7046029254386353131 ] &&
	 [ "$(printf %x "$o64")" = 61c8864680b583eb ]'
one 0x61C8864680B583EBull 64 "2^64/phi^2" 54
expect "'2^64/phi^2' of 0x61C8864680B583EB: confirmed, the nearest odd ($o64)" \
	'grep -q "NOTE: 2^64/phi^2 = .*, to the nearest odd: $o64 = \
0x61c8864680b583eb; 0x61c8864680b583eb is it: confirmed" "$tmp/o" &&
	 ! grep -q WARNING "$tmp/o"'
one 0x61C8864680B583EDull 64 "2^64/phi^2" 54
expect "'2^64/phi^2' of 0x61C8864680B583ED: wrong, the nearest odd $o64 beside it" \
	'grep -q "WARNING: 2^64/phi^2 wrong: .*to the nearest odd: $o64 = " "$tmp/o"'
one 0x9e3779b97f4a7c15ull 64 "2^64/phi" 54
expect "'2^64/phi' of 0x9e3779b97f4a7c15: confirmed, the nearest odd ($o64b)" \
	'[ "$(printf %x "$o64b")" = 9e3779b97f4a7c15 ] &&
	 grep -q "NOTE: 2^64/phi = .*, to the nearest odd: $o64b = 0x9e3779b97f4a7c15; .* confirmed" "$tmp/o"'
one 0x61C88647u 32 "2^32/phi" 22
expect "'2^32/phi' of 0x61C88647 is still wrong (not the square)" \
	'grep -q "WARNING: 2^32/phi wrong" "$tmp/o"'
done_suite phi_square
