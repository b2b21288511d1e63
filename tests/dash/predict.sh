#!/bin/bash
# A lesson's prediction in the dashboard: while it waits for the answer,
# the panels that show the commands its reveals: lines name say "hidden
# until you answer" and the answer's number is nowhere on the screen;
# once an answer is committed they show it again.  Played at 120x40 and
# at 80x24.  The numbers come from PARI/GP and python (brute force, the
# textbook NAF), never from the dashboard:
#   lesson 8 step 2 (reveals: cf ...): a_5 of 0x70001/2^20, in the CF
#   panel; :cf is refused until an answer is given;
#   lesson 8 step 3 (reveals: score ...): the fullest bucket, in the
#   buckets panel; the dashboard runs on 20-bit words, the step on 32,
#   so the answer waits for :set bits auto; steps 4 to 7 predict from
#   score, sweep or verify too, so the panel stays hidden until step 8
#   (the dashboard's own step), where it shows the fullest bucket again;
#   lesson 6 step 1 (reveals: naf ..., refuses: cf ...): 2^32/phi less
#   its rounding; golden(32), in hex, which says the rounding's way, is
#   hidden in the header's value row; step 2 (reveals: naf golden(32) /
#   3) hides it again, and step 3
#   shows it;
#   lesson 11 step 2 (reveals: naf 0x9e37fffffffc0001): the additions
#   of the 64-bit 2002 constant's NAF; the dashboard runs on the 32-bit
#   0x9e370001, whose decomposition and code panel (counts of adds and
#   subs) stay hidden until the answer, then show its NAF weight;
#   lesson 14, done with its solutions: :review 2002.patch reads the
#   lesson directory's patch, as the reveal suggests.
. "$(dirname "$0")/lib.bash"

