#!/bin/bash
# The tries a question takes, and key families by value, in the
# dashboard's lesson pane and in cfx learn (issue 24, the trial's
# leftovers):
# * the question line says the tries left as the REPL does ("3 tries
#   left", then 2, then 1), not ":answer X, or just :X" alone (one row
#   of the pane beside the panels at 80x24);
# * an ask: beside a try: line takes 3 answers too (it took any number):
#   the third wrong one ends the step, explained, marked x; an answer
#   given before the step's task is done costs nothing;
# * a family compares by value: :set keys stride:0x10000 (and set keys
#   stride:2^16 in cfx learn) is stride:65536 (it was compared as text).
# The lesson is written here; its answers come from python's Fraction
# (the quotients of 13/8), never from cfx.
. "$(dirname "$0")/lib.bash"

L=$TM_DIR/lessons
mkdir -p "$L"
read -r a1 last <<<"$(python3 -c '
from fractions import Fraction as F
x, q = F(13, 8), []
while True:
    a = x.numerator // x.denominator; q.append(a)
    if x == a: break
    x = 1 / (x - a)
print(q[1], q[-1])')"
# three wrong answers to each question, none of them the right one
wrong=($(python3 -c "print(*[v for v in (5, 6, 7, 9) if v not in ($a1, $last)][:3])"))
cat >"$L/01-tries.lesson" <<EOF
title: Tries

step: Worked out
  Quotients.
ask: What is a_1 of 13/8?
check: answer == run(cf 13/8).quotients[1]
check: literal(answer)
else: the number
hint: Subtract the whole part and turn it over.
solution: answer $a1

step: Read back
  Run it, then say.
try: cf 13/8
ask: What is the last quotient of 13/8?
check: result.cf.input == 13/8
check: answer == run(cf 13/8).quotients[-1]
hint: cf prints them.
solution: cf 13/8
solution: answer $last

step: Stride
  Keys of stride 2^16.
face: dash
check: state.keys == "stride:65536"
hint: :set keys stride:65536
solution: set keys stride:65536

step: End
  The end.
try: cf 1/2
check: result.cf.input == 1/2
hint: h
solution: cf 1/2
EOF
export CFX_LESSONS=$L
mark() {   # step $1's mark in the progress file
	awk -v k="$1" '$1 == "tries" { print substr($3, k, 1) }' \
		"$XDG_STATE_HOME/cfx/progress" 2>/dev/null
}
say() { tm_type ":$1"; tm_keys Enter; }

# --- the dashboard -----------------------------------------------------
rm -rf "$XDG_STATE_HOME"
dash_start 160 50 dash
tm_wait 'golden prefix' >/dev/null
say 'learn 1'
tm_wait 'Step 1 of 4' >/dev/null
check "dash step 1: the question line says 3 tries left" \
	lesson_pane_has '3 tries left: :answer X or :X'
say "answer ${wrong[0]}"
check "dash step 1 after a wrong answer: 2 tries left" \
	lesson_pane_has '2 tries left: :answer X or :X'
say "answer ${wrong[1]}"
check "dash step 1 after two: 1 try left" \
	lesson_pane_has '1 try left: :answer X or :X'
say "answer $a1"
tm_wait 'Step 2 of 4' >/dev/null
check "dash step 2 (ask: beside try:): 3 tries left" \
	lesson_pane_has '3 tries left: :answer X or :X'
say 'cf 13/8'
tm_settle
for i in 0 1 2; do say "answer ${wrong[$i]}"; tm_settle; done
check "dash step 2: three wrong answers end it, explained" \
	tm_wait 'Step 3 of 4'
# (the old engine took any number: step 3 is reached by :skip there, so
# that its own check still tells)
tm_screen | grep -q 'Step 3 of 4' || { say skip; tm_wait 'Step 3 of 4' >/dev/null; }
say 'set keys stride:0x10000'
check "dash step 3: stride:0x10000 is stride:65536" tm_wait 'Step 4 of 4'
tm_type 'q'; tm_exited >/dev/null
check "    marks: h (third try), x (three wrong), + (by value)" \
	test "$(mark 1)$(mark 2)$(mark 3)" = "hx+"

# --- at 80x24 the count fits the pane's row beside the panels --------
rm -rf "$XDG_STATE_HOME"
dash_start 80 24 dash
tm_wait 'golden prefix' >/dev/null
say 'learn 1'
tm_wait 'Step 1 of 4' >/dev/null
check "dash at 80x24: the question line whole on one row" \
	tm_wait '3 tries left: :answer X or :X'
say "answer ${wrong[0]}"
check "    and after a wrong answer the hint still shows" tm_wait 'Hint 1 of 1'
tm_type 'q'; tm_exited >/dev/null

# --- cfx learn: the same lesson in the REPL's face ---------------------
rm -rf "$XDG_STATE_HOME"
out=$(printf '%s\n' "answer $a1" "answer $last" 'cf 13/8' \
	"answer ${wrong[0]}" "answer ${wrong[1]}" "answer ${wrong[2]}" quit |
	./cfx learn 1 2>&1)
s2=$(sed -n '/step 2 of/,$p' <<<"$out")
grep -qF '(3 tries: type the answer, or: answer EXPR)' <<<"$s2" &&
	ok "learn step 2 (ask: beside try:) says it takes 3 tries" ||
	bad "learn step 2: no count of tries: $(head -n 12 <<<"$s2")"
grep -q "^Do the step's task first, then answer" <<<"$s2" &&
	ok "learn step 2: an answer before cf 13/8 costs nothing" ||
	bad "learn step 2 answered before its task: $(head -n 20 <<<"$s2")"
if grep -q '^Step 2 explained' <<<"$s2" && grep -q 'last of 3 tries' <<<"$s2" &&
   [ "$(mark 2)" = x ]; then
	ok "learn step 2: three wrong answers end it, explained, x"
else
	bad "learn step 2 after three wrong (mark $(mark 2)): $(tail -n 12 <<<"$s2")"
fi
tm_summary
