#!/bin/bash
# Ctrl-C while score reads a key file, or stats a sample, from a named
# pipe (issue 22, hostile retest D).  Before: "cannot read key file: Interrupted system
# call", status 2.  Now: "interrupted", 130, as Ctrl-C anywhere else on
# the command line; both while waiting for a writer and while reading.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
mkfifo "$tmp/f"
. "$(dirname "$0")/lib.sh"     # fifo_waits: SIGINT only once cfx waits
# (a job started with & in a script inherits SIGINT ignored: a signal
# before cfx sets its handler would be lost and the run would hang)
# interrupt NAME CMD LINES ARGS...: cfx CMD ARGS reading the FIFO, sent
# SIGINT while waiting for a writer (LINES empty) or, after a writer
# wrote LINES and stays, while reading: 130, "cfx: CMD: interrupted"
# alone, nothing on stdout
interrupt() {
	local name=$1 cmd=$2 lines=$3; shift 3
	./cfx "$cmd" "$@" >"$tmp/out" 2>"$tmp/err" &
	pid=$!
	if [ -z "$lines" ]; then
		fifo_waits $pid "$tmp/f"
	else
		exec 9>"$tmp/f"
		printf '%s' "$lines" >&9
		fifo_waits $pid "$tmp/f"
	fi
	kill -INT $pid
	end_within $pid 60
	wait $pid; rc=$?
	[ -z "$lines" ] || exec 9>&-
	expect "$name: status 130 (got $rc)" '[ $rc = 130 ]'
	expect "$name: said interrupted ($(cat "$tmp/err"))" \
		'[ "$(cat "$tmp/err")" = "cfx: $cmd: interrupted" ]'
	expect "$name: nothing on stdout" '[ ! -s "$tmp/out" ]'
}
interrupt "no writer yet" score '' 0x61C88647 --keys "file:$tmp/f"
interrupt "while reading" score $'5\n' 0x61C88647 --keys "file:$tmp/f"
# stats reads its samples the same way (it was killed at once: 130 and
# nothing said)
interrupt "stats, no writer yet" stats '' "$tmp/f"
interrupt "stats, while reading" stats $'1\n2\n' "$tmp/f"
done_suite harden/fifo_int
