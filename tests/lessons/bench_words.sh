#!/bin/bash
# Lesson 12 says what cfx bench prints, and bench prints ministat's whole
# report (each sample, the pooled s, the ratio of the medians) only with
# --full.  So a sentence of steps 5 and 7 that names one of those parts
# names --full too, and what the lesson quotes from the default report is
# there.  Which part is --full's only is found here, by running bench
# both ways (the C compiler it needs is make's); the lesson's sentences
# are read by tests/lessons/lessonfile.py.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
"$cfx" bench 0x61C88647 --runs 5 --table-bits 6 >"$tmp/plain" 2>&1 ||
	{ bad "bench: $(tail -n 3 "$tmp/plain")"; finish bench_words; exit; }
"$cfx" bench 0x61C88647 --runs 5 --table-bits 6 --full >"$tmp/full" 2>&1 ||
	{ bad "bench --full: $(tail -n 3 "$tmp/full")"; finish bench_words; exit; }
"$cfx" bench --help >"$tmp/help" 2>&1
python3 - "$root/lessons" "$tmp/plain" "$tmp/full" "$tmp/help" <<'PY'
import os, re, sys
import lessonfile
from lessonfile import ok, bad

d, plain, full = sys.argv[1], open(sys.argv[2]).read(), open(sys.argv[3]).read()
# a part of the report as the lesson names it -> as bench prints it
PARTS = {"pooled s": "pooled s", "ratio of the medians": "median ratio"}
f = [f for f, tag in lessonfile.lessons(d) if tag == "12"][0]
les = lessonfile.parse(os.path.join(d, f))
for part, printed in PARTS.items():
    only_full = printed in full and printed not in plain
    (ok if only_full else bad)("bench prints '%s' only with --full" % printed)
    for i in (5, 7):
        st = les["steps"][i - 1]
        text = " ".join(l for l in st["prose"] + st["explain"] if not l.startswith("  "))
        for s in re.split(r"(?<=[.?!])\s+", text):
            if re.search(r"\b%s\b" % re.escape(part), s):
                (ok if "--full" in s else bad)(
                    "lesson 12 step %d names %s with --full: %s" % (i, part, s))
# an option the lesson gives bench is one of bench's (--test is cfx
# stats', which bench's warning names)
opts = open(sys.argv[4]).read()
for i in (5, 7):
    st = les["steps"][i - 1]
    text = " ".join(l for l in st["prose"] + st["explain"] if not l.startswith("  "))
    for s in re.split(r"(?<=[.?!])\s+", text):
        for o in re.findall(r"(?<![\w-])(--[a-z]+)", s):
            if o in opts or "cfx stats " + o in s:
                ok("lesson 12 step %d: %s is bench's, or named as cfx stats'" % (i, o))
            else:
                bad("lesson 12 step %d: bench has no %s: %s" % (i, o, s))
# what the lesson quotes from bench's report without --full: each form's
# verdict is one of the two it names (which one is the timing's)
st = les["steps"][4]
quotes = re.findall(r'"((?:Difference at|No difference)[^"]+)"', " ".join(st["prose"]))
flat = re.sub(r"\s+", " ", plain)
forms = len(re.findall(r"shift/add 0x61c88647 \(", flat))
said = sum(flat.count(q) for q in quotes)
(ok if len(quotes) == 2 and forms >= 1 and said == forms else bad)(
    "bench without --full gives each of its %d forms one of %s (%d)"
    % (forms, quotes, said))
lessonfile.finish("lessons/bench_words")
PY
