#!/bin/bash
# The first hour outside the dashboard (issue 26): cfx verify on a
# constant pasted the way users paste it.  C literals (upper-case hex, _
# separators, u/l suffixes) are the value Python's int() reads once the
# suffix and separators are dropped; the names of Linux's hash.h are
# refused in one line that gives the value to type, and that value is
# computed here from phi (GOLDEN_RATIO_32 = 2^32 - 0x9e3779b9, the odd
# neighbour of round(2^32/phi); doc/FACTS.md), and verify then takes it.
set -u
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

# ---- C literals: the value python reads ----
for lit in 0x9E3779B9 0x9e37_79b9 2654435769UL 2654435769u 0x9e3779b9ULL \
           0X9E3779B9 0x9E3779B97F4A7C15ull 0x61c8_8647; do
	want=$(python3 -c "import re, sys; print(int(re.sub(r'[uUlL]+$', '', sys.argv[1]).replace('_', ''), 0))" "$lit")
	got=$(./cfx verify --json "$lit" 2>/dev/null |
		python3 -c 'import json, sys; print(json.load(sys.stdin)["value"])' 2>/dev/null)
	if [ "$got" = "$want" ]; then ok "verify $lit is $want"
	else bad "verify $lit: $got, python reads $want"; fi
done

# ---- Linux's names: one line, status 2, the value to type ----
# name, word, and the value by phi: the odd neighbour g of round(2^n/phi)
# on the side the kernel took, 2^n - g since 4.7
vals=$(python3 - <<'EOF'
from decimal import Decimal, getcontext
getcontext().prec = 60
phi = (1 + Decimal(5).sqrt()) / 2
for n in (32, 64):
    r = int((Decimal(2) ** n / phi).to_integral_value())
    g = r if r % 2 else r - 1          # 0x9e3779b9, 0x9e3779b97f4a7c15
    print("GOLDEN_RATIO_%d 0x%X" % (n, 2 ** n - g))
EOF
)
# the two primes of 2002 (before 4.7): their power sums (doc/FACTS.md)
vals+=$'\n'"GOLDEN_RATIO_PRIME_32 $(python3 -c 'print(hex(2**31+2**29-2**25+2**22-2**19-2**16+1))')"
vals+=$'\n'"GOLDEN_RATIO_PRIME_64 $(python3 -c 'print(hex(2**63+2**61-2**57+2**54-2**51-2**18+1))')"
while read -r name val; do
	err=$(./cfx verify "$name" 2>&1 >/dev/null); st=$?
	lines=$(printf '%s\n' "$err" | wc -l)
	named=$(printf '%s' "$err" | grep -oiE '0x[0-9a-f]+' | head -1)
	if [ "$st" = 2 ] && [ "$lines" = 1 ] &&
	   [ "$(python3 -c "print(int('$named', 16) == int('$val', 16))" 2>/dev/null)" = True ] &&
	   [[ "$err" == *"($name)" ]]; then
		ok "verify $name: status 2, one line naming it and $val"
	else
		bad "verify $name: status $st, $lines lines: $err (want $val)"
	fi
	# and the value it names is taken
	got=$(./cfx verify --json "$named" 2>/dev/null |
		python3 -c 'import json, sys; print(json.load(sys.stdin)["value"])' 2>/dev/null)
	if [ "$got" = "$(python3 -c "print(int('$val', 16))")" ]; then
		ok "    verify $named takes it"
	else
		bad "    verify $named: $got"
	fi
done <<<"$vals"
# lower case, as typed from memory
err=$(./cfx cf golden_ratio_32 2>&1)
case $err in
*"GOLDEN_RATIO_32"*"0x61C88647"*"(golden_ratio_32)") ok "cf golden_ratio_32: the same advice" ;;
*) bad "cf golden_ratio_32: $err" ;;
esac

echo "paste: $pass passed, $fail failed"
[ "$fail" = 0 ]
