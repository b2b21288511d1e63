#!/bin/bash
# A row of your own keys (--stride, --keys) that WARNs only because the
# keys are yours (issue 21: judged alone, F = 1, it would FAIL; over the
# battery's F checks it would PASS) says so on its row in the default
# report too, in a short clause: "judged alone as your keys: X% as bad,
# under 5%"; before, only --full's paragraph said why, and the row read
# "98.8% do better" beside a WARN.  The rule is applied here in python
# to the JSON's figures as man cfx states it (R >= 2 and tail * F < 0.05
# FAILs; R >= 1.5 and tail * F < 0.5 WARNs; yours: R >= 2 and tail <
# 0.05 at least WARNs), and X is the JSON's tail as a percentage; every
# other row of yours (FAIL, PASS, WARN by the battery's rule) has no
# such clause (stride 987 of 0x61C88647 and 233 of 0x9e370001 WARN by
# the battery's rule).  The worst R is recounted by yours_rule.sh.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
py=$(command -v python3) || { echo "yours_clause: python3 not found; 0 passed, 1 failed"; exit 1; }
cat >"$tmp/check.py" <<'PYEOF'
import json, re, sys
sys.path.insert(0, sys.argv[3])
import vtable
j = json.load(open(sys.argv[1])); F = j["judged"]
rows = vtable.rows(sys.argv[2])
def rule(r, tail, F):
    if r >= 2 and tail * F < 0.05: return "FAIL"
    if r >= 1.5 and tail * F < 0.5: return "WARN"
    return "PASS"
said = 0
for c in j["checks"]:
    if not c.get("yours") or c["name"].startswith("fields "):
        continue
    row = [r for r in rows if r.startswith(c["name"] + " ")]
    assert len(row) == 1, (c["name"], rows)
    row = " ".join(row[0].split())
    r, tail = c["worst_probe_ratio"], c["tail"]
    alone = rule(r, tail, F) == "PASS" and rule(r, tail, 1) == "FAIL"
    m = re.search(r"; judged alone as your keys: ([0-9.]+)% as bad, "
                  r"under 5%$", row)
    st = row[len(c["name"]):].split()[0]
    if alone:
        assert st == "WARN" and m, row
        x = float(m.group(1))
        assert abs(x - 100 * tail) <= 0.006 * 100 * tail, (x, tail)
        said += 1
    else:
        assert not m and "judged alone" not in row, row
    print("%s %s%s" % (c["name"], st, " (judged alone, %.3g%%)" % (100 * tail)
                       if alone else ""))
print("SAID", said)
PYEOF
n_said=0
for args in "0x637cf200a6413ac7 --stride 104" \
            "0x637cf200a6413ac7 --keys stride:104" \
            "0x637cf200a6413ac7 --keys seq --stride 4096,104" \
            "0x82f917cb63a0f217 --stride 184 --fields 20" \
            "0x9e370001 --stride 4096,104" \
            "0x61C88647 --stride 987,144" "0x9e370001 --stride 233" \
            "0x9E3779B9 --stride 12,40,104 --keys stride:4096"; do
	# shellcheck disable=SC2086
	./cfx verify $args >"$tmp/t" 2>/dev/null
	# shellcheck disable=SC2086
	./cfx verify $args --json >"$tmp/j" 2>/dev/null
	if out=$($py "$tmp/check.py" "$tmp/j" "$tmp/t" "$tmp" 2>&1); then
		ok "verify $args: $(echo "$out" | grep -v '^SAID' | tr '\n' ';')"
		n_said=$((n_said + $(echo "$out" | sed -n 's/^SAID //p')))
	else bad "verify $args: $out"; fi
done
expect "rows WARNing as your keys alone were seen ($n_said)" '[ $n_said -ge 4 ]'
done_suite yours_clause
