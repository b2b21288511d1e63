#!/bin/bash
# Write errors end every face with one line on stderr and status 2, as
# coreutils' close_stdout does (issue 22, finding 9: all but single
# commands exited 0 silently into a full disk).
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export XDG_STATE_HOME=$tmp/state CFX_LESSONS=$root/tests/lessons/fixtures
full() {
	local name=$1; shift
	"$@" >/dev/full 2>"$tmp/err"; rc=$?
	expect "$name: status 2 (got $rc)" '[ $rc = 2 ]'
	expect "$name: one line ($(cat "$tmp/err"))" \
		'[ $(wc -l <"$tmp/err") = 1 ] && grep -q "^cfx: .*: cannot write output: No space left on device$" "$tmp/err"'
}
full "cf 5" ./cfx cf 5
full "script on stdin" sh -c 'echo "cf 5" | ./cfx'
full "cfx repl, script" sh -c 'echo "cf 5" | ./cfx repl'
full "cfx -f FILE" sh -c 'echo "naf 5" >"$0/s" && ./cfx -f "$0/s"' "$tmp"
full "learn 1" sh -c './cfx learn 1 </dev/null'
full "learn --list" ./cfx learn --list
full "--help" ./cfx --help
full "help cf" ./cfx help cf
full "help repl" ./cfx help repl
full "--version" ./cfx --version
full "bench --help" ./cfx bench --help
# a warning lost on a full stderr is status 2 too, as coreutils'
# close_stdout has it (said nowhere: there is nowhere to say it); it was 0
printf '1\n2\n3\n' >"$tmp/a"; printf '4\n5\n6\n' >"$tmp/b"
./cfx stats "$tmp/a" "$tmp/b" >/dev/null 2>/dev/full; rc=$?
expect "stats warning into a full stderr: status 2 (got $rc)" '[ $rc = 2 ]'
printf 'stats %s %s\ncf 5\n' "$tmp/a" "$tmp/b" | ./cfx repl >/dev/null 2>/dev/full; rc=$?
expect "script, a warning into a full stderr: status 2 (got $rc)" '[ $rc = 2 ]'
./cfx stats "$tmp/a" "$tmp/b" >/dev/null 2>/dev/null; rc=$?
expect "the same warning into /dev/null: status 0 (got $rc)" '[ $rc = 0 ]'
./cfx cf 5 >/dev/null 2>/dev/full; rc=$?
expect "nothing on stderr, stderr full: status 0 (got $rc)" '[ $rc = 0 ]'
done_suite harden/output
