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
os.set_blocking(fd, False)
out = bytearray()
closed = False
def pump(data=b"", until=None, limit=60):
    """write data while reading what cfx prints (the terminal echoes what
    is typed: a writer that does not read would fill the output side and
    both would wait for ever), then read until the output holds `until`
    (bytes; None: for the whole limit), at most limit seconds"""
    global closed
    end, i = time.time() + limit, 0
    while time.time() < end and not closed:
        if i >= len(data) and until is not None and until in out:
            return
        r, w, _ = select.select([fd], [fd] if i < len(data) else [], [], 0.05)
        if r:
            try:
                d = os.read(fd, 65536)
                if not d:
                    closed = True
                out.extend(d)
            except BlockingIOError:
                pass
            except OSError:
                closed = True
        if w:
            try:
                i += os.write(fd, data[i:i + 4096])
            except BlockingIOError:
                pass
        if i >= len(data) and until is None and not r:
            return
def drain(until, limit=60):
    pump(b"", until, limit)
drain(b"cfx> ", 20)
pump(b"cf 1/3" + b" " * (n - 6) + b"\r", None, 120)
pump(b"cf 13/8\r", None, 5)
drain(b"[1; 1, 1, 1, 2]", 120)
# the prompt after that answer (an earlier one is in the output already):
# a Ctrl-D typed while the command runs, the terminal in its ordinary
# mode, is the terminal's end of file and may never reach readline
def prompt_after(limit):
    end = time.time() + limit
    while time.time() < end and not closed:
        i = out.find(b"[1; 1, 1, 1, 2]")
        if i >= 0 and b"cfx> " in out[i:]:
            return
        drain(None, 0.1)
prompt_after(60)
os.write(fd, b"\x04")
drain(None, 2)
# a bounded wait: a cfx that does not end on Ctrl-D is killed and its
# status recorded as "hung" (the case fails; the suite does not hang)
end, st = time.time() + 30, None
while st is None and time.time() < end:
    p, s = os.waitpid(pid, os.WNOHANG)
    if p:
        st = os.waitstatus_to_exitcode(s)
    else:
        drain(None, 0.1)
if st is None:
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    st = "hung"
open(path, "wb").write(bytes(out).replace(b"\r", b""))
open(path + ".status", "w").write("%s\n" % st)
PY
}

msg='cfx: the line is longer than 65536 bytes: dropped up to Enter'

pty 65536 "$tmp/at"
check "a line of 65536 bytes runs: cf 1/3 = [0; 3]" grep -q '^cf  *\[0; 3\]$' "$tmp/at"
check "    no message" bash -c "! grep -qF 'line is longer' '$tmp/at'"
check "    the next line runs" grep -q '^cf  *\[1; 1, 1, 1, 2\]$' "$tmp/at"
check "    Ctrl-D ends it, status 0" test "$(cat "$tmp/at.status")" = 0

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
check "    Ctrl-D ends it, status 0" test "$(cat "$tmp/mb.status")" = 0

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
