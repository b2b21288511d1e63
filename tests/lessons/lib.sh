# lib.sh - sourced by the lesson suites (not a suite: tests/run.sh skips
# lib*.sh): cfx, a private HOME and state directory that go away at the
# end, and the count of passes and failures.
#   . "$(dirname "$0")/lib.sh"
#   ok "what held"; bad "what did not"; ...
#   play N STEP INPUT...   lesson N played to STEP by its solutions, then INPUT
#   mark N STEP     the mark of step STEP of lesson N (progress file)
#   finish NAME     prints "NAME: N passed, N failed"; false on a failure
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cfx=$root/cfx
export NO_COLOR=1 LC_ALL=C.UTF-8
# the suites' python imports the shared modules here (cfmath.py,
# lessonfile.py), and writes no __pycache__ into the tree
export PYTHONPATH="$root/tests/lessons${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONDONTWRITEBYTECODE=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME=$tmp/state HOME=$tmp/home
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
# the solution lines of steps 1 .. STEP-1 of lesson file N (cfx learn
# passes over a step done in the dashboard, face: dash: its answer, which
# would be typed into the step after it, is left out)
solutions_before() {
	awk -v stop="$2" '
		function flush() { printf "%s", (dash ? keep : all); all = keep = "" }
		/^step:/ { flush(); n++; dash = 0 }
		/^face: dash/ { dash = 1 }
		n < stop && /^solution: / { sub(/^solution: /, "")
			all = all $0 "\n"; if ($0 !~ /^answer /) keep = keep $0 "\n" }
		END { flush() }' "$root"/lessons/"$1"-*.lesson
}
# play N STEP INPUT...: the output of lesson N played to step STEP, then INPUT
play() {
	local n=$1 step=$2; shift 2
	rm -rf "$tmp/state"
	{ solutions_before "$n" "$step"; printf '%s\n' "$@"; } |
		XDG_STATE_HOME=$tmp/state "$cfx" learn "$n" 2>&1
}
# mark N STEP: step STEP's mark in the progress file for lesson file N
mark() {
	local name
	name=$(basename "$root"/lessons/"$1"-*.lesson .lesson)
	awk -v n="${name#*-}" -v k="$2" '$1 == n { print substr($3, k, 1) }' \
		"$tmp/state/cfx/progress" 2>/dev/null
}
finish() { echo "$1: $pass passed, $fail failed"; [ "$fail" = 0 ]; }
