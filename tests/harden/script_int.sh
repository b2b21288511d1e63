#!/bin/bash
# Ctrl-C during a script (issue 22, non-author trial): `cfx -f script`
# was killed by SIGINT with nothing said, where the command line says
# "interrupted".  Now the command that waits stops, one line says
# "interrupted" naming the script's line and command, the lines after it
# are not run (--keep-going or not), and the status is 130 (the man
# page's EXIT STATUS: a command stopped by Ctrl-C).  The command waits on
# a named pipe (stats FIFO, or the script itself a FIFO), so SIGINT is
# sent once cfx is known to be waiting (harden/lib.sh's fifo_waits).
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$(dirname "$0")/lib.sh"
mkfifo "$tmp/f"
printf 'cf 5/3\nstats %s\ncf 7/4\n' "$tmp/f" >"$tmp/s.cfx"
# the quotients of 5/3 and 7/4, by python's Euclid, as cf prints them
IFS='|' read -r want5 want7 < <(python3 -c 'from fractions import Fraction as F
def cf(q):
    out = []
    while True:
        a = q.numerator // q.denominator; out.append(a); q -= a
        if q == 0: return out
        q = 1 / q
print("|".join("[%d; %s]" % (c[0], ", ".join(map(str, c[1:]))) for c in (cf(F(5, 3)), cf(F(7, 4)))))')
stopped() {   # NAME PID: SIGINT once PID waits on the FIFO, then its status
	local name=$1 pid=$2
	expect "$name: cfx waits on the named pipe" 'fifo_waits $pid "$tmp/f"'
	kill -INT $pid
	end_within $pid 60
	wait $pid; rc=$?
}
for kg in "" --keep-going; do
	./cfx -f "$tmp/s.cfx" $kg >"$tmp/out" 2>"$tmp/err" &
	stopped "-f script $kg" $!
	expect "-f script $kg: status 130 (got $rc)" '[ $rc = 130 ]'
	expect "  one line: the script's line, the command, interrupted ($(cat "$tmp/err"))" \
		'[ "$(cat "$tmp/err")" = "cfx: $tmp/s.cfx:2: stats: interrupted" ]'
	expect "  line 1 ran, line 3 did not ($want5, $want7; $(grep '^cf ' "$tmp/out"))" \
		'[ "$(sed -n "s/^cf  *//p" "$tmp/out")" = "$want5" ]'
done
# the same script on standard input
./cfx <"$tmp/s.cfx" >"$tmp/out" 2>"$tmp/err" &
stopped "script on stdin" $!
expect "script on stdin: status 130, interrupted ($rc: $(cat "$tmp/err"))" \
	'[ $rc = 130 ] && [ "$(cat "$tmp/err")" = "cfx: line 2: stats: interrupted" ]'
# the script itself a named pipe, cfx waiting for its next line
./cfx -f "$tmp/f" >"$tmp/out" 2>"$tmp/err" &
pid=$!
exec 9<>"$tmp/f"   # read-write: never blocks, whatever cfx does
printf 'cf 5/3\n' >&9
stopped "a script that is a named pipe" $pid
exec 9>&-
expect "script FIFO: status 130, said interrupted ($rc: $(cat "$tmp/err"))" \
	'[ $rc = 130 ] && grep -q "interrupted" "$tmp/err" && [ "$(wc -l <"$tmp/err")" = 1 ]'
expect "  its first line ran ($want5)" '[ "$(sed -n "s/^cf  *//p" "$tmp/out")" = "$want5" ]'
done_suite harden/script_int
