#!/bin/bash
# No answer tolerance wider than its question (issue 24, hI point 2).
# For every step that asks (ask:, predict:) and is not a choice among
# words, the right answer is evaluated here in python with exact
# fractions from the step's `solution: answer X` (never from cfx), and
# the lesson is played in `cfx learn` (the earlier steps' solutions, the
# step's own commands, then one answer) with a wrong answer next to it:
# * a whole number v: v - 1 and v + 1, and in a list each element one
#   off, one at a time (4090 .. 4100 once passed for a_5 = 4095);
# * a decimal asked to N places ("(Two decimals.)", "to one decimal"):
#   the right value rounded to N places, one unit of the last place up
#   and down (6.35 .. 6.40 once passed for R = 6.376, "two decimals").
# Every such wrong answer must leave the step not done.  The steps where
# a tolerance is meant are listed below with the reason, and an entry
# whose step no longer takes a neighbour is stale and fails.
. "$(dirname "$0")/lib.sh"
# no __pycache__ written into the tree by the imports below
export PYTHONDONTWRITEBYTECODE=1
export CFX="$cfx" ROOT="$root" TMPD="$tmp"
python3 - <<'EOF'
import os, re, subprocess, sys
from fractions import Fraction as Fr
sys.path.insert(0, os.path.join(os.environ["ROOT"], "tests", "lessons"))
import lessonfile
from lessonfile import ok, bad
from predict import parse, value

ROOT, CFX, TMPD = os.environ["ROOT"], os.environ["CFX"], os.environ["TMPD"]
LESSONS = os.path.join(ROOT, "lessons")
MEANT = {
    ("07", 3): "chi^2 of random keys is itself random: the question says "
               "any value within two standard deviations of m - 1 counts",
    ("09", 2): "the empty buckets the clump rule gives (2^14 - 7037 = "
               "9347) and the count score makes (9207, clumps cut by a "
               "bucket's edge) are both right: the question says within "
               "2%, and table_size.sh tries both and the proxies",
}
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def raw_steps(path):
    """Per step, its solution lines in order and whether it has tries:."""
    return [{"sols": st["sols"], "tries": st["tries"] is not None}
            for st in lessonfile.parse(path)["steps"]]


def accepted(num, step, lines):
    """True when `cfx learn NUM` fed LINES reports step STEP done."""
    state = os.path.join(TMPD, "tol")
    subprocess.run(["rm", "-rf", state])
    env = dict(os.environ, XDG_STATE_HOME=state)
    r = subprocess.run([CFX, "learn", num], input="\n".join(lines) + "\n",
                       capture_output=True, text=True, env=env, cwd=ROOT,
                       timeout=600)
    out = r.stdout + r.stderr
    if not re.search(r"^-- Lesson \d+, step %d of" % step, out, re.M):
        return None
    return re.search(r"^Step %d done" % step, out, re.M) is not None


def decimal(v, places):
    """v rounded half up to PLACES decimals, as a string."""
    q = Fr(1, 10 ** places)
    n = (v / q + Fr(1, 2)).__floor__()
    s = "%d" % n
    neg = s.startswith("-")
    s = s.lstrip("-").rjust(places + 1, "0")
    return ("-" if neg else "") + s[:-places] + "." + s[-places:]


for f in sorted(x for x in os.listdir(LESSONS) if x.endswith(".lesson")):
    num = f[:2]
    path = os.path.join(LESSONS, f)
    _, steps = parse(path)
    raw = raw_steps(path)
    before = []
    for i, st in enumerate(steps):
        where = "lesson %s step %d (%s)" % (num, i + 1, st["title"])
        own = [s for s in raw[i]["sols"] if not s.startswith("answer ")]
        if st["face"] == "dash":
            # cfx learn passes over it (and its answer would go to the
            # next step): its check is exact equality, its screens are
            # screens.sh's
            if st["kind"]:
                ok("%s: done in the dashboard, not in cfx learn: its "
                   "check %s" % (where, st["checks"][-1]))
            before += [s for s in raw[i]["sols"]
                       if not s.startswith("answer ")]
            continue
        if not st["kind"] or st["pick"] or st["answer"] is None:
            before += raw[i]["sols"]
            continue
        v = value(st["answer"])
        question = " ".join(st["question"])
        m = re.search(r"\b(one|two|three|four|five) decimals?\b",
                      question, re.I)
        wrong, what = [], ""
        if isinstance(v, str):
            pass
        elif isinstance(v, list):
            if all(x.denominator == 1 for x in v):
                for k in range(len(v)):
                    for d in (-1, 1):
                        w = list(v)
                        w[k] += d
                        wrong.append("[%s]" % ", ".join("%d" % x for x in w))
                what = "the list %s" % ", ".join("%d" % x for x in v)
        elif v.denominator == 1:
            wrong = ["%d" % (v - 1), "%d" % (v + 1)]
            what = "the whole number %d" % v
        elif m:
            places = WORDS[m.group(1).lower()]
            r = Fr(decimal(v, places))
            u = Fr(1, 10 ** places)
            wrong = [decimal(r - u, places), decimal(r + u, places)]
            what = "%s to %d decimal%s" % (decimal(v, places), places,
                                           "s" if places > 1 else "")
        if not wrong:
            ok("%s: answer %s is no whole number or stated rounding: "
               "nothing to widen" % (where, st["answer"]))
            before += raw[i]["sols"]
            continue
        took = []
        for w in wrong:
            a = accepted(num, i + 1, before + own + ["answer " + w])
            if a is None:
                bad("%s: never reached" % where)
                break
            if a:
                took.append(w)
        meant = MEANT.get((num, i + 1))
        if meant and took:
            ok("%s: %s, neighbours %s accepted: a tolerance meant (%s)"
               % (where, what, ", ".join(took), meant))
        elif meant:
            bad("%s: listed as meaning a tolerance, but no neighbour of %s "
                "is accepted: drop it from MEANT" % (where, what))
        elif took:
            bad("%s: %s is asked, yet the wrong %s %s accepted"
                % (where, what, " and ".join(took),
                   "is" if len(took) == 1 else "are"))
        else:
            ok("%s: %s; %s each refused" % (where, what, ", ".join(wrong)))
        before += raw[i]["sols"]

lessonfile.finish("lessons/tolerance")
EOF
