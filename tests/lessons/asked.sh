#!/bin/bash
# Three questions a learner could pass by copying what a command prints
# (issue 24 B): lesson 10 step 2 (the buckets 1024 keys k 2^8 fill under
# 0x61C80001 in 2^10, the clump count), lesson 10 step 4 (the page
# addresses k 2^12 that share a bucket of 2^20) and lesson 7 step 8 (the
# buckets of 2^16 one block of keys r < 2^16 fills).  They were ask:
# steps, where refuses: did not work, so score printed the answer before
# it was given.  Now each is a prediction: the line that shows the answer
# (its reveals:) and sweep (whose row for the stride prints it; verify's
# report does not) are refused until an answer is committed, and nothing
# refused prints; the derived answer, computed
# here by python brute force, is accepted (solved, +) and shown beside
# the reveal.
. "$(dirname "$0")/lib.sh"
clumps=$(python3 -c 'print(len({(k * 256 * 0x61C80001 % 2**32) >> 22 for k in range(1024)}))')
shared=$(python3 -c 'from collections import Counter
c = Counter(((k << 12) * 0x9e370001 % 2**32) >> 12 for k in range(1024))
print(sum(v for v in c.values() if v > 1))')
# for every block j = 0..3, the buckets its 2^16 keys fill; one figure
perm=$(python3 -c 'P = 0x9e370001
f = {len({((j << 16 | r) * P % 2**32) >> 16 for r in range(2**16)}) for j in range(4)}
assert len(f) == 1 and f == {len({(0x9e37 * r + 1) % 2**16 for r in range(2**16)})}
print(f.pop())')
# what the copy would have been: score's empty count, by python too
empty2=$(python3 -c "print(2**10 - $clumps)")
empty4=$(python3 -c 'print(2**20 - len({((k << 12) * 0x9e370001 % 2**32) >> 12 for k in range(1024)}))')

step() {   # LESSON STEP ANSWER COPY-PATTERN
	local n=$1 k=$2 want=$3 pat=$4 f line out w
	f=$(ls "$root"/lessons/"$n"-*.lesson)
	line=$(awk -v k="$k" '/^step:/{s++} s == k && /^reveals: /{sub(/^reveals: /, ""); print; exit}' "$f")
	grep -q '^predict: ' <(awk -v k="$k" '/^step:/{s++} s == k' "$f") && [ -n "$line" ] ||
		{ bad "L$n s$k is no prediction with a reveals: line"; return; }
	# the copy: the line that shows it, and sweep (its row for the
	# stride) on its operand, are refused and print nothing of it
	for w in "$line" "sweep ${line#score }"; do
		out=$(play "$n" "$k" "$w")
		out=$(sed -n "/^-- Lesson [0-9]*, step $k of/,\$p" <<<"$out")
		if grep -q "A prediction comes first: ${w%% *} would show the answer" <<<"$out" &&
		   ! grep -qE -- "$pat" <<<"$out"; then
			ok "L$n s$k: '$w' refused before an answer, nothing of it printed"
		else
			bad "L$n s$k: '$w' ran: $(tail -n 4 <<<"$out")"
		fi
	done
	# the derived answer passes, and the reveal names it
	out=$(play "$n" "$k" "answer $want")
	if grep -q "^Step $k done" <<<"$out" && [ "$(mark "$n" "$k")" = + ] &&
	   grep -qF "You predicted $want; the answer is $want." <<<"$out"; then
		ok "L$n s$k: $want (python) is accepted, solved (+), and revealed"
	else
		bad "L$n s$k: $want: mark '$(mark "$n" "$k")': $(tail -n 6 <<<"$out")"
	fi
	# and once answered, the reveal line shows what the copy would have
	out=$(play "$n" "$k" "answer $want" "$line")
	grep -qE -- "$pat" <<<"$out" && ok "L$n s$k: after the answer, '$line' prints it" ||
		bad "L$n s$k: '$line' after the answer: $(tail -n 4 <<<"$out")"
}
step 10 2 "$clumps" "empty $empty2\\b"
step 10 4 "$shared" "max 1, empty $empty4\\b"
step 07 8 "$perm" "max 1, empty 0\\b"
finish asked
