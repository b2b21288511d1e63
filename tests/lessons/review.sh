#!/bin/bash
# Lesson 14 reviews the 2002 patch, lessons/2002.patch, inside the
# repository: a lesson may run review only on a patch of its own
# directory (review NAME.patch), never on another path (issue 22's rule:
# lessons are data).  The lesson's answers are recomputed here (python:
# Euclid, a convergent's denominator and the golden prefix, the first s with p mod 2^(32 - s) = 1, the
# shift/add sequence evaluated) and compared with its solutions and with
# what review prints.
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
les=$(ls "$root"/lessons/14-*.lesson)
sol() { awk -v k="$1" '/^step:/{s++} s==k && /^solution: answer /{sub(/^solution: answer /, ""); print}' "$les"; }
py() { python3 -c "$1"; }
cf_py='from fractions import Fraction as F
from cfmath import cf'
rv=$("$cfx" review "$root/lessons/2002.patch" 2>&1 | tr '\n' ' ' | tr -s ' ')

# step 1: the claimed 32-bit expansion is Euclid's plus a trailing 0
claimed=$(grep -o '^+ \* 0,1,1,1,1,1,1,1,1,1,1,1,1,18[0-9,]*' "$root/lessons/2002.patch" | sed 's/^+ \* //')
true32=$(py "$cf_py
print(','.join(map(str, cf(F(0x9e370001, 2**32)))))")
[ "$claimed" = "$true32,0" ] && [ "$(sol 1)" = 2 ] &&
	grep -q "ends with a term 0 that is not there" <<<"$rv" &&
	ok "step 1: the claim is Euclid's $(( $(tr -cd , <<<"$true32" | wc -c) + 1 )) terms and a 0; choice 2; review says so" ||
	bad "step 1: claimed $claimed, python $true32, solution $(sol 1)"

# step 2: the denominator q_15 before the huge quotient a_16 (0x9e38/2^16
# in lowest terms), and the golden prefix review names
q15=$(py "$cf_py
q = cf(F(0x9e37fffffffc0001, 2**64)); p0, q0, p1, q1 = 1, 0, q[0], 1
for a in q[1:16]: p0, q0, p1, q1 = p1, q1, a * p1 + p0, a * q1 + q0
assert q1 == F(0x9e38, 2**16).denominator and q[16] > 2**19
print(q1)")
g64=$(py "$cf_py
q = cf(F(0x9e37fffffffc0001, 2**64)); k = 1
while q[k] == 1: k += 1
print(k - 1)")
[ "$q15" = "$(sol 2)" ] && grep -q "only $g64 quotients after a0" <<<"$rv" &&
	ok "step 2: q_15 = $q15 (python), the solution; review's golden prefix $g64" ||
	bad "step 2: python $q15 (prefix $g64), solution $(sol 2)"

# step 3: the first stride 2^s whose effective multiplier is 1
s=$(py 'print(next(s for s in range(32) if 0x9e370001 % 2**(32 - s) == 1))')
[ "$s" = "$(sol 3)" ] && grep -q "worst stride 2^$s at" <<<"$rv" &&
	ok "step 3: stride 2^$s (python), the solution and review's worst" ||
	bad "step 3: python $s, solution $(sol 3)"

# step 4: the shifts and adds of mm/filemap.c, evaluated on x = 1: the
# multiplier after the first three lines (the step's answer) and after
# all six
read -r three mul <<<"$(sed -n '/^+\tn = hash;/,/^+\thash >>=/p' \
	"$root/lessons/2002.patch" | sed 's/^+\t//' | py 'import sys, re
h, n, M, after = 1, 1, 2**64, []
for line in sys.stdin:
    m = re.match(r"n <<= (\d+);", line)
    if m: n = n << int(m.group(1)) % M
    elif line.startswith("hash -= n"): h = (h - n) % M
    elif line.startswith("hash += n"): h = (h + n) % M
    else: continue
    if line.startswith("hash"): after.append(h)
print(after[2], hex(h))')"
[ "$mul" = 0x9e37fffffffc0001 ] &&
	[ "$(py "print($(sol 4 | sed 's/\^/**/g'))")" = "$three" ] &&
	grep -q "proved: the shift/add sequence (lines [0-9-]*) computes hash = page \* $mul mod 2^64" <<<"$rv" &&
	ok "step 4: three lines multiply by $three, all six by $mul (python)" ||
	bad "step 4: python $three and $mul, solution $(sol 4)"

# played with its solutions; review 2002.patch runs once they are given,
# and no other path: a relative one, an absolute one, another name
out=$( { sed -n 's/^solution: //p' "$les"; printf '%s\n' 'review 2002.patch' \
	'review ../tests/review/fixtures/multi.patch' 'review /etc/passwd'; } |
	"$cfx" learn 14 2>&1)
grep -q "Lesson 14 complete: 4 of 5 steps solved, 1 skipped" <<<"$out" &&
	ok "lesson 14 played with its solutions" || bad "play: $(tail -n 3 <<<"$out")"
grep -q "^total: 2 errors" <<<"$out" && ok "review 2002.patch in the lesson reviews the lesson's patch" ||
	bad "review 2002.patch in the lesson: $(grep total <<<"$out")"

mkdir -p "$tmp/l"
cp "$root/lessons/2002.patch" "$tmp/l/"
for line in 'review ../tests/review/fixtures/multi.patch' "review $root/lessons/2002.patch" \
	'review /etc/passwd' 'review missing.patch' 'review 2002.patch --emit kunit'; do
	cat > "$tmp/l/01-r.lesson" <<L
title: Data
step: Review
  Review it.
try: $line
check: result.review.errors >= 1
hint: Type it.
solution: $line
L
	out=$(CFX_LESSONS=$tmp/l "$cfx" learn --check "$tmp/l/01-r.lesson" 2>&1); rc=$?
	[ $rc = 2 ] && grep -q "a lesson reviews only patches of its own directory" <<<"$out" ||
		grep -q "not played: its solution runs" <<<"$out" &&
		ok "a lesson may not run '$line'" || bad "'$line' (status $rc): $out"
done
cat > "$tmp/l/01-r.lesson" <<L
title: Data
step: Review
  Review it.
predict: How many errors?
reveals: review 2002.patch
check: answer == run(review 2002.patch).errors
hint: Count.
solution: answer 2
L
out=$(CFX_LESSONS=$tmp/l "$cfx" learn --check "$tmp/l/01-r.lesson" 2>&1) &&
	ok "run(review 2002.patch) reads the lesson directory's patch" || bad "run(review): $out"
finish review
