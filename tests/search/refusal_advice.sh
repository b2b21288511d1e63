#!/bin/bash
# cfx search's refusal (more than 2000000 candidates in the window)
# advises values that run (issue 26: `search -b 126` advised --window 16
# or --terms 8, both refused again, with advice of their own).  For every
# word -b 1..126 that the default search refuses, each option the advice
# names (--window W, --terms K) is run on the same word and must run:
# exit 0, no refusal; never the value given (the default window 12, or
# n if smaller; 9 terms).  The oracle is cfx's own refusal, run again
# with the advised option, no text of the advice trusted beyond its
# numbers.  --screen none throughout: the refusal comes before the
# screen.  Each refusal enumerates the window again (seconds a word), so
# the words are the edges and a spread, not all 126: 1, 12 and 32 (run),
# the first refused words, 64, the issue's 126, 109 and 121 (where the
# first fix advised values refused again) and two words drawn at random.
# CHECK_SAMPLE=K checks one word in K of those.
. "$(dirname "$0")/../build/lib.sh"
. "$root/tests/lib/sample.sh"
cd "$root" || exit 2

refused=0
for b in 1 12 32 56 57 58 64 100 109 121 126 \
	 $((RANDOM % 60 + 60)) $((RANDOM % 60 + 60)); do
	sample_keep || continue
	./cfx search -b "$b" --screen none >/dev/null 2>"$tmp/e"
	rc=$?
	if ! grep -q 'candidates in the window' "$tmp/e"; then
		expect "-b $b: runs (status $rc) $(head -c 120 "$tmp/e")" \
			'[ "$rc" = 0 ]'
		continue
	fi
	refused=$((refused + 1))
	msg=$(cat "$tmp/e")
	w=$(sed -n 's/.*--window \([0-9]*\).*/\1/p' <<<"$msg")
	k=$(sed -n 's/.*--terms \([0-9]*\).*/\1/p' <<<"$msg")
	def=$((b < 12 ? b : 12))
	expect "-b $b refused (status $rc), advice: ${msg#*; }" \
		'[ "$rc" = 2 ] && { [ -n "$w" ] || [ -n "$k" ]; } &&
		 [ "$(wc -l <"$tmp/e")" = 1 ]'
	# each advised option, on the same word, and never the given value
	for o in "window $w $def" "terms $k 9"; do
		read -r opt val was <<<"$o"
		[ -n "$was" ] || continue
		./cfx search -b "$b" --screen none --"$opt" "$val" >/dev/null \
			2>"$tmp/e2"
		rc=$?
		expect "    --$opt $val (not $was) runs: status $rc $(head -c 100 "$tmp/e2")" \
			'[ "$rc" = 0 ] && [ "$val" != "$was" ]'
	done
done
# the words the issue names are refused at all (else nothing was tested)
expect "some words refused ($refused)" '[ "$refused" -gt 0 ]'
sample_note refusal_advice
done_suite refusal_advice
