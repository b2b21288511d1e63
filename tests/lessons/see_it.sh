#!/bin/bash
# "See it for yourself" is a promise (issue 23's trial, lesson 14): when a
# prediction is over, the lesson offers its reveals: lines, and a line
# offered so runs when typed next.  Lesson 14's steps 1 to 3 all reveal
# `review 2002.patch`: step 1 offered it, and step 2, already waiting for
# its own prediction, refused it ("A prediction comes first").  A line the
# next prediction reveals too is now offered "after the next step's
# answer", and it is refused until then.  For every prediction of every
# lesson (found here by parsing the lesson files): played to the step
# after it by the solutions, then each of its reveals: lines typed; the
# way it was offered must match whether it ran.
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
python3 - "$root" "$cfx" "$tmp" <<'PY'
import os, re, subprocess, sys
import lessonfile
from lessonfile import ok, bad, finish
root, cfx, tmp = sys.argv[1:4]
d = os.path.join(root, "lessons")
env = dict(os.environ, XDG_STATE_HOME=os.path.join(tmp, "st"))
from sample import pick
cases = []
for f, tag in lessonfile.lessons(d):
    les = lessonfile.parse(os.path.join(d, f))
    steps = les["steps"]
    for k, st in enumerate(steps[:-1], 1):
        if st["kind"] != "predict" or not st["reveals"] or st["face"] == "dash":
            continue
        # the REPL passes over a dashboard step: not its lines, and the
        # step after is the next one it plays
        before = [s for p in steps[:k] for s in p["sols"]
                  if p["face"] != "dash"]
        nxt = [p for p in steps[k:] if p["face"] != "dash"]
        for r in st["reveals"]:
            # independent of cfx: the next step played is a prediction
            # that reveals the same line (runs of blanks aside)
            same = bool(nxt) and nxt[0]["kind"] == "predict" and (
                " ".join(r.split()) in [" ".join(x.split())
                                        for x in nxt[0]["reveals"]])
            cases.append((tag, k, r, before, same))
# under CHECK_SAMPLE one in K, and every line the next step reveals too
kept = pick([c for c in cases if not c[4]], name="see_it") + \
       [c for c in cases if c[4]]
offers = later = 0
for tag, k, r, before, same in kept:
    subprocess.run(["rm", "-rf", env["XDG_STATE_HOME"]])
    out = subprocess.run(
        [cfx, "learn", str(int(tag))],
        input="\n".join(before + [r, "quit"]) + "\n",
        capture_output=True, text=True, env=env).stdout
    m = re.search(r"Step %d (done|explained)" % k, out)
    if not m:
        bad("L%s step %d: never finished by its solution" % (tag, k),
            out[-600:])
        continue
    # the offer comes with "You predicted ...", before the mark
    tail = out[max(out.rfind("You predicted", 0, m.start()), 0):]
    off = re.search(r"(See it for yourself|And)( after the next "
                    r"step's answer \(it shows that answer too\))?:"
                    r"\n +" + re.escape(r) + r"\n", tail)
    if not off:
        bad("L%s step %d: %r is not offered" % (tag, k, r), tail[:900])
        continue
    refused = "A prediction comes first" in tail
    waits = off.group(2) is not None
    what = "L%s step %d: %r offered %s" % (
        tag, k, r, "after the next answer" if waits else "now")
    if waits != same:
        bad(what + ", but the next step %s reveal it" %
            ("does" if same else "does not"), tail[:900])
    elif refused != waits:
        bad(what + (", refused when typed" if refused else
                    ", runs when typed"), tail[:900])
    else:
        ok(what + (", refused until then" if waits else ", and it runs"))
        offers += 1
        later += waits
if offers == len(kept) and len(cases) >= 40 and later >= 2:
    ok("%d offers played of %d, %d of them after the next answer"
       % (offers, len(cases), later))
else:
    bad("%d offers played well of %d kept, %d in all (%d after the next "
        "answer)" % (offers, len(kept), len(cases), later))
finish("see_it")
PY
