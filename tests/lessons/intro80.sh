#!/bin/bash
# cfx learn N at a terminal of 80x24: a lesson's title and its whole
# introduction are on the screen at once before step 1 is (issue 24: the
# introduction scrolled off above step 1, and a newcomer never saw it).
# Where step 1 with the introduction above it does not fit, the
# introduction comes alone and Enter shows the step, whole.  What the
# screen must hold is read from the lesson file by lessonfile.py, not
# asked of cfx: the title, every word of the introduction, then step 1's
# prose and question; words are compared with spaces removed, as the
# screen wraps them.  At 80x60 there is no pause: the lesson, title to
# question, on one screen.  Every wait is for a state of the screen (the
# prompt after the text, then a screen that holds still); no timing is
# asserted.  One tmux start a lesson and one more: about 10 s.
. "$(dirname "$0")/../lib/tmux.sh"
export NO_COLOR=1 LC_ALL=C.UTF-8 PYTHONDONTWRITEBYTECODE=1
export PYTHONPATH="$root/tests/lessons${PYTHONPATH:+:$PYTHONPATH}"
# holds WHAT FILE PART: true when the screen (stdin) shows PART of lesson
# FILE: "title" (Lesson N: TITLE and every word of the introduction),
# "step" (step 1's rule, prose and question)
holds() {
	python3 -c '
import re, sys, lessonfile
les = lessonfile.parse(sys.argv[1])
n = int(sys.argv[1].split("/")[-1][:2])
scr = re.sub(r"\s", "", sys.stdin.read())
st = les["steps"][0]
want = {"title": ["Lesson %d: %s" % (n, les["title"]), " ".join(les["intro"])],
        "step": ["-- Lesson %d, step 1 of %d:" % (n, len(les["steps"])),
                 " ".join(st["prose"]), " ".join(st["question"])]}[sys.argv[2]]
miss = [w for w in want if re.sub(r"\s", "", w) not in scr]
print("missing: " + " | ".join(m[:60] for m in miss) if miss else "")
sys.exit(1 if miss else 0)' "$1" "$2"
}
for f in "$root"/lessons/[0-9][0-9]-*.lesson; do
	n=$(basename "$f"); n=${n%%-*}
	grep -q '^  ' <(sed -n '/^title:/,/^step:/p' "$f") || continue
	tm_start 80 24 "./cfx learn $n"
	if ! tm_wait '^cfx> ?$' 10 >/dev/null; then
		bad "lesson $n: no prompt at 80x24"; continue
	fi
	tm_settle
	scr=$(tm_screen)
	if why=$(holds "$f" title <<<"$scr"); then
		ok "lesson $n at 80x24: the title and the whole introduction on the first screen"
	else
		bad "lesson $n at 80x24: the first screen lacks the introduction: $why"
		tm_screen | sed 's/^/| /'
		continue
	fi
	if grep -q '(Enter: step 1 of' <<<"$scr"; then
		grep -qE '^  (predict|try|ask): ' <<<"$scr" &&
			bad "lesson $n: the pause came after step 1's question"
		tm_keys Enter
		tm_wait '^  (predict|try|ask): ' 10 >/dev/null && tm_wait '^cfx> ?$' 10 >/dev/null
		tm_settle
		if why=$(holds "$f" step < <(tm_screen)); then
			ok "lesson $n: Enter after the introduction shows step 1 whole"
		else
			bad "lesson $n: after Enter: $why"; tm_screen | sed 's/^/| /'
		fi
	elif why=$(holds "$f" step <<<"$scr"); then
		ok "lesson $n: step 1 whole below the introduction, no pause needed"
	else
		bad "lesson $n: step 1 is not whole below the introduction: $why"
	fi
done
# a tall terminal: no pause, the whole of step 1 at once
f=$(ls "$root"/lessons/14-*.lesson)
tm_start 80 60 "./cfx learn 14"
tm_wait '^cfx> ?$' 10 >/dev/null; tm_settle
scr=$(tm_screen)
holds "$f" title <<<"$scr" >/dev/null && holds "$f" step <<<"$scr" >/dev/null &&
	! grep -q '(Enter: step 1' <<<"$scr" &&
	ok "lesson 14 at 80x60: title, introduction and step 1 on one screen, no pause" ||
	{ bad "lesson 14 at 80x60"; sed 's/^/| /' <<<"$scr"; }
tm_summary
