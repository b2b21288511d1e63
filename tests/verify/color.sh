#!/bin/bash
# cfx verify's verdicts in colour (issue 26: PASS green, WARN yellow, FAIL
# red, as the dashboard and score have them): the headline's verdict and
# every status in the table, alone and side by side with --against; the
# escapes take no column (strip them and the text is --color=never's,
# byte for byte); auto colours a terminal only, and NO_COLOR turns it off.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
py=$(command -v python3) || { echo "color: python3 not found; 0 passed, 1 failed"; exit 1; }

# check NAME ARGS...: the two outputs, compared by python
check() {
	local name=$1; shift
	./cfx --color=never verify "$@" >"$tmp/never"
	./cfx --color=always verify "$@" >"$tmp/always"
	if $py - "$tmp/never" "$tmp/always" <<'EOF'
import re, sys
never = open(sys.argv[1], encoding="utf-8").read()
always = open(sys.argv[2], encoding="utf-8").read()
sgr = {"PASS": "32", "WARN": "33", "FAIL": "31"}
esc = re.compile(r"\x1b\[[0-9;]*m")
assert "\x1b" not in never, "escapes with --color=never"
assert esc.sub("", always) == never, "stripped of its escapes, not the same text"
painted = 0
for n, a in zip(never.splitlines(), always.splitlines()):
    want = []
    m = re.match(r"cfx: \S+ \(\d+-bit\): (PASS|FAIL),", n)
    if m:
        want.append(m.group(1))
    # a table row: the status at column 21, and with --against a second
    # one at column 46 (after the candidate's 24 columns)
    for col in (21, 46):
        m = re.match(r".{%d}(PASS|WARN|FAIL)\b" % col, n)
        if m and (col == 21 or n[20] == " "):
            want.append(m.group(1))
    for w in want:
        assert "\x1b[%sm%s\x1b[0m" % (sgr[w], w) in a, (w, a)
        painted += 1
assert painted >= 5, painted
EOF
	then ok "$name: painted, aligned as without colour"
	else bad "$name"; fi
}
check "FAIL (0x9e370001)" 0x9e370001
check "PASS (0x9e3779b1)" 0x9e3779b1
check "64-bit FAIL with WARNs" --bits 64 0x9e37fffffffc0001
check "--against, both columns" 0x9e370001 --against 0x9e3779b9

# auto: a pipe, a terminal, NO_COLOR (tests/build/lib.sh)
color_auto FAIL 31 './cfx verify 0x9e370001'

done_suite color
