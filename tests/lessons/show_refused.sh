#!/bin/bash
# show prints the value of every name (let a = EXPR, and ans after set
# const EXPR): a calculator, as naf is.  A prediction whose answer naf
# would print (lesson 8 step 1: 0x9e370001 mod 2^18; lesson 6 step 1:
# round(2^32/phi)) refuses show with naf, so the learner cannot have cfx
# compute the answer and copy it; once answered, show runs again.  The
# values are computed here by python, never read from cfx.
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
m=$(python3 -c 'print(0x9e370001 % 2**18)')
mx=$(python3 -c "print(hex($m))")
g=$(python3 -c 'from decimal import *; getcontext().prec = 60
print(int((Decimal(2) ** 32 / ((1 + Decimal(5).sqrt()) / 2)).to_integral_value()))')
# lesson N, its first step (which reveals: naf ...), a name set to EXPR,
# its value, and its hex when the step's text does not name the value
# (lesson 6 asks to choose between a0 and a0 + 1, and names them)
for case in "8|0x9e370001 % 2^18|$m|$mx" "6|golden(32)|$g|"; do
	IFS='|' read -r n expr val hex <<<"$case"
	l=$(ls "$root"/lessons/0"$n"-*.lesson)
	grep -q '^reveals: naf ' <(awk '/^step:/{s++} s==1' "$l") ||
		{ bad "lesson $n step 1 no longer reveals with naf"; continue; }
	rm -rf "$XDG_STATE_HOME"
	out=$(printf 'let a = %s\nshow\nset const %s\nshow\nquit\n' "$expr" "$expr" |
	      "$cfx" learn "$n" 2>&1)
	if grep -q "A prediction comes first: show would show the answer" <<<"$out" &&
	   ! grep -qE "^vars|(a|ans) = $val" <<<"$out" &&
	   { [ -z "$hex" ] || ! grep -qiw -e "$hex" -e "$val" <<<"$out"; }; then
		ok "lesson $n step 1: show is refused and prints no $val"
	else
		bad "lesson $n step 1: show printed: $(grep -E "vars|$val|prediction" <<<"$out" | head -3)"
	fi
done
# after the answer, show runs and prints the name's value
rm -rf "$XDG_STATE_HOME"
s1=$(sed -n 's/^solution: answer //p' "$root"/lessons/08-*.lesson | head -n 1)
out=$(printf 'let a = 0x9e370001 %% 2^18\nanswer %s\nshow\nquit\n' "$s1" |
      "$cfx" learn 8 2>&1)
grep -qE "a = $m \\($mx\\)" <<<"$out" &&
	ok "once answered, show prints a = $m ($mx)" ||
	bad "show after the answer: $(grep -E 'vars|a =' <<<"$out")"
# a step that refuses no naf lets show run (lesson 4 step 1 reveals spectrum)
rm -rf "$XDG_STATE_HOME"
out=$(printf 'let a = 2^10\nshow\nquit\n' | "$cfx" learn 4 2>&1)
grep -qF "a = 1024 (0x400)" <<<"$out" &&
	ok "lesson 4 step 1 (no naf refused): show runs" ||
	bad "lesson 4 step 1: $(tail -n 4 <<<"$out")"
finish show_refused
