#!/bin/bash
# A step with two answers to pick from (choices: 2, or tries: 1 with two
# words) passes half of those who guess (issue 24).  No lesson has one:
# the eight that were two-way (lesson 6 steps 1 and 7, 7 step 4, 10 step
# 3, 12 steps 3 and 4, 13 step 5, 14 step 4) ask for a number the learner
# computes.  For each, the number comes from twoway.py (python's integers
# and fractions, mpmath, GSL's generator remade in python, the patch's
# lines run), never from cfx: the step's solution gives it; a first
# answer of it is solved (+); every old choice, by number and by word, is
# refused; and no line a learner may run before answering prints it
# (screens.py's rule: the lines the lesson has shown, every command on
# the step's operands and the calculator, less what the step refuses).
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
export PYTHONPATH="$root/tests/lib:$PYTHONPATH" TM_SOCK=none TM_DIR=$tmp

# no step of any lesson offers two answers
two=$(awk 'FNR == 1 { s = 0 } /^step:/ { s++ }
	/^choices: 2( |$)/ || (/^tries: 1 / && NF == 4) {
		f = FILENAME; sub(/.*\//, "", f)
		print f " step " s ": " $0 }' "$root"/lessons/[0-9]*.lesson)
[ -z "$two" ] && ok "no lesson step offers two answers" ||
	bad "two-way steps: $(tr '\n' ';' <<<"$two")"

# NN STEP, the solution's answer, the number, its form, the old choices
rows=$(cd "$root/tests/lessons" && python3 - "$root/lessons" <<'PY'
import os, sys
import lessonfile, twoway
les = sys.argv[1]
files = dict((t, f) for f, t in lessonfile.lessons(les))
for (tag, k), v in sorted(twoway.numbers(les).items()):
    st = lessonfile.parse(os.path.join(les, files[tag]))["steps"][k - 1]
    places, old = twoway.STEPS[tag, k]
    text = "%d" % v if places is None else "%.*f" % (places, v)
    closed = "closed" if st["choices"] or st["tries"] else "open"
    print("\t".join([tag, str(k), st["answer"] or "-", text, closed, old]))
PY
)
[ "$(wc -l <<<"$rows")" = 8 ] || bad "twoway.py gives $(wc -l <<<"$rows")"
# an answer as python reads it (hex, ^), to compare a solution by value
value() {
	python3 -c 'import sys
print(eval(sys.argv[1].replace("^", "**")))' "$1"
}
# the end of step K's output (for a failure's message)
tail_of() { sed -n "/step $1 of/,\$p" <<<"$2" | tail -n 6; }
# still_open N K OUT: step K was reached, is neither done nor explained,
# and its mark is not set
still_open() {
	local m
	m=$(mark "$1" "$2")
	grep -q "^-- Lesson [0-9]*, step $2 of" <<<"$3" &&
		! grep -q "^Step $2 \(done\|explained\)" <<<"$3" &&
		{ [ -z "$m" ] || [ "$m" = . ]; }
}
while IFS=$'\t' read -r n k sol want closed old; do
	at="L$n step $k"
	if [ "$closed" = open ] && { [ "$sol" = "$want" ] ||
	   [ "$(value "$sol" 2>/dev/null)" = "$want" ]; }; then
		ok "$at asks for $want (python), its solution $sol"
	else
		bad "$at: python $want, solution '$sol', $closed"
	fi
	out=$(play "$n" "$k" "answer $want")
	grep -q "^Step $k done" <<<"$out" && [ "$(mark "$n" "$k")" = + ] &&
		ok "$at: $want first is solved (+)" ||
		bad "$at refuses $want: $(tail_of "$k" "$out")"
	for g in $old; do
		out=$(play "$n" "$k" "answer $g")
		still_open "$n" "$k" "$out" &&
			ok "$at refuses the old choice $g" ||
			bad "$at, old choice $g: $(tail_of "$k" "$out")"
	done
done <<<"$rows"

# where the question is itself an expression of the answer, that
# expression typed as the answer is refused, and costs nothing
for t in "06 1|2^32/phi - golden(32)" "06 7|2^64/phi - (golden(64) - 1)" \
	"10 3|2584 * 0x61C88647 % 2^32"; do
	n=${t%% *} k=${t#* }; e=${k#*|} k=${k%%|*}
	out=$(play "$n" "$k" "answer $e")
	still_open "$n" "$k" "$out" &&
		tr '\n' ' ' <<<"$out" | tr -s ' ' | grep -q "the number, not the expression" &&
		ok "L$n step $k refuses the question's $e" ||
		bad "L$n step $k takes $e: $(tail_of "$k" "$out")"
done

# no allowed line prints the number; and the step's reveal or explain
# does, as the patterns write it (a pattern that could match nothing
# would make the scan vacuous)
(cd "$root/tests/lessons" && python3 - "$root/lessons" <<'PY'
import os, sys
import lessonfile, screens, twoway
les = sys.argv[1]
by_tag = {t: s for t, n, s in screens.lessons()}
for key, v in sorted(twoway.numbers(les).items()):
    tag, k = key
    steps, pats = by_tag[tag], twoway.patterns(key, v, les)
    st, at = steps[k - 1], "L%s step %d" % key
    leaks = ["%s ('%s')" % (l, h) for l, h in
             ((l, screens.scan(screens.output(l), pats))
              for l in screens.allowed_lines(steps, k, tag)
              if not screens.scan(l, pats)) if h]
    if leaks:
        lessonfile.bad("%s: the answer shows in %s" % (at, "; ".join(leaks)))
    else:
        lessonfile.ok("%s: no line allowed before the answer prints it" % at)
    seen = "\n".join(screens.output(r) for r in st["reveals"])
    hit = screens.scan(seen + " ".join(st["explain"].split()), pats)
    if hit:
        lessonfile.ok("%s: its reveal or explain shows it ('%s')" % (at, hit))
    else:
        lessonfile.bad("%s: no pattern of it in its reveal or explain" % at)
lessonfile.finish("")
PY
) >"$tmp/scan" 2>&1
grep -E '^(ok|FAIL) ' "$tmp/scan"
pass=$((pass + $(grep -c '^ok ' "$tmp/scan")))
fail=$((fail + $(grep -c '^FAIL ' "$tmp/scan")))
grep -q '^: [0-9]* passed' "$tmp/scan" ||
	bad "the scan did not finish: $(tail -n 3 "$tmp/scan")"
finish two_way
