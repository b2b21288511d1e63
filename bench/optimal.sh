#!/bin/bash
# make bench, part: the fewest-adder search (cfx shifts --optimal, mcm.h).
# Counts are exact figures; times are CPU time of the search itself
# (bench/bench_mcm.c), and the 64-bit command is timed whole, beside the
# NAF command measured in the same run.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
. "$(dirname "$0")/lib.sh"
bench_cc bench_mcm || exit 2
# 20 bits takes a minute or two of CPU: every constant the patterns miss
# goes through the complete five-adder test
out=$(build/bench/bench_mcm 16 19 20) || { echo "  bench_mcm failed"; exit 1; }
val() { awk -v k="$1" '$1 == k { print $2 }' <<<"$out"; }

# median wall time (ms) of a command run 5 times
wall() {
	local i t0 t1
	for i in 1 2 3 4 5; do
		t0=$(date +%s%N)
		"$@" >/dev/null 2>&1
		t1=$(date +%s%N)
		echo $(( (t1 - t0) / 1000000 ))
	done | sort -n | sed -n 3p
}

echo "shifts --optimal: fewest adders (exact to 19 bits, heuristic beyond)"
echo "  exact tables: odd constants of exactly n bits (top bit set), the"
echo "  population of the published tables (Gustafsson et al. 2006)"
# every count must be proved: a witness graph bounds it from above, the
# exhaustive search from below; a constant left open fails the bench
check "16 bits: constants left unproved" "$(val table16_open)" "==" 0
printf '  16 bits: sum of counts %s over %s constants\n' \
	"$(val table16_sum)" "$(val table16_count)"
check "16 bits: average adders (published 3.9644)" "$(val table16_avg)" "==" 3.9644
check "16 bits: most adders (published 5)" "$(val table16_max)" "==" 5
check "16 bits: first constant needing 3 (published 43)" "$(val table16_first3)" "==" 43
check "16 bits: first constant needing 4 (published 683)" "$(val table16_first4)" "==" 683
check "16 bits: first constant needing 5 (published 14709)" "$(val table16_first5)" "==" 14709
check "16 bits: table computed in (CPU s)" "$(val table16_seconds)" "<=" 10
check "19 bits: constants left unproved" "$(val table19_open)" "==" 0
check "19 bits: most adders (published 5)" "$(val table19_max)" "==" 5
# 19 bits: we get 591623/131072 = 4.5137, published 4.52.  Not a
# rounding: every count has a witness graph (so 4.5137 is an upper
# bound), right shifts (which cfx does not allow) could only lower a
# published figure, and the bound on intermediate values changes nothing
# (2^19, 2^20 and 2^21 give the same average).  The same method matches
# the 16-bit table to four places, so the published 4.52 presumably
# rests on another population or an older, less complete search; we
# hold our figure to the published one's last digit, +-0.01.
printf '  19 bits: sum of counts %s over %s constants = %s (published 4.52)\n' \
	"$(val table19_sum)" "$(val table19_count)" "$(val table19_avg)"
check "19 bits: average adders, at least 4.52 - 0.01" "$(val table19_avg)" ">=" 4.51
check "19 bits: average adders, at most 4.52 + 0.01" "$(val table19_avg)" "<=" 4.53
printf '  19 bits: table computed in %s CPU s\n' "$(val table19_seconds)"
echo "  20 bits (FACTS.md: every constant needs at most 5 but 699829, which needs 6)"
check "20 bits: constants proven to need more than 5" "$(val table20_open)" "==" 1
check "20 bits: and it is 699829" "$(val table20_first_open)" "==" 699829
printf '  20 bits: average %s adders, computed in %s CPU s\n' \
	"$(val table20_avg)" "$(val table20_seconds)"
