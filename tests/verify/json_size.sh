#!/bin/bash
# cfx verify's default --json stays under 64 KB (issue 21 point 5) with
# what the issue lists: the verdict, the checks, each family's worst cell
# and the stride map; --json --full adds every cell.  The sizes are
# measured here (wc -c) over the options that add to it: --against (a
# second constant), --stride, --fields, --keys, at 32 and 64 bits, for
# golden constants and for constants that FAIL nearly everything (the
# 2002 seeds, 3, 0x8080202004040101: every stride of the map collapses,
# every row has a long detail), up to the 8 families of yours verify
# takes.  Before, GOLDEN_RATIO_64 with --against and --stride 104
# --fields 20 was 121 KB: the reference was a whole second report.
# What each default JSON holds is checked against the --full JSON of the
# same run and the reference run alone: every family has one cell, the
# --full cell of largest R (that R the family's); the reference's
# statuses are those of cfx verify REF alone, check by check.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
py=$(command -v python3) || { echo "json_size: python3 not found; 0 passed, 1 failed"; exit 1; }
max=65536
g64=0x9e3779b97f4a7c15 k64=0x61C8864680B583EB s64=0x9e37fffffffc0001
g32=0x9e3779b9 k32=0x61C88647 s32=0x9e370001
i=0
while read -r args; do
	[ -n "$args" ] || continue
	i=$((i + 1))
	# shellcheck disable=SC2086
	./cfx verify --json $args >"$tmp/$i.json" 2>"$tmp/e"; st=$?
	sz=$(wc -c <"$tmp/$i.json")
	echo "$args" >"$tmp/$i.args"
	if [ "$st" -le 1 ] && [ ! -s "$tmp/e" ] && [ "$sz" -lt $max ]; then
		ok "$sz bytes: verify --json $args"
	else bad "$sz bytes (status $st, $(head -c 200 "$tmp/e")): verify --json $args"; fi
done <<EOF
$g64 --against $k64 --stride 104 --fields 20
$g64 --against $s64 --stride 104 --fields 20,12 --keys random:7
$s64 --against $g64 --stride 104 --fields 20,12 --keys random:7
$s64 --against $s64 --stride 104,233,4096 --fields 20,12 --fields 24 --keys stride:4096
$s64 --against $s64 --stride 3,5,7,9,104,233,17 --keys stride:4096
3 --bits 64 --against 0x8080202004040101 --stride 104 --fields 20 --keys seq:3
0x8080202004040101 --against 3 --bits 64 --fields 44,32,16 --keys random:7
$s64 --stride 104 --fields 20,12 --keys random:7
$g32 --against $k32 --stride 104 --fields 12 --keys stride:4096
$s32 --against $s32 --stride 104,24,233 --fields 12,6 --fields 16 --keys random:7
$g32 --bits 64 --against $s32 --stride 104 --fields 16
EOF

# what the default holds, against --full of the same command and the
# reference judged alone (two of the runs above: golden and the seed)
for n in 1 4; do
	args=$(cat "$tmp/$n.args")
	# shellcheck disable=SC2086
	./cfx verify --json --full $args >"$tmp/full.json" 2>/dev/null
	ref=$(echo "$args" | sed 's/.*--against \([^ ]*\).*/\1/')
	bits=$(echo "$args" | grep -o -- '--bits [0-9]*')
	user=$(echo "$args" | sed 's/.*--against [^ ]*//')
	# shellcheck disable=SC2086
	./cfx verify --json $bits $user "$ref" >"$tmp/ref.json" 2>/dev/null
	if out=$($py - "$tmp/$n.json" "$tmp/full.json" "$tmp/ref.json" <<'PYEOF' 2>&1
import json, sys
d, f, r = (json.load(open(p)) for p in sys.argv[1:4])
for k in ("verdict", "failed", "warned", "judged", "checks", "battery",
          "stride_map", "against"):
    assert k in d, k
# the verdict and the checks, as --full has them
assert [d[k] for k in ("verdict", "failed", "warned", "judged")] == \
       [f[k] for k in ("verdict", "failed", "warned", "judged")]
assert d["checks"] == f["checks"], "checks differ from --full"
# each family's worst cell: the --full cell of largest R, that R the
# family's
assert len(d["battery"]) == len(f["battery"])
for a, b in zip(d["battery"], f["battery"]):
    assert a["name"] == b["name"] and a["status"] == b["status"], a["name"]
    if not b["cells"]:
        assert not a["cells"], a["name"]
        continue
    w = max(b["cells"], key=lambda c: c["probe_ratio"])
    assert len(a["cells"]) == 1, a["name"]
    c = a["cells"][0]
    assert (c["table_bits"], c["load"], c["max_load"]) == \
           (w["table_bits"], w["load"], w["max_load"]), (a["name"], c, w)
    assert a["worst_probe_ratio"] == w["probe_ratio"] == b["worst_probe_ratio"]
    for k in ("tail", "percentile"):
        assert a[k] == b[k], (a["name"], k)
# the stride map: every stride at R >= 4 named
m = d["stride_map"]
assert len(m["collapsing"].split()) == m["collapses"] == \
       sum(1 for s in f["stride_map"]["strides"] if s["predicted"] >= 4)
# the reference: its verdict and each check's status, as alone
a = d["against"]
assert [a[k] for k in ("hex", "verdict", "failed", "warned", "judged")] == \
       [r[k] for k in ("hex", "verdict", "failed", "warned", "judged")]
assert a["statuses"] == [c["status"] for c in r["checks"]], a["statuses"]
assert len(a["statuses"]) == len(d["checks"])
assert a["stride_map"]["status"] == r["stride_map"]["status"]
print("%d families, %d checks, %d collapsing strides" % (
      len(d["battery"]), len(d["checks"]), m["collapses"]))
PYEOF
	)
	then ok "default JSON of verify $args holds the issue's list: $out"
	else bad "default JSON of verify $args: $out"; fi
done
done_suite json_size
