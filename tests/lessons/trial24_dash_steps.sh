#!/bin/bash
# Issue 24 (the dashboard as an instrument), found in a newcomer's trial
# of cfx dash --learn at 80x24: two steps done in the dashboard (face:
# dash) that do not do what they say.
#
# Lesson 8 step 8 says "set the keys to stride 233 (:set keys stride:233)
# and watch the buckets panel, then try 232 and 234 beside it".  The step
# is done the moment the keys are set, and step 9's prediction hides the
# buckets panel at once: the learner never sees the stride-233 buckets
# the step is about.  Once the step is done the panel must still show
# them, with the R python counts for the dashboard's workload (2^14 keys
# k*233 into 2^12 buckets, 64-bit word; R = probes a key over
# 1 + (K - 1)/2m, as lesson 7 defines it).
#
# Lesson 10 step 8: cfx learn 10 says it is "done in the dashboard: cfx
# dash --learn 10", and the step reads "Open your constant in the
# dashboard (... :set const and your constant ...): ... and :verify runs
# the battery there".  Its check is state.const == last.verify.value,
# and a dashboard session starts with no verify of its own, so a learner
# who comes from cfx learn 10 sets the constant they verified and nothing
# happens; nor does :verify, run there on that constant, count.  Only
# :verify EXPR, the constant typed again, does.  The constant is one a
# learner would choose: golden(32) + 14 (python's round(2^32/phi) + 14).
. "$(dirname "$0")/../dash/lib.bash"
read -r R c < <(python3 -c '
from math import isqrt
p, n, b, K = 0x61C8864680B583EB, 64, 12, 1 << 14
loads = [0] * (1 << b)
for k in range(K):
    loads[(k * 233 * p) % (1 << n) >> (n - b)] += 1
probes = sum(c * (c + 1) for c in loads) / (2 * K)
g = (isqrt(5 << 68) - (1 << 34) + 4) >> 3      # round(2^32/phi)
print("%.4g" % (probes / (1 + (K - 1) / (2 << b))), hex(g + 14))')
[ "$R" = 4.581 ] && ok "python: R of stride 233 under GOLDEN_RATIO_64 is $R" ||
	bad "python's R: '$R'"
[ "$c" = 0x9e3779c7 ] && ok "python: golden(32) + 14 = $c" ||
	bad "python's golden(32) + 14: '$c'"
# to_step LESSON STEP: the dashboard with LESSON, steps before STEP skipped
to_step() {
	local i
	dash_start 80 24 dash --learn "$1"
	tm_wait 'Step 1 of' >/dev/null
	for ((i = 1; i < $2; i++)); do
		tm_type ':skip'; tm_keys Enter
		tm_wait "Step $((i + 1)) of" >/dev/null
	done
	check "lesson $1 step $2 in the dashboard" tm_wait "Step $2 of"
}
shown() {   # shown NAME: the last check's screen on a failure
	bad "$1"; tm_screen | sed 's/^/| /'
}

to_step 8 8
tm_type ':set const 0x61C8864680B583EB'; tm_keys Enter
tm_wait 'n = 64' >/dev/null
tm_type ':set keys stride:233'; tm_keys Enter
check "lesson 8: setting the keys does step 8" tm_wait 'Step 8 done'
tm_settle
if tm_screen | grep -qF 'Buckets: 2^14 stride:233' &&
   tm_screen | grep -qF "R $R "; then
	ok "lesson 8: the buckets of stride 233 are on the screen, R $R"
else
	shown "lesson 8: stride 233's buckets (R $R) not shown once step 8 is done"
fi
tm_type 'q'
tm_exited >/dev/null

to_step 10 8
tm_type ":set const $c"; tm_keys Enter
check "lesson 10: the dashboard's constant is $c" tm_wait "= $c = "
# the verify strip judges it in the background: wait for its verdict
tm_wait 'o hides' 5 >/dev/null && tm_keys o
check "lesson 10: the verify strip judges it" \
	tm_wait 'verify .* (PASS|FAIL)' 300
tm_type ':verify'; tm_keys Enter
check "lesson 10: :verify runs on it" tm_wait ':verify done' 60
if tm_wait 'Step 8 done' 5 >/dev/null; then
	ok "lesson 10: the constant set and verified there does step 8"
else
	shown "lesson 10: step 8 not done with $c set and :verify run there"
	tm_type ":verify $c"; tm_keys Enter
	tm_wait 'Step 8 done' 120 >/dev/null &&
		echo "(only :verify $c, the constant typed again, does it)"
fi
tm_type 'q'
tm_exited >/dev/null
tm_summary
