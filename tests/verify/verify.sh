#!/bin/bash
# cfx verify: constants that must pass and must fail, the JSON checked
# against brute force, the emitted patch compiled, exit statuses.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
py=$(command -v python3) || { echo "verify: python3 not found; 0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

# verdict NAME EXPECTED-STATUS ARGS...
verdict() {
	local name=$1 want=$2; shift 2
	./cfx verify "$@" --json >"$tmp/v.json" 2>"$tmp/err"
	local got=$?
	if [ "$got" = "$want" ] && [ ! -s "$tmp/err" ]; then ok "$name (exit $got)"
	else bad "$name: exit $got, wanted $want; $(head -2 "$tmp/err")"; fi
}

# Must pass: the golden-ratio constants Linux uses since 4.7 (FACTS.md),
# Knuth's 32-bit prime, and a dense odd 16-bit one.
verdict "GOLDEN_RATIO_32 passes" 0 0x61C88647
verdict "GOLDEN_RATIO_64 passes" 0 0x61C8864680B583EB
verdict "Knuth's prime 2654435761 passes" 0 2654435761
verdict "golden(16) = 40503 passes on 16 bits" 0 'golden(16)'
# Must fail: the 2002 sparse primes (FACTS.md: the 64-bit one was
# "horribly bad" for strided keys), an even constant, and constructed ones.
verdict "seed 0x9e370001 fails" 1 0x9e370001
verdict "seed 0x9e37fffffffc0001 fails" 1 0x9e37fffffffc0001
verdict "an even constant fails" 1 0x61C88646
verdict "sparse 2^63 + 1 fails" 1 '2^63 + 1'
# GOLDEN_RATIO_64 with its low 40 bits replaced by 2^39 + 1: for keys
# k 2^24 the effective multiplier (2^39 + 1)/2^40 = [0; 1, 1, 2^39 - 1, ..]
verdict "a huge quotient at stride 2^24 fails" 1 \
	'0x61C8864680B583EB - 0x61C8864680B583EB % 2^40 + 2^39 + 1'
verdict "the same constant written out fails" 1 0x61C8868000000001

# The JSON: its structure, and cells recomputed by brute force.
./cfx verify 0x9e370001 --json >"$tmp/seed.json"
if $py - "$tmp/seed.json" <<'PYEOF'
import json, sys
o = json.load(open(sys.argv[1]))
p, n = int(o["value"]), o["bits"]
assert o["verdict"] == "fail", o["verdict"]
names = [c["name"] for c in o["checks"]]
for want in ["odd", "prime", "continued fraction", "shift/add", "sequential",
             "random", "pointers /4096", "stride 2^12"]:
    assert want in names, want
for c in o["checks"]:
    assert c["status"] in ("PASS", "WARN", "FAIL", "INFO"), c
# strides 2^12 .. 2^23 collapse (FACTS.md: for keys with 12 trailing zero
# bits the 32-bit product is (0x70001 x mod 2^20) << 12)
st = {c["name"]: c["status"] for c in o["checks"]}
assert st["stride 2^12"] == "FAIL", st["stride 2^12"]
# recompute cells of sequential and stride families by brute force
def cell(s, b, K):
    m = 1 << b
    loads = [0] * m
    for k in range(K):
        key = (k << s) % (1 << n)
        loads[((key * p) % (1 << n)) >> (n - b)] += 1
    E = K / m
    chi2 = sum((c - E) ** 2 / E for c in loads)
    R = sum(c * (c + 1) / 2 for c in loads) / ((K * (1 - 1 / m) + K * K / m + K) / 2)
    return chi2, R, max(loads)
checked = 0
for fam in o["battery"]:
    if fam["name"] == "sequential":
        s = 0
    elif fam["name"].startswith("stride 2^"):
        s = int(fam["name"][9:])
    else:
        continue
    for c in fam["cells"]:
        if c["keys"] > 20000 or (s % 5 and c["table_bits"] % 3):
            continue
        chi2, R, mx = cell(s, c["table_bits"], c["keys"])
        assert c["max_load"] == mx, (fam["name"], c, mx)
        assert abs(c["probe_ratio"] - R) <= 1e-9 * R, (fam["name"], c, R)
        assert abs(c["chi2"] - chi2) <= 1e-6 * max(1, chi2), (fam["name"], c, chi2)
        checked += 1
assert checked > 50, checked
# a family's mean R is the geometric mean of its cells' R
import math
for fam, chk in zip(o["battery"], o["checks"][4:]):
    if not fam["cells"]:
        continue
    g = math.exp(sum(math.log(c["probe_ratio"]) for c in fam["cells"]) / len(fam["cells"]))
    assert abs(chk["mean_probe_ratio"] - g) < 1e-9 * g, (fam["name"], g)
    assert (chk["status"] == "FAIL") == (g >= 2), (fam["name"], g, chk["status"])
print("cells checked:", checked)
PYEOF
then ok "JSON structure and cells agree with brute force"; else bad "JSON against brute force"; fi

# The report names the effective multiplier of FACTS.md: 0x70001 on 20 bits.
./cfx verify 0x9e370001 >"$tmp/report.txt"
if grep -q 'p mod 2^20 = 0x70001 on 20 bits' "$tmp/report.txt"; then
	ok "stride 2^12 explained by p mod 2^20 = 0x70001"
else bad "explanation of stride 2^12"; fi
if head -1 "$tmp/report.txt" | grep -Eq '^cfx: 0x9e370001 \(32-bit\): FAIL, [0-9]+ of [0-9]+ checks$'; then
	ok "summary line first"; else bad "summary line: $(head -1 "$tmp/report.txt")"; fi
if awk 'length > 72 { bad = 1 } END { exit bad }' "$tmp/report.txt"; then
	ok "report fits 72 columns"; else bad "report wider than 72 columns"; fi
if grep -q 'Keys sharing bucket' "$tmp/report.txt"; then ok "colliding keys shown"
else bad "no colliding keys"; fi

# --against: both constants' results side by side
./cfx verify 0x9e370001 --against 0x61C88647 --json >"$tmp/ag.json"
if $py -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "fail" and o["against"]["verdict"] == "pass"
assert len(o["checks"]) == len(o["against"]["checks"])
' "$tmp/ag.json"; then ok "--against"; else bad "--against"; fi

# --emit patch compiles as kernel-style C and multiplies correctly
for c in 0x61C88647 0x61C8864680B583EB; do
	./cfx verify "$c" --emit patch >"$tmp/patch.h"
	bits=$(grep -o 'HASH_MULT_[0-9]*' "$tmp/patch.h" | head -1 | cut -d_ -f3)
	cat >"$tmp/t.c" <<CEOF
#include <stdint.h>
#include <stdio.h>
typedef uint8_t u8; typedef uint16_t u16; typedef uint32_t u32; typedef uint64_t u64;
#include "patch.h"
int main(void)
{
	uint64_t x = 88172645463325252u, bad = 0;
	for (int i = 0; i < 1000000; i++) {
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		u$bits y = (u$bits)x;
		bad += hash_mult_${bits}_shift_add(y) != (u$bits)(y * HASH_MULT_$bits);
	}
	return bad != 0;
}
CEOF
	if cc -std=c11 -O2 -Wall -Wextra -Werror -I"$tmp" -o "$tmp/t" "$tmp/t.c" && "$tmp/t" &&
	   grep -q 'continued fraction' "$tmp/patch.h"; then
		ok "--emit patch for $c compiles and multiplies"
	else bad "--emit patch for $c"; fi
done

# bad input: status 2, one line on stderr, nothing on stdout
for args in "0" "2^64" "5 --table-bits 30" "5 --table-bits x" "5 --emit c" "5 --against 0x1g"; do
	./cfx verify $args >"$tmp/o" 2>"$tmp/e"; st=$?
	if [ $st = 2 ] && [ ! -s "$tmp/o" ] && [ "$(wc -l <"$tmp/e")" = 1 ]; then
		ok "bad input: verify $args"
	else bad "bad input: verify $args: status $st, $(cat "$tmp/e")"; fi
done

echo "verify: $pass passed, $fail failed"
[ $fail = 0 ]
