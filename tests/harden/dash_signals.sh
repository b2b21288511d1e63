#!/bin/bash
# The dashboard and the REPL on SIGTERM and SIGHUP (issue 22, finding 6:
# `:bench --runs 2000`, then closing the terminal, left an orphan at 48%
# CPU for 80 s).  While a ':' command runs, the dashboard now leaves the
# screen, restores the terminal's modes, removes its temporary files,
# kills the compiler and exits 128 + signal; idle, it does the same by
# its main loop.  The REPL at its prompt likewise.
set -u
. "$(dirname "$0")/lib_dash.sh"
slow_cc "$TM_DIR/slowcc" 4323

for sig in TERM HUP; do
	want=$((128 + $(kill -l $sig)))
	# a ':' command running: bench, its compiler hanging
	tm_start 100 40 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG= CC="$TM_DIR/slowcc" TMPDIR="$T" ./cfx
	tm_wait 'Continued fraction' 15 >/dev/null
	tm_type ':bench --runs 2000'; tm_keys Enter
	for i in $(seq 100); do pgrep -f "^sleep 4323" >/dev/null && break; sleep 0.1; done
	pid=$(cfx_pid)
	expect "SIG$sig during :bench: the compiler ran, cfx found" '[ -n "$pid" ] && pgrep -f "^sleep 4323" >/dev/null'
	kill -$sig $pid
	st=$(tm_exited 10)
	expect "SIG$sig during :bench: status $want (got $st)" '[ "$st" = $want ]'
	expect "SIG$sig during :bench: the compiler killed" 'gone 4323'
	expect "SIG$sig during :bench: no temporary files ($(ls "$T"))" '[ -z "$(ls -A "$T")" ]'
	expect "SIG$sig during :bench: the terminal's modes restored" modes_back
	expect "SIG$sig during :bench: the screen left" '! tm_screen | grep -q "Continued fraction"'

	# idle
	tm_start 100 40 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG= ./cfx
	tm_wait 'Continued fraction' 15 >/dev/null
	kill -$sig "$(cfx_pid)"
	st=$(tm_exited 10)
	expect "SIG$sig idle: status $want (got $st)" '[ "$st" = $want ]'
	expect "SIG$sig idle: the terminal's modes restored" modes_back

	# the REPL at its prompt (readline changed the modes)
	tm_start 100 40 env LC_ALL=C.UTF-8 ./cfx repl
	tm_wait 'cfx>' 15 >/dev/null
	kill -$sig "$(cfx_pid)"
	st=$(tm_exited 10)
	expect "SIG$sig REPL: status $want (got $st)" '[ "$st" = $want ]'
	expect "SIG$sig REPL: the terminal's modes restored" modes_back
done
# finding 2 in the dashboard: :bench with CC=g++ (the object has no C
# symbols: a NULL function was called, SIGSEGV, the terminal left raw);
# now said in the output panel, the dashboard goes on, q leaves it as
# the shell had it, no temporary files left
if command -v g++ >/dev/null; then
	tm_start 100 40 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG= CC=g++ TMPDIR="$T" ./cfx
	tm_wait 'Continued fraction' 15 >/dev/null
	tm_type ':bench --runs 3'; tm_keys Enter
	expect ":bench with CC=g++: the missing function said" \
		"tm_wait 'has no function cfx_bench_0' 60 >/dev/null"
	expect ":bench with CC=g++: the dashboard goes on" \
		'[ -n "$(cfx_pid)" ] && tm_screen | grep -q "Continued fraction"'
	expect ":bench with CC=g++: no temporary files ($(ls "$T"))" '[ -z "$(ls -A "$T")" ]'
	tm_keys q
	st=$(tm_exited 10)
	expect ":bench with CC=g++, then q: status 0 (got $st)" '[ "$st" = 0 ]'
	expect ":bench with CC=g++, then q: the terminal's modes restored" modes_back
else
	echo "skip :bench with CC=g++: no g++ here"
fi

# Ctrl-C in the REPL stops an expression (four nextprimes of 2048 bits,
# over a second) and the prompt comes back; the session goes on
tm_start 100 40 env LC_ALL=C.UTF-8 ./cfx repl
tm_wait 'cfx>' 15 >/dev/null
tm_type 'naf nextprime(nextprime(nextprime(nextprime(2^2047))))'; tm_keys Enter
sleep 0.3
tm_keys C-c
expect "REPL Ctrl-C: interrupted" "tm_wait 'interrupted' 10 >/dev/null"
tm_type 'naf 5'; tm_keys Enter
expect "REPL Ctrl-C: the session goes on" "tm_wait 'NAF' 10 >/dev/null"
expect "REPL Ctrl-C: still running" '[ -n "$(cfx_pid)" ]'
echo "harden/dash_signals: $pass passed, $fail failed"
[ "$fail" = 0 ]
