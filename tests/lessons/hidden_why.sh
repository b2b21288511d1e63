#!/bin/bash
# A panel hidden for a later step says so (issues 24 and 26).  Lesson 6
# opens on the prime below golden(32); step 3 asks for its golden prefix
# and reveals it with cf on that prime, so the CF and bucket panels are
# hidden from step 1 on (dash_learn.c's later_mask).  They said "hidden
# until you answer", and after a wrong answer to step 1 "hidden until
# the step is over": neither is true, answering step 1 shows them not.
# At 80x24 they must name the step whose answer shows them and what it
# asks (its title, whole), while the panels step 1 itself hides keep
# their note; at that step the same panels say "hidden until you
# answer".  The prime comes from PARI/GP, the step from the lesson file
# (the first step whose reveals: operand is that prime), its answers
# from its solution: lines.
. "$(dirname "$0")/../dash/lib.bash"
f=$(ls "$root"/lessons/06-*.lesson)
p=$(echo 'precprime(round(2^32*2/(1+sqrt(5))) - 1)' | gp -q -f)
# the number and title of the first step revealed on $p
read -r k title < <(awk -v p="$p" '/^step:/ { n++; sub(/^step: */, "");
	t[n] = $0 } $0 ~ "^reveals: .* " p "$" { print n, t[n]; exit }' "$f")
check "lesson 6: step $k reveals on $p (PARI/GP), '$title'" \
	test "${k:-0}" -gt 1
sols=$(sed -n 's/^solution: answer //p' "$f")
# the left column of the screen (the panels beside the lesson), joined
left() { tm_screen | awk -F'│' '{ print $1 }' | tr -s ' \n' '  '; }
count() { tm_screen | grep -o "$1" | wc -l; }
later="hidden until step $k is answered"
why="$later: it would show the answer to step $k, \"$title\""

dash_start 80 24 dash --learn 6
check "step 1 at 80x24" tm_wait 'Step 1 of [0-9]+'
check "the CF panel: $later" tm_wait "$later"
tm_settle
check "the CF and bucket panels say it ($(count "$later"))" \
	test "$(count "$later")" = 2
check "the note names step $k and its title whole" \
	bash -c '[[ "$1" == *"$2"*"$2"* ]]' _ "$(left)" "$why"
check "header and decomposition: hidden until you answer (step 1's)" \
	test "$(count 'hidden until you answer')" = 2
tm_type ':answer 0.1'; tm_keys Enter
check "a wrong answer: step 1's panels hidden until the step is over" \
	tm_wait 'hidden until the step is over'
tm_settle
check "the CF and bucket panels still wait for step $k" \
	test "$(count "$later")" = 2
i=1
while IFS= read -r a && [ $i -lt "$k" ]; do
	tm_type ":answer $a"; tm_keys Enter
	i=$((i + 1))
	tm_wait "Step $i of" >/dev/null
done <<<"$sols"
check "step $k reached with the lesson's answers" tm_wait "Step $k of"
tm_settle
check "at step $k its panels: hidden until you answer" \
	tm_wait 'hidden until you answer'
check "and no longer name a later step" tm_gone 'hidden until step'
tm_type q
tm_exited >/dev/null
tm_summary
