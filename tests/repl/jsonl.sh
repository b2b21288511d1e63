#!/bin/bash
# A script's results with --json (or set format json) are JSON Lines: one
# compact object a line, each read whole by python's json module (they
# were pretty-printed objects back to back, which no JSON reader takes:
# "Extra data").  A single command keeps its one object, pretty-printed.
# Expected values are python's own arithmetic on the inputs.
set -u
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state"
pass=0 fail=0
check() {   # check NAME COMMAND...
	local name=$1; shift
	if "$@"; then pass=$((pass + 1)); echo "ok   $name"
	else fail=$((fail + 1)); echo "FAIL $name"; fi
}

# lines FILE N: FILE is N lines, each one JSON object (python's json)
lines() {
	python3 - "$1" "$2" <<'PY'
import json, sys
rows = open(sys.argv[1]).read().split("\n")
assert rows[-1] == "", "no newline at the end"
rows = rows[:-1]
assert len(rows) == int(sys.argv[2]), (len(rows), sys.argv[2])
for r in rows:
    assert isinstance(json.loads(r), dict), r
PY
}

# naf N's JSON line: its NAF weight and value as python finds them
naf_ok() {   # naf_ok FILE LINE N
	python3 - "$@" <<'PY'
import json, sys
o = json.loads(open(sys.argv[1]).read().split("\n")[int(sys.argv[2])])
n = int(sys.argv[3])
w, m = 0, n                      # the NAF's weight, by its definition
while m:
    if m & 1:
        m -= 2 - (m & 3)
        w += 1
    m >>= 1
assert int(o["value"]) == n and o["naf_weight"] == w, (o, w)
PY
}

printf 'cf 5\nnaf 5\n' | ./cfx --json > "$tmp/a"
check "cfx --json < script: 2 lines, each one JSON object" lines "$tmp/a" 2
check "    the second is naf 5's (weight 2)" naf_ok "$tmp/a" 1 5
check "    and the whole is no single JSON text (json.tool refuses it)" \
	bash -c "! python3 -m json.tool < '$tmp/a' >/dev/null 2>&1"
check "    each line through json.tool" bash -c \
	"while IFS= read -r l; do printf '%s\n' \"\$l\" | python3 -m json.tool >/dev/null || exit 1; done < '$tmp/a'"

printf 'set format json\nnaf 1000\nnaf 0x9e3779b9\nnaf 7\n' > "$tmp/s"
./cfx -f "$tmp/s" > "$tmp/b"
check "cfx -f with set format json: 3 lines" lines "$tmp/b" 3
check "    naf 1000" naf_ok "$tmp/b" 0 1000
check "    naf 0x9e3779b9" naf_ok "$tmp/b" 1 $((0x9e3779b9))
check "    naf 7" naf_ok "$tmp/b" 2 7

# a single command: its one object, pretty-printed as before (more than
# one line; json.tool takes it whole)
./cfx naf 5 --json > "$tmp/c"
check "cfx naf 5 --json: one object over several lines" \
	bash -c "[ \$(wc -l < '$tmp/c') -gt 1 ] && python3 -m json.tool < '$tmp/c' >/dev/null"

echo "jsonl: $pass passed, $fail failed"
[ "$fail" = 0 ]
