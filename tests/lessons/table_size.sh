#!/bin/bash
# Lesson 9 step 2 asks for a number the clump rule gives, not a choice a
# guess passes half the time (it was "above 2 or below 2?", two
# choices): how many of 2^14 buckets no key reaches, for 2^16 keys k *
# 2^16 under GOLDEN_RATIO_64.  Computed here in python: the convergent
# denominator q before the large quotient of p mod 2^48 (Euclid on
# fractions), the model's 2^14 - q and the true count by brute force.
# Both are accepted; the model as an expression is refused uncounted
# (the step wants the number worked out); the old choices (1, 2), the
# clumps' own count and a count far off are not;
# score, the step's reveal, is refused until the answer, and what the
# step prints before it holds neither number.
. "$(dirname "$0")/lib.sh"
read -r q model true a <<<"$(python3 -c '
from fractions import Fraction as F
P = 0x61C8864680B583EB
x, qs = F(P % 2**48, 2**48), []
while x.denominator > 1 and len(qs) < 20:
    a = x.numerator // x.denominator; qs.append(a); x = 1 / (x - a)
k = max(range(1, 13), key=lambda i: qs[i])   # the large quotient a_k
h0, h1 = 0, 1                                # denominators q_-1, q_0
for a in qs[1:k]:
    h0, h1 = h1, a * h1 + h0
used = len({(k16 << 16) * P % 2**64 >> 50 for k16 in range(2**16)})
print(h1, 2**14 - h1, 2**14 - used, qs[k])')"
[ "$q $a" = "7037 970" ] && [ "$model" = 9347 ] && [ "$true" = 9207 ] &&
	ok "python: q = $q before a = $a; 2^14 - q = $model, brute force $true" ||
	bad "python: q $q a $a model $model true $true"
reveal='score 0x61C8864680B583EB -k stride:65536 -t 14 -c 2^16'
# the step's own text, up to its prompt, holds neither number
out=$(play 09 2)
step=$(sed -n '/step 2 of/,$p' <<<"$out")
grep -q 'predict: At 2^14 buckets' <<<"$step" &&
	! grep -qE "(^|[^0-9])($model|$true)([^0-9]|$)" <<<"$step" &&
	ok "step 2 asks, and shows neither $model nor $true before the answer" ||
	bad "step 2 before the answer: $step"
out=$(play 09 2 "$reveal")
grep -q 'score would show the answer' <<<"$out" && ! grep -q "empty $true" <<<"$out" &&
	ok "the reveal ($reveal) is refused before an answer" ||
	bad "the reveal before an answer: $(tail -n 5 <<<"$out")"
for ans in "$model" "$true"; do
	out=$(play 09 2 "answer $ans")
	grep -q '^Step 2 done' <<<"$out" && grep -q "^You predicted $ans; the answer is $true" <<<"$out" &&
		! grep -q 'with help' <<<"$(sed -n '/^Step 2 done/,/^Step 3/p' <<<"$out")" &&
		ok "answer $ans: solved on the first answer, the reveal shows $true" ||
		bad "answer $ans: $(sed -n '/predict:/,$p' <<<"$out" | tail -n 8)"
done
for ans in "2^14 - $q" "16384 - $q"; do
	out=$(play 09 2 "answer $ans")
	grep -q '^Not in the form this step asks for' <<<"$out" &&
		! grep -q 'Not quite' <<<"$out" && ! grep -q '^Step 2 done' <<<"$out" &&
		ok "answer $ans (the model, not worked out): refused uncounted" ||
		bad "answer $ans: $(sed -n '/predict:/,$p' <<<"$out" | tail -n 6)"
done
for ans in 1 2 "$q" "$((2**13))" "$((2**14))"; do
	out=$(play 09 2 "answer $ans")
	grep -q 'Not quite' <<<"$out" && ! grep -q '^Step 2 done' <<<"$out" &&
		ok "answer $ans (a guess or a proxy): not quite" ||
		bad "answer $ans passes: $(sed -n '/predict:/,$p' <<<"$out" | tail -n 6)"
done
finish table_size
