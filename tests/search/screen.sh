#!/bin/bash
# cfx search --screen full agrees with cfx verify (the command a user
# runs next): every candidate it keeps, verify passes (WARN in search when
# verify passes with warnings), and every one it drops, by the stride
# prediction or the battery, verify fails.  And --all shows the dropped
# ones in the table, marked FAIL, each with its one-line reason.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
out=$tmp/out
./cfx search --bits 32 --prime --screen full --top 1 --json >"$out"
expect "search --screen full ran" '[ $? = 0 ] && [ -s "$out" ]'
while read -r hex status; do
	v=$(./cfx verify "$hex" --bits 32 --json | python3 -c \
		'import json,sys; d=json.load(sys.stdin); print(d["verdict"], d["warned"])')
	case $status in
	FAIL) expect "$hex dropped, verify: $v" '[ "${v%% *}" = FAIL ]' ;;
	WARN) expect "$hex WARN, verify: $v" '[ "${v%% *}" = PASS ] && [ "${v#* }" != 0 ]' ;;
	PASS) expect "$hex PASS, verify: $v" '[ "$v" = "PASS 0" ]' ;;
	*) expect "$hex has a screen verdict ($status)" false ;;
	esac
done < <(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["screen"] == "full"
for c in d["candidates"] + d["dropped"]:
    print(c["hex"], c["screen"])' "$out")
expect "some kept, some dropped" 'python3 -c "import json,sys; d=json.load(open(\"$out\")); sys.exit(not (d[\"candidates\"] and d[\"dropped\"]))"'
# --all: the failures in the table, marked, and their reasons below
./cfx search --bits 32 --prime --top 1 --all >"$out"
expect "--all: FAIL rows in the table" 'grep -Eq "^ *[0-9]+ +0x[0-9a-f]+ .* FAIL +stride" "$out"'
expect "--all: each failure with a one-line reason" \
	'sed -n "/^failed by the screen:/,/^$/p" "$out" | grep -Eq "^  0x9e370001  stride 2\^16: "'
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
