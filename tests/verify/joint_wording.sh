#!/bin/bash
# A FAIL by the joint rule alone is worded the same way by the
# report's first line and by the comment of `--emit patch --force`: the
# checks and the WARNs, "(joint)", never "1 of 97 checks" (the joint rule
# is not a check row).  The counts are read from the JSON: no row of its
# "checks" FAILs, "warned" WARN.  Judged by the shares its rows show, no
# random multiplier measured FAILs by the joint rule alone (verify.h);
# 0x66c9f62c95cb33e1 (6 families WARN: strides 2^3..2^5, 2^26..2^28)
# does with its strides 8, 16 and 32 asked for again (--stride: the same
# keys, so the same WARNs; 9 families at once).
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
c="0x66c9f62c95cb33e1 --stride 8,16,32"
read -r rows warned judged < <(./cfx verify --json $c | python3 -c '
import json, sys
j = json.load(sys.stdin)
print(sum(x["status"] == "FAIL" and x["name"] != "joint" for x in j["checks"]),
      j["warned"], len([x for x in j["checks"] if x["name"] != "joint"]))')
[ "$rows" = 0 ] && ok "$c: no check row FAILs ($warned WARN)" ||
	bad "$c: $rows check rows FAIL: not a joint-only FAIL"
line=$(./cfx verify $c | head -1)
want="FAIL, $judged checks, $warned WARN (joint)"
case $line in
*"$want") ok "line one: $want" ;;
*) bad "line one: '$line', want '$want'" ;;
esac
patch=$(./cfx verify --emit patch --force $c 2>&1 | grep 'cfx verify:')
case $patch in
*"cfx verify: $want:"*) ok "the patch says it as line one: $want" ;;
*) bad "the patch says '$patch', want 'cfx verify: $want:'" ;;
esac
case $patch in
*" of $judged checks"*) bad "the patch counts the joint rule as a check row" ;;
*) ok "    and no 'N of $judged checks'" ;;
esac
echo "joint_wording: $pass passed, $fail failed"
[ "$fail" = 0 ]
