#!/bin/bash
# :verify on the dashboard runs the verify command on the dashboard's own
# constant (the session's), and its report shows in the output pane; the
# verify strip fills in on the worker thread, and a bare :verify reads it.
. "$(dirname "$0")/../lib/tmux.sh"

tm_start 120 40 ./cfx dash 0x9e370001
check "dashboard up on the seed constant" tm_wait 'const 0x9e370001'
tm_type ':verify --table-bits 4-12'; tm_keys Enter
check ":verify judges the current constant: FAIL, a verdict (status 1)" \
	tm_wait ':verify --table-bits 4-12 ran: verdict FAIL \(exit 1, not an error\)' 30
check "its report is in the output pane" tm_wait 'stride 2\^[0-9]+ .*FAIL: R [0-9.e+]+ at 2\^[0-9]+ x[0-9]'
for i in $(seq 60); do tm_keys PPage; done
check "the report's summary line, scrolled back" \
	tm_wait 'cfx: 0x9e370001 \(32-bit\): FAIL, [0-9]+ of [0-9]+ checks'
tm_type ':set const 0x61C88647'; tm_keys Enter
check ":set const moves the dashboard" tm_wait 'const 0x61C88647'
tm_type ':verify --table-bits 4-12'; tm_keys Enter
check "and :verify follows it: PASS (status 0)" tm_wait ':verify --table-bits 4-12 done' 30
# the verify strip: the worker judges the families one by one, and a
# bare :verify reads it at once (no wait, no frozen screen)
tm_keys o     # hide the output pane: the strip is under the sweep
check "the verify strip fills in and says PASS" tm_wait 'verify .*PASS' 240
# the strip compiles nothing, and says so where cfx verify compiles the
# shift/add code (issue 26: it judged without the compiler check, silently)
check "    and that its shift/add code was not compiled" \
	tm_wait 'verify .*PASS, not compiled' 10
tm_type ':verify'; tm_keys Enter
check "a bare :verify prints the strip's verdict" \
	tm_wait 'verify 0x61c88647 \(32-bit\): PASS, 0 FAIL' 10
check "    and says the code was checked by the evaluator, not compiled" \
	tm_wait "0 WARN; the shift/add code checked by cfx's evaluator, not" 10
tm_type ':set const 0x9e370001'; tm_keys Enter
tm_keys o
check "the strip follows the constant: FAIL" tm_wait 'verify .*FAIL [0-9]+ \(:verify\)' 240
tm_type ':verify'; tm_keys Enter
check "and :verify names a failing family with its reason" \
	tm_wait 'stride 2\^[0-9]+ FAIL: R [0-9.e+]+ at 2\^' 10
# its counts are the report's (it said 9 WARN where verify --json says
# warned 10: the field layouts were predicted, not counted)
counts=$(./cfx verify --json 0x9e370001 | python3 -c '
import json, sys
j = json.load(sys.stdin)
print(j["failed"], j["warned"])')
check "    with verify --json's counts ($counts: FAIL, WARN)" \
	tm_wait "verify 0x9e370001 \(32-bit\): FAIL, ${counts% *} FAIL, ${counts#* } WARN" 10
tm_keys q
check "q exits 0" test "$(tm_exited)" = 0

# below 8 bits verify does not judge (cfx verify --bits 6 is refused):
# neither does the strip nor a bare :verify
tm_start 120 40 ./cfx dash 5 --bits 6
check "a 6-bit dashboard" tm_wait '= 0x05 = 5 +n = 6'
check "the strip says verify takes 8 bits or more" \
	tm_wait 'verify judges words of 8 bits or more \(w\)' 30
tm_type ':verify'; tm_keys Enter
check "and so does a bare :verify" \
	tm_wait 'verify: a 6-bit word has too few keys to judge' 10
# (the bucket panel's own verdict names its JSON word, "PASS" in JSON:
# not verify's)
check "    no verdict is printed" tm_gone 'verify [^(]*\([0-9]+-bit\): (PASS|FAIL)|(PASS|FAIL) [0-9]+ \(:verify\)' 2
tm_keys q
check "q exits 0" test "$(tm_exited)" = 0

# F6: on a small word the lines of a PASS can be notes (0x61c9 on 16
# bits: "stride 9 PASS"); a bare :verify said "0 FAIL, 0 WARN (the 1
# below, worst first)" and "1 lines above, worst first"
tm_start 80 24 ./cfx dash 0x61c9 --bits 16
check "a 16-bit dashboard at 80x24" tm_wait 'const 0x61c9' 20
check "its strip says PASS" tm_wait 'verify .*PASS' 120
tm_type ':verify'; tm_keys Enter
check "a bare :verify: the note is a note, not a fault" \
	tm_wait '0 FAIL, 0 WARN \(1 note below, not a fault\)' 10
tm_keys NPage; tm_keys NPage   # the pane opens at its first line
check "    and the last line says so too" \
	tm_wait '1 note above, no FAIL or WARN among them' 10
check "    no 'worst first' for a PASS" tm_gone 'worst first' 2
tm_keys q
check "q exits 0" test "$(tm_exited)" = 0
tm_summary
