#!/bin/bash
# Ctrl-C in a lesson read from a pipe (issue 22's nit): `cfx learn N`
# with stdin not a terminal died of SIGINT with nothing said (and, as a
# job of a script, which inherits SIGINT ignored, did not stop at all),
# where `cfx repl` and `cfx < script` say "interrupted" and exit 130 (the
# man page's EXIT STATUS).  Now the lesson's session takes Ctrl-C as the
# REPL's does: the same one line, 130, and the step done before the
# signal is kept.  Compared with what `cfx repl` says on the same input,
# and with the quotients of 13/8 by python's Euclid.
. "$(dirname "$0")/lib.sh"
. "$root/tests/harden/lib.sh"     # fifo_waits, end_within
export CFX_LESSONS=$root/tests/lessons/fixtures
want=$(python3 -c 'from fractions import Fraction as F
q, x = [], F(13, 8)
while True:
    a = x.numerator // x.denominator; q.append(a); x -= a
    if x == 0: break
    x = 1 / x
print("[%d; %s]" % (q[0], ", ".join(map(str, q[1:]))))')
mkfifo "$tmp/f"
# stopped NAME ARGS...: cfx ARGS reads 'cf 13/8' from the FIFO, whose
# writer stays, and is sent SIGINT once it waits for the next line
stopped() {
	local name=$1; shift
	exec 9<>"$tmp/f"           # read-write: opening never blocks
	printf 'cf 13/8\n' >&9
	"$cfx" "$@" <"$tmp/f" >"$tmp/out" 2>"$tmp/err" &
	pid=$!
	fifo_waits $pid "$tmp/f" && ok "$name: waits for its next line" ||
		bad "$name: never waited on the pipe"
	kill -INT $pid
	end_within $pid 20
	wait $pid; rc=$?
	exec 9>&-
}
rm -rf "$tmp/state"
stopped "repl" repl
[ $rc = 130 ] && ok "repl: status 130" || bad "repl: status $rc"
repl_err=$(cat "$tmp/err")
grep -q 'interrupted' <<<"$repl_err" && ok "repl: says interrupted ($repl_err)" ||
	bad "repl: '$repl_err'"

rm -rf "$tmp/state"
stopped "learn 1" learn 1
[ $rc = 130 ] && ok "learn 1: status 130, as repl" || bad "learn 1: status $rc (repl 130)"
[ "$(cat "$tmp/err")" = "$repl_err" ] && ok "learn 1: the same line as repl ($(cat "$tmp/err"))" ||
	bad "learn 1 said '$(cat "$tmp/err")', repl '$repl_err'"
grep -qF "cf         $want" "$tmp/out" && ok "learn 1: the line before ran ($want)" ||
	bad "learn 1: cf 13/8 did not run: $(cat "$tmp/out")"
grep -q '^Step 1 done' "$tmp/out" && ok "learn 1: step 1 done before the signal" ||
	bad "learn 1: step 1 not done"
m=$(awk '$1 == "mini" { print substr($3, 1, 1) }' "$tmp/state/cfx/progress" 2>/dev/null)
[ "$m" = + ] && ok "learn 1: step 1's mark kept (+)" ||
	bad "learn 1: mark '$m': $(cat "$tmp/state/cfx/progress" 2>&1)"
finish interrupt
