#!/bin/bash
# make bench, part: the small-word shares verify quotes in its note
# (verify_small_share: how many odd multipliers of an n-bit word have a
# stride, byte or run at R >= 2), recounted over every odd multiplier for
# n = 8..VERIFY_SHARE_MAX (default 14, about 15 s; 16 takes minutes).
set -u
cd "$(dirname "$0")/.." || exit 2
. bench/lib.sh
bench_cc bench_small_share || exit 2
echo "verify's small-word shares, recounted"
rows=0
while read -r n have table; do
	check "$n bits: odd multipliers with a stride at R >= 2" "$have" "==" "$table"
	rows=$((rows + 1))
done < <(build/bench/bench_small_share 8 "${VERIFY_SHARE_MAX:-14}")
check "word sizes recounted" "$rows" ">=" 1
exit "$missed"
