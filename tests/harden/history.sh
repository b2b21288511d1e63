#!/bin/bash
# The REPL's history file is written as bench's --raw files are
# (safefile.h; issue 22): in a directory checked to be the user's own,
# whole under a temporary name and renamed into place, so a link planted
# in its place is replaced, never followed; where it cannot be kept, one
# line says why and the session goes on.  Driven through a
# pseudo-terminal by python3 (readline is only used on a tty).
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2

# session OUT [VAR=VALUE...]: cfx repl on a terminal, with HOME and
# XDG_STATE_HOME unset unless given; types "cf 13/8", waits for the
# answer, then Ctrl-D.  Both streams to OUT, the status to OUT.status.
session() {
	local out=$1; shift
	env -u HOME -u XDG_STATE_HOME "$@" python3 - "$out" <<'PY'
import os, pty, select, sys, time
out_path = sys.argv[1]
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "dumb"
    os.execv("./cfx", ["./cfx", "repl"])
out = bytearray()
def wait_for(what, limit=30, times=1):
    end = time.time() + limit
    while time.time() < end and out.count(what) < times:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                d = os.read(fd, 65536)
            except OSError:
                return
            if not d:
                return
            out.extend(d)
wait_for(b"cfx> ")
os.write(fd, b"cf 13/8\r")
wait_for(b"[1; 1, 1, 1, 2]")
# the prompt after the answer: a Ctrl-D typed while the command runs,
# the terminal in its ordinary mode, may never reach readline
wait_for(b"cfx> ", 10, 2)
os.write(fd, b"\x04")
wait_for(b"\x00", 10)          # to the end of the output
_, st = os.waitpid(pid, 0)
open(out_path, "wb").write(out.replace(b"\r", b""))
open(out_path + ".status", "w").write(str(os.waitstatus_to_exitcode(st)))
PY
}

# the ordinary case: the line is kept, the file is the user's alone
mkdir -p "$tmp/s1"
session "$tmp/o1" XDG_STATE_HOME="$tmp/s1"
expect "kept: status 0 (got $(cat "$tmp/o1.status"))" '[ "$(cat "$tmp/o1.status")" = 0 ]'
expect "kept: the line is in the file" 'grep -qx "cf 13/8" "$tmp/s1/cfx/history"'
expect "kept: mode 0600 ($(stat -c %a "$tmp/s1/cfx/history"))" \
	'[ "$(stat -c %a "$tmp/s1/cfx/history")" = 600 ]'
expect "kept: no temporary file left ($(ls -A "$tmp/s1/cfx" | tr '\n' ' '))" \
	'[ "$(ls -A "$tmp/s1/cfx")" = history ]'

# a link planted where the history file goes: replaced, never followed
# (readline's append_history wrote through it into the target)
mkdir -p "$tmp/s2/cfx"; chmod 700 "$tmp/s2/cfx"
printf 'precious\n' >"$tmp/target"
ln -s "$tmp/target" "$tmp/s2/cfx/history"
session "$tmp/o2" XDG_STATE_HOME="$tmp/s2"
expect "planted link: the target untouched ($(tr '\n' ' ' <"$tmp/target"))" \
	'[ "$(cat "$tmp/target")" = precious ]'
expect "planted link: replaced by a regular file" \
	'[ -f "$tmp/s2/cfx/history" ] && [ ! -L "$tmp/s2/cfx/history" ]'
expect "planted link: the line is in it" 'grep -qx "cf 13/8" "$tmp/s2/cfx/history"'
expect "planted link: nothing said" '! grep -q "history" "$tmp/o2"'

# HOME a file: no directory can be made there; said once, naming the
# first directory that cannot be made, the session goes on (nothing was
# said: every write failed silently)
printf 'x\n' >"$tmp/homefile"
session "$tmp/o3" HOME="$tmp/homefile"
expect "HOME a file: said ($(grep history "$tmp/o3"))" \
	'grep -qx "cfx: repl: history is not kept: cannot make the directory: Not a directory ($tmp/homefile/.local)" "$tmp/o3"'
