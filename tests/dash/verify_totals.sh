#!/bin/bash
# The dashboard's verify totals are cfx verify's: the strip counts the
# battery through the one driver (verify_run_battery) and reads the
# totals verify_judge counted, so a bare :verify says as many FAILs and
# WARNs as `cfx verify --json` ("failed", "warned") for the same
# constant.  Constants with WARNs and FAILs of every source: families,
# the field-offset check, the joint rule's neighbourhood (19 WARNs), a
# 32-bit PASS with WARNs.  (The strip used to recount the totals itself,
# over the families it had judged.)
. "$(dirname "$0")/../lib/tmux.sh"

for c in 0x6a09e667 0x9e3fc007ff800fff 0x8080202004040101; do
	counts=$(./cfx verify --json $c | python3 -c '
import json, sys
j = json.load(sys.stdin)
print(j["failed"], j["warned"], j["bits"], "0x%x" % int(j["hex"], 16))')
	set -- $counts
	fail=$1 warn=$2 bits=$3 hex=$4
	[ "$fail" -gt 0 ] && word=FAIL || word=PASS
	tm_start 120 40 ./cfx dash $c
	check "$c: dashboard up" tm_wait "const $c" 20
	check "$c: the strip is done" tm_wait 'verify .*(PASS|FAIL)' 300
	tm_type ':verify'; tm_keys Enter
	check "$c: :verify says cfx verify's totals ($fail FAIL, $warn WARN)" \
		tm_wait "verify $hex \($bits-bit\): $word, $fail FAIL, $warn WARN" 10
	tm_keys q
	check "$c: q exits 0" test "$(tm_exited)" = 0
done
tm_summary
