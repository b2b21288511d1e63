#!/bin/bash
# The dashboard's worker (dash_work.c) stops when asked, at every phase:
# q while it makes keys, sweeps, or counts and judges the verify strip's
# battery exits 0 (under make check SANITIZE=1 that also means nothing it
# held is reported lost: the worker is joined and its buffers freed; a
# judge that ran on past the 2 s join used to be detached and its 1.4 MB
# reported by LeakSanitizer, dash/verify_bg.sh's "q while it runs").
# A judge stopped by a new constant is judged again when the constant
# comes back: the strip's totals are still cfx verify's.
. "$(dirname "$0")/lib.bash"

A=0x9e3fc007ff800fff          # 64 bits: the strip counts its 89 families
B=0x6a09e667
read -r fail warn bits hex < <(./cfx verify --json $A | python3 -c '
import json, sys
j = json.load(sys.stdin)
print(j["failed"], j["warned"], j["bits"], "0x%x" % int(j["hex"], 16))')
[ "$fail" -gt 0 ] && word=FAIL || word=PASS

# the strip's progress "N/M families" as "N M", or nothing
strip_at() {
	tm_screen | sed -nE 's/.*verify [^0-9]* ([0-9]+)\/([0-9]+) families.*/\1 \2/p' | head -1
}

# wait until the strip shows M - 1 of M families counted, or is done
wait_last() {
	local i
	for i in $(seq 1200); do
		set -- $(strip_at)
		[ $# = 2 ] && [ "$1" -ge $(($2 - 1)) ] && return
		tm_screen | grep -Eq 'verify .*(PASS|FAIL)' && return
		sleep 0.1
	done
}

# q_exits WHEN: q, and the dashboard exits 0
q_exits() {
	local st
	tm_keys q
	st=$(tm_exited 30)
	check "q $1 exits 0 (status $st)" test "$st" = 0
}

# q at once (keys and score), and q while the strip counts the battery
dash_start 120 40 dash $A
check "up" tm_wait "const $A" 20
q_exits "as it starts"

dash_start 120 40 dash $A
check "up again" tm_wait "const $A" 20
check "the strip counts the battery" tm_wait 'verify .* [0-9]+/[0-9]+ families' 120
q_exits "while the strip counts"

# q while the whole battery is judged (N = M - 1 shown: the judge of all
# M, the stride map and field layouts with it, runs next)
dash_start 120 40 dash $A
check "up once more" tm_wait "const $A" 20
check "the strip counts once more" tm_wait 'verify .* [0-9]+/[0-9]+ families' 120
wait_last
q_exits "while the battery is judged"

# a new constant while the last family is judged (N = M - 1 shown: the
# judge of all M runs next), then the first again: the judge is redone
dash_start 120 40 dash $A
check "up a third time" tm_wait "const $A" 20
check "the strip counts" tm_wait 'verify .* [0-9]+/[0-9]+ families' 120
wait_last
tm_keys e C-u; tm_type "$B"; tm_keys Enter
check "another constant meanwhile" tm_wait "const $B" 10
tm_keys e C-u; tm_type "$A"; tm_keys Enter
check "back to the first" tm_wait "const $A" 10
check "its strip is done" tm_wait 'verify .*(PASS|FAIL)' 300
tm_type ':verify'; tm_keys Enter
check "still cfx verify's totals ($fail FAIL, $warn WARN)" \
	tm_wait "verify $hex \($bits-bit\): $word, $fail FAIL, $warn WARN" 10
q_exits "when idle"
tm_summary
