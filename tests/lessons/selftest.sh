#!/bin/bash
# The lessons check themselves: `cfx learn --selftest` parses every lesson,
# lints it (line width, numbers backed by claims, facts), runs every claim
# through the command table and plays every step with its own solution.
# The test fixtures must pass too.
. "$(dirname "$0")/lib.sh"

if out=$("$cfx" learn --selftest 2>&1); then
	ok "lessons: $(echo "$out" | tail -n 1)"
else
	bad "lessons"; echo "$out" | sed 's/^/    /'
fi
n=$(ls "$root"/lessons/[0-9]*.lesson | wc -l)
[ "$n" -ge 12 ] && ok "at least twelve lessons ($n)" || bad "only $n lessons"
# the curriculum order (issue 24): 1-6, uniformity, the sparse trap, the
# verdict's rule before verify judges, then NAF and speed
[ -f "$root/lessons/08-sparse-trap.lesson" ] && [ -f "$root/lessons/09-verdict.lesson" ] && [ -f "$root/lessons/10-verify.lesson" ] && [ -f "$root/lessons/12-faster.lesson" ] &&
	ok "curriculum order" || bad "curriculum order"
if out=$(CFX_LESSONS=$root/tests/lessons/fixtures "$cfx" learn --selftest 2>&1); then
	ok "fixtures"
else
	bad "fixtures"; echo "$out" | sed 's/^/    /'
fi
# the self-test plays the lessons without touching the learner's progress
[ ! -e "$XDG_STATE_HOME/cfx/progress" ] && ok "no progress written" ||
	bad "the self-test wrote progress"
# a lesson whose solution does not pass fails the self-test (status 1)
mkdir -p "$tmp/l"
printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: result.cf.input == 1/3\nhint: h\nsolution: cf 1/2\n' > "$tmp/l/01-t.lesson"
CFX_LESSONS=$tmp/l "$cfx" learn --selftest >/dev/null 2>&1; rc=$?
[ $rc = 1 ] && ok "failing solution: status 1" || bad "failing solution: status $rc"
# a step that passes before the learner acts is a lesson bug
printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: state.format == "text"\nhint: h\nsolution: cf 1/2\n' > "$tmp/l/01-t.lesson"
out=$(CFX_LESSONS=$tmp/l "$cfx" learn --selftest 2>&1)
echo "$out" | grep -q "passes before the learner" && ok "trivial step caught" ||
	{ bad "trivial step"; echo "$out"; }
# lessons are numbered 01, 02, ... without gaps
mv "$tmp/l/01-t.lesson" "$tmp/l/03-t.lesson"
out=$(CFX_LESSONS=$tmp/l "$cfx" learn --selftest 2>&1)
echo "$out" | grep -q "where 1 was expected" && ok "numbering gap caught" ||
	{ bad "numbering gap"; echo "$out"; }
finish selftest
