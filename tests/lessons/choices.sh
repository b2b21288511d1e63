#!/bin/bash
# A multiple choice takes the choice's word as well as its number
# (issue 24 item 7: a status or a word typed as the answer once got "Answer
# with the number of a choice"): choices: N WORD... names them, any case;
# a word of no choice costs nothing; learn --check wants N words, letters
# only, each in the question.  The right choices come from python: lesson
# 6 step 3 by Euclid on the prime below golden(32) and on golden(32),
# lesson 11 step 4 by the textbook NAF.  (Lesson 9 step 2 was a choice of
# two; it asks for a count now: tests/lessons/table_size.sh.  So do the
# eight other steps that were: tests/lessons/two_way.sh.)
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS

# lesson 6 step 3: the golden prefix of the prime below golden(32)
# against golden(32)'s (python's fractions; the prime by trial division)
p6=$(python3 -c '
from cfmath import cf
from fractions import Fraction as F
from decimal import Decimal as D, getcontext
from math import isqrt
getcontext().prec = 60
g = int((D(2)**33 / (1 + D(5).sqrt())).to_integral_value())
def prefix(v):
    q = cf(F(v, 2**32)); k = 1
    while q[k] == 1: k += 1
    return k - 1
p = next(v for v in range(g - 1, g - 100, -1)
         if all(v % d for d in range(2, isqrt(v) + 1)))
a, b = prefix(p), prefix(g)
print("longer" if a > b else "same" if a == b else "shorter")')
# lesson 11 step 4: golden(32)'s additions against the 2002 constant's six
w11=$(python3 -c '
def w(n):
    c = 0
    while n:
        if n & 1:
            n -= 2 - n % 4; c += 1
        n //= 2
    return c
g, six = w(0x9e3779b9) - 1, w(0x9e370001) - 1
assert six == 6
print("fewer" if g < six else "same" if g == six else "more")')
[ "$p6 $w11" = "shorter more" ] &&
	ok "python: the prime's prefix is $p6; golden(32) takes $w11" ||
	bad "python: $p6 $w11"

other() { case $1 in longer|same) echo shorter ;; shorter) echo longer ;;
	fewer|same) echo more ;; more) echo fewer ;; esac; }
words() {   # N STEP WORD: the word right, in upper case too; another
	local n=$1 step=$2 word=$3 out up
	up=$(tr a-z A-Z <<<"$word")
	out=$(play "$n" "$step" "answer $up")
	grep -q "^Step $step done" <<<"$out" &&
		ok "L$n step $step: '$up' is the choice $word and right" ||
		bad "L$n step $step refuses '$up': $(sed -n "/step $step of/,\$p" <<<"$out" | tail -n 4)"
	out=$(play "$n" "$step" "$(other "$word")")
	grep -q "^Step $step explained" <<<"$out" && ! grep -q "^Step $step done" <<<"$out" &&
		grep -qE "You predicted [0-9] \($(other "$word")\); the answer is [0-9] \($word\)" <<<"$out" &&
		ok "L$n step $step: '$(other "$word")' is the other choice, answered and explained" ||
		bad "L$n step $step, $(other "$word"): $(sed -n "/step $step of/,\$p" <<<"$out" | tail -n 4)"
	out=$(play "$n" "$step" 'answer maybe' "answer $word")
	grep -qF 'or its word' <<<"$out" && grep -q "^Step $step done" <<<"$out" &&
		ok "L$n step $step: 'maybe' costs nothing, then $word passes" ||
		bad "L$n step $step maybe: $(sed -n "/step $step of/,\$p" <<<"$out" | tail -n 4)"
}
words 06 3 "$p6"
words 11 4 "$w11"
# every choices: line with words has one a choice (and the others none)
n=0
for f in "$root"/lessons/[0-9]*.lesson; do
	while read -r _ k rest; do
		set -- $rest
		[ -z "$rest" ] || [ $# = "$k" ] || { bad "$(basename "$f"): choices: $k $rest"; n=1; }
	done < <(grep '^choices:' "$f")
done
c=$(grep -h '^choices: [0-9] [A-Za-z]' "$root"/lessons/*.lesson | wc -l)
# (lessons 6, 7, 10 and 11: four since the two-way ones ask for numbers)
[ $n = 0 ] && [ "$c" -ge 4 ] && ok "$c choice steps name their words" ||
	bad "$c choice steps with words"

# the grammar
mkdir -p "$tmp/l"
lesson() {   # CHOICES-LINE: a one-step lesson
	{ printf 'title: Choices\nstep: One\n  Predict.\npredict: Is 5/3 above 1?  1: yes, 2: no.\n'
	  printf 'reveals: cf 5/3\n%s\ncheck: answer == 1\nhint: Euclid.\nsolution: answer 1\n' "$1"
	} > "$tmp/l/01-c.lesson"
}
lesson 'choices: 2 yes no'
out=$("$cfx" learn --check "$tmp/l/01-c.lesson" 2>&1) && ok "learn --check: choices: 2 yes no" || bad "yes no: $out"
for bad_line in 'choices: 2 yes' 'choices: 2 yes no maybe' 'choices: 2 yes yes' \
                'choices: 2 yes n0' 'choices: 2 yes nope'; do
	lesson "$bad_line"
	out=$("$cfx" learn --check "$tmp/l/01-c.lesson" 2>&1); rc=$?
	[ $rc = 2 ] && grep -q "choice" <<<"$out" &&
		ok "learn --check refuses '$bad_line': ${out##*: }" || bad "'$bad_line' ($rc): $out"
done
finish choices
