#!/bin/bash
# Ctrl-C while stats reads a large regular file, before a later sample
# that is a named pipe with no writer (issue 22, a non-author
# trial).  Before, `cfx stats bigfile fifo` with SIGINT during the first
# file hung for good: no read of a regular file is interrupted, and the
# wait for the pipe's writer began after the signal had come.  Now the
# flag is looked at while the file is read, before the next file, and
# while the writer is awaited: "cfx: stats: interrupted", status 130,
# nothing on stdout, wherever the signal lands (it is sent once cfx has
# the big file open, then 0, 0.1 and 0.3 s later).
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
mkfifo "$tmp/f"
python3 -c '
import random, sys
random.seed(7)
with open(sys.argv[1], "w") as f:
    f.write("".join("%d.%03d\n" % (random.randrange(1000), random.randrange(1000))
                    for _ in range(1000000)))' "$tmp/big"
while read -r st msg; do
	if [ "$st" = ok ]; then ok "$msg"; else bad "$msg"; fi
done < <(python3 - "$root/cfx" "$tmp/big" "$tmp/f" <<'PY'
import os, signal, subprocess, sys, time
cfx, big, fifo = sys.argv[1:4]
def say(good, msg):
    print(("ok " if good else "FAIL ") + msg.replace("\n", " | "))
for delay in (0, 0.1, 0.3):
    p = subprocess.Popen([cfx, "stats", big, fifo], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    for _ in range(6000):          # until cfx has big open (60 s at most)
        try:
            fds = os.listdir("/proc/%d/fd" % p.pid)
            if any(os.readlink("/proc/%d/fd/%s" % (p.pid, fd)) == big
                   for fd in fds):
                break
        except OSError:
            pass
        if p.poll() is not None:
            break
        time.sleep(0.01)
    time.sleep(delay)
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=120)   # a hang fails, not waits
        rc = p.returncode
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        rc = "hung"
    name = "SIGINT %g s after the big file opened" % delay
    say(rc == 130, "%s: status 130 (got %s)" % (name, rc))
    say(err.decode() == "cfx: stats: interrupted\n",
        "%s: said interrupted (%r)" % (name, err.decode()[-120:]))
    say(out == b"", "%s: nothing on stdout" % name)
PY
)
done_suite harden/stats_fifo_late
