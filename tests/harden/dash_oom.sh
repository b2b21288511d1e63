#!/bin/bash
# Memory that runs out inside the dashboard (ulimit -v) ends cfx with
# the shell's screen back: xalloc's one line used to go onto the
# alternate screen, after which only the terminal's modes were restored
# (proc_exit), so the dashboard stayed drawn, the cursor hidden, keypad
# mode on and the message lost in it.  Now the screen is cleared and left
# (the terminal's own rmcup: tmux's alternate_on flag 0), the cursor shown,
# keypad transmit off, the modes as the shell had them, and the line
# readable on the shell's screen under what the shell printed before
# cfx started; status 2.  The limit is swept (as tests/harden/bounds.sh
# sweeps the command line) until a ':shifts --optimal' typed into the
# drawn dashboard runs out (its four-adder table); at least one limit
# must end that way, and every limit must end one of the two ways: the
# answer drawn, or the screen left as above.
set -u
. "$(dirname "$0")/../dash/lib.bash"
cd "$root" || exit 2
pass=0 fail=0
expect() { if eval "$2"; then pass=$((pass + 1)); echo "ok   $1"; else fail=$((fail + 1)); echo "FAIL $1"; fi; }
pane() { tm display -p -t t "$1"; }
modes_back() {
	stty -F "$(pane '#{pane_tty}')" -a | grep -Eq '(^| )icanon( |$)' &&
	stty -F "$(pane '#{pane_tty}')" -a | grep -Eq '(^| )echo( |$)'
}
oom=0 xalloc=0 drawn=0
# (AddressSanitizer maps terabytes of shadow memory first: under ulimit -v
# a SANITIZE=1 build cannot start, so there the dashboard is run without a
# limit, under the sanitizers, and the limits are the release build's to
# check, as in tests/harden/bounds.sh)
limits="36000 40000 44000 48000 52000 56000 64000 96000"
asan=0
if grep -qa __asan_init ./cfx; then
	echo "skip ulimit -v: a sanitizer build cannot start under it"
	limits=unlimited asan=1
fi
for kb in $limits; do
	tm_start 100 40 "sh -c 'echo SHELL-SCREEN-$kb; ulimit -v $kb; exec env LC_ALL=C.UTF-8 CFX_LATENCY_LOG= ./cfx dash 0x61C88647'"
	# the dashboard drawn, or cfx ended before it was (status written)
	i=0
	until tm_screen | grep -q 'Continued fraction' || [ -s "$TM_DIR/status" ] ||
	      [ $i -ge 400 ]; do
		sleep 0.05; i=$((i + 1))
	done
	if ! tm_screen | grep -q 'Continued fraction'; then
		# the limit too low for the dashboard to start at all: not the case
		# asked about, but it must still end cleanly (status 2, said)
		st=$(tm_exited 20)
		expect "ulimit -v $kb: no dashboard, status 2 (got $st)" '[ "$st" = 2 ]'
		continue
	fi
	tm_type ':shifts --optimal --bits 19 301683'; tm_keys Enter
	st=$(tm_exited 30)
	if [ "$st" = timeout ]; then
		# the dashboard lived: the answer is drawn; q ends it cleanly
		expect "ulimit -v $kb: the dashboard answers (5 adders)" \
			"tm_wait '5 adders' 10 >/dev/null"
		drawn=$((drawn + 1))
		tm_keys Escape; tm_keys q
		st=$(tm_exited 20)
		expect "ulimit -v $kb: then q, status 0 (got $st)" '[ "$st" = 0 ]'
		continue
	fi
	oom=$((oom + 1))
	expect "ulimit -v $kb: memory ran out inside the dashboard, status 2 (got $st)" '[ "$st" = 2 ]'
	expect "ulimit -v $kb: the alternate screen left" '[ "$(pane "#{alternate_on}")" = 0 ]'
	expect "ulimit -v $kb: the cursor shown" '[ "$(pane "#{cursor_flag}")" = 1 ]'
	expect "ulimit -v $kb: keypad transmit off" '[ "$(pane "#{keypad_flag}")" = 0 ]'
	expect "ulimit -v $kb: the terminal's modes restored" modes_back
	expect "ulimit -v $kb: the shell's screen back (its line before cfx)" \
		'tm_screen | grep -q "^SHELL-SCREEN-$kb$"'
	expect "ulimit -v $kb: nothing of the dashboard on it" \
		'! tm_screen | grep -q "Continued fraction"'
	# the message whole (-J joins a line the pane wrapped), at the start of
	# a line, under the shell's line:
	# xalloc's, or (a limit lower still) the lattice module's that
	# cannot be mapped, which ends cfx the same way (proc_exit)
	msg=$(tm capture-pane -p -J -t t | grep -A3 "^SHELL-SCREEN-$kb$" | grep -m1 '^cfx: ')
	expect "ulimit -v $kb: the message readable ($msg)" \
		'grep -qE "^cfx: (out of memory for [^()]+ \([0-9]+ (bytes|MiB)\): the process.s limit \(ulimit -v\) or the machine.s memory|cannot load the lattice module .+)$" <<<"$msg"'
	case $msg in *"out of memory"*) xalloc=$((xalloc + 1)) ;; esac
done
[ $asan = 1 ] ||
expect "some limit ran out inside the dashboard ($oom of them, $xalloc in xalloc; $drawn answered)" \
	'[ "$xalloc" -ge 1 ]'
echo "harden/dash_oom: $pass passed, $fail failed"
[ $fail = 0 ]
