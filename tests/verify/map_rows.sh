#!/bin/bash
# The stride map and the table's stride rows read as one judgment (issue
# 21, the trial's points 1-3).  0x9e370001's map PASSed while listing
# stride 4096 at R 21.7 counted, which its row stride 2^12 FAILs, and
# 0x5d974c4b48405eab's map PASSed with stride 2048 (R 61.7) whose row
# stride 2^11 FAILs, without a word.  Here, in the default and --full
# text and JSON: every entry of the map whose stride is a row's (stride
# 2^s, 3 .. 1000, yours) names that row and its status, as the JSON's
# family and family_status, and no other entry does; the map says why
# the two can differ, once, where they differ; the JSON's strides are
# integers.  The keys are the same: python counts the keys k*c from 0
# at the entry's cell (numpy, stride_brute.py), which is the entry's
# counted R, and the row's worst R is at least that.  What --full lists
# is what the text says it lists: the map's strides at R >= 4 (the
# JSON's count) and the worst of those past the map, each predicted R
# python's (stride_brute.py worst) -- before, the text said "--full
# lists every one at R >= 4" of 3887 and --full listed 16.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
py=/usr/bin/python3
cat >"$tmp/rows.py" <<'PYEOF'
import json, re, sys
sys.path.insert(0, "tests/verify")
import stride_brute as sb
d = sys.argv[1]
p, n = int(sys.argv[2], 0), int(sys.argv[3])
tdef = open(d + "/t").read()
tfull = open(d + "/tf").read()
jdef = json.load(open(d + "/j"))
jfull = json.load(open(d + "/jf"))
fails = 0
def bad(s):
    global fails
    fails += 1
    print("FAIL", s)
# the rows whose keys are k*c from 0, c their stride: name -> (c, status)
fam = {}
for c in jfull["checks"]:
    m = re.fullmatch(r"stride (?:2\^(\d+)|(\d+))( \(yours\))?", c["name"])
    if m:
        s = 1 << int(m.group(1)) if m.group(1) else int(m.group(2))
        fam.setdefault(s, (c["name"], c["status"]))
r_of = {f["name"]: f["worst_probe_ratio"] for f in jfull["battery"]}
mstat = jfull["stride_map"]["status"]
# --full's table: the map, then past it
map_rows, past, head = [], [], None
on = None
for l in tfull.splitlines():
    if l.startswith("  stride   R predicted"):
        on = map_rows; continue
    m = re.match(r"  past the map, predicted only "
                 r"\(the worst (\d+) of (\d+)\):", l)
    if m:
        head = (int(m.group(1)), int(m.group(2))); on = past; continue
    if on is None:
        continue
    m = re.fullmatch(r"  (\d+)\s+(\S+)\s+(\S+)\s+2\^(\d+) x(\d+)"
                     r"(?:\s+(PASS|WARN|FAIL|INFO): the (.+) row)?", l)
    if not m:
        on = None; continue
    on.append((int(m.group(1)), float(m.group(2)), m.group(3),
               int(m.group(4)), int(m.group(5)), m.group(6), m.group(7)))
if not map_rows:
    bad("no --full table")
differ = 0
checked = counted = 0
for c, r, cnt, b, load, st, name in map_rows:
    if c in fam:
        checked += 1
        if (name, st) != fam[c]:
            bad("--full: %d says %s, the row %s" % (c, (name, st), fam[c]))
            continue
        if st != mstat:
            differ += 1
        if cnt != "-":
            K = load << b
            got = sb.counted(p, n, c, b, K)
            if "%.3g" % got != cnt:
                bad("%d: counted %s, python %.3g" % (c, cnt, got))
            if r_of[name] < got * (1 - 1e-9):
                bad("%d: its row %s R %.3g below python's %.3g at 2^%d x%d"
                    % (c, name, r_of[name], got, b, load))
            counted += 1
    elif st:
        bad("--full: %d names a row %s, none has its keys" % (c, name))
