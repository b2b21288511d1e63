#!/bin/bash
# The verify strip says no verdict before the battery's last family
# (issue 21: a pre-final PASS that flipped to FAIL would mislead): at
# 80x24, every state of the strip's row read while the battery runs is
# "waiting", or "k/N families" with no PASS, FAIL or WARN word, and the
# first verdict it shows is the last: cfx verify's (the CLI's --json
# "verdict" and "failed", not the dashboard's).  Constants whose FAILs
# are families counted late in the battery (strides 2^s at every table,
# a byte, the joint rule) and a 64-bit PASS, so the strip runs long
# enough to be read more than once.  Every state is read as it comes:
# the loop stops on the verdict, bounded by a count of reads, no sleep
# decides anything.
. "$(dirname "$0")/lib.bash"

# the verify row as drawn (its text after "verify ")
row() { tm_screen | grep -oE '(^|│) verify .*' | head -1 | sed 's/^│//'; }

for c in 0x9e370001 0x9e3779b97f4a7c15 0x9e3fc007ff800fff; do
	set -- $(./cfx verify --json $c | python3 -c '
import json, sys
j = json.load(sys.stdin)
print(j["verdict"], j["failed"], j["bits"])')
	want=$1 nfail=$2 bits=$3
	[ "$want" = FAIL ] && final="FAIL $nfail \(:verify\)" || final='PASS'
	dash_start 80 24 dash $c
	check "$c: dashboard up" tm_wait "verify " 20
	seen=0 early=0 first=
	for ((i = 0; i < 20000; i++)); do
		r=$(row)
		if grep -Eq "verify [^ ]+ (PASS|FAIL)" <<<"$r"; then
			first=$r
			break
		fi
		if grep -Eq 'families' <<<"$r"; then
			seen=$((seen + 1))
		fi
		# a verdict word anywhere before the end is the fault
		grep -Eq '\b(PASS|FAIL|WARN)\b' <<<"$r" && early=$((early + 1)) &&
			echo "    early: $r"
	done
	check "$c: no verdict word before the last family ($seen reads of k/N families)" \
		test "$early" = 0
	check "$c: the first verdict is cfx verify's $want ($first)" \
		eval 'grep -Eq "verify [^ ]+ $final" <<<"$first"'
	check "$c: and it stays" tm_wait "verify [^ ]+ $final" 5
	tm_type q; tm_exited >/dev/null
done
tm_summary
