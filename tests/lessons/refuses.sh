#!/bin/bash
# refuses: WORD...: a prediction refuses more command words than its
# reveals: lines name (the other commands that would print its answer:
# verify beside cf, shifts beside naf), and the reveal names only the
# reveals: lines.  Lesson 6 step 1 predicts 2^32/phi - round(2^32/phi)
# with naf's line as its reveal and refuses cf, verify and the others,
# which would show golden(32) and so which way it rounds; learn --check
# refuses a word that is no command, a second refuses:, and refuses: on a
# step that does not predict.
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
l6=$(ls "$root"/lessons/06-*.lesson)
words=$(awk '/^step:/{s++} s==1 && /^refuses: /{sub(/^refuses: /, ""); print}' "$l6")
r1=$(awk '/^step:/{s++} s==1 && /^reveals: /{sub(/^reveals: /, ""); print}' "$l6")
[ -n "$words" ] && [ "$(printf '%s\n' "$r1" | wc -l)" = 1 ] &&
	ok "lesson 6 step 1: one reveals: line ($r1), refuses: $words" ||
	bad "lesson 6 step 1 no longer has the case: '$r1' / '$words'"
# golden(32) in hex by python (the prose quotes a0 in decimal): no refused
# line may show it
g=$(python3 -c 'from decimal import *; getcontext().prec = 60
print(int((Decimal(2) ** 32 / ((1 + Decimal(5).sqrt()) / 2)).to_integral_value()))')
gx=$(python3 -c "print(hex($g))")
for w in $words; do
	out=$(printf '%s golden(32)\nquit\n' "$w" | "$cfx" learn 6 2>&1)
	if grep -q "A prediction comes first: $w would show the answer" <<<"$out" &&
	   ! grep -qi "$gx" <<<"$out"; then
		ok "step 1 refuses '$w golden(32)' and shows no $gx"
	else
		bad "'$w golden(32)' at step 1: $(tail -n 5 <<<"$out")"
	fi
done
# the step's own answer (its solution), which ends it
a1=$(awk '/^step:/{s++} s==1 && /^solution: answer /{print $3}' "$l6")
out=$(printf 'answer %s\nquit\n' "$a1" | "$cfx" learn 6 2>&1)
rev=$(sed -n '/See it for yourself/,/Step 1 done/p' <<<"$out")
grep -qxF "  $r1" <<<"$rev" && ! grep -q '^And:' <<<"$rev" &&
	ok "the reveal names $r1 and no refused word" || bad "reveal: $rev"

# the grammar
mkdir -p "$tmp/l"
lesson() {   # DIRECTIVES...: a one-step lesson with them after predict:
	{ printf 'title: Refuses\nstep: One\n  Predict.\npredict: 13/8?\n'
	  printf '%s\n' "$@"
	  printf 'check: answer == 13/8\nhint: Euclid.\nsolution: answer 13/8\n'
	} > "$tmp/l/01-r.lesson"
}
lesson 'reveals: cf 13/8' 'refuses: naf verify'
out=$("$cfx" learn --check "$tmp/l/01-r.lesson" 2>&1) &&
	ok "learn --check: refuses: naf verify" || bad "refuses: naf verify: $out"
lesson 'reveals: cf 13/8' 'refuses: naf frobnicate'
out=$("$cfx" learn --check "$tmp/l/01-r.lesson" 2>&1); rc=$?
[ $rc = 2 ] && grep -qF 'refuses: names command words (frobnicate)' <<<"$out" &&
	ok "learn --check: refuses: frobnicate is no command" || bad "frobnicate ($rc): $out"
lesson 'reveals: cf 13/8' 'refuses: naf' 'refuses: verify'
out=$("$cfx" learn --check "$tmp/l/01-r.lesson" 2>&1); rc=$?
[ $rc = 2 ] && grep -qF 'refuses: once' <<<"$out" &&
	ok "learn --check: a second refuses: refused" || bad "second ($rc): $out"
printf 'title: Refuses\nstep: One\n  Ask.\nask: 13/8?\nrefuses: naf\ncheck: answer == 13/8\nhint: Euclid.\nsolution: answer 13/8\n' > "$tmp/l/01-r.lesson"
out=$("$cfx" learn --check "$tmp/l/01-r.lesson" 2>&1); rc=$?
[ $rc = 2 ] && grep -qF 'belong to a predict: step' <<<"$out" &&
	ok "learn --check: refuses: on an ask: step refused" || bad "ask ($rc): $out"
finish refuses
