#!/bin/bash
# Every line of a bare :verify holds its family's whole sentence, as cfx
# verify --json has it (issue 26's trial, t26 fault 1: each reason was
# copied into 160 bytes and cut without a word at about 128: "1 in 710
# by Gauss-Kuzmi", "(bytes 24/16/8, 20/12, 32/20/12); 9").  A terminal
# 230 columns wide, so that no line wraps; the sentences come from cfx
# verify --json, read by python.
. "$(dirname "$0")/../lib/tmux.sh"

C=0x9e370001
./cfx verify --json $C > "$TM_DIR/v.json"
tm_start 230 60 ./cfx dash $C
check "the verify strip says FAIL" tm_wait 'FAIL [0-9]+ \(:verify\)' 240
tm_type ':verify'; tm_keys Enter
tm_wait ':verify done' 10 > /dev/null
: > "$TM_DIR/seen"
for i in $(seq 6); do
	tm_screen >> "$TM_DIR/seen"
	tm_keys NPage; sleep 0.2
done
got=$(python3 - "$TM_DIR/seen" "$TM_DIR/v.json" <<'PY'
import json, re, sys
j = json.load(open(sys.argv[2]))
want = {c["name"]: c["detail"] for c in j["checks"] if c["status"] in ("FAIL", "WARN")}
seen, bad = set(), []
for line in open(sys.argv[1]):
    m = re.match(r"^ (.+?) (FAIL|WARN): (.*?)\s*$", line)
    if m and m.group(1) in want:
        seen.add(m.group(1))
        if m.group(3) != want[m.group(1)]:
            bad.append("%s: %r" % (m.group(1), m.group(3)[-40:]))
if bad:
    print("cut: " + "; ".join(bad))
elif len(seen) < len(want):
    print("seen %d of %d" % (len(seen), len(want)))
else:
    print("ok %d" % len(seen))
PY
)
check "every :verify line is its family's whole sentence ($got)" test "${got%% *}" = ok
tm_summary