echo "  one solver: cfx shifts --optimal (mcm_solve) against the 19-bit table,"
echo "  on the audit's misses and 2000 random odd 19-bit constants"
check "301683 on 19 bits (audit: 6 found, 5 exist)" "$(awk '$1 == "audit_301683" { print $2 }' <<<"$out")" "==" 5
check "435413 on 19 bits (audit: 6 found, 5 exist)" "$(awk '$1 == "audit_435413" { print $2 }' <<<"$out")" "==" 5
check "more adders than the table" "$(val onesolver_worse)" "==" 0
check "counts not proven minimal" "$(val onesolver_unproven)" "==" 0
check "slowest constant (CPU ms)" "$(val onesolver_max_ms)" "<=" 2000
echo "  lower bounds shifts --optimal proves (every graph of four tried)"
check "0x61C88647: at least (4 was printed)" "$(val golden32_lb)" ">=" 5
check "0x9E3779B9: at least" "$(val golden32_neg_lb)" ">=" 5
check "0x61C8864680B583EB: at least" "$(val golden64_lb)" ">=" 5
check "  that search at 64 bits (CPU ms)" "$(val golden64_prove_ms)" "<=" 2000
echo "  named constants (mod 2^n), adders against the NAF's"
check "0x61C88647 adders" "$(val golden32_adders)" "<=" 6
check "0x9E3779B9 adders" "$(val golden32_neg_adders)" "<=" 6
check "0x61C8864680B583EB adders (NAF $(val golden64_naf))" "$(val golden64_adders)" "<=" 15
printf '  0x9e37fffffffc0001 (seed, 64-bit): %s adders, NAF %s\n' \
	"$(val seed64_adders)" "$(val seed64_naf)"
echo "  1000 random odd 32-bit constants (splitmix64 seed 2002), mod 2^32"
printf '  NAF adders: %s mod 2^32, %s as integers\n' "$(val random32_naf_mod)" "$(val random32_naf_int)"
check "average adders" "$(val random32_avg)" "<=" 8.0
check "constants worse than their NAF" "$(val random32_worse_than_naf)" "<=" 0
check "slowest constant (CPU ms)" "$(val random32_max_ms)" "<=" 50
printf '  mean %s CPU ms per constant\n' "$(val random32_mean_ms)"
echo "  200 of them on each of x86-64, arm64, rv32i, m68k (two searches each:"
echo "  the plain one and the target's, the better kept)"
check "with more adders than without a target" "$(val random32_target_worse_than_generic)" "==" 0
check "slowest on a target (CPU ms, twice the plain limit)" "$(val random32_target_max_ms)" "<=" 100
echo "  100 random odd 64-bit constants, generic and each target"
check "slowest search (CPU ms)" "$(val random64_max_ms)" "<=" 1000
printf '  mean %s CPU ms per search\n' "$(val random64_mean_ms)"
echo "  the NAF's common sub-expressions (mcm_cse.c) in shifts --optimal, with"
echo "  and without, same run, by pairs (each constant by one, then the other;"
echo "  processor time): the median ratio of the pairs, 10th-90th percentile"
for w in 32 64; do
	printf '  %s bits: %s ms a constant with, %s without (p10-p90 of the ratio %s-%s);\n' \
		"$w" "$(val cse${w}_ms)" "$(val cse${w}_old_ms)" \
		"$(val cse${w}_ratio_p10)" "$(val cse${w}_ratio_p90)"
	printf '    adders %s with, %s without\n' "$(val cse${w}_adders)" \
		"$(val cse${w}_old_adders)"
	check "$w bits: time with / without (median of pairs)" "$(val cse${w}_ratio)" "<=" 1.5
done
printf '  %s constants of random graphs of five adders mod 2^64: adders %s with, %s without\n' \
	"$(val cse64_graphs_count)" "$(val cse64_graphs_adders)" "$(val cse64_graphs_old_adders)"
check "  more than 5 with (without: $(val cse64_graphs_old_missed))" "$(val cse64_graphs_missed)" "<=" 4
naf=$(wall ./cfx shifts 0x61C8864680B583EB)
opt=$(wall ./cfx shifts --optimal 0x61C8864680B583EB)
printf '  cfx shifts 0x61C8864680B583EB: NAF %s ms, --optimal %s ms (wall, median of 5)\n' "$naf" "$opt"
check "cfx shifts --optimal, 64-bit constant (wall ms; issue 25: < 2 s)" "$opt" "<=" 2000
# a second figure that no load moves: instructions executed (callgrind)
if command -v valgrind >/dev/null; then
	ir() {
		valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 \
			>/dev/null | awk '/Collected/ { print $NF }'
	}
	irn=$(ir ./cfx shifts 0x61C8864680B583EB)
	iro=$(ir ./cfx shifts --optimal 0x61C8864680B583EB)
	irt=$(ir ./cfx shifts --optimal --target arm64 0x61C8864680B583EB)
	printf '  instructions (callgrind): NAF %s, --optimal %s, --target arm64 %s\n' \
		"$irn" "$iro" "$irt"
fi
[ "$missed" = 0 ]
