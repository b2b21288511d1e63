#!/bin/bash
# What the word solution costs is said before it is typed, and an answer
# copied from it is not solved (issue 24).  The last hint of a step with
# an answer says that solution ends the step, counted as revealed (x);
# so does a wrong prediction's message.  On an ask: step (lesson 10
# step 2, the clump count, by brute force here) solution then the
# copied answer is revealed (x), not done; on a design task (lesson 10
# step 5) whose solution names a constant the step did not, doing it
# after solution counts as revealed too; a step whose solution is its
# own try: line (lesson 1 step 1) costs nothing.  The dashboard says
# :solution.
. "$(dirname "$0")/lib.sh"
said() {   # WHAT TEXT OUTPUT: TEXT (fixed) is in OUTPUT, the sentences joined
	tr '\n' ' ' <<<"$3" | sed 's/  */ /g' | grep -qF -- "$2" &&
		ok "$1" || bad "$1: no '$2' in: $(tail -n 6 <<<"$3")"
}
clumps=$(python3 -c 'print(len({(k * 256 * 0x61C80001 % 2**32) >> 22 for k in range(1024)}))')

# the last hint, before solution is typed: a prediction, an ask
out=$(play 01 2 hint hint hint)
said "L1 s2 (prediction): the last hint says solution ends the step" \
	"No more hints. solution shows the answer and ends the step: it then counts as revealed (x), not solved." "$out"
out=$(play 10 2 hint hint hint)
said "L10 s2 (ask): the last hint says solution ends the step" \
	"solution shows the answer and ends the step" "$out"
out=$(play 01 2 'answer 1, 2')
said "L1 s2: a wrong prediction says typing solution ends it too" \
	"(or type solution) to see the answer, and the step is over" "$out"

# an ask: solution, then the copy
out=$(play 10 2 solution "answer $clumps")
m=$(mark 10 2)
grep -q '^Step 2 explained' <<<"$out" && ! grep -q '^Step 2 done' <<<"$out" &&
	[ "$m" = x ] && ok "L10 s2: solution then answer $clumps: revealed (x), not solved" ||
	bad "L10 s2 solution then copy: mark '$m': $(sed -n '/step 2 of/,$p' <<<"$out" | tail -n 8)"
# the right answer first is still solved
play 10 2 "answer $clumps" >/dev/null
[ "$(mark 10 2)" = + ] && ok "L10 s2: $clumps first is solved (+)" || bad "L10 s2 first: mark $(mark 10 2)"

# a design task: solution names the constant; done after it: x
out=$(play 10 5 hint hint hint solution 'verify golden(32) - 12 --table-bits 4-14')
said "L10 s5: the last hint says what solution costs" \
	"solution shows what to type; the step then counts as revealed (x), not solved, when it is done." "$out"
m=$(mark 10 5)
grep -q '^Step 5 done' <<<"$out" && [ "$m" = x ] &&
	ok "L10 s5: the solution's constant, copied: done, counted revealed (x)" ||
	bad "L10 s5 copy: mark '$m'"
play 10 5 'verify golden(32) + 2 --table-bits 4-14' >/dev/null
[ "$(mark 10 5)" = + ] && ok "L10 s5: a constant of one's own is solved (+)" || bad "L10 s5 own: mark $(mark 10 5)"

# a step whose solution is its try: line: nothing is revealed
out=$(play 01 1 hint hint hint solution 'cf 13/8')
m=$(mark 01 1)
grep -q '^Step 1 done' <<<"$out" && [ "$m" = + ] &&
	ok "L1 s1: solution is the try: line; typing it is solved (+)" ||
	bad "L1 s1: mark '$m'"

# the dashboard: :solution in the words
. "$root/tests/lib/tmux.sh"
# (tmux.sh's own trap and counters give way to lib.sh's)
trap 'tm kill-server 2>/dev/null; rm -rf "$TM_DIR" "$tmp"' EXIT
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
rm -rf "$XDG_STATE_HOME"
tm_start 80 24 env NO_COLOR=1 "$cfx" dash --learn 1
tm_wait 'Step 1 of' >/dev/null
tm_type ':skip'; tm_keys Enter
tm_wait 'Step 2 of' >/dev/null
for i in 1 2 3; do tm_type ':hint'; tm_keys Enter; sleep 0.3; done
if tm_wait ':solution shows the answer and ends the step' 10 >/dev/null; then
	ok "dash 80x24 L1 s2: the last hint says :solution ends the step"
else
	bad "dash L1 s2 last hint: $(tm_screen | tail -n 12)"
fi
# one try is said before the answer: lesson 1 step 4 (tries: 1), not
# step 2
if tm_screen | grep -q 'one try'; then bad "dash L1 s2 says one try"; else
	ok "dash L1 s2 (retries allowed) does not say one try"; fi
tm_type ':skip'; tm_keys Enter; sleep 0.3
tm_type ':skip'; tm_keys Enter
tm_wait 'Step 4 of' >/dev/null
if tm_wait 'one try: :answer X, or just :X' 10 >/dev/null; then
	ok "dash 80x24 L1 s4 (tries: 1) says one try before the answer"
else
	bad "dash L1 s4: $(tm_screen | tail -n 10)"
fi
tm_type 'q'

# and in cfx learn: a tries: 1 ask, a choices: prediction, an open ask
said "L10 s6 (tries: 1 ask) says one try" "(one try: type the answer, or: answer EXPR)" "$(play 10 6)"
said "L10 s1 (choices:) says one try" "(one try; commit to it before you run anything: answer EXPR)" "$(play 10 1)"
play 07 8 | sed -n '/step 8 of/,$p' | grep -q 'one try' && bad "L07 s8 (an open ask) says one try" ||
	ok "L07 s8 (an open ask) does not say one try"
finish solution
