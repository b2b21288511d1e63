#!/bin/bash
# A question fits the dashboard's lesson pane at 80x24 beside the step's
# prose (issue 24, hI point 3): lesson 9 step 6's question wrapped to ten
# rows, and the pane showed none of the step's prose and cut rows out of
# the question itself.  In python, every ask: or
# predict: question of every lesson, wrapped at the pane's 32 columns
# after "guess " (the width measured on the screen below), takes at most
# 6 rows; under tmux, lesson 9 played to step 6 and opened with cfx dash
# --learn 9 at 80x24 shows the step's first prose words, its whole
# question in at most 6 rows, and the answer line.
. "$(dirname "$0")/../dash/lib.bash"
# no __pycache__ written into the tree by the imports below
export PYTHONDONTWRITEBYTECODE=1
cd "$root" || exit 2
rows=$(python3 - <<'EOF'
import os, sys, textwrap
sys.path.insert(0, "tests/lessons")
from predict import parse
worst = 0
for f in sorted(x for x in os.listdir("lessons") if x.endswith(".lesson")):
    _, steps = parse(os.path.join("lessons", f))
    for i, st in enumerate(steps):
        if st["kind"]:
            q = " ".join(" ".join(st["question"]).split())
            n = len(textwrap.wrap(q, 32))
            worst = max(worst, n)
            if n > 6:
                print("LONG lesson %s step %d: %d rows: %s" % (f[:2], i + 1, n, q))
print("WORST %d" % worst)
EOF
)
long=$(grep '^LONG' <<<"$rows")
check "python: every question wraps to at most 6 rows of 32 columns (the longest: $(sed -n 's/^WORST //p' <<<"$rows"))" \
	test -z "$long"
[ -z "$long" ] || sed 's/^/    /' <<<"$long"

# lesson 9 to step 6 by its solutions, in script mode, then the dashboard
f=$(ls lessons/09-*.lesson)
awk '/^step:/ { n++ } n < 6 && /^solution: / { sub(/^solution: /, ""); print }' "$f" |
	./cfx learn 9 >/dev/null 2>&1
prose=$(awk '/^step:/ { n++ } n == 6 && /^  / { sub(/^  /, ""); print; exit }' "$f" |
	cut -d' ' -f1-5)
question=$(awk '/^step:/ { n++ } n == 6 && /^predict: / { on = 1; sub(/^predict: /, ""); print; next }
	on && /^  / { sub(/^  /, ""); print; next } { on = 0 }' "$f" | tr -s ' \n' '  ' | sed 's/ *$//')
dash_start 80 24 --learn 9
check "80x24: lesson 9 resumes at step 6" tm_wait 'Step 6 of 6'
# the pane is read once its last line, the answer line, is drawn
check "80x24: the answer line is shown" tm_wait ':answer X(, or just| or) :X'
pane() { tm_screen | awk -F'│' 'NF > 1 { s = $NF; sub(/^ /, "", s); print s }'; }
shown=$(pane | sed 's/^guess //; s/^      //' | tr -s ' \n' '  ')
check "80x24: the step's prose is shown (\"$prose\")" \
	test "${shown#*"$prose"}" != "$shown"
check "80x24: the whole question is shown (\"$question\")" \
	test "${shown#*"$question"}" != "$shown"
qrows=$(pane | awk '/^guess / { on = 1 } on && /:answer X/ { exit } on { n++ } END { print n + 0 }')
check "80x24: the question takes $qrows rows of the pane, at most 6" \
	test "$qrows" -ge 1 -a "$qrows" -le 6
tm_type 'q'
tm_exited >/dev/null
tm_summary
