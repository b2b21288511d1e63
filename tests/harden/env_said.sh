#!/bin/bash
# A bad $COLUMNS or $LINES is said, as GNU ls says a bad COLUMNS (issue
# 22): one line on stderr naming the variable and its value, "cfx:
# ignoring COLUMNS='abc': not a whole number 1..2000", once a run and
# only where cfx would have read it (stats' plot on a terminal, the
# dashboard before curses starts); then it is ignored as before
# (harden/env_sizes.sh: the terminal's width is used).  Before, it was
# ignored silently.  The expected line is the man page's words, written
# out here with each value; a value is bad unless it is 1..2000 in
# decimal digits alone (ls's rule, with the dashboard's bound).
. "$(dirname "$0")/lib_dash.sh"
a=tests/stats/ns_mul.txt
out=$TM_DIR/out err=$TM_DIR/err
said() { printf "cfx: ignoring %s='%s': not a whole number 1..2000" "$1" "$2"; }
# tty CMD: CMD on a 60x24 terminal (script), all it prints in $out
tty() {
	script -qec "stty cols 60 rows 24; exec $1" /dev/null >"$out.raw" 2>&1
	local st=$?
	tr -d '\r' <"$out.raw" >"$out"
	return $st
}

for v in 0 -5 abc 2147483647 2001 80x ' 80'; do
	tty "env COLUMNS='$v' ./cfx stats $a"
	n=$(grep -cxF "$(said COLUMNS "$v")" "$out")
	expect "COLUMNS='$v' stats on a terminal: said once ($n)" '[ "$n" = 1 ]'
	# a script that reads it twice says it once
	printf 'stats %s\nstats %s\n' "$a" "$a" >"$TM_DIR/s.cfx"
	tty "env COLUMNS='$v' ./cfx -f $TM_DIR/s.cfx"
	n=$(grep -c "ignoring COLUMNS" "$out")
	expect "COLUMNS='$v' two plots in a script: said once ($n)" \
		'[ "$n" = 1 ]'
	# off a terminal the plot is 74 wide whatever $COLUMNS says: not
	# read, not said
	COLUMNS=$v ./cfx stats $a >/dev/null 2>"$err"
	expect "COLUMNS='$v' stats to a file: nothing said" '[ ! -s "$err" ]'
	COLUMNS=$v ./cfx cf 5 >/dev/null 2>"$err"
	expect "COLUMNS='$v' cf 5: nothing said" '[ ! -s "$err" ]'
done
# the man page's row (BAD INPUT): the line whole, and the run goes on
tty "env COLUMNS=abc ./cfx stats $a"; rc=$?
want="cfx: ignoring COLUMNS='abc': not a whole number 1..2000"
expect "COLUMNS=abc stats on a terminal: status 0, the row's line" \
	'[ $rc = 0 ] && grep -qxF "$want" "$out" && grep -q "^x " "$out"'
# good ones and an empty one (a shell's COLUMNS=) are never said
for v in 1 80 2000 ''; do
	tty "env COLUMNS='$v' ./cfx stats $a"
	expect "COLUMNS='$v' stats on a terminal: nothing said" \
		'! grep -q ignoring "$out"'
done

# the dashboard: said on the shell's screen before curses starts (its
# stderr kept here), never drawn on the dashboard's own
for var in COLUMNS LINES; do
	for v in abc 0 99999; do
		# the redirection is the pane's shell's (tm_start runs "$*")
		tm_start 80 24 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG= "$var=$v" \
			./cfx dash 5 "2>$err"
		tm_wait '^ cfx  const' 20 >/dev/null; rc=$?
		expect "$var=$v dash: drawn, nothing said on its screen" \
			'[ $rc = 0 ] && ! tm_screen | grep -q ignoring'
		tm_keys q
		st=$(tm_exited 20)
		n=$(grep -cxF "$(said "$var" "$v")" "$err")
		expect "$var=$v dash: q quits ($st), said once on stderr ($n)" \
			'[ "$st" = 0 ] && [ "$n" = 1 ]'
	done
done
# stderr the pane itself: not on the dashboard's screen while it runs,
# on the shell's once it ends (the alternate screen gone)
tm_start 80 24 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG= COLUMNS=abc ./cfx dash 5
tm_wait '^ cfx  const' 20 >/dev/null; rc=$?
expect "COLUMNS=abc dash, stderr the terminal: not on the dashboard" \
	'[ $rc = 0 ] && ! tm_screen | grep -q ignoring'
tm_keys q
st=$(tm_exited 20)
expect "COLUMNS=abc dash: after q ($st) the line is on the shell's screen" \
	'tm_screen | grep -qxF "$(said COLUMNS abc)"'
echo "harden/env_said: $pass passed, $fail failed"
[ "$fail" = 0 ]
