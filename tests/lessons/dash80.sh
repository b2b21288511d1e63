#!/bin/bash
# Lessons 4, 5, 8 and 9 played in the dashboard at 80x24, the size a
# newcomer's terminal has (tests/lessons/screens.sh plays 120x40): while a
# prediction waits, no number it asks for is anywhere on the screen, in
# the lesson pane or in a panel that shows another quantity.  (Lesson 8
# step 2 asked for a_5 = 4095 beside the buckets panel's "4095 dof", the
# 2^12 - 1 degrees of freedom of the dashboard's own table.)  The answer
# is each step's `solution: answer X` evaluated here with python's exact
# fractions; whole numbers of 100 or more are looked for in decimal and
# hex, fractions as p/q and as their exact decimal; a rounded answer
# (a decimal the learner types) is screens.sh's.
. "$(dirname "$0")/../lib/tmux.sh"
export TM_SOCK TM_DIR PYTHONDONTWRITEBYTECODE=1
ROOT=$root python3 - <<'PY'
import os, re, sys, time
from fractions import Fraction as Fr
ROOT = os.environ["ROOT"]
sys.path.insert(0, os.path.join(ROOT, "tests", "lessons"))
import lessonfile
from lessonfile import ok, bad

# the terminal: fit80.py's (its private tmux server, a screen once it has
# stayed the same, a wait for a pattern)
from fit80 import stable, tm, screen, wait

LESSONS = os.path.join(ROOT, "lessons")


def value(text):
    """The exact value of an answer item, or None (a word, a rounding)."""
    if "." in text or re.search(r"[A-Za-z_]", re.sub(r"0x[0-9a-fA-F]+", "", text)):
        return None
    e = re.sub(r"0x[0-9a-fA-F]+", lambda m: "Fr(%d)" % int(m.group(0), 16), text)
    e = re.sub(r"(?<![\w(])(\d+)(?![\w)])", r"Fr(\1)", e)
    return eval(e.replace("^", "**"), {"Fr": Fr})


def patterns(v):
    if v.denominator == 1:
        n = abs(v.numerator)
        return [r"(?<![\w.])%d(?![\d]|\.\d)" % n,
                r"(?i)(?<![\w.])0x0*%x\b" % n] if n >= 100 else []
    out = [r"(?<![\d.])%d ?/ ?%d(?![\d])" % (v.numerator, v.denominator)]
    q, k = v.denominator, 0
    while q % 2 == 0 or q % 5 == 0:
        q //= 2 if q % 2 == 0 else 5
        k += 1
    if q == 1:
        out.append(re.escape(("%.*f" % (k, v)).rstrip("0")))
    return out


for f, tag in lessonfile.lessons(LESSONS):
    if tag not in ("04", "05", "08", "09"):
        continue
    les = lessonfile.parse(os.path.join(LESSONS, f))
    n, total = int(tag), len(les["steps"])
    tm("kill-server")
    time.sleep(0.2)
    tm("-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "80", "-y", "24",
       "cd '%s' && env TERM=xterm-256color LC_ALL=C.UTF-8 CFX_LATENCY_LOG= "
       "./cfx dash --learn %d; sleep 30" % (ROOT, n))
    for i, st in enumerate(les["steps"], 1):
        if not wait(r"Step %d of %d" % (i, total), 30.0):
            bad("lesson %s: step %d never came" % (tag, i), screen())
            break
        if st["kind"] == "predict" and st["answer"]:
            s = stable()
            vals = [value(x.strip()) for x in st["answer"].split(",")]
            pats = [p for v in vals if v is not None for p in patterns(v)]
            hit = [m.group(0) for p in pats for m in [re.search(p, s)] if m]
            where = "lesson %s step %d (%s)" % (tag, i, st["answer"])
            if hit:
                bad("%s: the answer is on the 80x24 screen: %s" % (where, hit[0]), s)
            elif pats:
                ok("%s: not on the 80x24 screen" % where)
        for sol in st["sols"]:
            tm("send-keys", "-t", "t", "-l", ":" + sol)
            tm("send-keys", "-t", "t", "Enter")
            time.sleep(0.3)
    tm("send-keys", "-t", "t", "q")
tm("kill-server")
lessonfile.finish("lessons/dash80")
PY
