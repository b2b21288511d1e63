#!/bin/bash
# The wrong form costs nothing (issue 24, a new user's trial): a step
# that wants the number worked out (check: literal(answer), or with
# decimals(answer) >= 2) took a right expression, `2584*0x61C88647 %
# 2^32` at lesson 10 step 3, as a wrong first answer: "Not quite", and
# the step counted as solved with help.  Now a form check is judged
# first, and an answer in the wrong form is refused with the step's
# reason, nothing counted.  For every step of every lesson whose checks
# include a form-only one (found here by parsing the lesson files): the
# lesson is played to it with its own solutions, then the step's answer
# is given as an expression of the same value, "(X) + 0": refused,
# "Nothing is counted"; then X itself: done, and the progress file marks
# the step '+' (solved on the first answer), whatever the value of the
# refused one: "(X) + 1" at lesson 10 step 3 too.  And every step worked
# out (no try:, no choices:) whose answer is numbers has such a check:
# the trial found lessons 5, 7 and 12 with none.
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
export XDG_STATE_HOME=$tmp/st
rows=$(cd "$root/tests/lessons" && python3 - "$root/lessons" <<'PY'
import os, re, sys
import lessonfile
fn = r"(literal|decimals|lowest|items)\(answer\)( *(==|>=|<=|>|<) *[0-9]+)?"
form = re.compile(r"^ *" + fn + r"( +and +" + fn + r")* *$")
num = re.compile(r"^-?(0x[0-9a-fA-F]+|[0-9]+(\.[0-9]+)?)"
                 r"(, *-?[0-9]+(\.[0-9]+)?)*$")
d = sys.argv[1]
for f, tag in lessonfile.lessons(d):
    les = lessonfile.parse(os.path.join(d, f))
    for k, st in enumerate(les["steps"], 1):
        formed = any(form.match(c) for c in st["checks"])
        # a step worked out (no try: line to read it back from, no
        # choice) whose answer is numbers wants the number (issue 24's
        # trial: 2 * 0x9e370001 % 2^32 >> 24 passed lesson 5 step 1)
        if (st["answer"] and num.match(st["answer"]) and not formed and
                not st["try"] and not st["choices"]):
            print("\t".join(["missing", str(int(tag)), str(k), st["answer"]]))
        # a dashboard step is played in the dashboard (lessons/dash80.sh);
        # one that reads the learner's own results (a design) is
        # lessons/tries.sh's
        own = any(re.search(r"\b(result|last)\.", c) for c in st["checks"])
        if st["answer"] and formed and st["face"] != "dash" and not own:
            # a dashboard step is passed over in the REPL: not its lines
            before = [s for p in les["steps"][:k - 1] for s in p["sols"]
                      if p["face"] != "dash"]
            # the answer as an expression: a list's first item
            a = st["answer"]
            first, sep, rest = a.partition(",")
            expr = "%s + 0%s%s" % (first, sep, rest) if sep else "(%s) + 0" % a
            print("\t".join([str(int(tag)), str(k), a, expr,
                             "\\n".join(before)]))
PY
)
missing=$(grep '^missing' <<<"$rows")
rows=$(grep -v '^missing' <<<"$rows")
[ -z "$missing" ] &&
	ok "every step worked out in numbers has a form check (literal(answer))" ||
	bad "steps worked out in numbers with no form check: $(
	    cut -f2-4 <<<"$missing" | tr '\t\n' ' ;')"
n=$(grep -c . <<<"$rows")
[ "$n" -ge 50 ] && ok "$n steps with a form check (lessons parsed here)" ||
	bad "form steps: $n"
while IFS=$'\t' read -r les k x expr before; do
	[ -n "$les" ] || continue
	rm -rf "$XDG_STATE_HOME"
	printf "$before\\nanswer %s\\nanswer %s\\nquit\\n" "$expr" "$x" |
		"$cfx" learn "$les" >"$tmp/out" 2>&1
	name=$(awk 'NF == 3 && $0 !~ /^#/ { print $1 }' "$XDG_STATE_HOME/cfx/progress")
	mark=$(awk -v k="$k" 'NF == 3 && $0 !~ /^#/ { print substr($3, k, 1) }' \
		"$XDG_STATE_HOME/cfx/progress")
	tr '\n' ' ' <"$tmp/out" | tr -s ' ' | grep -q "Not in the form this step asks for: .* Nothing is counted; answer again" &&
		grep -q "Step $k done" "$tmp/out" && [ "$mark" = "+" ] &&
		ok "lesson $les ($name) step $k: $expr refused, nothing counted; $x then solved on the first answer" ||
		bad "lesson $les step $k: mark '$mark', $(grep -m2 -i 'form\|not quite\|done' "$tmp/out" | tr '\n' ' ')"
done <<<"$rows"
rm -rf "$XDG_STATE_HOME"
printf 'answer 3\nanswer 32\nanswer (0xb5ca8) + 1\nanswer 0xb5ca8\nquit\n' | "$cfx" learn 10 >"$tmp/out" 2>&1
grep -q "^Not in the form" "$tmp/out" && ! grep -q "^Not quite" "$tmp/out" &&
	grep -q "^verify 3 +++" "$XDG_STATE_HOME/cfx/progress" &&
	ok "lesson 10 step 3: a wrong value in the wrong form is refused too, nothing counted" ||
	bad "wrong value, wrong form: $(grep -m2 'Not' "$tmp/out"), $(tail -n 1 "$XDG_STATE_HOME/cfx/progress")"
finish form_free
