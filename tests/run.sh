#!/bin/bash
# The whole test suite (make check): unit tests, golden CLI/REPL tests,
# oracle tests against PARI/GP and brute force, compiled-code tests and
# dashboard tests under tmux.  Ends with "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
export NO_COLOR=1
pass=0 fail=0 failed=""

step() {   # step NAME COMMAND...: run one suite, count it
	local name=$1; shift
	local start=$SECONDS log
	log=$(mktemp)
	if "$@" >"$log" 2>&1; then
		pass=$((pass + 1))
		printf 'ok    %-34s %3ds  %s\n' "$name" $((SECONDS - start)) "$(tail -n 1 "$log")"
	else
		fail=$((fail + 1))
		failed="$failed $name"
		printf 'FAIL  %-34s %3ds\n' "$name" $((SECONDS - start))
		sed 's/^/      /' "$log" | tail -n 60
	fi
	rm -f "$log"
}

for t in build/tests/*; do
	[ -x "$t" ] && step "unit/$(basename "$t")" "$t" --jobs=2
done
for f in tests/cli/*.t; do
	[ -f "$f" ] && step "golden/$(basename "$f")" tests/golden.sh "$f"
done
for s in tests/build/*.sh tests/oracle/*.sh tests/emit/*.sh tests/repl/*.sh tests/verify/*.sh tests/stats/*.sh tests/dash/*.sh tests/lessons/*.sh; do
	[ -x "$s" ] && step "${s#tests/}" "$s"
done

echo
echo "$pass passed, $fail failed"
[ "$fail" = 0 ] || { echo "failed:$failed"; exit 1; }
