#!/bin/bash
# $COLUMNS and $LINES, one rule for every face (issue 22, a hostile
# re-trial): an integer from 1 to 2000 is taken, anything else is ignored
# as if unset and the terminal asked.  Before, stats and bench refused a
# bad $COLUMNS (3 to 10000; bench even without a plot to draw), the
# dashboard refused another range (1 to 2000), and the command line's
# tables, --help, the REPL and learn ignored it.  The oracle is the
# terminal's own width, set here with stty: ministat's plot is that width
# less 2 between its two '+' corners, so the rule row is exactly as wide
# as the terminal; a $COLUMNS taken is the plot's width whole.
. "$(dirname "$0")/lib_dash.sh"
a=tests/stats/ns_mul.txt b=tests/stats/ns_naf.txt
out=$TM_DIR/out err=$TM_DIR/err
# rule FILE: the width of the plot's first rule row (+---+), 0 if none
rule() { tr -d '\r' <"$1" | grep -m1 -E '^\+-+\+$' | awk '{ print length }'; }
# tty W V CMD: CMD with COLUMNS=V on a terminal W columns wide, all it
# prints in $out (set after stty: script's bash, with checkwinsize, would
# put the terminal's width in an exported COLUMNS)
tty() {
	script -qec "stty cols $1 rows 24; exec env COLUMNS='$2' $3" /dev/null \
		>"$out" 2>&1
}

for v in 0 -5 abc 2147483647 99999 2001 80x ' 80' ''; do
	export COLUMNS="$v"
	tty 60 "$v" "./cfx stats $a $b"; rc=$?
	expect "COLUMNS='$v' stats, a 60-column terminal: status 0, its width" \
		'[ $rc = 0 ] && [ "$(rule "$out")" = 60 ]'
	./cfx stats $a $b >"$out" 2>"$err"; rc=$?
	expect "COLUMNS='$v' stats to a file: status 0, nothing on stderr" \
		'[ $rc = 0 ] && [ ! -s "$err" ] && [ "$(rule "$out")" = 76 ]'
	echo "stats $a $b" | ./cfx >"$out" 2>"$err"; rc=$?
	expect "COLUMNS='$v' stats in a script: status 0, nothing said" \
		'[ $rc = 0 ] && [ ! -s "$err" ]'
	# the short report draws no plot: nothing to refuse either
	./cfx bench 5 --runs 3 >"$out" 2>"$err"; rc=$?
	expect "COLUMNS='$v' bench: status 0, \$COLUMNS not named" \
		'[ $rc = 0 ] && ! grep -q COLUMNS "$err"'
	./cfx learn --list >"$out" 2>"$err"; rc=$?
	expect "COLUMNS='$v' learn --list: status 0, nothing said" \
		'[ $rc = 0 ] && [ ! -s "$err" ]'
	unset COLUMNS
done
# taken: whole (ministat's rule), at least 3 columns of plot
for v in 40:42 1:5 3:5 2000:2002; do
	tty 60 "${v%:*}" "./cfx stats $a $b"; rc=$?
	expect "COLUMNS=${v%:*} stats: taken, a rule ${v#*:} wide" \
		'[ $rc = 0 ] && [ "$(rule "$out")" = "${v#*:}" ]'
done

# the dashboard: ncurses would take them as given (10000 x 10000 took
# gigabytes): a bad one ignored, the window's 80x24 drawn
for var in COLUMNS LINES; do
	for v in 0 abc 99999 2147483647 -5; do
		tm_start 80 24 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG= "$var=$v" \
			./cfx dash 5
		tm_wait '^ cfx  const' 20 >/dev/null; rc=$?
		last=$(tm_screen | sed -n 24p)
		expect "$var=$v dash: drawn at the window's 80x24 ($last)" \
			'[ $rc = 0 ] && [ "${#last}" -ge 70 ] &&
			 ! tm_screen | grep -q "terminal size"'
		tm_keys q
		st=$(tm_exited 20)
		expect "$var=$v dash: q quits, status 0 ($st)" '[ "$st" = 0 ]'
	done
done
echo "harden/env_sizes: $pass passed, $fail failed"
[ "$fail" = 0 ]
