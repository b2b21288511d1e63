#!/bin/bash
# cfx search stops on Ctrl-C (SIGINT) and prints what it found so far:
# exit status 1, one line on stderr, the report on stdout (the header, and
# the best candidates enumerated before the signal, unscreened).  The
# search asked for takes several seconds (6 million forms); the signal
# comes after half a second.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
out=$tmp/out err=$tmp/err
./cfx search --bits 64 --terms 9 --window 12 --prime >"$out" 2>"$err" &
pid=$!
sigint_caught "$pid"
sleep 0.5
kill -INT "$pid"
wait "$pid"; rc=$?
expect "exit status 1 after SIGINT (got $rc)" '[ "$rc" = 1 ]'
expect "one line on stderr" '[ "$(cat "$err")" = "cfx: search: interrupted; the results so far" ]'
expect "the report's header on stdout" 'head -1 "$out" | grep -q "^search 64-bit, at most 9 signed digits"'
expect "forms enumerated before the signal" 'sed -n 2,4p "$out" | grep -Eq "^enumerated [0-9]+ forms"'
expect "text: the quick screen not claimed when it did not run" '! grep -q "screen quick: [1-9]" "$out" || grep -Eq "(PASS|WARN|FAIL) " "$out"'
# JSON says so too
./cfx search --bits 64 --terms 9 --window 12 --prime --json >"$out" 2>"$err" &
pid=$!
sigint_caught "$pid"
sleep 0.5
kill -INT "$pid"
wait "$pid"; rc=$?
expect "JSON: exit status 1" '[ "$rc" = 1 ]'
expect "JSON: interrupted is true" 'python3 -c "import json,sys; sys.exit(not json.load(open(\"$out\"))[\"interrupted\"])"'
# stopped while enumerating, nothing went through the screen: the report
# must not claim the quick screen (it once said "screen quick: 28 kept")
expect "JSON: no screen claimed for unscreened candidates" 'python3 -c "
import json, sys
d = json.load(open(\"$out\"))
unscreened = all(c[\"screen\"] == \"-\" for c in d[\"candidates\"])
sys.exit(unscreened and d[\"screen\"] != \"none\")"'
# by adders (4 adders on 22 bits: several seconds of graphs): what was
# met so far, its adders no longer claimed fewest
./cfx search --bits 22 --adders 4 --window 2 --screen none --json >"$out" 2>"$err" &
pid=$!
sigint_caught "$pid"
sleep 0.5
kill -INT "$pid"
wait "$pid"; rc=$?
expect "adders: exit status 1 (got $rc)" '[ "$rc" = 1 ]'
expect "adders: interrupted, candidates kept, none claimed exact" 'python3 -c "
import json, sys
d = json.load(open(\"$out\"))
sys.exit(not (d[\"interrupted\"] and d[\"candidates\"] and
              not any(c[\"adders_exact\"] or c[\"depth_least\"] for c in d[\"candidates\"])))"'
# stopped while screening (the 32-bit window enumerates in well under a
# second, its full screen of 600 candidates takes minutes): "kept" counts
# only what the screen passed, the rest are said to be unscreened, and the
# front shows no depth that was never computed (it said "depth 0")
./cfx search --bits 32 --terms 7 --prime --screen full --top 200 >"$out" 2>"$err" &
pid=$!
# a background job of a script starts with SIGINT ignored until cfx sets
# its handler: wait for the handler (SigCgt bit 2), so the signal is not
# lost on a loaded machine (the search would then run for minutes)
for _ in $(seq 200); do
	cgt=$(awk '/^SigCgt/ { print $2 }' /proc/"$pid"/status 2>/dev/null)
	[ -n "$cgt" ] && [ $(( 0x$cgt & 2 )) != 0 ] && break
	sleep 0.1
done
sleep 2
kill -INT "$pid"
wait "$pid"; rc=$?
expect "screening: exit status 1 (got $rc)" '[ "$rc" = 1 ]'
kept=$(sed -n 's/.*screen [a-z]*: \([0-9]*\) kept.*/\1/p' "$out")
passed=$(grep -Ec '^ *[0-9]+ +0x[0-9a-f]+ .* (PASS|WARN) ' "$out")
expect "screening: kept ($kept) = rows that passed the screen ($passed)" '[ "$kept" = "$passed" ]'
expect "screening: no front entry with depth 0" '! grep -q "adders, depth 0 " "$out"'
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
