#!/bin/bash
# A multiple choice takes the choice's word as well as its number
# (issue 24 item 7: a status or a word typed as the answer once got "Answer
# with the number of a choice"): choices: N WORD... names them, any case;
# a word of no choice costs nothing; learn --check wants N words, letters
# only, each in the question.  The right choices come from python: lesson
# 14 step 4 by running the patch's shifts, lesson 11 step 4 by the
# textbook NAF, lesson 9 step 2 by counting the buckets.
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS

# lesson 14 step 4: does the shift sequence compute hash * 0x9e37fffffffc0001?
yes14=$(python3 -c 'M = 2**64
def seq(h):
    n, h0 = h, h
    for s, sign in ((18, -1), (33, -1), (3, 1), (3, -1), (4, 1), (2, 1)):
        n = n << s % M; n %= M; h0 = (h0 + sign * n) % M
    return h0
import random
r = random.Random(1)
print("yes" if all(seq(k) == k * 0x9e37fffffffc0001 % M
                   for k in [1, 2, 3] + [r.getrandbits(64) for _ in range(100)]) else "no")')
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
# lesson 9 step 2: R of GOLDEN_RATIO_64 on keys k * 2^16, 2^14 of them, in
# 2^12 buckets: probes a key over a random hash's 1 + (K - 1)/(2m)
r9=$(python3 -c 'from collections import Counter
from fractions import Fraction as F
P, K, m = 0x61C8864680B583EB, 2**14, 2**12
c = Counter((k * 65536 * P % 2**64) >> 52 for k in range(K))
R = F(sum(v * (v + 1) for v in c.values()), 2 * K) / (1 + F(K - 1, 2 * m))
print("above" if R > 2 else "below")')
[ "$yes14 $w11" = "yes more" ] && ok "python: the sequence computes it ($yes14); golden(32) takes $w11" ||
	bad "python: $yes14 $w11"

other() { case $1 in yes) echo no ;; no) echo yes ;; above) echo below ;;
	below) echo above ;; fewer|same) echo more ;; more) echo fewer ;; esac; }
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
words 14 4 "$yes14"
words 11 4 "$w11"
words 09 2 "$r9"
# every choices: line with words has one a choice (and the others none)
n=0
for f in "$root"/lessons/[0-9]*.lesson; do
	while read -r _ k rest; do
		set -- $rest
		[ -z "$rest" ] || [ $# = "$k" ] || { bad "$(basename "$f"): choices: $k $rest"; n=1; }
	done < <(grep '^choices:' "$f")
done
c=$(grep -h '^choices: [0-9] [A-Za-z]' "$root"/lessons/*.lesson | wc -l)
[ $n = 0 ] && [ "$c" -ge 8 ] && ok "$c choice steps name their words" || bad "$c choice steps with words"

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
