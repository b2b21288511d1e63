#!/bin/bash
# A progress file that is a symbolic link (issue 22): in the user's
# own 0700 state directory, progress replaced by a link to another file
# was read through the link and reported as a bad line of progress
# (misleading), and set aside.  Now it is refused in one line naming the
# path, left as it is (the link and its target untouched: nothing is
# written through it, nothing set aside), and the run saves nothing
# (learn --list still lists, status 0).
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
les=$tmp/lessons
mkdir -p "$les" "$tmp/state/cfx"
chmod 700 "$tmp/state/cfx"
cp tests/lessons/fixtures/01-mini.lesson "$les/"
export CFX_LESSONS=$les XDG_STATE_HOME=$tmp/state
P=$tmp/state/cfx/progress
for target in "secret line of another file" "mini 1 +.."; do
	printf '%s\n' "$target" >"$tmp/target"
	cp "$tmp/target" "$tmp/before"
	rm -f "$P"
	ln -s "$tmp/target" "$P"
	printf 'learn mini\nquit\n' | ./cfx >/dev/null 2>"$tmp/err"
	./cfx learn --list >/dev/null 2>>"$tmp/err"; rc=$?
	expect "link to \"$target\": one line a run naming the path, status $rc ($(head -1 "$tmp/err"))" \
		'[ $rc = 0 ] && [ "$(sort -u "$tmp/err")" = "cfx: learn: the progress file $P is a symbolic link, not followed: it is left as it is and this run'"'"'s progress is not saved" ]'
	expect "  not read through: no bad line said, nothing of the target shown" \
		'! grep -q "line 1\|NAME STEP MARKS\|secret" "$tmp/err"'
	expect "  the link and its target untouched, nothing set aside" \
		'[ -L "$P" ] && [ "$(readlink "$P")" = "$tmp/target" ] && cmp -s "$tmp/target" "$tmp/before" && [ -z "$(ls "$tmp/state/cfx" | grep corrupt)" ]'
done
done_suite harden/progress_link
