#!/bin/bash
# A PASS row at R >= 2 says in plain words, once, why it still passes
# (issue 21 item 5): how common that R is among random odd multipliers.
#  - every row of the table (default, --full, --against) that PASSes at
#    R >= 2 is named exactly once in the paragraph "R >= 2 means ...",
#    with the table's R (a folded row by its worst member, whose share
#    it is: "stride 2^16" for "strides 2^1..2^60"); no row below R 2, and no WARN or FAIL row, is;
#    the paragraph is printed once, and only when such a row exists;
#  - its share is the JSON's random_as_bad_percent (--full: one family a
#    row), which is 100 - the percentile, or without a comparable
#    reference 100 P, P the Gauss-Kuzmin tail recomputed here from the
#    quotient and places (1 - (1 - log2(1 + 1/a))^J);
#  - the FAIL share it quotes is 5% over the checks of line one.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
py=$(command -v python3) || { echo "passes: python3 not found; 0 passed, 1 failed"; exit 1; }

cat >"$tmp/check.py" <<'PYEOF'
import json, math, re, sys
text = open(sys.argv[1]).read(); o = json.load(open(sys.argv[2]))
full = sys.argv[3] == "full"

def share_text(s):           # verify_share_text, sig 3
    if s >= 99.95: return ">99.9"
    if s < 0.05: return "<0.1"
    if s >= 99.5 or s < 0.5: return "%.1f" % s
    return "%.3g" % s

# the table: rows from "check" to the first empty line; an indented line
# continues the row above
rows, on, cols = [], False, set()
for l in text.splitlines():
    if l.startswith("check "):
        on = True; continue
    if on and not l.strip():
        break
    if on and l.startswith(" "):
        rows[-1][2] += " " + l.strip(); continue
    if on:
        m = re.match(r"(\S.{19,}?) (PASS|WARN|FAIL|INFO)\s+(.*)", l)
        if m:
            rows.append([m.group(1).strip(), m.group(2), m.group(3)])
        else:           # --against: name, candidate, reference
            m = re.match(r"(\S.{19,}?) (PASS|WARN|FAIL|INFO)( R (\S+))?", l)
            rows.append([m.group(1).strip(), m.group(2),
                         "R " + m.group(4) if m.group(4) else ""])
        cols.add(m.start(2))
assert rows, "no table"
# every status in one column, however long a name the user gave
assert len(cols) == 1, "statuses in columns %s" % sorted(cols)

# the paragraph, joined
paras = re.split(r"\n\s*\n", text)
mine = [" ".join(p.split()) for p in paras if p.startswith("R >= 2 means")]
checks = {c["name"]: c for c in o["checks"]}
want = []
for name, st, ev in rows:
    m = re.search(r"R ([0-9.e+]+)", ev)
    if not m and "worst_probe_ratio" in checks.get(name, {}):
        # --against shows a check's status alone: its R from the JSON
        m = re.match(r"R (.*)", "R %.3g" % checks[name]["worst_probe_ratio"])
    r = float(m.group(1)) if m else 0
    if st == "PASS" and r >= 2 and "see the Note" not in ev and ": Note" not in ev:
        want.append((name, m.group(1)))
if not want:
    assert not mine, "a paragraph with no PASS row at R >= 2"
    print("no PASS row at R >= 2, no paragraph"); sys.exit(0)
assert len(mine) == 1, "%d paragraphs" % len(mine)
p = mine[0]
assert len(re.findall(r"R >= 2 means", text)) == 1
line1 = int(re.match(r"cfx: \S+ \(\d+-bit\): \w+, (?:\d+ of )?(\d+) checks", text).group(1))
m = re.search(r"fewer than ([0-9.e-]+)% of random odd multipliers are as bad \(5% shared over the (\d+) checks\)", p)
assert m and int(m.group(2)) == line1, p
assert m.group(1) == "%.2g" % (5.0 / line1), (m.group(1), line1)
items = p.split("because that is common: ", 1)[1].rstrip(".").split("; ")
assert len(items) == len(want), (items, want)
named = []
for it, (name, r) in zip(items, want):
    mm = re.match(r"(.+) R (\S+), ([<>]?[0-9.]+%|not ranked \(too few keys\))( of random odd multipliers as bad or worse)?$", it)
    assert mm, it
    # a folded row ("strides 2^1..2^60") is named by its worst member
    # ("stride 2^16"), a family of the JSON's with the row's R
    if ".." in name:
        fam = [f for f in o["battery"] if f["name"] == mm.group(1)]
        assert fam and "%.3g" % fam[0]["worst_probe_ratio"] == r, (it, name)
        name = mm.group(1)
    assert mm.group(1) == name and mm.group(2) == r, (it, name, r)
    named.append((name, mm.group(3)))
# each named once; no other row's name in the list
assert len(set(n for n, _ in named)) == len(named), named
# the share against the JSON (checks by name; --full: families by name)
fams = {f["name"]: f for f in o["battery"]}
tested = 0
for name, sh in named:
    if name in checks and "random_as_bad_percent" in checks[name]:
        js = checks[name]["random_as_bad_percent"]
    elif full and name in fams:
        f = fams[name]; js = f["random_as_bad_percent"]
        if f["percentile"] is not None:
            assert abs(js - (100 - f["percentile"])) < 1e-9, (name, js)
        else:   # no reference: no share (the Gauss-Kuzmin tail is none)
            assert js is None and sh.startswith("not ranked"), (name, js, sh)
            tested += 1; continue
    else:
        continue
    assert share_text(js) + "%" == sh, (name, js, sh)
    tested += 1
assert tested, "no share compared with the JSON"
print("%d rows explained once, %d shares as the JSON's" % (len(named), tested))
PYEOF

run() {   # DESC full|brief ARGS...
	local desc=$1 mode=$2; shift 2
	./cfx verify "$@" >"$tmp/t" 2>/dev/null
	./cfx verify "$@" --json >"$tmp/j" 2>/dev/null
	if got=$($py "$tmp/check.py" "$tmp/t" "$tmp/j" "$mode" 2>&1)
	then ok "$desc: $got"
	else bad "$desc: $got"; fi
}
run "0x9e3779b9 (golden 32)" brief 0x9e3779b9
run "0x9e3779b9 --full" full 0x9e3779b9 --full
run "0x9e370001" brief 0x9e370001
run "0x9e370001 --full" full 0x9e370001 --full
run "golden 64" brief 0x9e3779b97f4a7c15
run "golden 64 --full" full 0x9e3779b97f4a7c15 --full
run "your keys" brief 0x9e3779b9 --stride 104,233 --fields 20 --keys seq:3
run "your keys --full" full 0x9e3779b9 --stride 104,233 --fields 20 --full
run "--against" brief 0x9e3779b9 --against 0x61c88647
run "long names" brief 0x9e3779b9 --stride 1000000007 --keys random:7 --fields 20
run "long names --against" brief 0x9e3779b9 --stride 1000000007 --keys random:7 --against 0x61c88647
run "small word" brief --bits 16 0x9e37

# a row below R 2 is not named: golden 64's sequential keys (R < 1)
./cfx verify 0x9e3779b97f4a7c15 >"$tmp/t" 2>/dev/null
expect "golden 64: sequential (R < 2) not in the paragraph" \
	'grep -q "^sequential  *PASS  R 0" "$tmp/t" && ! sed -n "/^R >= 2 means/,/^\$/p" "$tmp/t" | tr "\n" " " | grep -q "sequential"'

done_suite passes
