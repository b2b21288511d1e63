#!/bin/bash
# Two lesson files of one number, or of one name (issue 22, a hostile
# trial).  Progress is kept by a lesson's name: 01-mini.v2.lesson and
# 06-mini.v2.lesson were both listed, each showing the other's progress,
# and playing one overwrote the other's line.  Two files numbered 1 were
# both listed as 1 and `learn 1` took one of them without a word.  Now
# the catalogue keeps the first (by number, then name) and leaves the
# other out, said in one line as a name off the rule is; --selftest
# counts a file left out as a failure.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
fx=tests/lessons/fixtures
export XDG_STATE_HOME=$tmp/state
mkdir -p "$tmp/names" "$tmp/numbers" "$tmp/state"
progress=$tmp/state/cfx/progress

# one name, two numbers: the second left out, the first's progress kept
cp $fx/01-mini.lesson "$tmp/names/01-mini.v2.lesson"
cp $fx/02-second.lesson "$tmp/names/06-mini.v2.lesson"
export CFX_LESSONS=$tmp/names
printf 'cf 13/8\nquit\n' | ./cfx learn 1 >/dev/null 2>&1
line=$(grep '^mini.v2 ' "$progress")
expect "lesson 1 played: its progress saved ($line)" '[ "$line" = "mini.v2 1 +.." ]'
./cfx learn --list >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "one name: listed once, status 0 ($rc)" \
	'[ $rc = 0 ] && [ "$(grep -c "mini.v2" "$tmp/out")" = 1 ]'
expect "one name: lesson 1 shows its own progress" \
	'grep -q "^  1 \[1/3 done\] *mini.v2 " "$tmp/out"'
expect "one name: the second left out, why ($(cat "$tmp/err"))" \
	'[ "$(cat "$tmp/err")" = "cfx: learn: $tmp/names/06-mini.v2.lesson left out: lesson 1 has the name mini.v2 already (01-mini.v2.lesson), and progress is kept by name" ]'
echo quit | ./cfx learn 6 >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "one name: learn 6 is no lesson, status 2 ($rc: $(cat "$tmp/err"))" \
	'[ $rc = 2 ]'
line=$(grep '^mini.v2 ' "$progress")
expect "one name: lesson 1's progress untouched ($line)" \
	'[ "$line" = "mini.v2 1 +.." ]'

# one number, two names: the first by name kept
cp $fx/01-mini.lesson "$tmp/numbers/01-mini.lesson"
cp $fx/02-second.lesson "$tmp/numbers/01-second.lesson"
export CFX_LESSONS=$tmp/numbers
./cfx learn --list >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "one number: listed once, status 0 ($rc)" \
	'[ $rc = 0 ] && [ "$(grep -c "^  1 " "$tmp/out")" = 1 ]'
expect "one number: the second left out, why ($(cat "$tmp/err"))" \
	'[ "$(cat "$tmp/err")" = "cfx: learn: $tmp/numbers/01-second.lesson left out: lesson 1 is 01-mini.lesson already (number them 01, 02, ...)" ]'
echo quit | ./cfx learn 1 >"$tmp/out" 2>&1
expect "one number: learn 1 is the one listed" \
	'grep -q "^Lesson 1: A mini lesson for the tests" "$tmp/out"'

# --selftest: a file left out is the directory's fault
./cfx learn --selftest >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "selftest: status 1 ($rc)" '[ $rc = 1 ]'
expect "selftest: the file left out said" \
	'grep -q "01-second.lesson left out" "$tmp/err"'
done_suite harden/lesson_twins
