"""A lesson file read here, not by cfx (lessons/FORMAT.md), and the
ok/FAIL lines of the python lesson suites: one reading of the format
for predict.py, fit80.py, screens.py and the suites that import them.

A line is a comment (#), a directive (word: value) or text indented by
two spaces, which continues the last title: or facts: (the lesson's
introduction), step: (its prose), ask: or predict: (the question),
hint: (that hint) or explain:; check: and claim: take their indented
lines too, joined with a space.  A blank line is a paragraph break ("")
in the text it follows, as in cfx's own parser (src/lesson/lesson.c).
"""
import os
import re
import sys

# tests/lib (sample.py: CHECK_SAMPLE) for the suites that import this one
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))

passed = failed = 0


def ok(msg):
    global passed
    passed += 1
    print("ok   " + msg, flush=True)


def bad(msg, shown=None):
    """A failure; shown (a screen, an output) is printed below it."""
    global failed
    failed += 1
    print("FAIL " + msg, flush=True)
    if shown is not None:
        print("\n".join("| " + l for l in shown.splitlines()), flush=True)


def finish(name):
    """The suite's last line, and its status."""
    print("%s: %d passed, %d failed" % (name, passed, failed))
    sys.exit(1 if failed else 0)


def norm(s):
    """Spaces collapsed."""
    return re.sub(r"\s+", " ", s).strip()


def joined(lines):
    """Text lines as one line."""
    return norm(" ".join(lines))


def paras(lines):
    """Text lines as paragraphs: lines joined by newlines, a paragraph
    break a blank line."""
    return "\n".join(lines)


def new_step(title):
    return {"title": title, "prose": [], "question": [], "kind": None,
            "hints": [], "explain": [], "try": None, "reveals": [],
            "refuses": [], "sols": [], "answer": None, "checks": [],
            "claims": [], "choices": None, "tries": None, "value": None,
            "face": None, "focus": None}


def _trim(lines):
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def parse(path):
    """The lesson file at path as a dict: title, facts (words), intro
    (lines), steps.  A step: title, prose, question (lines; kind "ask"
    or "predict", None when it asks nothing), hints (a list of lines
    each), explain (lines), try, reveals, refuses (words), sols (every
    solution: line in order), answer (the X of `solution: answer X`),
    checks and claims (each joined), choices, tries, value, face,
    focus."""
    les = {"title": "", "facts": [], "intro": [], "steps": []}
    steps = les["steps"]
    target = held = None
    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n").rstrip(" \r")
        if held is not None and re.match(r"^  [^ ]", line):
            held[-1] += " " + line[2:]
            continue
        held = None
        if not line:
            if target:
                target.append("")
            continue
        if line.startswith("#"):
            continue
        if line.startswith("  "):
            if target is not None:
                target.append(line[2:].strip())
            continue
        m = re.match(r"^([a-z]+): ?(.*)$", line)
        if not m:
            continue
        word, val = m.groups()
        target = None
        st = steps[-1] if steps else None
        if word == "title":
            les["title"], target = val, les["intro"]
        elif word == "facts":
            les["facts"], target = val.split(), les["intro"]
        elif word == "step":
            steps.append(new_step(val))
            target = steps[-1]["prose"]
        elif st is None:
            continue
        elif word in ("ask", "predict"):
            st["kind"], st["question"] = word, [val]
            target = st["question"]
        elif word == "hint":
            st["hints"].append([val])
            target = st["hints"][-1]
        elif word == "explain":
            st["explain"] = [val]
            target = st["explain"]
        elif word in ("check", "claim"):
            held = st[word + "s"]
            held.append(val)
        elif word in ("reveals", "refuses"):
            st[word] += [val] if word == "reveals" else val.split()
        elif word == "solution":
            st["sols"].append(val)
            if val.startswith("answer "):
                st["answer"] = val[7:].strip()
        elif word in ("try", "choices", "tries", "value", "face", "focus"):
            st[word] = val
    _trim(les["intro"])
    for st in steps:
        for k in ("prose", "question", "explain"):
            _trim(st[k])
        for h in st["hints"]:
            _trim(h)
    return les


def lessons(directory):
    """[(file name, its two-digit number)] of the lessons in directory,
    in order."""
    import os
    return [(f, f[:2]) for f in sorted(os.listdir(directory))
            if f.endswith(".lesson")]
