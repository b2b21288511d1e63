#!/bin/bash
# A sentence that loses a reader at 80 columns (issue 24, hP: lessons
# played by a newcomer): in lessons 4, 5, 8 and 9 no sentence of what the
# learner reads before acting (the introduction, a step's prose and its
# question) runs over 40 words, and none of an explanation over 50; in
# the steps a replay named (11 step 3, 12 steps 5 and 7, 14 step 1 with
# its introduction) none over 35.  Words are counted here, in python, over
# the lesson files as tests/lessons/lessonfile.py reads them: a line shown
# as written (a formula, indented four or more) ends a sentence, and so
# does ". ", "? " or "! ".
. "$(dirname "$0")/lib.sh"
python3 - "$root/lessons" <<'PY'
import os, re, sys
import lessonfile
from lessonfile import ok, bad

def sentences(lines):
    runs, cur = [], []
    for l in lines:
        if l == "" or l.startswith("  "):          # a paragraph, a formula
            runs.append(" ".join(cur)); cur = []
        else:
            cur.append(l)
    runs.append(" ".join(cur))
    out = []
    for r in runs:
        r = r.replace("...", "\u2026")
        out += [s for s in re.split(r"(?<=[.?!])\)?\s+", r) if s.strip()]
    return out

LIMITS = {"04": (40, 50, None), "05": (40, 50, None), "08": (40, 50, None),
          "09": (40, 50, None), "11": (35, 35, {3}), "12": (35, 35, {5, 7}),
          "14": (35, 35, {1})}
d = sys.argv[1]
for f, tag in lessonfile.lessons(d):
    if tag not in LIMITS:
        continue
    read, told, steps = LIMITS[tag]
    les = lessonfile.parse(os.path.join(d, f))
    for i, st in enumerate(les["steps"], 1):
        if steps and i not in steps:
            continue
        parts = [("prose", st["prose"], read), ("question", st["question"], read),
                 ("explanation", st["explain"], told)]
        if i == 1:
            parts.insert(0, ("introduction", les["intro"], read))
        for name, lines, limit in parts:
            long = [s for s in sentences(lines) if len(s.split()) > limit]
            where = "lesson %s step %d's %s" % (tag, i, name)
            if long:
                for s in long:
                    bad("%s: %d words (over %d): %s" % (where, len(s.split()), limit, s))
            elif lines:
                ok("%s: every sentence %d words or fewer" % (where, limit))
lessonfile.finish("lessons/sentences")
PY
