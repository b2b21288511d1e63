#!/bin/bash
# The positive control of screens.py for the refuses: lines added by hand
# (lesson 6 step 2, lesson 9 steps 1 and 4, lesson 14 steps 3 and 4): with a step's refuses: line
# taken out of a copy of the lessons, screens.py's output pass must find
# the answer in what a now allowed command prints (sweep's row for the
# stride at that table size and count, shifts' sequence beside the
# patch's, cf golden(32) / 3 --value's quotient, search's worst stride of
# 0x9e370001), and with the line in place it must not.  The answers are
# screens.py's own (python, PARI/GP).
. "$(dirname "$0")/lib.sh"
for t in "06 2" "09 1" "09 4" "14 3" "14 4"; do
	set -- $t
	rm -rf "$tmp/l"; cp -r "$root/lessons" "$tmp/l"
	f=$(ls "$tmp"/l/"$1"-*.lesson)
	grep -q '^refuses: ' <(awk -v k="$2" '/^step:/{s++} s == k' "$f") ||
		{ bad "L$1 step $2 has no refuses: line"; continue; }
	run() { (cd "$root/tests/lessons" && SCREENS_LESSONS=$tmp/l SCREENS_PASS=outputs \
		SCREENS_ONLY=$1 TM_SOCK=none TM_DIR=$tmp python3 screens.py 2>&1) |
		grep "outputs lesson $1 step $2:"; }
	out=$(run "$1" "$2")
	grep -q "^ok .*no allowed command prints its answer" <<<"$out" &&
		ok "L$1 step $2 with its refuses: line: no leak" || bad "L$1 step $2 as it is: $out"
	awk -v k="$2" '/^step:/{s++} !(s == k && /^refuses: /)' "$f" > "$tmp/x" && mv "$tmp/x" "$f"
	out=$(run "$1" "$2")
	grep -q "^FAIL .*the answer shows in" <<<"$out" &&
		ok "L$1 step $2 without it: screens.py finds the leak ($(grep -o 'shows in: [^(]*' <<<"$out" | head -n 1))" ||
		bad "L$1 step $2 without its refuses: line, no leak found: $out"
done

# Every refuses: word guards something (screens.py's needs pass): with
# the word allowed, a line the learner would run on the step's operands
# prints the answer.  The words that printed nothing of it (04 s4 and s6
# verify, sweep; 05 s1 verify; 06 s4 verify; 08 s2 score; 08 s5 verify;
# 09 s4 verify; 10 s3 and 11 s1, s2, s4, s6 review; 14 s4 naf) are gone.
needs() { (cd "$root/tests/lessons" && SCREENS_LESSONS=$1 SCREENS_PASS=needs \
	TM_SOCK=none TM_DIR=$tmp python3 screens.py 2>&1); }
out=$(needs "$root/lessons")
n=$(grep -c '^ok ' <<<"$out")
grep -q '^FAIL' <<<"$out" && bad "a refuses: word guards nothing: $(grep '^FAIL' <<<"$out")" ||
	ok "every refuses: word guards a line that prints the answer ($n words)"
# the control: review put back on lesson 10 step 3 (the patch review
# names 0x9e370001 and 2654435761, never 0x61C88647) is found
rm -rf "$tmp/l"; cp -r "$root/lessons" "$tmp/l"
f=$(ls "$tmp"/l/10-*.lesson)
awk '/^step:/{s++} { print } s == 3 && /^reveals: /{ print "refuses: review" }' "$f" > "$tmp/x" && mv "$tmp/x" "$f"
out=$(needs "$tmp/l")
grep -q '^FAIL needs lesson 10 step 3: refuses: review guards nothing' <<<"$out" &&
	ok "a needless refuses: review on L10 s3 is found" ||
	bad "L10 s3 with refuses: review: $(grep 'lesson 10 step 3' <<<"$out")"
# the calculator: with naf taken out of lesson 13 step 1's refuses: (A =
# 2^16 * 0x9e370001 mod 2^32, whose expression the question names), set
# const and let, then show, print A; the engine refuses show with naf,
# so with naf in place nothing does
rm -rf "$tmp/l"; cp -r "$root/lessons" "$tmp/l"
f=$(ls "$tmp"/l/13-*.lesson)
awk '/^step:/{s++} s == 1 && /^refuses: /{ sub(/ naf/, "") } { print }' "$f" > "$tmp/x" && mv "$tmp/x" "$f"
out=$(cd "$root/tests/lessons" && SCREENS_LESSONS=$tmp/l SCREENS_PASS=outputs SCREENS_ONLY=13 \
	TM_SOCK=none TM_DIR=$tmp python3 screens.py 2>&1 | grep 'outputs lesson 13 step 1:')
grep -q "^FAIL .*show after set const 2^16 \* 0x9e370001 % 2^32; let a = " <<<"$out" &&
	ok "L13 step 1 without naf refused: show (after set const, let) prints A, found" ||
	bad "L13 step 1 without naf refused, show's leak not found: $out"
finish screens_refuses
