#!/bin/bash
# tests/run.sh itself, on a made-up tree: every suite present runs whatever
# its file mode, a unit test that was not built fails, a suite that ran no
# case fails, one that ends without its count (or is empty) fails, a
# failing suite fails the run, the count is checked, and the
# results come in suite order one suite a line, whether the suites run one
# after another (CHECK_JOBS=1) or side by side (and a terminal suite, one
# using tests/lib/tmux.sh, in its own lane).
. "$(dirname "$0")/lib.sh"
# the runs below are of the whole made-up tree: a CHECK_ONLY,
# CHECK_TIMEOUT or CHECK_SAMPLE given to the outer make check (make check
# SANITIZE=1 exports CHECK_SAMPLE=8) is not theirs
unset CHECK_ONLY CHECK_TIMEOUT CHECK_SAMPLE

t=$tmp/tree
mkdir -p "$t/tests/unit" "$t/tests/cli" "$t/tests/a" "$t/tests/b" "$t/tests/lib" "$t/build/tests"
cp "$root/tests/run.sh" "$t/tests/run.sh"
# two unit tests, one built (a stand-in printing Criterion's last line)
: >"$t/tests/unit/test_one.c"; : >"$t/tests/unit/test_two.c"
printf '#!/bin/sh\necho "[====] Synthesis: Tested: 3 | Passing: 3 | Failing: 0 | Crashing: 0 "\n' \
	>"$t/build/tests/test_one"
chmod +x "$t/build/tests/test_one"
# a golden file: golden.sh is a stand-in too
printf '#!/bin/sh\necho "golden: 2 passed, 0 failed"\n' >"$t/tests/golden.sh"
chmod +x "$t/tests/golden.sh"
: >"$t/tests/cli/x.t"
# scripts: without the executable bit, one passing nothing, one failing,
# a slow one (finishing last when run side by side), a terminal one, and
# helpers that are not suites
printf 'sleep 1; echo "a1: 4 passed, 0 failed"\n' >"$t/tests/a/a1.sh"
printf 'echo "a2: 0 passed, 0 failed"\n' >"$t/tests/a/a2.sh"
printf 'echo "a3: 1 passed, 1 failed"; exit 1\n' >"$t/tests/a/a3.sh"
# one that stops early with status 0 (no count), and an empty one
printf 'echo "a4: 1 passed, 0 failed so far"; echo cut short\n' >"$t/tests/a/a4.sh"
: >"$t/tests/a/a5.sh"
printf '. "$(dirname "$0")/../lib/tmux.sh"\necho "b1: 5 passed, 0 failed"\n' >"$t/tests/b/b1.sh"
printf 'echo "b2: 6 passed, 0 failed"\n' >"$t/tests/b/b2.sh"
printf ': # sourced by b1\n' >"$t/tests/lib/tmux.sh"
printf 'exit 1\n' >"$t/tests/b/lib.sh"
chmod -x "$t"/tests/a/*.sh "$t"/tests/b/*.sh

# a1 passes: chmod -x is no reason to skip it
want=$(printf '%s\n' 'ok a/a1.sh' 'FAIL a/a2.sh' 'FAIL a/a3.sh' 'FAIL a/a4.sh' 'FAIL a/a5.sh' 'ok b/b1.sh' 'ok b/b2.sh' \
	'ok golden/x.t' 'ok unit/test_one' 'FAIL unit/test_two' | sort | paste -sd'|')
for j in 1 2 4; do
	out=$(cd "$t" && CHECK_JOBS=$j bash tests/run.sh 2>&1); rc=$?
	got=$(printf '%s\n' "$out" | grep -E '^(ok|FAIL)  ' | awk '{ print $1, $2 }' |
	      sort | paste -sd'|')
	[ "$got" = "$want" ] && ok "jobs=$j: every suite ran, whatever its mode; each verdict right" ||
		bad "jobs=$j: got $got"
	[ $rc = 1 ] && printf '%s\n' "$out" | grep -qx '5 passed, 5 failed' &&
		ok "jobs=$j: 5 passed, 5 failed, status 1" || bad "jobs=$j: status $rc, $(tail -n 2 <<<"$out")"
	order=$(printf '%s\n' "$out" | grep -E '^(ok|FAIL)  ' | awk '{ print $2 }' | paste -sd' ')
	[ "$order" = "unit/test_one unit/test_two golden/x.t a/a1.sh a/a2.sh a/a3.sh a/a4.sh a/a5.sh b/b1.sh b/b2.sh" ] &&
		ok "jobs=$j: reported in suite order" || bad "jobs=$j: order $order"
	# before any result, what the run will do (it printed nothing for
	# minutes after the build: a newcomer's make check looked hung)
	first=$(printf '%s\n' "$out" | head -n 1)
	if [ $j = 1 ]; then hw='10 suites, one after another; each line as its suite ends'
	else hw="10 suites, $j at a time (those at a terminal one after another, in a lane beside them); lines in suite order, the longest started first, so the first can take minutes"; fi
	[ "$first" = "$hw" ] && ok "jobs=$j: the first line says what the run will do" ||
		bad "jobs=$j: first line: $first"
	printf '%s\n' "$out" | grep -q 'not built: build/tests/test_two' &&
		ok "jobs=$j: the unbuilt unit test is named" || bad "jobs=$j: unbuilt not named"
	printf '%s\n' "$out" | grep -q '(the suite ran no case: a2: 0 passed, 0 failed)' &&
		ok "jobs=$j: a suite of no case is said to be one" || bad "jobs=$j: no-case not said"
	printf '%s\n' "$out" | grep -q '(the suite did not end with its count: cut short)' &&
		ok "jobs=$j: a suite cut short with status 0 is said to be one" || bad "jobs=$j: cut short not said"
done

# CHECK_SAMPLE=K is said first, before the plan; a bad K is refused with
# one line naming it, before any suite runs
out=$(cd "$t" && CHECK_JOBS=2 CHECK_SAMPLE=8 bash tests/run.sh 2>&1)
l1=$(sed -n 1p <<<"$out"); l2=$(sed -n 2p <<<"$out")
[ "$l1" = 'CHECK_SAMPLE=8: the suites that walk long lists of like cases check one case in 8 (tests/README.md)' ] &&
	[ "${l2%%,*}" = '10 suites' ] &&
	ok "CHECK_SAMPLE=8: said on the first line, the plan on the second" || bad "CHECK_SAMPLE=8: $l1 / $l2"
for k in 0 x8 -1; do
	out=$(cd "$t" && CHECK_SAMPLE=$k bash tests/run.sh 2>&1); rc=$?
	[ $rc = 2 ] && [ "$(wc -l <<<"$out")" = 1 ] && grep -q "CHECK_SAMPLE='$k'" <<<"$out" &&
		! grep -qE '^(ok|FAIL)  ' <<<"$out" &&
		ok "CHECK_SAMPLE=$k: refused in one line, status 2" || bad "CHECK_SAMPLE=$k: status $rc, $out"
done

# a filter, as CHECK_ONLY or as the one argument: only the suites it
# names run, and the count is checked against them; a filter that
# selects nothing, two arguments, or an argument beside another
# CHECK_ONLY are refused with one line
sel() { grep -E '^(ok|FAIL)  ' | awk '{ print $1, $2 }' | paste -sd'|'; }
out=$(cd "$t" && CHECK_JOBS=1 CHECK_ONLY='^b/' bash tests/run.sh 2>&1); rc=$?
[ $rc = 0 ] && [ "$(sel <<<"$out")" = 'ok b/b1.sh|ok b/b2.sh' ] &&
	ok "CHECK_ONLY='^b/': b1 and b2 alone, status 0" || bad "CHECK_ONLY: status $rc, $(sel <<<"$out")"
out=$(cd "$t" && CHECK_JOBS=2 bash tests/run.sh 'a/a[13]' 2>&1); rc=$?
[ $rc = 1 ] && [ "$(sel <<<"$out")" = 'ok a/a1.sh|FAIL a/a3.sh' ] &&
	printf '%s\n' "$out" | grep -qx '1 passed, 1 failed' &&
	ok "argument 'a/a[13]': a1 and a3 alone, 1 passed, 1 failed" || bad "argument: status $rc, $(sel <<<"$out")"
out=$(cd "$t" && CHECK_ONLY=a1 bash tests/run.sh a1 2>&1); rc=$?
[ $rc = 0 ] && [ "$(sel <<<"$out")" = 'ok a/a1.sh' ] &&
	ok "the same filter both ways: taken" || bad "same filter twice: status $rc, $out"
# a quiet stretch is said: a slow first suite while the others end (the
# line names it and counts the finished ones); run one after another,
# every line is a result, so none is said
q=$tmp/quiet
mkdir -p "$q/tests/a"
cp "$root/tests/run.sh" "$q/tests/run.sh"
printf 'sleep 4; echo "s1: 1 passed, 0 failed"\n' >"$q/tests/a/s1.sh"
printf 'sleep 2; echo "s2: 1 passed, 0 failed"\n' >"$q/tests/a/s2.sh"
printf 'sleep 3; echo "s3: 1 passed, 0 failed"\n' >"$q/tests/a/s3.sh"
out=$(cd "$q" && CHECK_JOBS=3 CHECK_QUIET=1 bash tests/run.sh 2>&1); rc=$?
[ $rc = 0 ] && printf '%s\n' "$out" | grep -Eq '^      \.\.\. [12] of 3 suites finished after [0-9]+ s; next in order: a/s1\.sh \(running for [0-9]+ s\)$' &&
	ok "a quiet stretch: a line names the suite the run waits for" ||
	bad "quiet stretch: status $rc, $out"
# a stretch with no suite ending at all (one slow suite): the line comes
# on time all the same (it used to wait for some suite to end).  The
# suite itself waits, up to 60 s, for the line to be in the run's output
# (no race: it ends as soon as the line is there)
w=$tmp/wait1
mkdir -p "$w/tests/a"
cp "$root/tests/run.sh" "$w/tests/run.sh"
printf 'for i in $(seq 600); do grep -q "0 of 1 suites finished" "%s" && break; sleep 0.1; done; echo "w1: 1 passed, 0 failed"\n' \
	"$w/out" >"$w/tests/a/w1.sh"
(cd "$w" && CHECK_JOBS=2 CHECK_QUIET=1 bash tests/run.sh >"$w/out" 2>&1); rc=$?
[ $rc = 0 ] && grep -Eq '^      \.\.\. 0 of 1 suites finished after [0-9]+ s; next in order: a/w1\.sh \(running for [0-9]+ s\)$' "$w/out" &&
	ok "no suite ends for a while: the line comes all the same" ||
	bad "one slow suite: status $rc, $(cat "$w/out")"
out=$(cd "$q" && CHECK_JOBS=1 CHECK_QUIET=1 bash tests/run.sh 2>&1); rc=$?
[ $rc = 0 ] && ! printf '%s\n' "$out" | grep -q 'suites finished after' &&
	ok "one after another: no waiting line" || bad "jobs=1: status $rc, $out"
# a failing suite's report starts with what failed: a CI log keeps only
# the head of it (CI showed twenty passing lines of harden/bounds and
# then "[...]", never the failure)
f=$tmp/failfirst
mkdir -p "$f/tests/a"
cp "$root/tests/run.sh" "$f/tests/run.sh"
printf 'for i in $(seq 80); do echo "   ok   case $i"; done; echo "   FAIL case 81: the one"; echo "f1: 80 passed, 1 failed"; exit 1\n' \
	>"$f/tests/a/f1.sh"
# and one that prints only its failures (as golden.sh does): no count
printf 'echo "   FAIL only this"; echo "f2: 3 passed, 1 failed"; exit 1\n' >"$f/tests/a/f2.sh"
out=$(cd "$f" && CHECK_JOBS=1 bash tests/run.sh 2>&1); rc=$?
[ "$(grep -A3 '^FAIL  a/f2.sh' <<<"$out" | grep -c 'passing checks')" = 0 ] &&
	ok "a failing suite of failures only: no count of passes" ||
	bad "failures only: $(grep -A3 '^FAIL  a/f2.sh' <<<"$out")"
[ $rc = 1 ] && [ "$(grep -A1 '^FAIL  a/f1.sh' <<<"$out" | sed -n 2p)" = '         FAIL case 81: the one' ] &&
	grep -qx '      (and 80 passing checks)' <<<"$out" &&
	ok "a failing suite: its failing line first, the passing ones counted" ||
	bad "failing first: status $rc, $(head -c 600 <<<"$out")"
out=$(cd "$t" && bash tests/run.sh nosuchsuite 2>&1); rc=$?
[ $rc = 1 ] && [ "$out" = "CHECK_ONLY='nosuchsuite' selects no suite" ] &&
	ok "a filter selecting nothing: said, status 1" || bad "selects nothing: status $rc, $out"
out=$(cd "$t" && bash tests/run.sh a1 b1 2>&1); rc=$?
[ $rc = 2 ] && [ "$out" = "tests/run.sh: one argument at most, a regular expression (got 2: a1 b1)" ] &&
	ok "two arguments: refused, status 2" || bad "two arguments: status $rc, $out"
out=$(cd "$t" && CHECK_ONLY=b1 bash tests/run.sh a1 2>&1); rc=$?
[ $rc = 2 ] && [ "$out" = "tests/run.sh: both CHECK_ONLY='b1' and the argument 'a1': give one" ] &&
	ok "an argument beside another CHECK_ONLY: refused, status 2" || bad "both: status $rc, $out"
# this suite under an outer CHECK_ONLY (make check CHECK_ONLY=build/runner)
if [ -z "${RUNNER_INNER:-}" ]; then
	out=$(RUNNER_INNER=1 CHECK_ONLY=zzz bash "$0" 2>&1); rc=$?
	[ $rc = 0 ] && ok "run itself under CHECK_ONLY=zzz: still passes" ||
		bad "under CHECK_ONLY=zzz: status $rc, $(tail -n 3 <<<"$out")"
fi
done_suite runner
