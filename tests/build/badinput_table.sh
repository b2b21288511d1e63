#!/bin/bash
# The man page's table of bad inputs (section BAD INPUT) against the
# tests: every row has a case in tests/cli/badinput.t whose expected
# output has the row's message (its placeholders N, PATH, WHY, ... for
# anything) and whose expected status is the row's.  A row whose status
# is "goes on" (the REPL's prompt) is a case of the files the section names
# for them.  A row added without a case, or a case whose status drifted from
# the table, fails here.
#
# A row that needs what a golden file cannot give (a terminal, a full
# device, a second session) names the test cases that cover it in a
# comment line after it:
#   .\" case: tests/AREA/FILE.sh: NAME [| NAME...]
# each NAME the start of a case's name as the script writes it (expect,
# check, ok or bad "NAME...").  Then the file must exist, each NAME must
# be a case in it, and the cases' text (the case's statement, with the
# assignments in its paragraph of the variables it uses; backslash
# escapes dropped) must hold every literal piece of the row's message
# and, for a numeric status, a test of that status ("= 2 ]").  A message
# "(nothing said...)" is checked by a case that greps for nothing said
# ("! grep") when the row goes on.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# table MAN: the check of man page MAN (its output; status 1 on a failure)
table() {
python3 - "$root" "$1" <<'PY'
import re, sys
root = sys.argv[1]
man = open(sys.argv[2]).read()
sec = man[man.index(".SH BAD INPUT"):]
intro, table = sec.split(".TS", 1)
table = table.split(".TE", 1)[0]
ROW = re.compile(r"T\{\n(.*?)\nT\}\tT\{\n(.*?)\nT\}\t(?:T\{\n(.*?)\nT\}|(\S+))", re.S)
rows, marks, runs = [], [], []
found = list(ROW.finditer(table))
for i, m in enumerate(found):
    rows.append(m.groups())
    after = table[m.end():found[i + 1].start() if i + 1 < len(found) else len(table)]
    marks.append(re.findall(r'^\.\\" case: (tests/\S+?): (.*)$', after, re.M))
    runs.append(re.findall(r'^\.\\" run: (.*) => ', after, re.M))

def deroff(s):
    for a, b in (("\\-", "-"), ("\\fB", ""), ("\\fR", ""), ("\\&", ""), ("\\\\", "\\")):
        s = s.replace(a, b)
    return " ".join(s.split())

# rows that describe their message rather than quote it
described = {
    "cut with ..., bytes escaped as \\xNN":
        [r"\(x{60}\.\.\.\)", r"\(\\x[0-9a-f]{2}\)"],
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

START = re.compile(r'^\s*(?:expect|check|ok|bad)\s+"')

def case_text(path, name):
    """the text of the case of path named name...: its statement and the
    assignments, in its paragraph, of the variables it uses; None if
    there is no such case"""
    lines = open(path).read().split("\n")
    for i, l in enumerate(lines):
        m = START.match(l)
        if not m or not l[m.end():].startswith(name):
            continue
        j = i + 1        # continuation lines: indented, or after a \\
        while j < len(lines) and lines[j] and (lines[j][0] in " \t" or
                                               lines[j - 1].endswith("\\")):
            j += 1
        stmt = "\n".join(lines[i:j])
        k = i            # the paragraph above it
        while k > 0 and lines[k - 1].strip():
            k -= 1
        used = set(re.findall(r"\$\{?(\w+)", stmt))
        sets = [x for x in lines[k:i]
                if re.match(r"\s*(?:local\s+)?(\w+)=", x) and
                re.match(r"\s*(?:local\s+)?(\w+)=", x).group(1) in used]
        return "\n".join(sets + [stmt])
    return None

def unescape(t):
    return re.sub(r"\\([^\w\s])", r"\1", t)

def by_cases(file, names, msg, status):
    """'' when the named cases of file check the row, else why not"""
    path = root + "/" + file
    try:
        open(path).close()
    except OSError:
        return "no file %s" % file
    texts = []
    for n in names:
        t = case_text(path, n)
        if t is None:
            return "no case %r in %s" % (n, file)
        texts.append(unescape(t))
    text = "\n".join(texts)
    if msg.startswith("(nothing said"):
        if status == "goes on" and "! grep" not in text:
            return "no case checks that nothing is said"
    else:
        body = re.sub(r"\s*\(on stdout\)$", "", msg)
        for piece in re.split(r"\.\.\.|\b(?:%s)\b" % "|".join(PLACE), body):
            if piece.strip() and piece not in text:
                return "the cases do not check %r" % piece
    if status != "goes on" and not re.search(r'(?:=|-eq)\s*"?%s"?\s*\]' % status, text):
        return "the cases do not check status %s" % status
    return ""

golden = cases(root + "/tests/cli/badinput.t")
passed = failed = 0
if len(rows) < 20:
    print("FAIL the table has %d rows: not parsed" % len(rows)); failed += 1
for (inp, msg, st1, st2), mark, run in zip(rows, marks, runs):
    inp, msg, status = deroff(inp), deroff(msg), deroff(st1 or st2)
    if run and not mark:
        # tests/build/help.sh runs the row's commands and checks them
        passed += 1; print("ok   %s (run by tests/build/help.sh)" % inp)
        continue
    pats = described.get(msg) or pattern(msg)
    if mark:
        why = "; ".join(w for w in (by_cases(f, [n.strip() for n in names.split(" | ")],
                                             msg, status) for f, names in mark) if w)
        if why:
            failed += 1; print("FAIL %s: %s" % (inp, why))
        else:
            passed += 1; print("ok   %s (%s)" % (inp, ", ".join(f for f, _ in mark)))
        continue
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
print("table: %d passed, %d failed" % (passed, failed))
sys.exit(failed != 0)
PY
}
table "$root/man/cfx.1" >"$tmp/out"; rc=$?
cat "$tmp/out"
pass=$(sed -n 's/^table: \([0-9]*\) passed.*/\1/p' "$tmp/out")
fail=$(sed -n 's/^table: [0-9]* passed, \([0-9]*\) failed/\1/p' "$tmp/out")
[ $rc = 0 ] || [ "${fail:-0}" != 0 ] || fail=1

# the check itself: a named case that is not there, a file that is not,
# a message or a status the cases do not check each fail it, naming why
mutant() {   # mutant NAME SED-EXPR WHY: the man page changed by SED-EXPR fails with WHY
	sed "$2" "$root/man/cfx.1" >"$tmp/m.1"
	if cmp -s "$tmp/m.1" "$root/man/cfx.1"; then
		fail=$((fail + 1)); echo "FAIL mutant $1: the change did not apply"
	elif ! table "$tmp/m.1" >"$tmp/mout" && grep -q "^FAIL .*$3" "$tmp/mout"; then
		pass=$((pass + 1)); echo "ok   mutant $1: fails ($(grep -m1 '^FAIL' "$tmp/mout" | cut -c1-100))"
	else
		fail=$((fail + 1)); echo "FAIL mutant $1: not caught: $(grep '^FAIL' "$tmp/mout" | head -2)"
	fi
}
mutant "a case that is not there" 's/HOME a file: said |/HOME a file: shouted |/' "no case 'HOME a file: shouted'"
mutant "a file that is not there" 's|case: tests/harden/small.sh: TERM=dumb|case: tests/harden/smal.sh: TERM=dumb|' "no file tests/harden/smal.sh"
mutant "a message the cases do not check" 's/^dash: cannot drive this terminal/dash: cannot draw on this terminal/' "the cases do not check 'dash: cannot draw"
mutant "a status the cases do not check" '/^(nothing said: there is nowhere/{n;s/^T}\t2$/T}\t1/}' "the cases do not check status 1"
mutant "nothing said, unchecked" 's/planted link: nothing said | //' "no case checks that nothing is said"
echo "badinput_table: $pass passed, $fail failed"
[ "$fail" = 0 ]
