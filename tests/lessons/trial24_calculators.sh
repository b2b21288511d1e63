#!/bin/bash
# Issue 24 (predictions that are predictions), found in a newcomer's
# trial: a step that hides a number behind its reveals: and refuses:
# lines still lets another command print it.  bench prints the constant
# it is given in hex ("NAF shift/add 0x00030001"), and no step but lesson
# 12's refuses it (bench_refused.sh), so it is a calculator for:
#   lesson 8 step 1: 0x9e370001 mod 2^18 (reveals: naf ..., refuses cf
#     shifts spectrum score sweep verify), the answer 0x30001;
#   lesson 10 step 3: 2584 * 0x61C88647 mod 2^32 (reveals: naf, verify;
#     refuses cf shifts spectrum score sweep), the answer 0xb5ca8;
# and score, not refused at lesson 6 step 2, prints golden(32)/3 as its
# multiplier (0x34bd2893), the whole number the refused reveal line `naf
# golden(32) / 3` is there to show (golden(32)/5 is refused as "not an
# integer": a divisibility test by error message).  Each number is
# python's; each line is typed before the step's answer, and its output
# must not hold the number.
. "$(dirname "$0")/lib.sh"
read -r a8 a10 g3 < <(python3 -c '
from math import isqrt
g = (isqrt(5 << 68) - (1 << 34) + 4) >> 3      # round(2^32/phi)
assert g % 3 == 0
print(0x9e370001 % 2**18, 2584 * (2**32 - g) % 2**32, g // 3)')
[ "$a8" = $((0x30001)) ] && [ "$a10" = $((0xb5ca8)) ] &&
	[ "$g3" = 884811923 ] && ok "python: 0x30001, 0xb5ca8 and golden(32)/3" ||
	bad "python: '$a8' '$a10' '$g3'"
# quiet NAME OUT N: OUT, a step's output, does not show the number N, in
# hex (any width) or decimal
quiet() {
	local hex
	hex=$(printf '%x' "$3")
	if grep -Eiq "0x0*$hex\b|\b$3\b" <<<"$2"; then
		bad "$1 prints $(printf '%#x' "$3")"
		grep -Ei -m2 "0x0*$hex|\b$3\b" <<<"$2" | sed 's/^/| /'
	else
		ok "$1 does not print $(printf '%#x' "$3")"
	fi
}
quiet "lesson 8 step 1: bench" \
	"$(play 08 1 'bench 0x9e370001 % 2^18 --runs 3' quit)" "$a8"
quiet "lesson 10 step 3: bench" \
	"$(play 10 3 'bench 2584 * 0x61C88647 % 2^32 --runs 3' quit)" "$a10"
out=$(play 06 2 'score golden(32) / 3 -t 1 -c 1' quit)
grep -q 'Lesson 6, step 2 of' <<<"$out" ||
	bad "lesson 6 was not played to step 2: $(tail -n 3 <<<"$out")"
quiet "lesson 6 step 2: score (golden(32)/3, the refused reveal's number)" \
	"$out" "$g3"
finish trial24_calculators
