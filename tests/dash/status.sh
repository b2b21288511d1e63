#!/bin/bash
# How a `:` command ended, on the status line at 80x24, in words: exit
# status 1 is the command's verdict (verify FAILs the constant, review
# finds an ERROR or WARNING), not a failure of the command, so it says
# "ran" and what was found, never "failed"; status 2 is an error and says
# so.  The status expected of each command is the command line's own
# exit status for the same words (run here first), not the dashboard's.
# Both paths: `:verify` with options runs on its own thread (dash_bg.c),
# every other command in the loop (dash_cmd_run).
. "$(dirname "$0")/lib.bash"

# the exit status of cfx ARGS...
cli_status() { ./cfx "$@" >/dev/null 2>&1; echo $?; }
fix=tests/review/fixtures/even.patch

s_verify=$(cli_status verify --full 0x9e370001)
s_review=$(cli_status review "$fix")
s_cf=$(cli_status cf 1/0)
s_pass=$(cli_status verify --full 0x61C88647)
check "cfx verify --full 0x9e370001 exits 1 (its FAIL)" test "$s_verify" = 1
check "cfx review of $fix exits 1 (an ERROR or WARNING)" test "$s_review" = 1
check "cfx cf 1/0 exits 2 (an error)" test "$s_cf" = 2
check "cfx verify --full 0x61C88647 exits 0 (PASS)" test "$s_pass" = 0

dash_start 80 24 dash 0x9e370001
check "dashboard up at 80x24" tm_wait 'const 0x9e370001' || { tm_summary; exit 1; }

# the thread's path: a FAIL is a verdict
tm_type ':verify --full'; tm_keys Enter
check ":verify --full (exit $s_verify): ran, verdict FAIL, not an error" \
	tm_wait '^ *:verify --full ran: verdict FAIL \(exit 1, not an error\); o hides' 90
check "    and not 'failed'" tm_gone ':verify --full failed' 1
# the loop's path: review's findings are a verdict too
tm_keys o
tm_type ":review $fix"; tm_keys Enter
# (wider than the status line: it shows the first words, the pane all;
# the pane is open, so it says "in the pane", not "o: the rest": o
# would hide it)
check ":review (exit $s_review): ran, ERROR or WARNING found" \
	tm_wait "^ *:review $(req "$fix") ran: ERROR or WARNING… \(in the pane\)" 30
check "    the whole line in the pane: not an error" \
	tm_wait "^ *:review $(req "$fix") ran: ERROR or WARNING found \(exit 1,\$" 5
check "    (its end)" tm_wait '^ +not an error\); o hides the output$' 5
# an error is a failure, and says it is one
tm_keys o
tm_type ':cf 1/0'; tm_keys Enter
# (the reason on the status line is the command line's own, cfx: cf:
# stripped; the status line ends it early, the pane has it whole)
why=$(./cfx cf 1/0 2>&1 | sed 's/^cfx: cf: //')
check ":cf 1/0 (exit $s_cf): failed, and why: $why" \
	tm_wait "^ *:cf 1/0 failed: $(req "${why:0:30}")" 10
check "    its message in the pane, naming the divisor" \
	tm_wait 'division by zero: the divisor is 0 \(0\)' 5
# and a PASS is done
tm_keys o
tm_type ':verify --full 0x61C88647'; tm_keys Enter
check ":verify --full 0x61C88647 (exit $s_pass): done" \
	tm_wait '^ *:verify --full 0x61C88647 done; o hides the output' 90
tm_type 'q'
tm_exited >/dev/null
tm_summary
