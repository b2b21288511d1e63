# tests/build/lib.sh - what every tests/build suite begins with, and the
# score and search suites that check with expect (sourced,
# not run: tests/run.sh passes over lib*.sh).  Sets root (the repository),
# tmp (a directory removed at exit) and the counters that ok and bad keep;
# done_suite NAME prints the count line and returns the suite's status.
set -u
root=$(cd "$(dirname "${BASH_SOURCE[1]}")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
done_suite() {
	echo "$1: $pass passed, $fail failed"
	[ "$fail" = 0 ]
}
# expect NAME EXPR: ok when the shell expression EXPR (evaluated here, so
# $? is the last command's status) succeeds, bad otherwise.
expect() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }
