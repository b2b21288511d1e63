#!/usr/bin/env python3
"""No step's accepted answer is shown before the step asks for it.

For every step that asks (ask:, predict:) in every lesson, the answer its
solution gives (`answer X`) is evaluated here, in python with exact
fractions (not by cfx), and written the ways a screen would show it: a
whole number in decimal and hex, a fraction p/q (or q/p: a convergent's
reciprocal is the same pair read the other way), a list, the rounding a
`~` check accepts.  Then every text the learner has been shown before
answering is scanned for it:

* the lesson's own text up to the step: the introduction, every
  step's prose, question and hints (the step's own hints too: they are
  shown before it is answered), the explanations of the steps before;
* what the lines shown before print (cfx run here): every try:, every
  command solution and every reveals: line of the steps before, and the
  try: lines of this step's predecessors; the step's own try: is not
  "before" (a read-off from it is `learn --check`'s share, at most 15%);
* for an answer that is not a small count (a whole number of 10 or
  more, a fraction, a list), the same from every earlier lesson, which a
  learner taking them in order has seen.

A multiple choice (choices:) or a closed set of words (tries: 1 WORD...)
picks among the words its question names, so it is left out, and so is
a benchmark line (bench), which the learner runs.  PREDICT_LESSONS
(another lessons directory) is what tests/lessons/predict.sh points at
the old lessons.  Prints one line a step; exits 1 on a leak."""
import ast
import operator
import os
import re
import subprocess
from fractions import Fraction as Fr

from lessonfile import ok, bad  # noqa: F401 (tolerance.sh uses them)
import lessonfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LESSONS = os.environ.get("PREDICT_LESSONS") or os.path.join(ROOT, "lessons")
CFX = os.path.join(ROOT, "cfx")


# ---- the lessons, parsed by lessonfile.py (not by cfx) ---------------------

def parse(path):
    """(intro, steps): the title and the introduction as one line (every
    line of it, those after facts: too) and each step as lessonfile gives it, with
    text (its title, prose, question and hints: what the learner reads
    while it waits), sets (its `solution: set ...` lines), sols (its
    other solution lines but the answer), pick (a choice among words)
    and approx (the literals of its `answer ~ X` checks)."""
    les = lessonfile.parse(path)
    for st in les["steps"]:
        st["text"] = [st["title"]] + st["prose"] + st["question"] + \
            [l for h in st["hints"] for l in h]
        sols = st["sols"]
        st["sets"] = [x for x in sols if x.startswith("set ")]
        st["sols"] = [x for x in sols if not x.startswith(("set ",
                                                           "answer "))]
        st["pick"] = bool(st["choices"]) or \
            len((st["tries"] or "").split()) > 1
        st["approx"] = [a for c in st["checks"]
                        for a in re.findall(r"\banswer ~ ([0-9.]+)", c)]
    return lessonfile.joined([les["title"]] + les["intro"]), les["steps"]


# ---- the answer, evaluated here ----------------------------------------------

OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
       ast.Div: operator.truediv, ast.Pow: operator.pow, ast.Mod: operator.mod}


def ev(node):
    if isinstance(node, ast.Expression):
        return ev(node.body)
    if isinstance(node, ast.Constant):
        return Fr(str(node.value)) if isinstance(node.value, float) \
            else Fr(node.value)
    if isinstance(node, ast.BinOp):
        return OPS[type(node.op)](ev(node.left), ev(node.right))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -ev(node.operand)
    raise ValueError(ast.dump(node))


def value(text):
    """An answer as python reads it: a number (Fraction), a list of
    them, or a word (str)."""
    parts = [p for p in re.split(r"[,;\s]+(?![^(]*\))", text.strip("[] "))
             if p]
    if len(parts) > 1 and all(re.match(r"^-?[\w.]+$", p) for p in parts):
        return [value(p) for p in parts]
    if re.match(r"^[A-Za-z]+$", text):
        return text
    return ev(ast.parse(text.replace("^", "**"), mode="eval"))


def sig(lit):
    """The significant digits of a decimal literal."""
    return len(lit.replace(".", "").lstrip("0"))


def forms(v, approx):
    """The regular expressions a screen showing v would match, for an
    answer that a learner could pick out of a screen: a whole number of
    100 or more (in decimal or hex), a fraction (either way up), a list
    of three or more (as written, or a pair in brackets), a decimal of
    three significant digits or more.  A smaller count (64, 3, 0.64) is
    on every screen, in tables and powers of two, where nothing says
    which one is the answer: it is asked with one try (tries: 1) or
    computed, and not scanned.  [] when there is nothing to scan."""
    if isinstance(v, str):
        return []
    out = []
    if isinstance(v, list):
        sep = r"\s*[,;]\s*"
        body = sep.join(r"%d" % x for x in v)
        if len(v) >= 3:
            out.append(r"(?<![\d.])(?<!\d, )%s(?!\s*[,;]\s*-?\d)(?![\d.])"
                       % body)
        else:
            out.append(r"[(\[]\s*%s\s*[)\]]" % body)
    elif v.denominator == 1:
        n = v.numerator
        if abs(n) >= 100:
            out.append(r"(?<![\w.])%d(?![\d]|\.\d)" % n)
            out.append(r"(?i)(?<![\w.])0x0*%x\b" % n)
    else:
        p, q = v.numerator, v.denominator
        out.append(r"(?<![\d.])%d ?/ ?%d(?![\d.])" % (p, q))
        out.append(r"(?<![\d.])%d ?/ ?%d(?![\d.])" % (q, p))
    for a in approx:
        if sig(a) >= 3:
            out.append(r"(?<![\d.])%s(?![\d])" % re.escape(a))
    return out


# Where an answer's number is shown before its step as another quantity,
# or is the number the step's theory names: (lesson, step) -> (the
# places, a regular expression over "lesson NN WHERE", and why).  Any
# other place still fails, and an entry that matches nothing fails too.
EXCUSED = {
    ("06", 5): (r"lesson 05 step 4 text$",
                "466 is a key offset, k + 2 * 233, in lesson 5's clumps"),
    ("08", 7): (r"lesson 0[1-7] ",
                "233 is the Fibonacci number the theory names: the step "
                "asks which Fibonacci stride, and every earlier lesson "
                "uses 233"),
    ("13", 1): (r"lesson (0[7-9]|1[0-2]) ",
                "65536 is 2^16 there, buckets, keys or a stride (lessons "
                "7-12); the step asks for A, worked out from p's two parts"),
    ("14", 2): (r"lesson 0[78] step \d+: (score|sweep) ",
                "8192 is a count of keys, 2^13, in score's and sweep's "
                "tables"),
    ("12", 4): (r"lesson 09 step \d+: verify \S+ --full$",
                "168 is a struct size there, keys k*168 in the stride "
                "map; the step asks for __mulsi3's instructions, 31 "
                "rounds of five and 13 adds"),
}


# ---- what lines print --------------------------------------------------------

_out = {}


def output(line):
    if line.startswith("bench"):
        return ""
    if line not in _out:
        argv = [re.sub(r"^(\w[\w.-]*\.patch)$",
                       lambda m: os.path.join(LESSONS, m.group(1)), a)
                for a in line.split()]
        r = subprocess.run([CFX] + argv, capture_output=True, text=True,
                           cwd=ROOT, timeout=300)
        _out[line] = r.stdout + r.stderr
    return _out[line]


def shown(intro, steps, i):
    """[(where, text)] a learner has been shown when step i (0-based)
    waits for its answer."""
    out = [("intro", intro)]
    for k, st in enumerate(steps[:i + 1]):
        out.append(("step %d text" % (k + 1), " ".join(st["text"])))
        if k == i:
            break
        out.append(("step %d explain" % (k + 1), " ".join(st["explain"])))
        lines = ([st["try"]] if st["try"] else []) + st["sols"] + st["reveals"]
        for line in lines:
            out.append(("step %d: %s" % (k + 1, line), output(line)))
            out.append(("step %d line" % (k + 1), line))
    return out


def whole(intro, steps):
    return shown(intro, steps + [{"text": [], "explain": []}], len(steps))


def main():
    files = sorted(f for f in os.listdir(LESSONS) if f.endswith(".lesson"))
    only = os.environ.get("PREDICT_ONLY")
    earlier = []             # [(lesson, where, text)] of the lessons before
    for f in files:
        intro, steps = parse(os.path.join(LESSONS, f))
        tag = f[:2]
        if only and tag != only:
            earlier += [(tag, w, t) for w, t in whole(intro, steps)]
            continue
        for i, st in enumerate(steps):
            where = "lesson %s step %d (%s)" % (tag, i + 1, st["title"])
            if not st["kind"]:
                continue
            if st["pick"]:
                ok("%s: a choice among the words it names: left out" % where)
                continue
            if st["answer"] is None:
                bad("%s: asks, but no `solution: answer`" % where)
                continue
            v = value(st["answer"])
            pats = forms(v, st["approx"])
            if not pats:
                ok("%s: its answer %s is a small count, asked with one try "
                   "or computed: not scanned" % (where, st["answer"]))
                continue
            texts = earlier + [(tag, w, t) for w, t in shown(intro, steps, i)]
            hits, excused = [], []
            for lt, w, t in texts:
                for p in pats:
                    m = re.search(p, " ".join(t.split()))
                    if m:
                        at = "lesson %s %s" % (lt, w)
                        ex = EXCUSED.get((tag, i + 1))
                        (excused if ex and re.match(ex[0], at) else
                         hits).append("%s ('%s')" % (at, m.group(0)))
                        break
            if hits:
                bad("%s: its answer %s is shown before it is asked: %s"
                    % (where, st["answer"], "; ".join(hits[:4])))
            elif excused:
                ok("%s: its answer %s is shown only where %s (%s)"
                   % (where, st["answer"], EXCUSED[tag, i + 1][1],
                      "; ".join(excused[:2])))
            else:
                ok("%s: its answer %s appears nowhere before it (%d texts)"
                   % (where, st["answer"], len(texts)))
            if (tag, i + 1) in EXCUSED and not excused:
                bad("%s: excused below, but shown nowhere: drop it" % where)
        earlier += [(tag, w, t) for w, t in whole(intro, steps)]
    lessonfile.finish("lessons/predict")


if __name__ == "__main__":
    main()
