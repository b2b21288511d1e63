#!/bin/bash
# cfx score stops cleanly on Ctrl-C (SIGINT), as sweep does: exit status 130,
# "cfx: score: interrupted" alone on stderr, nothing on stdout (130 as a
# shell reports Ctrl-C; before a clean stop it was 2).  2^26 random keys take seconds to
# make; the signal comes after half a second.  And sweep the same way.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
out=$tmp/out err=$tmp/err
for cmd in "score --keys random --count 2^26 0x9e3779b9" "sweep --count 2^26 0x9e3779b9"; do
	name=${cmd%% *}
	./cfx $cmd >"$out" 2>"$err" &
	pid=$!
	sigint_caught "$pid"
	sleep 0.5
	kill -INT "$pid"
	wait "$pid"; rc=$?
	expect "$name: exit status 130 after SIGINT (got $rc)" '[ "$rc" = 130 ]'
	expect "$name: one line on stderr ($(head -c 80 "$err"))" '[ "$(cat "$err")" = "cfx: $name: interrupted" ]'
	expect "$name: nothing on stdout" '[ ! -s "$out" ]'
done
echo "score/interrupt: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
