#!/bin/bash
# Ctrl-C in the interactive REPL (a pty): the command stops, the prompt
# comes back, and nothing is underlined: "cf: interrupted" came under a
# caret beneath the whole expression (issue 22), as if the expression were at
# fault.  spectrum of 2^26 points, which heard no Ctrl-C in the REPL and
# printed its whole report seconds later, stops too.  What is checked is
# the pty's text: the command's name with "interrupted", no "^~" line,
# no report after it, a prompt after it.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
run_pty() {   # COMMAND SECONDS: what the pty showed, to $tmp/pty
	python3 - "$@" >"$tmp/pty" <<'PY'
import os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm"
    os.execv("./cfx", ["./cfx", "repl"])
def read(t):
    out, end = b"", time.time() + t
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out
read(1.5)
os.write(fd, sys.argv[1].encode() + b"\r")
time.sleep(float(sys.argv[2]))
os.write(fd, b"\x03")
out = read(3)
# wait for the prompt (the command may finish its current phase first)
end = time.time() + 60
while b"cfx> " not in out.split(b"\x03")[-1] and b"interrupted" not in out \
        and time.time() < end:
    out += read(1)
out += read(1)
os.write(fd, b"quit\r")
read(1)
sys.stdout.write(out.decode(errors="replace"))
PY
}
for c in "cf 3^340000/7^170000" "spectrum --count 2^26 golden(64)" \
         "score --count 2^26 --keys random golden(32)"; do
	run_pty "$c" 0.8
	name=${c%% *}
	expect "$c: Ctrl-C says '$name: interrupted' ($(tr -d '\r' <"$tmp/pty" | tail -c 200 | tr '\n' '|'))" \
		'grep -q "$name: interrupted" "$tmp/pty"'
	expect "$c: nothing underlined" '! grep -q "\^~" "$tmp/pty"'
	expect "$c: the prompt comes back" 'tr -d "\r" <"$tmp/pty" | sed -n "/interrupted/,\$p" | grep -q "cfx> "'
	# the report's lines: cf's "terms", spectrum's "strip", score's "chi2"
	expect "$c: no report after Ctrl-C" '! grep -Eq "^(terms|strip|chi)" "$tmp/pty"'
done
done_suite harden/repl_interrupt
