#!/bin/bash
# The learner's settings and a step's answer: a step worked on 32-bit
# words is not judged while the session's set bits (or another setting)
# changes what its commands show; the answer costs nothing and the note
# says how to go back.  Settings that change nothing are no obstacle.
. "$(dirname "$0")/lib.sh"

# lesson 1 step 4: a1 of 0x9e370001/2^n, by python's integer division:
# 1 on 32 bits (the step's), another quotient on 64 (the session's)
read -r a32 a64 <<<"$(python3 -c 'p = 0x9e370001
print(2**32 // p, 2**64 // p)')"
[ "$a32" != "$a64" ] && ok "a1 differs on 32 and 64 bits ($a32, $a64)" ||
	bad "a1 is the same on 32 and 64 bits: the cases test nothing"
note='is worked on 32-bit words'
# the feedback as one line: the screen wraps it anywhere
flat() { tr '\n' ' ' | tr -s ' '; }

# the step's own answer under set bits 64: not judged, said why
out=$(play 01 4 'set bits 64' "answer $a32")
if grep -q '^Step 4 done' <<<"$out"; then
	bad "L01 step 4 judged an answer under set bits 64"
elif flat <<<"$out" | grep -qF -- 'type set bits auto, then answer again'; then
	ok "L01 step 4 under set bits 64: fixed at 32 bits, set bits auto"
else
	bad "L01 step 4 under set bits 64 without the note"
	tail -n 4 <<<"$out" | sed 's/^/    /'
fi
# the 64-bit session's own a1 is not a lost try either; then back on the
# step's word the right answer is the learner's own (+), not revealed (x)
out=$(play 01 4 'set bits 64' "answer $a64" 'set bits auto' "answer $a32")
m=$(mark 01 4)
grep -qF -- "$note" <<<"$out" && grep -q '^Step 4 done' <<<"$out" &&
	[ "$m" = "+" ] && ok "L01 step 4: the 64-bit a1 cost nothing; solved (+)" ||
	bad "L01 step 4: after set bits 64 and its a1, mark '$m'"
# 16 bits: the constant does not fit there; the note, no error
out=$(play 01 4 'set bits 16' "answer $a32")
grep -qF -- "$note" <<<"$out" && ! grep -q '^Step 4 done' <<<"$out" &&
	ok "L01 step 4 under set bits 16: the note" ||
	bad "L01 step 4 under set bits 16 judged or unexplained"
# two settings: the note names both, and how to undo each
out=$(play 01 4 'set bits 64' 'set table 12' "answer $a32")
flat <<<"$out" | grep -qF 'set bits 64, set table 12 change its answer' &&
	flat <<<"$out" | grep -qF 'type set bits auto, set table auto, then' &&
	ok "L01 step 4 under set bits 64 and set table 12: both named" ||
	bad "L01 step 4 under two settings: $(flat <<<"$out" | tail -c 300)"
# the step's own word, or a setting its commands do not read: judged
for s in 'set bits 32' 'set table 12'; do
	out=$(play 01 4 "$s" "answer $a32")
	grep -q '^Step 4 done' <<<"$out" && ! grep -qF -- "$note" <<<"$out" &&
		ok "L01 step 4 judged under $s" || bad "L01 step 4 refused under $s"
done
# a step fixed by its own --bits (5/8 on 3 bits: python's fractions) is
# judged whatever the session's word
q=$(python3 -c 'from fractions import Fraction as F
x, q = F(5, 8), []
while True:
    a = x.numerator // x.denominator; q.append(a); x -= a
    if not x: break
    x = 1 / x
print(", ".join(map(str, q)))')
out=$(play 01 3 'set bits 64' "answer $q")
grep -q '^Step 3 done' <<<"$out" && ok "L01 step 3 (its own --bits 3) judged under set bits 64" ||
	bad "L01 step 3 refused under set bits 64"
# a wrong answer under another word is not judged wrong (one try kept)
out=$(play 01 4 'set bits 64' 'answer 2' 'set bits auto' "answer $a32")
[ "$(mark 01 4)" = "+" ] && ok "L01 step 4: a try under set bits 64 kept" ||
	bad "L01 step 4: a try under set bits 64 was spent (mark $(mark 01 4))"

# a setting other than the word (set count) changes lesson 8 step 5's
# answer (the fullest bucket of keys k 2^12 in 2^16 buckets, python:
# 2^18 keys, the step's, against 100): the note names the count, and no
# word, which the learner did not change
read -r l18 l100 <<<"$(python3 -c 'from collections import Counter
P = 0x9e370001
f = lambda K: max(Counter((k * 4096 * P % 2**32) >> 16 for k in range(K)).values())
print(f(2**18), f(100))')"
[ "$l18" != "$l100" ] && ok "python: the fullest bucket is $l18 with 2^18 keys, $l100 with 100" ||
	bad "python: the count changes nothing ($l18, $l100): the case tests nothing"
out=$(play 08 5 'set count 100' "answer 2^14, $l18")
if grep -q '^Step 5 done' <<<"$out"; then
	bad "L08 step 5 judged an answer under set count 100"
elif flat <<<"$out" | grep -qF "set count 100 changes its answer" &&
     flat <<<"$out" | grep -qF 'type set count auto, then answer again' &&
     ! grep -qF -- '-bit words' <<<"$out"; then
	ok "L08 step 5 under set count 100: the note names the count, no word"
else
	bad "L08 step 5 under set count 100: $(flat <<<"$out" | tail -c 300)"
fi
out=$(play 08 5 'set count 100' 'set bits 64' "answer 2^14, $l18")
flat <<<"$out" | grep -qF 'is worked on 32-bit words' &&
	flat <<<"$out" | grep -qF 'set bits 64, set count 100 change its answer' &&
	ok "L08 step 5 under set count 100 and set bits 64: the word and both named" ||
	bad "L08 step 5 under two settings: $(flat <<<"$out" | tail -c 300)"

finish settings
