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
done_suite harden/output
