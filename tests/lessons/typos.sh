#!/bin/bash
# A typo is not an answer (issue 24, point 7): at a step that waits for an
# answer, a word that is neither a command nor an expression (banana), or
# a mistyped command (cff 8/13), gets one line naming the word and costs
# no hint and no try; a real wrong answer still costs a hint, and a step
# whose answer is a word (WARN) still takes a wrong word as wrong.  The
# real lessons: 01 (step 2, a list of numbers) and 09 (the WARN step).
# Expected answers come from the lessons' solution: lines.
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
l1=$(ls "$root"/lessons/01-*.lesson)
l9=$(ls "$root"/lessons/09-*.lesson)
l1_try=$(sed -n 's/^try: //p' "$l1" | head -n 1)
# the second step's solution, and its hints
sol=$(sed -n 's/^solution: answer //p' "$l1" | head -n 1)
nh=$(awk '/^step:/{s++} s==2 && /^hint:/{n++} END{print n}' "$l1")
[ -n "$sol" ] && [ "$nh" -ge 1 ] && ok "lesson 1 step 2: answer $sol, $nh hints" ||
	bad "lesson 1 step 2 not as expected (answer '$sol', $nh hints)"

out=$(printf '%s\nbanana\ncff 8/13\nanswer banana\nquit\n' "$l1_try" |
	"$cfx" learn 1 2>&1)
n=$(echo "$out" | grep -c '^That is not a command or an answer (banana)\.')
[ "$n" = 2 ] && ok "banana, typed or after answer: not a command or an answer" ||
	bad "banana ($n): $out"
echo "$out" | grep -q '^That is not a command or an answer (cff)\.' &&
	ok "cff 8/13: names cff" || bad "cff: $out"
echo "$out" | grep -Eq 'Not quite|^Hint |No more hints' &&
	bad "a typo cost a hint or a try: $out" || ok "no hint, no try spent"
grep -q '^euclid 5 +\.\.\.\.$' "$XDG_STATE_HOME/cfx/progress" 2>/dev/null ||
	grep -q 'euclid' "$XDG_STATE_HOME/cfx/progress" &&
	ok "progress kept" || bad "progress: $(cat "$XDG_STATE_HOME/cfx/progress" 2>&1)"
echo "$out" | grep -q 'Left lesson 1 at step 2 of' && ok "still at step 2" ||
	bad "moved: $out"

# after the typos, a wrong answer costs hint 1, the right one passes,
# and the first answer recorded is the wrong one, not a typo
out=$(printf 'banana\n0, 1\n%s\nquit\n' "$sol" | "$cfx" learn 1 2>&1)
echo "$out" | grep -q "^Not quite" && echo "$out" | grep -q "^Hint 1 of $nh:" &&
	! echo "$out" | grep -q "^Hint 2 of" && ok "a wrong answer still costs hint 1" ||
	bad "wrong answer: $out"
echo "$out" | grep -q "^You predicted 0, 1; the answer is" && ok "the typo was not the prediction" ||
	bad "prediction: $out"
echo "$out" | grep -q '^Step 2 done\.$' && ok "the right answer passes" || bad "right: $out"

# lesson 9's WARN step: a word answer from PASS, WARN, FAIL; another word
# is refused at no cost, a command line is a typo
k=$(awk '/^step:/{s++} /^solution: answer WARN$/{print s}' "$l9")
[ -n "$k" ] && ok "lesson 9: WARN is step $k" || bad "lesson 9 has no WARN step"
# steps before it, less those done in the dashboard (skipped by themselves)
d=$(awk -v k="$k" '/^step:/{s++} s<k && /^face: dash/{n++} END{print n+0}' "$l9")
skips=$(for ((i = 1 + d; i < k; i++)); do printf 'skip\n'; done)
out=$(printf '%s\nverifyy 0x9e370001\nbanana\nwarn\nquit\n' "$skips" |
	"$cfx" learn 9 2>&1)
echo "$out" | grep -q '^That is not a command or an answer (verifyy)\.' &&
	ok "WARN step: a mistyped command named" || bad "verifyy: $out"
[ "$(echo "$out" | grep -c '^Not quite')" = 0 ] &&
	echo "$out" | grep -q '^Answer one of: PASS WARN FAIL\. Nothing is counted\.' &&
	ok "WARN step (one try, tries: 1 PASS WARN FAIL): banana is no status, costs nothing" ||
	bad "banana at WARN: $out"
echo "$out" | grep -q "^Step $k done\.$" && ok "WARN step: warn passes" || bad "warn: $out"
finish typos
