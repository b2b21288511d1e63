#!/bin/bash
# A step's reveal ends with "See it for yourself: CMD"; the next step may
# refuse CMD's command word until its own answer (lesson 6: step 1 reveals
# naf golden(32), step 2 predicts with naf).  That very line runs there all
# the same; the next step's own reveal and other lines of its word are
# still refused; and learn --check fails a lesson where the line so let
# through prints the next step's answer, or where a hint says to try a
# command its step refuses (lesson 6 step 2 did: "try naf golden(32) - 2").  Commands and answers come from
# the lesson files; the value of golden(32) from python.
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
l6=$(ls "$root"/lessons/06-*.lesson)
# the reveals: lines of step $1 of file $2
reveals() { awk -v k="$1" '/^step:/{s++} s==k && /^reveals: /{sub(/^reveals: /, ""); print}' "$2"; }
r1=$(reveals 1 "$l6"); r2=$(reveals 2 "$l6")
a1=$(sed -n 's/^solution: answer //p' "$l6" | head -n 1)
w1=${r1%% *}; w2=${r2%% *}
[ -n "$r1" ] && [ -n "$r2" ] && [ "$w1" = "$w2" ] &&
	ok "lesson 6: step 2 refuses step 1's reveal word ($w1)" ||
	bad "lesson 6 no longer has the case: '$r1' / '$r2'"
g=$(python3 -c 'from decimal import *; getcontext().prec = 60
print(int((Decimal(2) ** 32 / ((1 + Decimal(5).sqrt()) / 2)).to_integral_value()))')

out=$(printf 'answer %s\n%s\n%s\n%s - 8\nquit\n' "$a1" "$r1" "$r2" "$w1 golden(32)" |
	"$cfx" learn 6 2>&1)
echo "$out" | grep -q "See it for yourself:" && echo "$out" | grep -qxF "  $r1" &&
	ok "step 1 suggests: $r1" || bad "reveal: $out"
after=$(echo "$out" | sed -n '/step 2 of/,$p')
echo "$after" | grep -q "\b$g\b" && ok "at step 2, '$r1' runs (shows $g)" ||
	bad "'$r1' at step 2: $after"
[ "$(echo "$after" | grep -c 'A prediction comes first\|Not yet: answer first')" = 2 ] &&
	ok "step 2's own reveal and another $w1 line still refused" || bad "refusals: $after"

# the lint: a reveal let through that prints the next answer
mkdir -p "$tmp/l"
hex=0x9e370001
dec=$(python3 -c "print($hex)")
cat > "$tmp/l/01-l.lesson" <<L
title: Reveals
step: The value
  Work out the first quotient.
predict: What is a1 for the multiplier $hex?
reveals: naf $hex
check: answer == run(cf $hex).quotients[1]
hint: Divide.
solution: answer 1

step: In decimal
  Work out the number.
predict: What is $hex in decimal?
reveals: naf $hex --bits 64
check: answer == run(naf $hex).value
hint: Sixteen to the powers.
solution: answer $dec
L
out=$("$cfx" learn --check "$tmp/l/01-l.lesson" 2>&1); rc=$?
[ $rc = 1 ] && echo "$out" | grep -qF "01-l.lesson:10: the previous step's reveal (naf $hex)" &&
	echo "$out" | grep -qF "prints the answer ($dec)" &&
	ok "learn --check: a reveal let through that prints the answer fails" ||
	bad "lint (status $rc): $out"
sed -i "s/^reveals: naf $hex\$/reveals: cf $hex/" "$tmp/l/01-l.lesson"
out=$("$cfx" learn --check "$tmp/l/01-l.lesson" 2>&1); rc=$?
echo "$out" | grep -q "previous step's reveal" && bad "lint on a harmless reveal: $out" ||
	ok "learn --check: a reveal of another command passes"

# a hint that says to try a command the step refuses
sed -i "s/^hint: Sixteen to the powers\.\$/hint: Try naf $hex and read it./" "$tmp/l/01-l.lesson"
grep -q "^hint: Try naf $hex" "$tmp/l/01-l.lesson" || bad "fixture edit"
out=$("$cfx" learn --check "$tmp/l/01-l.lesson" 2>&1); rc=$?
[ $rc = 1 ] && echo "$out" | grep -q '01-l.lesson:15: a hint says to try a command the step refuses' &&
	ok "learn --check: a hint that says to try a refused command fails" ||
	bad "hint lint (status $rc): $out"

n=0
for f in "$root"/lessons/*.lesson; do
	"$cfx" learn --check "$f" >/dev/null 2>"$tmp/err" ||
		{ n=$((n + 1)); echo "$(basename "$f"): $(cat "$tmp/err")"; }
done
[ $n = 0 ] && ok "the lessons pass learn --check" || bad "$n lessons fail learn --check"
finish reveals