# a_5 of 0x70001/2^20 (4095) by gp; the fullest of 2^10 buckets for keys
# 0 .. 4095 times 0x70001 mod 2^20 (64) by brute force; golden(32) =
# round(2^32/phi) by gp, in hex and decimal
a5=$(echo 'contfrac(0x70001/2^20)[6]' | gp -q -f)
# the step asks x_5, the rest of the expansion after a_4 (a_5 its whole
# part), by gp: x = [0; 2, 3, 1, 1, x_5]
x5=$(echo 'y = 0x70001/2^20; for(i = 1, 5, y = 1/(y - floor(y))); y' | gp -q -f)
maxload=$(python3 -c 'from collections import Counter
print(max(Counter((k * 0x70001 % 2**20) >> 10 for k in range(4096)).values()))')
gdec=$(echo 'round(2^32*2/(1+sqrt(5)))' | gp -q -f)
# lesson 6 step 2: golden(32)'s smallest prime factor, by gp
spf=$(echo "factor($gdec)[1,1]" | gp -q -f)
ghex=$(printf '0x%x' "$gdec")
# the NAF weights of 0x9e370001 (the dashboard's constant) and of
# 0x9e37fffffffc0001 (lesson 11 step 2's), by the textbook NAF algorithm
nafw_of() { python3 -c 'import sys
n, w = int(sys.argv[1], 16), 0
while n:
    if n & 1:
        n -= 2 - n % 4; w += 1
    n //= 2
print(w)' "$1"; }
nafw=$(nafw_of 0x9e370001)
nafw64=$(nafw_of 0x9e37fffffffc0001)
check "the numbers: NAF weights 7 and 7" test "$nafw $nafw64" = "7 7"
check "the numbers: a_5 = 4095, max load 64, golden(32) = 2654435769" \
	test "$a5 $maxload $gdec $ghex" = "4095 64 2654435769 0x9e3779b9"

# The screen shows none of the given patterns (fixed strings).
shows_none() {
	local p screen
	screen=$(tm_screen) && [ -n "$screen" ] || { echo "--- no screen"; return 1; }
	for p in "$@"; do
		printf '%s\n' "$screen" | grep -qF -- "$p" &&
			{ echo "--- '$p' is on the screen:"; tm_screen | sed 's/^/| /'; return 1; }
	done
	return 0
}

# The buckets panel's figures row: "R ...  max N  empty ...": N, or "".
buckets_max() {
	tm_screen | grep -oE 'R [0-9.]+ +max [0-9]+' | awk '{ print $NF }' | head -n 1
}
max_is() { test "$(buckets_max)" = "$1"; }

# No count of operations on the screen: the decomposition's "NAF weight
# 7: 6 add/sub", the code panel's "6 shifts, 3 add, 3 sub".
no_ops() {
	local screen
	screen=$(tm_screen) && [ -n "$screen" ] || return 1
	! printf '%s\n' "$screen" | grep -E 'add/sub|[0-9]+ adds?, [0-9]+ subs?'
}

# The CF panel shows quotient $1 (not the last one).
cf_has() { [[ "$(cf_shown)" == *" $1,"* ]]; }

scenario() {
	local w=$1 h=$2 at="at $1x$2"

	rm -rf "$XDG_STATE_HOME"
	dash_start "$w" "$h" dash --learn 8 --bits 20 --table-bits 10 \
		--count 4096 0x70001
	tm_wait 'Step 1 of' >/dev/null
	tm_type ':skip'; tm_keys Enter
	check "$at: lesson 8 step 2 predicts a_5" \
		tm_wait 'Step 2 of [0-9]+: What the continued'
	check "$at: the CF panel says it is hidden" \
		tm_wait 'hidden until you answer'
	tm_settle
	check "$at: and a_5 = $a5 is nowhere on the screen" shows_none "$a5"
	tm_type ':cf 0x70001 --bits 20'; tm_keys Enter
	check "$at: :cf is refused until an answer is committed" \
		tm_wait 'A prediction comes first'
	check "$at: and still shows nothing of it" shows_none "$a5"
	tm_type ":answer $x5"; tm_keys Enter
	check "$at: an answer moves on to step 3" tm_wait 'Step 3 of [0-9]+: Predict'
	check "$at: the CF panel shows a_5 = $a5 again" \
		wait_for cf_has "$a5"

	# step 3: the fullest bucket, which the buckets panel shows
	check "$at: step 3 hides the buckets panel" tm_wait 'hidden until you answer'
	tm_settle
	check "$at: its max load is nowhere on the screen" \
		max_is ""
	# the dashboard was started on 20 bits, the step is worked on 32: the
	# learner's word changes its answer, so it waits for :set bits auto
	# (tests/dash/lesson_word.sh)
	tm_type ":$maxload"; tm_keys Enter
	check "$at: on the learner's 20 bits step 3 is not judged" \
		tm_wait 'Step 3 is worked on 32-bit words'
	tm_type ':set bits auto'; tm_keys Enter
	tm_type ":$maxload"; tm_keys Enter
	check "$at: the answer passes step 3" tm_wait 'Step 4 of [0-9]+'
	# steps 4 to 7 predict from the buckets or the sweep too: the panel
	# stays hidden until step 8, which asks for no prediction
	tm_settle
	check "$at: step 4 predicts again: the panel stays hidden" \
		max_is ""
	while IFS= read -r a; do
		tm_type ":${a#answer }"; tm_press Enter
	done < <(sed -n 's/^solution: answer //p' lessons/08-*.lesson | sed -n 4,7p)
	check "$at: the lesson's answers reach step 8" \
		tm_wait 'Step 8 of [0-9]+: Step the stride'
	tm_type ':set bits 20'; tm_keys Enter       # the panels' 20 bits again
	check "$at: the buckets panel shows max $maxload again" \
		wait_for max_is "$maxload"
	check "$at: nothing is hidden now" tm_gone 'hidden until you answer'
	tm_type 'q'
	tm_exited >/dev/null

	# lesson 6 step 1: golden(32) = a0 (rounded down) is the constant
	# shown, its hex hidden; the prose quotes a0 in decimal; the answer
	# typed is the step's solution
	rm -rf "$XDG_STATE_HOME"
	dash_start "$w" "$h" dash --learn 6 "'golden(32)'"
	check "$at: lesson 6 step 1 predicts round(2^32/phi)" \
		tm_wait 'Step 1 of [0-9]+: Round'
	check "$at: the header's value row is hidden" \
		tm_wait '= hidden until you answer'
	tm_settle
	check "$at: $ghex is not on the screen" shows_none "${ghex#0x}"
	tm_type ":$(sed -n 's/^solution: answer //p' lessons/06-*.lesson |
		head -n 1)"
	tm_keys Enter
	check "$at: the answer passes step 1" tm_wait 'Step 2 of [0-9]+: Odd'
	# step 2 reveals naf too: its answer hides the row again
	tm_type ":$spf"; tm_keys Enter
	check "$at: step 2 too, to step 3 (reveals cf)" tm_wait 'Step 3 of [0-9]+'
	check "$at: the header shows $ghex = $gdec again" \
		tm_wait "^  = $ghex = $gdec "
	tm_type 'q'
	tm_exited >/dev/null

	# lesson 11 step 2 (reveals: naf 0x9e37fffffffc0001): its additions;
	# the decomposition and the code panel's summary of the dashboard's
	# 0x9e370001 stay hidden until the answer
	rm -rf "$XDG_STATE_HOME"
	dash_start "$w" "$h" dash --learn 11 0x9e370001
	tm_wait 'Step 1 of' >/dev/null
	tm_type ':skip'; tm_keys Enter
	check "$at: lesson 11 step 2 predicts the additions" \
		tm_wait 'Step 2 of [0-9]+: The 2002'
	tm_settle
	check "$at: no count of operations is on the screen" \
		no_ops
	tm_type ":$((nafw64 - 1))"; tm_keys Enter
	check "$at: once answered the decomposition shows weight $nafw" \
		tm_wait "NAF weight $nafw: $((nafw - 1)) add/sub"
	tm_type 'q'
	tm_exited >/dev/null
}

scenario 120 40
scenario 80 24

# lesson 14: once it is done (its solution lines from the lesson file,
# answers and the dashboard step's :set), :review 2002.patch reviews the
# lesson directory's patch, as the reveal suggests (the dashboard alone
# would look for ./2002.patch)
rm -rf "$XDG_STATE_HOME"
dash_start 120 40 dash --learn 14
tm_wait 'Step 1 of' >/dev/null
while IFS= read -r a; do
	tm_type ":${a#answer }"; tm_press Enter
done < <(sed -n 's/^solution: //p' lessons/14-*.lesson)
check "lesson 14: its answers finish it" tm_wait 'Lesson 14 complete'
tm_type ':review 2002.patch'; tm_keys Enter
check "lesson 14: :review 2002.patch reads the lesson's patch" \
	tm_wait 'total: [0-9]+ errors?, ' 60
tm_type 'q'
tm_exited >/dev/null

tm_summary
