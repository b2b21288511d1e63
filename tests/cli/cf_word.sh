#!/bin/bash
# cf of an integer on the word the rule chose, said where it hides what
# the constant is (noticed h24d): `cfx cf 'golden(1100)'` showed x on the
# 1152-bit word, x < 2^-52, "golden prefix 1 (of 1 - x)" and a first
# quotient of 7286977268806823, with no word on why.  The rule stays (the
# smallest of 32, 64, then multiples of 64, that holds the constant); a
# "word" line now names it and the constant's own width, and the golden
# prefix there.  Every figure is PARI/GP's: round(2^N/phi) at 3000
# digits, the word from N by the rule (shell arithmetic), the run of 1s
# of contfrac(P/2^N) and of contfrac(1 - P/2^N), the longer one.  No line
# where --bits is given, where the constant fills its word, or where its
# own expansion is not golden (5, 0x61C8).
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
if ! command -v gp >/dev/null; then
	echo "skip: no gp"; done_suite cf_word; exit
fi
for n in 16 40 100 1100; do
	read -r hex run mir < <(gp -q -f <<GP
default(realprecision, 3000);
N = $n; P = round(2^N * (sqrt(5) - 1) / 2);
r(v) = my(k = 0); for (i = 2, #v, if (v[i] == 1, k++, break)); k;
a = r(contfrac(P / 2^N)); b = r(contfrac(1 - P / 2^N));
print(Str("0x", strprintf("%x", P)), " ", max(a, b), " ", b > a)
GP
)
	if [ $n -le 32 ]; then w=32; elif [ $n -le 64 ]; then w=64; else w=$(( (n + 63) / 64 * 64 )); fi
	note="word $w bits, the rule's for a constant of $n (the smallest of 32, 64, then multiples of 64, that holds it): x = p/2^$w < 2^-$((w - n)). On its own $n bits (--bits $n) its golden prefix is $run$([ "$mir" = 1 ] && echo " (of 1 - x)")."
	for e in "golden($n)" "$hex"; do
		./cfx cf "$e" >"$tmp/o" 2>"$tmp/e"
		got=$(sed -n '/^word /,/^|x-1\/phi|/p' "$tmp/o" | sed '$d' | tr -s ' \n' ' ' | sed 's/ $//')
		expect "cf $e: $got" '[ "$got" = "$note" ]'
		expect "  within 80 columns" '[ -z "$(awk "length > 80" <(sed -n "/^word /,/^|x/p" "$tmp/o"))" ]'
		./cfx cf --bits "$n" "$e" >"$tmp/o2" 2>&1
		expect "cf --bits $n $e: no word line, and its golden prefix is gp's $run" \
			'! grep -q "^word " "$tmp/o2" && grep -qE "^golden     prefix $run( \(of 1 - x\))?;" "$tmp/o2"'
	done
done
for e in 5 0x61C8 0x9e3779b9 'golden(64)' 'golden(128)'; do
	./cfx cf "$e" >"$tmp/o" 2>&1
	expect "cf $e: no word line (not golden on its own width, or it fills the word)" \
		'! grep -q "^word " "$tmp/o"'
done
done_suite cf_word