expect "HOME a file: said once" '[ "$(grep -c "history is not kept" "$tmp/o3")" = 1 ]'
expect "HOME a file: the line runs" 'grep -q "^cf  *\[1; 1, 1, 1, 2\]$" "$tmp/o3"'
expect "HOME a file: status 0 (got $(cat "$tmp/o3.status"))" '[ "$(cat "$tmp/o3.status")" = 0 ]'

# a history directory others can write (and not sticky): another user
# could swap the file; refused, said once, nothing written there
mkdir -p "$tmp/s4/cfx"; chmod 777 "$tmp/s4/cfx"
session "$tmp/o4" XDG_STATE_HOME="$tmp/s4"
expect "dir writable by others: said ($(grep history "$tmp/o4"))" \
	'grep -qx "cfx: repl: history is not kept: refused: writable by others (and not sticky) ($tmp/s4/cfx)" "$tmp/o4"'
expect "dir writable by others: nothing written" '[ -z "$(ls -A "$tmp/s4/cfx")" ]'
expect "dir writable by others: status 0" '[ "$(cat "$tmp/o4.status")" = 0 ]'

# a history file that cannot be read back (a NUL byte in it): said once
# at the first line, the file left as it was
mkdir -p "$tmp/s5/cfx"; chmod 700 "$tmp/s5/cfx"
printf 'cf 5\n\0cf 6\n' >"$tmp/s5/cfx/history"
cp "$tmp/s5/cfx/history" "$tmp/h5"
session "$tmp/o5" XDG_STATE_HOME="$tmp/s5"
expect "NUL in the file: said once ($(grep history "$tmp/o5"))" \
	'[ "$(grep -cxF "cfx: repl: history is not kept: binary data (a NUL byte) ($tmp/s5/cfx/history)" "$tmp/o5")" = 1 ]'
expect "NUL in the file: left as it was" 'cmp -s "$tmp/h5" "$tmp/s5/cfx/history"'
expect "NUL in the file: status 0" '[ "$(cat "$tmp/o5.status")" = 0 ]'

# the file bounded to its last 1000 lines, the new line last
mkdir -p "$tmp/s6/cfx"; chmod 700 "$tmp/s6/cfx"
seq 1 1200 | sed 's/^/cf /' >"$tmp/s6/cfx/history"
session "$tmp/o6" XDG_STATE_HOME="$tmp/s6"
expect "bounded: 1000 lines ($(wc -l <"$tmp/s6/cfx/history"))" \
	'[ "$(wc -l <"$tmp/s6/cfx/history")" = 1000 ]'
expect "bounded: the oldest dropped, the new line last" \
	'[ "$(head -1 "$tmp/s6/cfx/history")" = "cf 202" ] && [ "$(tail -1 "$tmp/s6/cfx/history")" = "cf 13/8" ]'

# a sticky directory others can write (as /tmp): the file is kept there,
# appended to; a link planted there is refused, never followed, and the
# target left as it was
mkdir -p "$tmp/s10/cfx"; chmod 1777 "$tmp/s10/cfx"
session "$tmp/o10" XDG_STATE_HOME="$tmp/s10"
session "$tmp/o10b" XDG_STATE_HOME="$tmp/s10"
expect "sticky shared dir: kept, nothing said ($(grep history "$tmp/o10b"))" \
	'! grep -q history "$tmp/o10" "$tmp/o10b" && [ "$(grep -c "^cf 13/8$" "$tmp/s10/cfx/history")" = 1 ]'
mkdir -p "$tmp/s11/cfx"; chmod 1777 "$tmp/s11/cfx"
ln -s "$tmp/target" "$tmp/s11/cfx/history"
session "$tmp/o11" XDG_STATE_HOME="$tmp/s11"
expect "sticky shared dir, a link planted: refused ($(grep history "$tmp/o11"))" \
	'grep -qxF "cfx: repl: history is not kept: a symbolic link, in a directory others can write: not followed ($tmp/s11/cfx/history)" "$tmp/o11"'
