#!/bin/bash
# The man page's table of bad inputs (section BAD INPUT) against the
# tests: every row has a case in tests/cli/badinput.t whose expected
# output has the row's message (its placeholders N, PATH, WHY, ... for
# anything) and whose expected status is the row's.  A row whose status
# is "goes on" (the REPL's prompt) is a case of the files the section names
# for them.  A row added without a case, or a case whose status drifted from
# the table, fails here.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
exec python3 - "$root" <<'PY'
import re, sys
root = sys.argv[1]
man = open(root + "/man/cfx.1").read()
sec = man[man.index(".SH BAD INPUT"):]
intro, table = sec.split(".TS", 1)
table = table.split(".TE", 1)[0]
rows = re.findall(r"T\{\n(.*?)\nT\}\tT\{\n(.*?)\nT\}\t(?:T\{\n(.*?)\nT\}|(\S+))", table, re.S)

def deroff(s):
    for a, b in (("\\-", "-"), ("\\fB", ""), ("\\fR", ""), ("\\&", ""), ("\\\\", "\\")):
        s = s.replace(a, b)
    return " ".join(s.split())

# rows that describe their message rather than quote it
described = {
    "cut with ..., bytes escaped as \\xNN":
        [r"x{60}\.\.\.: unknown command", r"\(\\x[0-9a-f]{2}\)"],
}
PLACE = {"N", "DIR", "PATH", "TITLE", "M", "A", "B", "COUNT", "WHY", "REASON"}

def pattern(msg):
    msg = re.sub(r"\s*\(on stdout\)$", "", msg)
    out = []
    for tok in re.split(r"(\.\.\.|\b[A-Z]+\b)", msg):
        if tok == "..." or tok in PLACE:
            out.append(".*")
        else:
            out.append(re.escape(tok))
    return ["".join(out)]

def cases(path):
    """(output lines, status) of each case of a golden file"""
    res, cur = [], None
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("$ "):
            cur = {"out": [], "status": 0}
            res.append(cur)
        elif cur is not None and line[:2] in ("> ", "! "):
            cur["out"].append(line[2:])
        elif cur is not None and line.startswith("? "):
            cur["status"] = int(line[2:])
    return res

golden = cases(root + "/tests/cli/badinput.t")
passed = failed = 0
if len(rows) < 20:
    print("FAIL the table has %d rows: not parsed" % len(rows)); failed += 1
for inp, msg, st1, st2 in rows:
    inp, msg, status = deroff(inp), deroff(msg), deroff(st1 or st2)
    pats = described.get(msg) or pattern(msg)
    if status == "goes on":
        # the intro names the scripts of the prompt's rows
        m = re.search(r"at the prompt are (tests/\S+?)'s and (tests/\S+?)'s",
                      deroff(intro))
        text = "".join(open(root + "/" + f).read() for f in m.groups()) if m else ""
        ok = all(re.search(p, text) for p in pats)
    else:
        ok = all(any(c["status"] == int(status) and
                     any(re.search(p, o) for o in c["out"]) for c in golden)
                 for p in pats)
    if ok:
        passed += 1; print("ok   %s" % inp)
    else:
        failed += 1; print("FAIL %s: no case with /%s/ and status %s" % (inp, " & ".join(pats), status))
print("badinput_table: %d passed, %d failed" % (passed, failed))
sys.exit(failed != 0)
PY