# the default text's worst few, "c R x/y at 2^b xL (STATUS: the NAME row)"
flat = " ".join(tdef.split())
sm = flat[flat.index("Stride map"):]
sm = sm[:sm.index(" PASS: ") if " PASS: " in sm else len(sm)]
for m in re.finditer(r"(\d+) R [\d.e+/]+ at 2\^\d+ x\d+( \((\w+): the "
                     r"(.+?) row\))?[;.]", sm):
    c = int(m.group(1))
    if c in fam and (m.group(4), m.group(3)) != fam[c]:
        bad("default: %d says %s, the row %s"
            % (c, (m.group(4), m.group(3)), fam[c]))
    if c not in fam and m.group(2):
        bad("default: %d names a row" % c)
once = "That verdict ranks the map's worst stride"
for what, t in (("default", tdef), ("--full", tfull)):
    k = " ".join(t.split()).count(once)
    if k != (1 if differ else 0):
        bad("%s: the map's why %d times (%d entries differ)"
            % (what, k, differ))
# the JSON: integers, family and family_status where a row has the keys
for what, j in (("JSON", jdef), ("JSON --full", jfull)):
    for e in j["stride_map"]["strides"] + j["stride_map"]["beyond"]:
        if type(e["stride"]) is not int:
            bad("%s: stride %r not an integer" % (what, e["stride"]))
            continue
        want = fam.get(e["stride"])
        got = (e["family"], e["family_status"]) if "family" in e else None
        if got != want:
            bad("%s: %d carries %s, the row %s"
                % (what, e["stride"], got, want))
# what --full lists, as the text says
m = re.search(r"--full lists the map's (\d+) at R >= 4 .*? and the worst "
              r"(\d+) past it\.", flat)
found = re.search(r"\(predicted only\): (\d+) more at R >= 4", flat)
if not m or not found or not head:
    bad("the default text says not what --full lists")
else:
    nmap = sum(1 for e in map_rows if e[1] >= 4)
    coll = jfull["stride_map"]["collapses"]
    if (int(m.group(1)), coll) != (nmap, nmap):
        bad("the map's at R >= 4: said %s, --full %d, JSON %d"
            % (m.group(1), nmap, jfull["stride_map"]["collapses"]))
    if int(m.group(2)) != len(past) or \
            head != (len(past), int(found.group(1))):
        bad("past the map: said %s of %s, --full's head %s, listed %d"
            % (m.group(2), found.group(1), head, len(past)))
    if int(found.group(1)) != jfull["stride_map"]["beyond_found"]:
        bad("past the map: text %s, JSON %d" % (found.group(1),
            jfull["stride_map"]["beyond_found"]))
    for c, r, cnt, b, load, st, name in past:
        want = sb.worst(p, n, c)
        if "%.3g" % want[0] != "%.3g" % r or r < 4:
            bad("past the map: %d R %.3g, python %.3g" % (c, r, want[0]))
print("%d rows' strides in the map, %d counted by python, %d past, fails %d"
      % (checked, counted, len(past), fails))
PYEOF
for pn in "0x9e370001 32" "0x5d974c4b48405eab 64" \
	  "0x9e370001 32 --stride 233"; do
	set -- $pn
	p=$1 n=$2
	shift 2
	./cfx verify "$p" "$@" >"$tmp/t" 2>/dev/null
	./cfx verify "$p" "$@" --full >"$tmp/tf" 2>/dev/null
	./cfx verify "$p" "$@" --json >"$tmp/j" 2>/dev/null
	./cfx verify "$p" "$@" --json --full >"$tmp/jf" 2>/dev/null
	out=$($py "$tmp/rows.py" "$tmp" "$p" "$n" 2>&1)
	echo "$out" | grep -v "^[0-9]* rows" | head -8
	expect "$p $*: $(echo "$out" | tail -1)" \
		'echo "$out" | tail -1 |
		 grep -q "^[1-9][0-9]* rows.* [1-9][0-9]* counted.*fails 0$"'
done
done_suite map_rows
