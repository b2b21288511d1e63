#!/bin/bash
# Issue 24 (the dashboard as an instrument), found in a newcomer's trial
# of cfx dash --learn at 80x24: steps done in the dashboard (face: dash)
# that did not do what they say, and a step's result hidden before its
# explanation could be read.
#
# Lesson 8 step 8 has the learner set the keys to stride 233 and watch
# the buckets panel.  The step is done the moment the keys are set, and
# step 9's prediction hid the buckets panel at once: the learner never
# saw the stride-233 buckets the step is about.  Once the step is done
# the panel must still show them (held until the learner's next move),
# with the R python counts for the dashboard's workload (2^14 keys k*233
# into 2^12 buckets, 64-bit word; R = probes a key over 1 + (K - 1)/2m,
# as lesson 7 defines it).
#
# Lesson 6 step 6 likewise: its explanation cites the 3 that follows the
# 1s in the expansion of golden(32) + 20, and step 7 (reveals: cf
# golden(64) - 1) hid the CF panel at once.  Done, the CF panel must
# still show golden(32) + 20's expansion (PARI/GP's), and hide again at
# the learner's next move (n: the next prime).
#
# Lesson 10 step 8: cfx learn 10 says it is "done in the dashboard: cfx
# dash --learn 10", and the step reads "Open your constant in the
# dashboard (... :set const and your constant ...)".  Its check is
# state.const == last.verify.value, and a dashboard session starts with
# no verify of its own, so a learner who comes from cfx learn 10 set the
# constant they verified and nothing happened; nor did :verify, run
# there on that constant, count.  Only :verify EXPR, the constant typed
# again, did.  The constant is one a learner would choose: golden(32) +
# 14 (python's round(2^32/phi) + 14).
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
check "lesson 8: setting the keys does step 8" tm_wait 'Step 9 of'
# the panel counts the new keys in the background (making keys,
# hashing), the old R still shown: wait for the count, not a fixed time
tm_wait "$(req "R $R ")" 120 >/dev/null
tm_settle
if tm_screen | grep -qF 'Buckets: 2^14 stride:233' &&
   tm_screen | grep -qF "R $R "; then
	ok "lesson 8: the buckets of stride 233 are on the screen, R $R"
else
	shown "lesson 8: stride 233's buckets (R $R) not shown once step 8 is done"
fi
tm_type ':set keys stride:232'; tm_keys Enter
check "lesson 8: at the next move step 9 hides the buckets panel" \
	tm_wait 'hidden until you answer'
tm_type 'q'
tm_exited >/dev/null

to_step 6 6
read -r g20 prefix20 < <(PYTHONPATH="$root/tests/lessons" python3 -c '
from fractions import Fraction
from math import isqrt
from cfmath import cf
g = (isqrt(5 << 68) - (1 << 34) + 4) >> 3      # round(2^32/phi)
q = cf(Fraction(g + 20, 1 << 32))
print(g + 20, next(k for k in range(1, len(q)) if q[k] != 1) - 1)')
[ "$g20" = 2654435789 ] && [ "$prefix20" = 19 ] &&
	ok "python: golden(32) + 20 = $g20, golden prefix $prefix20" ||
	bad "python: '$g20' '$prefix20'"
expansion=$(gp_cf "$g20/2^32")
tm_type ":set const $g20"; tm_keys Enter
tm_wait "= $(printf '%#x' "$g20") = " >/dev/null
tm_type ":answer $prefix20"; tm_keys Enter
check "lesson 6: the answer does step 6" tm_wait 'Step 7 of'
tm_settle
if [ "$(cf_shown)" = "$expansion" ]; then
	ok "lesson 6: golden(32) + 20's expansion, step 6's subject, shown"
else
	shown "lesson 6: the CF panel does not show $expansion once step 6 is done"
fi
tm_keys n
check "lesson 6: at the next move (n) step 7 hides the CF panel" \
	tm_wait 'hidden until you answer'
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
check "lesson 10: :verify runs on it" \
	tm_wait "verify $c \\(32-bit\\): (PASS|FAIL)" 60
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
