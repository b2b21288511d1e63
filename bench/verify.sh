#!/bin/bash
# make bench, part: cfx verify.
#  * wall time of the command (median of 3) against the targets of issue
#    16: 64-bit under 2 s, 32-bit under 1 s on this 2-core machine;
#  * the battery alone on both cores, and the counting of its c k families
#    on one core beside the baseline measured in the same run (each table
#    counted on its own, keys in index order: how verify counted before);
#  * the share of fresh random odd multipliers that FAIL (VERIFY_RATE_N per
#    word size, default 200, seed 4242: not the calibration's seed), with
#    each FAIL listed so a reader can judge it; target at most 10%.
set -u
cd "$(dirname "$0")/.." || exit 2
. bench/lib.sh
mkdir -p build/bench
cc -std=c11 -O2 -D_GNU_SOURCE -Iinclude -Isrc -o build/bench/bench_verify \
	bench/bench_verify.c build/libcfx.a $(grep '^PKG_LIBS' build/config.mk | cut -d= -f2-) || exit 2
med() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
wall() {
	for i in 1 2 3; do
		s=$(date +%s.%N); ./cfx verify "$@" >/dev/null; e=$(date +%s.%N)
		awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f\n", e - s }'
	done | med
}
echo "verify ($(nproc) cores; load now $(cut -d' ' -f1 /proc/loadavg))"
check "cfx verify 0x61C8864680B583EB (64-bit), s" "$(wall 0x61C8864680B583EB)" "<=" 2
check "cfx verify 0x9e37fffffffc0001 (64-bit), s" "$(wall 0x9e37fffffffc0001)" "<=" 2
check "cfx verify 0x61C88647 (32-bit), s" "$(wall 0x61C88647)" "<=" 1
out=$(build/bench/bench_verify time) || exit 2
val() { awk -v k="$1" '$1 == k { print $2 }' <<<"$out"; }
printf '  battery alone, both cores: 64-bit %s s, 32-bit %s s\n' \
	"$(val battery_64)" "$(val battery_32)"
printf '  c k families, one core: %s s; baseline (per table, index order) %s s\n' \
	"$(val ck_ours_1thread_64)" "$(val ck_baseline_1thread_64)"
check "baseline time / ours (c k families, 64-bit)" \
	"$(awk -v a="$(val ck_baseline_1thread_64)" -v b="$(val ck_ours_1thread_64)" 'BEGIN { printf "%.2f", a / b }')" ">=" 1.3
n=${VERIFY_RATE_N:-200}
rate=$(build/bench/bench_verify rate "$n" 4242) || exit 2
grep '^#' <<<"$rate" | sed 's/^# /  FAIL /'
for w in 32 64; do
	check "share of $n fresh random odd $w-bit multipliers that FAIL" \
		"$(awk -v k="fail_rate_$w" '$1 == k { print $2 }' <<<"$rate")" "<=" 0.10
done
[ "$missed" = 0 ]
