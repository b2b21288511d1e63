#!/bin/bash
# Ctrl-C while score reads a key file from a named pipe (issue 22,
# hostile retest D).  Before: "cannot read key file: Interrupted system
# call", status 2.  Now: "interrupted", 130, as Ctrl-C anywhere else on
# the command line; both while waiting for a writer and while reading.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
mkfifo "$tmp/f"
# waiting for a writer
./cfx score 0x61C88647 --keys "file:$tmp/f" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
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
sleep 1
kill -INT $pid
wait $pid; rc=$?
exec 9>&-
expect "while reading: status 130 (got $rc)" '[ $rc = 130 ]'
expect "while reading: said interrupted ($(cat "$tmp/err"))" \
	'[ "$(cat "$tmp/err")" = "cfx: score: interrupted" ]'
done_suite harden/fifo_int
