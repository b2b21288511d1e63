#!/bin/bash
# Two steps that could be passed without doing what they teach (issue 24
# E and F), each decided here by python from the mathematics:
# * lesson 5 step 7 (build a bad multiplier near a/q of one's own) took
#   a nudge of an example (0x55555557 beside 0x55555555, about 1/3;
#   0x80000003 beside 0x80000001, about 1/2).  Now the learner names the
#   a/q the constant is built on: the convergent of p (python's
#   continued fraction) right before its huge quotient, with q from 4 to
#   1000 (q = 2 and 3 are the examples).  A nudge's convergent before its huge quotient
#   is 1/3 or 1/2, so it is refused; a constant built on 3/11 is
#   accepted, python finding its huge quotient right after 3/11 and its
#   R (sequential keys, 2^16 buckets) far above 2.
# * lesson 7 step 9 (a key family where 0x9e370001 is at best weak) had
#   its answer as its try: line.  Now the try: line scores the sequential
#   keys (python: R = 0.8333 < 1, no worse than random: good), which
#   cannot pass the step; a family of the learner's own (keys k 2^16 in
#   2^10 buckets, R = 21.67 by python) does.
. "$(dirname "$0")/lib.sh"
PY='from collections import Counter
from fractions import Fraction as F
import sys
from cfmath import cf as cfq, convergents as conv
def R(P, b, keys):
    c = Counter((k * P % 2**32) >> (32 - b) for k in keys); K, m = len(keys), 2**b
    return F(sum(v * (v + 1) for v in c.values()), 2 * K) / (1 + F(K - 1, 2 * m))
def before_huge(P):    # the convergent before the largest quotient, and it
    q = cfq(F(P, 2**32)); i = q.index(max(q))
    return conv(q)[i - 1], q[i]
'
py() { python3 -c "$PY
$1"; }

# E: the nudges, and what python says of them
for p in 0x55555557 0x80000003; do
	read -r a q big r <<<"$(py "(a, q), big = before_huge($p)
print(a, q, big, '%.1f' % R($p, 16, range(2**18)))")"
	# python: bad by R, huge quotient, but built on q < 4: not the
	# learner's own fraction
	if [ "$q" -ge 4 ] || [ "$big" -le 1000 ]; then
		bad "python: $p is built on $a/$q (quotient $big)"; continue
	fi
	out=$(play 05 7 "cf $p" "score $p --table-bits 16")
	if grep -q '^Step 7 done' <<<"$out"; then
		bad "L05 s7: the nudge $p (on $a/$q, R $r) passes without an a/q"
		continue
	fi
	out=$(play 05 7 "cf $p" "score $p --table-bits 16" "answer $a, $q" "answer 2, 7")
	if ! grep -q '^Step 7 done' <<<"$out" &&
	   grep -qF 'answer a, q with your own q, from 4 to 1000' <<<"$out" &&
	   grep -qF 'the convergent right before the huge quotient' <<<"$out" &&
	   ! tr '\n' ' ' <<<"$out" | tr -s ' ' | grep -qF 'not an earlier one'; then
		# (2/7 is no convergent of it at all: "not an earlier one",
		# said of it before, was wrong; a new user's trial)
		ok "L05 s7: the nudge $p refused, as $a, $q (q < 4) and as 2, 7 (no convergent)"
	else
		bad "L05 s7: the nudge $p: $(tail -n 6 <<<"$out")"
	fi
done
# a constant of one's own: 2^32 * 3/11 rounded, made odd
read -r p a q big r <<<"$(py "P = round(F(2**32 * 3, 11)) | 1
(a, q), big = before_huge(P)
print(hex(P), a, q, big, '%.1f' % R(P, 16, range(2**18)))")"
if [ "$a/$q" = 3/11 ] && [ "$big" -gt 1000 ] && python3 -c "assert $r >= 2"; then
	ok "python: $p is built on 3/11 (quotient $big right after), R $r"
else
	bad "python: $p on $a/$q, quotient $big, R $r"
fi
out=$(play 05 7 "cf $p" "score $p --table-bits 16" "answer $a, $q")
grep -q '^Step 7 done' <<<"$out" && [ "$(mark 05 7)" = + ] &&
	ok "L05 s7: $p on $a/$q is accepted, solved (+)" ||
	bad "L05 s7: $p on $a/$q: mark '$(mark 05 7)': $(tail -n 6 <<<"$out")"
# the step's own solution (0x49249249 on 2/7, by python) still passes
read -r a q <<<"$(py '(a, q), big = before_huge(0x49249249); assert big > 1000
print(a, q)')"
grep -qx "solution: answer $a, $q" <(awk '/^step:/{s++} s == 7' "$(ls "$root"/lessons/05-*.lesson)") &&
	ok "L05 s7: its solution answers $a, $q, python's convergent of 0x49249249" ||
	bad "L05 s7: its solution's answer is not $a, $q"

# F: the try: line shows, the learner finds
f7=$(ls "$root"/lessons/07-*.lesson)
try=$(awk '/^step:/{s++} s == 9 && /^try: /{sub(/^try: /, ""); print}' "$f7")
sol=$(awk '/^step:/{s++} s == 9 && /^solution: /{sub(/^solution: /, ""); print}' "$f7")
[ -n "$try" ] && [ "$try" != "$sol" ] && ok "L07 s9: its try: line ($try) is not its solution" ||
	bad "L07 s9: try: '$try' is its solution '$sol'"
rt=$(py 'print("%.4f" % R(0x9e370001, 16, range(2**18)))')
python3 -c "assert $rt < 1" && ok "python: sequential keys, R $rt < 1: good" ||
	bad "python: R $rt"
out=$(play 07 9 "$try")
! grep -q '^Step 9 done' <<<"$out" && grep -q 'verdict *good' <<<"$out" &&
	ok "L07 s9: its try: line ($try) shows good and does not pass the step" ||
	bad "L07 s9: the try: line: $(tail -n 5 <<<"$out")"
rk=$(py 'print("%.2f" % R(0x9e370001, 10, [k << 16 for k in range(1024)]))')
python3 -c "assert $rk >= 2" && ok "python: keys k 2^16 in 2^10 buckets, R $rk >= 2" ||
	bad "python: R $rk"
out=$(play 07 9 'score 0x9e370001 --keys stride:65536 --table-bits 10 --count 1024')
grep -q '^Step 9 done' <<<"$out" && [ "$(mark 07 9)" = + ] &&
	ok "L07 s9: a family of one's own (stride:65536, R $rk) passes, solved (+)" ||
	bad "L07 s9 own family: $(tail -n 5 <<<"$out")"
finish design
