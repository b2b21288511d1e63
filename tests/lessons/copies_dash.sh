#!/bin/bash
# The dashboard's face of copies.sh: after a wrong first answer a
# prediction's panels stay hidden (the old engine showed them at once, so
# the answer could be read off and typed), and a : line that shows the
# answer ends the step, revealed: x in the progress file, which cfx learn
# reads too.  Lesson 4 step 4 (reveals: spectrum ..., cf ...); then step
# 5 takes three wrong answers and no more.
. "$(dirname "$0")/../dash/lib.bash"
mark4() { awk '$1 == "spectrum" { print substr($3, 4, 1) }' "$XDG_STATE_HOME/cfx/progress" 2>/dev/null; }
hidden() { tm_screen | grep -c 'hidden until'; }
rm -rf "$XDG_STATE_HOME"
dash_start 120 40 dash --learn 4 0x9e370001
tm_wait 'Step 1 of' >/dev/null
for i in 1 2 3; do tm_type ':skip'; tm_keys Enter; sleep 0.3; done
check "lesson 4 step 4 in the dashboard" tm_wait 'Step 4 of [0-9]+: Sometimes'
check "its spectrum panel is hidden" tm_wait 'hidden until you answer'
tm_type ':answer 5'; tm_keys Enter
check "a wrong answer: not quite" tm_wait 'Not quite'
sleep 1
check "the panels stay hidden after the wrong answer ($(hidden))" test "$(hidden)" -ge 1
check "and the learner is told what running a command costs" tm_wait 'counted as'
# what a hidden panel says now: not "commits one", but what is true
check "a hidden panel says it stays hidden until the step is over" tm_wait 'hidden until the step is over'
check "that another answer may be right" tm_wait 'not right yet: :answer EXPR'
check "and what :solution costs" tm_wait ':solution shows it, marked x'
check "while tries are left, not as often as one likes" \
	tm_wait 'again while tries are left'
check "no panel says :answer commits one any more" tm_gone 'commits one'
tm_type ':cf 0x9e370001 --convergents'; tm_keys Enter
check ":cf after the wrong answer ends the step, revealed" tm_wait 'Step 4 explained'
check "the step is marked x" bash -c "sleep 0.5; [ \"\$(awk '\$1 == \"spectrum\" { print substr(\$3, 4, 1) }' '$XDG_STATE_HOME/cfx/progress')\" = x ]"
# step 5 (a pair, d1, d2): three wrong pairs and it is over, explained
# and marked x, as in cfx learn (lessons/tries.sh)
check "step 5 comes next" tm_wait 'Step 5 of [0-9]+: The counts'
for w in '1, 2' '2, 3' '3, 5'; do
	tm_type ":answer $w"; tm_keys Enter; sleep 0.3
done
check "three wrong answers at step 5 end it, explained" \
	tm_wait 'Step 5 explained'
mark5() { awk '$1 == "spectrum" { print substr($3, 5, 1) }' \
	"$XDG_STATE_HOME/cfx/progress" 2>/dev/null; }
sleep 0.5
check "step 5 is marked x" test "$(mark5)" = x
tm_type 'q'
tm_exited >/dev/null
tm_summary
