#!/bin/bash
# The lesson list says how many steps are done, not which step is next: after
# steps 1-3 of lesson 1, `cfx learn` shows [3/N done] (N its step count), and
# going back to step 1 does not change it; the legend explains the mark.
# The real lesson 1; its answers are its solution: lines.
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
l1=$(ls "$root"/lessons/01-*.lesson)
name=$(basename "$l1" .lesson); name=${name#*-}
n=$(grep -c '^step:' "$l1")
try=$(sed -n 's/^try: //p' "$l1" | head -n 1)
a2=$(sed -n 's/^solution: answer //p' "$l1" | sed -n 1p)
a3=$(sed -n 's/^solution: answer //p' "$l1" | sed -n 2p)

printf '%s\n%s\n%s\nquit\n' "$try" "$a2" "$a3" | "$cfx" learn 1 >"$tmp/out" 2>&1
grep -q '^Step 3 done\.$' "$tmp/out" && ok "steps 1-3 of lesson 1 done" ||
	bad "steps: $(cat "$tmp/out")"
list=$("$cfx" learn 2>&1)
line=$(echo "$list" | grep -E "^ +1 .* $name ")
echo "$line" | grep -qF "[3/$n done]" && ok "the list: [3/$n done]" || bad "list line: $line"
echo "$list" | grep -qF "[4/$n]" && bad "the next step shown as a count: $line" ||
	ok "no [4/$n]"
echo "$list" | sed -n '1,3p' | grep -q 'steps done' && ok "the legend explains the count" ||
	bad "legend: $(echo "$list" | sed -n '1,3p')"

printf 'back\nback\nback\nstep\nquit\n' | "$cfx" learn 1 >"$tmp/out" 2>&1
grep -q "step 1 of $n" "$tmp/out" && ok "back at step 1" || bad "back: $(cat "$tmp/out")"
"$cfx" learn 2>&1 | grep -E "^ +1 .* $name " | grep -qF "[3/$n done]" &&
	ok "still [3/$n done] at step 1" || bad "after back: $("$cfx" learn 2>&1 | head -3)"

# what [~] and [x] mean: every step done, and every step solved on the
# first answer (+) for [x]; a lesson done with one step solved with help
# (h), revealed (x) or skipped (s) is listed [~], and the legend names
# that kind (it said "[~] all done with some skipped" alone)
legend() { "$cfx" learn 2>&1 | awk '/^ +[0-9]+ \[/ { exit } { print }' | tr '\n' ' '; }
for mw in '+|solved on your own' 'h|help' 'x|revealed' 's|skipped'; do
	m=${mw%%|*} word=${mw#*|}
	marks=$(python3 -c "import sys; n, m = int(sys.argv[1]), sys.argv[2]
print('+' * (n - 1) + m)" "$n" "$m")
	mkdir -p "$tmp/state/cfx"
	printf '%s %d %s\n' "$name" "$n" "$marks" > "$tmp/state/cfx/progress"
	[ "$m" = + ] && want='[x]' || want='[~]'
	"$cfx" learn 2>&1 | grep -E "^ +1 .* $name " | grep -qF "$want" &&
		ok "$marks listed $want" || bad "$marks: $("$cfx" learn 2>&1 | grep " $name ")"
	legend | grep -qF "$want every step" && legend | grep -qF "$word" &&
		ok "the legend: $want names '$word'" || bad "legend for $m: $(legend)"
done
rm -f "$tmp/state/cfx/progress"

# only the lessons' rows start with a number (a legend line that did
# was counted as a lesson: build/help.sh counts the rows so)
rows=$("$cfx" learn 2>&1 | grep -c '^ *[0-9]')
[ "$rows" = "$(ls "$root"/lessons/[0-9]*.lesson | wc -l)" ] &&
	ok "one row a lesson starts with a number ($rows)" ||
	bad "rows starting with a number: $rows: $("$cfx" learn 2>&1 | grep '^ *[0-9]')"

# every line of the list fits 80 columns
w=$("$cfx" learn 2>&1 | awk '{ if (length > m) m = length } END { print m + 0 }')
[ "$w" -le 80 ] && ok "the list fits 80 columns ($w)" || bad "widest line $w"
finish listing
