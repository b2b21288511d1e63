#!/bin/bash
# Issue 24 (h24f points 4 and 5): lesson 10 step 1 does not tell its
# prediction; lesson 11 step 2 asks of a form no earlier lesson printed;
# lesson 12 step 7's reveal prints the degrees of freedom.  The forms
# are python's textbook NAF, the degrees 2R - 2 for R rounds a side,
# never cfx's output pasted back.
. "$(dirname "$0")/lib.sh"
step() { awk -v k="$2" '/^step:/{s++} s == k' "$root"/lessons/"$1"-*.lesson; }
# the NAF's power sum as naf writes it (2^63 + 2^61 - ... + 1), by the
# textbook algorithm, and its additions and subtractions
nafsum() { python3 -c "
n, t, e = $1, [], 0
while n:
    if n & 1:
        d = 2 - n % 4; t.append((d, e)); n -= d
    n //= 2; e += 1
t.reverse()
s = ''
for i, (d, e) in enumerate(t):
    w = '1' if e == 0 else '2^%d' % e
    s += (w if d > 0 else '-' + w) if i == 0 else (' + ' if d > 0 else ' - ') + w
print(len(t) - 1, s)"; }

# 10/1: the prose before the prediction names the constant and does not
# say how it fared
pre=$(step 10 1 | sed '/^predict:/,$d' | tr '\n' ' ' | tr -s ' ')
case $pre in
*0x9e370001*) ok "L10 step 1 names 0x9e370001 before asking" ;;
*) bad "L10 step 1 does not name its constant before asking" ;;
esac
if grep -qiE 'failed|that fail|a fail' <<<"$pre"; then
	bad "L10 step 1 tells the verdict it asks for: $(grep -oiE '[^.]*fail[^.]*' <<<"$pre" | head -1)"
else
	ok "L10 step 1 does not say the constant failed"
fi

# 11/2: python's form of its constant (the operand of its reveals: naf
# line); no command lessons 1 to 10 show (try:, reveals:, solution:
# lines of naf, shifts and verify, without the learner's ans) prints it
c=$(step 11 2 | sed -n 's/^reveals: naf //p')
read -r ops sum <<<"$(nafsum "$c")"
grep -qx "solution: answer $ops" <(step 11 2) &&
	ok "L11 step 2: its answer is python's $ops operations for $c ($sum)" ||
	bad "L11 step 2 ($c): python says $ops operations"
shown=0
while IFS= read -r line; do
	case $line in *ans*) continue ;; esac
	if "$cfx" $line 2>/dev/null | tr -s ' \n' '  ' | grep -qF -- "$sum"; then
		bad "L11 step 2's form ($sum) is printed before it, by: $line"
		shown=1
	fi
done < <(cat "$root"/lessons/0[1-9]-*.lesson "$root"/lessons/10-*.lesson |
	sed -n 's/^\(try\|reveals\|solution\): \(\(naf\|shifts\|verify\) .*\)/\2/p' | sort -u)
[ $shown = 0 ] && ok "L11 step 2: no line of lessons 1 to 10 prints $c's form"

# 12/7: the reveal prints df = 2R - 2 for its --runs R (python)
line=$(step 12 7 | sed -n 's/^reveals: //p')
R=$(sed -n 's/.*--runs \([0-9]*\).*/\1/p' <<<"$line")
df=$(python3 -c "print(2 * $R - 2)")
got=$("$cfx" $line 2>/dev/null | python3 -c 'import json, sys
try:
    d = json.load(sys.stdin)
    print(*sorted({int(c["student"]["df"]) for c in d["stats"]["comparisons"]}))
except Exception as e:
    print("no df:", type(e).__name__)')
[ "$got" = "$df" ] && ok "L12 step 7: its reveal ($line) prints df $df (2R - 2, R = $R)" ||
	bad "L12 step 7: its reveal ($line) prints: $got (python: $df)"
grep -qx "solution: answer $df" <(step 12 7) && ok "L12 step 7 answers $df" ||
	bad "L12 step 7's solution is not $df"
finish issue24f_naf
