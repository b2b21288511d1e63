#!/bin/bash
# refuses: hides no more of the dashboard than shows the answer.  Lesson 6
# step 1 predicts how far 2^32/phi lies from its rounding; it reveals
# with naf golden(32) and refuses cf, spectrum, score and the others,
# whose lines on golden(32) would print golden(32), and so which way it
# rounds.  The dashboard's panels show the
# dashboard's constant: on the lesson's own prevprime(golden(32)) the
# spectrum panel says nothing of the answer and stays shown (naf's
# decomposition, header row and code are hidden; so are the continued
# fraction and the buckets, for step 3, which asks that prime's golden
# prefix and refuses verify and sweep: issue 24's trial, and the pane
# and those two panels say so, "hidden until step 3 is answered"); on
# golden(32) itself the spectrum is hidden too.  golden(32)
# and its prime below come from PARI/GP; the hex of golden(32) is
# nowhere on the screen either way.
. "$(dirname "$0")/../dash/lib.bash"
gdec=$(echo 'round(2^32*2/(1+sqrt(5)))' | gp -q -f)
ghex=$(printf '%x' "$gdec")
pdec=$(echo "precprime($gdec - 1)" | gp -q -f)
check "the numbers: golden(32) = 2654435769, the prime below 2654435761" \
	test "$gdec $pdec" = "2654435769 2654435761"
hidden() { tm_screen | grep -o 'hidden until you answer' | wc -l; }
later() { tm_screen | grep -o 'hidden until step 3 is answered' | wc -l; }
for c in "" "'golden(32)'"; do
	rm -rf "$TM_DIR/state"
	dash_start 120 40 dash --learn 6 $c
	check "lesson 6 step 1 ${c:-on the lesson constant}" tm_wait 'Step 1 of [0-9]+: Round'
	sleep 1
	n=$(hidden)
	if [ -z "$c" ]; then
		check "$pdec: naf's three places hidden ($n)" test "$n" = 3
		check "$pdec: and step 3's two, saying so ($(later))" \
			test "$(later)" = 2
		check "$pdec: the spectrum panel shows its constant" \
			tm_wait 'Spectrum \{k p/2\^32\}'
		check "$pdec: the pane says which panels wait for step 3" \
			tm_wait 'hidden for step 3: cf, buckets'
	else
		check "$gdec: the CF, spectrum and buckets panels hidden too ($n)" test "$n" = 6
	fi
	check "golden(32) in hex ($ghex) is not on the screen" \
		bash -c "! tmux -L '$TM_SOCK' capture-pane -p -t t | grep -qi '$ghex'"
	tm_type 'q'
	tm_exited >/dev/null
done
tm_summary
