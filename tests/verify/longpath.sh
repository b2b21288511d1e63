#!/bin/bash
# cfx verify: the reason a shift/add check "cannot run" is one whole
# sentence however long the path it names (issue 21 F4): a $TMPDIR of
# about 1000 characters (that does not exist) and a $CC by a long path
# (that does not exist either) are named whole, in the table (its row
# joined) and in the JSON's detail, the sentence going on after it;
# and the check stays INFO (the evaluator stands in), the verdict PASS.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
py=$(command -v python3) || { echo "longpath: python3 not found; 0 passed, 1 failed"; exit 1; }

long=$tmp/$($py -c 'print("/".join(["%02d" % i + "d" * 58 for i in range(16)]))')
cat >"$tmp/whole.py" <<'PYEOF'
import json, sys, vtable
text, js, path, end = sys.argv[1:5]
o = json.load(open(js))
d = [c for c in o["checks"] if c["name"] == "shift/add"][0]
assert d["status"] == "INFO" and o["verdict"] == "PASS", d
# the path whole, closed, and the sentence going on after it
assert path + ")" + end in d["detail"], d["detail"]
# the table row, its continuation lines joined (it wraps at spaces only)
row = [r for r in vtable.rows(text) if r.startswith("shift/add ")][0]
assert path in row, row
print(len(d["detail"]))
PYEOF

for case in tmpdir cc; do
	if [ $case = tmpdir ]; then
		env=(TMPDIR="$long"); path=$long
	else
		env=(CC="$long/cc"); path=$long/cc
	fi
	env "${env[@]}" ./cfx verify 0x9e3779b9 >"$tmp/t" 2>"$tmp/e"
	env "${env[@]}" ./cfx verify 0x9e3779b9 --json >"$tmp/j" 2>>"$tmp/e"
	if got=$($py "$tmp/whole.py" "$tmp/t" "$tmp/j" "$path" "; evaluator agrees on" 2>&1)
	then ok "$case of ${#path} characters: named whole ($got characters)"
	else bad "$case of ${#path} characters: $got"; fi
done
done_suite longpath
