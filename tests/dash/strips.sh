#!/bin/bash
# The sweep and verify strips are on the screen, or one line says where
# they went and how to see them: never dropped without a word.  At 80x24
# and 120x40: the output pane open over them (o closes it, and they are
# back), a lesson step that hides the bucket panel before a prediction
# (its title names the strips it hides; when the predictions are over
# they are back), and a lesson column that leaves no room for the bucket
# panel.  The
# strips' verdict, once back, is the one `cfx verify` gives (the CLI,
# not the dashboard, decides what the strip must say).
. "$(dirname "$0")/lib.bash"

# The strips as drawn: the sweep's head row and the verify row.
strips_drawn() {
	local s
	s=$(tm_screen)
	grep -Eq 'sweep (k\*2\^s, )?b=[0-9]+|stride sweep' <<<"$s" &&
		grep -Eq '(^|│) verify ' <<<"$s"
}
# A line saying where they are: names both, and where.
strips_said() {
	tm_screen | grep -Eq "$1"
}
# neither drawn nor said: the fault
strips_or_said() {
	strips_drawn || tm_screen | grep -Eq 'sweep(,| and) verify|strips:' ||
		{ echo "--- no strips and no word of them:"; tm_screen | sed 's/^/| /'; return 1; }
}

verdict=$(./cfx verify 0x9e3779b1 | grep -oE '\b(PASS|FAIL)\b' | head -1)
check "cfx verify's verdict on prevprime(golden(32)): $verdict" \
	test -n "$verdict"

for size in "80 24" "120 40"; do
	set -- $size; at="at $1x$2"
	dash_start "$1" "$2"
	check "$at: the strips, with cfx verify's $verdict" \
		tm_wait "verify [^ ]+ $verdict" 60
	check "    and the sweep's head row" wait_for strips_drawn
	tm_type ':naf'; tm_keys Enter
	tm_wait '^─ Output of' >/dev/null
	check "$at, the output pane open: the strips are not drawn" \
		wait_for eval '! strips_drawn'
	check "    and a line says they are under the pane, and o" \
		tm_wait 'sweep, verify: under (the output|the) pane \(o( hides it)?\)'
	tm_keys o
	check "    o: the pane closes, and the strips are back ($verdict)" \
		tm_wait "verify [^ ]+ $verdict"
	check "    and no line says they are under a pane" \
		tm_gone 'under (the output|the) pane'
	tm_type q; tm_exited >/dev/null

	# lesson 8 step 3 predicts the fullest bucket: the bucket panel is
	# hidden, its strips with it
	rm -rf "$XDG_STATE_HOME"
	dash_start "$1" "$2" dash --learn 8
	tm_wait 'Step 1 of' >/dev/null
	tm_type ':skip'; tm_keys Enter
	tm_wait 'Step 2 of' >/dev/null
	tm_type ':skip'; tm_keys Enter
	tm_wait 'Step 3 of' >/dev/null
	check "$at, lesson 8 step 3: the bucket panel is hidden" \
		tm_wait 'hidden until you answer'
	check "    its title names the strips it hides" \
		tm_wait '─ (▶ )?Buckets, sweep(,| and) verify'
	check "    the screen draws them or says where they are" strips_or_said
	tm_type ':naf'; tm_keys Enter
	tm_wait '^─ Output of' >/dev/null
	check "    with the pane open too" strips_or_said
	tm_keys o
	# (steps 3 to 7 are predictions about these keys; step 8 is not)
	for i in 3 4 5 6 7; do
		tm_type ':skip'; tm_keys Enter
		tm_wait "Step $((i + 1)) of" >/dev/null
	done
	check "    at step 8 the panel is back, and the strips" \
		tm_wait '(^|│) verify ' 60
	check "    and the title is the bucket panel's own" \
		tm_gone '─ (▶ )?Buckets, sweep'
	tm_type q; tm_exited >/dev/null
done

# lesson 4 step 7 (focus: spectrum) at 80x24: the lesson's column leaves
# the spectrum where the bucket panel was
rm -rf "$XDG_STATE_HOME"
dash_start 80 24 dash --learn 4
tm_wait 'Step 1 of' >/dev/null
for i in 1 2 3 4 5 6; do
	tm_type ':skip'; tm_keys Enter
	tm_wait "Step $((i + 1)) of" >/dev/null
done
check "80x24, lesson 4 step 7: the spectrum where the buckets were" \
	tm_wait '^─ (▶ )?Spectrum'
check "    no bucket panel, and a line says where its strips are" \
	tm_wait '^buckets, sweep, verify: :score :sweep :verify'
check "    (the buckets and strips are not drawn)" \
	wait_for eval '! strips_drawn'
tm_type q; tm_exited >/dev/null

tm_summary
