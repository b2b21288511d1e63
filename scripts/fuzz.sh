#!/bin/bash
# make fuzz: run each libFuzzer harness for SECONDS from its seed corpus.
# usage: scripts/fuzz.sh SECONDS NAME...   (harnesses in build/fuzz/)
# New inputs go to build/fuzz/NAME/, a crash to build/fuzz/crash-* (turn it
# into a regression test: a golden case, or a seed in tests/fuzz/NAME/).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
secs=$1; shift
# FUZZ_RUNS=N: N inputs from seed 1, so that a run (CI's) repeats exactly
# what was run before it; SECONDS still bounds each harness (the REPL's
# inputs are slow under the sanitizers: a loaded machine could otherwise
# take many times the usual time)
if [ -n "${FUZZ_RUNS:-}" ]; then
	limit="-runs=$FUZZ_RUNS -seed=1 -max_total_time=$secs"
else
	limit="-max_total_time=$secs"
fi
pass=0 fail=0
for name in "$@"; do
	mkdir -p "build/fuzz/$name"
	log=build/fuzz/$name.log
	# shellcheck disable=SC2086
	if build/fuzz/fuzz_"$name" $limit -timeout=30 \
		-rss_limit_mb=3072 -max_len=4096 -print_final_stats=1 \
		-artifact_prefix=build/fuzz/ "build/fuzz/$name" "tests/fuzz/$name" \
		>"$log" 2>&1; then
		pass=$((pass + 1))
		echo "ok   $name: $(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$') runs"
	else
		fail=$((fail + 1))
		echo "FAIL $name (build/fuzz/$name.log):"
		grep -E 'ERROR|SUMMARY|artifact|Test unit written' "$log" | head -8 | sed 's/^/    /'
	fi
done
echo "fuzz: $pass passed, $fail failed"
[ "$fail" = 0 ]
