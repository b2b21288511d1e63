#!/bin/bash
# A bare :verify lists every FAIL and WARN of the verify strip, worst
# first as cfx verify's report has them (FAIL, then WARN, each by R), and
# its last line (the one the pane shows) says how many there are, which is
# the worst and how to see them.  Issue 26: it said "10 FAIL, 10 WARN"
# and listed 6 lines in the families' order (strides 2^10..2^15), without
# the worst (stride 2^16, R 85.8) and without a word about the others.
# The expected lines come from cfx verify --json, read by python.
. "$(dirname "$0")/../lib/tmux.sh"

C=0x9e370001
./cfx verify --json $C > "$TM_DIR/v.json"
# name status R, worst first; R of a check (field layouts) from its detail
python3 - "$TM_DIR/v.json" > "$TM_DIR/want" <<'PY'
import json, re, sys
j = json.load(open(sys.argv[1]))
r = {b["name"]: b["worst_probe_ratio"] for b in j["battery"]}
rows = []
for c in j["checks"]:
    if c["status"] in ("FAIL", "WARN"):
        m = re.search(r": R ([0-9.e+]+)", c.get("detail", ""))
        rows.append((c["name"], c["status"],
                     r.get(c["name"], float(m.group(1)) if m else 0)))
rows.sort(key=lambda x: (x[1] != "FAIL", -x[2]))
for n, s, v in rows:
    print("%s\t%s\t%.6g" % (n, s, v))
PY
nwant=$(wc -l < "$TM_DIR/want")
worst=$(head -1 "$TM_DIR/want" | cut -f1)
nfail=$(grep -c '	FAIL	' "$TM_DIR/want")
nwarn=$(grep -c '	WARN	' "$TM_DIR/want")

# the screen's rows joined (a long line wraps at 80 columns): ERE match
joined() {
	tm_screen | sed 's/^ *//' | tr '\n' ' ' | grep -Eq -- "$1" && return 0
	echo "--- not on the screen, rows joined: /$1/"; tm_screen | sed 's/^/| /'
	return 1
}

for size in "80 24" "120 40"; do
	tm_start $size ./cfx dash $C
	check "$size: the verify strip says FAIL" \
		tm_wait 'FAIL [0-9]+ \(:verify\)' 240
	tm_type ':verify'; tm_keys Enter
	tm_wait ':verify done' 10 > /dev/null
	check "$size: the verdict counts the $nwant lines below, worst first" \
		joined "FAIL, $nfail FAIL, $nwarn WARN \(the $nwant below, worst first\)"
	# the pane opens at :verify's first line, not at its newest
	check "$size:     and the worst ($worst) is on the screen without scrolling" \
		tm_wait "^ ${worst//^/\\^} FAIL: R " 5
	# page through the pane from there, keeping the note lines in order
	: > "$TM_DIR/seen"
	for i in $(seq 12); do
		tm_screen >> "$TM_DIR/seen"
		tm_keys NPage; sleep 0.2
	done
	check "$size: the last line says where they are and names cfx verify --full" \
		joined "$nwant lines above, worst first \(${worst//^/\\^} FAIL; PgUp scrolls back\); cfx verify $C --bits 32 --full"
	got=$(python3 - "$TM_DIR/seen" "$TM_DIR/want" <<'PY'
import re, sys
want = [l.rstrip("\n").split("\t") for l in open(sys.argv[2])]
names = {w[0]: w for w in want}
order = []
for line in open(sys.argv[1]):
    m = re.match(r"^ (.+?) (FAIL|WARN|PASS|INFO): ", line)
    if m and m.group(1) in names and m.group(1) not in order:
        if names[m.group(1)][1] != m.group(2):
            print("status of %s: %s" % (m.group(1), m.group(2))); sys.exit()
        order.append(m.group(1))
missing = [w[0] for w in want if w[0] not in order]
if missing:
    print("missing: " + ", ".join(missing)); sys.exit()
key = [(names[n][1] != "FAIL", -float(names[n][2])) for n in order]
if key != sorted(key):
    print("not worst first: " + ", ".join(order)); sys.exit()
if order[0] != want[0][0]:
    print("first is " + order[0]); sys.exit()
print("ok")
PY
)
	check "$size: every FAIL and WARN of verify --json, worst first ($got)" \
		test "$got" = ok
	tm_keys q
	check "$size: q exits 0" test "$(tm_exited)" = 0
done
tm_summary
