#!/bin/bash
# The whole test suite (make check): unit tests, golden CLI/REPL tests,
# oracle tests against PARI/GP and brute force, compiled-code tests and
# dashboard tests under tmux.  Ends with "N passed, N failed".
#
# The suite cannot shrink unseen: every suite present is run whatever its
# file mode (scripts through bash), the number run must equal the number
# present (a unit test that was not built is a failure), and a suite whose
# last line says it passed nothing ("0 passed", "Tested: 0") fails.
# Suites: build/tests/test_* from tests/unit/test_*.c, tests/cli/*.t, and
# tests/AREA/*.sh except tests/lib/ and helpers named lib*.sh.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
export NO_COLOR=1
pass=0 fail=0 failed=""

step() {   # step NAME COMMAND...: run one suite, count it
	local name=$1; shift
	local start=$SECONDS log last
	log=$(mktemp)
	"$@" >"$log" 2>&1
	local rc=$?
	last=$(tail -n 1 "$log")
	if [ $rc = 0 ] && printf '%s\n' "$last" | grep -Eq '(^|[^0-9])0 passed|Tested: 0 '; then
		rc=1; echo "      (the suite ran no case: $last)" >>"$log"
	fi
	if [ $rc = 0 ]; then
		pass=$((pass + 1))
		printf 'ok    %-34s %3ds  %s\n' "$name" $((SECONDS - start)) "$last"
	else
		fail=$((fail + 1))
		failed="$failed $name"
		printf 'FAIL  %-34s %3ds\n' "$name" $((SECONDS - start))
		sed 's/^/      /' "$log" | tail -n 60
	fi
	rm -f "$log"
}

suites=()
for c in tests/unit/test_*.c; do
	[ -e "$c" ] && suites+=("unit:$c")
done
for f in tests/cli/*.t; do
	[ -e "$f" ] && suites+=("golden:$f")
done
for s in tests/*/*.sh; do
	case $s in tests/lib/*|*/lib*.sh) continue ;; esac
	suites+=("script:$s")
done

for s in "${suites[@]}"; do
	kind=${s%%:*} f=${s#*:}
	case $kind in
	unit) b=build/tests/$(basename "$f" .c)
	      if [ -x "$b" ]; then step "unit/$(basename "$b")" "$b" --jobs=2
	      else step "unit/$(basename "$b")" sh -c "echo 'not built: $b'; exit 1"; fi ;;
	golden) step "golden/$(basename "$f")" tests/golden.sh "$f" ;;
	script) step "${f#tests/}" bash "$f" ;;
	esac
done

echo
if [ $((pass + fail)) != ${#suites[@]} ]; then
	echo "ran $((pass + fail)) suites of ${#suites[@]} present"
	fail=$((fail + 1)) failed="$failed (count)"
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ] || { echo "failed:$failed"; exit 1; }
