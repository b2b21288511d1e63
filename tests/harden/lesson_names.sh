#!/bin/bash
# Lesson files the catalogue leaves out, and the progress warnings
# (issue 22): a file named NN-NAME.lesson whose NAME breaks the one rule
# for lesson names (a space, a ':') was left out silently; now one line
# names it whole and says why.  "the 1 lesson read are kept" agrees in
# number; a progress fault that stays is said once a run, not at each
# load (a script with two learn commands said it twice).
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
les=$tmp/lessons
mkdir -p "$les" "$tmp/state"
cp tests/lessons/fixtures/01-mini.lesson tests/lessons/fixtures/02-second.lesson "$les/"
cp "$les/01-mini.lesson" "$les/07-my lesson.lesson"
cp "$les/01-mini.lesson" "$les/08-a:b.lesson"
export CFX_LESSONS=$les XDG_STATE_HOME=$tmp/state
./cfx learn --list >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "left out: status 0 (got $rc)" '[ $rc = 0 ]'
expect "left out: the two good lessons listed" \
	'[ "$(grep -c "^  [12] " "$tmp/out")" = 2 ] && ! grep -q "my lesson\|a:b" "$tmp/out"'
expect "left out: each named whole, one line each, why ($(head -1 "$tmp/err"))" \
	'[ "$(cat "$tmp/err")" = "cfx: learn: $les/07-my lesson.lesson left out: the name after NN- may hold only letters, digits, dots, underscores and dashes
cfx: learn: $les/08-a:b.lesson left out: the name after NN- may hold only letters, digits, dots, underscores and dashes" ]'

# a progress file with a line that does not parse: set aside, the good
# line written back, said in the singular
mkdir -p "$tmp/state/cfx"
printf 'mini 1 +..\nthis is junk\n' >"$tmp/state/cfx/progress"
rm "$les/07-my lesson.lesson" "$les/08-a:b.lesson"
./cfx learn --list >"$tmp/out" 2>"$tmp/err"
expect "one lesson read: 'is kept' ($(cat "$tmp/err"))" \
	'grep -q "and the 1 lesson read is kept$" "$tmp/err"'
printf 'mini 1 +..\nsecond 0 ..\nthis is junk\n' >"$tmp/state/cfx/progress"
./cfx learn --list >"$tmp/out" 2>"$tmp/err"
expect "two lessons read: 'are kept' ($(cat "$tmp/err"))" \
	'grep -q "and the 2 lessons read are kept$" "$tmp/err"'

# a read-only progress directory: the fault stays all run; a script that
# lists and then plays says it once
if unshare -m true 2>/dev/null; then
	d=$tmp/ro
	mkdir -p "$d/cfx"
	printf 'mini 1 +..\nthis is junk\n' >"$d/cfx/progress"
	unshare -m sh -c "mount --bind '$d' '$d' && mount -o remount,ro,bind '$d' &&
		printf 'learn\nlearn mini\nhint\n' | XDG_STATE_HOME='$d' ./cfx >/dev/null 2>'$tmp/err'"
	expect "read-only progress, a script of two learn commands: said once ($(grep -c "progress file" "$tmp/err"))" \
		'[ "$(grep -c "the progress file could not be read" "$tmp/err")" = 1 ]'
else
	echo "skip the read-only progress directory: no unshare -m here"
fi
done_suite harden/lesson_names
