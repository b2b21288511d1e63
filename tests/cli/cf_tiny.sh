#!/bin/bash
# cf's distance to 1/phi below the least double (about 2^-1074): x =
# P/2^N with P = floor(2^N/phi) for N of 1100 to 4096 bits.  The text
# gave "0 (exactly)" and the JSON 0.0 beside distance_bits 4097.3 (a
# double underflow; issue 22).  Now the text gives the decimal form and the
# power of two, and the JSON null with the bits.  Every figure is PARI/GP's
# (|x - 1/phi| at 20000 bits of precision), compared with what cfx prints;
# the mirror (1 - x close to 1/phi) likewise, and a distance above the
# largest double.
set -u
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

for n in 1100 2048 4096; do
	# P in hex, then log2 of the distance, and its decimal mantissa and
	# exponent, each by gp
	read -r hex bits man ex < <(gp -q -f <<GP
default(realprecision, 6100);
N = $n; P = floor(2^N * (sqrt(5) - 1) / 2);
d = abs(P / 2^N - (sqrt(5) - 1) / 2);
l = log(d) / log(10); e = floor(l);
print(Str("0x", strprintf("%x", P)), " ", strprintf("%.2f", -log(d) / log(2)), " ", strprintf("%.3g", 10^(l - e)), " ", e)
GP
)
	for which in direct mirror; do
		if [ $which = direct ]; then
			x=$hex
			want="|x-1/phi|  $man""e$ex = 2^-$bits"
		else
			# 1 - x = P/2^N: the mirror's distance is the same one
			x="2^$n - $hex"
			want="of 1 - x: $man""e$ex = 2^-$bits"
		fi
		out=$(./cfx cf --bits "$n" "$x" 2>&1)
		if grep -qF -- "$want" <<<"$out"; then
			ok "$n bits, $which: '$want'"
		else
			bad "$n bits, $which: wanted '$want'; got '$(grep 'phi|' <<<"$out")'"
		fi
		j=$(./cfx --json cf --bits "$n" "$x" 2>&1)
		if python3 -c '
import json, sys
d = json.load(sys.stdin)
k = "distance" if sys.argv[1] == "mirror" else "distance_to_phi_inverse"
k = "mirror_distance" if sys.argv[1] == "mirror" else k
b = d[k.replace("distance_to_phi_inverse", "distance") + "_bits"]
sys.exit(not (d[k] is None and abs(b - float(sys.argv[2])) < 0.006))
' "$which" "$bits" <<<"$j"; then
			ok "$n bits, $which: JSON distance null, bits $bits"
		else
			bad "$n bits, $which: JSON $(grep dist <<<"$j" | tr -d '\n')"
		fi
	done
done
# and above the largest double: x = 3^300000 / 7^150000 (|x - 1/phi| about
# 2^54385; the text said "inf")
read -r bits man ex < <(gp -q -f <<'GP'
default(realprecision, 40);
x = 3^300000 / 7^150000; d = abs(x - (sqrt(5) - 1) / 2);
l = log(d) / log(10); e = floor(l);
print(strprintf("%.2f", log(d) / log(2)), " ", strprintf("%.3g", 10^(l - e)), " ", e)
GP
)
want="|x-1/phi|  $man""e+$ex = 2^$bits"
out=$(./cfx cf '3^300000/7^150000' 2>&1)
if grep -qF -- "$want" <<<"$out"; then ok "huge x: '$want'"
else bad "huge x: wanted '$want'; got '$(grep 'phi|' <<<"$out")'"; fi
echo "cf_tiny: $pass passed, $fail failed"
[ "$fail" = 0 ]
