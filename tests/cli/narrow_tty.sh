#!/bin/bash
# A terminal narrower than 80 columns (issue 26: at 40 columns the
# command line's errors were filled at 80 and the terminal cut them
# mid-word, "seq, str" / "ide"; the progress bar, some 60 columns,
# wrapped and left a line on each redraw).  Under script(1) at 40 and 60
# columns: each error and warning within the terminal's width less one
# (as the REPL fills its own), broken between words only: the words,
# joined again, are the one line the same command prints on a pipe; the
# progress bar's every redraw within the width; a command's filled prose
# (score's verdict line) within it too; at 80 the same.  Widths by awk,
# not by cfx.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2

# tty COLS CMD: CMD's output at a terminal of COLS columns, CRs dropped
tty() {
	env -u NO_COLOR NO_COLOR=1 script -qec "stty cols $1 rows 24; $2" \
		/dev/null 2>&1 | tr -d '\r'
}
# (a script's set bits 4 warned here; it is refused now, and a script's
# errors are one line each, PATH:N: first, filled only at the prompt)
errs=("./cfx spectrum -b 3 5" "./cfx score --keys foo 5"
      "./cfx sweep 2^127+1" "./cfx cf --bits 1 3")
for cols in 40 60 80; do
	for e in "${errs[@]}"; do
		sh -c "$e" >/dev/null 2>"$tmp/pipe"
		tty "$cols" "$e" >"$tmp/tty"
		w=$(awk -v m=$((cols - 1)) 'length > m' "$tmp/tty")
		joined=$(tr '\n' ' ' <"$tmp/tty" | tr -s ' ' | sed 's/ $//')
		one=$(tr '\n' ' ' <"$tmp/pipe" | tr -s ' ' | sed 's/ $//')
		expect "$cols columns: $e: $(wc -l <"$tmp/tty") lines within $((cols - 1)), the pipe's words $w" \
			'[ -z "$w" ] && [ -s "$tmp/pipe" ] && [ "$joined" = "$one" ]'
	done
	# the progress bar: each redraw (between CRs) within the width
	env -u NO_COLOR NO_COLOR=1 script -qec "stty cols $cols rows 24;
		./cfx --progress sweep 0x9e3779b9 >/dev/null" /dev/null \
		>"$tmp/bar" 2>&1
	tr '\r' '\n' <"$tmp/bar" | sed 's/\x1b\[K//g' >"$tmp/bar2"
	w=$(awk -v m=$((cols - 1)) 'length > m { print length }' "$tmp/bar2" |
	    head -3 | tr '\n' ' ')
	expect "$cols columns: sweep's progress bar, $(grep -c . "$tmp/bar2") redraws within $((cols - 1)) $w" \
		'[ -z "$w" ] && grep -q "strides" "$tmp/bar2"'
	# a report's filled prose: score's verdict line
	tty "$cols" "./cfx score 0x9e3779b9" >"$tmp/score"
	w=$(grep -A3 '^verdict' "$tmp/score" | awk -v m=$((cols - 1)) 'length > m')
	expect "$cols columns: score's verdict line filled within $((cols - 1)) $w" \
		'[ -z "$w" ] && grep -q "^verdict" "$tmp/score"'
done
done_suite narrow_tty
