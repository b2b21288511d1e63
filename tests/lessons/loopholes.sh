#!/bin/bash
# Loopholes in the lessons' checks: wrong answers and wrong commands that
# once passed a step are refused, with the lesson's reason where it has
# one.  Each case plays the real lesson: the author's solutions of the
# earlier steps, then the learner's attempt, in script mode.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cfx=$root/cfx
export NO_COLOR=1 LC_ALL=C.UTF-8
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export HOME=$tmp
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

# the solution lines of steps 1 .. STEP-1 of lesson file N
solutions_before() {
	awk -v stop="$2" '/^step:/ { n++ } n < stop && /^solution: / {
		sub(/^solution: /, ""); print }' "$root"/lessons/"$1"-*.lesson
}
# play N STEP INPUT...: the output of lesson N played to step STEP, then INPUT
play() {
	local n=$1 step=$2; shift 2
	rm -rf "$tmp/state"
	{ solutions_before "$n" "$step"; printf '%s\n' "$@"; } |
		XDG_STATE_HOME=$tmp/state "$cfx" learn "$n" 2>&1
}
# refused N STEP REASON INPUT...: the step does not pass, and REASON (a
# fixed string; empty: any) is said
refused() {
	local n=$1 step=$2 reason=$3; shift 3
	local out
	out=$(play "$n" "$step" "$@")
	if grep -q "^Step $step done" <<<"$out"; then
		bad "L$n step $step accepted: $*"
	elif [ -n "$reason" ] && ! grep -qF -- "$reason" <<<"$out"; then
		bad "L$n step $step refused without the reason '$reason': $*"
		tail -n 5 <<<"$out" | sed 's/^/    /'
	else
		ok "L$n step $step refuses: $* ${reason:+($reason)}"
	fi
}
# accepted N STEP INPUT...: the step passes
accepted() {
	local n=$1 step=$2; shift 2
	if play "$n" "$step" "$@" | grep -q "^Step $step done"; then
		ok "L$n step $step accepts: $*"
	else
		bad "L$n step $step refuses a right answer: $*"
	fi
}

# lesson 2: a convergent is in lowest terms
refused 02 2 'a convergent is always in lowest terms' 'answer 88/54'
accepted 02 2 'answer 44/27'
# lesson 3: (3 - sqrt(5))/2 = [0; 2, 1, 1, ...] is not 1/phi; phi is banned
refused 03 2 'a 0 and then only 1s' 'cf (3 - sqrt(5))/2'
refused 03 2 'no phi allowed' 'cf 1/phi'
refused 03 2 'no phi allowed' 'cf phi - 1'
accepted 03 2 'cf (sqrt(5) - 1)/2'
accepted 03 2 'cf 2/(1 + sqrt(5))'

echo "loopholes: $pass passed, $fail failed"
[ "$fail" = 0 ]
