#!/bin/bash
# Descriptors 0, 1 and 2 closed by whoever started cfx (issue 22,
# a non-author trial).  Before, `cfx learn 1 2>&-` with a bad line
# in the progress file wrote its warning into progress.lock: the lock was
# the first file opened and took descriptor 2.  Now a closed 0, 1 or 2 is
# held from the start, so no file cfx opens takes its place: the lock
# stays empty (it is only ever locked, never written), the progress file
# keeps its good line, and what cfx would have written to the closed
# descriptor is lost as on a closed one (a report: "cannot write output",
# status 2).  Expected text comes from the lesson fixture (grep), not cfx.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
cfx=$root/cfx
export CFX_LESSONS=$tmp/les
mkdir -p "$tmp/les"
cp tests/lessons/fixtures/01-mini.lesson "$tmp/les/"

# fresh: a progress file with one good line and one bad one
fresh() {
	export XDG_STATE_HOME=$tmp/st$1
	mkdir -p "$XDG_STATE_HOME/cfx"
	printf 'mini 1 +..\nthis is junk\n' >"$XDG_STATE_HOME/cfx/progress"
	P=$XDG_STATE_HOME/cfx/progress
}
# judge CASE RC: no crash, nothing written into the lock, the good line
# kept (in the progress file, or in the copy set aside)
judge() {
	local what=$1 rc=$2
	expect "$what: no crash (status $rc)" '[ "$rc" -lt 128 ]'
	expect "$what: nothing written into progress.lock ($(head -c 80 "$P.lock" 2>/dev/null))" \
		'[ ! -s "$P.lock" ]'
	expect "$what: the good line kept" 'grep -q "^mini " "$P"'
}

fresh 1
"$cfx" learn 1 </dev/null >"$tmp/out" 2>&-; rc=$?
judge "learn 1 2>&-, a bad progress line (issue 22)" $rc
expect "learn 1 2>&-: the lesson still shown on stdout, at its saved step" \
	'grep -q "Lesson 1, step 2 of" "$tmp/out"'

fresh 2
"$cfx" learn 1 </dev/null >&- 2>"$tmp/err"; rc=$?
judge "learn 1 >&-" $rc
expect "learn 1 >&-: the lost output said, status 2 ($rc: $(tail -1 "$tmp/err"))" \
	'[ $rc = 2 ] && grep -q "cannot write output" "$tmp/err"'

fresh 3
"$cfx" learn 1 <&- >&- 2>&-; rc=$?
judge "learn 1 <&- >&- 2>&-" $rc
expect "learn 1 with 0, 1 and 2 closed: status 2 (nothing could be said)" '[ $rc = 2 ]'

fresh 4
"$cfx" learn --list >"$tmp/out" 2>&-; rc=$?
judge "learn --list 2>&-" $rc

# a single command: a closed stdout is a write error, a closed stdin is
# no input at all
"$cfx" cf 355/113 >&- 2>"$tmp/err"; rc=$?
expect "cf >&-: cannot write output, status 2 ($rc: $(cat "$tmp/err"))" \
	'[ $rc = 2 ] && grep -q "cannot write output" "$tmp/err"'
want=$(python3 -c 'from fractions import Fraction as F
x, t = F(355, 113), []
while True:
    a = x.numerator // x.denominator; t.append(str(a)); x -= a
    if x == 0: break
    x = 1 / x
print("[" + t[0] + "; " + ", ".join(t[1:]) + "]")')
"$cfx" cf 355/113 <&- >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "cf <&-: runs, status 0 ($rc: $(cat "$tmp/err"))" \
	'[ $rc = 0 ] && grep -qF "$want" "$tmp/out"'
done_suite harden/std_fds
