#!/bin/bash
# A folded row ("strides 2^1..2^60  PASS  ...") shows its worst member's
# rank, and that rank is of the member alone (F1 of the closing note):
# the row says "2^16 alone: R 7.34 ...; S% do better", and S is the share
# of random odd multipliers whose R on that member's keys is below the
# row's R.  Checked here against a brute force written for this test (C,
# no cfx code): 100 random odd 64-bit multipliers from a fixed seed
# (Python's random), each member's keys k*c counted at every cell (2^4..
# 2^20 buckets, 1, 2, 4 and 8 keys a bucket), the worst R, and the share
# below the row's; it must lie within 7 points of S (4 standard errors
# of a share near 98% over 100, plus the reference's own 1000 samples).
# Before this fix the row printed that member's share as the row's own:
# for 0x9e3779b97f4a7c15 "98.3% do better" of strides 2^1..2^60, where
# about 77% of random multipliers have a better worst over those strides.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
py=$(command -v python3) || { echo "folded: python3 not found; 0 passed, 1 failed"; exit 1; }
cc=${CC:-cc}

cat >"$tmp/worst.c" <<'CEOF'
/* worst R of the keys k*c (k < 2^23) under each multiplier read from
 * stdin (hex), n = 64: R = sum x(x+1)/2 over the loads of the first
 * K = L 2^b keys / its expectation for a random hash */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
static uint32_t loads[1 << 20];
int main(int argc, char **argv)
{
	uint64_t c = strtoull(argv[1], NULL, 0), p;
	while (scanf("%lx", &p) == 1) {
		double worst = 0;
		for (unsigned b = 4; b <= 20; b++) {
			uint64_t m = 1ull << b, k = 0;
			for (uint64_t i = 0; i < m; i++) loads[i] = 0;
			for (unsigned L = 1; L <= 8; L *= 2) {
				uint64_t K = L * m;
				double s = 0, e;
				for (; k < K; k++) loads[(k * c * p) >> (64 - b)]++;
				for (uint64_t i = 0; i < m; i++)
					s += loads[i] * (loads[i] + 1.0) / 2;
				e = (K * (1 - 1.0 / m) + (double)K * K / m + K) / 2;
				if (s / e > worst) worst = s / e;
			}
		}
		printf("%.9g\n", worst);
	}
	return 0;
}
CEOF
$cc -O2 -o "$tmp/worst" "$tmp/worst.c" || { echo "folded: cc failed; 0 passed, 1 failed"; exit 1; }
$py -c '
import random
r = random.Random(20261202)
for i in range(100): print(hex(r.getrandbits(64) | 1))' >"$tmp/mults"

p=0x9e3779b97f4a7c15
./cfx verify "$p" >"$tmp/out"
# check_row NAME: the row's member, its R and its share
check_row() {
	local name=$1 step line
	line=$(awk -v n="$name" 'index($0, n) == 1 { l = $0; getline nx;
		if (nx ~ /^      /) { sub(/^ +/, " ", nx); l = l nx } print l }' "$tmp/out")
	if [[ $line =~ \ ([0-9^]+)\ alone:\ R\ ([0-9.e+]+)\ at\ [^\;]*\;\ ([0-9.<>]+)%\ do\ better ]]; then
		ok "$name: names its member (${line:27})"
	else
		bad "$name: the rank names no member: '$line'"; return
	fi
	local m=${BASH_REMATCH[1]} r=${BASH_REMATCH[2]} said=${BASH_REMATCH[3]} got
	step=$(( ${m/^/**} ))
	got=$(echo "$p" | "$tmp/worst" "$step")
	expect "$name: the member's R $r is the brute force's ($got)" \
		'$py -c "import sys; sys.exit(abs($got - $r) > 0.005 * $r)"'
	got=$("$tmp/worst" "$step" <"$tmp/mults" | $py -c '
import sys
r, said = float(sys.argv[1]), float(sys.argv[2].lstrip("<>"))
v = [float(x) for x in sys.stdin]
share = 100 * sum(x < r * (1 - 1e-9) for x in v) / len(v)
print("%.1f" % share, "ok" if abs(share - said) <= 7 else "far")' "$r" "$said")
	expect "$name: $said% do better, brute force over 100: ${got% *}%" \
		'[ "${got#* }" = ok ]'
}
check_row "strides 2^1..2^60"
check_row "strides 3..10^6"
done_suite folded
