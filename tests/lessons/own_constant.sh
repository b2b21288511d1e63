#!/bin/bash
# "A constant of your own" is the learner's own (issue 24, the trial's
# t24 3): lesson 10 step 5 passed 0x9f767c45, which lesson 7 printed, as
# if the learner had chosen it.  Now a step that asks for one's own
# refuses every constant a lesson showed before it (shown()), saying
# why, and costs nothing.  The constants are found here by python in the
# lesson files' text (lessons 01-09 and lesson 10's steps 1-5: prose,
# questions, hints, explanations, try:, reveals: and solution lines; not
# claims or checks, which the learner never sees): every odd one of 17
# bits or more is typed at step 5 with verify --table-bits 4-14, and none
# may pass the step; a constant none of them shows (golden(32) - 12,
# python's round(2^32/phi) - 12) then does.
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
mapfile -t shown < <(python3 - "$root"/lessons <<'PY'
import glob, os, re, sys
d = sys.argv[1]
hidden = ("claim", "check", "else", "value", "refuses", "face", "focus",
          "tries", "choices", "facts")
found = []
def scan(path, upto=None):
    step, keep = 0, True
    for line in open(path):
        m = re.match(r"([a-z]+):", line)
        if m:
            if m.group(1) == "step":
                step += 1
            keep = m.group(1) not in hidden
        if upto is not None and step > upto:
            break
        if line.startswith("#") or not keep:
            continue
        for h in re.findall(r"(?<![\w.^])0x[0-9a-fA-F]+(?![\w.^])", line):
            if int(h, 16) >= 2**16 and int(h, 16) % 2:
                found.append(h)
for f in sorted(glob.glob(os.path.join(d, "0[1-9]-*.lesson"))):
    scan(f)
scan(glob.glob(os.path.join(d, "10-*.lesson"))[0], upto=5)
seen = set()
for h in found:
    if int(h, 16) not in seen:
        seen.add(int(h, 16)); print(h)
PY
)
own=$(python3 -c 'from decimal import Decimal, getcontext
getcontext().prec = 50
phi = (1 + Decimal(5).sqrt()) / 2
print(int((Decimal(2**32) / phi).to_integral_value()) - 12)')
printf '%s\n' "${shown[@]}" | grep -qix 0x9f767c45 &&
	ok "python finds lesson 7's 0x9f767c45 among ${#shown[@]} shown" ||
	bad "0x9f767c45 not among the constants found: ${shown[*]}"
printf '%s\n' "${shown[@]}" | python3 -c "import sys
sys.exit($own in {int(l, 16) for l in sys.stdin})" &&
	ok "golden(32) - 12 = $own is none of them" ||
	bad "golden(32) - 12 = $own was shown: the control tests nothing"
# every shown constant, lesson 7's 0x9f767c45 first, one after another
# (none may pass the step: each is refused, the copies that verify
# passes saying why), then a marker (cf 7/16) and the learner's own
# constant, which passes the step (+)
lines=("verify 0x9f767c45 --table-bits 4-14")
for h in "${shown[@]}"; do lines+=("verify $h --table-bits 4-14"); done
out=$(play 10 5 "${lines[@]}" 'cf 7/16' "verify $own --table-bits 4-14" quit)
s5=$(sed -n '/step 5 of/,$p' <<<"$out")
before=$(sed '/^x  *7\/16/,$d' <<<"$s5")
first=$(grep -m 1 '^Not yet' <<<"$s5")
[ "$first" = "Not yet: a lesson printed that one: copied, not chosen; make one of your own" ] &&
	ok "L10 step 5: 0x9f767c45 (lesson 7's) refused, and why" ||
	bad "L10 step 5 on 0x9f767c45: '$first'"
n=$(grep -c 'a lesson printed that one' <<<"$before")
if [ "$before" != "$s5" ] && ! grep -q '^Step 5 done' <<<"$before"; then
	ok "L10 step 5: none of the ${#shown[@]} shown constants passes ($n said printed)"
else
	bad "L10 step 5 passed by a shown constant: $(grep -B 12 '^Step 5 done' <<<"$before" | tail -n 12)"
fi
grep -q '^Step 5 done' <<<"$s5" && [ "$(mark 10 5)" = + ] &&
	ok "L10 step 5: then $own, the learner's own, passes (+)" ||
	bad "L10 step 5 with $own (mark $(mark 10 5)): $(tail -n 5 <<<"$out")"
finish own_constant
