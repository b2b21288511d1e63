#!/bin/bash
# make bench, part: cfx search (issue 13).  Wall times on this machine,
# median of 3 (absolute limits: the machine is shared, so the bare
# enumeration with --screen none is shown beside each as a gauge).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
. bench/lib.sh
med() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
wall() {   # wall ARGS...: median of 3 runs of cfx search ARGS, seconds
	for i in 1 2 3; do
		s=$(date +%s.%N); ./cfx search "$@" >/dev/null; e=$(date +%s.%N)
		awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f\n", e - s }'
	done | med
}
field() {  # field KEY ARGS...: a number from cfx search --json
	local key=$1; shift
	./cfx search "$@" --json | python3 -c \
		"import json,sys; print(json.load(sys.stdin)['$key'])"
}
mkdir -p build/bench
cc -std=c11 -O2 -D_GNU_SOURCE -Iinclude -Isrc -o build/bench/bench_search \
	bench/bench_search.c build/libcfx.a \
	$(grep '^PKG_LIBS' build/config.mk | cut -d= -f2-) || exit 2

echo "search: K = 7 signed digits near 1/phi, default window 2^-8, primes,"
echo "quick screen; median of 3 ($(nproc) cores)"
for n in 32 64; do
	printf '  %2d bits: %s forms enumerated, %s primes in the window;' "$n" \
		"$(field enumerated --bits $n --prime --screen none)" \
		"$(field found --bits $n --prime --screen none)"
	printf ' enumeration alone %s s\n' "$(wall --bits $n --prime --screen none)"
done
check "absolute: cfx search --bits 32 --prime (s)" "$(wall --bits 32 --prime)" "<=" 1
check "absolute: cfx search --bits 64 --prime (s)" "$(wall --bits 64 --prime)" "<=" 5
out=$(build/bench/bench_search) || exit 2
printf '  quick screen of 1000 random odd 64-bit multipliers: %s failed\n' \
	"$(awk '$1 == "screen_failed" { print $2 }' <<<"$out")"
printf '  (%s of them by the stride prediction alone)\n' \
	"$(awk '$1 == "screen_predicted" { print $2 }' <<<"$out")"
printf '  (processor time of both cores together: %s s; the wall time below\n' \
	"$(awk '$1 == "screen_1000_64_cpu" { print $2 }' <<<"$out")"
printf '   grows with whatever else runs on the machine)\n'
check "absolute: quick screen of 1000 at 64 bits (s)" \
	"$(awk '$1 == "screen_1000_64" { print $2 }' <<<"$out")" "<=" 10
[ $missed = 0 ]