expect "sticky shared dir, a link planted: the target untouched, the link left" \
	'[ "$(cat "$tmp/target")" = precious ] && [ -L "$tmp/s11/cfx/history" ]'

# a path past the 60 bytes a token is cut at (a long $TMPDIR, $HOME or
# $XDG_STATE_HOME): named whole, as the other history messages name it
long=$tmp/$(printf 'd%.0s' $(seq 120))/$(printf 'e%.0s' $(seq 120))
mkdir -p "$long"; printf 'x\n' >"$long/homefile"
session "$tmp/o7" HOME="$long/homefile"
expect "a long HOME a file: the path named whole ($(grep -c history "$tmp/o7") line)" \
	'grep -qxF "cfx: repl: history is not kept: cannot make the directory: Not a directory ($long/homefile/.local)" "$tmp/o7"'
mkdir -p "$long/s8/cfx"; chmod 777 "$long/s8/cfx"
session "$tmp/o8" XDG_STATE_HOME="$long/s8"
expect "a long directory others can write: named whole" \
	'grep -qxF "cfx: repl: history is not kept: refused: writable by others (and not sticky) ($long/s8/cfx)" "$tmp/o8"'
# a parent others can write: the directory above named whole
mkdir -p "$long/ww/s9"; chmod 777 "$long/ww"
session "$tmp/o9" XDG_STATE_HOME="$long/ww/s9"
expect "a long parent others can write: named whole ($(grep history "$tmp/o9" | cut -c1-60)...)" \
	'grep -q "^cfx: repl: history is not kept: refused: .* ($long/ww)$" "$tmp/o9"'

# the directories made level by level, each only once the one it is made
# in is checked: nothing made through another user's link (a pty session
# refused the history but had made an empty cfx directory at the link's
# target, root's 0700 directory)
mkdir -p "$tmp/h12/a"
session "$tmp/o12" HOME="$tmp/h12/a"
expect "HOME without .local: made, 0700 each ($(stat -c %a "$tmp/h12/a/.local" "$tmp/h12/a/.local/state" "$tmp/h12/a/.local/state/cfx" 2>&1 | tr '\n' ' '))" \
	'[ "$(stat -c %a "$tmp/h12/a/.local" "$tmp/h12/a/.local/state" "$tmp/h12/a/.local/state/cfx" | tr "\n" " ")" = "700 700 700 " ] && grep -qx "cf 13/8" "$tmp/h12/a/.local/state/cfx/history"'
# refused_in NAME OUT DIR MESSAGE VAR=VALUE: a session with VAR=VALUE says
# MESSAGE (a fixed string; "" for any refusal) and makes nothing in DIR
refused_in() {
	local out=$2 dir=$3 msg=${4:-history is not kept: refused}
	session "$out" "$5"
	expect "$1: refused ($(grep history "$out"))" 'grep -qF "$msg" "$out"'
	expect "$1: nothing made ($(ls -A "$dir"))" '[ -z "$(ls -A "$dir")" ]'
}
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	mkdir -m 755 "$tmp/nob" "$tmp/links" "$tmp/nob/d"; chown nobody "$tmp/nob"
	mkdir -m 700 "$tmp/private"
	ln -s "$tmp/private" "$tmp/nob/l"; chown -h nobody "$tmp/nob/l"
	ln -s "$tmp/private" "$tmp/links/l"; chown -h nobody "$tmp/links/l"
	h="cfx: repl: history is not kept: refused: the directory above"
	refused_in "through nobody's link" "$tmp/o13" "$tmp/private" \
		"$h $tmp/nob/l/cfx is owned by another user ($tmp/nob)" \
		XDG_STATE_HOME="$tmp/nob/l"
	refused_in "nobody's link in root's dir" "$tmp/o16" "$tmp/private" \
		"$h $tmp/links/l/cfx is a symbolic link owned by another user ($tmp/links/l)" \
		XDG_STATE_HOME="$tmp/links/l"
	refused_in "HOME nobody's link" "$tmp/o14" "$tmp/private" "" HOME="$tmp/nob/l"
	# a directory of nobody's on the way, two levels up
	refused_in "two levels below nobody's dir" "$tmp/o15" "$tmp/nob/d" "" \
		XDG_STATE_HOME="$tmp/nob/d/x/y"
