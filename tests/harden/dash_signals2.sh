#!/bin/bash
# The dashboard and the rest of the signals that end cfx (issue 22):
# SIGXFSZ, SIGUSR1, SIGUSR2 and SIGALRM restored the terminal's modes but
# left the alternate screen drawn and the cursor hidden; now they leave
# the screen as TERM and HUP do, idle or while a ':' command runs.  And
# Ctrl-C while :verify runs in the background stops it (it quit the
# dashboard, status 0); the dashboard goes on, q then quits.
set -u
. "$(dirname "$0")/lib_dash.sh"
slow_cc "$TM_DIR/slowcc" 4324
for sig in XFSZ USR1 USR2 ALRM; do
	want=$((128 + $(kill -l $sig)))
	tm_start 100 40 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG= ./cfx
	tm_wait 'Continued fraction' 15 >/dev/null
	kill -$sig "$(cfx_pid)"
	st=$(tm_exited 10)
	expect "SIG$sig idle: status $want (got $st)" '[ "$st" = $want ]'
	expect "SIG$sig idle: the terminal's modes restored" modes_back
	expect "SIG$sig idle: the screen left" '! tm_screen | grep -q "Continued fraction"'
done
# a ':' command running (bench, its compiler hanging)
tm_start 100 40 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG= CC="$TM_DIR/slowcc" TMPDIR="$T" ./cfx
tm_wait 'Continued fraction' 15 >/dev/null
tm_type ':bench --runs 2000'; tm_keys Enter
for i in $(seq 100); do pgrep -f "^sleep 4324" >/dev/null && break; sleep 0.1; done
kill -USR1 "$(cfx_pid)"
st=$(tm_exited 10)
expect "SIGUSR1 during :bench: status 138 (got $st)" '[ "$st" = 138 ]'
expect "SIGUSR1 during :bench: the compiler killed" "gone 4324"
expect "SIGUSR1 during :bench: no temporary files ($(ls "$T"))" '[ -z "$(ls -A "$T")" ]'
expect "SIGUSR1 during :bench: the screen left" '! tm_screen | grep -q "Continued fraction"'
expect "SIGUSR1 during :bench: keypad transmit mode off (issue 22: left on)" \
	'[ "$(tm display -p -t t "#{keypad_flag}")" = 0 ]'

# Ctrl-C while :verify runs in the background (its compiler hanging)
tm_start 100 40 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG= CC="$TM_DIR/slowcc" TMPDIR="$T" ./cfx dash 0x61C88647
tm_wait 'Continued fraction' 15 >/dev/null
tm_type ':verify --full'; tm_keys Enter
for i in $(seq 100); do pgrep -f "^sleep 4324" >/dev/null && break; sleep 0.1; done
expect ":verify --full: its compiler runs" 'pgrep -f "^sleep 4324" >/dev/null'
tm_keys C-c
expect "Ctrl-C during :verify: interrupted, said" "tm_wait 'interrupted' 20 >/dev/null"
expect "Ctrl-C during :verify: the dashboard goes on" \
	'[ -n "$(cfx_pid)" ] && tm_screen | grep -q "Continued fraction"'
expect "Ctrl-C during :verify: the compiler stopped" "gone 4324"
tm_keys q
st=$(tm_exited 10)
expect "then q: status 0 (got $st)" '[ "$st" = 0 ]'
expect "then q: no temporary files ($(ls "$T"))" '[ -z "$(ls -A "$T")" ]'
echo "harden/dash_signals2: $pass passed, $fail failed"
[ $fail = 0 ]
