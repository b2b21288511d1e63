#!/bin/bash
# Signals (issue 22, findings 5 and 10).  SIGTERM, SIGHUP, SIGXFSZ, and
# every other signal that ends a process by default (QUIT, USR1, USR2,
# ALRM, PIPE: a non-author trial found them leaving cfx-jit-*) end
# cfx with status 128 + signal after removing its temporary directories
# and killing the compiler's process group (before: /tmp/cfx-jit-* and
# /tmp/cfx-verify-* stayed, and a compiler that hung hung cfx).  Ctrl-C
# during a compilation is "interrupted", status 130 (it was "the compiler
# failed: no message"); cf and naf poll the stop flag between the steps
# of an expression.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export TMPDIR=$tmp/t
mkdir -p "$TMPDIR"
. "$(dirname "$0")/lib.sh"
slow_cc "$tmp/slowcc" 4322
# wait (at most 20 s) until the slow compiler runs, so the signal comes
# while the temporary directory exists
started() {
	local i
	for i in $(seq 200); do
		pgrep -f "^sleep 4322" >/dev/null && ls "$TMPDIR" | grep -q cfx- && return 0
		sleep 0.1
	done
	return 1
}
for sig in TERM HUP XFSZ INT QUIT USR1 USR2 ALRM PIPE; do
	for cmd in "bench 0x61C88647 --runs 3" "verify 0x61C88647"; do
		name="${cmd%% *} SIG$sig"
		CC=$tmp/slowcc ./cfx $cmd >"$tmp/out" 2>"$tmp/err" &
		pid=$!
		( sleep 60; kill -9 $pid ) 2>/dev/null &   # a hang fails, not waits
		dog=$!
		started; up=$?
		kill -$sig $pid
		wait $pid; rc=$?
		kill $dog 2>/dev/null
		want=$((128 + $(kill -l $sig)))
		[ $sig = INT ] && [ "${cmd%% *}" = verify ] && want=130
		expect "$name: the compiler was running" '[ $up = 0 ]'
		expect "$name: status $want (got $rc)" '[ $rc = $want ]'
		expect "$name: no temporary directory left ($(ls "$TMPDIR"))" '[ -z "$(ls -A "$TMPDIR")" ]'
		expect "$name: the compiler killed" 'gone 4322'
		if [ $sig = INT ]; then
			expect "$name: interrupted, one line ($(cat "$tmp/err"))" \
				'[ "$(cat "$tmp/err")" = "cfx: ${cmd%% *}: interrupted" ]'
		fi
		rm -rf "${TMPDIR:?}"/*
	done
done

# naf and cf stop inside an expression: four nextprimes of 2048 bits take
# more than a second (within the cost budget); Ctrl-C after 0.3 s
e='nextprime(nextprime(nextprime(nextprime(2^2047))))'
for c in naf cf; do
	./cfx $c "$e" >"$tmp/out" 2>"$tmp/err" &
	pid=$!
	sigint_caught "$pid"
	sleep 0.3
	kill -INT $pid
	wait $pid; rc=$?
	expect "$c: status 130 after Ctrl-C (got $rc)" '[ $rc = 130 ]'
	expect "$c: interrupted ($(cat "$tmp/err"))" '[ "$(cat "$tmp/err")" = "cfx: $c: interrupted" ]'
done
# cf of a rational of a million bits: Euclid's 10^5 quotients are seconds
# of work, and Ctrl-C did nothing (status 0, the whole expansion printed)
./cfx cf --value '(2^1000000+1)/(3^600000+7)' >"$tmp/out" 2>"$tmp/err" &
pid=$!
sigint_caught "$pid"
sleep 0.3
kill -INT $pid
wait $pid; rc=$?
expect "cf of a huge rational: status 130 after Ctrl-C (got $rc)" '[ $rc = 130 ]'
expect "cf of a huge rational: interrupted ($(cat "$tmp/err"))" '[ "$(cat "$tmp/err")" = "cfx: cf: interrupted" ]'
# Ctrl-C while 40 MB of convergents are printed (the reader stalls after
# 100 kB, the signal comes, the reader drains): stopped, not printed whole
mkfifo "$tmp/fifo"
./cfx cf --convergents 'golden(65536)' >"$tmp/fifo" 2>"$tmp/err" &
pid=$!
{ head -c 100000 >/dev/null; sleep 1; kill -INT $pid; cat >/dev/null; } <"$tmp/fifo"
wait $pid; rc=$?
expect "cf --convergents while printing: status 130 after Ctrl-C (got $rc; $(cat "$tmp/err"))" \
	'[ $rc = 130 ] && [ "$(cat "$tmp/err")" = "cfx: cf: interrupted" ]'
# a reader that never reads (issue 22): one Ctrl-C ends cf, text or --json,
# without writing what stdout still holds (it blocked in write() after
# "interrupted"; --json printed all 41 MB and exited 0)
for j in "" --json; do
	rm -f "$tmp/fifo2"; mkfifo "$tmp/fifo2"
	./cfx cf $j --convergents 'golden(65536)' >"$tmp/fifo2" 2>"$tmp/err" &
	pid=$!
	exec 3<"$tmp/fifo2"
	sleep 1.5
	kill -INT $pid
	for i in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
	kill -0 $pid 2>/dev/null && { kill -KILL $pid; echo "(killed)"; }
	wait $pid; rc=$?
	exec 3<&-
	expect "cf ${j:-text} into a reader that never reads: one Ctrl-C ends it, 130 ($rc; $(cat "$tmp/err"))" \
		'[ $rc = 130 ] && [ "$(cat "$tmp/err")" = "cfx: cf: interrupted" ]'
done
# a command that does not poll (spectrum) ends at once, and says so as
# one that polls does (it ended at 130 with nothing said)
./cfx spectrum 0x61C88647 --count 2^26 >"$tmp/out" 2>"$tmp/err" &
pid=$!
sigint_caught "$pid"
sleep 0.3
kill -INT $pid
wait $pid; rc=$?
expect "spectrum: status 130 after Ctrl-C, interrupted ($rc: $(cat "$tmp/err"))" \
	'[ $rc = 130 ] && [ "$(cat "$tmp/err")" = "cfx: spectrum: interrupted" ]'
done_suite harden/signals
