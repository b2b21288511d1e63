#!/bin/bash
# A signal that ends cfx while it saves progress (issue 22, a non-author
# trial).  Before, 5 runs of 40 left progress.tmp.* behind (the
# temporary copy, removed only by the next save).  Now its name is
# registered with the fatal-signal cleanup before it is made and until it
# is renamed.  SIGTERM (and SIGHUP, SIGUSR1) at times spread over the
# start of `cfx learn 1`, which saves at once: whatever the timing, no
# progress.tmp.* is left, and the progress file is either absent (not
# saved yet) or whole: every line a comment or "NAME STEP MARKS".
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export CFX_LESSONS=$tmp/les XDG_STATE_HOME=$tmp/st
mkdir -p "$tmp/les"
cp tests/lessons/fixtures/01-mini.lesson "$tmp/les/"
while read -r st msg; do
	if [ "$st" = ok ]; then ok "$msg"; else bad "$msg"; fi
done < <(python3 - "$root/cfx" "$tmp/st/cfx" <<'PY'
import os, re, signal, subprocess, sys, time
cfx, d = sys.argv[1:3]
left, broken, runs = [], [], 0
for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGUSR1):
    for i in range(40):
        p = subprocess.Popen([cfx, "learn", "1"], stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        time.sleep(i * 0.002)
        p.send_signal(sig)
        try:
            p.communicate(b"hint\nanswer 1\n", timeout=60)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            p.kill()
            p.wait()
        runs += 1
        names = os.listdir(d) if os.path.isdir(d) else []
        tmps = [n for n in names if ".tmp." in n]
        if tmps:
            left.append("%s run %d: %s" % (sig.name, i, tmps))
            for n in tmps:
                os.unlink(os.path.join(d, n))
        if "progress" in names:
            for line in open(os.path.join(d, "progress")):
                if not re.fullmatch(r"(#.*|[A-Za-z0-9._-]+ \d+ [.+hxs]*)\n", line):
                    broken.append("%s run %d: %r" % (sig.name, i, line))
def say(good, msg):
    print(("ok " if good else "FAIL ") + msg)
say(not left, "%d runs: no progress.tmp.* left %s" % (runs, left[:3]))
say(not broken, "%d runs: the progress file whole when there %s" % (runs, broken[:3]))
PY
)
done_suite harden/progress_signal
