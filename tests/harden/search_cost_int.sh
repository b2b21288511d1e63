#!/bin/bash
# Ctrl-C while search costs its candidates by the shift/add search (issue
# 22, a non-author trial).  Before, a SIGINT in that phase left the
# candidates not yet reached with their signed digits' count (0x9e3781
# "5/4" became "6/-"), printed as the answer with status 0 and "interrupted":
# false.  Now it is an interrupted search as the man page has it: "cfx:
# search: interrupted; the results so far", status 1, "interrupted": true,
# and a row not costed is said to be so.
#
# The SIGINT is sent once the progress bar (--progress, on a pipe) names
# the phase, after 0, 0.05 and 0.2 s: wherever it lands, or if search has
# finished first, the outcome is judged as one of the correct ones.  Each
# candidate's digits are checked against python's NAF of its value (the
# non-adjacent form's weight less one bounds the adders; a row not costed
# has exactly that), and its value against the window search printed.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
py_checks "$root/cfx" <<'EOF'
import json, re, signal, sys, time
from interrupt import run as run_cfx, say

cfx = sys.argv[1]

def naf_weight(n):
    w = 0
    while n:
        if n & 1:
            d = 2 - (n & 3)          # +1 or -1
            n -= d
            w += 1
        n >>= 1
    return w


def run(args, delay):
    def poke(err, p):
        if b"shift/add search" not in err:
            return False
        time.sleep(delay)
        try:
            p.send_signal(signal.SIGINT)
        except ProcessLookupError:
            pass
        return True
    return run_cfx([cfx] + args, poke=poke, timeout=300)

said = "cfx: search: interrupted; the results so far"
for delay in (0, 0.05, 0.2):
    # --json: the flag, the status and every candidate's cost
    rc, out, msgs, sent = run(["search", "--bits", "24", "--progress",
                               "--json"], delay)
    name = "--json, SIGINT %g s into the costing%s" % (
        delay, "" if sent else " (never reached)")
    say(rc in (0, 1), "%s: status 0 or 1 (%s)" % (name, rc))
    try:
        j = json.loads(out)
    except ValueError:
        say(False, "%s: stdout is JSON (%r)" % (name, out[:80]))
        continue
    say(j["interrupted"] == (rc == 1),
        "%s: \"interrupted\": %s with status %s" % (name, j["interrupted"], rc))
    say((said in msgs) == (rc == 1) and all(m == said for m in msgs),
        "%s: said %r" % (name, msgs))
    lo, hi = int(j["low"]), int(j["high"])
    bad_rows = []
    for c in j["candidates"] + j["front"]:
        v = int(c["value"])
        nw = naf_weight(v)
        ok_row = lo <= v <= hi and c["naf_adders"] == nw - 1 and \
            c["adders"] <= nw - 1
        if c["depth"] is None:
            # not costed: only when interrupted, and then its NAF count
            ok_row = ok_row and j["interrupted"] and c["adders"] == nw - 1 \
                and not c["adders_exact"]
        if not ok_row:
            bad_rows.append(c["hex"])
    say(not bad_rows, "%s: every cost is the shift/add search's or said "
        "not to be; NAF digits as python counts them (%s)" % (name, bad_rows))
    # the text report: a row N/- is explained when there is one
    rc, out, msgs, sent = run(["search", "--bits", "24", "--progress"], delay)
    name = "text, SIGINT %g s into the costing%s" % (
        delay, "" if sent else " (never reached)")
    say(rc in (0, 1) and (said in msgs) == (rc == 1),
        "%s: status %s, said %r" % (name, rc, msgs))
    rows = re.findall(r"^ +\d+ +0x[0-9a-f]+ +(\d+)/-", out, re.M)
    say(not rows or (rc == 1 and "not costed (interrupted)" in out),
        "%s: %d row(s) N/-, %s" % (name, len(rows), "explained"
        if "not costed" in out else "not explained"))
EOF
done_suite harden/search_cost_int
