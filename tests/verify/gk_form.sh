#!/bin/bash
# The Gauss-Kuzmin clause in one form, where the table has it (issue 21,
# the trial's point 4).  Every clause of `cfx verify --full`, text and
# JSON, reads "1 in N" (N to one decimal below 10, never "1 in 1" nor
# "P 0.18"); a family's clause is in its JSON detail exactly when its row
# has it, at R >= 1.5 (the man page); and N is 1/P of python's own
# Gauss-Kuzmin tail, 1 - (1 - log2(1 + 1/A))^J, for the quotient A the
# detail names and J the places that shape the cell, found here as the
# smallest J that gives the text's N (J <= 64: a wrong N has none).
# Before, 0x9e370001's rows mixed "1 in 61" and "P 0.11", and its JSON
# gave byte 1 (R 1.03) a clause the table does not.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
cat >"$tmp/gk.py" <<'PYEOF'
import json, math, re, sys
sys.path.insert(0, sys.argv[3])
import vtable
j = json.load(open(sys.argv[1]))
rows = {}
for r in vtable.rows(sys.argv[2]):
    m = re.match(r"^(\S.*?)\s+(PASS|WARN|FAIL|INFO)  (.*)$", r)
    if m:
        rows[m.group(1)] = m.group(3)
r_of = {f["name"]: f["worst_probe_ratio"] for f in j["battery"]}
fails = 0
def bad(s):
    global fails
    fails += 1
    print("FAIL", s)
text = open(sys.argv[2]).read()
every = re.findall(r"(\S+ \S+ \S+) by\s+Gauss-Kuzmin", " ".join(text.split()))
for c in j["checks"]:
    every += re.findall(r"(\S+ \S+ \S+) by Gauss-Kuzmin", c["detail"])
for x in every:
    if not re.fullmatch(r"1 in (\d+\.\d|\d+|\d\.\de\+\d+)", x.split(": ")[-1]
                        if ": " in x else x):
        bad("not 1 in N: %r" % x)
n = 0
for c in j["checks"]:
    name = c["name"]
    if name not in r_of or name not in rows:
        continue
    in_json = "Gauss-Kuzmin" in c["detail"]
    in_row = "Gauss-Kuzmin" in rows[name]
    if in_json != in_row:
        bad("%s (R %.3g): clause in JSON %s, in its row %s"
            % (name, r_of[name], in_json, in_row))
    if in_row and r_of[name] < 1.5:
        bad("%s: a clause at R %.3g" % (name, r_of[name]))
    m = re.search(r"a_\d+ = (\d+) after q = \d+: 1 in ([0-9.e+]+) by",
                  c["detail"])
    if not m:
        continue
    A, N = int(m.group(1)), m.group(2)
    fits = [J for J in range(1, 65)
            if (lambda P: ("%.1f" % (1 / P) if 1 / P < 9.95 else
                           "%.1e" % (1 / P) if 1 / P >= 1e4 else
                           "%.0f" % (1 / P)) == N)
            (1 - (1 - math.log2(1 + 1 / A)) ** J)]
    if not fits:
        bad("%s: 1 in %s is no 1/P for A = %d" % (name, N, A))
    n += 1
print("%d clauses, %d families checked against python, fails %d"
      % (len(every), n, fails))
PYEOF
for args in 0x9e370001 0x61C88647 0x9e3779b97f4a7c15 "0x9e370001 --stride 104"
do
	# shellcheck disable=SC2086
	./cfx verify --full $args >"$tmp/t" 2>/dev/null
	# shellcheck disable=SC2086
	./cfx verify --full --json $args >"$tmp/j" 2>/dev/null
	out=$(python3 "$tmp/gk.py" "$tmp/j" "$tmp/t" "$tmp" 2>&1)
	echo "$out" | grep "^FAIL" | head -5
	expect "$args: $(echo "$out" | tail -1)" \
		'echo "$out" | tail -1 | grep -q "[1-9][0-9]* families.*fails 0$"'
done
done_suite gk_form
