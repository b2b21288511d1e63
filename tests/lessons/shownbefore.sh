#!/bin/bash
# learn --check: a prediction whose answer a line the lesson showed before
# it prints word for word (a try: of an earlier step, a reveals: line, a
# command solution), while the learner may run that line, fails the
# lesson; refusing the line's command (refuses:) or the line holding the
# answer itself (typing it needs the answer) does not.  The answer, the
# shortest of the three gap lengths of 9 points of 0x9e370001, is sorted
# out here in python, not taken from cfx.
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
short=$(python3 -c '
p, n = 0x9e370001, 2**32
pts = sorted(j * p % n for j in range(1, 10))
g = [b - a for a, b in zip(pts, pts[1:])] + [pts[0] + n - pts[-1]]
print(min(g))')
mkdir -p "$tmp/l"
lesson() {   # TRY REFUSES: step 1 tries TRY; step 2 predicts the shortest gap
	{ printf 'title: Shown before\nstep: One\n  Look.\ntry: %s\n' "$1"
	  printf 'check: result.spectrum.count >= 1\nhint: h\nsolution: %s\n\n' "$1"
	  printf 'step: Two\n  Predict.\npredict: The shortest gap at 9 points?\n'
	  printf 'reveals: cf 0x9e370001\n%s' "${2:+refuses: $2
}"
	  printf 'check: answer == run(spectrum 0x9e370001 --count 9).gaps[0].length_units\n'
	  printf 'hint: the largest is the sum of the other two.\nsolution: answer %s\n' "$short"
	  printf 'claim: spectrum 0x9e370001 --count 9 :: gaps[0].length_units == %s\n' "$short"
	} > "$tmp/l/01-s.lesson"
}
msg="a line shown before this prediction (step 1: spectrum 0x9e370001 --count 9) prints its answer ($short)"
lesson 'spectrum 0x9e370001 --count 9' ''
out=$("$cfx" learn --check "$tmp/l/01-s.lesson" 2>&1); rc=$?
[ $rc = 1 ] && grep -qF "01-s.lesson:9: $msg" <<<"$out" &&
	ok "step 1's try: prints step 2's answer $short: caught" || bad "not caught ($rc): $out"
lesson 'spectrum 0x9e370001 --count 9' 'spectrum'
out=$("$cfx" learn --check "$tmp/l/01-s.lesson" 2>&1)
! grep -qF "shown before this prediction" <<<"$out" &&
	ok "refuses: spectrum: the line no longer runs, nothing said" || bad "refused: $out"
lesson 'spectrum 0x9e370001 --count 4' ''
out=$("$cfx" learn --check "$tmp/l/01-s.lesson" 2>&1)
! grep -qF "shown before this prediction" <<<"$out" &&
	ok "4 points do not show it: nothing said" || bad "4 points: $out"
# every lesson of the repository passes the lint
for f in "$root"/lessons/*.lesson; do
	out=$("$cfx" learn --check "$f" 2>&1)
	! grep -qE "shown before this prediction|previous step's reveal" <<<"$out" &&
		ok "$(basename "$f"): no prediction printed before it" || bad "$(basename "$f"): $out"
done
finish shownbefore
