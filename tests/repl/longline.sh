#!/bin/bash
# A line typed at the REPL's prompt has the limit a script's lines have
# (65536 bytes, the man page's table of bad inputs): one byte over, the
# line is dropped with one message and the session goes on.  Driven
# through a pseudo-terminal by python3 (readline is only used on a tty).
set -u
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp"
pass=0 fail=0
check() {   # check NAME COMMAND...
	local name=$1; shift
	if "$@"; then pass=$((pass + 1)); echo "ok   $name"
	else fail=$((fail + 1)); echo "FAIL $name"; fi
}

# pty LINE_BYTES OUT: type "cf 1/3" padded with spaces to LINE_BYTES bytes
# and Enter, then "cf 13/8" and Enter, then Ctrl-D; the session's output
# (both streams, as the terminal shows them) to OUT, its exit status to
# OUT.status, its history to OUT.state/cfx/history.
pty() {
	python3 - "$1" "$2" <<'PY'
import os, pty, select, sys, time
n, path = int(sys.argv[1]), sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "dumb"
    os.environ["XDG_STATE_HOME"] = path + ".state"
    os.execv("./cfx", ["./cfx", "repl"])
out = bytearray()
def drain(until, limit=60):
    """read until the output holds `until` (bytes) or limit seconds pass"""
    end = time.time() + limit
    while time.time() < end and (until is None or until not in out):
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                d = os.read(fd, 65536)
            except OSError:
                return
            if not d:
                return
            out.extend(d)
drain(b"cfx> ", 20)
line = b"cf 1/3" + b" " * (n - 6)
for i in range(0, len(line), 4096):     # as fast as it reads them
    os.write(fd, line[i:i + 4096])
    drain(None, 0.01)
os.write(fd, b"\r")
mark = len(out)
os.write(fd, b"cf 13/8\r")
drain(b"[1; 1, 1, 1, 2]", 120)
drain(b"cfx> ", 5)
os.write(fd, b"\x04")
drain(None, 2)
_, st = os.waitpid(pid, 0)
open(path, "wb").write(bytes(out).replace(b"\r", b""))
open(path + ".status", "w").write("%d\n" % os.waitstatus_to_exitcode(st))
PY
}

msg='cfx: the line is longer than 65536 bytes: dropped up to Enter'

pty 65536 "$tmp/at"
check "a line of 65536 bytes runs: cf 1/3 = [0; 3]" grep -q '^cf  *\[0; 3\]$' "$tmp/at"
check "    no message" bash -c "! grep -qF 'line is longer' '$tmp/at'"
check "    the next line runs" grep -q '^cf  *\[1; 1, 1, 1, 2\]$' "$tmp/at"

pty 65537 "$tmp/over"
check "65537 bytes: one message" test "$(grep -cF "$msg" "$tmp/over")" = 1
check "    the line does not run" bash -c "! grep -q '^cf  *\[0; 3\]$' '$tmp/over'"
check "    the next line runs" grep -q '^cf  *\[1; 1, 1, 1, 2\]$' "$tmp/over"
check "    Ctrl-D still ends it, status 0" test "$(cat "$tmp/over.status")" = 0
check "    not in the history" bash -c "! grep -q '^cf 1/3' '$tmp/over.state/cfx/history'"
check "    the next line is" grep -qx 'cf 13/8' "$tmp/over.state/cfx/history"

# a 1 MB line (a paste): the same one message
pty 1048576 "$tmp/mb"
check "1 MB: one message" test "$(grep -cF "$msg" "$tmp/mb")" = 1
check "    the next line runs" grep -q '^cf  *\[1; 1, 1, 1, 2\]$' "$tmp/mb"

# a script line within the limit made of many short words: the words of
# a line once took memory quadratic in its length (each one the size of
# the rest of the line: ~900 MB for 30000 words of one letter), so under
# a 300 MB address-space limit cfx aborted "out of memory" instead of
# refusing the line.  ASan reserves terabytes of address space: skipped.
if grep -qa __asan_init ./cfx; then
	check "many words (skipped under ASan)" true
else
	python3 -c "print(' '.join(['w'] * 30000))" >"$tmp/words"
	( ulimit -v 300000; ./cfx <"$tmp/words" >"$tmp/words.out" 2>"$tmp/words.err" )
	check "30000 words on a line, 300 MB of address space: exit 2" \
		test $? = 2
	check "    one line: too many words" bash -c "[ \$(wc -l <'$tmp/words.err') = 1 ] &&
		grep -q 'too many words on one line' '$tmp/words.err'"
fi

echo "longline: $pass passed, $fail failed"
[ "$fail" = 0 ]
