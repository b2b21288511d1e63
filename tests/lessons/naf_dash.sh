#!/bin/bash
# Lesson 11 in the dashboard at 80x24 (issue 24, h24f point 5): its steps
# have something to watch.  With :set const 45 at the step on 45's NAF,
# the decomposition is hidden until the answer, then shows 45's NAF
# through the next step (whose reveal hides only the code); the last
# step edits 0x9e370001's lowest digit to 0 and the panels, no longer
# hidden, show what an even multiplier loses: the header says even, the
# continued fraction has python's 16 terms (0x9e37/2^16), and the sweep
# row for stride 2^16 is bad (python: every key k 2^16 lands in bucket 0).
. "$(dirname "$0")/../dash/lib.bash"
# cfmath.py (python's continued fractions) imported, no __pycache__
export PYTHONPATH="$root/tests/lessons" PYTHONDONTWRITEBYTECODE=1
read -r sum45 terms zero <<<"$(python3 -c '
from fractions import Fraction as F
def nafsum(n):
    t, e = [], 0
    while n:
        if n & 1:
            d = 2 - n % 4; t.append((d, e)); n -= d
        n //= 2; e += 1
    t.reverse()
    s = ""
    for i, (d, e) in enumerate(t):
        w = "1" if e == 0 else "2^%d" % e
        s += (w if d > 0 else "-" + w) if i == 0 else (" + " if d > 0 else " - ") + w
    return s
from cfmath import cf as cfq
P = 0x9e370000
print(nafsum(45).replace(" ", "_"), len(cfq(F(P, 2**32))),
      all(k * 2**16 * P % 2**32 == 0 for k in range(2**14)))')"
sum45=${sum45//_/ }
check "python: 45 = $sum45, 0x9e370000/2^32 has 16 terms, keys k 2^16 all at 0" \
	test "$terms $zero" = "16 True"
f=$(ls lessons/11-*.lesson)
n45=$(awk '/^step:/{s++} /^reveals: naf 45$/{print s}' "$f")
last=$(grep -c '^step:' "$f")
check "lesson 11 asks 45's NAF at a step ($n45) before the last ($last)" \
	test -n "$n45" -a "${n45:-0}" -lt "$last"
dash_start 80 24 dash --learn 11
check "lesson 11 opens" tm_wait 'Step 1 of [0-9]+'
for ((i = 1; i < n45; i++)); do
	tm_type ':skip'; tm_keys Enter
	tm_wait "Step $((i + 1)) of" >/dev/null
done
tm_type ':set const 45'; tm_keys Enter
check "step $n45 with 45: the decomposition hidden until the answer" \
	tm_wait 'hidden until you answer'
check "step $n45: 45's NAF ($sum45) is not on the screen" \
	bash -c "! tmux -L '$TM_SOCK' capture-pane -p -t t | grep -qF -- '$sum45'"
tm_type ':3'; tm_keys Enter
tm_wait "Step $((n45 + 1)) of" >/dev/null
check "step $((n45 + 1)): 45's NAF ($sum45) is shown" \
	bash -c "tmux -L '$TM_SOCK' capture-pane -p -t t | grep -qF -- 'sum  $sum45'"
for ((i = n45 + 1; i < last; i++)); do
	tm_type ':skip'; tm_keys Enter
	tm_wait "Step $((i + 1)) of" >/dev/null
done
check "the last step is the dashboard's" tm_wait "Step $last of $last: Edit the NAF"
tm_type ':set const 0x9e370001'; tm_keys Enter
tm_wait 'digit 2\^31' >/dev/null
for i in $(seq 31); do tm_keys Right; done
check "digit 2^0 selected" tm_wait 'digit 2\^0 = \+'
tm_keys 0
check "the lesson is complete" tm_wait 'Lesson 11 complete'
check "the header says even" tm_wait 'even: not invertible'
check "the continued fraction has $terms terms" tm_wait "$terms terms;"
check "the sweep's stride 2^16 row is bad" \
	tm_wait 'sweep (k\*2\^s, )?b=12: (worst )?s=16 R [0-9.e+]+ bad'
check "no panel is hidden" bash -c "! tmux -L '$TM_SOCK' capture-pane -p -t t | grep -q 'hidden until'"
tm_type 'q'
tm_exited >/dev/null
tm_summary
