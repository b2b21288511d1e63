#!/bin/bash
# The learner's word in the dashboard's lesson pane (issue 24): a step
# worked on 32-bit words is not judged while the word the learner chose
# (w, :set bits) changes its answer; the answer costs nothing and the note
# says how to go back (:set bits auto), as tests/lessons/settings.sh has
# it for the REPL.  A word that changes nothing is no obstacle, and a word
# that came with a command typed at the ':' line goes with that command.
#
# Lesson 1 step 4 asks a1 of 0x9e370001/2^n: python's integer division
# gives it on 32 bits (the step's) and on 64 (the learner's).
. "$(dirname "$0")/lib.bash"

read -r a32 a64 <<<"$(python3 -c 'p = 0x9e370001
print(2**32 // p, 2**64 // p)')"
[ "$a32" != "$a64" ] && ok "a1 differs on 32 and 64 bits ($a32, $a64)" ||
	bad "a1 is the same on 32 and 64 bits: the cases test nothing"
l1=$(basename "$(ls "$root"/lessons/01-*.lesson)" .lesson)
mark4() {   # lesson 1 step 4's mark in the progress file
	awk -v n="${l1#*-}" '$1 == n { print substr($3, 4, 1) }' \
		"$XDG_STATE_HOME/cfx/progress" 2>/dev/null
}
to_step4() {
	rm -rf "$XDG_STATE_HOME"
	dash_start 160 50 dash "$@"
	tm_wait 'golden prefix' >/dev/null
	tm_type ':learn 1'; tm_keys Enter
	tm_wait 'Step 1 of' >/dev/null
	for i in 1 2 3; do
		tm_type ':skip'; tm_keys Enter
		tm_wait "Step $((i + 1)) of" >/dev/null
	done
	tm_wait 'Step 4 of' >/dev/null
}
note='is worked on 32-bit words'

# :set bits 64, then the step's own a1: not judged, the note
to_step4
tm_type ':set bits 64'; tm_keys Enter
tm_wait 'n = 64' >/dev/null
tm_type ":answer $a32"; tm_keys Enter
check "dash :set bits 64: step 4 not judged, the note" lesson_pane_has "$note"
check "    naming the learner's word and how to undo it" \
	lesson_pane_has 'set bits 64 changes its answer. Nothing is counted: type :set bits auto, then answer again.'
tm_screen | grep -q 'Step 4 done' && bad "    but step 4 was judged done" ||
	ok "    and step 4 is not done"
# the 64-bit a1 costs nothing either; back on the rule's word the right
# answer is the learner's own (+)
tm_type ":answer $a64"; tm_keys Enter
tm_settle
tm_type ':set bits auto'; tm_keys Enter
tm_wait 'n = 32' >/dev/null
tm_type ":answer $a32"; tm_keys Enter
check "    after :set bits auto the answer is judged" tm_wait 'Step 4 done'
tm_type 'q'; tm_exited >/dev/null
check "    solved (+), no try spent under 64 bits" test "$(mark4)" = "+"

# the w key chooses the word too
to_step4
tm_type 'w'
tm_wait 'n = 64' >/dev/null
tm_type ":answer $a32"; tm_keys Enter
check "dash w (64 bits): step 4 not judged, the note" lesson_pane_has "$note"
tm_type 'q'; tm_exited >/dev/null

# the step's own word asked (--bits 32): judged
to_step4 --bits 32
tm_type ":answer $a32"; tm_keys Enter
check "dash --bits 32 (the step's word): judged" tm_wait 'Step 4 done'
tm_type 'q'; tm_exited >/dev/null

# a command's own --bits moves the panels, but goes with its constant:
# the step is judged
to_step4
tm_type ':cf 5 --bits 64'; tm_keys Enter
tm_wait 'n = 64' >/dev/null
tm_type ":answer $a32"; tm_keys Enter
check "dash :cf 5 --bits 64 (a command's word): judged" tm_wait 'Step 4 done'
tm_type 'q'; tm_exited >/dev/null
tm_summary
