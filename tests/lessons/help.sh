#!/bin/bash
# Guessing until an answer is accepted is not solving (issue 24 A).  A
# step is solved (+) on its first answer with no hint; right only after a
# wrong answer, or after a hint on a step that asks for an answer (or
# whose solution shows more than its try: line), it is solved with help
# (h): the step says so when it passes, the first wrong answer says so
# before the retry, the lesson's last line counts it, the progress file
# keeps it (and cfx learn does not list the lesson as all solved), and
# going back and answering right at once does not turn it into +.  A
# command step whose solution is its own try: line costs nothing for a
# hint.  The right answers are python's.
. "$(dirname "$0")/lib.sh"
said() {   # WHAT TEXT OUTPUT: TEXT (fixed) is in OUTPUT, lines joined
	tr '\n' ' ' <<<"$3" | sed 's/  */ /g' | grep -qF -- "$2" &&
		ok "$1" || bad "$1: no '$2' in: $(tail -n 6 <<<"$3")"
}
# lesson 1 step 2: the quotients of 8/13 by Euclid
q=$(python3 -c 'a, b, q = 8, 13, []
while b: q.append(a // b); a, b = b, a % b
print(", ".join(map(str, q)))')
wrong=$(python3 -c "q = [$q]; q[-1] += 1; print(', '.join(map(str, q)))")

out=$(play 01 2 "answer $q")
[ "$(mark 01 2)" = + ] && ! grep -q 'with help' <<<"$out" &&
	ok "L1 s2: $q first: solved (+), no word of help" ||
	bad "L1 s2 first: mark '$(mark 01 2)'"
out=$(play 01 2 "answer $wrong" "answer $q")
[ "$(mark 01 2)" = h ] && ok "L1 s2: $wrong, then $q: solved with help (h)" ||
	bad "L1 s2 retry: mark '$(mark 01 2)' (guessing counted as solved)"
said "L1 s2: the first wrong answer says what a retry is worth" \
	"A right answer now counts as solved with help, not on your own." "$out"
said "L1 s2: the pass says so" \
	"It counts as solved with help, not on your own: after a wrong answer." "$out"
# three wrong answers, then right: still h, and "wrong answers"
w2=$(python3 -c "q = [$q]; q[-1] += 2; print(', '.join(map(str, q)))")
out=$(play 01 2 "answer $wrong" "answer $w2" "answer 7" "answer $q")
[ "$(mark 01 2)" = h ] && said "L1 s2: after three wrong answers, h, said so" \
	"not on your own: after wrong answers." "$out" ||
	bad "L1 s2 after three: mark '$(mark 01 2)'"
[ "$(grep -c 'A right answer now counts' <<<"$out")" = 1 ] &&
	ok "L1 s2: the rule is said once, at the first wrong answer" ||
	bad "L1 s2: the rule said $(grep -c 'A right answer now counts' <<<"$out") times"
# a hint, then right at once
out=$(play 01 2 hint "answer $q")
[ "$(mark 01 2)" = h ] && said "L1 s2: a hint, then $q: h, said so" \
	"not on your own: after a hint." "$out" ||
	bad "L1 s2 hint: mark '$(mark 01 2)'"
# back to the h step, answered right at once: it stays h
out=$(play 01 2 "answer $wrong" "answer $q" back "answer $q")
[ "$(mark 01 2)" = h ] && said "L1 s2: back and right at once: stays h, said so" \
	"It stays counted as solved with help, as the first time." "$out" ||
	bad "L1 s2 back: mark '$(mark 01 2)'"
# a command step whose solution is its try: line: a hint tells nothing
play 01 1 hint 'cf 13/8' >/dev/null
[ "$(mark 01 1)" = + ] && ok "L1 s1 (solution = try: line): a hint, then it: +" ||
	bad "L1 s1 hint: mark '$(mark 01 1)'"
# a design task (lesson 10 step 5: a constant of one's own) after a hint
play 10 5 hint 'verify golden(32) + 2 --table-bits 4-14' >/dev/null
[ "$(mark 10 5)" = h ] && ok "L10 s5 (design task): after a hint: h" ||
	bad "L10 s5 hint: mark '$(mark 10 5)'"

# a lesson of two open questions: the last line counts each kind, the
# progress file keeps h, and the listing does not call it all solved
mkdir -p "$tmp/l"
cat > "$tmp/l/01-two.lesson" <<'L'
title: Two questions
step: One
  Euclid.
ask: What is the last quotient of 13/8?
check: answer == run(cf 13/8).quotients[-1]
hint: Run Euclid.
solution: answer 2
step: Two
  Euclid again.
ask: What is the first quotient of 13/8?
check: answer == run(cf 13/8).quotients[0]
hint: Divide.
solution: answer 1
L
read -r last first <<<"$(python3 -c 'a, b, q = 13, 8, []
while b: q.append(a // b); a, b = b, a % b
print(q[-1], q[0])')"
rm -rf "$tmp/state"
out=$(printf '%s\n' "answer $((last + 1))" "answer $last" "answer $first" |
	CFX_LESSONS=$tmp/l "$cfx" learn 1 2>&1)
grep -qF 'Lesson 1 complete: 1 of 2 steps solved, 1 more with help.' <<<"$out" &&
	ok "the last line: 1 of 2 solved, 1 more with help" ||
	bad "last line: $(grep 'complete' <<<"$out")"
grep -qx 'two 2 h+' "$tmp/state/cfx/progress" &&
	ok "the progress file keeps h+" || bad "progress: $(cat "$tmp/state/cfx/progress")"
out=$(CFX_LESSONS=$tmp/l "$cfx" learn 2>&1)
grep -qE '^ +1 \[~\] +two ' <<<"$out" && ! grep -qi 'corrupt' <<<"$out" &&
	ok "listed [~] (not [x]), the file read back without complaint" ||
	bad "listing: $out"
# done again (a finished lesson starts at step 1), right at once: still h
printf '%s\n' "answer $last" quit | CFX_LESSONS=$tmp/l "$cfx" learn 1 >/dev/null 2>&1
grep -qx 'two 1 h+' "$tmp/state/cfx/progress" && ok "done again right at once: h kept" ||
	bad "again: $(cat "$tmp/state/cfx/progress")"
finish help
