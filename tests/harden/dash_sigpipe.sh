#!/bin/bash
# The dashboard and SIGPIPE (issue 22: the path was untested).  cfx keeps a
# SIGPIPE its parent ignored ignored (a write then fails and is reported),
# and otherwise ends by it as by any fatal signal: status 141, after
# leaving the screen, restoring the terminal and removing its temporary
# files.  Both dispositions are set explicitly (env --default-signal /
# --ignore-signal), idle and while a ':' command (bench, its compiler
# hanging) runs.
set -u
. "$(dirname "$0")/lib_dash.sh"
slow_cc "$TM_DIR/slowcc" 4331
# whether PID ignores SIGPIPE (bit 13 of SigIgn), from the kernel
ignores_pipe() {
	local mask
	mask=$(awk '/^SigIgn:/ { print $2 }' "/proc/$1/status")
	(( (0x$mask >> 12) & 1 ))
}

# 1. SIGPIPE at its default: the dashboard ends by it, idle
tm_start 100 40 env --default-signal=PIPE LC_ALL=C.UTF-8 CFX_LATENCY_LOG= ./cfx
tm_wait 'Continued fraction' 15 >/dev/null
pid=$(cfx_pid)
expect "default: cfx does not ignore SIGPIPE" '! ignores_pipe "$pid"'
kill -PIPE "$pid"
st=$(tm_exited 10)
expect "default, idle: status 141 (got $st)" '[ "$st" = 141 ]'
expect "default, idle: the terminal's modes restored" modes_back
expect "default, idle: the screen left" '! tm_screen | grep -q "Continued fraction"'
expect "default, idle: keypad transmit mode off" \
	'[ "$(tm display -p -t t "#{keypad_flag}")" = 0 ]'

# 2. at its default, while :bench runs (its compiler hanging)
tm_start 100 40 env --default-signal=PIPE LC_ALL=C.UTF-8 CFX_LATENCY_LOG= CC="$TM_DIR/slowcc" TMPDIR="$T" ./cfx
tm_wait 'Continued fraction' 15 >/dev/null
tm_type ':bench --runs 2000'; tm_keys Enter
for i in $(seq 100); do pgrep -f "^sleep 4331" >/dev/null && break; sleep 0.1; done
expect "default, :bench: its compiler runs" 'pgrep -f "^sleep 4331" >/dev/null'
kill -PIPE "$(cfx_pid)"
st=$(tm_exited 10)
expect "default, :bench: status 141 (got $st)" '[ "$st" = 141 ]'
expect "default, :bench: the compiler killed" "gone 4331"
expect "default, :bench: no temporary files ($(ls "$T"))" '[ -z "$(ls -A "$T")" ]'
expect "default, :bench: the terminal's modes restored" modes_back
expect "default, :bench: the screen left" '! tm_screen | grep -q "Continued fraction"'

# 3. SIGPIPE ignored by the parent: it stays ignored and the dashboard goes
# on.  A key typed after the signal was sent is read after it was
# delivered, so once the key's effect is on screen the signal has been
# and gone.
tm_start 100 40 env --ignore-signal=PIPE LC_ALL=C.UTF-8 CFX_LATENCY_LOG= ./cfx dash 0x61C88647
tm_wait 'Continued fraction' 15 >/dev/null
pid=$(cfx_pid)
expect "ignored: cfx keeps SIGPIPE ignored" 'ignores_pipe "$pid"'
kill -PIPE "$pid"
tm_keys '?'
expect "ignored: the dashboard reads the next key (help shown)" \
	"tm_wait '─ Keys ─' 10 >/dev/null"
expect "ignored: the same process runs" '[ "$(cfx_pid)" = "$pid" ]'
tm_keys Escape; tm_keys q
st=$(tm_exited 10)
[ "$st" = 0 ] || { tm_keys q; st=$(tm_exited 10); }
expect "ignored: then q ends it, status 0 (got $st)" '[ "$st" = 0 ]'
expect "ignored: the terminal's modes restored" modes_back
pkill -f "^sleep 4331" 2>/dev/null   # this suite's own compiler fake, if a check failed
echo "harden/dash_sigpipe: $pass passed, $fail failed"
[ $fail = 0 ]
