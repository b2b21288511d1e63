#!/bin/bash
# Ctrl-C while search enumerates (issue 22, a hostile trial).  Before,
# the walk polled only the job's halt flag, which the pool sets between
# tasks: a task went on for seconds after the SIGINT, past the limit of
# candidates, and search said "more than 2000000 candidates in the
# window" with status 2 instead of what it found.  Now the walk sees
# Ctrl-C itself: "interrupted; the results so far", status 1, as the
# man page has it.
#
# --bits 64 --terms 14 finds more than the limit in one window, after
# seconds of walking (3 s here, the first task to end being the one past
# the limit, so the bar shows only then): the SIGINT is sent 0.1 s after
# cfx catches it (/proc/PID/status), in the walk or in its plan before
# it, long before the limit.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
py_checks "$root/cfx" <<'EOF'
import json, signal, sys
from interrupt import run as run_cfx, say, when_caught

cfx = sys.argv[1]


def run(args):
    def at_time(p, err):
        # once cfx catches SIGINT (a sanitized build starts slowly), and
        # while it still walks: not ended, no limit said yet
        sent = when_caught(p, 0.1) and b"candidates" not in err
        p.send_signal(signal.SIGINT)
        return sent
    return run_cfx([cfx] + args, after=0, at_time=at_time)

said = "cfx: search: interrupted; the results so far"
for form in ([], ["--json"]):
    rc, out, msgs, sent = run(["search", "--bits", "64", "--terms", "14",
                               "--progress"] + form)
    name = "SIGINT while enumerating%s%s" % (
        " (--json)" if form else "", "" if sent else " (never sent)")
    say(sent and rc == 1, "%s: status 1 (got %s)" % (name, rc))
    say(msgs == [said], "%s: said only %r (got %r)" % (name, said, msgs))
    if form:
        try:
            j = json.loads(out)
            say(j["interrupted"] is True, "%s: \"interrupted\": true" % name)
        except ValueError:
            say(False, "%s: stdout is JSON (%r)" % (name, out[:80]))
    else:
        say("0x" in out, "%s: the candidates found so far printed" % name)
EOF
done_suite harden/search_enum_int
