#!/bin/bash
# Issue 24 (predictions that are predictions), found in a newcomer's
# trial: a step that hides a number behind its reveals: and refuses:
# lines still let another command print it.  bench prints the constant
# it is given in hex ("NAF shift/add 0x00030001"), and no step but lesson
# 12's refused it (bench_refused.sh), so it was a calculator for:
#   lesson 8 step 1: 0x9e370001 mod 2^18 (reveals: naf ..., refuses cf
#     shifts spectrum score sweep verify), the answer 0x30001;
#   lesson 10 step 3: 2584 * 0x61C88647 mod 2^32 (reveals: naf, verify;
#     refuses cf shifts spectrum score sweep), the answer 0xb5ca8;
# and score, not refused at lesson 6 step 2, printed golden(32)/3 as its
# multiplier (0x34bd2893), the whole number the refused reveal line `naf
# golden(32) / 3` is there to show (golden(32)/5 was refused as "not an
# integer": a divisibility test by error message).  Each number is
# python's; each line is typed before the step's answer, and its output
# must not hold the number.
#
# Then every step that hides a number so, found here by parsing the
# lessons: a prediction whose reveals: line is a calculator (naf EXPR, or
# cf EXPR --value) and whose answer is EXPR's value (python's exact
# arithmetic), and lesson 6 step 2's golden(32)/3: no command that takes
# a constant (cf naf shifts spectrum score sweep verify bench, and let
# then show) prints that value before the answer, in hex or decimal,
# more often than the lesson's own text does.
. "$(dirname "$0")/lib.sh"
read -r a8 a10 g3 < <(python3 -c '
from math import isqrt
g = (isqrt(5 << 68) - (1 << 34) + 4) >> 3      # round(2^32/phi)
assert g % 3 == 0
print(0x9e370001 % 2**18, 2584 * (2**32 - g) % 2**32, g // 3)')
[ "$a8" = $((0x30001)) ] && [ "$a10" = $((0xb5ca8)) ] &&
	[ "$g3" = 884811923 ] && ok "python: 0x30001, 0xb5ca8 and golden(32)/3" ||
	bad "python: '$a8' '$a10' '$g3'"
# shows OUT N: how often OUT holds the number N, in hex (any width) or
# decimal
shows() {
	grep -Eio "0x0*$(printf '%x' "$2")\b|\b$2\b" <<<"$1" | wc -l
}
# quiet NAME OUT N: OUT, a step's output, does not show the number N
quiet() {
	if [ "$(shows "$2" "$3")" -gt 0 ]; then
		bad "$1 prints $(printf '%#x' "$3")"
		grep -Ei -m2 "0x0*$(printf '%x' "$3")|\b$3\b" <<<"$2" | sed 's/^/| /'
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

# every step hiding a number: lesson, step, the expression, its value
cases=$(python3 - "$root" <<'PY'
import os, re, sys
from fractions import Fraction as Fr
from math import isqrt
import lessonfile

def golden(n):
    n = int(n)
    return Fr((isqrt(5 << (2 * n + 4)) - (1 << (n + 2)) + 4) >> 3)

def value(e):
    """an expression of cfx's (numerals, + - * / % ^, golden(N)), exact;
    None for anything else (a name, a word)"""
    if "." in e or re.search(r"[A-Za-z_]",
                             re.sub(r"0x[0-9a-fA-F]+|golden", "", e)):
        return None
    e = re.sub(r"0x[0-9a-fA-F]+", lambda m: "Fr(%d)" % int(m.group(0), 16),
               e)
    e = re.sub(r"(?<![\w(])(\d+)(?![\w)])", r"Fr(\1)", e)
    try:
        return eval(e.replace("^", "**"), {"Fr": Fr, "golden": golden})
    except (SyntaxError, ZeroDivisionError, TypeError):
        return None

d = os.path.join(sys.argv[1], "lessons")
for f, tag in lessonfile.lessons(d):
    for k, st in enumerate(lessonfile.parse(os.path.join(d, f))["steps"], 1):
        if st["kind"] != "predict" or not st["answer"]:
            continue
        a = value(st["answer"])
        for r in st["reveals"]:
            w = r.split()
            calc = w[0] == "naf" or (w[0] == "cf" and "--value" in w)
            expr = " ".join(x for x in w[1:] if not x.startswith("--"))
            v = value(expr)
            hidden = v is not None and v.denominator == 1 and v > 10
            if calc and hidden and (a == v or (tag, k) == ("06", 2)):
                print("%s\t%d\t%s\t%d" % (tag, k, expr, v))
PY
)
n=$(grep -c . <<<"$cases")
grep -q "^06	2	golden(32) / 3	$g3$" <<<"$cases" &&
	grep -q "^08	1	.*	$a8$" <<<"$cases" &&
	grep -q "^10	3	.*	$a10$" <<<"$cases" && [ "$n" -ge 4 ] &&
	ok "$n steps hide a number (lessons parsed here), the trial's three" ||
	bad "the steps found: $(tr '\t\n' ' ;' <<<"$cases")"
while IFS=$'\t' read -r les k expr v; do
	[ -n "$les" ] || continue
	base=$(shows "$(play "$les" "$k" quit)" "$v")
	for line in "cf $expr" "naf $expr" "shifts $expr" "spectrum $expr -c 2" \
	            "score $expr -t 4 -c 16" "sweep $expr -t 4 -c 16" \
	            "verify $expr --table-bits 4" "bench $expr --runs 3" \
	            "let a = $expr|show"; do
		IFS='|' read -ra typed <<<"$line"
		out=$(play "$les" "$k" "${typed[@]}" quit)
		if [ "$(shows "$out" "$v")" -gt "$base" ]; then
			bad "lesson $les step $k: '$line' prints $expr = $(
			     printf '%#x' "$v") before the answer"
			grep -Ei -m2 "0x0*$(printf '%x' "$v")|\b$v\b" <<<"$out" |
				sed 's/^/| /'
		else
			ok "lesson $les step $k: '$line' does not print $expr"
		fi
	done
done <<<"$cases"
finish calculators_refused
