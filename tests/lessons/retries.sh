#!/bin/bash
# A right retry after a wrong prediction is acknowledged (the first answer
# stays the recorded prediction), and an ask: with a closed set of answers
# (tries: 1) gets one try: a wrong answer is answered and explained and
# the step is over.  The right answers come from python, not from cfx.
. "$(dirname "$0")/lib.sh"

# lesson 1 step 2: the quotients of 8/13, by Euclid in python
q=$(python3 -c 'a, b, q = 8, 13, []
while b: q.append(a // b); a, b = b, a % b
print(", ".join(map(str, q)))')
out=$(play 01 2 'answer 1, 1, 1, 2' "answer $q")
grep -q '^Not quite' <<<"$out" && grep -q '^Step 2 done' <<<"$out" &&
	grep -qF "You predicted 1, 1, 1, 2; the answer is $q." <<<"$out" &&
	grep -qF "Your retry is right ($q); your prediction stays the first answer." <<<"$out" &&
	ok "L1 step 2: a right retry ($q) after 1, 1, 1, 2 is acknowledged" ||
	bad "L1 step 2 retry: $(sed -n '/Not quite/,/Step 2/p' <<<"$out")"
out=$(play 01 2 "answer $q")
grep -q '^Step 2 done' <<<"$out" && ! grep -q 'Your retry' <<<"$out" &&
	ok "L1 step 2: a right first answer has no retry line" ||
	bad "L1 step 2 first: $out"

# tries: 1 steps: their right answers by python
# (lesson 13 step 2: the buckets the 1024 keys x<<16|y can reach at
# most, the most one y's 32 keys reach at any start, times 32)
b13=$(python3 -c 'print(32 * max(len({(o + x * 2**16) >> 22 for x in range(32)})
      for o in range(0, 2**22, 2**10)))')
s9=$(python3 -c 'from fractions import Fraction as F
pf, r = F(1, 500) * 56, 3
print("FAIL" if r >= 2 and pf < F(5, 100) else "WARN" if r >= F(3, 2) and pf < F(1, 2) else "PASS")')
one_try() {   # N STEP WRONG RIGHT
	local n=$1 step=$2 wrong=$3 right=$4 out
	grep -q '^tries: 1\b' "$root"/lessons/"$n"-*.lesson ||
		{ bad "L$n has no tries: 1"; return; }
	out=$(play "$n" "$step" "answer $wrong" "answer $right")
	if grep -q "^Step $step explained" <<<"$out" &&
	   ! grep -q "^Step $step done" <<<"$out" &&
	   grep -qiE "You (answered|predicted) $wrong; the answer is $right\." <<<"$out" &&
	   ! grep -q '^Hint' <<<"$(sed -n "/^-- Lesson [0-9]*, step $step of/,/^Step $step explained/p" <<<"$out")"; then
		ok "L$n step $step: one try; $wrong is answered ($right) and the step is over"
	else
		bad "L$n step $step: $(sed -n "/^-- Lesson [0-9]*, step $step of/,\$p" <<<"$out" | tail -n 8)"
	fi
	play "$n" "$step" "answer $right" | grep -q "^Step $step done" &&
		ok "L$n step $step: $right first passes" || bad "L$n step $step refuses $right"
}
# (lesson 7 step 4, tries: 1 yes no, asks for a count now:
# tests/lessons/two_way.sh; lesson 9 step 5's closed set of words below)
# the small counts and closed answers of other steps (python, brute force)
a1=$(python3 -c 'print(2**32 // 0x9e370001)')
one_try 01 4 2 "$a1"
low=$(python3 -c 'print(len({k * 0x9e370001 % 256 for k in range(256, 2**16, 256)}))')
one_try 05 2 256 "$low"
mx=$(python3 -c 'from collections import Counter
print(max(Counter((k * 0x9e370001 % 2**32) >> 24 for k in range(1024)).values()))')
one_try 05 4 4 "$mx"
spf=$(python3 -c 'g = 0x9e3779b9; print(next(d for d in range(2, g) if g % d == 0))')
one_try 06 2 7 "$spf"
chi=$(python3 -c 'from collections import Counter
c = Counter(((k << 12) * 0x9e370001 % 2**32) >> 20 for k in range(2**20))
E = 2**20 / 2**12; print(int(sum((v - E)**2 / E for v in c.values()) + (2**12 - len(c)) * E))')
one_try 09 4 1 "$chi"
shared=$(python3 -c 'from collections import Counter
c = Counter(((k << 12) * 0x9e370001 % 2**32) >> 12 for k in range(1024))
print(sum(v for v in c.values() if v > 1))')
one_try 10 4 16 "$shared"
# lesson 10 step 2: the buckets of 2^10 that keys k * 2^8 fill under
# 0x61C80001 (the clump count), by brute force
clumps=$(python3 -c 'print(len({(k * 256 * 0x61C80001 % 2**32) >> 22 for k in range(1024)}))')
one_try 10 2 16 "$clumps"
naf() { python3 -c "
n, w = $1, 0
while n:
    if n & 1:
        n -= 2 - n % 4; w += 1
    n //= 2
print(w - ${2:-0})"; }
# lesson 10 step 6: the most additions or subtractions a NAF needs mod
# 2^32: every 16-bit word's NAF, its top digit 2^16 dropped, by brute
# force (the most is 16/2 - 1), then 0x55555555's NAF at 32 bits
m16=$(python3 -c '
best = 0
for v in range(1, 2**16, 2):
    n, k, d = v, 0, 0
    while n:
        if n & 1:
            z = 2 - n % 4; n -= z
            d += k < 16
        n //= 2; k += 1
    best = max(best, d - 1)
print(best)')
[ "$m16" = 7 ] && ok "16-bit words: at most 7 NAF operations mod 2^16 (brute force)" ||
	bad "16-bit brute force says $m16"
ops32=$(naf 0x55555555 1)
one_try 10 6 14 "$ops32"
one_try 10 6 16 "$ops32"
# the step after it runs naf on the learner's constant, a wrong answer
# or not, so the last step (verify --emit patch) finds it
out=$(play 10 6 'answer 16' 'naf ans' 'verify ans --emit patch')
grep -q '^Step 7 done' <<<"$out" && grep -q '^Step 9 done' <<<"$out" &&
	ok "L10: after a wrong step 6, step 7 (naf ans) and step 9 (the patch) pass" ||
	bad "L10 after a wrong step 6: $(tail -n 8 <<<"$out")"
one_try 11 1 3 "$(naf 187)"
one_try 11 2 7 "$(naf 0x9e37fffffffc0001 1)"
one_try 11 5 4 "$(naf 45 1)"
one_try 12 1 11 "$(naf 0x61C88647 1)"
one_try 12 7 10 "$(python3 -c 'print(2 * (5 - 1))')"
one_try 09 5 FAIL "$s9"
one_try 13 2 47 "$b13"

# a word outside the closed set costs nothing; then the right one passes
out=$(play 09 5 'answer banana' "answer $s9")
grep -qF 'Answer one of: PASS WARN FAIL. Nothing is counted.' <<<"$out" &&
	grep -q '^Step 5 done' <<<"$out" &&
	ok "L09 step 5: banana is no status and costs nothing; $s9 then passes" ||
	bad "L09 step 5 banana: $(tail -n 6 <<<"$out")"

# the directive's grammar: tries: 1 only, on a step that asks
mkdir -p "$tmp/l"
for t in 0 10 x 1x; do
	cat > "$tmp/l/01-t.lesson" <<L
title: Tries
step: One
  Say yes.
ask: yes or no?
tries: $t
check: answer == "yes"
hint: yes.
solution: answer yes
L
	out=$("$cfx" learn --check "$tmp/l/01-t.lesson" 2>&1); rc=$?
	[ $rc = 2 ] && grep -qF "tries: N, from 1 to 9, once" <<<"$out" && grep -qF "($t)" <<<"$out" &&
		ok "learn --check: tries: $t refused" || bad "tries: $t (status $rc): $out"
done
cat > "$tmp/l/01-t.lesson" <<L
title: Tries
step: One
  Say yes.
ask: yes or no?
tries: 1 no maybe
check: answer == "yes"
hint: yes.
solution: answer yes
L
out=$("$cfx" learn --check "$tmp/l/01-t.lesson" 2>&1); rc=$?
[ $rc = 2 ] && grep -qF "the solution's answer is not one of tries:'s words" <<<"$out" &&
	ok "learn --check: a solution outside tries:'s words refused" || bad "tries words (status $rc): $out"
cat > "$tmp/l/01-t.lesson" <<L
title: Tries
step: One
  Run it.
try: cf 13/8
tries: 1
check: result.cf.input == 13/8
hint: cf 13/8.
solution: cf 13/8
L
out=$("$cfx" learn --check "$tmp/l/01-t.lesson" 2>&1); rc=$?
[ $rc = 2 ] && grep -qF "tries: belongs to a step that asks" <<<"$out" &&
	ok "learn --check: tries: 1 on a try: step refused" || bad "tries on try: (status $rc): $out"
finish retries
