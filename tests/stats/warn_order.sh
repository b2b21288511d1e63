#!/bin/bash
# A warning on stderr follows the report it is about when both streams
# go to one file or pipe (issue 25, h25f: stdout was not flushed first,
# so on a file the warnings came out above the whole report).  cfx stats
# with a sample too small to prove its difference warns; the combined
# output must be the report (stdout alone) followed by the warnings
# (stderr alone), on a file and through a pipe.  bench's report shares
# the code (sreport_warn).
set -u
cd "$(dirname "$0")/../.." || exit 2
[ -x ./cfx ] || { echo "warn_order.sh: ./cfx not built (make cfx)"; exit 2; }
pass=0 fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

a=tests/stats/ties_a.txt b=tests/stats/ties_b.txt
./cfx stats "$a" "$b" >"$tmp/out" 2>/dev/null
./cfx stats "$a" "$b" 2>"$tmp/err" >/dev/null
[ -s "$tmp/out" ] && grep -q 'warning:' "$tmp/err" && ok ||
	bad "the samples no longer give a report and a warning: $(cat "$tmp/err")"
cat "$tmp/out" "$tmp/err" >"$tmp/want"
./cfx stats "$a" "$b" >"$tmp/file" 2>&1
cmp -s "$tmp/file" "$tmp/want" && ok ||
	bad "on a file: the warnings are not after the report: $(grep -n warning: "$tmp/file" | head -2)"
./cfx stats "$a" "$b" 2>&1 | cat >"$tmp/pipe"
cmp -s "$tmp/pipe" "$tmp/want" && ok ||
	bad "through a pipe: the warnings are not after the report: $(grep -n warning: "$tmp/pipe" | head -2)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
