#!/bin/bash
# learn --check's estimate of what a lesson file runs counts the
# expression evaluator's work too (issue 22: it counted only the
# commands' keys, buckets and points).  30 claims, each naf of a prime
# three nextprime()s above 2^2047 + 2k: the evaluator charges each
# nextprime b^3 = 2048^3 bit operations of its EXPR_COST_BUDGET (4.5e10,
# about 2 s), so each line is about 3 * 2048^3 / 4.5e10 of 2 s (under
# the line's own budget), and the 30 lines together pass the file's
# 30 s: the file is refused before its claims run.  The share is worked
# out here in shell arithmetic and python, not read from cfx.  Under a
# CPU limit of 5 s the old binary, which ran the claims (about a second
# each here), is killed.  A file of 3 such lines is still checked and
# passes; and one line whose expression alone is over 2 s is refused as
# "too costly" by its own, naming it.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
mkdir -p "$tmp/l"
export NO_COLOR=1 XDG_STATE_HOME=$tmp/st
limited() { (ulimit -t 5; "$@"); }
lesson() {   # N: a lesson with N such claims
	printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\n'
	printf 'check: result.cf.input == 1/2\nhint: h\nsolution: cf 1/2\n'
	for k in $(seq 1 "$1"); do
		printf 'claim: naf nextprime(nextprime(nextprime(2^2047 + %d))) :: 1\n' $((2 * k))
	done
}
# each line's share of 2 s and the 30 lines' total in seconds (python)
read -r one total <<<"$(python3 -c '
u = 3 * 2048**3 / 4.5e10 * 2
print("%.2f %.1f" % (u, 30 * u))')"
python3 -c "import sys; sys.exit(not ($one < 2 and $total > 30))" &&
	ok "each line about $one s of 2, 30 lines $total s of 30 (python)" ||
	bad "the case does not test the file's budget: $one, $total"
lesson 30 >"$tmp/l/01-l.lesson"
out=$(limited ./cfx learn --check "$tmp/l/01-l.lesson" 2>&1); rc=$?
expect "30 lines of nextprime: refused as a whole (status $rc)" \
	'[ $rc = 1 ] && grep -qF "too costly for a claim or run(...): the lesson'"'"'s commands together (more than about 30 s of work" <<<"$out"'
lesson 3 >"$tmp/l/01-l.lesson"
out=$(limited ./cfx learn --check "$tmp/l/01-l.lesson" 2>&1); rc=$?
expect "3 such lines: checked, within the budget (status $rc)" \
	'[ $rc = 0 ] && ! grep -q "too costly" <<<"$out"'
# one line: a command's work and its expression's together over 2 s
# (spectrum sorts 2^22 points, 128 units each: 2^29, about 0.54 s; five
# nextprime()s 5 * 2048^3 / 4.5e10 of 2 s, about 1.9 s)
e='nextprime(nextprime(nextprime(nextprime(nextprime(2^2047)))))'
python3 -c "import sys; sys.exit(not (5 * 2048**3 / 4.5e10 * 2 < 2 and
	5 * 2048**3 / 4.5e10 * 2e9 + 128 * 2**22 > 2e9))" &&
	ok "the expression alone under 2 s, with the command over (python)" ||
	bad "the one-line case does not test the sum"
printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: result.cf.input == 1/2\nhint: h\nsolution: cf 1/2\nclaim: spectrum %s\n  --count 2^22 :: 1\n' "$e" >"$tmp/l/01-l.lesson"
out=$(limited ./cfx learn --check "$tmp/l/01-l.lesson" 2>&1); rc=$?
expect "spectrum of five nextprime()s at 2^22 points: refused (status $rc)" \
	'[ $rc = 1 ] && grep -qF "01-l.lesson:8: claim: too costly for a claim or run(...): evaluating nextprime(nextprime(nextprime(nextprime(... costs the expression evaluator" <<<"$out"'
done_suite "lessons/claim_expr_cost"
