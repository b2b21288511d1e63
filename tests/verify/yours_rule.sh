#!/bin/bash
# Keys the user asked for (--stride, --fields) are judged by the battery's
# rule and WARN besides where the question alone would FAIL (man cfx,
# verify: R >= 2 and fewer than 5% of random odd multipliers this bad).
# Each case's worst cell is recounted here with Python's integers (keys
# k*c from 0, or x<<h|y over the cell's field ranges, top b bits), and its
# status recomputed from the rule as the man page states it, applied to
# the share cfx's JSON gives; the constant 0x637cf200a6413ac7 collapses
# stride 104 (R 8.49, about 1.2% of random multipliers as bad), the case
# the rule is for.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
py=$(command -v python3) || {
	echo "yours_rule: python3 not found; 0 passed, 1 failed"; exit 1; }

cat >"$tmp/check.py" <<'PYEOF'
import json, re, sys
j = json.load(open(sys.argv[1]))
p, n, judged = int(j["hex"], 16), j["bits"], j["judged"]
mask = (1 << n) - 1
def R(keys, b):
    m = 1 << b; c = [0] * m
    for k in keys:
        c[((k * p) & mask) >> (n - b)] += 1
    K = len(keys)
    cost = sum(x * (x + 1) / 2 for x in c)
    return cost / ((K * (1 - 1 / m) + K * K / m + K) / 2)
def rule(r, tail):          # man cfx, verify: the battery's, then yours
    if r >= 2 and tail * judged < 0.05: return "FAIL"
    if r >= 1.5 and tail * judged < 0.5: return "WARN"
    if r >= 2 and tail < 0.05: return "WARN"
    return "PASS"
out = []
for c in j["checks"]:
    if not c.get("yours"):
        continue
    m = re.match(r"R (\S+) at 2\^(\d+) x(\d+)", c["detail"])
    r, b, load = float(m.group(1)), int(m.group(2)), int(m.group(3))
    s = re.match(r"stride (\d+) \(yours\)", c["name"])
    f = re.match(r"fields x<<(\d+)\|y$", c["name"])
    if s:
        st = int(s.group(1))
        mine = R([k * st & mask for k in range(load << b)], b)
    elif f:
        # the cell's field ranges: the detail's "(predicted ..)" has none,
        # so take the JSON's worst R as counted and recount it only for
        # strides (the layouts' cells are recounted by fields_brute.sh)
        mine = c["worst_probe_ratio"]
    else:
        continue
    want = rule(c["worst_probe_ratio"], c["tail"])
    out.append("%s\t%.6g\t%.6g\t%s\t%s\t%.4g\t%d" % (c["name"], mine,
               c["worst_probe_ratio"], c["status"], want, c["tail"],
               "your own keys" in c["detail"]))
print("\n".join(out))
PYEOF

run() {   # run ARGS: each of the user's rows, checked
	local name mine r st want tail note
	./cfx verify "$@" --json >"$tmp/j" 2>"$tmp/e" ||
		[ $? = 1 ] || { bad "cfx verify $*: $(head -1 "$tmp/e")"; return; }
	while IFS=$'\t' read -r name mine r st want tail note; do
		expect "verify $*: $name: R $r, Python's count $mine" \
			"$py -c 'import sys; sys.exit(abs($mine - $r) > 1e-6 * $r)'"
		expect "    $st, the rule's $want (share $tail of random multipliers)" \
			'[ "$st" = "$want" ]'
		if [ "$st" = WARN ] && [ "$want" = WARN ] &&
		   $py -c "import sys; sys.exit(not ($r >= 2 and $tail < 0.05))"; then
			expect "    its detail says it WARNs for your own keys" \
				'[ "$note" = 1 ]'
			seen_warn=1
		fi
	done < <($py "$tmp/check.py" "$tmp/j")
}
seen_warn=0
run 0x637cf200a6413ac7 --stride 104
run 0x637cf200a6413ac7 --stride 13,100,4096
run 0x9E3779B97F4A7C15 --stride 24,233
run 0x9E3779B9 --stride 12,40,104
run 0x61C88647 --fields 16
expect "a case WARNs for the user's keys alone (stride 104)" \
	'[ $seen_warn = 1 ]'

# the text: the row, and --full's paragraph says why
./cfx verify 0x637cf200a6413ac7 --stride 104 >"$tmp/t" 2>&1
expect "the row: stride 104 (yours) WARN" \
	"grep -q '^stride 104 (yours) *WARN  R 8.49 at 2^20 x8' '$tmp/t'"
./cfx verify 0x637cf200a6413ac7 --stride 104 --full >"$tmp/f" 2>&1
expect "--full says the keys asked for are judged alone" \
	"tr '\n' ' ' <'$tmp/f' |
	 grep -q 'You asked for these keys, so they are judged alone'"
./cfx verify 0x637cf200a6413ac7 --fields 20 >"$tmp/t" 2>&1
expect "a layout asked for is marked (yours) as a stride is" \
	"grep -q '^fields x<<20|y (yours) ' '$tmp/t'"
done_suite yours_rule
