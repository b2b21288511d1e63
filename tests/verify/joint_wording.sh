#!/bin/bash
# A FAIL by the joint rule alone is worded the same way by the
# report's first line, by the comment of `--emit patch --force` and by the
# refusal of `--emit patch`: the checks, the WARNs and the families the
# rule counted, ": the joint rule", never "1 of 97 checks" (the joint
# rule is not a check row).  The counts are read from the JSON: no row of
# its "checks" FAILs, "warned" WARN, and the families of its "battery"
# that WARN.  Judged by the shares its rows show, no
# random multiplier measured FAILs by the joint rule alone (verify.h);
# 0x66c9f62c95cb33e1 (6 families WARN: strides 2^3..2^5, 2^26..2^28)
# does with its strides 8, 16 and 32 asked for again (--stride: the same
# keys, so the same WARNs; 9 families at once).
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
c="0x66c9f62c95cb33e1 --stride 8,16,32"
read -r rows warned judged fams < <(./cfx verify --json $c | python3 -c '
import json, sys
j = json.load(sys.stdin)
print(sum(x["status"] == "FAIL" and x["name"] != "joint" for x in j["checks"]),
      j["warned"], len([x for x in j["checks"] if x["name"] != "joint"]),
      sum(x["status"] == "WARN" for x in j["battery"]))')
[ "$rows" = 0 ] && ok "$c: no check row FAILs ($warned WARN)" ||
	bad "$c: $rows check rows FAIL: not a joint-only FAIL"
# the families the rule counts are fewer than the WARNs (the stride map
# WARNs too, and is no family): line one says both
[ "$fams" -lt "$warned" ] && ok "$c: $fams families WARN of $warned WARNs" ||
	bad "$c: families $fams, WARN $warned: the case shows no difference"
line=$(./cfx verify $c | head -1)
want="FAIL, $judged checks, $warned WARN ($fams families at once): the joint rule"
case $line in
*"$want") ok "line one: $want" ;;
*) bad "line one: '$line', want '$want'" ;;
esac
# the patch's comment as one line (its lines joined, the " * " dropped)
patch=$(./cfx verify --emit patch --force $c 2>&1 | sed -n 's/^ \* \{0,1\}//p' |
	tr '\n' ' ' | grep -o 'cfx verify: .*')
case $patch in
*"cfx verify: $want:"*) ok "the patch says it as line one: $want" ;;
*) bad "the patch says '$patch', want 'cfx verify: $want:'" ;;
esac
case $patch in
*" of $judged checks"*) bad "the patch counts the joint rule as a check row" ;;
*) ok "    and no 'N of $judged checks'" ;;
esac
# without --force the refusal says it in the same words
why=$(./cfx verify --emit patch $c 2>&1 >/dev/null); rc=$?
want2="FAILs ${want#FAIL, }: no patch"
[ $rc = 1 ] && [[ $why == *"$want2"* ]] && ok "the refusal: $want2" ||
	bad "the refusal: status $rc, '$why', want '$want2'"
# verify --help states the joint rule with the threshold the report uses
# (the JSON's "N or more" and a FAIL at warned_families >= N)
hn=$(./cfx verify --help | tr '\n' ' ' | grep -o '[0-9]* or more families WARNing at once FAIL' | grep -o '^[0-9]*')
read -r jn jw js < <(./cfx verify --json $c | python3 -c '
import json, re, sys
j = json.load(sys.stdin)["joint"]
print(re.search(r"(\d+) or more", j["detail"]).group(1), j["warned_families"], j["status"])')
[ -n "$hn" ] && [ "$hn" = "$jn" ] && [ "$js" = FAIL ] && [ "$jw" -ge "$hn" ] &&
	ok "verify --help states the joint rule: $hn or more families (report: $jn; $jw WARN FAILs)" ||
	bad "verify --help's joint rule '$hn', the report's '$jn' ($jw WARN, $js)"
echo "joint_wording: $pass passed, $fail failed"
[ "$fail" = 0 ]