else
	echo "skip another user's link: not root, or no nobody here"
fi

# two sessions typing at once, many lines each: every line of both is in
# the file (none lost when both write in the same instant), in each
# session's order, within the bound (the last 1000 lines in all)
# concurrent N DIR: two sessions, A and B, typing "# A 1".."# A N" and
# "# B 1".."# B N" interleaved as fast as they take them
concurrent() {
	XDG_STATE_HOME="$2" python3 - "$1" <<'PY'
import os, pty, select, sys, time
n = int(sys.argv[1])
kids = []
for tag in "AB":
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "dumb"
        os.execv("./cfx", ["./cfx", "repl"])
    kids.append([tag, pid, fd, bytearray(), 0])
def drain(limit):
    r, _, _ = select.select([k[2] for k in kids], [], [], limit)
    for k in kids:
        if k[2] in r:
            try:
                d = os.read(k[2], 65536)
            except OSError:
                d = b""
            k[3].extend(d)
end = time.time() + 300
# each line typed once the prompt of the one before is there: both
# sessions run side by side, each as fast as it answers
while time.time() < end and any(k[4] < n for k in kids):
    drain(0.05)
    for k in kids:
        if k[4] < n and k[3].count(b"cfx> ") > k[4]:
            k[4] += 1
            os.write(k[2], b"# %s %d\r" % (k[0].encode(), k[4]))
for k in kids:
    while time.time() < end and k[3].count(b"cfx> ") <= n:
        drain(0.05)
    os.write(k[2], b"\x04")
for k in kids:
    while time.time() < end:
        r, _, _ = select.select([k[2]], [], [], 0.05)
        if r:
            try:
                if not os.read(k[2], 65536):
                    break
            except OSError:
                break
    os.waitpid(k[1], 0)
print(" ".join(str(k[4]) for k in kids))
PY
}
# check N FILE: the lines of each session a run without gap that ends at
# N, A and B in the order typed, and no line but theirs
check_lines() {
	python3 - "$1" "$2" <<'PY'
import sys
n, lines = int(sys.argv[1]), open(sys.argv[2]).read().split("\n")[:-1]
bad = [l for l in lines if not (l.startswith("# A ") or l.startswith("# B "))]
for tag in "AB":
    got = [int(l.split()[2]) for l in lines if l.startswith("# %s " % tag)]
    if not got or got != list(range(got[0], n + 1)):
        bad.append("%s: %s" % (tag, got[:3] + ["..."] + got[-3:] if len(got) > 6 else got))
print("; ".join(bad) if bad else "ok")
PY
}
for n in 300 700; do
	mkdir -p "$tmp/c$n"
	typed=$(concurrent $n "$tmp/c$n")
	h=$tmp/c$n/cfx/history
	want=$((2 * n < 1000 ? 2 * n : 1000))
	expect "two sessions, $n lines each: all typed ($typed)" '[ "$typed" = "$n $n" ]'
	expect "two sessions, $n lines each: $want lines kept ($(wc -l <"$h"))" '[ "$(wc -l <"$h")" = $want ]'
	expect "two sessions, $n lines each: none lost, each in order ($(check_lines $n "$h"))" \
		'[ "$(check_lines $n "$h")" = ok ]'
	expect "two sessions, $n lines each: the history file alone ($(ls -A "$tmp/c$n/cfx" | tr '\n' ' '))" \
		'[ "$(ls -A "$tmp/c$n/cfx")" = history ]'
done
done_suite harden/history
