#!/bin/bash
# Issue 24 (an answer in the wrong form costs nothing), found in a
# newcomer's trial: lesson 1 step 4 asks for a1, a quotient, with one
# try, and `answer 1.6` used it up: "Not this one", the step over and
# marked x.  A quotient is a whole number, so a number with a fraction
# is refused for free, as a form (decimals(answer) <= 0), and the right
# one then solves the step on the first answer (+).
#
# The same for every step with one try (tries: 1) whose answer is a
# whole number by what it asks (a quotient, a count, a factor): found
# here by parsing the lessons, each must have that form check; lesson 9
# step 4's chi^2, which a sum of squares over 4 can make fractional, is
# the one one-try step where a fraction is a fair guess.  At each, the
# answer plus a half is refused, nothing counted, and the answer then
# solves it (+).
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
out=$(play 01 4 'answer 1.6' 'answer 1' quit)
m=$(mark 01 4)
why=$(grep -m3 -i 'form\|not\|done' <<<"$out" | tr '\n' ' ')
grep -q "Not in the form this step asks for: a quotient is a whole number" \
	<<<"$(tr '\n' ' ' <<<"$out" | tr -s ' ')" && [ "$m" = "+" ] &&
	ok "lesson 1 step 4: 1.6 refused, nothing counted; 1 solves it (+)" ||
	bad "lesson 1 step 4: mark '$m', $why"
rows=$(python3 - "$root/lessons" <<'PY'
import os, re, sys
import lessonfile
d = sys.argv[1]
# a fraction is a fair guess of a chi^2 (lesson 9 step 4)
fractional = {("09", 4)}
for f, tag in lessonfile.lessons(d):
    for k, st in enumerate(lessonfile.parse(os.path.join(d, f))["steps"], 1):
        a = st["answer"]
        if (st["tries"] or "").split()[:1] != ["1"] or not a or \
                not re.fullmatch(r"\d+|0x[0-9a-fA-F]+", a) or st["face"]:
            continue
        whole = any(re.search(r"\bdecimals\(answer\) *<= *0\b", c)
                    for c in st["checks"])
        if (tag, k) in fractional:
            print("\t".join(["fraction", tag, str(k), str(whole)]))
        elif not whole:
            print("\t".join(["missing", tag, str(k), a]))
        else:
            before = [s for p in lessonfile.parse(os.path.join(d, f))[
                "steps"][:k - 1] for s in p["sols"] if p["face"] != "dash"]
            print("\t".join([tag, str(k), str(int(a, 0)),
                             "\\n".join(before)]))
PY
)
missing=$(grep '^missing' <<<"$rows")
[ -z "$missing" ] &&
	ok "every one-try step with a whole-number answer has the form check" ||
	bad "one-try steps, a whole answer, no decimals(answer) <= 0: $(
	     cut -f2-4 <<<"$missing" | tr '\t\n' ' ;')"
grep -q "^fraction	09	4	False$" <<<"$rows" &&
	ok "lesson 9 step 4 (chi^2) takes a fraction as a guess" ||
	bad "lesson 9 step 4: $(grep '^fraction' <<<"$rows")"
rows=$(grep -v '^missing\|^fraction' <<<"$rows")
said="number.* Nothing is counted"
n=$(grep -c . <<<"$rows")
[ "$n" -ge 15 ] && ok "$n one-try steps want a whole number" ||
	bad "whole-number steps: $n"
while IFS=$'\t' read -r les k x before; do
	[ -n "$les" ] || continue
	rm -rf "$tmp/state"
	printf '%b\nanswer %s.5\nanswer %s\nquit\n' "$before" "$x" "$x" |
		XDG_STATE_HOME=$tmp/state "$cfx" learn "$les" >"$tmp/out" 2>&1
	m=$(mark "$les" "$k")
	why=$(grep -m2 -i 'form\|not \|done' "$tmp/out" | tr '\n' ' ')
	tr '\n' ' ' <"$tmp/out" | tr -s ' ' |
		grep -q "Not in the form this step asks for: .* a whole $said" &&
		grep -q "Step $k done" "$tmp/out" && [ "$m" = "+" ] &&
		ok "lesson $les step $k: $x.5 refused, nothing counted; $x +" ||
		bad "lesson $les step $k: mark '$m', $why"
done <<<"$rows"
finish whole_answers
