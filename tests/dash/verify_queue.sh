#!/bin/bash
# A :verify typed while another runs on its thread (dash_bg.c) is queued,
# not refused: the status line says "queued", it runs when the first
# ends, and a third typed meanwhile takes the queued one's place (and
# says whose).  Each report in the pane is held against what the command
# line prints for the same words (its first line, the verdict), and the
# one replaced never runs.  At 80x24, where the messages must fit.
. "$(dirname "$0")/lib.bash"

first='verify --bits 64 --against 0x9e3779b97f4a7c15 0x9e37fffffffc0001'
cli_first=$(./cfx $first | head -1)
cli_last=$(./cfx verify 0x61C88647 | head -1)
check "the CLI: the first FAILs, 0x61C88647 PASSes" \
	test "${cli_first#cfx: }" != "$cli_first" -a -n "$cli_last"

dash_start 80 24 dash 0x9e3779b1
check "dashboard up" tm_wait 'golden prefix' || { tm_summary; exit 1; }
tm_type ":$first"; tm_keys Enter
check "the first starts on its thread" tm_wait 'running :verify --bits 64 ' 5
tm_type ':verify 0x9e370001'; tm_keys Enter
check "a second while it runs: queued, not refused" \
	tm_wait '^  queued :verify 0x9e370001: it runs when the one running ends' 5
check "    (no 'one at a time')" tm_gone 'one at a time' 1
tm_type ':verify 0x61C88647'; tm_keys Enter
check "a third: it replaces the queued one, and says so" \
	tm_wait '^  queued :verify 0x61C88647 in place of :verify 0x9e370001$' 5
# the first ends, then the queued one runs and ends
check "when the first ends, the queued one runs" \
	tm_wait '(running the queued :verify 0x61C88647|:verify 0x61C88647 done)' 180
check "and ends: done (PASS, exit 0)" \
	tm_wait '^  :verify 0x61C88647 done; o hides the output' 120

# the pane from its top: every row of it, in order
for i in $(seq 60); do tm_keys PPage; done
pane=$TM_DIR/pane
: > "$pane"
for i in $(seq 40); do
	tm_screen | awk '/^─ Output of/ { on = 1; next } on && !/^e edit/' >> "$pane"
	tm_keys NPage; sleep 0.1
done
# (rows joined: a long line wraps, its rest indented)
joined=$(sed 's/^ *//' "$pane" | tr -s ' \n' '  ')
has() { [[ "$joined" == *"$1"* ]]; }
check "the first's report is in the pane (its verdict as the CLI's)" \
	has "${cli_first#cfx: }"
check "    and how it ended, under it: a verdict, not an error" \
	has ":$first ran: verdict FAIL (exit 1, not an error)"
check "the queued one's report: its verdict as the CLI's" \
	has "${cli_last#cfx: }"
if grep -q '^ *:verify 0x9e370001 *$' "$pane" || has '0x9e370001 (32-bit)'; then
	bad "the replaced :verify 0x9e370001 ran anyway"
else
	ok "the replaced :verify 0x9e370001 never ran"
fi
check "the panels follow the last one's constant" \
	tm_wait 'const 0x61C88647' 5
tm_type q
st=$(tm_exited 10)
check "q exits 0 (status $st)" test "$st" = 0

# quitting with one running and one queued: no wait for either
dash_start 80 24 dash 0x9e3779b1
tm_wait 'golden prefix' >/dev/null
tm_type ":$first"; tm_keys Enter
tm_wait 'running :verify' 5 >/dev/null
tm_type ':verify --full 0x9e370001'; tm_keys Enter
check "one queued" tm_wait 'queued :verify --full 0x9e370001' 5
tm_type q
st=$(tm_exited 10)
check "q with one running and one queued exits 0 at once (status $st)" \
	test "$st" = 0
tm_summary
