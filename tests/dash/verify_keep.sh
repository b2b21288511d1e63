#!/bin/bash
# The verify strip judges p on n bits at verify's own tables and keys
# (verify_job reads par->p and par->bits alone), so the keys that change
# the score's table or key count (< > ( )) leave it as it is.  Issue 26:
# they restarted it (the sweep's reset wiped it: a blank verdict, then
# "N/53 families" again).  And the header of 1 says "odd", not "odd,
# composite" (1 is neither; cfx naf 1 says odd).
. "$(dirname "$0")/../lib/tmux.sh"

# the strip's verdict for 0x9e370001, from cfx verify --json (python)
nfail=$(./cfx verify --json 0x9e370001 | python3 -c '
import json, sys; print(json.load(sys.stdin)["failed"])')

tm_start 120 40 ./cfx dash 0x9e370001
check "the verify strip is done: FAIL $nfail" \
	tm_wait "verify .*FAIL $nfail \(:verify\)" 240
for key in '<' ')' '>' '('; do
	tm_keys "$key"
	bad=0
	for i in $(seq 30); do     # 1.5 s of screens: the verdict on each
		tm_screen | grep -Eq "verify .*FAIL $nfail \(:verify\)" || {
			bad=1; tm_screen | grep -E '^ *verify|families'; break; }
		sleep 0.05
	done
	check "after $key the strip keeps its verdict (no restart)" test $bad = 0
done
tm_keys q
check "q exits 0" test "$(tm_exited)" = 0

tm_start 80 24 ./cfx dash 1
check "the header of 1: odd (neither prime nor composite)" \
	tm_wait '= 0x00000001 = 1 +n = 32 \(auto\) +odd *$' 10
check "    not composite" tm_gone 'composite' 1
tm_keys q
check "q exits 0" test "$(tm_exited)" = 0
tm_summary
