#!/bin/bash
# No step's accepted answer is shown before the step asks for it: not in
# the lesson's text up to it (prose, question, hints, the explanations
# of the steps before), not in what the lines shown before print, not in
# an earlier lesson.  predict.py scans every step of every lesson, its
# answers evaluated in python (never by cfx); it says what it leaves out
# (choices, small counts) and which places it excuses, and why.
# The negative control: lessons 03 and 13 as they were before issue 24's
# point (fixtures/predict/, commit d90ac42) let the learner copy:
# 03 step 1 asked for 233/144, which lesson 2's cf 0x9e370001
# --convergents prints as 144 / 233, and 13's vector (1,0) was printed
# by the reveal of the step before it; the scan must catch both.
. "$(dirname "$0")/lib.sh"
here=$(dirname "$0")
out=$(python3 "$here/predict.py" 2>&1)
n=$(grep -c '^ok ' <<<"$out"); f=$(grep -c '^FAIL' <<<"$out")
lessons=$(grep -oE '^(ok|FAIL) +lesson [0-9]+' <<<"$out" | awk '{print $3}' | sort -u | wc -l)
[ "$lessons" = "$(ls "$root"/lessons/*.lesson | wc -l)" ] && [ "$lessons" = 14 ] &&
	ok "the scan covers all $lessons lessons" || bad "the scan covers $lessons lessons"
[ "$f" = 0 ] && [ "$n" -gt 60 ] && ok "lessons: $n steps scanned, no answer shown before it" ||
	bad "lessons: $f steps show their answer before it:
$(grep '^FAIL' <<<"$out")"

mkdir -p "$tmp/old"
cp "$root"/lessons/*.lesson "$root"/lessons/*.patch "$tmp/old/"
cp "$here"/fixtures/predict/*.lesson "$tmp/old/"
old=$(PREDICT_LESSONS=$tmp/old python3 "$here/predict.py" 2>&1)
grep -qE "^FAIL lesson 03 step 1 .*233/144 is shown before it is asked: .*lesson 02 step 4: cf 0x9e370001 --convergents \('144 / 233'\)" <<<"$old" &&
	ok "old lesson 03 step 1: 233/144 caught in lesson 2's convergents" ||
	bad "old lesson 03 step 1 not caught: $(grep 'lesson 03' <<<"$old")"
grep -qE "^FAIL lesson 13 step 4 .*1, 0 is shown before it is asked: .*lesson 13 step 3: verify 0x9e370001 --fields 16 --table-bits 10 \('\(1,0\)'\)" <<<"$old" &&
	ok "old lesson 13 step 4: (1,0) caught in step 3's reveal" ||
	bad "old lesson 13 step 4 not caught: $(grep 'lesson 13' <<<"$old")"
[ "$(grep -c '^FAIL' <<<"$old")" = 2 ] &&
	ok "old 03 and 13 among today's lessons: those two, nothing else" ||
	bad "old lessons: $(grep '^FAIL' <<<"$old")"
# every line of text a lesson shows is in what predict.py scans: the
# introduction below facts: too (dropped before: lesson 03's, 06's,
# 08's ...).  The lines are read here by the plainest rule, each
# indented line that no check: or claim: continues, and looked for in
# parse()'s introduction (before the first step:) and step texts.
seen=$(cd "$here" && PYTHONDONTWRITEBYTECODE=1 python3 - "$root/lessons" <<'EOF2'
import os, re, sys
from predict import parse
d = sys.argv[1]
lost = total = 0
for f in sorted(x for x in os.listdir(d) if x.endswith(".lesson")):
    intro, steps = parse(os.path.join(d, f))
    texts = [" ".join(" ".join(st["text"] + st["explain"]).split())
             for st in steps]
    k, last = -1, None
    for line in open(os.path.join(d, f), encoding="utf-8"):
        m = re.match(r"^([a-z]+):", line)
        if m:
            last = m.group(1)
            k += last == "step"
        elif line.startswith("  ") and line.strip() and \
                last not in ("check", "claim"):
            total += 1
            t = " ".join(line.split())
            if t not in (intro if k < 0 else texts[k]):
                lost += 1
                print("LOST %s %s: %s" % (f[:2], "intro" if k < 0 else
                                          "step %d" % (k + 1), t))
print("SEEN %d %d" % (total - lost, total))
EOF2
)
read -r _ got all <<<"$(grep '^SEEN' <<<"$seen")"
[ -n "$all" ] && [ "$got" = "$all" ] && [ "$all" -gt 1000 ] &&
	ok "parse() sees every line of text of every lesson ($got of $all), the introductions below facts: too" ||
	bad "parse() drops lines of text ($got of $all):
$(grep '^LOST' <<<"$seen" | head -n 8)"

finish predict
