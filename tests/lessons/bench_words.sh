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
python3 - "$root/lessons" "$tmp/plain" "$tmp/full" "$tmp/help" "$tmp/runs" >"$tmp/py" 2>&1 <<'PY'
import os, re, sys
import lessonfile
from lessonfile import ok, bad

d, plain, full = sys.argv[1], open(sys.argv[2]).read(), open(sys.argv[3]).read()
# a part of the report as the lesson names it -> as bench prints it
PARTS = {"pooled s": "pooled s", "ratio of the medians": "median ratio"}
f = [f for f, tag in lessonfile.lessons(d) if tag == "12"][0]
les = lessonfile.parse(os.path.join(d, f))
# (a warning may name a part: the report's own lines do not print it)
body = "\n".join(l for l in plain.splitlines() if ": warning: " not in l)
for part, printed in PARTS.items():
    only_full = printed in full and printed not in body
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
# a warning of the default report about a part it does not print (the
# bootstrap interval of the ratio of the medians) says where that part
# is (--full) and what makes it trustworthy (the --runs it names, run
# here, gives no such warning)
warns = [l for l in plain.splitlines() if ": warning: " in l and "interval" in l]
(ok if warns and "interval" not in body else bad)(
    "bench without --full prints no interval, and %d warnings name one" % len(warns))
for w in warns:
    (ok if "--full" in w and re.search(r"--runs (\d+)", w) else bad)(
        "the warning names --full and the --runs to give: %s" % w)
m = re.search(r"--runs (\d+)", "\n".join(warns))
open(sys.argv[5], "w").write(m.group(1) if m else "")
PY
cat "$tmp/py"
pass=$((pass + $(grep -c '^ok ' "$tmp/py")))
fail=$((fail + $(grep -c '^FAIL' "$tmp/py")))
grep -qE '^(ok|FAIL)' "$tmp/py" || bad "the lesson's check did not run: $(tail -n 3 "$tmp/py")"
runs=$(cat "$tmp/runs")
if [ -n "$runs" ]; then
	"$cfx" bench 0x61C88647 --runs "$runs" --table-bits 6 >"$tmp/more" 2>&1
	grep -q 'interval' "$tmp/more" &&
		bad "bench --runs $runs still warns of its interval: $(grep interval "$tmp/more")" ||
		ok "bench --runs $runs, as the warning says: no warning about the interval"
fi
finish bench_words
