#!/bin/bash
# Ctrl-C while score reads a key file from a named pipe (issue 22,
# hostile retest D).  Before: "cannot read key file: Interrupted system
# call", status 2.  Now: "interrupted", 130, as Ctrl-C anywhere else on
# the command line; both while waiting for a writer and while reading.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
mkfifo "$tmp/f"
# blocked PID PATTERN: wait (up to 120 s) until the process sleeps in the
# kernel function PATTERN names (/proc/PID/wchan), so the signal comes
# while cfx waits on the pipe, not before its handler is set (a job
# started with & in a script inherits SIGINT ignored: a signal that early
# would be lost and the run would hang); 1 s if wchan is not readable
blocked() {
	local i=0 w
	while [ $i -lt 1200 ]; do
		w=$(cat "/proc/$1/wchan" 2>/dev/null) || break
		case $w in 0|'') sleep 1; return ;; esac
		echo "$w" | grep -Eq "$2" && return
		sleep 0.1; i=$((i + 1))
	done
}
# waiting for a writer
./cfx score 0x61C88647 --keys "file:$tmp/f" >"$tmp/out" 2>"$tmp/err" &
pid=$!
blocked $pid 'wait_for_partner|fifo_open'
kill -INT $pid
wait $pid; rc=$?
expect "no writer yet: status 130 (got $rc)" '[ $rc = 130 ]'
expect "no writer yet: said interrupted ($(cat "$tmp/err"))" \
	'[ "$(cat "$tmp/err")" = "cfx: score: interrupted" ]'
# a writer that wrote a line and stays
./cfx score 0x61C88647 --keys "file:$tmp/f" >"$tmp/out" 2>"$tmp/err" &
pid=$!
exec 9>"$tmp/f"
echo 5 >&9
blocked $pid 'pipe_read|pipe_wait'
kill -INT $pid
wait $pid; rc=$?
exec 9>&-
expect "while reading: status 130 (got $rc)" '[ $rc = 130 ]'
expect "while reading: said interrupted ($(cat "$tmp/err"))" \
	'[ "$(cat "$tmp/err")" = "cfx: score: interrupted" ]'
done_suite harden/fifo_int
